"""MCP prompts and resources in `tars chat`: `/server:prompt arg=value` and `@server:uri`.

Each server's prompts become slash commands (completed by name, then by argument with the
server's own completions); running one sends the filled-in prompt as the message. `@server:uri`
in a message attaches that resource: its text follows the message (binary contents are saved
and named). Lists are fetched from a server once it is ready, then cached for the session.
"""

from __future__ import annotations

import re
import shlex
from typing import TYPE_CHECKING, Any

from tars.repl import commands as registry
from tars.repl.commands import Command, CommandContext, CommandError

if TYPE_CHECKING:
    from tars.session import Session

__all__ = ["bind", "attach_mentions", "complete_mention"]

MENTION = re.compile(r"(?<![\w@])@([A-Za-z0-9_.-]+):(\S+)")
_state: dict[str, Any] = {"session": None, "prompts": {}, "resources": {}}


def bind(session: Session) -> None:
    """Serve this session's MCP prompts and resources in the REPL."""
    _state.update(session=session, prompts={}, resources={})


def _manager() -> Any:
    session = _state["session"]
    return getattr(session, "mcp", None) if session is not None else None


def _cached(kind: str, server: str) -> list[dict[str, Any]]:
    """A ready server's prompts or resources, fetched once (a failure is retried next time)."""
    cache: dict[str, list[dict[str, Any]]] = _state[kind]
    if server in cache:
        return cache[server]
    manager = _manager()
    if manager is None or not any(r["name"] == server and r["state"] == "ready" for r in manager.status()):
        return []
    from tars.mcp import resources

    job = resources.list_prompts if kind == "prompts" else resources.list_resources
    try:
        cache[server] = manager.run(server, job, timeout=3)
    except Exception:  # noqa: BLE001 - completion and lookup go on without this server
        return []
    return cache[server]


def _servers() -> list[str]:
    manager = _manager()
    return list(manager.servers) if manager is not None else []


# -- /server:prompt -------------------------------------------------------------------------
def _names() -> list[tuple[str, str]]:
    return [(f"{server}:{p['name']}", p["description"] or f"prompt of {server}")
            for server in _servers() for p in _cached("prompts", server)]


def _resolve(name: str) -> Command | None:
    server, colon, prompt_name = name.partition(":")
    if not colon or server not in _servers():
        return None
    prompt = next((p for p in _cached("prompts", server) if p["name"] == prompt_name), None)
    if prompt is None:
        return None
    usage = " ".join(f"{a['name']}=…" for a in prompt["arguments"])
    return Command(name, f"{prompt['description'] or 'MCP prompt'}: /{name} {usage}".rstrip(),
                   lambda ctx, arg: _run_prompt(ctx, server, prompt, arg),
                   complete=lambda typed: _complete_args(server, prompt, typed))


def _run_prompt(ctx: CommandContext, server: str, prompt: dict[str, Any], arg: str) -> None:
    from tars.mcp.resources import get_prompt

    try:
        pairs = shlex.split(arg)
    except ValueError as exc:
        raise CommandError(f"cannot read the arguments: {exc}") from None
    values = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq:
            raise CommandError(f"write arguments as name=value, not {pair!r}")
        values[key] = value
    known = {a["name"] for a in prompt["arguments"]}
    if unknown := sorted(set(values) - known):
        raise CommandError(f"/{server}:{prompt['name']} has no argument {', '.join(unknown)} "
                           f"(it takes: {', '.join(sorted(known)) or 'none'})")
    if missing := [a["name"] for a in prompt["arguments"] if a["required"] and a["name"] not in values]:
        raise CommandError(f"/{server}:{prompt['name']} needs {', '.join(m + '=…' for m in missing)}")
    messages = _manager().run(server, lambda s: get_prompt(s, prompt["name"], values))
    text = "\n\n".join(m["text"] if m["role"] == "user" else f"(assistant) {m['text']}" for m in messages)
    if ctx.repl is None:
        ctx.print(text)
        return
    ctx.repl.turn(text)


def _complete_args(server: str, prompt: dict[str, Any], typed: str) -> list[str]:
    """`name=` for each argument not given yet, then the server's completions of a value."""
    from tars.mcp.resources import complete_argument

    head, _, last = typed.rpartition(" ")
    prefix = f"{head} " if head else ""
    key, eq, value = last.partition("=")
    if not eq:
        given = {p.partition("=")[0] for p in head.split()}
        return [f"{prefix}{a['name']}=" for a in prompt["arguments"] if a["name"] not in given]
    values = _manager().run(server, lambda s: complete_argument(s, {"prompt": prompt["name"]}, key, value),
                            timeout=2)
    return [f"{prefix}{key}={v}" for v in values]


# -- @server:uri ----------------------------------------------------------------------------
def complete_mention(word: str) -> list[str]:
    """Completions for a word starting with `@`: `@server:` and then the server's resource URIs."""
    server, colon, _ = word[1:].partition(":")
    if not colon:
        return [f"@{s}:" for s in _servers() if s.startswith(server)]
    return [m for r in _cached("resources", server) if "uri" in r and (m := f"@{server}:{r['uri']}").startswith(word)]


def attach_mentions(text: str, info: Any = None) -> str:
    """The message with each `@server:uri` resource's contents appended (unknown servers are left as text)."""
    from tars.errors import TarsError
    from tars.mcp.resources import read_resource

    manager = _manager()
    if manager is None:
        return text
    parts = [text]
    for server, uri in dict.fromkeys(MENTION.findall(text)):
        if server not in manager.servers:
            continue
        try:
            body = manager.run(server, lambda s, uri=uri: read_resource(s, uri))
        except TarsError as exc:
            raise CommandError(f"cannot attach @{server}:{uri}: {exc}") from None
        parts.append(body)  # starts with `[resource URI]`
        if info is not None:
            info(f"attached @{server}:{uri} ({len(body)} characters)")
    return "\n\n".join(parts)


registry.dynamic(_resolve, _names)
