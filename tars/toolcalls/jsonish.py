"""JSON as models write it: find where a value ends in a stream, load it (repairing once), and
turn call-shaped objects into (name, arguments)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

__all__ = ["brackets", "json_end", "load_json", "call_parts", "call_shaped", "NAME_KEYS", "ARG_KEYS"]

NAME_KEYS = ("name", "tool_name", "tool", "function")
ARG_KEYS = ("arguments", "parameters", "args", "input", "tool_input")
_CLOSE = {"{": "}", "[": "]"}


def brackets(text: str, start: int = 0, *, quotes: str = '"', pairs: str = "{}[]") -> Iterator[tuple[int, str]]:
    """Each bracket of `pairs` outside strings (backslash escapes respected), with its index; a
    last `(len(text), '"')` when the text ends inside a string. One scanner for JSON and Python."""
    quote, escaped = "", False
    for i in range(start, len(text)):
        ch = text[i]
        if quote:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == quote:
                quote = ""
        elif ch in quotes:
            quote = ch
        elif ch in pairs:
            yield i, ch
    if quote:
        yield len(text), '"'


def json_end(text: str, start: int) -> int | None:
    """Index just past the JSON object/array that opens at `text[start]`, or None when the text
    ends first. Brackets inside strings (with escapes) do not count."""
    stack: list[str] = []
    for i, ch in brackets(text, start):
        if ch in _CLOSE:
            stack.append(_CLOSE[ch])
        elif ch in "}]":
            if not stack or stack.pop() != ch:
                return i + 1  # mismatched: stop here and let the loader judge
            if not stack:
                return i + 1
    return None


def load_json(text: str) -> tuple[Any, str | None]:
    """(value, None) for valid JSON; (repaired value, note) when json-repair can fix it;
    (None, error) otherwise. Only objects and arrays count as repaired successes."""
    text = text.strip()
    try:
        return json.loads(text), None
    except json.JSONDecodeError as exc:
        error = f"invalid JSON ({exc.msg} at {exc.pos})"
    try:  # a valid value followed only by stray closing brackets: `{…}}`
        value, end = json.JSONDecoder().raw_decode(text)
        if not text[end:].strip(" \t\r\n}]"):
            return value, None
    except ValueError:
        pass
    if not text or text[0] not in "{[":
        return None, error
    import json_repair  # imported on first broken JSON only

    try:
        value = json_repair.loads(text)
    except Exception:  # json-repair raises assorted errors on hopeless input
        return None, error
    if isinstance(value, (dict, list)) and value:
        return value, "repaired " + error
    return None, error


def _arguments(value: Any) -> tuple[dict[str, Any] | None, str | None]:
    if value is None:
        return {}, None
    if isinstance(value, str):  # arguments given as a JSON string
        if not value.strip():
            return {}, None
        value, note = load_json(value)
        if value is None:
            return None, f"arguments are not JSON: {note}"
    if isinstance(value, dict):
        return value, None
    return None, f"arguments are a {type(value).__name__}, not an object"


def call_parts(obj: Any, *, loose: bool = False) -> tuple[str, dict[str, Any]] | str:
    """(name, arguments) from a call-shaped dict, else an error string.

    Accepts {"name", "arguments"|"parameters"} (arguments may be a JSON string) and OpenAI's
    {"type": "function", "function": {...}}. With `loose`, the keys other than the name become
    the arguments ({"name": "weather", "city": "Paris"}), which small models emit.
    """
    if not isinstance(obj, dict):
        return f"a call must be an object, got {type(obj).__name__}"
    inner = obj.get("function")
    if isinstance(inner, dict):
        return call_parts(inner, loose=loose)
    name_key = next((k for k in NAME_KEYS if isinstance(obj.get(k), str)), None)
    if name_key is None:
        return "a call needs a name"
    name = obj[name_key].strip()
    arg_key = next((k for k in ARG_KEYS if k in obj), None)
    if arg_key is None:
        if not loose:
            return f"call to {name!r} has no arguments field"
        rest = {k: v for k, v in obj.items() if k not in (name_key, "id", "type")}
        return name, rest
    args, error = _arguments(obj[arg_key])
    if args is None:
        return f"call to {name!r}: {error}"
    return name, args


def call_shaped(text: str) -> bool:
    """Whether `text` is nothing but calls written as JSON: one or more objects (or lists of them),
    perhaps in a ``` fence, each naming something as a call does (`{"name": …}`); the name need not
    be a tool's, which is how a small model asked for an answer writes one anyway."""
    body = text.strip()
    if body.startswith("```"):
        body = body.split("\n", 1)[1] if "\n" in body else ""
        body = body.strip().removesuffix("```").strip()
    found, i = False, 0
    while i < len(body):
        if body[i].isspace():
            i += 1
            continue
        if body[i] not in "{[":
            return False
        end = json_end(body, i) or len(body)
        value, _ = load_json(body[i:end])
        items = value if isinstance(value, list) else [value]
        if not items or not all(_names_a_call(item) for item in items):
            return False
        found, i = True, end
    return found


def _names_a_call(obj: Any) -> bool:
    """An object with a call's name key (whatever its arguments look like)."""
    if not isinstance(obj, dict):
        return False
    inner = obj.get("function")
    return _names_a_call(inner) if isinstance(inner, dict) else any(isinstance(obj.get(k), str) for k in NAME_KEYS)
