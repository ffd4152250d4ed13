"""Qwen3-Coder's XML calls, `<function=name><parameter=x>value</parameter></function>`, and
Llama 3.1's `<function=name>{json}</function>` (same opener, JSON body)."""

from __future__ import annotations

import json
import re
from typing import Any

from tars.toolcalls.markup import Context, Markup, Outcome, until

__all__ = ["xml_function_calls", "MARKUPS"]

_FUNCTION = re.compile(r"<function=([^>\n]+)>(.*?)(?:</function>|\Z)", re.S)
_PARAMETER = re.compile(r"<parameter=([^>\n]+)>(.*?)(?:</parameter>|(?=<parameter=)|(?=</function>)|\Z)", re.S)


def _types(schema: dict[str, Any]) -> list[str]:
    """The JSON types a property allows, looking into anyOf/oneOf (Optional[int] and friends)."""
    kind = schema.get("type")
    if kind:
        return list(kind) if isinstance(kind, list) else [kind]
    return [t for key in ("anyOf", "oneOf") for sub in schema.get(key) or () if isinstance(sub, dict)
            for t in _types(sub)]


def _typed(value: str, schema: dict[str, Any]) -> Any:
    """Parameter values are text; convert them when the tool's schema says otherwise."""
    kinds = _types(schema)
    text = value.strip()
    if "null" in kinds and text.lower() in ("null", "none"):
        return None
    if not kinds or "string" in kinds:
        if not kinds and text.startswith(("{", "[")):
            try:
                return json.loads(text)
            except ValueError:
                return value
        return value
    try:
        if "integer" in kinds and re.fullmatch(r"[-+]?\d+", text):
            return int(text)
        if ("number" in kinds or "float" in kinds) and re.fullmatch(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?", text):
            return float(text) if any(c in text for c in ".eE") else int(text)
        if "boolean" in kinds and text.lower() in ("true", "false"):
            return text.lower() == "true"
        return json.loads(text)
    except ValueError:
        return value


def _strip_newline(value: str) -> str:
    # the format puts each value on its own lines; strip exactly that framing
    if value.startswith("\n"):
        value = value[1:]
    if value.endswith("\n"):
        value = value[:-1]
    return value


def xml_function_calls(body: str, ctx: Context) -> Outcome:
    from tars.toolcalls.jsoncalls import json_calls

    out = Outcome()
    for match in _FUNCTION.finditer(body):
        name, inner = match.group(1).strip(), match.group(2)
        if inner.strip().startswith("{"):  # Llama 3.1: <function=name>{json}</function>
            got = json_calls(json.dumps({"name": name}) [:-1] + ', "arguments": ' + inner.strip() + "}", ctx)
            out.calls += got.calls
            out.errors += got.errors
            out.notes += got.notes
            out.reject = out.reject or got.reject  # a call that never completes: the block is prose
            continue
        props = ctx.schema(name).get("properties", {})
        args = {}
        for p in _PARAMETER.finditer(inner):
            key = p.group(1).strip()
            args[key] = _typed(_strip_newline(p.group(2)), props.get(key, {}))
        out.calls.append((name, args))
    if not out.calls and not out.errors:
        out.errors.append(f"dropped a tool call without <function=…>: {body.strip()[:80]!r}")
    return out


def _function_block(body: str, ctx: Context) -> Outcome:
    return xml_function_calls("<function=" + body, ctx)


def _seed(body: str, ctx: Context) -> Outcome:
    """Seed-OSS: `<seed:tool_call><function=name><parameter=x>…</seed:tool_call>`."""
    return xml_function_calls(body.replace("</seed:tool_call>", ""), ctx)


_INVOKE = re.compile(r'<invoke name="([^"]+)">(.*?)(?:</invoke>|\Z)', re.S)
_NAMED_PARAMETER = re.compile(r'<parameter name="([^"]+)">(.*?)(?:</parameter>|(?=<parameter )|\Z)', re.S)


def invoke_calls(body: str, ctx: Context) -> Outcome:
    """MiniMax-M2: `<minimax:tool_call><invoke name="x"><parameter name="a">1</parameter></invoke>`
    (Step3 writes the same with a `steptml:` prefix on each tag)."""
    body = body.replace("<steptml:", "<").replace("</steptml:", "</")
    out = Outcome()
    for name, inner in _INVOKE.findall(body):
        props = ctx.schema(name).get("properties", {})
        pairs = _NAMED_PARAMETER.findall(inner)
        out.calls.append((name, {k: _typed(_strip_newline(v), props.get(k, {})) for k, v in pairs}))
    if not out.calls:
        out.errors.append(f"dropped an <invoke> tool call without <invoke>: {body.strip()[:80]!r}")
    return out


MARKUPS = (
    Markup("<function=", until("</function>"), _function_block, "qwen3_coder"),
    Markup("<seed:tool_call>", until("</seed:tool_call>"), _seed, "seed_oss"),
    Markup("<minimax:tool_call>", until("</minimax:tool_call>"), invoke_calls, "minimax_m2"),
)
