"""`tars ask`: one question, one streamed answer; made for pipes and scripts.

    tars ask "question"                      the answer streams to stdout
    echo text | tars ask "summarise this"    the piped text goes to the model in a code fence after the request
    tars ask - < prompt.txt, or: tars ask    the whole prompt comes from stdin
    tars ask -a notes.txt -a photo.png "..."  files, images or URLs attached to the question
    tars ask "what's in @notes.txt?"          a file the typed question names with @ is attached too

On a terminal the answer is rendered markdown; anywhere else (a pipe, a file, TERM=dumb) it is
the exact text the model wrote, and status lines go to stderr. Exit codes: 0 answered, 1 the
model or a tool failed and no answer came (or stdout is closed or cannot be written), 2 bad usage
or configuration, 130 interrupted, 141 the reader of a pipe went away.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from tars.attachments import Attached
    from tars.events import ToolCall
    from tars.session import Session
    from tars.tools.base import Tool
    from tars.tools.registry import Confirm

__all__ = ["register", "build_prompt", "stdin_is_piped"]

USAGE = ('no question: tars ask "question", or pipe text in (echo text | tars ask "summarise this"; '
         "tars ask - < prompt.txt)")


def stdin_is_piped() -> bool:
    """Whether stdin carries data to read: a pipe or a file — not a terminal, not /dev/null,
    not closed, not a socket (service managers hand those out and never close them). Reading
    an inherited terminal or device would hang or read nothing."""
    try:
        if sys.stdin is None or sys.stdin.isatty():
            return False
        mode = os.fstat(sys.stdin.fileno()).st_mode
    except (OSError, ValueError, AttributeError):
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISREG(mode)


def build_prompt(argument: str | None, piped: str | None) -> tuple[str, str | None]:
    """The request and the content it is about (piped stdin, or None) as documented; raise
    UsageError when there is neither a question nor piped text."""
    from tars.errors import UsageError

    if argument in (None, "-"):
        if piped is None or not piped.strip():
            raise UsageError(USAGE)
        return piped, None
    if not argument.strip():
        raise UsageError(USAGE)
    if piped is not None and piped.strip():
        return argument, piped
    return argument, None


def _read_stdin() -> str | None:
    if not stdin_is_piped():
        return None
    data = sys.stdin.buffer.read()
    return data.decode("utf-8", errors="replace")


class TerminalConfirm:
    """Asks on the terminal before an `ask`-policy tool runs (only when stdin is a terminal).
    `before` is called first (the turn printer closes its spinner and open answer)."""

    def __init__(self, err_console: Console) -> None:
        self.err = err_console
        self.before: Callable[[], None] = lambda: None

    def __call__(self, tool: Tool, call: ToolCall) -> bool:
        from tars.render.status import confirm_line
        from tars.safe_text import terminal_safe

        self.before()
        self.err.print(terminal_safe(confirm_line(call.name, call.arguments)), style="yellow", markup=False,
                       highlight=False, soft_wrap=True)
        from tars.render.terminal_echo import echo_on

        try:
            sys.stderr.write(terminal_safe(f"run {tool.name}? [y/N] "))
            sys.stderr.flush()
            with echo_on():  # the answer is typed while the turn has the echo off
                answer = sys.stdin.readline()
        except (KeyboardInterrupt, EOFError, OSError):
            return False
        return answer.strip().lower() in ("y", "yes")


def register(app: typer.Typer) -> None:
    @app.command("ask")
    def ask_command(
        prompt: str | None = typer.Argument(None, help="the question; '-' or nothing reads it from stdin"),
        yes: bool = typer.Option(False, "--yes", "-y", help="run tools that need confirmation without asking"),
        as_json: bool = typer.Option(False, "--json", help="print one JSON object: answer, model, tool calls, usage"),
        raw: bool = typer.Option(False, "--raw", help="print the exact text even on a terminal (no markdown)"),
        model: str | None = typer.Option(None, "--model", "-m", help="primary model, provider:model or an alias"),
        remote: str | None = typer.Option(None, "--remote", help="remote model, provider:model, an alias or none"),
        resume: bool = typer.Option(False, "--continue", "-c", help="continue the last saved conversation"),
        conversation: str | None = typer.Option(None, "--session", "-s",
                                                   help="continue a saved conversation by number or name "
                                                        "(a new name starts one); the turn is saved to it"),
        system: str | None = typer.Option(None, "--system",
                                          help="your instructions, added to tars's own system prompt"),
        attach: Annotated[list[str] | None, typer.Option(
            "--attach", "-a", metavar="PATH|URL",
            help="attach a text file, an image or a web page (repeatable)")] = None,
        role: str | None = typer.Option(None, "--role", "-r", help="answer in a role: roles/NAME.md in the "
                                        "config dir (`tars roles` lists them); flags win over its settings"),
        temperature: str | None = typer.Option(None, "--temperature", help="sampling temperature, 0 to 2"),
    ) -> int:
        """Ask one question and stream the answer to stdout (piped stdin is what it is about)."""
        from tars.cli.errors import delivering, require_stdout

        prompt_text, attachment = build_prompt(prompt, _read_stdin())
        require_stdout()  # a closed stdout would lose the answer: say so before asking any model

        from tars.cli.settings import instruct, load_role, load_settings
        from tars.session import Session

        flags = {k: v for k, v in (("model_default", model), ("model_remote", remote),
                                   ("temperature", temperature)) if v is not None}
        chosen_role = load_role(role)
        config = load_settings(flags, role=chosen_role)
        out, err = _consoles()
        typed = prompt_text if prompt not in (None, "-") else ""  # a piped prompt is content: it names no file
        attached = _attachments(attach or [], attachment, config, typed,
                                lambda line: err.print(line, style="dim", markup=False, highlight=False))
        from tars.tools.registry import approve_all

        confirm: Confirm | None
        if yes:
            confirm = approve_all
        elif sys.stdin is not None and sys.stdin.isatty():
            confirm = TerminalConfirm(err)
        else:
            confirm = None  # cannot ask: `ask`-policy tools are refused with a message to the model
        session = Session.from_config(config, confirm=confirm)
        instruct(session, role=chosen_role, system=system)
        with delivering():
            if not (resume or conversation):
                try:
                    return _run(session, prompt_text, out, err, as_json=as_json, raw=raw, attachment=attached)
                finally:
                    _forget_copies(attached)
            return _run_saved(session, prompt_text, out, err, resume=resume, name=conversation,
                              as_json=as_json, raw=raw, attachment=attached)


def _attachments(sources: list[str], piped: str | None, config: Any, typed: str,
                 info: Callable[[str], None]) -> str | list[Attached] | None:
    """Piped stdin, every `-a` source and every file the typed question names with `@`, loaded
    before any model is asked (a refusal is one line, exit 2); piped text alone stays the plain
    text it always was."""
    from tars.attachments.mentions import mentioned

    named = mentioned(typed, config, info) if "@" in typed else []
    if not sources and not named:
        return piped
    from tars.attachments import Attached, load

    return ([Attached.piped(piped)] if piped is not None else []) + [load(source, config) for source in sources] \
        + named


def _forget_copies(attached: str | list[Attached] | None) -> None:
    """An unsaved question's copies of its images have no conversation to keep them for."""
    if not isinstance(attached, list):
        return
    from tars.attachments.compose import copies_of

    if not (copies := copies_of(attached)):
        return
    from tars.attachments.load import forget
    from tars.repl.store import ConversationStore, default_path

    keep: set[str] = set()
    if default_path().exists():  # the same image in a saved conversation stays
        store = ConversationStore()
        try:
            keep = store.attachment_paths()
        finally:
            store.close()
    forget(copies, keep)


