"""Which row of a piped table has the highest or lowest number ("which fruit has the highest
count?" of `apple,3 / banana,5 / cherry,12`), told by tars.

The embedded model, piped that table, answered "apple, with a count of 3". A table here is one
piped input or text file whose rows split alike on one delimiter (tab, comma, semicolon, bar) or
are "label number" lines; its label is the first column that is not numbers, the number ranked
the one numeric column (or the one the question names by its header).
"""

from __future__ import annotations

import re

from tars.attachments.counts import one_text, without_at_files

__all__ = ["ranked_told"]

_MOST = "highest|largest|biggest|greatest|most|max|maximum|top|best|priciest"
_LEAST = "lowest|smallest|least|fewest|min|minimum|worst|cheapest"
_ASKED = re.compile(
    r"^(?:(?:please|can you|could you|so|ok|okay|now|and|then|also|tell me),?\s+)*"
    r"(?:which|what|who)(?:\s+[\w-]+){0,3}?\s+(?:has|have|had|is|are|was|were|got|gets|scored|sold|made|earned|"
    r"uses?|costs?)\s+(?:the\s+)?(?P<way>" + _MOST + "|" + _LEAST + r")\b(?P<what>(?:\s+[\w-]+){0,3}?)"
    r"(?:\s+(?:in|of) (?:it|(?:this|that|these|the)(?: (?:list|table|data|file|input|csv|output))?))?\s*[?.!]*$",
    re.IGNORECASE)
_NUMBER = re.compile(r"[-+]?[$€£¥]?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s?%?")
_DELIMITERS = ("\t", ",", ";", "|")
_MAX_ROWS = 10_000


def _value(cell: str) -> float | None:
    cell = cell.strip()
    if not _NUMBER.fullmatch(cell):
        return None
    return float(re.sub(r"[^\d.+-]", "", cell))


def _rows(text: str) -> list[list[str]] | None:
    """The table's rows, split on the one delimiter that splits every line alike, or as "label number"."""
    lines = [line for line in text.split("\n") if line.strip()]
    if len(lines) < 2 or len(lines) > _MAX_ROWS:
        return None
    for delimiter in _DELIMITERS:
        rows = [[cell.strip() for cell in line.split(delimiter)] for line in lines]
        if len(rows[0]) > 1 and all(len(row) == len(rows[0]) for row in rows):
            return rows
    rows = [line.strip().rsplit(None, 1) for line in lines]
    return rows if all(len(row) == 2 for row in rows) else None


def _stem(word: str) -> str:
    return word.lower().removesuffix("s")


def ranked_told(request: str, attached: str) -> str | None:
    """tars's answer to "which … has the highest/lowest …?" of a piped table, or None."""
    match = _ASKED.match(without_at_files(request))
    text = one_text(attached) if match else None
    rows = _rows(text) if text is not None else None
    if match is None or rows is None:
        return None
    header: list[str] | None = None
    if len(rows) > 2 and any(_value(rows[0][i]) is None and all(_value(row[i]) is not None for row in rows[1:])
                             for i in range(len(rows[0]))):
        header, rows = rows[0], rows[1:]  # a first row of names, over rows of numbers
    width = len(rows[0])
    numeric = [i for i in range(width) if all(_value(row[i]) is not None for row in rows)]
    labels = [i for i in range(width) if i not in numeric]
    if not numeric or not labels:
        return None
    asked = {_stem(w) for w in match["what"].split()}
    named = [i for i in numeric if header and _stem(header[i]) in asked]
    if len(named) != 1 and len(numeric) != 1:
        return None  # which number is meant is for a model to read
    column = named[0] if named else numeric[0]
    values = [(row[labels[0]], _value(row[column]) or 0.0) for row in rows]
    most = match["way"].lower() in _MOST.split("|")
    best = max(v for _, v in values) if most else min(v for _, v in values)
    winners = [label for label, v in values if v == best]
    if len(winners) > 3:
        return None
    shown = next(row[column] for row in rows if _value(row[column]) == best)
    way = match["way"].lower()
    # the header names the number; else the user's word after "highest", but not after "most"
    # ("the most expensive" says how, not what)
    what = header[column] if header else match["what"].strip() if way not in ("most", "least", "fewest") else ""
    if not what or way not in ("highest", "lowest", "largest", "smallest"):
        way = "highest" if most else "lowest"
    what = what or "value"
    who = " and ".join(winners) if len(winners) <= 2 else ", ".join(winners[:-1]) + " and " + winners[-1]
    verb = "has" if len(winners) == 1 else "share"
    return f"{who} {verb} the {way} {what}: {shown} (of {len(rows):,} rows)."
