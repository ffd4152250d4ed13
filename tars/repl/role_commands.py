"""`/role`: which role the chat answers in, and switching it (`/role NAME`, `/role none`)."""

from __future__ import annotations

from tars.repl.commands import CommandContext, CommandError, command

__all__: list[str] = []


@command("role", help="answer in a role from now on: /role NAME (roles/NAME.md), /role none; /role lists them")
def _role(ctx: CommandContext, arg: str) -> None:
    from tars.errors import ConfigError, UsageError
    from tars.roles import load_role, role_files, roles_dir

    session = ctx.session
    name = arg.strip()
    if not name:
        current = session.role.name if session.role else "none"
        known = ", ".join(p.stem for p in role_files()) or f"none yet: add {roles_dir()}/NAME.md"
        ctx.table([("role", current), ("roles", known)])
        return
    try:
        role = None if name.lower() == "none" else load_role(name)
        config = session.settings_for_role(role) if session.settings_for_role else session.config
        session.use_role(role, config)
    except (ConfigError, UsageError) as exc:
        raise CommandError(str(exc).removeprefix("--role: ")) from exc
    if role is None:
        ctx.info(f"no role: {session.status().get('primary')}, every tool")
        return
    tools = "every tool" if role.tools is None else f"tools: {', '.join(role.tools) or 'none'}"
    ctx.info(f"role {role.name}: {session.status().get('primary')}, {tools}")
