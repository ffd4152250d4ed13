"""Read `tokenizer.chat_template` from a GGUF file's header without loading the model."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import BinaryIO

__all__ = ["gguf_chat_template"]

_SCALARS = {0: "B", 1: "b", 2: "H", 3: "h", 4: "I", 5: "i", 6: "f", 7: "?", 10: "Q", 11: "q", 12: "d"}
_STRING, _ARRAY = 8, 9
_KEY = "tokenizer.chat_template"


def _read(f: BinaryIO, fmt: str) -> int | float | bool:
    size = struct.calcsize("<" + fmt)
    data = f.read(size)
    if len(data) != size:
        raise ValueError("truncated GGUF header")
    value: int | float | bool = struct.unpack("<" + fmt, data)[0]
    return value


def _string(f: BinaryIO) -> bytes:
    n = int(_read(f, "Q"))
    if n > 1 << 26:
        raise ValueError("implausible GGUF string length")
    return f.read(n)


def _skip(f: BinaryIO, kind: int) -> None:
    if kind == _STRING:
        n = int(_read(f, "Q"))
        f.seek(n, 1)
    elif kind == _ARRAY:
        inner, count = int(_read(f, "I")), int(_read(f, "Q"))
        if inner in _SCALARS:
            f.seek(struct.calcsize("<" + _SCALARS[inner]) * count, 1)
        else:
            for _ in range(count):
                _skip(f, inner)
    elif kind in _SCALARS:
        f.seek(struct.calcsize("<" + _SCALARS[kind]), 1)
    else:
        raise ValueError(f"unknown GGUF value type {kind}")


def gguf_chat_template(path: str | Path) -> str | None:
    """The chat template stored in the GGUF, or None when it has none or is not a GGUF."""
    try:
        with open(path, "rb") as f:
            if f.read(4) != b"GGUF":
                return None
            version = int(_read(f, "I"))
            if version < 2:
                return None
            _read(f, "Q")  # tensor count
            for _ in range(int(_read(f, "Q"))):
                key = _string(f).decode("utf-8", "replace")
                kind = int(_read(f, "I"))
                if key == _KEY and kind == _STRING:
                    return _string(f).decode("utf-8", "replace")
                _skip(f, kind)
    except (OSError, ValueError, struct.error):
        return None
    return None
