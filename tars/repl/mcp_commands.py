"""`/mcp` in `tars chat`: each MCP server's transport, state (or why it failed) and tools.

    /mcp                 every server: transport, state, tool count, pending notices
    /mcp NAME            one server's tools with their effect (read, write, destructive) and policy
    /mcp restart NAME    stop a server and start it again
    /mcp roots [add|remove DIR]  the folders servers are offered as roots; a change is announced
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tars.repl.commands import CommandContext, CommandError, command

if TYPE_CHECKING:
    from tars.mcp.manager import McpManager

__all__: list[str] = []

_NOT_CONFIGURED = "no MCP servers configured (mcp_servers.json in the config dir, .mcp.json here, or TARS_MCP_SERVERS)"


def _manager(ctx: CommandContext) -> McpManager:
    manager: McpManager | None = ctx.session.mcp
    if manager is None:
        raise CommandError(_NOT_CONFIGURED)
    return manager


def _complete(text: str) -> list[str]:
    return [w for w in ("restart", "roots") if w.startswith(text)]


@command("mcp", help="MCP servers, their state and tools: /mcp [server] | /mcp restart <server> | "
                     "/mcp roots [add|remove <dir>]", complete=_complete)
def _mcp(ctx: CommandContext, arg: str) -> None:
    manager = _manager(ctx)
    verb, _, rest = arg.partition(" ")
    if verb == "roots":
        _roots(ctx, manager, rest.strip())
        return
    if verb == "restart":
        name = rest.strip()
        if name not in manager.servers:
            raise CommandError(f"usage: /mcp restart <server>; servers: {', '.join(manager.servers)}")
        manager.restart(name)
        ctx.info(f"restarting {name}…")
        return
    if arg:
        _show_server(ctx, manager, arg.strip())
        return
    rows = []
    for row in manager.status():
        state = row["state"] + (f": {row['error']}" if row["error"] else "")
        rows.append((row["name"], row["transport"], state, str(len(row["tools"]))))
    ctx.table(rows, headers=("server", "transport", "state", "tools"))
    for line in [*manager.problems, *manager.clashes]:
        ctx.info(line)


def _show_server(ctx: CommandContext, manager, name: str) -> None:
    if name not in manager.servers:
        raise CommandError(f"no MCP server {name!r}; servers: {', '.join(manager.servers) or 'none'}")
    row = next(r for r in manager.status() if r["name"] == name)
    ctx.info(f"{name} ({row['transport']}: {manager.servers[name].target}) is {row['state']}"
             + (f": {row['error']}" if row["error"] else ""))
    tools = manager.tools(name)
    if not tools:
        ctx.info("no tools yet")
        return
    registry = ctx.session.tools
    ctx.table(
        [(t.name, t.effect, registry.policy(t), t.description[:70]) for t in tools],
        headers=("tool", "effect", "policy", "description"),
    )


def _roots(ctx: CommandContext, manager: McpManager, arg: str) -> None:
    features = manager.features
    if features is None:
        raise CommandError("this session offers no roots to MCP servers")
    verb, _, folder = arg.partition(" ")
    if verb in ("add", "remove") and folder.strip():
        try:
            path = (features.roots.add if verb == "add" else features.roots.remove)(folder.strip())
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        manager.roots_changed()
        ctx.info(f"{'added' if verb == 'add' else 'removed'} {path}; the servers were told")
        return
    if verb:
        raise CommandError("usage: /mcp roots [add|remove <dir>]")
    ctx.table([(name, ", ".join(str(p) for p in features.roots.for_server(config)) or "(none)")
               for name, config in manager.servers.items()], headers=("server", "roots"))
