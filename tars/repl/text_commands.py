"""Slash commands for the text around a conversation: /edit (write a message in your editor),
/copy (the last answer or one of its code blocks to the clipboard) and /export (the conversation as markdown)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tars.repl.commands import CommandContext, CommandError, command

__all__: list[str] = []


@command("edit", help="write a message in $VISUAL/$EDITOR and send it (Ctrl-X Ctrl-E edits the prompt): "
                      "/edit [start text]")
def _edit(ctx: CommandContext, arg: str) -> None:
    from tars.repl.editor import edit_text

    text = edit_text(arg + "\n" if arg else "")
    if text is None:
        ctx.info("the editor failed or was quit without saving: nothing sent")
        return
    if not text.strip():
        ctx.info("empty message: nothing sent")
        return
    if ctx.repl is None:
        raise CommandError("/edit needs the chat")
    ctx.print(f"› {text}", style="dim")
    ctx.repl.turn(text)


def _copy_target(ctx: CommandContext, arg: str) -> tuple[str, str]:
    """(text, what it is) for `/copy` or `/copy code N`."""
    from tars.transcript import code_blocks, last_answer

    answer = last_answer(ctx.session.messages)
    if answer is None:
        raise CommandError("no answer to copy yet")
    words = arg.split()
    if not words:
        return answer, "the last answer"
    if words[0] != "code" or len(words) > 2 or (len(words) == 2 and not words[1].isdigit()):
        raise CommandError("usage: /copy, or /copy code [N] for the N-th code block of the last answer")
    blocks = code_blocks(answer)
    n = int(words[1]) if len(words) == 2 else 1
    if not blocks:
        raise CommandError("the last answer has no code block")
    if not 1 <= n <= len(blocks):
        raise CommandError(f"the last answer has {len(blocks)} code block{'s' if len(blocks) != 1 else ''}")
    return blocks[n - 1], f"code block {n} of {len(blocks)}"


@command("copy", help="copy the last answer to the clipboard, or its N-th code block: /copy [code N]",
         complete=lambda arg: ["code"])
def _copy(ctx: CommandContext, arg: str) -> None:
    from tars.clipboard import copy

    text, what = _copy_target(ctx, arg)
    terminal = ctx.console.file if ctx.console.is_terminal and not ctx.console.is_dumb_terminal else None
    used = copy(text, terminal=terminal)
    if not used:
        raise CommandError("no clipboard here: not a terminal, and no pbcopy, wl-copy, xclip or xsel found")
    lines = text.count("\n") + (not text.endswith("\n"))
    ctx.info(f"copied {what} ({lines} line{'s' if lines != 1 else ''}, {len(text):,} characters) via "
             f"{' and '.join(used)}")


@command("export", help="write the conversation as markdown: /export [FILE] (default: tars-chat-N.md here; "
                        "an existing FILE is replaced only if you say yes)")
def _export(ctx: CommandContext, arg: str) -> None:
    from tars.transcript import conversation_markdown, export_path, write_export

    messages = ctx.session.messages
    if not messages:
        raise CommandError("nothing to export yet")
    repl = ctx.repl
    if repl is not None:
        repl.save_quietly()
    number = repl.conversation_id if repl is not None else None
    title = ""
    if repl is not None and repl.store is not None and number is not None:
        found = repl.store.get(number)
        title = found.title if found else ""
    title = title or next((m.content for m in messages if m.role == "user"), "tars conversation")
    about = " · ".join(part for part in (f"conversation #{number}" if number else "",
                                         ctx.session.last_turn.model if ctx.session.last_turn else "",
                                         time.strftime("%Y-%m-%d %H:%M")) if part)
    path = Path(arg) if arg else export_path(Path.cwd(), number)
    written = write_export(path, conversation_markdown(messages, title=title[:80], about=about), replace=_ask_replace)
    ctx.info(f"exported {len(messages)} messages to {written}")


def _ask_replace(path: Path) -> bool:
    """Whether the user says yes to replacing `path` (no, when the chat cannot ask)."""
    if not sys.stdin.isatty():
        return False
    from prompt_toolkit import prompt

    from tars.safe_text import terminal_safe

    try:
        return prompt(terminal_safe(f"replace {path}? [y/N] ")).strip().lower() in ("y", "yes")
    except (KeyboardInterrupt, EOFError):
        return False
