"""Slash commands for the built-in tools: /todoist, /weather, /remember, /memory, /note, /search.

Each runs its tool through the session's registry (`session.tools.run`), so validation, policy
and every safety check are the same as when the model calls it; results print compactly.
"""

from __future__ import annotations

import re
from typing import Any

from tars.repl.commands import CommandContext, CommandError, command

__all__ = ["run_tool"]


def run_tool(ctx: CommandContext, name: str, **arguments: Any) -> Any:
    """Run one tool for the user; an error result becomes a one-line CommandError."""
    from tars.events import ToolCall

    registry = ctx.session.tools
    if registry.get(name) is None:
        raise CommandError(registry.not_found(name))
    # The user typed the command, so `ask` tools use the session's confirm (or run, if it has none).
    confirm = ctx.session.confirm or (lambda tool, call: True)
    result = registry.run(ToolCall(name=name, arguments=arguments), confirm=confirm)
    if result.is_error:  # written for a model: the tools it names are the user's commands here
        told = re.sub(r"\b(?:" + "|".join(_AS_COMMAND) + r")\b", lambda m: _AS_COMMAND[m[0]], result.text)
        raise CommandError(re.sub(r"(/\w+(?: \w+)?) or \1\b", r"\1", told))  # two tools, one command
    return result.output


# the tools a tool's error may name, as the commands a user types for them
_AS_COMMAND = {"memory_recall": "/memory", "memory_search": "/memory", "notes_search": "/search",
               "note_read": "/note read", "notes_list": "/notes"}


def _task_rows(tasks: list[dict]) -> list[tuple[str, ...]]:
    return [(t["priority"], t.get("due", ""), t["content"] + ("  (overdue)" if t.get("overdue") else ""),
             t.get("project", ""), t["id"]) for t in tasks]


@command("todoist", help="tasks: /todoist [today | upcoming [days] | add <text> [| due] [#project] [p1-p4] | "
                         "done <id or text>]", aliases=("todo",),
         complete=lambda arg: ["today", "upcoming", "add ", "done "])
def _todoist(ctx: CommandContext, arg: str) -> None:
    verb, _, rest = arg.partition(" ")
    verb, rest = verb.lower() or "today", rest.strip()
    if verb == "today":
        out = run_tool(ctx, "todoist_today")
    elif verb == "upcoming":
        out = run_tool(ctx, "todoist_upcoming", **({"days": int(rest)} if rest.isdigit() else {}))
    elif verb == "add":
        ctx.info(_added(run_tool(ctx, "todoist_add_task", **_parse_add(rest))))
        return
    elif verb in ("done", "complete"):
        if not rest:
            raise CommandError("say which task: /todoist done <id or text>")
        key = "task_id" if re.fullmatch(r"[A-Za-z0-9_-]*\d[A-Za-z0-9_-]*", rest) and " " not in rest else "text"
        out = run_tool(ctx, "todoist_complete_task", **{key: rest})
        if out.get("candidates"):
            ctx.print(out["message"])
            ctx.table(_task_rows(out["candidates"]), headers=("pri", "due", "task", "project", "id"))
        else:
            ctx.info(out.get("message") or f"completed {out.get('task', {}).get('content', rest)}")
        return
    else:
        raise CommandError(f"unknown /todoist action {verb!r}; try today, upcoming, add or done")
    if not out["tasks"]:
        ctx.info(f"no tasks: {out['view']}")
        return
    ctx.table(_task_rows(out["tasks"]), headers=("pri", "due", "task", "project", "id"))


def _parse_add(text: str) -> dict[str, Any]:
    """`Buy milk | tomorrow #Errands p2` -> content, due, project, priority."""
    if not text:
        raise CommandError("what task? /todoist add Buy milk | tomorrow #Errands p2")
    args: dict[str, Any] = {}
    if m := re.search(r"(?:^|\s)p([1-4])(?=\s|$)", text):
        args["priority"] = int(m.group(1))
        text = text[: m.start()] + text[m.end():]
    if m := re.search(r"(?:^|\s)#(\S+)", text):
        args["project"] = m.group(1).replace("_", " ")
        text = text[: m.start()] + text[m.end():]
    content, _, due = text.partition("|")
    args["content"] = " ".join(content.split())
    if due.strip():
        args["due"] = due.strip()
    return args


def _added(out: dict) -> str:
    task = out["task"]
    extra = ", ".join(x for x in (task.get("due"), task.get("project"), task.get("priority")) if x)
    return f"added {task['content']}" + (f" ({extra})" if extra else "")


