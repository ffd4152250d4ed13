"""A table in plain text: rows that split alike on one delimiter (tab, comma, semicolon, bar), or
"label number" lines, with a first row of names when it names columns of numbers.

Read for questions tars answers itself about piped data: a column's total or average (the
calculator) and its top or bottom row (`tars.attachments.ranking`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Table", "table_of", "value"]

_NUMBER = re.compile(r"[-+]?[$€£¥]?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s?%?")
_DELIMITERS = ("\t", ",", ";", "|")
_MAX_ROWS = 10_000


def value(cell: str) -> float | None:
    """The number a cell holds ("$1,234.50", "12 %"), or None."""
    cell = cell.strip()
    if not _NUMBER.fullmatch(cell):
        return None
    return float(re.sub(r"[^\d.+-]", "", cell))


def _stem(word: str) -> str:
    return word.lower().removesuffix("s")


@dataclass(frozen=True)
class Table:
    header: list[str] | None
    rows: list[list[str]]  # the data rows, each as wide as the first

    @property
    def numeric(self) -> list[int]:
        """The columns whose every cell is a number."""
        return [i for i in range(len(self.rows[0])) if all(value(row[i]) is not None for row in self.rows)]

    @property
    def labels(self) -> list[int]:
        return [i for i in range(len(self.rows[0])) if i not in self.numeric]

    def column(self, words: str) -> int | None:
        """The numeric column `words` name by its header ("the average age"), else the only one
        when `words` name no other header; None when which is meant is unclear."""
        numeric = self.numeric
        said = {_stem(w) for w in re.findall(r"[\w-]+", words)}
        named = [i for i in numeric if self.header and _stem(self.header[i]) in said]
        if len(named) == 1:
            return named[0]
        if self.header and said:  # "the average age" of a table without an age column
            return None
        return numeric[0] if len(numeric) == 1 else None

    def numbers(self, column: int) -> list[str]:
        """A column's cells as plain numbers ("1,234" -> "1234")."""
        return [re.sub(r"[^\d.+-]", "", row[column]) for row in self.rows]


def table_of(text: str) -> Table | None:
    """The table `text` is, or None."""
    lines = [line for line in text.split("\n") if line.strip()]
    if len(lines) < 2 or len(lines) > _MAX_ROWS:
        return None
    rows: list[list[str]] | None = None
    for delimiter in _DELIMITERS:
        split = [[cell.strip() for cell in line.split(delimiter)] for line in lines]
        if len(split[0]) > 1 and all(len(row) == len(split[0]) for row in split):
            rows = split
            break
    if rows is None:
        split = [line.strip().rsplit(None, 1) for line in lines]
        rows = split if all(len(row) == 2 for row in split) else None
    if rows is None:
        return None
    if len(rows) > 2 and any(value(rows[0][i]) is None and all(value(row[i]) is not None for row in rows[1:])
                             for i in range(len(rows[0]))):
        return Table(header=rows[0], rows=rows[1:])  # a first row of names, over rows of numbers
    return Table(header=None, rows=rows)
