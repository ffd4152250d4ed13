"""Stop MCP servers when tars is told to quit: at exit, and on SIGTERM and SIGHUP.

A stdio server runs in its own session (the SDK starts it so), so a signal to tars never reaches
it and a server that ignores end-of-input would outlive tars. The handlers stop every live
manager's servers (bounded), then let the signal do what it did before.
"""

from __future__ import annotations

import atexit
import os
import signal
import threading
import weakref
from types import FrameType
from typing import Any

__all__ = ["watch"]

_managers: weakref.WeakSet[Any] = weakref.WeakSet()
_installed = False
_lock = threading.Lock()


def watch(manager: Any) -> None:
    """Close `manager` at exit and on SIGTERM/SIGHUP (handlers are installed from the main thread only)."""
    global _installed
    with _lock:
        _managers.add(manager)
        first = not _installed
        _installed = True
    if not first:
        return
    atexit.register(_close_all)
    if threading.current_thread() is not threading.main_thread():
        return
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is None:
            continue
        previous = signal.getsignal(signum)
        if previous is signal.SIG_IGN:
            continue
        signal.signal(signum, _handler(previous))


def _close_all() -> None:
    for manager in list(_managers):
        try:
            manager.close(timeout=3.0)
        except Exception:  # noqa: BLE001 - quitting goes on
            pass


def _handler(previous: Any) -> Any:
    def handle(signum: int, frame: FrameType | None) -> None:
        _close_all()
        if callable(previous):
            previous(signum, frame)
            return
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)

    return handle