def _run_saved(session: Session, prompt: str, out: Console, err: Console, *, resume: bool, name: str | None,
               **run: Any) -> int:
    """One turn of a stored conversation (`--continue`, `--session`): restore it, answer, save it."""
    from tars.cli.conversation import open_conversation
    from tars.repl.store import ConversationStore

    store = ConversationStore()
    try:
        opened = open_conversation(store, resume=resume, name=name)
        if opened.existing:
            assert opened.id is not None
            session.restore(store.load(opened.id), store.load_compaction(opened.id), store.load_usage(opened.id))
        if opened.note():
            err.print(opened.note(), style="dim", markup=False, highlight=False, soft_wrap=True)
        try:
            return _run(session, prompt, out, err, **run)
        finally:
            conversation_id = opened.id if opened.id is not None else store.create()
            turn = session.last_turn
            store.save(conversation_id, session.messages, model=turn.model if turn else "",
                       compaction=session.context.compaction, usage=session.usage)
    finally:
        store.close()


def _consoles() -> tuple[Console, Console]:
    from rich.console import Console

    return Console(), Console(stderr=True)


def _run(session: Session, prompt: str, out: Console, err: Console, *, as_json: bool, raw: bool,
         attachment: str | list[Attached] | None = None) -> int:
    from tars.cli.errors import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, fail
    from tars.errors import ConfigError, UsageError
    from tars.render.driver import drive_turn
    from tars.render.stream import PlainStream
    from tars.render.turn_view import TurnPrinter

    printer = TurnPrinter(out, err, footer=err.is_terminal and not as_json, spinner=not as_json)
    if isinstance(session.confirm, TerminalConfirm):
        session.confirm.before = printer.abort
    if raw:
        printer.make_stream = lambda: PlainStream(sys.stdout)
    outcome = drive_turn(session, prompt, printer, show_text=not as_json, attachment=attachment)
    turn = outcome.turn
    if outcome.error is not None and not as_json:
        raise outcome.error  # one line on stderr and the exit code, from tars.cli.errors
    if as_json and turn is not None:
        import json

        from tars.usage import prices

        data = turn.as_dict()
        data["interrupted"] = data["interrupted"] or outcome.interrupted
        data["usage"]["conversation"] = {**session.usage.total().as_dict(), "turns": len(session.usage.turns)}
        data["usage"]["prices_as_of"] = prices().as_of
        if outcome.error is not None:
            data["error"] = str(outcome.error)
        elif turn.tools_failed:
            data["error"] = "every tool call failed"
        elif turn.not_set_up:
            data["error"] = "the tools it needs are not set up"
        from tars.safe_text import json_safe

        print(json_safe(json.dumps(data, ensure_ascii=False, default=str)))
    if outcome.error is not None:
        return fail(str(outcome.error), EXIT_USAGE if isinstance(outcome.error, (ConfigError, UsageError))
                    else EXIT_FAILED)
    if outcome.interrupted:
        return EXIT_INTERRUPTED
    if not as_json:
        printer.end(turn)
    if turn is None or not turn.text.strip():
        why = "stopped at the tool-round limit" if turn is not None and turn.round_limit_hit else "no answer came"
        return fail(why, EXIT_FAILED)
    return EXIT_FAILED if turn.tools_failed or turn.not_set_up else EXIT_OK  # the answer has said what failed
