"""JSON tool calls wherever they appear: after an opener (`<tool_call>`, `<|tool_call|>`,
`<function_call>`, `[TOOL_CALLS]`), in a ```json fence, or bare at the start of a line."""

from __future__ import annotations

import re
from typing import Any

from tars.toolcalls.jsonish import call_parts, json_end, load_json
from tars.toolcalls.markup import Context, EndFinder, Outcome

__all__ = ["json_then", "json_calls", "calls_from_value", "bare_json_end", "line_start", "accept_bare_object",
           "accept_bare_array", "strip_closers"]


def _skip_ws(text: str, i: int) -> int:
    while i < len(text) and text[i].isspace():
        i += 1
    return i


def json_then(*closers: str) -> EndFinder:
    """A block that is one JSON value, then optionally a closer; without JSON, up to a closer."""

    def end(text: str, start: int, final: bool) -> int | None:
        i = _skip_ws(text, start)
        if i == len(text):
            return len(text) if final else None
        if text[i] not in "{[":
            hits = [j + len(c) for c in closers if (j := text.find(c, start)) >= 0]
            return min(hits) if hits else (len(text) if final else None)
        stop = json_end(text, i)
        if stop is None:
            return len(text) if final else None
        j = _skip_ws(text, stop)
        rest = text[j:]
        stray = len(rest) - len(rest.lstrip("}] \t\r\n"))
        for closer in closers:
            if rest.startswith(closer):
                return j + len(closer)
            if stray and rest[stray:].startswith(closer):  # `{…}}</tool_call>`: one brace too many
                return j + stray + len(closer)
        tail = rest[stray:]
        if not final and (not rest or any(c.startswith(rest) or (stray and c.startswith(tail)) for c in closers)):
            return None  # the closer may still come
        if stray and not tail:  # `{…}}` at the very end: the extra brace goes with the call
            return len(text) if final else None
        return stop

    return end


def strip_closers(body: str, *closers: str) -> str:
    body = body.strip()
    for closer in closers:
        if body.endswith(closer):
            return body[: -len(closer)].strip()
    return body


def calls_from_value(value: Any, ctx: Context, *, loose_ok: bool = True) -> Outcome:
    """Calls from a parsed JSON object or list of objects."""
    if isinstance(value, dict) and isinstance(value.get("tool_calls"), list):
        value = value["tool_calls"]  # {"tool_calls": [...]} (llama.cpp's generic format)
    elif isinstance(value, dict) and isinstance(value.get("tool_call"), dict):
        value = value["tool_call"]
    items = value if isinstance(value, list) else [value]
    out = Outcome()
    for item in items:
        parts = call_parts(item)
        if isinstance(parts, str) and loose_ok and ctx.tools is not None and isinstance(item, dict):
            loose = call_parts(item, loose=True)  # {"name": "weather", "city": "Paris"} for an offered tool
            if not isinstance(loose, str) and ctx.tools.resolve(loose[0]):
                parts = loose
        if isinstance(parts, str):
            out.errors.append(parts)
        else:
            out.calls.append(parts)
    return out


def unfence(body: str) -> str:
    """The code inside a ``` fence that wraps a whole body, else the body."""
    body = body.strip()
    if body.startswith("```") and "\n" in body:
        body = body.split("\n", 1)[1].rstrip()
        return body[:-3] if body.endswith("```") else body
    return body


def _truncated(body: str) -> Outcome:
    """JSON the output ended inside (or that never closes) is not a call: it stays prose, verbatim,
    and is never run, even when only its closing brackets are missing."""
    return Outcome(reject=True, incomplete=True,
                   errors=[f"kept as prose: a tool call whose JSON never completes: {body[:80]!r}"])


def json_calls(body: str, ctx: Context) -> Outcome:
    """Calls from a JSON text (repaired once when broken; never when the output ended inside it)."""
    body = unfence(body)
    if body[:1] in ("{", "[") and json_end(body, 0) is None:
        return _truncated(body)
    value, note = load_json(body)
    if value is None:
        return Outcome(errors=[f"dropped a tool call: {note}: {body.strip()[:80]!r}"])
    out = calls_from_value(value, ctx)
    if note and out.calls:
        out.notes.append(note)
    return out


# -- bare JSON at the start of a line ---------------------------------------------------------
def line_start(text: str, i: int) -> bool:
    """At the start of a line, or of the answer right after a `</think>`."""
    j = text.rfind("\n", 0, i) + 1
    before = text[j:i].strip()
    return not before or before.endswith("</think>")


_BARE_OBJECT = re.compile(r'\{\s*"')
_BARE_ARRAY = re.compile(r'\[\s*\{\s*"')


def _lookahead(text: str, i: int, final: bool, pattern: re.Pattern[str], need: int) -> bool | None:
    if not line_start(text, i):
        return False
    head = text[i:i + need + 8]
    if pattern.match(head):
        return True
    # undecided while what we have is only white space after the bracket(s)
    if not final and len(text) - i < need + 8 and not head[1:].strip(" \t\r\n{["):
        return None
    return False


_NAMED_OBJECT = re.compile(r'\{\s*"(name|function|type)"\s*:')


def accept_bare_object(text: str, i: int, final: bool, ctx: Context) -> bool | None:
    verdict = _lookahead(text, i, final, _BARE_OBJECT, 2)
    if verdict is not False or ctx.format != "llama3_json":
        return verdict
    # the Llama 3.x JSON format: a call-shaped object counts after prose on the same line too
    head = text[i:i + 24]
    if _NAMED_OBJECT.match(head):
        return True
    if not final and len(text) - i < 24 and re.fullmatch(r'\{\s*("[a-z]*("\s*)?)?', head):
        return None  # may still become {"name":
    return False


def accept_bare_array(text: str, i: int, final: bool, ctx: Context) -> bool | None:
    return _lookahead(text, i, final, _BARE_ARRAY, 3)


def bare_json_end(text: str, start: int, final: bool) -> int | None:
    """One JSON value, then more objects separated by `;` (Llama 3.x writes several that way),
    and any stray closing brackets that run to the end of the text."""
    stop = json_end(text, start - 1)
    if stop is None:
        return len(text) if final else None
    while True:
        j = _skip_ws(text, stop)
        if j < len(text) and text[j] == ";":
            k = _skip_ws(text, j + 1)
            if k == len(text):
                return (stop if final else None)
            if text[k] != "{":
                return stop
            nxt = json_end(text, k)
            if nxt is None:
                return stop if final else None
            stop = nxt
            continue
        if j == len(text) and not final:
            return None
        rest = text[stop:]
        if rest.strip() and not rest.strip(" \t\r\n}]"):  # stray closers up to the end: `[{…}]]`
            return len(text) if final else None
        return stop


def bare_calls(body: str, ctx: Context, opener: str) -> Outcome:
    parts = [p for p in _split_semicolons(opener + body)]
    out = Outcome()
    for part in parts:
        got = json_calls(part, ctx)
        out.calls += got.calls
        out.errors += got.errors
        out.notes += got.notes
        out.reject = out.reject or got.reject
        out.incomplete = out.incomplete or got.incomplete
    return out


def _split_semicolons(text: str) -> list[str]:
    chunks, i = [], 0
    while i < len(text):
        i = _skip_ws(text, i)
        if i < len(text) and text[i] == ";":
            i += 1
            continue
        if i >= len(text):
            break
        stop = json_end(text, i) or len(text)
        chunks.append(text[i:stop])
        i = stop
    return chunks
