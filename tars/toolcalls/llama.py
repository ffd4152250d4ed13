"""Llama 3.x: JSON `{"name", "parameters"}` calls after `<|python_tag|>` (several separated by
`;`), or a built-in tool's pythonic call; Llama 4's and LFM2's marked pythonic lists. Bare JSON
is handled with the Hermes family."""

from __future__ import annotations

from tars.toolcalls.jsoncalls import bare_calls
from tars.toolcalls.markup import Context, Markup, Outcome, until
from tars.toolcalls.pythonic import pythonic_calls

__all__ = ["MARKUPS"]


def _python_tag(body: str, ctx: Context) -> Outcome:
    for closer in ("<|eom_id|>", "<|eot_id|>"):
        body = body.replace(closer, "")
    body = body.strip()
    if body.startswith("{"):
        return bare_calls(body[1:], ctx, "{")
    if body.startswith("[") and body[1:].lstrip().startswith("{"):
        from tars.toolcalls.jsoncalls import json_calls

        return json_calls(body, ctx)
    got = pythonic_calls(body, ctx)
    if got.errors and not got.calls:  # raw code for the code interpreter
        return Outcome(calls=[("python", {"code": body})])
    # built-in tools are written `brave_search.call(query=...)`: the tool is brave_search
    got.calls = [(n.removesuffix(".call"), a) for n, a in got.calls]
    return got


def _python_start(body: str, ctx: Context) -> Outcome:
    """Llama 4: `<|python_start|>[f(a=1)]<|python_end|>`."""
    return pythonic_calls(body.replace("<|python_end|>", ""), ctx)


def _lfm2(body: str, ctx: Context) -> Outcome:
    """LFM2: `<|tool_call_start|>[f(a=1)]<|tool_call_end|>`."""
    return pythonic_calls(body.replace("<|tool_call_end|>", ""), ctx)


MARKUPS = (
    Markup("<|python_tag|>", until("<|eom_id|>", "<|eot_id|>"), _python_tag, "llama3_json"),
    Markup("<|python_start|>", until("<|python_end|>"), _python_start, "pythonic"),
    Markup("<|tool_call_start|>", until("<|tool_call_end|>"), _lfm2, "lfm2"),
)
