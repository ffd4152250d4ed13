"""Dates in the layout a schema asks for: the pattern its description names ("MM-DD-YYYY", an ISO
example), a model's date read in that layout, and a resolved date written back in it."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from tars.tools import when

__all__ = ["date_pattern", "read_date", "write_date", "as_value"]

# a date layout a description asks for: "in the format of MM-DD-YYYY", "Format: yyyy-mm-dd"
_ISO_DAY = re.compile(r"\b\d{4}-\d{2}-\d{2}\b(?![ T:]?\d)")
_ISO_MOMENT = re.compile(r"\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?P<seconds>:\d{2})?(?P<zone>Z)?(?![\d.:+-])")
# (ISO 8601 glues the clock on: "YYYY-MM-DDTHH:MM:SS")
_LAYOUT = re.compile(r"\b(Y{2,4}|MM|DD)([-/.])(Y{2,4}|MM|DD)\2(Y{2,4}|MM|DD)(?:\b|(?=T))"
                     r"(?P<clock>[ T]HH:MM(?::SS)?Z?\b)?", re.IGNORECASE)


def date_pattern(prop: dict[str, Any]) -> str | None:
    """The strftime pattern of the date layout the argument's description asks for, if it names one."""
    description = str(prop.get("description") or "")
    m = _LAYOUT.search(description)
    if m is None:  # an example written as a plain ISO day ("e.g., 2022-04-28") or moment asks for that layout
        if moment := _ISO_MOMENT.search(description):
            return "%Y-%m-%dT%H:%M" + (":%S" if moment.group("seconds") else "") + (moment.group("zone") or "")
        return "%Y-%m-%d" if _ISO_DAY.search(description) else None
    parts = [m.group(1), m.group(3), m.group(4)]
    codes = [("%y" if len(p) == 2 else "%Y") if p[0] in "yY" else "%m" if p.upper() == "MM" else "%d" for p in parts]
    if sorted(c.lower() for c in codes) != ["%d", "%m", "%y"]:
        return None
    clock = m.group("clock") or ""  # "dd/mm/yyyy HH:MM": the time too
    return m.group(2).join(codes) + clock[:1] + clock[1:].upper().replace("HH", "%H").replace("MM", "%M").replace(
        "SS", "%S")


def read_date(value: str, pattern: str | None, now: dt.datetime) -> when.When | None:
    """The model's date, read in the described layout first ("03-11-2022" as MM-DD-YYYY; a two-digit
    year's layout also with four digits), else as words."""
    for layout in dict.fromkeys([pattern, pattern.replace("%y", "%Y")] if pattern else []):
        try:
            read = dt.datetime.strptime(value.strip(), layout)
            return when.When(read.date(), read.time() if "%H" in layout else None, now.tzinfo)
        except ValueError:
            pass
    return when.resolve(value, now)


def write_date(said: when.When, fmt: str | None, pattern: str | None) -> str:
    """A resolved date written for the schema: in the described layout, else for its `format`."""
    if pattern and fmt is None:
        moment = dt.datetime.combine(said.date, said.time or dt.time(0), tzinfo=said.tz)
        if pattern.endswith("Z") and moment.utcoffset() not in (None, dt.timedelta(0)):
            return moment.isoformat(timespec="seconds")  # a local time is not written as UTC
        return moment.strftime(pattern)
    return as_value(said, fmt)


def as_value(said: when.When, fmt: str | None) -> str:
    """`said` written for a schema `format`: `date`, `date-time` (RFC 3339), `time`, or the plain ISO form."""
    if fmt == "date":
        return said.date.isoformat()
    if fmt == "date-time":
        return said.datetime().isoformat(timespec="seconds")
    if fmt == "time":
        return dt.datetime.combine(said.date, said.time or dt.time(0), tzinfo=said.tz).timetz().isoformat("seconds")
    return said.iso()
