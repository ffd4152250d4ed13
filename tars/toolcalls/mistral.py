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
_JSON_NEAR = 40  # how far past the token a list may start after junk (`[TOOL_CALLS] junk [{…}]`)


def _json_later(text: str, start: int, final: bool) -> int | None:
    """After junk: the block runs to the end of the first JSON list/object close by, if any."""
    window = text[start:start + _JSON_NEAR]
    hits = [i for i in (window.find("["), window.find("{")) if i >= 0]
    if not hits:
        if not final and len(text) - start < _JSON_NEAR:
            return None
        return start  # nothing usable: only the token is dropped
    return _LIST_END(text, start + min(hits), final)


def _end(text: str, start: int, final: bool) -> int | None:
    rest = text[start:].lstrip()
    if not rest:
        return len(text) if final else None
    if rest[0] in "[{":
        return _LIST_END(text, start, final)
    m = _HEAD.match(text, start)
    j = m.end() if m else start
    if m and j == len(text):
        return len(text) if final else None
    if m and (m.group(3) or text[j] == "{"):
        if text[j] != "{":
            return len(text) if final and j == len(text) else j
        stop = json_end(text, j)
        return stop if stop is not None else (len(text) if final else None)
    if m and text[j] == "[" and not final and any(t.startswith(text[j:j + 9]) for t in _TAGS):
        return None  # may still become [ARGS] or [CALL_ID]
    return _json_later(text, start, final)


def _handle(body: str, ctx: Context) -> Outcome:
    body = strip_closers(body, "[/TOOL_CALLS]")
    if not body:
        return Outcome(errors=["dropped a [TOOL_CALLS] with no call after it"])
    if body[0] in "[{":
        return json_calls(body, ctx)
    m = _HEAD.match(body)
    args = body[m.end():].strip() if m else ""
    if m and args.startswith("{"):
        got = json_calls('{"name": "", "arguments": ' + args + "}", ctx)
        got.calls = [(m.group(1), a) for _, a in got.calls]
        return got
    start = min((i for i in (body.find("["), body.find("{")) if i >= 0), default=-1)
    if start >= 0:  # junk before the list
        return json_calls(body[start:], ctx)
    return Outcome(text=body if not m or " " in body.strip() else "",
                   errors=[f"dropped [TOOL_CALLS] without arguments: {body[:80]!r}"])


MARKUPS = (Markup("[TOOL_CALLS]", _end, _handle, "mistral"),)
