"""Where streamed answer text goes: rendered markdown on a terminal, the exact text elsewhere.

`MarkdownStream` prints each finished block once (above a small live region) and re-renders
only the open tail, so a long answer costs time linear in its length; when the stream ends the
tail is printed like every other block, and the screen equals a whole-document render.
`PlainStream` writes the text exactly as the model wrote it: for pipes, files, `TERM=dumb`.
Text bound for a terminal (rendered, or plain on a terminal) has its control characters shown
visibly (`tars.safe_text`), and a markdown link shows its URL rather than becoming a terminal
hyperlink; only a pipe or a file gets the exact bytes.
"""

from __future__ import annotations

import os
import time
from typing import IO, TYPE_CHECKING, Any, Protocol

from tars.render.blocks import BlockSplitter, Piece
from tars.safe_text import is_terminal, terminal_safe

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.live import Live

__all__ = ["AnswerStream", "MarkdownStream", "PlainStream", "answer_stream", "chat_markdown", "plain_terminal"]

CODE_THEME = "monokai"
_CHARS_PER_LINE = 300  # the widest terminal line the live region is cut for


class AnswerStream(Protocol):
    def write(self, text: str) -> None: ...
    def finish(self) -> None: ...


def plain_terminal(console: Console) -> bool:
    """Whether markdown must not be rendered: not a terminal, or `TERM=dumb`/`unknown`."""
    return not console.is_terminal or console.is_dumb_terminal or os.environ.get("TERM") == "dumb"


class PlainStream:
    """Text straight through, flushed per chunk; ends with one newline if the text had none.
    On a terminal (`--raw`, `TERM=dumb`) control characters are shown visibly, never obeyed."""

    def __init__(self, file: IO[str], *, safe: bool | None = None) -> None:
        self._file = file
        self._safe = is_terminal(file) if safe is None else safe
        self._last = ""

    def write(self, text: str) -> None:
        if text:
            if self._safe:
                text = terminal_safe(text)
            self._file.write(text)
            self._file.flush()
            self._last = text[-1]

    def finish(self) -> None:
        if self._last and self._last != "\n":
            self._file.write("\n")
            self._file.flush()
        self._last = ""


class _Tail:
    """A snapshot of the open tail, rendered as markdown and cut to its last lines so it fits
    the screen. Live's refresh thread asks for the newest snapshot (no lock for the writer to
    wait on); each snapshot renders once, and a block printed above the region redraws the
    snapshot already on screen for free."""

    def __init__(self, text: str, max_lines: int) -> None:
        self.text = text
        self.max_lines = max(1, max_lines)
        self._cache: tuple[int, list[Any]] | None = None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.segment import Segment

        if self._cache is None or self._cache[0] != options.max_width:
            self._cache = (options.max_width, self._render(console, options))
        for line in self._cache[1]:
            yield from line
            yield Segment.line()

    def _render(self, console: Console, options: ConsoleOptions) -> list[Any]:
        md = chat_markdown(_visible_part(self.text, self.max_lines))
        lines = console.render_lines(md, options.update(height=None))
        while lines and not "".join(s.text for s in lines[-1]).strip():
            lines.pop()  # trailing blank lines would make the region jump
        return lines[-self.max_lines :]


def chat_markdown(source: str) -> Any:
    """`source` as rich renders markdown, with two changes for a chat: a line break stays one (a
    note's lines, an address, a poem; commonmark would join them into one line), and a link shows
    its target rather than becoming a terminal hyperlink that hides where it goes."""
    from rich.markdown import Markdown

    md = Markdown(source, code_theme=CODE_THEME, hyperlinks=False)
    for token in md.parsed:
        for child in token.children or ():
            if child.type == "softbreak":
                child.type = "hardbreak"
    return md


