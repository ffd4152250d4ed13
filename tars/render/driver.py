"""Driving one turn on the screen: stream a session's events into a TurnPrinter, stop cleanly on
Ctrl-C, and report how the turn ended. `tars ask` and `tars chat` both show turns through this."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tars.errors import TarsError
from tars.events import ModelStart, SessionEvent, TextDelta
from tars.render.terminal_echo import echo_off
from tars.render.turn_view import TurnPrinter

if TYPE_CHECKING:
    from tars.attachments import Attached
    from tars.session import Session, Turn

__all__ = ["drive_turn", "Outcome", "close_stream"]


@dataclass(kw_only=True)
class Outcome:
    """How a driven turn ended: the Turn (None if it never started), Ctrl-C, or a named failure."""

    turn: Turn | None
    interrupted: bool = False
    error: TarsError | None = None


def drive_turn(session: Session, text: str, printer: TurnPrinter, *, show_text: bool = True,
               attachment: str | Sequence[Attached] | None = None) -> Outcome:
    """Send `text` (about `attachment`, see `Session.send`) and show its events; with
    `show_text=False` the answer is left to the caller (`--json` prints it once, inside its
    object). The printer is left open for `printer.end`."""
    printer.lookup = lambda call_id: session.last_turn.call(call_id) if session.last_turn else None
    events = session.stream(text, attachment=attachment)
    interrupted, error = False, None
    mcp = getattr(session, "mcp", None)
    if mcp is not None:  # MCP progress as a status line; a server's question first closes the display
        mcp.show_on(printer.progress, printer.abort)
    with echo_off():  # a Ctrl-C echoed as ^C would shift the live region's redraw by a line
        try:
            printer.waiting()
            for event in events:
                if not show_text and isinstance(event, TextDelta):
                    continue
                printer.handle(event)
                if isinstance(event, ModelStart) and event.round > 1:
                    printer.waiting()  # the tools ran; the model is thinking again
        except KeyboardInterrupt:
            interrupted = True
        except TarsError as exc:
            error = exc
        finally:
            close_stream(events)
            printer.abort()
            if mcp is not None:
                mcp.show_on(None, None)
    return Outcome(turn=session.last_turn, interrupted=interrupted, error=error)


def close_stream(events: Generator[SessionEvent, None, None]) -> None:
    """Close a `Session.stream` generator after Ctrl-C: cancels the model request and keeps the
    partial answer. A second Ctrl-C during the clean-up must not skip it."""
    for _ in range(3):
        try:
            events.close()
            return
        except KeyboardInterrupt:
            continue
        except Exception:
            return
