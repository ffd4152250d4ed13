"""Functionary v3.2: each message opens with `>>>recipient` and a newline; `>>>all` is the
answer to the user, `>>>name` is followed by the call's JSON arguments, `>>>python` by code."""

from __future__ import annotations

import json
import re
from typing import Any

from tars.toolcalls.jsoncalls import json_calls, line_start
from tars.toolcalls.jsonish import json_end
from tars.toolcalls.markup import Context, Markup, Outcome, drop

__all__ = ["MARKUPS", "render"]

_HEAD = re.compile(r">>>([\w.\-]+)\n\s*")
_HEAD_SO_FAR = re.compile(r">{1,3}(?:[\w.\-]+(?:\n\s*)?)?")


def render(calls: list[tuple[str, dict[str, Any]]]) -> str:
    return "\n".join(f">>>{n}\n{json.dumps(a, ensure_ascii=False)}" for n, a in calls)


def _accept(text: str, i: int, final: bool, ctx: Context) -> bool | None:
    """`>>>name` + newline + `{` at the start of a line (or `>>>python` + code); `>>>all` is
    prose, its header dropped by its own markup."""
    if not line_start(text, i):
        return False
    m = _HEAD.match(text, i)
    if m is None or m.end() == len(text):
        return None if not final and _HEAD_SO_FAR.fullmatch(text, i) else False
    name = m.group(1)
    return name != "all" and (text[m.end()] == "{" or name == "python")


def _end(text: str, start: int, final: bool) -> int | None:
    m = _HEAD.match(text, start - 3)
    j = m.end() if m else start
    if j < len(text) and text[j] == "{":
        stop = json_end(text, j)
        return stop if stop is not None else (len(text) if final else None)
    k = text.find("\n>>>", j)  # code: up to the next message
    return k + 1 if k >= 0 else (len(text) if final else None)


def _call(body: str, ctx: Context) -> Outcome:
    name, _, rest = body.partition("\n")
    rest = rest.strip()
    if not rest.startswith("{"):
        return Outcome(calls=[(name, {"code": rest})])
    got = json_calls('{"name": "", "arguments": ' + rest + "}", ctx)
    got.calls = [(name, a) for _, a in got.calls]
    return got


MARKUPS = (
    Markup(">>>", _end, _call, "functionary_v32", accept=_accept),
    drop(">>>all\n", "functionary_v32"),
)
