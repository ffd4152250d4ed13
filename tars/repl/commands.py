"""The slash-command registry of `tars chat`: commands register themselves with `@command`.

Adding a command is a few lines anywhere that the REPL imports::

    from tars.repl.commands import CommandContext, command

    @command("weather", help="current weather: /weather [place]")
    def _weather(ctx: CommandContext, arg: str) -> None:
        ctx.print(f"weather for {arg or 'here'}")

`arg` is the rest of the line after the command name, stripped. A handler prints through `ctx`
(never `print`), may raise `tars.errors.TarsError` or `CommandError` for a one-line message, and
reaches the conversation through `ctx.session`. Completion offers every name and alias.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tars.safe_text import terminal_safe

if TYPE_CHECKING:  # keep `tars --help` free of rich
    from rich.console import Console

    from tars.repl.app import Repl
    from tars.session import Session

__all__ = [
    "Command",
    "CommandContext",
    "CommandError",
    "command",
    "commands",
    "find",
    "dispatch",
    "is_command",
    "complete",
]

Handler = Callable[["CommandContext", str], Any]
Completer = Callable[[str], Iterable[str]]


class CommandError(Exception):
    """Raised by a handler to tell the user one line (shown in red); the REPL goes on."""


@dataclass(frozen=True)
class Command:
    """One slash command: its name, one-line help, handler, aliases and argument completer."""

    name: str
    help: str
    func: Handler
    aliases: tuple[str, ...] = ()
    complete: Completer | None = None  # given the argument typed so far, returns candidates

    @property
    def usage(self) -> str:
        return f"/{self.name}"


_COMMANDS: dict[str, Command] = {}
# Commands that exist only at run time (an MCP server's prompts): each source resolves a name to
# a Command, and lists its names with help for completion.
_SOURCES: list[tuple[Callable[[str], Command | None], Callable[[], Iterable[tuple[str, str]]]]] = []


def dynamic(resolve: Callable[[str], Command | None], names: Callable[[], Iterable[tuple[str, str]]]) -> None:
    """Add a source of run-time commands (resolver, and `(name, help)` pairs for completion)."""
    _SOURCES.append((resolve, names))


def command(
    name: str,
    *,
    help: str,
    aliases: Iterable[str] = (),
    complete: Completer | None = None,
) -> Callable[[Handler], Handler]:
    """Register the decorated function as `/name`; a later registration of a name replaces it."""
    name = name.lstrip("/").lower()

    def register(func: Handler) -> Handler:
        _COMMANDS[name] = Command(name, help, func, tuple(a.lstrip("/").lower() for a in aliases), complete)
        return func

    return register


def commands() -> list[Command]:
    """Every registered command, sorted by name."""
    return sorted(_COMMANDS.values(), key=lambda c: c.name)


def find(name: str) -> Command | None:
    """The command called `name` or with `name` as an alias."""
    raw = name.lstrip("/")
    name = raw.lower()
    if name in _COMMANDS:
        return _COMMANDS[name]
    for cmd in _COMMANDS.values():
        if name in cmd.aliases:
            return cmd
    for resolve, _ in _SOURCES:
        try:
            found = resolve(raw)
        except Exception:  # noqa: BLE001 - a broken source must not break the known commands
            found = None
        if found is not None:
            return found
    return None


def is_command(line: str) -> bool:
    """Whether a typed line is a slash command (a lone `/` or `//text` is ordinary text)."""
    stripped = line.lstrip()
    return stripped.startswith("/") and len(stripped) > 1 and stripped[1] not in "/ \n"


@dataclass
class CommandContext:
    """What a handler may use: the session, the console, the REPL's state, and output helpers."""

    session: Session
    console: Console
    repl: Repl | None = None  # the store, the current conversation id, the exit flag
    extra: dict[str, Any] = field(default_factory=dict)

    def print(self, *objects: Any, **kwargs: Any) -> None:
        """Print rich renderables or text (markup off unless `markup=True` is passed); text has
        its control characters shown, never obeyed (it may come from a tool or a server)."""
        kwargs.setdefault("markup", False)
        kwargs.setdefault("highlight", False)
        self.console.print(*(terminal_safe(o) if isinstance(o, str) else o for o in objects), **kwargs)

    def info(self, text: str) -> None:
        """A dim status line."""
        self.console.print(terminal_safe(text), style="dim", markup=False, highlight=False, soft_wrap=True)

    def error(self, text: str) -> None:
        """A one-line error in red."""
        self.console.print(terminal_safe(text), style="red", markup=False, highlight=False, soft_wrap=True)

    def table(self, rows: Iterable[Iterable[Any]], headers: Iterable[str] = (), *, truncate: bool = False) -> None:
        """A compact borderless table (how listings such as /tools look); `truncate` keeps
        each row on one line, cutting the last column with an ellipsis."""
        from rich.table import Table
        from rich.text import Text

        headers = list(headers)
        table = Table(box=None, show_header=bool(headers), pad_edge=False, header_style="bold")
        cells = [[cell if hasattr(cell, "__rich_console__") else Text(terminal_safe(str(cell))) for cell in row]
                 for row in rows]
        count = max([len(headers), *(len(row) for row in cells)])
        widths = [max([len(headers[i]) if i < len(headers) else 0,
                       *(r[i].cell_len for r in cells if i < len(r) and isinstance(r[i], Text))]) for i in range(count)]
        for i in range(count):
            last = i == count - 1
            room = max(10, self.console.width - sum(widths[:-1]) - 2 * (count - 1)) if last else None
            table.add_column(headers[i] if i < len(headers) else "", no_wrap=truncate or not last,
                             overflow="ellipsis" if truncate and last else "fold",
                             max_width=room if truncate else None, min_width=None if last else widths[i])
        for row in cells:
            table.add_row(*row)
        self.console.print(table)

    def request_exit(self) -> None:
        """Leave the REPL after this command."""
        if self.repl is not None:
            self.repl.exit_requested = True
        self.extra["exit"] = True