@command("weather", help="weather now and the next hours: /weather [place]")
def _weather(ctx: CommandContext, arg: str) -> None:
    config = ctx.session.config
    if not arg and not config.place and (config.lat is None or config.lon is None):
        raise CommandError("which place? /weather Lisbon; set TARS_PLACE (or TARS_LAT and TARS_LON) for a default")
    out = run_tool(ctx, "weather_now", **({"location": arg} if arg else {}))
    ctx.print(f"{out['place']}: {out['sky']}, {out['temp_c']} °C (feels {out['feels_like_c']} °C), "
              f"wind {out['wind_kmh']} km/h; {out['rain_next_hours']}")
    ctx.table([(h["time"], f"{h['temp_c']} °C", h["sky"], f"{h['rain_chance_pct']}%") for h in out["next_hours"]])


@command("remember", help="remember something: /remember [rule: | pinned:] <text>")
def _remember(ctx: CommandContext, arg: str) -> None:
    if not arg:
        raise CommandError("what should I remember? /remember I prefer aisle seats")
    kind, sep, rest = arg.partition(":")
    if sep and kind.strip().lower() in ("fact", "rule", "pinned"):
        if not rest.strip():
            raise CommandError(f"what should I remember as a {kind.strip().lower()}? "
                               f"/remember {kind.strip().lower()}: always answer in metric units")
        out = run_tool(ctx, "memory_remember", text=rest.strip(), kind=kind.strip().lower())
    else:
        out = run_tool(ctx, "memory_remember", text=arg)
    ctx.info(f"{out['status']} ({out['kind']}): {out['text']}")


@command("memory", help="what tars remembers: /memory [search terms | forget <text>]")
def _memory(ctx: CommandContext, arg: str) -> None:
    if arg.strip().lower() == "forget":
        raise CommandError("what should I forget? /memory forget <text>")
    if arg.lower().startswith("forget "):
        out = run_tool(ctx, "memory_forget", text=arg[7:].strip())
        ctx.info(f"forgot: {out['text']}")
        return
    if arg:
        out = run_tool(ctx, "memory_search", query=arg)
        rows = [(h["section"], h["snippet"]) for h in out["results"]]
    else:
        out = run_tool(ctx, "memory_recall")
        rows = [(i["kind"], i["text"]) for i in out["items"]]
        ctx.info(f"memory file: {out['file']}")
    if not rows:
        ctx.info("nothing remembered yet" if not arg else f"nothing in memory matches {arg!r}")
        return
    ctx.table(rows)


@command("notes", help="list notes, newest first: /notes [folder]")
def _notes(ctx: CommandContext, arg: str) -> None:
    listed = run_tool(ctx, "notes_list", **({"folder": arg.strip()} if arg.strip() else {}))
    if not listed["notes"]:
        ctx.info(f"no notes in {listed['folder'] or 'the vault'}")
        return
    ctx.table([(n["path"], n["modified"]) for n in listed["notes"]])
    if listed["truncated"]:
        ctx.info(f"the newest {len(listed['notes'])} of {listed['count']} notes")


@command("note", help="notes: /note <text> adds to today's note; /note read [path]")
def _note(ctx: CommandContext, arg: str) -> None:
    if arg.lower() == "read" or arg.lower().startswith("read "):
        path = arg[4:].strip()
        out = run_tool(ctx, "note_read", path=path, show=True) if path else run_tool(ctx, "note_daily")
        ctx.print(out["confirmation"])  # the note as it is shown, or that it is empty
        return
    if not arg:
        raise CommandError("what should I write? /note called the plumber")
    out = run_tool(ctx, "note_daily", text=arg)
    ctx.info(f"added to {out['path']}")


@command("search", help="search notes and memory: /search <words>; the web: /search web <words>")
def _search(ctx: CommandContext, arg: str) -> None:
    if not arg:
        raise CommandError("search for what? /search sourdough")
    if arg.lower().startswith("web "):
        out = run_tool(ctx, "web_search", query=arg[4:].strip())
        ctx.table([(r["title"], r["url"]) for r in out["results"]] or [("no results", "")])
        return
    rows = []
    for name, label in (("notes_search", "note"), ("memory_search", "memory")):
        if ctx.session.tools.get(name) is None:
            continue
        try:
            out = run_tool(ctx, name, query=arg)
        except CommandError as exc:  # e.g. no vault configured: say so, still show memory
            ctx.info(str(exc))
            continue
        rows += [(label, h.get("path") or h.get("file"), h["snippet"]) for h in out["results"]]
    ctx.table(rows) if rows else ctx.info(f"nothing matches {arg!r}")
