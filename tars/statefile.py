"""State files that turn out unreadable or corrupt are moved aside, said once, and started afresh.

tars keeps small files of its own (the remote's cool-down, `sessions.db`, the MCP tool cache,
the search index, the chat history, the trust list, MCP OAuth logins). None of them may stop
tars: a broken one is renamed to `<name>.broken-<timestamp>` next to where it was (kept for a
look, never deleted), one line on stderr names it, and the caller goes on with a fresh file.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

__all__ = ["move_aside", "report"]


def _to_stderr(message: str) -> None:
    with contextlib.suppress(OSError, ValueError, AttributeError):
        print(f"tars: {message}", file=sys.stderr, flush=True)


# where the one line goes; a front end may point it elsewhere
report: Callable[[str], None] = _to_stderr


def move_aside(path: Path, why: str, *, companions: tuple[str, ...] = ()) -> Path | None:
    """Rename the broken `path` (and `path` + each suffix in `companions`, e.g. SQLite's `-wal`)
    out of the way and say so once. Returns where it went; None when it could not be moved
    (then it is left alone, and the caller still starts afresh in memory)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError as exc:
        report(f"{path} is unreadable ({why}) and could not be moved aside ({exc.strerror}); "
               "going on without it")
        return None
    for suffix in companions:
        with contextlib.suppress(OSError):
            os.replace(f"{path}{suffix}", f"{target}{suffix}")
    report(f"{path} was unreadable ({why}); moved aside to {target.name}, starting with a fresh one")
    return target
