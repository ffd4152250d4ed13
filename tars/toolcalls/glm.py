"""GLM-4.5/4.6/4.7: `<tool_call>name<arg_key>k</arg_key><arg_value>v</arg_value></tool_call>`
(the same opener as Hermes, told apart by its body)."""

from __future__ import annotations

import re

from tars.toolcalls.markup import Context, Outcome

__all__ = ["is_glm", "glm_calls"]

_HEAD = re.compile(r"\s*([^\s{<\[\"]+)\s*(?=<arg_key>|$)", re.S)
_PAIR = re.compile(r"<arg_key>(.*?)</arg_key>\s*<arg_value>(.*?)(?:</arg_value>|\Z)", re.S)


def is_glm(body: str, format: str = "") -> bool:
    """GLM's body: a name then <arg_key> pairs (a bare name counts only when the format is GLM)."""
    if not _HEAD.match(body):
        return False
    return "<arg_key>" in body or (format == "glm" and not body.strip().startswith(("{", "[", "<")))


def glm_calls(body: str, ctx: Context) -> Outcome:
    from tars.toolcalls.qwen3_coder import _typed

    m = _HEAD.match(body)
    if m is None:  # no function name before the arguments: not a call, the text stays prose
        return Outcome(reject=True)
    name = m.group(1)
    props = ctx.schema(name).get("properties", {})
    args = {k.strip(): _typed(v.strip(), props.get(k.strip(), {})) for k, v in _PAIR.findall(body)}
    return Outcome(calls=[(name, args)])
