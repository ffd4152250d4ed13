"""MCP tools as tars Tools: provider-safe names, policy from annotations, small results.

Names: every provider accepts `^[a-zA-Z0-9_-]{1,64}$`, so a server's tool becomes
`<server>__<tool>`; other characters turn into `_`, the server part never contains `__` (so the
first `__` always splits server from tool), long names are cut and given a hash of the original,
and names that still collide get `_2`, `_3`… in sorted order of the original names, so the same
config gives the same names in every session. Users and the router may also write `server.tool`.

Policy: `readOnlyHint` -> auto (a read); `destructiveHint` -> ask; anything else, including an
unannotated tool, is a write: it runs without asking (as the built-in writes do) but is marked so
listings and the REPL show it.

Tool definitions travel as plain dicts (`name`, `description`, `input_schema`, `annotations`),
the same shape as the cache file, so nothing here imports the `mcp` SDK.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from tars.tools.base import Policy, Tool

__all__ = [
    "McpTool",
    "Effect",
    "NAME_RE",
    "assign_prefixes",
    "assign_names",
    "effect_of",
    "make_tools",
    "tool_definition",
    "tool_timeout",
]

NAME_RE = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
MAX_NAME = 64
MAX_PREFIX = 24
MAX_DESCRIPTION = 1024

Effect = Literal["read", "write", "destructive"]
Caller = Callable[[str, str, dict[str, Any]], Any]  # (server, original tool name, arguments) -> output


@dataclass(kw_only=True)
class McpTool(Tool):
    """A Tool served by an MCP server; remembers the server's own tool name and its effect."""

    server_tool: str = ""
    effect: Effect = "write"


def _clean(text: str) -> str:
    return re.sub(r"[^a-zA-Z0-9_-]", "_", text)


def _short_hash(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:6]


def _fit(clean: str, original: str, limit: int) -> str:
    """Cut `clean` to `limit` characters, keeping it unique with a hash of the original name."""
    if len(clean) <= limit:
        return clean
    return clean[: limit - 7] + "_" + _short_hash(original)


def _dedupe(wanted: dict[str, str], limit: int) -> tuple[dict[str, str], list[tuple[str, str, str]]]:
    """original -> unique name; a clash (original, wanted, given) gets `_2`, `_3`… in sorted order."""
    taken: set[str] = set()
    out: dict[str, str] = {}
    clashes: list[tuple[str, str, str]] = []
    for original in sorted(wanted):
        name, n = wanted[original], 1
        while name in taken:
            n += 1
            suffix = f"_{n}"
            name = wanted[original][: limit - len(suffix)] + suffix
        if n > 1:
            clashes.append((original, wanted[original], name))
        taken.add(name)
        out[original] = name
    return out, clashes


def assign_prefixes(server_names: Iterable[str]) -> tuple[dict[str, str], list[str]]:
    """Server name -> wire prefix (no `__` inside, at most 24 characters), and clash lines."""
    wanted = {}
    for name in server_names:
        clean = re.sub(r"_+", "_", _clean(name)).strip("_") or "server"
        wanted[name] = _fit(clean, name, MAX_PREFIX).rstrip("_")
    prefixes, clashes = _dedupe(wanted, MAX_PREFIX)
    lines = [f"MCP servers {o!r}: name {w!r} is taken, its tools are named {g}__…" for o, w, g in clashes]
    return prefixes, lines


def assign_names(prefix: str, server: str, tool_names: Iterable[str]) -> tuple[dict[str, str], list[str]]:
    """Tool name -> `prefix__tool` wire name for one server, and clash lines to show the user."""
    room = MAX_NAME - len(prefix) - 2
    wanted = {name: _fit(_clean(name) or "tool", name, room) for name in tool_names}
    names, clashes = _dedupe(wanted, room)
    lines = [
        f"MCP tool {server}.{o}: {prefix}__{w} is taken, so it is called {prefix}__{g}" for o, w, g in clashes
    ]
    return {o: f"{prefix}__{n}" for o, n in names.items()}, lines


def tool_timeout(timeout: float, max_timeout: float | None = None) -> float:
    """The registry's guard for an MCP tool: longer than a server start plus the longest call
    (progress extends a call up to `max_timeout`), so the MCP clocks fire first."""
    return timeout + max(timeout, max_timeout or 0.0) + 10


def effect_of(annotations: dict[str, Any] | None) -> Effect:
    """What a tool does to the world, from its MCP annotations (hints, not guarantees)."""
    annotations = annotations or {}
    if annotations.get("readOnlyHint") is True:
        return "read"
    if annotations.get("destructiveHint") is True:
        return "destructive"
    return "write"


_POLICY: dict[Effect, Policy] = {"read": "auto", "write": "auto", "destructive": "ask"}


def tool_definition(tool: Any) -> dict[str, Any]:
    """An SDK `Tool` as the plain dict this module and the cache use."""
    annotations = {}
    if tool.annotations is not None:
        hints = {"readOnlyHint": "read_only_hint", "destructiveHint": "destructive_hint",
                 "idempotentHint": "idempotent_hint", "openWorldHint": "open_world_hint"}
        annotations = {k: getattr(tool.annotations, a) for k, a in hints.items()
                       if getattr(tool.annotations, a, None) is not None}
    return {
        "name": tool.name,
        "description": tool.description or "",
        "input_schema": tool.input_schema or {"type": "object", "properties": {}},
        "annotations": annotations,
    }


def make_tools(
    server: str, prefix: str, definitions: list[dict[str, Any]], caller: Caller, *, timeout: float,
    cancel: Callable[[str], None] | None = None,
) -> tuple[list[McpTool], list[str]]:
    """Tools for one server's definitions, each calling `caller(server, tool, arguments)`."""
    names, clashes = assign_names(prefix, server, [d["name"] for d in definitions])
    tools = []
    for definition in definitions:
        original = definition["name"]
        effect = effect_of(definition.get("annotations"))
        schema = dict(definition.get("input_schema") or {})
        schema.setdefault("type", "object")  # every provider wants an object schema at the root
        schema.setdefault("properties", {})
        tools.append(
            McpTool(
                name=names[original],
                description=_describe(server, definition.get("description", "")),
                parameters=schema,
                func=_bind(caller, server, original),
                source=server,
                policy=_POLICY[effect],
                timeout=timeout,
                aliases=(f"{server}.{original}",),
                family=server,
                server_tool=original,
                effect=effect,
                cancel=(lambda: cancel(server)) if cancel is not None else None,
            )
        )
    return tools, clashes


def _describe(server: str, description: str) -> str:
    text = " ".join(description.split()) or f"a tool of the {server} MCP server"
    return text if len(text) <= MAX_DESCRIPTION else text[: MAX_DESCRIPTION - 1] + "…"


def _bind(caller: Caller, server: str, tool: str) -> Callable[..., Any]:
    def call(**arguments: Any) -> Any:
        return caller(server, tool, arguments)

    call.__name__ = f"{server}.{tool}"
    return call
