"""The lines of a note an edit changes: which line holds a text, the items of a list it names, and
the line with the text changed or taken out (its list's comma with it)."""

from __future__ import annotations

import re

from tars.errors import ToolError
from tars.safe_text import printable

__all__ = ["content", "line_holding", "item_holding", "items_of", "changed_line", "as_listed"]

_BULLET = re.compile(r"^\s*(?:[-*+>]|#{1,6}|\d+[.)])\s+(?:\[[ xX]\]\s+)?")


def content(line: str) -> str:
    """A line without its list, heading or quote marker: "- [ ] milk" holds "milk", "- " nothing."""
    return _BULLET.sub("", line.rstrip() + " ").strip()


def line_holding(lines: list[str], old: str, rel: str) -> int:
    """The index of the one line that holds `old` (one that is wholly `old` wins over lines that
    mention it), or a ToolError naming how many do."""
    wanted = _words(old)
    holding = [i for i, line in enumerate(lines) if wanted.search(line)]
    whole = [i for i in holding if content(lines[i]).casefold() == old.casefold()]
    if len(whole) == 1:
        return whole[0]
    if len(holding) == 1:
        return holding[0]
    if not holding:
        raise ToolError(f"no line of {rel!r} holds {old!r}; note_read shows what it says")
    shown = "; ".join(printable(lines[i].strip())[:60] for i in holding[:3])
    raise ToolError(f"{len(holding)} lines of {rel!r} hold {old!r} ({shown}); give more of the line to change")


# what parts a list line into items, and a label before them ("Shopping: bread, milk")
_BETWEEN_ITEMS = re.compile(r"\s*[,;]\s*(?:and\s+)?|\s+and\s+")
_LABEL = re.compile(r"^[^\W\d][\w ]{0,30}:\s+")


def _elements(line: str) -> list[str]:
    """The items of a line: its content without a label, parted at commas, semicolons and "and"."""
    return [e.strip() for e in _BETWEEN_ITEMS.split(_LABEL.sub("", content(line))) if e.strip()]


def item_holding(line: str, old: str) -> str | None:
    """The longer item of a list line ("- almond milk", "eggs, almond milk") that holds `old` ("milk"),
    which taking `old` out would break; None when `old` is a whole item or the line is prose."""
    if _BULLET.match(line) is None and not re.search(r"[,;]", line):
        return None
    elements = _elements(line)
    if any(element.casefold() == old.casefold() for element in elements):
        return None
    return next((element for element in elements if _words(old).search(element)), None)


def items_of(lines: list[str], old: str) -> list[str]:
    """What to take out: `old` itself when a line holds it, else the items of the list it names
    ("bread and milk", "eggs, milk and bread") when each is a whole line or an item of a line's list
    ("mac and cheese" stays one item); when only some are, each of them (so the one no line holds is
    named); else `old`, which no line holds."""
    if any(_words(old).search(line) for line in lines):
        return [old]
    held = {element.casefold() for line in lines for element in [content(line), *_elements(line)]}
    pieces = re.split(f"({_BETWEEN_ITEMS.pattern})", old)  # the items, and what joins them at the odd places
    found: dict[int, list[str]] = {0: []}  # how the pieces up to an even place split into held items
    for end in range(2, len(pieces) + 2, 2):
        for start in range(0, end - 1, 2):  # the longest last item first: "mac and cheese", not "cheese"
            item = "".join(pieces[start:end - 1])
            if start in found and item.casefold() in held:
                found[end] = [*found[start], item]
                break
    items = found.get(len(pieces) + 1, [])
    if len(items) > 1:
        return items
    named = pieces[::2]
    return named if len(named) > 1 and any(piece.casefold() in held for piece in named) else [old]


def _words(old: str) -> re.Pattern[str]:
    """`old` as whole words, any case: "egg" is not in "eggs", nor "milk" in "buttermilk"."""
    return re.compile(rf"(?<!\w){re.escape(old)}(?!\w)", re.IGNORECASE)


def changed_line(line: str, old: str, new: str) -> str:
    """`line` with its first `old` (any case, whole words) made `new`; taken out of a list ("eggs,
    milk, bread"), its comma goes with it; the rest of the line keeps its spacing."""
    found = _words(old).search(line)
    if found is None:  # `line_holding` chose this line for holding it
        raise ToolError(f"no line holds {old!r}")
    before, after = line[:found.start()], line[found.end():]
    if new:
        return before + new + after
    if re.search(r"(?:,\s*|\s)and\s*$", before):  # "eggs, bread and milk": the "and" before it
        return (re.sub(r",?\s+and\s*$", "", before) + after).rstrip()
    if re.match(r"\s+and\s", after) and not re.search(r"\w", content(before)):  # "milk and eggs"
        return (before + re.sub(r"^\s+and\s+", "", after)).rstrip()
    if re.search(r",\s*$", before):  # "eggs, milk": the comma before it
        before = re.sub(r"\s*,\s*$", "", before) + ("" if re.match(r"\s*(?:,|$)", after) else " ")
        return (before + after.lstrip(" ")).rstrip()
    if re.match(r"\s*,", after):  # "milk, bread": the comma after it
        return (before + re.sub(r"^\s*,\s*", "", after)).rstrip()
    gap = " " if before.strip() and after.strip() and after.lstrip()[:1] not in ",.;:!?)" else ""
    return (before.rstrip(" ") + gap + after.lstrip(" ")).rstrip() if before.strip() else (before + after.lstrip(" "))


# the marker of a list's last item: "- ", "* [ ] ", "3. "
_MARKER = re.compile(r"^(?P<indent>\s*)(?:(?P<bullet>[-*+])|(?P<number>\d+)(?P<dot>[.)]))(?P<gap>\s+)"
                     r"(?P<box>\[[ xX]\]\s+)?\S")
_SHORT_ITEM = re.compile(r"^[^.!?:;]{1,40}$")


def as_listed(note: str, text: str) -> list[str]:
    """The lines that add `text` to a note: when the note ends in a list and `text` is one line
    with no marker of its own, items of that list ("- tent"; "4. Neuromancer" after "3. …"; "eggs,
    butter and flour" is three short items, each on its line, "mac and cheese" one), else `text`'s own
    lines."""
    lines = text.rstrip("\r\n").splitlines()
    last = next((line for line in reversed(note.splitlines()) if line.strip()), "")
    marker = _MARKER.match(last)
    if marker is None or len(lines) != 1 or _BULLET.match(lines[0]):
        return lines
    # a list has commas ("eggs, butter and flour"); "mac and cheese" or "bread and jam" is one thing
    pieces = [piece.strip() for piece in _BETWEEN_ITEMS.split(lines[0])] if re.search(r"[,;]", lines[0]) else []
    items = pieces if len(pieces) > 1 and all(_SHORT_ITEM.match(p) and len(p.split()) <= 3 for p in pieces) \
        else [lines[0].strip()]
    box = "[ ] " if marker["box"] else ""
    if marker["bullet"]:
        return [f"{marker['indent']}{marker['bullet']}{marker['gap']}{box}{item}" for item in items]
    first = int(marker["number"]) + 1
    return [f"{marker['indent']}{first + n}{marker['dot']}{marker['gap']}{box}{item}" for n, item in enumerate(items)]
