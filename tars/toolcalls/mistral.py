"""Mistral `[TOOL_CALLS] [{...}]`, v11 `[TOOL_CALLS]name{json}` and the newer
`[TOOL_CALLS]name[ARGS]{json}` (optionally with `[CALL_ID]id`)."""

from __future__ import annotations

import re

from tars.toolcalls.jsoncalls import json_calls, json_then, strip_closers
from tars.toolcalls.jsonish import json_end
from tars.toolcalls.markup import Context, Markup, Outcome

__all__ = ["MARKUPS"]

_HEAD = re.compile(r"\s*([^\s\[\]{}]+)(\[CALL_ID\][\w\-]*)?(\[ARGS\])?\s*")
_TAGS = ("[CALL_ID]", "[ARGS]")
_LIST_END = json_then("[/TOOL_CALLS]")


def _end(text: str, start: int, final: bool) -> int | None:
    rest = text[start:].lstrip()
    if not rest:
        return len(text) if final else None
    if rest[0] in "[{":
        return _LIST_END(text, start, final)
    m = _HEAD.match(text, start)
    if not m:
        return start  # `[TOOL_CALLS]` followed by nothing usable: drop the token
    j = m.end()
    if j == len(text):
        return len(text) if final else None
    if text[j] == "[" and not final and any(t.startswith(text[j:]) for t in _TAGS):
        return None
    if text[j] == "{":
        stop = json_end(text, j)
        return stop if stop is not None else (len(text) if final else None)
    return j


def _handle(body: str, ctx: Context) -> Outcome:
    body = strip_closers(body, "[/TOOL_CALLS]")
    if not body:
        return Outcome(errors=["dropped an empty [TOOL_CALLS]"])
    if body[0] in "[{":
        return json_calls(body, ctx)
    m = _HEAD.match(body)
    name, args = m.group(1), body[m.end():].strip()
    if not args:
        return Outcome(calls=[(name, {})])
    got = json_calls('{"name": "", "arguments": ' + args + "}", ctx)
    got.calls = [(name, a) for _, a in got.calls]
    return got


MARKUPS = (Markup("[TOOL_CALLS]", _end, _handle, "mistral"),)
