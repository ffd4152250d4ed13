"""Split a markdown answer that is still arriving into finished blocks and an unfinished tail.

CommonMark decides block structure line by line, and a block that a later complete line has
closed never changes again. So once the complete lines of the tail parse into two or more
top-level blocks, everything before the last one is final: it is rendered and printed once,
and only the last block (plus the partial line) is ever parsed again. That keeps streaming
linear in the length of the answer instead of quadratic.

Rendering pieces one by one must give the same screen as rendering the whole answer, so the
splitter also says whether rich would have put a blank line before each piece (`gap`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

__all__ = ["Piece", "BlockSplitter"]

_FENCE_OPEN = re.compile(r"( {0,3})(`{3,}|~{3,})([^\n]*)")
_LIST_MARK = re.compile(r"( {0,3})([-+*]|\d{1,9}([.)]))[ \t]")


@dataclass(frozen=True)
class Piece:
    """Source of finished top-level blocks; `gap`: print one empty line before rendering it."""

    source: str
    gap: bool = False


def _parser() -> MarkdownIt:
    """The same parser configuration as `rich.markdown.Markdown` uses."""
    from markdown_it import MarkdownIt

    return MarkdownIt().enable("strikethrough").enable("table")


def _new_line(token_type: str) -> bool:
    """rich's `new_line` flag of the element made for a token (False only for `hr`)."""
    from rich.markdown import Markdown, UnknownElement

    return Markdown.elements.get(token_type.replace("_close", "_open"), UnknownElement).new_line


def _first_block_gap(tokens: Sequence[Token]) -> bool | None:
    """Whether the first block's own children put a blank line before it (rich emits the
    `new_line` of the last element that closed); None when the block has no such child and
    the gap comes from the block before it."""
    last = None
    for token in tokens:
        if token.level == 0:
            if token.nesting <= 0:
                break
            continue
        if token.nesting <= 0 and token.type != "inline":
            last = token.type
    return None if last is None else _new_line(last)


def _top_blocks(tokens: Sequence[Token]) -> list[Token]:
    return [t for t in tokens if t.level == 0 and t.nesting >= 0 and t.map]


class BlockSplitter:
    """Feed text as it streams; get back finished pieces; `tail` is what is still open."""

    def __init__(self) -> None:
        self._md = _parser()
        self._parts: list[str] = []  # the open tail, as it arrived: joined only when read
        self._checked = 0  # length of the tail's complete-line prefix already parsed
        self._owed: bool | None = None  # new_line of the last block handed out; None: nothing yet
        self._open_upto = 0  # the tail is an open code fence with no closing line before this index
        self._kind: tuple[str, str] | None = None  # (token type, markup) of the open block, last parse

    @property
    def tail(self) -> str:
        return self._tail

    @property
    def _tail(self) -> str:
        """The open tail as one string (joined on demand: appending stays linear however long
        a line grows, as one huge paragraph does)."""
        if len(self._parts) > 1:
            self._parts = ["".join(self._parts)]
        return self._parts[0] if self._parts else ""

    @_tail.setter
    def _tail(self, text: str) -> None:
        self._parts = [text] if text else []

    def feed(self, text: str) -> Piece | None:
        """Add streamed text; return the blocks it finished, if any."""
        # markdown-it counts lines after turning \r\n and \r into \n; so do we
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        if text:
            self._parts.append(text)
        if "\n" not in text:  # no new complete line: nothing can have closed
            return None
        end = self._tail.rfind("\n") + 1
        if end <= self._checked:  # no new complete line: nothing can have closed
            return None
        if self._inside_open_fence(end) or self._only_continuation(end):
            self._checked = end  # the open block certainly goes on: parsing can wait
            return None
        complete = self._tail[:end]
        tokens = self._md.parse(complete)
        tops = _top_blocks(tokens)
        self._kind = (tops[-1].type, tops[-1].markup) if tops else None
        if len(tops) < 2:
            self._checked = end
            return None
        where = tops[-1].map
        assert where is not None  # _top_blocks keeps only tokens that carry their source lines
        cut = _line_offset(complete, where[0])
        piece = self._piece(self._tail[:cut], tokens, tops[-2].type)
        self._tail = self._tail[cut:]
        self._checked = end - cut
        self._open_upto = 0
        return piece

    def _inside_open_fence(self, end: int) -> bool:
        """Whether the tail opens with a code fence that no line up to `end` closes (a top-level
        fence ends only at its closing line, so a long code block is not re-parsed per line)."""
        first = _FENCE_OPEN.match(self._tail)
        if first is None or (first.group(2)[0] == "`" and "`" in first.group(3)):
            self._open_upto = 0
            return False
        marker = first.group(2)
        closer = re.compile(rf" {{0,3}}{re.escape(marker[0])}{{{len(marker)},}}[ \t]*")
        start = self._open_upto or first.end() + 1  # lines before `_open_upto` hold no closer
        if any(closer.fullmatch(line) for line in self._tail[start:end].split("\n")):
            self._open_upto = 0
            return False
        self._open_upto = end
        return True

    def _only_continuation(self, end: int) -> bool:
        """Whether every new complete line plainly continues the open block (a paragraph line,
        a table row, an item of the same list, a quoted line), so a long block is not re-parsed
        on each of its lines. Only an optimisation: a block that did end after all is found at
        the next parse, and everything before the last block is just as final then."""
        if self._kind is None or self._checked == 0:
            return False
        kind, markup = self._kind
        last_end = self._checked - 1  # the newline that ends the last line already seen
        before = self._tail[self._tail.rfind("\n", 0, last_end) + 1 : last_end]
        for line in self._tail[self._checked : end].split("\n")[:-1]:
            if not before.strip() or not _continues(line, kind, markup):
                return False
            before = line
        return True

    def finish(self) -> Piece | None:
        """End of the stream: the open tail as the last piece (None if it holds no block)."""
        tail, self._tail, self._checked, self._open_upto, self._kind = self._tail, "", 0, 0, None
        tokens = self._md.parse(tail)
        tops = _top_blocks(tokens)
        if not tops:
            return None
        return self._piece(tail, tokens, tops[-1].type)

    def _piece(self, source: str, tokens: Sequence[Token], last_type: str) -> Piece:
        own = _first_block_gap(tokens)
        gap = own is None and bool(self._owed)  # a standalone render already emits `own`
        self._owed = _new_line(last_type)
        return Piece(source, gap)


def _continues(line: str, kind: str, markup: str) -> bool:
    """Whether a non-blank `line` after a non-blank one plainly continues a block of `kind`."""
    stripped = line.lstrip(" ")
    if not stripped.strip():
        return False
    if stripped[0].isalpha() and len(line) - len(stripped) <= 3:
        return True  # paragraph text, a lazy continuation, or a table row
    match kind:
        case "table_open":
            return stripped.startswith("|")
        case "blockquote_open":
            return stripped.startswith(">")
        case "bullet_list_open" | "ordered_list_open":
            if len(line) - len(stripped) >= 2:
                return True  # inside an item
            item = _LIST_MARK.match(line)
            return item is not None and markup in (item.group(2), item.group(3))
    return False


def _line_offset(text: str, line: int) -> int:
    """Index in `text` where line number `line` (0-based, split on \\n) starts."""
    pos = 0
    for _ in range(line):
        pos = text.index("\n", pos) + 1
    return pos
