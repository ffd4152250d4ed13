"""The chat prompt: key bindings, persistent history, and completion of slash commands and `@` mentions.

Enter sends the message; Esc-Enter (what Alt-Enter sends), and Ctrl-J insert a newline; a
bracketed paste is inserted whole, newlines included. Emacs keys by default, vi with
`TARS_EDIT_MODE=vi`. Up/Down walk the history (kept in the data dir), Ctrl-R searches it; Ctrl-X
Ctrl-E (vi: `v`) opens the prompt in $VISUAL/$EDITOR.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.key_binding import KeyBindings

from tars.repl import commands as registry

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

__all__ = ["build_prompt", "key_bindings", "SlashCompleter", "history_path"]


class SlashCompleter(Completer):
    """Completes `/name` and then the command's own arguments."""

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        text = document.text_before_cursor
        word = text.rsplit(None, 1)[-1] if text and not text[-1].isspace() else ""
        if word.startswith("@"):  # a file to attach (@path), or an MCP resource (@server:uri)
            from tars.repl.attach_commands import complete_path
            from tars.repl.mcp_prompts import complete_mention

            for candidate in [*complete_mention(word), *(f"@{p}" for p in complete_path(word[1:]))]:
                yield Completion(candidate, start_position=-len(word))
            return
        if not text.startswith("/") or "\n" in text:
            return
        _, space, arg = text.partition(" ")
        replace = len(arg) if space else len(text)
        for candidate in registry.complete(text):
            cmd = None if space else registry.find(candidate)
            yield Completion(candidate, start_position=-replace, display_meta=cmd.help if cmd else None)


def key_bindings() -> KeyBindings:
    from prompt_toolkit.filters import is_searching

    kb = KeyBindings()
    editing = ~is_searching  # during Ctrl-R, Enter accepts the found line (prompt-toolkit's own binding)

    @kb.add("enter", filter=editing)
    def _send(event) -> None:
        buffer = event.current_buffer
        if buffer.complete_state and buffer.complete_state.current_completion:
            buffer.apply_completion(buffer.complete_state.current_completion)
        buffer.validate_and_handle()

    @kb.add("escape", "enter", filter=editing)
    @kb.add("c-j", filter=editing)
    def _newline(event) -> None:
        event.current_buffer.insert_text("\n")

    return kb


def history_path():
    import os

    from tars.config import data_dir
    from tars.statefile import move_aside

    path = data_dir() / "chat_history"
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and not (path.is_file() and os.access(path, os.R_OK | os.W_OK)):
        move_aside(path, "not a readable, writable file")  # the prompt would fail on every line
    path.touch(mode=0o600, exist_ok=True)  # what you typed is yours alone
    return path


def build_prompt(edit_mode: str = "emacs") -> PromptSession:
    import sys

    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory
    from prompt_toolkit.output import create_output
    from prompt_toolkit.styles import Style

    return PromptSession(
        # the real stdout, not whatever `sys.stdout` is now: llama-cpp-python swaps it for
        # /dev/null while it loads a model in the warm-up thread
        output=create_output(stdout=sys.__stdout__),
        message=[("class:prompt", "› ")],
        multiline=True,  # the buffer may hold several lines; Enter still sends (see key_bindings)
        prompt_continuation=lambda width, line, wrap: "  ",
        history=FileHistory(str(history_path())),
        completer=SlashCompleter(),
        complete_while_typing=True,
        key_bindings=key_bindings(),
        vi_mode=edit_mode == "vi",
        enable_open_in_editor=True,  # Ctrl-X Ctrl-E (vi: v in normal mode) edits the prompt in $VISUAL/$EDITOR
        enable_history_search=False,  # Up/Down walk history; Ctrl-R searches it
        reserve_space_for_menu=4,  # room for the completion menu without pushing the screen up 8 lines
        style=Style.from_dict({"prompt": "bold ansicyan"}),
        include_default_pygments_style=False,
    )
