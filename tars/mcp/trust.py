"""Trust for project `.mcp.json` files: a cloned folder must not run commands unasked.

A project's servers load only after the user reviewed that file and ran `tars mcp trust`. Trust is
pinned to the file's content (sha256), so a later change (a `git pull`) needs a new review.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from tars.atomic import atomic_write

__all__ = ["TRUST_FILE", "is_trusted", "trust", "fingerprint"]

TRUST_FILE = "trusted_mcp_projects.json"


def fingerprint(project_file: Path) -> str:
    return hashlib.sha256(project_file.read_bytes()).hexdigest()


def _load(user_dir: Path) -> dict[str, str]:
    try:
        data = json.loads((user_dir / TRUST_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def is_trusted(project_file: Path, user_dir: Path) -> bool:
    """True when this exact content of `project_file` was trusted by the user."""
    pinned = _load(user_dir).get(str(project_file.resolve()))
    return pinned is not None and pinned == fingerprint(project_file)


def trust(project_file: Path, user_dir: Path) -> None:
    """Record the current content of `project_file` as trusted (atomic write)."""
    entries = _load(user_dir)
    entries[str(project_file.resolve())] = fingerprint(project_file)
    atomic_write(user_dir / TRUST_FILE, json.dumps(entries, indent=2))
