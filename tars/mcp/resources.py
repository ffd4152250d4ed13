"""Resources and prompts of MCP servers: listing, reading, getting a prompt, completing arguments.

These run on the manager's loop over a server's open session (`McpManager.run`). What comes back
is plain data (dicts and strings), so the CLI and the REPL never touch the SDK. A read resource
becomes text the way a tool result does: text as text, binary content saved under the cache dir
and named (see `tars.mcp.content`).
"""

from __future__ import annotations

from typing import Any

import mcp_types as types

from tars.mcp.content import render_result

__all__ = ["list_resources", "read_resource", "list_prompts", "get_prompt", "complete_argument"]

_MAX_PAGES = 20


async def _pages(fetch: Any, attr: str) -> list[Any]:
    result = await fetch(None)
    items = list(getattr(result, attr))
    for _ in range(_MAX_PAGES):
        if not result.next_cursor:
            break
        result = await fetch(types.PaginatedRequestParams(cursor=result.next_cursor))
        items.extend(getattr(result, attr))
    return items


def _offers(session: Any, what: str) -> bool:
    caps = session.server_capabilities
    return caps is not None and getattr(caps, what, None) is not None


async def list_resources(session: Any) -> list[dict[str, Any]]:
    """Resources and resource templates: uri (or uriTemplate), name, description, mime type."""
    if not _offers(session, "resources"):
        return []
    rows = [{"uri": str(r.uri), "name": r.name, "description": r.description or "", "mime_type": r.mime_type or ""}
            for r in await _pages(lambda p: session.list_resources(params=p), "resources")]
    templates = await _pages(lambda p: session.list_resource_templates(params=p), "resource_templates")
    rows += [{"uri_template": t.uri_template, "name": t.name, "description": t.description or "",
              "mime_type": t.mime_type or ""} for t in templates]
    return rows


async def read_resource(session: Any, uri: str) -> str:
    """A resource's contents as text for the model or the terminal (binary saved and named)."""
    result = await session.read_resource(uri)
    blocks = [types.EmbeddedResource(type="resource", resource=c) for c in result.contents]
    output = render_result(blocks)
    return output if isinstance(output, str) else output.text


async def list_prompts(session: Any) -> list[dict[str, Any]]:
    """Prompts: name, description, arguments (name, description, required)."""
    if not _offers(session, "prompts"):
        return []
    return [{"name": p.name, "description": p.description or "",
             "arguments": [{"name": a.name, "description": a.description or "", "required": bool(a.required)}
                           for a in p.arguments or ()]}
            for p in await _pages(lambda p: session.list_prompts(params=p), "prompts")]


async def get_prompt(session: Any, name: str, arguments: dict[str, str]) -> list[dict[str, str]]:
    """A prompt filled in: its messages as role and text (resources inlined, media named)."""
    result = await session.get_prompt(name, arguments)
    messages = []
    for message in result.messages:
        output = render_result([message.content])
        messages.append({"role": message.role, "text": output if isinstance(output, str) else output.text})
    return messages


async def complete_argument(session: Any, ref: dict[str, str], argument: str, value: str) -> list[str]:
    """The server's completions for a prompt's (`{"prompt": name}`) or a template's
    (`{"template": uri}`) argument; [] when it offers none."""
    if not _offers(session, "completions"):
        return []
    reference: Any = (types.PromptReference(type="ref/prompt", name=ref["prompt"]) if "prompt" in ref
                      else types.ResourceTemplateReference(type="ref/resource", uri=ref["template"]))
    result = await session.complete(reference, {"name": argument, "value": value})
    return list(result.completion.values)
