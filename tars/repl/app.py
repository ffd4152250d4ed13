"""The `tars chat` REPL: a prompt-toolkit prompt, slash commands, streamed turns, stored sessions.

Enter sends; Esc-Enter, Alt-Enter or Ctrl-J add a line; a bracketed paste stays one message.
Ctrl-C while an answer streams stops it (the request is cancelled, the partial answer stays in
the context marked as interrupted); Ctrl-C at the prompt clears the line; Ctrl-D exits. Nothing
that goes wrong in a turn or a command ends the session: it becomes one line on the screen.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import TYPE_CHECKING

from tars.errors import TarsError
from tars.render.driver import drive_turn
from tars.render.status import confirm_line
from tars.render.turn_view import TurnPrinter
from tars.repl import commands as registry
from tars.repl.bang import is_bang, run_bang
from tars.repl.commands import CommandContext, CommandError
from tars.safe_text import terminal_safe

if TYPE_CHECKING:
    from rich.console import Console

    from tars.attachments import Attached
    from tars.events import ToolCall
    from tars.repl.store import ConversationStore
    from tars.session import Session
    from tars.tools.base import Tool

__all__ = ["Repl", "load_command_modules"]

# Modules that register more slash commands; absent ones are skipped.
_COMMAND_MODULES = ("tars.repl.core_commands", "tars.repl.context_commands", "tars.repl.tool_commands",
                    "tars.repl.mcp_commands", "tars.repl.mcp_prompts", "tars.repl.text_commands",
                    "tars.repl.attach_commands", "tars.repl.role_commands", "tars.repl.usage_commands")


def load_command_modules() -> None:
    import importlib

    for name in _COMMAND_MODULES:
        try:
            importlib.import_module(name)
        except ImportError as exc:
            if exc.name != name:  # the module exists but something it needs is missing: say so
                print(f"tars: slash commands from {name} are unavailable: {exc}", file=sys.stderr)


class Repl:
    """One interactive session: owns the prompt, the console and the stored conversation."""

    def __init__(self, session: Session, console: Console, store: ConversationStore | None, *,
                 edit_mode: str = "emacs") -> None:
        self.session = session
        self.console = console
        self.store = store
        self.edit_mode = edit_mode
        self.conversation_id: int | None = None
        self.exit_requested = False
        self._printer: TurnPrinter | None = None
        self.pending: list[str] = []  # command output the user chose to add to the next message
        self.attached: list[Attached] = []  # what /attach added for the next message
        # stdin that is not a terminal cannot answer: `ask`-policy tools are refused with a message
        session.confirm = self.confirm if sys.stdin.isatty() else None
        if session.mcp is not None:
            from tars.repl import mcp_prompts

            mcp_prompts.bind(session)

    # -- conversations ------------------------------------------------------------------------
    def new_conversation(self) -> None:
        self.conversation_id = None

    def save(self, *, name: str | None = None) -> None:
        """Store the context (creating the conversation on first use); `name` renames it."""
        if self.store is None:
            return
        if self.conversation_id is None:
            if not self.session.messages and name is None:
                return
            self.conversation_id = self.store.create(name=name)
        others = self.store.save(self.conversation_id, self.session.messages, model=self._model_name(),
                                 compaction=self.session.context.compaction, usage=self.session.usage)
        if others:  # another chat went on with this conversation: its turns stay, before this one's
            self._note(f"{others} message{'s' if others != 1 else ''} another tars saved to conversation "
                       f"#{self.conversation_id} meanwhile {'are' if others != 1 else 'is'} kept before yours "
                       f"(/history {self.conversation_id} shows them)")
        if name is not None:
            self.store.rename(self.conversation_id, name)

    def open(self, conversation_id: int) -> None:
        """Replace the context with a stored conversation; later turns are saved to it."""
        assert self.store is not None
        self.session.restore(self.store.load(conversation_id), self.store.load_compaction(conversation_id),
                             self.store.load_usage(conversation_id))
        self.conversation_id = conversation_id

    def _model_name(self) -> str:
        return self.session.last_turn.model if self.session.last_turn else ""

    # -- the loop -----------------------------------------------------------------------------
    def run(self) -> int:
        if not sys.stdin.isatty():
            read = _line_reader()
        elif os.environ.get("TERM") in ("dumb", "unknown"):
            read = _line_reader("› ")  # no line editor: prompt-toolkit's dumb mode ignores Ctrl-D
        else:
            read = self._prompt_reader()
        quit_on = self._quit_on_signals()
        while not self.exit_requested:
            self._show_background_notices()
            try:
                text = read()
            except KeyboardInterrupt:
                continue  # Ctrl-C at the prompt: the line is cleared
            except EOFError:
                break
            if text is None:
                break
            if not text.strip():
                continue
            try:
                if registry.is_command(text):
                    self.command(text)
                elif is_bang(text):
                    self.bang(text)
                else:
                    self.turn(text)
            except KeyboardInterrupt:
                self.console.print("interrupted", style="dim")
            except Exception as exc:  # the promise: one line, and the session goes on
                self._error(f"unexpected error: {type(exc).__name__}: {exc}")
        self.drop_attached()  # attached and never sent
        return 128 + quit_on[0] if quit_on else 0

    def drop_attached(self) -> None:
        """Drop what /attach added for the next message, and tars's copies of its images unless a
        stored conversation keeps them too."""
        from tars.attachments.compose import copies_of

        dropped, self.attached = self.attached, []
        if copies := copies_of(dropped):
            from tars.attachments.load import forget

            forget(copies, self.store.attachment_paths() if self.store is not None else set())

    def _quit_on_signals(self) -> list[int]:
        """SIGTERM or SIGHUP (the terminal closed) ends the chat as Ctrl-D would, after stopping an
        answer as Ctrl-C does: the line editor gives the terminal back and the turn is saved, where
        dying at once left the terminal without echo and lost the turn. Returns the list the signal
        that came is put in (for the exit code, 128 + it)."""
        import signal

        came: list[int] = []

        def stop(signum: int, _frame: object) -> None:
            came.append(signum)
            self.exit_requested = True
            raise KeyboardInterrupt

        if threading.current_thread() is threading.main_thread():
            for name in ("SIGTERM", "SIGHUP"):
                if (signum := getattr(signal, name, None)) is not None:
                    signal.signal(signum, stop)
        return came

    def command(self, line: str) -> None:
        ctx = CommandContext(session=self.session, console=self.console, repl=self)
        try:
            registry.dispatch(ctx, line)
        except (CommandError, TarsError) as exc:
            self._error(str(exc))

    def bang(self, line: str) -> None:
        """`!command`: run it here and offer its output to the next message."""
        timeout = self.session.config.shell_timeout
        added = run_bang(line, self.console, timeout=timeout, can_ask=sys.stdin.isatty())
        if added is not None:
            self.pending.append(added)

    def turn(self, text: str) -> None:
        """Send one message and show its answer; Ctrl-C stops it and keeps what arrived."""
        mentions = []
        if "@" in text:
            from tars.attachments.mentions import mentioned

            try:
                mentions = mentioned(text, self.session.config, self._note)
            except TarsError as exc:  # /attach'ed files stay for the next try
                self._error(f"{exc}; nothing was sent")
                return
        attached, self.attached = [*self.attached, *mentions], []
        if self.session.mcp is not None and "@" in text:
            from tars.repl.mcp_prompts import attach_mentions

            try:
                text = attach_mentions(text, lambda line: self.console.print(line, style="dim", markup=False))
            except CommandError as exc:
                self._error(str(exc))
                return
        if self.pending:
            text, self.pending = "\n\n".join([text, *self.pending]), []
        printer = self._printer = TurnPrinter(self.console)
        try:
            outcome = drive_turn(self.session, text, printer, attachment=attached or None)
        except Exception as exc:  # the promise: one line, and the session goes on
            self._error(f"unexpected error: {type(exc).__name__}: {exc}")
        else:
            if outcome.interrupted:
                self.console.print("⏹ interrupted: the partial answer stays in the context", style="dim")
            elif outcome.error is not None:
                self._error(str(outcome.error))
            else:
                printer.end(outcome.turn)
        finally:
            self._printer = None
        self.save_quietly()

    def confirm(self, tool: Tool, call: ToolCall) -> bool:
        """Ask before running a tool whose policy is `ask`; anything but yes declines."""
        if self._printer is not None:
            self._printer.abort()
        self.console.print(terminal_safe(confirm_line(call.name, call.arguments)), style="yellow",
                           markup=False, highlight=False, soft_wrap=True)
        from prompt_toolkit import prompt

        try:
            answer = prompt(terminal_safe(f"run {tool.name}? [y/N] "))
        except (KeyboardInterrupt, EOFError):
            return False
        return answer.strip().lower() in ("y", "yes")

    # -- helpers ------------------------------------------------------------------------------
    def _show_background_notices(self) -> None:
        """MCP servers start while the user types; say at the next prompt what failed."""
        for text in self.session.take_notices():
            self.console.print(terminal_safe(text), style="yellow", markup=False, highlight=False, soft_wrap=True)

    def save_quietly(self) -> None:
        try:
            self.save()
        except Exception as exc:  # a locked or full disk must not end the chat
            self._error(f"could not save the conversation: {exc}")

    def _note(self, text: str) -> None:
        self.console.print(terminal_safe(text), style="dim", markup=False, highlight=False, soft_wrap=True)

    def _error(self, text: str) -> None:
        self.console.print(terminal_safe(text), style="red", markup=False, highlight=False, soft_wrap=True)

    def _prompt_reader(self):
        from tars.repl.keys import build_prompt

        return build_prompt(self.edit_mode).prompt


def _line_reader(prompt: str = ""):
    """Stdin that is not a terminal, or a dumb one: one message per line."""

    def read() -> str | None:
        if prompt:
            sys.stdout.write(prompt)
            sys.stdout.flush()
        line = sys.stdin.readline()
        return None if line == "" else line.rstrip("\n")

    return read
