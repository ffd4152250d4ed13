"""Which row of a piped table has the highest or lowest number ("which fruit has the highest
count?" of `apple,3 / banana,5 / cherry,12`), told by tars.

The embedded model, piped that table, answered "apple, with a count of 3". The table
(`tars.tools.tables`) is one piped input or text file; its label is the first column that is not
numbers, the number ranked the one numeric column (or the one the question names by its header).
"""

from __future__ import annotations

import re

from tars.attachments.counts import one_text, without_at_files
from tars.tools.tables import table_of, value

__all__ = ["ranked_told"]

_MOST = "highest|largest|biggest|greatest|most|max|maximum|top|best|priciest"
_LEAST = "lowest|smallest|least|fewest|min|minimum|worst|cheapest"
_ASKED = re.compile(
    r"^(?:(?:please|can you|could you|so|ok|okay|now|and|then|also|tell me),?\s+)*"
    r"(?:which|what|who)(?:\s+[\w-]+){0,3}?\s+(?:has|have|had|is|are|was|were|got|gets|scored|sold|made|earned|"
    r"uses?|costs?)\s+(?:the\s+)?(?P<way>" + _MOST + "|" + _LEAST + r")\b(?P<what>(?:\s+[\w-]+){0,3}?)"
    r"(?:\s+(?:in|of) (?:it|(?:this|that|these|the)(?: (?:list|table|data|file|input|csv|output))?))?\s*[?.!]*$",
    re.IGNORECASE)


def ranked_told(request: str, attached: str) -> str | None:
    """tars's answer to "which … has the highest/lowest …?" of a piped table, or None."""
    match = _ASKED.match(without_at_files(request))
    text = one_text(attached) if match else None
    table = table_of(text) if text is not None else None
    if match is None or table is None or not table.labels:
        return None
    column = table.column(match["what"])
    if column is None:
        return None  # which number is meant is for a model to read
    header, rows, labels = table.header, table.rows, table.labels
    values = [(row[labels[0]], value(row[column]) or 0.0) for row in rows]
    most = match["way"].lower() in _MOST.split("|")
    best = max(v for _, v in values) if most else min(v for _, v in values)
    winners = [label for label, v in values if v == best]
    if len(winners) > 3:
        return None
    shown = next(row[column] for row in rows if value(row[column]) == best)
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
