"""`tars trust` (also `tars mcp trust`): review what this folder's `.env`, `.mcp.json` and instruction
file (TARS.md, AGENTS.md) would do, then trust them.

Everything shown comes from the folder's files, so it is masked (secrets) and made terminal-safe.
Trust is pinned to each file's content (`tars.trust`): a changed file needs a new review.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import typer

__all__ = ["register", "trust_command", "review_lines"]


def register(app: typer.Typer) -> None:
    app.command("trust")(trust_command)


def trust_command(
    yes: bool = typer.Option(False, "--yes", "-y", help="trust without asking"),
) -> None:
    """Show what this folder's .env, .mcp.json and TARS.md/AGENTS.md would do, then trust their current content."""
    from tars.errors import UsageError
    from tars.safe_text import terminal_safe
    from tars.trust import PROJECT_FILES, TrustList

    cwd = Path.cwd()
    files = [cwd / name for name in PROJECT_FILES if (cwd / name).is_file()]
    if not files:
        raise UsageError(f"nothing to trust in {cwd}: no {' or '.join(PROJECT_FILES)}")
    reviewed = {path: _read(path) for path in files}  # what is shown is what is trusted
    for line in review_lines(reviewed):
        print(terminal_safe(line))
    if not yes:
        if sys.stdin is None or not sys.stdin.isatty():
            raise UsageError("cannot ask for confirmation here; review the files and pass --yes to trust them")
        answer = input("Use these files whenever tars starts in this folder? [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            raise typer.Exit(code=1)
        changed = [str(path) for path, content in reviewed.items() if _read(path, missing=b"") != content]
        if changed:  # trusting now would pin content nobody was shown
            raise UsageError(f"{', '.join(changed)} changed while you reviewed it; nothing trusted, "
                             "run `tars trust` again to review the new content")
    TrustList().trust(reviewed)
    print(terminal_safe(f"trusted {', '.join(str(f) for f in files)} "
                        "(a change to a file needs a new `tars trust`)"))


def _read(path: Path, missing: bytes | None = None) -> bytes:
    """A project file's bytes; one that cannot be read is a usage error (or `missing`, when given)."""
    from tars.errors import UsageError

    try:
        return path.read_bytes()
    except OSError as exc:
        if missing is not None:
            return missing
        raise UsageError(f"{path}: cannot read ({exc.strerror})") from exc


def review_lines(reviewed: dict[Path, bytes]) -> list[str]:
    """What each project file would do with this content, secrets masked."""
    lines: list[str] = []
    for path, content in reviewed.items():
        if path.name == ".env":
            lines.extend(_env_lines(path, content))
        elif path.name == ".mcp.json":
            lines.extend(_mcp_lines(path, content))
        else:
            lines.extend(_instruction_lines(path, content))
    return lines


def _instruction_lines(path: Path, content: bytes) -> list[str]:
    """An instruction file joins the system prompt: its size and opening lines, to read it whole."""
    text = content.decode("utf-8", errors="replace").strip()
    lines = [line for line in text.splitlines() if line.strip()]
    shown = [f"  {line[:100]}" for line in lines[:5]] + (["  ..."] if len(lines) > 5 else [])
    return [f"{path} joins the system prompt ({len(text):,} characters; read it whole before trusting):", *shown]


def _env_lines(path: Path, content: bytes) -> list[str]:
    from tars.config import SETTINGS, env_values
    from tars.masking import mask_setting, secret_name

    unread: list[str] = []  # a line it cannot read is no setting: shown as left out
    values = env_values(content, path, unread)
    by_name = {key: s for s in SETTINGS for key in (s.env, *s.aliases)}
    lines = [f"{path} sets:" if values else f"{path} sets nothing"]
    for key, value in values.items():
        setting = by_name.get(key)
        shown = mask_setting(setting.env if setting else key, value, secret=bool(setting and setting.secret)
                             or secret_name(key))
        mark = "  (needs trust: starts processes, chooses endpoints, relaxes a guard or points at files)" \
            if setting and setting.guards(value) else ("" if setting else "  (not a tars setting)")
        lines.append(f"  {key}={shown}{mark}")
        if setting is not None and setting.env == "TARS_MCP_SERVERS":
            import json

            try:
                lines.extend(_server_lines(json.loads(value), indent="    "))
            except ValueError:
                lines.append("    (not valid JSON)")
    lines += [f"  {where}: cannot read this line (no NAME=value), left out" for where in unread]
    return lines


def _mcp_lines(path: Path, content: bytes) -> list[str]:
    import json

    try:
        data = json.loads(content.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        return [f"{path}: cannot read ({exc}); no servers would start"]
    return [f"{path} starts:", *_server_lines(data, indent="  ")]


def _server_lines(data: Any, *, indent: str) -> list[str]:
    """Each entry as written (${VAR} unexpanded: those take values from your environment)."""
    from tars.masking import mask_servers, server_mapping

    data = server_mapping(mask_servers(data))[1]
    if not isinstance(data, dict) or not data:
        return [f"{indent}(no servers)"]
    lines = []
    for name, entry in data.items():
        if not isinstance(entry, dict):
            lines.append(f"{indent}{name}: (not a server entry)")
            continue
        off = " (disabled)" if entry.get("disabled") is True else ""
        if "url" in entry:
            kind = entry.get("type") or entry.get("transport") or "http"
            lines.append(f"{indent}{name}{off}: connects to {entry['url']} ({kind})")
        else:
            lines.append(f"{indent}{name}{off}: runs {entry.get('command', '(no command)')}")
            if entry.get("args"):
                lines.append(f"{indent}  args: {' '.join(str(a) for a in entry['args'])}")
        for key in ("env", "headers"):
            if isinstance(entry.get(key), dict) and entry[key]:
                lines.append(f"{indent}  {key}: " + ", ".join(f"{k}={v}" for k, v in entry[key].items()))
        if entry.get("cwd"):
            lines.append(f"{indent}  cwd: {entry['cwd']}")
        if entry.get("roots") is not None:  # the folders it may be shown
            lines.append(f"{indent}  roots: {', '.join(str(r) for r in entry['roots']) or '(none)'}")
        if entry.get("samplingModel"):  # the model that answers it (a file path loads that file)
            lines.append(f"{indent}  samplingModel: {entry['samplingModel']}")
    return lines
