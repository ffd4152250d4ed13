"""`tars mcp list` and `tars mcp call`: see and debug the configured MCP servers."""

from __future__ import annotations

import typer

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    mcp_app = typer.Typer(help="MCP servers: list them with their state and tools, or call one tool.",
                          no_args_is_help=True)
    app.add_typer(mcp_app, name="mcp")
    from tars.cli.trust_cmd import trust_command

    mcp_app.command("trust")(trust_command)  # the same review and trust as `tars trust`

    @mcp_app.command("list")
    def list_command(
        as_json: bool = typer.Option(False, "--json", help="print the servers as JSON"),
    ) -> None:
        """Start every configured server, wait for it, and show its transport, state and tools.

        Exits 1 when a configured server failed to start or an entry could not be read."""
        import json

        config, manager = _manager(autostart=True)
        if manager is None:
            from tars.cli.tools_cmd import tell_policy_warnings
            from tars.mcp.policies import offline_notices

            tell_policy_warnings(offline_notices(config, []))  # a policy for a server that is not configured
            if as_json:
                print(json.dumps({"servers": [], "problems": [], "clashes": []}, indent=2))
            else:
                print("no MCP servers configured (mcp_servers.json in the config dir, .mcp.json, TARS_MCP_SERVERS)")
            return
        from tars.cli.tools_cmd import tell_policy_warnings

        try:
            manager.wait(manager.timeout + 10)
            rows = manager.status()
            tell_policy_warnings(manager.policy_warnings())  # against the tools the servers listed now
        finally:
            manager.close()
        if as_json:
            print(json.dumps({"servers": rows, "problems": manager.problems, "clashes": manager.clashes}, indent=2))
        else:
            from tars.safe_text import terminal_safe

            for line in format_status(rows):
                print(terminal_safe(line))
            for line in [*manager.problems, *manager.clashes]:
                print(terminal_safe(f"note: {line}"))
        from tars.mcp.config import UNTRUSTED_NOTE

        failed = [p for p in manager.problems if not p.startswith(UNTRUSTED_NOTE)]  # awaiting trust is no failure
        if failed or any(row["state"] != "ready" for row in rows):
            raise typer.Exit(code=1)

    @mcp_app.command("logs")
    def logs_command(
        server: str = typer.Argument(..., help="server name as configured"),
        lines: int = typer.Option(50, "--lines", "-n", help="how many of the last lines (0: all)"),
    ) -> None:
        """Show a server's log: its stderr and the log messages it sent, newest last."""
        from tars.mcp.logs import log_path, tail_lines
        from tars.safe_text import terminal_safe

        path = log_path(server)
        if not path.exists():
            _configured_or_fail(server)
            print(f"no log yet for {server} ({path}); it is written while the server runs")
            return
        for line in tail_lines(path, lines):
            print(terminal_safe(line))

    from tars.cli import mcp_auth_cmd, mcp_content_cmd

    mcp_content_cmd.register(mcp_app)
    mcp_auth_cmd.register(mcp_app)

    @mcp_app.command("call")
    def call_command(
        server: str = typer.Argument(..., help="server name as configured"),
        tool: str = typer.Argument(..., help="the server's tool name (or its tars name, server__tool)"),
        arguments: str = typer.Argument("{}", help="arguments as a JSON object"),
        yes: bool = typer.Option(False, "--yes", "-y", help="run a tool that needs confirmation without asking"),
    ) -> None:
        """Call one tool directly and print the result as JSON (exit 1 on an error result). The
        TARS_TOOL_POLICY overrides and the confirmation of destructive tools apply, as in a chat."""
        import json

        from tars.cli.jsonargs import json_object
        from tars.cli.tools_cmd import confirmer, tell_policy_warnings
        from tars.errors import ToolError, UsageError

        args = json_object(arguments, example='{"timezone": "Europe/Paris"}')
        config, manager = _manager(autostart=False)
        if manager is None or server not in manager.servers:
            known = ", ".join(manager.servers) if manager else "none"
            raise UsageError(f"no MCP server {server!r} is configured (configured: {known})")
        try:
            output, is_error = _call(manager, server, tool, args, confirmer(yes), config)
        except ToolError as exc:
            output, is_error = str(exc), True
        finally:
            tell_policy_warnings(manager.policy_warnings())
            manager.close()
        from tars.safe_text import json_safe
        from tars.tools.base import jsonable

        print(json_safe(json.dumps({"server": server, "tool": tool, "output": jsonable(output), "is_error": is_error},
                                   ensure_ascii=False, indent=2, default=str)))
        if is_error:
            raise typer.Exit(code=1)


def _configured_or_fail(server: str) -> None:
    from tars.cli.settings import load_settings
    from tars.errors import UsageError
    from tars.mcp.config import load_servers

    servers, _ = load_servers(load_settings())
    if server not in servers:
        raise UsageError(f"no MCP server {server!r} is configured (configured: {', '.join(servers) or 'none'})")


def _manager(*, autostart: bool):
    from tars.cli.mcp_manager import command_manager

    return command_manager(autostart=autostart)


def _call(manager, server: str, tool: str, args: dict, confirm, config) -> tuple[object, bool]:
    """Start the server, then run the call through the tool registry: the schema, the policy
    (`deny` refuses, `ask` confirms or is refused without a terminal) and the timeout apply.
    Returns (output, is_error)."""
    from tars.errors import ToolNotFound
    from tars.events import ToolCall
    from tars.tools.policy import policies_from_config
    from tars.tools.registry import ToolRegistry

    manager.start([server])
    manager.wait(names=[server])
    tools = manager.tools(server)
    match = next((t for t in tools if tool in (t.server_tool, t.name)), None)
    if match is None:
        row = next(r for r in manager.status() if r["name"] == server)
        if row["state"] != "ready":
            raise ToolNotFound(f"MCP server {server!r} is {row['state']}: {row['error']}")
        offered = ", ".join(t.server_tool for t in tools) or "none"
        raise ToolNotFound(f"MCP server {server!r} has no tool {tool!r} (it offers: {offered})")
    registry = ToolRegistry([match], policies=policies_from_config(config))
    result = registry.run(ToolCall(name=match.name, arguments=args), confirm=confirm)
    return result.output, result.is_error


def format_status(rows: list[dict]) -> list[str]:
    """One line per server (name, transport, state or why it failed), then its tools, indented."""
    lines = []
    width = max((len(r["name"]) for r in rows), default=0)
    for row in rows:
        state = row["state"] + (f": {row['error']}" if row["error"] else "")
        lines.append(f"{row['name']:<{width}}  {row['transport']:<5}  {state}")
        if row["tools"]:
            lines.append(" " * (width + 2) + ", ".join(row["tools"]))
    return lines