def _visible_part(text: str, max_lines: int) -> str:
    """What the live region renders of a long tail: only about a screenful of its end (a code
    block keeps its fence line, a table its header), so each redraw costs the same however long
    the block grows, also when it is one huge paragraph. The region is transient; the finished
    block is rendered whole."""
    limit = max_lines * _CHARS_PER_LINE
    lines = text.split("\n")
    if len(lines) <= 2 * max_lines:
        return _last_chars(text, limit, lines[0])
    head, start = lines[0].lstrip(), len(lines) - max_lines
    if head.startswith(("```", "~~~")):
        return "\n".join([lines[0], *lines[start:]])
    if head.startswith("|") and len(lines) > 1 and set(lines[1].strip()) <= set("|:- "):
        return "\n".join([lines[0], lines[1], *lines[start:]])
    while start > 0 and (not lines[start].strip() or lines[start][:1].isspace()):
        start -= 1  # begin at an unindented line: the start of an item, a row, a paragraph line
    return _last_chars("\n".join(lines[start:]), limit, lines[start])


def _last_chars(text: str, limit: int, first_line: str) -> str:
    """`text` cut to its last `limit` characters, from a word's start, when it is longer than
    twice that (a paragraph of a megabyte); a code fence line stays in front."""
    if len(text) <= 2 * limit:
        return text
    end = text[-limit:]
    space = end.find(" ")
    end = end[space + 1 :] if 0 <= space < 200 else end
    fence = first_line.lstrip().startswith(("```", "~~~"))
    return f"{first_line}\n{end}" if fence else f"… {end}"


class MarkdownStream:
    """Render streamed markdown on a terminal console; call `finish()` when the text ends."""

    def __init__(self, console: Console, *, live: bool = True, refresh_per_second: float = 12.0) -> None:
        self.console = console
        self._splitter = BlockSplitter()
        self._use_live = live
        self._rate = refresh_per_second
        self._live: Live | None = None
        self._height = console.size.height - 1
        self._tail = _Tail("", self._height)
        self._drawn = 0.0  # when the live region was last redrawn

    def write(self, text: str) -> None:
        if not text:
            return
        piece = self._splitter.feed(terminal_safe(text))
        if piece is not None:
            self._print(piece)
        if self._use_live:
            self._show_tail(fresh=piece is not None)

    def finish(self) -> None:
        """Print the open tail as a finished block and close the live region."""
        live, self._live = self._live, None
        if live is not None:
            live.stop()  # transient: the region is erased before the final tail is printed
        piece = self._splitter.finish()
        if piece is not None:
            self._print(piece)

    def _print(self, piece: Piece) -> None:
        if piece.gap:
            self.console.print()
        self.console.print(chat_markdown(piece.source))

    def _show_tail(self, *, fresh: bool = False) -> None:
        """Redraw the live region, at most `rate` times a second (`fresh`: a block was just
        printed above, so the snapshot is renewed at once). Redraws happen here, in the
        writer's thread: a refresh thread racing the printing of finished blocks could leave
        the region's old lines on screen. The tail is read only when it is drawn: reading it
        on every chunk would cost its whole length each time."""
        now = time.monotonic()
        due = now - self._drawn >= 1 / self._rate
        if self._live is None:
            tail = self._splitter.tail
            if not tail.strip():
                return
            from rich.live import Live

            self._tail = _Tail(tail, self._height)
            self._live = Live(
                console=self.console,
                get_renderable=lambda: self._tail,
                auto_refresh=False,
                transient=True,
                redirect_stdout=False,
                redirect_stderr=False,
                vertical_overflow="visible",
            )
            self._live.start(refresh=True)
            self._drawn = now
        elif due or fresh:
            self._tail = _Tail(self._splitter.tail, self._height)
            if due:
                self._live.refresh()
                self._drawn = now


def answer_stream(console: Console, file: IO[str] | None = None) -> AnswerStream:
    """The right stream for this console: markdown on a capable terminal, exact text otherwise."""
    if plain_terminal(console):
        return PlainStream(file or console.file)
    return MarkdownStream(console)
