"""The tool registry: the one place calls are looked up, validated, confirmed and run.

Built-in tools, MCP tools and rescued calls all go through `ToolRegistry.run`, so the loop in
`session.py` never changes when a new source of tools arrives. Every failure becomes an error
`ToolResult` for the model; nothing raised by a tool escapes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from tars.errors import ToolArgumentsInvalid, ToolDeclined, ToolDenied, ToolError, ToolNotFound, ToolTimeout
from tars.events import ToolCall
from tars.tools.base import Policy, Tool, ToolResult
from tars.tools.selection import ToolSelection

__all__ = ["ToolRegistry", "Confirm", "approve_all"]

# Asked before a call whose policy is "ask"; returns True to run it. None means "cannot ask".
Confirm = Callable[[Tool, ToolCall], bool]


def approve_all(tool: Tool, call: ToolCall) -> bool:
    """`--yes`: every call that would ask goes ahead."""
    return True


approve_all.approves_all = True  # type: ignore[attr-defined]  # MCP sampling and elicitation may go ahead too


class ToolRegistry:
    """Tools by wire name, with aliases, policy overrides and change listeners. A tool marked
    `unavailable` is kept aside: never listed to models, looked up or run, only reported."""

    def __init__(self, tools: Iterable[Tool] = (), *, policies: dict[str, Policy] | None = None):
        self._tools: dict[str, Tool] = {}
        self._unavailable: dict[str, Tool] = {}
        self._policies = dict(policies or {})
        self._listeners: list[Callable[[ToolRegistry], None]] = []
        self._lock = threading.RLock()
        self._allow: Callable[[Tool], bool] | None = None  # a role's tools; None: every tool
        self._withheld: dict[str, Tool] = {}  # tools the role leaves out
        for tool in tools:
            self.add(tool)

    # -- membership -------------------------------------------------------------------------
    def add(self, tool: Tool) -> None:
        with self._lock:
            for kept in (self._tools, self._unavailable, self._withheld):
                kept.pop(tool.name, None)
            self._place(tool)
        self._changed()

    def withheld(self) -> list[Tool]:
        """The tools the role leaves out (they come back with another role)."""
        with self._lock:
            return list(self._withheld.values())

    def unavailable(self) -> list[Tool]:
        """The tools that cannot work as configured, each with its `unavailable` reason."""
        with self._lock:
            return list(self._unavailable.values())

    def remove(self, name: str) -> None:
        with self._lock:
            self._tools.pop(name, None)
            self._withheld.pop(name, None)
        self._changed()

    def replace_source(self, source: str, tools: Iterable[Tool]) -> None:
        """Swap every tool from `source` (an MCP server) for a new list, notifying once."""
        with self._lock:
            for kept in (self._tools, self._withheld):
                for name in [n for n, t in kept.items() if t.source == source]:
                    del kept[name]
            for tool in tools:
                self._place(tool)
        self._changed()

    def restrict(self, allow: ToolSelection | None) -> None:
        """Keep only the tools `allow` allows, now and as more arrive (a role's `tools`); None
        brings every tool back."""
        with self._lock:
            self._allow = allow.allows if allow is not None else None
            every = [*self._withheld.values(), *self._tools.values()]
            self._withheld, self._tools = {}, {}
            for tool in every:
                self._place(tool)
        self._changed()

    def _place(self, tool: Tool) -> None:
        """Listed as unavailable (whatever the role), offered, or withheld by the role."""
        if tool.unavailable:
            self._unavailable[tool.name] = tool
        elif self._allow is None or self._allow(tool):
            self._tools[tool.name] = tool
        else:
            self._withheld[tool.name] = tool

    def subscribe(self, listener: Callable[[ToolRegistry], None]) -> None:
        """Call `listener(registry)` whenever the tool set changes (the router learns from it)."""
        self._listeners.append(listener)

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener(self)

    def __iter__(self) -> Iterator[Tool]:
        with self._lock:
            return iter(list(self._tools.values()))

    def __len__(self) -> int:
        return len(self._tools)

    def __contains__(self, name: str) -> bool:
        return self.get(name) is not None

    def get(self, name: str) -> Tool | None:
        """Find a tool by wire name or alias (`server.tool`)."""
        with self._lock:
            if name in self._tools:
                return self._tools[name]
            for tool in self._tools.values():
                if name in tool.aliases:
                    return tool
        return None

    def not_found(self, name: str) -> str:
        """What a caller of a tool that is not here is told: why it is unavailable, or what is."""
        off = self._unavailable.get(name)
        if off is not None:
            return f"{name} is not available: {off.unavailable}"
        if name in self._withheld:
            return f"{name} is not offered in this conversation's role; offered: {', '.join(sorted(self._tools))}"
        return f"unknown tool {name!r}; offered: {', '.join(sorted(self._tools))}"

    def specs(self, names: Iterable[str] | None = None) -> list[dict[str, Any]]:
        tools = list(self) if names is None else [t for n in names if (t := self.get(n))]
        return [t.spec() for t in tools]

    def overridden(self, name: str) -> bool:
        """Whether TARS_TOOL_POLICY sets this tool's policy."""
        tool = self.get(name)
        return self._override(tool) is not None if tool is not None else name in self._policies

    def _override(self, tool: Tool) -> Policy | None:
        """The configured override, by the tool's name or an alias ("my.srv.ctrl", as the user
        writes an MCP tool of a server whose name has a dot)."""
        return next((self._policies[key] for key in (tool.name, *tool.aliases) if key in self._policies), None)

    def policy(self, tool: Tool, arguments: dict[str, Any] | None = None) -> Policy:
        """The override for this tool if one is configured, else its policy for these arguments."""
        if (override := self._override(tool)) is not None:
            return override
        if tool.policy_for is not None and arguments is not None:
            return tool.policy_for(arguments)
        return tool.policy

    # -- running ----------------------------------------------------------------------------
    def run(self, call: ToolCall, *, confirm: Confirm | None = None) -> ToolResult:
        """Validate, confirm and run one call; every failure is an error result."""
        tool = self.get(call.name)
        try:
            if tool is None:
                raise ToolNotFound(self.not_found(call.name))
            validate_arguments(tool, call.arguments)
            self._check_policy(tool, call, confirm)
            output = _call_with_timeout(tool, call.arguments)
        except ToolError as exc:
            return ToolResult(call_id=call.id, name=call.name, output=str(exc), is_error=True,
                              skipped=isinstance(exc, ToolDeclined | ToolNotFound))
        except Exception as exc:  # a tool's own bug is the model's problem to hear about, not a crash
            return ToolResult(
                call_id=call.id, name=call.name, output=f"{type(exc).__name__}: {exc}", is_error=True
            )
        return ToolResult(call_id=call.id, name=tool.name, output=output)

    def _check_policy(self, tool: Tool, call: ToolCall, confirm: Confirm | None) -> None:
        policy = self.policy(tool, call.arguments)
        if policy == "deny":
            raise ToolDenied(f"{tool.name} is disabled by policy (deny)")
        if policy == "ask":
            if confirm is None:
                raise ToolDenied(
                    f"{tool.name} needs confirmation and this run cannot ask; "
                    "run it interactively or pass --yes"
                )
            if not confirm(tool, call):
                raise ToolDeclined(f"the user declined {tool.name}")


def validate_arguments(tool: Tool, arguments: dict[str, Any]) -> None:
    """Raise ToolArgumentsInvalid with the first schema violation, in words a model can fix."""
    import jsonschema  # imported on first call: start-up stays fast

    if not isinstance(arguments, dict):
        raise ToolArgumentsInvalid(f"arguments for {tool.name} must be a JSON object")
    validator_cls = jsonschema.validators.validator_for(tool.parameters, jsonschema.Draft202012Validator)
    error = jsonschema.exceptions.best_match(validator_cls(tool.parameters).iter_errors(arguments))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "arguments"
        why = _alternatives(error) or error.message
        raise ToolArgumentsInvalid(f"invalid arguments for {tool.name}: {where}: {why}")


def _alternatives(error: Any) -> str | None:
    """'give location, or latitude and longitude' for an anyOf of required-only branches."""
    branches = error.validator_value if error.validator in ("anyOf", "oneOf") else None
    if not isinstance(branches, list) or not all(isinstance(b, dict) and set(b) == {"required"} for b in branches):
        return None
    return "give " + ", or ".join(" and ".join(b["required"]) for b in branches)


def _call_with_timeout(tool: Tool, arguments: dict[str, Any]) -> Any:
    """Run the tool in a daemon thread so a hung tool cannot hold the session."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = tool.func(**arguments)
        except BaseException as exc:  # noqa: BLE001 - re-raised in the caller's thread
            box["error"] = exc

    thread = threading.Thread(target=target, name=f"tool:{tool.name}", daemon=True)
    thread.start()
    try:
        thread.join(tool.timeout)
    except KeyboardInterrupt:
        if tool.cancel is not None:
            tool.cancel()  # the call is abandoned: let its owner stop it (an MCP server gets a cancel)
        raise
    if thread.is_alive():
        raise ToolTimeout(f"{tool.name} did not finish within {tool.timeout:g} s")
    if "error" in box:
        raise box["error"]
    return box.get("value")
