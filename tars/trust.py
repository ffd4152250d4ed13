"""Trust in a working folder's project files (`./.env`, `./.mcp.json`, the instruction files
`./TARS.md` and `./AGENTS.md`): one mechanism for all of them.

A cloned folder must not start processes, choose endpoints, relax a guard or point tars at other
files unasked. `tars trust` in the folder shows what its files would do and records the sha256 of
each file's content; a file is trusted only while its content matches, so a later change (a
`git pull`) needs a new review. The list lives privately (0600) in the user's data dir.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path

from tars.atomic import atomic_write
from tars.paths import data_dir
from tars.statefile import move_aside

__all__ = ["TRUST_FILE", "INSTRUCTION_FILES", "PROJECT_FILES", "TrustList", "fingerprint"]

TRUST_FILE = "trusted_folders.json"
# what a working folder may supply, each needing trust
INSTRUCTION_FILES = ("TARS.md", "AGENTS.md")  # a project's instruction files; the first one present is used
PROJECT_FILES = (".env", ".mcp.json", *INSTRUCTION_FILES)


def fingerprint(content: bytes) -> str:
    """The sha256 of a project file's content, as the caller read it once (what is checked is what is used)."""
    return hashlib.sha256(content).hexdigest()


class TrustList:
    """Trusted project files by absolute path, each pinned to the sha256 of its content."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_dir() / TRUST_FILE

    def is_trusted(self, project_file: Path, content: bytes) -> bool:
        """True when the user trusted `project_file` with exactly this `content` (as read from it)."""
        pinned = self._load().get(str(project_file.resolve()))
        return pinned is not None and pinned == fingerprint(content)

    def trust(self, reviewed: Mapping[Path, bytes]) -> None:
        """Record each file as trusted with the content the user reviewed (one private, atomic
        write): a file changed since then stays untrusted."""
        entries = self._load()
        for project_file, content in reviewed.items():
            entries[str(project_file.resolve())] = fingerprint(content)
        atomic_write(self.path, json.dumps({"version": 1, "files": entries}, indent=2))
        os.chmod(self.path, 0o600)

    def _load(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:  # unreadable trust is no trust: every project file is reviewed again
            move_aside(self.path, exc.strerror or "unreadable" if isinstance(exc, OSError) else "not JSON")
            return {}
        files = data.get("files") if isinstance(data, dict) else None
        if not isinstance(files, dict):
            move_aside(self.path, "not a trust list")
            return {}
        return {str(k): str(v) for k, v in files.items()}