def dispatch(ctx: CommandContext, line: str) -> bool:
    """Run the slash command in `line`; False when no command has that name (told to the user)."""
    name, _, arg = line.strip()[1:].partition(" ")
    cmd = find(name)
    if cmd is None:
        import difflib

        names = _names()
        close = [n for n in names if n.startswith(name.lower())] or difflib.get_close_matches(name.lower(), names, 3)
        hint = f" (did you mean {', '.join('/' + c for c in close[:3])}?)" if name and close else ""
        ctx.error(f"unknown command /{name}{hint}; /help lists them")
        return False
    cmd.func(ctx, arg.strip())
    return True


def _names() -> list[str]:
    names = []
    for cmd in commands():
        names.append(cmd.name)
        names.extend(cmd.aliases)
    for _, listed in _SOURCES:
        try:
            names.extend(name for name, _ in listed())
        except Exception:  # noqa: BLE001 - completion goes on without that source
            pass
    return sorted(names)


def complete(text: str) -> list[str]:
    """Completions for a line being typed: command names after `/`, then the command's arguments."""
    if not text.startswith("/"):
        return []
    name, space, arg = text[1:].partition(" ")
    if not space:
        return [f"/{n}" for n in _names() if n.lower().startswith(name.lower())]
    cmd = find(name)
    if cmd is None or cmd.complete is None:
        return []
    try:
        return [c for c in cmd.complete(arg) if c.startswith(arg)]
    except Exception:  # a broken completer must never break typing
        return []


@command("help", help="list the commands: /help [command]", aliases=("?",))
def _help(ctx: CommandContext, arg: str) -> None:
    if arg:
        cmd = find(arg)
        if cmd is None:
            raise CommandError(f"no command /{arg.lstrip('/')}")
        aliases = f"  (also {', '.join('/' + a for a in cmd.aliases)})" if cmd.aliases else ""
        ctx.print(f"/{cmd.name}: {cmd.help}{aliases}")
        return
    ctx.table([(f"/{c.name}", c.help) for c in commands()])
    ctx.info("Enter sends · Esc-Enter or Alt-Enter adds a line · !command runs a shell command · "
             "Ctrl-C stops an answer · Ctrl-D exits")


@command("exit", help="leave tars", aliases=("quit", "q"))
def _exit(ctx: CommandContext, arg: str) -> None:
    ctx.request_exit()
