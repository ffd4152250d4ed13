"""`tars tools list` and `tars tools call`: every tool with its source and policy; run one directly.

`call` goes through `ToolRegistry.run`, so arguments are validated, the confirmation policy
applies (an `ask` tool runs only after a yes at a terminal, or with --yes) and failures come back
as error results, exactly as when a model calls the tool.
"""

from __future__ import annotations

from collections.abc import Iterable

import typer

__all__ = ["register"]


def _tools(config):
    """Built-in and (cached) MCP tools, as a new session would know them."""
    from tars.session.assembly import known_tools

    return known_tools(config)


def tell_policy_warnings(lines: Iterable[str]) -> None:
    """TARS_TOOL_POLICY warnings (names of no tool) on stderr, each once per process."""
    from tars.cli.settings import tell_once

    for line in lines:
        tell_once(line)


def _registry(config):
    from tars.mcp.policies import offline_notices
    from tars.tools import ToolRegistry
    from tars.tools.policy import policies_from_config

    tools = _tools(config)
    overrides = policies_from_config(config, tools)
    tell_policy_warnings(offline_notices(config, tools))
    return ToolRegistry(tools, policies=overrides), overrides


def confirmer(yes: bool):
    """--yes: allow; a terminal on stdin: ask there; otherwise nobody can answer (None: refused)."""
    import sys

    if yes:
        return lambda tool, call: True
    if not sys.stdin.isatty():
        return None

    def ask(tool, call) -> bool:
        import json

        shown = json.dumps(call.arguments, ensure_ascii=False)
        from tars.safe_text import terminal_safe

        print(terminal_safe(f"{tool.name}({shown[:200]})"), file=sys.stderr)
        return typer.confirm("Run this tool?", default=False, err=True)

    return ask


def register(app: typer.Typer) -> None:
    tools_app = typer.Typer(help="Tools: list every tool with its source and policy, or call one.",
                            no_args_is_help=True)
    app.add_typer(tools_app, name="tools")

    @tools_app.command("list")
    def list_command(as_json: bool = typer.Option(False, "--json", help="print the tools as JSON")) -> None:
        """Show every tool (built-in and MCP) with its source and confirmation policy, or why it is unavailable."""
        import json

        from tars.cli.settings import load_settings
        from tars.safe_text import json_safe, terminal_safe
        from tars.tools.listing import listing_lines, tool_rows

        registry, _ = _registry(load_settings())
        rows = tool_rows(registry)
        if as_json:
            print(json_safe(json.dumps([r.as_dict() for r in rows], indent=2, ensure_ascii=False)))
            return
        for line in listing_lines(rows):  # names and descriptions of MCP tools are a server's words
            print(terminal_safe(line))

    @tools_app.command("call")
    def call_command(
        name: str = typer.Argument(..., help="tool name, e.g. weather_now"),
        arguments: str = typer.Argument("{}", help="arguments as a JSON object"),
        yes: bool = typer.Option(False, "--yes", "-y", help="allow tools whose policy is ask"),
    ) -> int:
        """Run one tool with JSON arguments; print the result as JSON; exit 1 on an error result."""
        import json

        from tars.cli.jsonargs import json_object
        from tars.cli.settings import load_settings
        from tars.events import ToolCall

        args = json_object(arguments, example='{"location": "Lisbon"}')
        registry, _ = _registry(load_settings())
        if registry.get(name) is None:  # a name the user typed wrong: a usage error, not a tool's failure
            import difflib

            from tars.errors import UsageError

            close = difflib.get_close_matches(name, [t.name for t in registry], n=1, cutoff=0.6)
            raise UsageError(f"no tool named {name!r}" + (f"; did you mean {close[0]}?" if close else
                                                         "; `tars tools list` shows them"))
        result = registry.run(ToolCall(name=name, arguments=args), confirm=confirmer(yes))
        from tars.safe_text import json_safe
        from tars.tools.base import jsonable

        shown = {"tool": result.name, "is_error": result.is_error, "output": jsonable(result.output)}
        print(json_safe(json.dumps(shown, indent=2, ensure_ascii=False, default=str)))
        return 1 if result.is_error else 0
