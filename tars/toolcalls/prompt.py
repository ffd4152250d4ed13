"""Describe tools to a model without native tool calling, with an example in its own format."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from tars.toolcalls.formats import get_format

__all__ = ["prompt_for", "example_arguments"]

_SAMPLES = {"string": "example", "integer": 1, "number": 1.5, "boolean": True, "array": [], "object": {}}


def example_arguments(schema: dict[str, Any]) -> dict[str, Any]:
    """Plausible arguments for a schema: its required properties, with typed placeholder values."""
    props = schema.get("properties") or {}
    names = schema.get("required") or list(props)[:2]
    args = {}
    for name in names:
        prop = props.get(name, {})
        kind = prop.get("type", "string")
        kind = kind[0] if isinstance(kind, list) else kind
        args[name] = prop["enum"][0] if prop.get("enum") else prop.get("default", _SAMPLES.get(kind, "example"))
    return args


def _spec(tool: Any) -> dict[str, Any]:
    if isinstance(tool, str):
        return {"name": tool, "description": "", "parameters": {"type": "object", "properties": {}}}
    spec = tool.spec() if not isinstance(tool, dict) else \
        tool["function"] if isinstance(tool.get("function"), dict) else tool
    return {key: spec[key] for key in ("name", "description", "parameters") if key in spec}  # what a model reads


def prompt_for(format: str | None, tools: Iterable[Any]) -> str:
    """System-prompt text listing `tools` (names, specs or Tool objects) and how to call them."""
    fmt = get_format(format or "json")
    specs = [_spec(t) for t in tools]
    if not specs:
        return ""
    listing = "\n".join(json.dumps({"type": "function", "function": s}, ensure_ascii=False) for s in specs)
    first = specs[0]
    example = fmt.render([(first["name"], example_arguments(first.get("parameters") or {}))])
    return (
        "# Tools\n\nYou may call one or more functions to help with the user's request. "
        "The functions are described as JSON inside <tools></tools>:\n"
        f"<tools>\n{listing}\n</tools>\n\n{fmt.instructions}\n{example}\n\n"
        "Call a function only when it is needed, with arguments that match its parameters; "
        "otherwise answer in plain text. After a call, wait for its result."
    )
