"""The REPL's own slash commands: /model, /route, /tools, /clear, /save, /history.

Each is a few lines on top of `tars.repl.commands`; tools and MCP add theirs in their modules.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from tars.repl.commands import CommandContext, CommandError, command
from tars.repl.context_commands import one_line, summarised

if TYPE_CHECKING:
    from tars.repl.app import Repl
    from tars.repl.store import ConversationStore

__all__: list[str] = []


@command("model", help="the primary and remote models, routing state and remote cool-down")
def _model(ctx: CommandContext, arg: str) -> None:
    status = ctx.session.status()
    remote = status.get("remote")
    rows = [("primary", status.get("primary") or "?"), ("remote", remote or "none")]
    if not remote:
        rows.append(("routing", "off: no remote model (set TARS_MODEL_REMOTE or ANTHROPIC_API_KEY)"))
    elif status.get("remote_cooling_down"):
        reason = status.get("cooldown_reason") or "it failed"
        rows.append(("routing", f"local only: remote cooling down for {status.get('cooldown_seconds_left', 0)} s "
                                f"more ({reason})"))
    else:
        rows.append(("routing", "on: messages that need tools escalate to the remote"))
    rows.append(("tools", f"{status.get('tools', 0)} ({status.get('tool_mode', 'native')} tool calls)"))
    rescue = status.get("rescue")
    if rescue:
        rows.append(("rescue", f"{rescue.get('succeeded', 0)} of {rescue.get('fired', 0)} rescued"))
    for key, value in status.items():  # anything else the session reports
        if key not in {"primary", "remote", "remote_cooling_down", "cooldown_seconds_left", "cooldown_reason",
                       "tools", "tool_mode", "rescue"} and isinstance(value, (str, int, float, bool)):
            rows.append((key.replace("_", " "), str(value)))
    ctx.table(rows)


@command("route", help="what the router would do with a message, and why: /route <text>")
def _route(ctx: CommandContext, arg: str) -> None:
    if not arg:
        raise CommandError("usage: /route <message>")
    decision = ctx.session.route(arg)
    where = f"{decision.provider}:{decision.model}"
    verdict = f"escalate to {where}" if decision.escalate else f"stay on {where}"
    if decision.unavailable:  # no model is asked: tars says what to set up
        verdict = f"answered by tars: not set up ({decision.unavailable})"
    elif decision.told:  # no model is asked
        verdict = "answered by tars, with no model"
    rows = [("decision", verdict), ("reason", decision.reason or "-")]
    if decision.told:
        first = decision.told.split("\n", 1)[0]
        rows.append(("answer", first if len(first) <= 80 and "\n" not in decision.told else first[:79] + "…"))
    if decision.tool_hints:
        rows.append(("tool hints", ", ".join(decision.tool_hints)))
    ctx.table(rows)


@command("tools", help="every tool with its source (built-in or MCP server) and policy, or why it is unavailable")
def _tools(ctx: CommandContext, arg: str) -> None:
    from tars.tools.listing import listing_lines, tool_rows

    lines = listing_lines(tool_rows(ctx.session.tools, matching=arg))
    if not lines:
        ctx.info("no tools" + (f" matching {arg!r}" if arg else ""))
        return
    for line in lines:
        ctx.print(line, no_wrap=True, overflow="ellipsis", soft_wrap=False)


@command("clear", help="forget the conversation so far and start a new one")
def _clear(ctx: CommandContext, arg: str) -> None:
    ctx.session.clear()
    if ctx.repl is not None:
        ctx.repl.new_conversation()
    ctx.console.clear()
    ctx.info("new conversation")


@command("save", help="name this conversation so /history finds it: /save <name>")
def _save(ctx: CommandContext, arg: str) -> None:
    repl, store = _stored(ctx)
    if arg.isdigit():  # /history 1 is conversation #1: a name of digits could never be reopened
        raise CommandError(f"{arg!r} would be read as conversation #{arg}: give a name with a letter in it")
    if arg and (taken := store.find(arg, prefix=False)) is not None and taken.id != repl.conversation_id:
        raise CommandError(f"{arg!r} is the name of conversation #{taken.id}; give this one another name")
    current = store.get(repl.conversation_id) if repl.conversation_id is not None else None
    # a bare /save keeps the name the conversation has, or gives it one
    name = arg or (current.name if current is not None and current.name else time.strftime("chat-%Y-%m-%d-%H%M"))
    repl.save(name=name)
    ctx.info(f"saved as {name!r} (reopen with /history {name})")


@command("history", help="list past conversations, or reopen one: /history [number or name]")
def _history(ctx: CommandContext, arg: str) -> None:
    repl, store = _stored(ctx)
    if arg:
        found = store.find(arg)
        if found is None:
            raise CommandError(f"no conversation {arg!r}; /history lists them")
        repl.open(found.id)
        ctx.info(f"reopened #{found.id} {found.title!r}: {found.messages} messages{summarised(ctx.session)}")
        _show_tail(ctx, repl)
        return
    conversations = store.recent(20)
    if not conversations:
        ctx.info("no saved conversations yet")
        return
    rows = []
    for c in conversations:
        mark = "*" if c.id == repl.conversation_id else ""
        rows.append((f"{c.id}{mark}", time.strftime("%Y-%m-%d %H:%M", time.localtime(c.updated)),
                     str(c.messages), c.title))
    ctx.table(rows, headers=("#", "updated", "msgs", "conversation"), truncate=True)
    ctx.info("/history <number or name> reopens one")


def _show_tail(ctx: CommandContext, repl: Repl) -> None:
    """The last exchange of a reopened conversation, so the user sees where it left off."""
    messages = [m for m in ctx.session.messages if m.role in ("user", "assistant") and m.content]
    for m in messages[-2:]:
        ctx.print(one_line(m), style="dim")


def _stored(ctx: CommandContext) -> tuple[Repl, ConversationStore]:
    """The REPL and the store its conversations go to; an error when nothing is stored."""
    repl = ctx.repl
    if repl is None or repl.store is None:
        raise CommandError("conversations are not being stored in this session")
    return repl, repl.store
