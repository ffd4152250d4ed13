"""`tars mcp resources`, `tars mcp read` and `tars mcp prompts`: what MCP servers offer besides tools."""

from __future__ import annotations

import typer

__all__ = ["register"]


def register(mcp_app: typer.Typer) -> None:
    @mcp_app.command("resources")
    def resources_command(
        server: str | None = typer.Argument(None, help="one server (default: every server)"),
        as_json: bool = typer.Option(False, "--json", help="print the resources as JSON"),
    ) -> None:
        """List the servers' resources and resource templates (read one with `tars mcp read`)."""
        from tars.mcp.resources import list_resources

        rows, failed = _each_server(server, list_resources, as_json)
        for name, items in rows.items():
            for item in items:
                target = item.get("uri") or item.get("uri_template")
                about = " — ".join(filter(None, [item["name"], item["description"]]))
                print(_shown(f"@{name}:{target}  {about}"))
        if failed:
            raise typer.Exit(code=1)

    @mcp_app.command("prompts")
    def prompts_command(
        server: str | None = typer.Argument(None, help="one server (default: every server)"),
        as_json: bool = typer.Option(False, "--json", help="print the prompts as JSON"),
    ) -> None:
        """List the servers' prompts with their arguments (in chat: /server:prompt arg=value)."""
        from tars.mcp.resources import list_prompts

        rows, failed = _each_server(server, list_prompts, as_json)
        for name, prompts in rows.items():
            for prompt in prompts:
                args = " ".join(f"{a['name']}=…" if a["required"] else f"[{a['name']}=…]" for a in prompt["arguments"])
                about = f"  — {prompt['description']}" if prompt["description"] else ""
                print(_shown(f"/{name}:{prompt['name']} {args}".rstrip() + about))
        if failed:
            raise typer.Exit(code=1)

    @mcp_app.command("read")
    def read_command(
        server: str = typer.Argument(..., help="server name as configured"),
        uri: str = typer.Argument(..., help="the resource's URI (see `tars mcp resources`)"),
    ) -> None:
        """Print one resource (binary contents are saved under the cache dir and named)."""
        from tars.errors import ToolError
        from tars.mcp.resources import read_resource

        manager = _started([server])
        try:
            text = manager.run(server, lambda session: read_resource(session, uri))
        except ToolError as exc:
            from tars.cli.errors import EXIT_FAILED, fail

            raise typer.Exit(code=fail(str(exc), EXIT_FAILED)) from None
        finally:
            manager.close()
        print(_shown(text))


def _shown(text: str) -> str:
    """A server's text as printed: control characters made visible on a terminal, exact in a pipe."""
    import sys

    from tars.safe_text import is_terminal, terminal_safe

    return terminal_safe(text) if is_terminal(sys.stdout) else text


def _started(names: list[str] | None):
    """A manager with the named (or all) servers started and waited for; unknown names are usage errors."""
    from tars.cli.mcp_manager import command_manager
    from tars.errors import UsageError

    _, manager = command_manager(autostart=False)
    known = list(manager.servers) if manager is not None else []
    for name in names or ():
        if name not in known:
            if manager is not None:
                manager.close()
            raise UsageError(f"no MCP server {name!r} is configured (configured: {', '.join(known) or 'none'})")
    if manager is None:
        raise UsageError("no MCP servers configured (mcp_servers.json in the config dir, .mcp.json, TARS_MCP_SERVERS)")
    manager.start(names or None)
    manager.wait(manager.timeout + 10, names=names or None)
    return manager


def _each_server(server: str | None, job, as_json: bool) -> tuple[dict[str, list], bool]:
    """Run `job` on each ready server: (rows by server, whether one failed). Failures are told on
    stderr; with --json everything is printed here."""
    import json
    import sys

    from tars.errors import ToolError
    from tars.safe_text import json_safe, terminal_safe

    manager = _started([server] if server else None)
    rows: dict[str, list] = {}
    failed: dict[str, str] = {}
    try:
        for row in manager.status():
            if server and row["name"] != server:
                continue
            if row["state"] != "ready":
                failed[row["name"]] = row["error"] or row["state"]
                continue
            try:
                rows[row["name"]] = manager.run(row["name"], job)
            except ToolError as exc:
                failed[row["name"]] = str(exc)
    finally:
        manager.close()
    if as_json:
        print(json_safe(json.dumps({"servers": rows, "failed": failed}, indent=2, ensure_ascii=False)))
    for name, why in failed.items():
        print(terminal_safe(f"{name}: failed: {why}"), file=sys.stderr)
    return ({} if as_json else rows), bool(failed)
