"""Background warm-up: load what the first answer needs while the user is still typing.

`tars chat` starts fast because nothing heavy is imported at start-up; this thread then builds
the primary provider (its SDK, or the embedded model), the renderer's modules and the remote's
SDK, in that order, so the first message does not pay for them. Failures are silent here: the
same error surfaces, properly reported, when the turn itself uses the part.
"""

from __future__ import annotations

import importlib
import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tars.providers.base import Provider
    from tars.session import Session

__all__ = ["Warmup", "start_warmup", "RENDER_MODULES", "redirects_output"]

RENDER_MODULES = ("rich.markdown", "rich.live", "rich.syntax", "markdown_it", "pygments.lexers.python",
                  "jsonschema")


def redirects_output(provider: Provider) -> bool:
    """llama-cpp-python points the process's stdout and stderr at /dev/null while it loads a
    model, so nothing may be drawn meanwhile: the REPL waits for that load before its prompt."""
    return provider.provider == "llamacpp"


class Warmup:
    """The warm-up thread; `primary_ready` is set once the primary is loaded (or failed to)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.primary_ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="tars-warmup", daemon=True)

    def _run(self) -> None:
        try:
            _warm(self.session.primary)
        finally:
            self.primary_ready.set()
        for name in RENDER_MODULES:
            try:
                importlib.import_module(name)
            except Exception:
                pass
        if self.session.remote is not None:
            _warm(self.session.remote)


def _warm(part: Any) -> None:
    """Build a provider ahead of use; only lazy providers (`LazyProvider`) have `warm_up`."""
    warm = getattr(part, "warm_up", None)
    if callable(warm):
        try:
            warm()
        except Exception:  # reported by the turn that needs it, not by a background thread
            pass


def start_warmup(session: Session) -> Warmup:
    """Start warming up `session`'s providers and the renderer in a daemon thread."""
    warmup = Warmup(session)
    warmup.thread.start()
    return warmup
