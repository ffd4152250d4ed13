"""Which row of a piped table has the highest or lowest number ("which fruit has the highest
count?" of `apple,3 / banana,5 / cherry,12`), told by tars.

The embedded model, piped that table, answered "apple, with a count of 3". The table
(`tars.tools.tables`) is one piped input or text file; its label is the first column that is not
numbers, the number ranked the one numeric column (or the one the question names by its header).
"""

from __future__ import annotations

import re

from tars.attachments.counts import POLITE, one_text, without_at_files
from tars.tools.tables import table_of, value

__all__ = ["ranked_told"]

_MOST = "highest|largest|biggest|greatest|most|max|maximum|priciest"
_LEAST = "lowest|smallest|least|fewest|min|minimum|cheapest"
_ASKED = re.compile(
    POLITE + r"(?:which|what|who)(?P<noun>(?:\s+[\w-]+){0,2}?)\s+(?:has|have|had|is|are|was|were|got|gets|scored|"
    r"sold|made|earned|uses?|costs?)\s+(?:the\s+)?(?P<way>" + _MOST + "|" + _LEAST + r")\b"
    r"(?P<what>(?:\s+[\w-]+){0,3}?)"
    r"(?:\s+(?:in|of) (?:it|(?:this|that|these|the)(?: (?:list|table|data|file|input|csv|output))?))?\s*[?.!]*$",
    re.IGNORECASE)
# what a row may be called without naming its column ("which one has the most?")
_ANY_ROW = frozenset("one ones row rows item items entry entries line lines of them these".split())


def ranked_told(request: str, attached: str) -> str | None:
    """tars's answer to "which … has the highest/lowest …?" of a piped table, or None when the table
    or the question reads more than one way (two label columns, a label twice, words that filter
    or combine rows: "excluding B", "in north", "on average")."""
    match = _ASKED.match(without_at_files(request))
    text = one_text(attached) if match else None
    table = table_of(text) if text is not None else None
    if match is None or table is None or len(table.labels) != 1:
        return None
    label = table.labels[0]
    names = [row[label] for row in table.rows]
    noun = [w.lower() for w in match["noun"].split()]
    if len(set(names)) != len(names) or (noun and table.header and not set(noun) <= _ANY_ROW
                                         and " ".join(noun).removesuffix("s") != table.header[label].lower()
                                         .removesuffix("s")):
        return None  # "which region …" of a table of products: not this table's rows
    column = table.column(match["what"])
    if column is None:
        return None  # which number is meant is for a model to read
    values = [(row[label], value(row[column]) or 0.0) for row in table.rows]
    most = match["way"].lower() in _MOST.split("|")
    best = max(v for _, v in values) if most else min(v for _, v in values)
    winners = [name for name, v in values if v == best]
    if len(winners) > 3:
        return None
    shown = next(row[column] for row in table.rows if value(row[column]) == best)
    way = match["way"].lower()
    # the header names the number; else the user's word after "highest", but not after "most"
    # ("the most expensive" says how, not what)
    what = table.header[column] if table.header else match["what"].strip() if way not in ("most", "least",
                                                                                          "fewest") else ""
    if not what or way not in ("highest", "lowest", "largest", "smallest"):
        way = "highest" if most else "lowest"
    who = " and ".join(winners) if len(winners) <= 2 else ", ".join(winners[:-1]) + " and " + winners[-1]
    verb = "has" if len(winners) == 1 else "share"
    return f"{who} {verb} the {way} {what or 'value'}: {shown} (of {len(table.rows):,} rows)."
