"""Background warm-up: load what the first answer needs while the user is still typing.

`tars chat` starts fast because nothing heavy is imported at start-up; this thread then builds
the primary provider (its SDK, or the embedded model), the renderer's modules and the remote's
SDK, in that order, so the first message does not pay for them. Failures are silent here: the
same error surfaces, properly reported, when the turn itself uses the part.
"""

from __future__ import annotations

import importlib
import threading
from typing import Any

__all__ = ["start_warmup", "RENDER_MODULES"]

RENDER_MODULES = ("rich.markdown", "rich.live", "rich.syntax", "markdown_it", "pygments.lexers.python",
                  "jsonschema")


def _warm(part: Any) -> None:
    warm = getattr(part, "warm_up", None)
    if callable(warm):
        try:
            warm()
        except Exception:  # reported by the turn that needs it, not by a background thread
            pass


def _run(session: Any) -> None:
    _warm(getattr(session, "primary", None))
    for name in RENDER_MODULES:
        try:
            importlib.import_module(name)
        except Exception:
            pass
    if getattr(session, "remote", None) is not None:
        _warm(session.remote)


def start_warmup(session: Any) -> threading.Thread:
    """Start warming up `session`'s providers and the renderer in a daemon thread."""
    thread = threading.Thread(target=_run, args=(session,), name="tars-warmup", daemon=True)
    thread.start()
    return thread
