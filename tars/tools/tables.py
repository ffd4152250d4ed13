"""A table in plain text: rows that split alike on one delimiter (tab, comma, semicolon, bar), or
"label number" lines, with a first row of names when it names columns of numbers.

Read for questions tars answers itself about piped data: a column's total or average (the
calculator) and its top or bottom row (`tars.attachments.ranking`). What reads two ways is no
table here: a decimal comma ("0,750"; any comma in a semicolon table, the European way), a first
row that may be names or data ("name,2024"), numbers grouped by spaces, a total row.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["NUMBER_CELL", "Table", "plain_number", "table_of", "value"]

# a number as a cell holds it: "1,234.50", "-7", "$12", "12 %"; not "0,750" (a decimal comma)
NUMBER_CELL = r"[-+]?[$€£¥]?\s?(?:[1-9]\d{0,2}(?:,\d{3})+|\d+)(?:\.\d+)?\s?%?"
_NUMBER = re.compile(NUMBER_CELL)
_DELIMITERS = ("\t", ",", ";", "|")
_MAX_ROWS = 10_000
# a first cell that names a column rather than a row ("name,2024": the header, or a row?)
_HEADER_WORDS = frozenset("name names item items label labels key id category type product city country month "
                          "year date day region person user fruit".split())
# a row that sums the others: counted in, it doubles the total
_TOTALS = frozenset("total totals sum subtotal grand overall all".split())


def plain_number(cell: str) -> str:
    """A number cell as Python reads it: "$1,234.50" -> "1234.50"."""
    return re.sub(r"[^\d.+-]", "", cell)


def value(cell: str) -> float | None:
    """The number a cell holds ("$1,234.50", "12 %"), or None."""
    cell = cell.strip()
    return float(plain_number(cell)) if _NUMBER.fullmatch(cell) else None


def _stem(word: str) -> str:
    return word.lower().removesuffix("s")


@dataclass(frozen=True)
class Table:
    header: list[str] | None
    rows: list[list[str]]  # the data rows, each as wide as the first
    numeric: list[int] = field(default_factory=list)  # the columns whose every cell is a number

    @property
    def labels(self) -> list[int]:
        """The columns that are not numbers."""
        return [i for i in range(len(self.rows[0])) if i not in self.numeric]

    def column(self, words: str) -> int | None:
        """The numeric column `words` name by its header ("the average age"), else the only one
        when `words` name nothing else (one word, when there is no header to check it against:
        "the sum without bob" names no column); None when which is meant is unclear."""
        said = [_stem(w) for w in re.findall(r"[\w-]+", words)]
        if self.header:
            named = [i for i in self.numeric if _stem(self.header[i]) in said]
            if len(named) == 1 and len(said) == 1:
                return named[0]
            return self.numeric[0] if not said and len(self.numeric) == 1 else None
        return self.numeric[0] if len(self.numeric) == 1 and len(said) <= 1 else None

    def numbers(self, column: int) -> list[str]:
        """A column's cells as plain numbers ("1,234" -> "1234")."""
        return [plain_number(row[column]) for row in self.rows]


def _split(lines: list[str]) -> list[list[str]] | None:
    for delimiter in _DELIMITERS:
        rows = [[cell.strip() for cell in line.split(delimiter)] for line in lines]
        if len(rows[0]) > 1 and all(len(row) == len(rows[0]) for row in rows):
            if delimiter == ";" and any("," in cell for row in rows for cell in row):
                return None  # "1,250" in a semicolon table: a decimal comma, most likely
            return rows
    rows = [line.strip().rsplit(None, 1) for line in lines]
    if all(len(row) == 2 and not re.search(r"\d$", row[0]) for row in rows):  # "China 1 412 000": no
        return rows
    return None


def table_of(text: str) -> Table | None:
    """The table `text` is, or None."""
    lines = [line for line in text.split("\n") if line.strip()]
    if len(lines) < 2 or len(lines) > _MAX_ROWS:
        return None
    rows = _split(lines)
    if rows is None:
        return None
    header = None
    width = range(len(rows[0]))
    if len(rows) > 2 and any(value(rows[0][i]) is None and all(value(row[i]) is not None for row in rows[1:])
                             for i in width):
        header, rows = rows[0], rows[1:]  # a first row of names, over rows of numbers
    elif rows[0][0].lower() in _HEADER_WORDS:
        return None  # "name,2024": names over numbers, or the first row?
    numeric = [i for i in width if all(value(row[i]) is not None for row in rows)]
    if any(cell.lower().split()[0] in _TOTALS for row in rows for i, cell in enumerate(row)
           if i not in numeric and cell.split()):
        return None
    return Table(header=header, rows=rows, numeric=numeric)
