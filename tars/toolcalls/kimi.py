"""Kimi K2: `<|tool_calls_section_begin|><|tool_call_begin|>functions.name:0
<|tool_call_argument_begin|>{json}<|tool_call_end|><|tool_calls_section_end|>`."""

from __future__ import annotations

import re

from tars.toolcalls.jsoncalls import json_calls
from tars.toolcalls.markup import Context, Markup, Outcome, until

__all__ = ["MARKUPS"]

_CALL = re.compile(r"<\|tool_call_begin\|>\s*(.*?)\s*<\|tool_call_argument_begin\|>(.*?)"
                   r"(?:<\|tool_call_end\|>|\Z)", re.S)


def _name(raw: str) -> str:
    name = raw.strip().removeprefix("functions.")
    return re.sub(r":\d+$", "", name)


def _section(body: str, ctx: Context) -> Outcome:
    out = Outcome()
    for raw_name, args in _CALL.findall(body.replace("<|tool_calls_section_end|>", "")):
        got = json_calls('{"name": "", "arguments": ' + (args.strip() or "{}") + "}", ctx)
        out.calls += [(_name(raw_name), a) for _, a in got.calls]
        out.errors += got.errors
        out.notes += got.notes
        out.reject = out.reject or got.reject  # a call that never completes: the block is prose
    if not out.calls and not out.errors:
        out.errors.append("dropped an empty Kimi tool-call section")
    return out


MARKUPS = (Markup("<|tool_calls_section_begin|>", until("<|tool_calls_section_end|>"), _section, "kimi_k2"),)
