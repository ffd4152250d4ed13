"""JSON calls after a family's own tag: Granite `<|tool_call|>[...]`, Gemma
`<function_call>{...}</function_call>`, Nemotron `<TOOLCALL>[...]</TOOLCALL>`."""

from __future__ import annotations

from tars.toolcalls.jsoncalls import json_calls, json_then, strip_closers
from tars.toolcalls.markup import Context, Markup, Outcome
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


MARKUPS = (
    Markup("<|tool_call|>", json_then(), _tagged(""), "granite"),
    Markup("<function_call>", json_then("</function_call>"), _tagged("</function_call>"), "gemma"),
    Markup("<TOOLCALL>", json_then("</TOOLCALL>"), _tagged("</TOOLCALL>"), "nemotron"),
)
