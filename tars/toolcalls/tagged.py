"""JSON calls after a family's own tag: Granite `<|tool_call|>[...]`, Gemma
`<function_call>{...}</function_call>`, Nemotron `<TOOLCALL>[...]</TOOLCALL>`, Jamba
`<tool_calls>[...]</tool_calls>`, Phi-4-mini / FireFunction `functools[...]`, Command R7B
`<|START_ACTION|>[...]<|END_ACTION|>`, LongCat `<longcat_tool_call>{...}</longcat_tool_call>`, InternLM
`<|action_start|><|plugin|>{...}<|action_end|>`, and `<function name="x">{...}</function>`."""

from __future__ import annotations

from tars.toolcalls.jsoncalls import json_calls, json_then, strip_closers
from tars.toolcalls.markup import Context, Markup, Outcome, Region, drop, until
from tars.toolcalls.pythonic import pythonic_calls

__all__ = ["MARKUPS"]


def _tagged(closer: str):
    def handle(body: str, ctx: Context) -> Outcome:
        body = strip_closers(body, closer) if closer else body.strip()
        if not body:
            return Outcome(errors=["dropped an empty tool-call tag"])
        if body[0] in "[{":
            return json_calls(body, ctx)
        return pythonic_calls(body, ctx)  # Gemma sometimes writes name(arg=...) inside the tag

    return handle


def _named_function(body: str, ctx: Context) -> Outcome:
    name, sep, rest = body.partition('">')
    if not sep:
        return Outcome(errors=[f"dropped a <function name=…> call without a name: {body[:80]!r}"])
    rest = strip_closers(rest, "</function>")
    got = json_calls('{"name": "", "arguments": ' + (rest or "{}") + "}", ctx)
    got.calls = [(name.strip(), a) for _, a in got.calls]
    return got


def _accept_functools(text: str, i: int, final: bool, ctx: Context) -> bool | None:
    j = i + len("functools")
    rest = text[j:j + 3].lstrip()
    if not rest:
        return None if not final else False
    return rest.startswith("[")


MARKUPS = (
    Markup("<tool_calls>", json_then("</tool_calls>"), _tagged("</tool_calls>"), "jamba"),
    Markup("functools", json_then(), _tagged(""), "phi4_mini", accept=_accept_functools),
    Markup("<|START_ACTION|>", json_then("<|END_ACTION|>"), _tagged("<|END_ACTION|>"), "command_r7b"),
    Markup('<function name="', until("</function>"), _named_function, "hermes"),
    drop("<|START_RESPONSE|>", "command_r7b"),
    drop("<|END_RESPONSE|>", "command_r7b"),
    Markup("<|tool_call|>", json_then(), _tagged(""), "granite"),
    Markup("<function_call>", json_then("</function_call>"), _tagged("</function_call>"), "gemma"),
    Markup("<TOOLCALL>", json_then("</TOOLCALL>"), _tagged("</TOOLCALL>"), "nemotron"),
    Markup("<longcat_tool_call>", json_then("</longcat_tool_call>"), _tagged("</longcat_tool_call>"), "longcat"),
    Markup("<|action_start|><|plugin|>", json_then("<|action_end|>"), _tagged("<|action_end|>"), "internlm"),
)

REGIONS = (Region("<|START_THINKING|>", ("<|END_THINKING|>",)),)
