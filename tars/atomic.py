"""Atomic, concurrent-safe file writes: notes, memory, and every state file tars keeps.

A write goes to a temporary file in the same folder and is renamed over the target, so a reader
never sees half a file. Read-modify-write updates (appends, memory edits) hold an exclusive
`fcntl.flock` on a lock file that is never replaced, so two tars processes cannot lose each
other's changes.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

__all__ = ["atomic_write", "locked", "update_file", "LOCK_NAME"]

LOCK_NAME = ".tars.lock"  # one per folder root: a dotfile that Obsidian and most tools hide


def atomic_write(path: Path, text: str) -> None:
    """Replace `path` with `text` in one step (temp file + fsync + os.replace)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        try:  # keep the mode of a file we replace; a new one gets the usual 0644, not mkstemp's 0600
            mode = os.stat(path).st_mode & 0o7777
        except OSError:
            mode = 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def locked(lock_path: Path) -> Iterator[None]:
    """Hold an exclusive advisory lock on `lock_path` (created if missing) for the block."""
    import fcntl

    lock_path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def update_file(path: Path, change: Callable[[str], str], *, lock_path: Path) -> str:
    """Read `path` ('' if missing), apply `change`, write the result atomically, all under the lock."""
    with locked(lock_path):
        try:
            old = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            old = ""
        new = change(old)
        if new != old:
            atomic_write(path, new)
        return new
