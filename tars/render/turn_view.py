"""Show one turn's events as they happen: the answer streams, tool calls and notices as dim lines.

`tars chat` gives one console for both; `tars ask` sends the answer to stdout and the status
lines to stderr, so a pipe gets only the answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tars.events import (
    ModelStart,
    Notice,
    ReasoningDelta,
    Stop,
    TextDelta,
    ToolCall,
    ToolCallEvent,
    ToolResultEvent,
    Usage,
)
from tars.masking import mask_text
from tars.render.status import call_line, footer_line, result_line
from tars.render.stream import AnswerStream, answer_stream, plain_terminal
from tars.safe_text import terminal_safe

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["TurnPrinter"]


class TurnPrinter:
    """Feed it every event of `session.stream(...)`, then `end(turn)`."""

    def __init__(self, answer: Console, status: Console | None = None, *, footer: bool = True,
                 spinner: bool = True) -> None:
        self.answer = answer
        self.status = status or answer
        self.footer = footer
        self._stream: AnswerStream | None = None
        self._shown_calls: set[str] = set()
        self._spinner: Any = None
        self._wants_spinner = spinner and not plain_terminal(self.status)
        # finds a call by id for results whose call had no event (e.g. session.last_turn.all_calls)
        self.lookup: Callable[[str], ToolCall | None] | None = None
        self.make_stream: Callable[[], AnswerStream] = lambda: answer_stream(self.answer)

    # -- the waiting indicator ----------------------------------------------------------------
    def waiting(self, text: str = "thinking…") -> None:
        """A transient spinner until the first event arrives (terminals only)."""
        if self._wants_spinner and self._spinner is None:
            self._spinner = self.status.status(text, spinner="dots", spinner_style="dim")
            self._spinner.start()

    def progress(self, text: str) -> None:
        """A running tool's progress, shown in place as the transient status line (terminals only).
        May be called from another thread (MCP calls run on their own loop)."""
        if not self._wants_spinner:
            return
        text = terminal_safe(text)  # a server's message cannot act on the terminal
        spinner = self._spinner
        if spinner is None:
            self.waiting(text)
        else:
            spinner.update(text)

    def _stop_spinner(self) -> None:
        spinner, self._spinner = self._spinner, None
        if spinner is not None:
            spinner.stop()

    # -- events -----------------------------------------------------------------------------
    def handle(self, event: Any) -> None:
        match event:
            case TextDelta(text=text):
                self._stop_spinner()
                if self._stream is None:
                    self._stream = self.make_stream()
                self._stream.write(text)
            case ToolCallEvent(call=call):
                self._end_answer()
                self._show_call(call.id, call.name, call.arguments)
            case ToolResultEvent(result=result):
                self._end_answer()
                if result.call_id not in self._shown_calls:  # a call rescued from the model's text
                    made = self.lookup(result.call_id) if self.lookup else None
                    self._show_call(result.call_id, result.name, made.arguments if made else {})
                self._line(result_line(result), "red dim" if result.is_error else "dim")
            case Notice(text=text, level=level):
                self._end_answer()
                self._line(text, "yellow" if level == "warning" else "dim")
            case ModelStart() | Usage() | Stop() | ReasoningDelta():
                pass  # the footer says which model answered and the usage

    def end(self, turn: Any | None) -> None:
        """Finish the answer and print the dim footer for `turn` (a `tars.turn.Turn`)."""
        self._end_answer()
        if turn is not None and self.footer:
            self._line(footer_line(turn), "dim")

    def abort(self) -> None:
        """Close whatever is open without a footer (an error ended the turn)."""
        self._end_answer()

    # -- helpers ----------------------------------------------------------------------------
    def _show_call(self, call_id: str, name: str, arguments: dict) -> None:
        if call_id in self._shown_calls:
            return
        self._shown_calls.add(call_id)
        self._line(call_line(name, arguments), "dim")

    def _end_answer(self) -> None:
        self._stop_spinner()
        stream, self._stream = self._stream, None
        if stream is not None:
            stream.finish()

    def _line(self, text: str, style: str) -> None:
        self.status.print(terminal_safe(mask_text(text)), style=style, markup=False, highlight=False,
                          soft_wrap=plain_terminal(self.status))
