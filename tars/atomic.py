"""Atomic, concurrent-safe file writes: notes, memory, and every state file tars keeps.

A write goes to a temporary file in the same folder and is renamed over the target, so a reader
never sees half a file. Read-modify-write updates (appends, memory edits) hold an exclusive
`fcntl.flock` on a lock file that is never replaced, so two tars processes cannot lose each
other's changes. A new file is private (0600: memory, notes, state are the user's alone); a
replaced file keeps its mode. A writer killed mid-write leaves its temporary file behind: the
next write in that folder removes temporary files of tars's naming whose writer is gone.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

__all__ = ["atomic_write", "decoded", "locked", "update_file", "sweep_stale", "LOCK_NAME"]

LOCK_NAME = ".tars.lock"  # one per folder root: a dotfile that Obsidian and most tools hide
# `.<name>.<pid>.<random>.tmp`, as atomic_write names them (older versions left out the pid)
_TEMP = re.compile(r"\.(?P<name>.+?)\.(?:(?P<pid>\d+)\.)?[a-z0-9_]{8}\.tmp")
_ORPHAN_AGE = 3600.0  # a temp file without a pid (or whose pid was reused) is stale after this


def atomic_write(path: Path, content: str | bytes) -> None:
    """Replace `path` with `content` (text as UTF-8, or bytes) in one step (temp file + fsync + os.replace)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    sweep_stale(path.parent)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(content.encode("utf-8") if isinstance(content, str) else content)
            fh.flush()
            os.fsync(fh.fileno())
        try:  # keep the mode of a file we replace; a new one stays private (mkstemp's 0600)
            mode = os.stat(path).st_mode & 0o7777
        except OSError:
            mode = 0o600
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def sweep_stale(folder: Path) -> int:
    """Remove temporary files of atomic_write's naming in `folder` whose writer is gone (its
    process no longer runs, or the file is older than an hour). Returns how many went."""
    removed = 0
    now = time.time()
    try:
        entries = [e for e in os.scandir(folder) if e.name.startswith(".") and e.name.endswith(".tmp")]
    except OSError:
        return 0
    for entry in entries:
        match = _TEMP.fullmatch(entry.name)
        if match is None:
            continue
        try:
            age = now - entry.stat(follow_symlinks=False).st_mtime
        except OSError:
            continue
        pid = match.group("pid")
        if age < _ORPHAN_AGE and (pid is None or int(pid) == os.getpid() or _running(int(pid))):
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
            removed += 1
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True  # someone else's process, or a number no process can have: leave it to age
    return True


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


def decoded(raw: bytes, fallback: str) -> str:
    """A file's bytes as UTF-8 text, or, when they are not UTF-8, as text in `fallback` (a user's
    file saved by an editor in another encoding)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode(fallback, errors="replace")


def update_file(path: Path, change: Callable[[str], str], *, lock_path: Path, fallback: str | None = None) -> str:
    """Read `path` ('' if missing), apply `change`, write the result atomically, all under the lock.
    Line ends reach `change` as they are in the file: a Windows-edited note keeps its CRLF. A file
    that is not UTF-8 raises UnicodeDecodeError, or with `fallback` is read in that encoding (and
    written back as UTF-8)."""
    with locked(lock_path):
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raw = b""
        old = raw.decode("utf-8") if fallback is None else decoded(raw, fallback)
        new = change(old)
        if new != old:
            atomic_write(path, new)
        return new
