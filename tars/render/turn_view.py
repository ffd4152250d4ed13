"""Show one turn's events as they happen: the answer streams, tool calls and notices as dim lines.

`tars chat` gives one console for both; `tars ask` sends the answer to stdout and the status
lines to stderr, so a pipe gets only the answer. When the answer console is not a terminal, an
escalated answer is held until its turn ends: a remote that fails midway then leaves nothing in
the pipe, which carries only the fallback model's answer (a status line says the part was dropped).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tars.events import (
    ModelStart,
    Notice,
    ReasoningDelta,
    Status,
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

_CLOSED = "\x00closed"  # marks the end of a held stretch (a tool line came between)


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
        self._hold = not answer.is_terminal  # a pipe or a file gets one coherent answer
        self._holding = False  # the current model's text is being held (an escalated round)
        self._held: list[str] = []  # held answer segments, one per stretch between tool lines

    # -- the waiting indicator ----------------------------------------------------------------
    def waiting(self, text: str = "thinking…") -> None:
        """A transient spinner until the first event arrives (terminals only)."""
        if self._wants_spinner and self._spinner is None:
            self._spinner = self.status.status(text, spinner="dots", spinner_style="dim")
            self._spinner.start()

    def _status(self, text: str) -> None:
        """Say what the model is busy with: the spinner's text on a terminal, a dim line on a dumb
        one, nothing in a pipe (a script reads the answer, not the progress)."""
        if self._spinner is not None:
            self._spinner.update(text)
        elif self._wants_spinner and self._stream is None:
            self.waiting(text)
        elif self.status.is_terminal and not self._wants_spinner:
            self._line(text, "dim")

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
            case TextDelta(text=text) if self._holding:
                self._stop_spinner()
                if not self._held or self._held[-1] is _CLOSED:
                    self._held.append("")
                self._held[-1] += text
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
            case Status(text=text):
                self._status(text)
            case ModelStart(escalated=escalated, fallback=fallback):
                if fallback and self._holding:
                    dropped, self._held, self._holding = "".join(self._held), [], False
                    if dropped.strip():
                        self._line("the remote's partial answer was not written to stdout", "yellow")
                elif self._hold and escalated:
                    self._holding = True
            case Usage() | Stop() | ReasoningDelta():
                pass  # the footer says which model answered and the usage

    def end(self, turn: Any | None) -> None:
        """Finish the answer and print the dim footer for `turn` (a `tars.turn.Turn`)."""
        self._end_answer()
        self._release()
        if turn is not None and self.footer:
            self._line(footer_line(turn), "dim")

    def abort(self) -> None:
        """Close whatever is open without a footer (an error ended the turn)."""
        self._end_answer()
        self._release()

    # -- helpers ----------------------------------------------------------------------------
    def _show_call(self, call_id: str, name: str, arguments: dict) -> None:
        if call_id in self._shown_calls:
            return
        self._shown_calls.add(call_id)
        self._line(call_line(name, arguments), "dim")

    def _release(self) -> None:
        """Write the held answer, each stretch as its own finished stream."""
        held, self._held, self._holding = self._held, [], False
        for segment in held:
            if segment is not _CLOSED and segment:
                stream = self.make_stream()
                stream.write(segment)
                stream.finish()

    def _end_answer(self) -> None:
        if self._held and self._held[-1] is not _CLOSED:
            self._held.append(_CLOSED)
        self._stop_spinner()
        stream, self._stream = self._stream, None
        if stream is not None:
            stream.finish()

    def _line(self, text: str, style: str) -> None:
        self.status.print(terminal_safe(mask_text(text)), style=style, markup=False, highlight=False,
                          soft_wrap=plain_terminal(self.status))
