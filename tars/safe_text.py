"""Text from outside (a model, a tool, an MCP server, a remote API, a web page) made safe to show on a terminal.

A terminal obeys control characters: `ESC ] 0 ; title BEL` retitles the window, `ESC ] 52`
writes the clipboard, `ESC [ 2J` clears the screen, a bare CR overwrites a line. Every control
character other than newline and tab is therefore shown as a visible picture (ESC as `␛`, BEL
as `␇`, a C1 control as `␛` and its 7-bit letter), so a CSI, OSC, DCS or APC sequence prints as
inert text (`␛]0;title␇`) instead of acting. Piped stdout keeps the exact text; everything
written to a terminal or to stderr goes through `terminal_safe`.
"""

from __future__ import annotations

import re
from typing import IO, Any

__all__ = ["terminal_safe", "json_safe", "is_terminal", "printable"]


def _table() -> dict[int, str]:
    table: dict[int, str] = {}
    for code in range(0x20):
        if chr(code) not in "\n\t":
            table[code] = chr(0x2400 + code)  # the Unicode control pictures: ␀ … ␛ … ␟
    table[0x7F] = "␡"
    for code in range(0x80, 0xA0):
        table[code] = "␛" + chr(code - 0x40)  # C1 = ESC + a letter: 0x9B is CSI, shown "␛["
    return table


_VISIBLE = _table()
_C1 = re.compile("[\x7f-\x9f]")


def terminal_safe(text: str) -> str:
    """`text` with every control character but newline and tab replaced by a visible picture
    (a CRLF line end becomes a newline). Linear in the length; plain text is returned as is."""
    if "\r\n" in text:
        text = text.replace("\r\n", "\n")
    return text.translate(_VISIBLE)


def json_safe(dumped: str) -> str:
    """JSON text whose DEL and C1 characters are written as `\\u` escapes too (`json.dumps` escapes
    only C0 ones): the same data, and nothing in it a terminal would act on."""
    return _C1.sub(lambda m: f"\\u{ord(m.group()):04x}", dumped)


def is_terminal(file: IO[Any] | Any) -> bool:
    """Whether `file` is a terminal (False for anything without a working `isatty`)."""
    try:
        return bool(file.isatty())
    except (AttributeError, ValueError, OSError):
        return False


# characters that reorder how a line reads (U+202E writes "txt.exe" as "exe.txt")
_BIDI = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def printable(name: str) -> str:
    """A file name as a line of text shows it: one with a control character (a newline would fake
    another line of a listing) or a direction override written as its escaped literal instead."""
    unsafe = any(ord(c) < 32 or 127 <= ord(c) < 160 or c in _BIDI for c in name)
    return name.encode("unicode_escape").decode("ascii").join("''") if unsafe else name
