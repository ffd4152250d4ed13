"""`tars history list|show|export|rm`: the stored conversations of `tars chat`, from the shell."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from tars.repl.store import Conversation, ConversationStore

__all__ = ["register"]


def _when(stamp: float) -> str:
    import time

    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


def _find(store: ConversationStore, key: str, *, prefix: bool = True) -> Conversation:
    """The conversation `key` names: its number or name, or (with `prefix`) a name it uniquely begins."""
    from tars.errors import UsageError

    found = store.find(key, prefix=prefix)
    if found is None:
        raise UsageError(f"no stored conversation {key!r} (tars history list shows them)")
    return found


def _markdown(store: ConversationStore, found: Conversation) -> str:
    from tars.transcript import conversation_markdown

    about = " · ".join(p for p in (f"conversation #{found.id}", found.model, _when(found.updated)) if p)
    return conversation_markdown(store.load(found.id), title=found.title, about=about)


def _refuse_replacing(path: Path) -> bool:
    """An existing export target without --force: a failure (exit 1), nothing written."""
    from tars.errors import TarsError

    raise TarsError(f"{path} exists: nothing written (pass --force to replace it)")


def register(app: typer.Typer) -> None:
    history = typer.Typer(help="Stored conversations: list, show, export, rm.", no_args_is_help=True)

    @history.command("list")
    def list_command(
        limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="at most N, newest first")] = 20,
        as_json: Annotated[bool, typer.Option("--json", help="print as JSON")] = False,
    ) -> None:
        """List stored conversations, newest first."""
        import json

        from tars.repl.store import ConversationStore
        from tars.safe_text import terminal_safe

        store = ConversationStore()
        try:
            found = store.recent(limit)
        finally:
            store.close()
        if as_json:
            print(json.dumps([{"id": c.id, "name": c.name, "title": c.title, "messages": c.messages,
                               "model": c.model, "created": c.created, "updated": c.updated} for c in found],
                             ensure_ascii=False, indent=2))
            return
        if not found:
            print("no stored conversations yet (tars chat keeps them)", file=sys.stderr)
            return
        for c in found:
            print(terminal_safe(f"{c.id:>4}  {_when(c.updated)}  {c.messages:>4} msgs  {c.title}"))

    @history.command("show")
    def show_command(
        conversation: Annotated[str, typer.Argument(help="number or name")],
    ) -> None:
        """Print a conversation as markdown."""
        from tars.repl.store import ConversationStore
        from tars.safe_text import terminal_safe

        store = ConversationStore()
        try:
            text = _markdown(store, _find(store, conversation))
        finally:
            store.close()
        # piped: the exact text; a terminal never obeys escapes stored from a model's answer
        print(terminal_safe(text) if sys.stdout.isatty() else text, end="")

    @history.command("export")
    def export_command(
        conversation: Annotated[str, typer.Argument(help="number or name")],
        file: Annotated[Path | None, typer.Argument(help="where to write (default: tars-chat-N.md here)")] = None,
        force: Annotated[bool, typer.Option("--force", help="replace FILE if it exists")] = False,
    ) -> None:
        """Write a conversation to a markdown file (an existing FILE only with --force)."""
        from tars.repl.store import ConversationStore
        from tars.transcript import export_path, write_export

        store = ConversationStore()
        try:
            found = _find(store, conversation)
            text = _markdown(store, found)
        finally:
            store.close()
        written = write_export(file or export_path(Path.cwd(), found.id), text,
                               replace=lambda path: force or _refuse_replacing(path))
        print(f"exported #{found.id} ({found.messages} messages) to {written}", file=sys.stderr)

    @history.command("rm")
    def rm_command(
        conversations: Annotated[list[str], typer.Argument(help="numbers or names")],
        yes: Annotated[bool, typer.Option("--yes", "-y", help="do not ask")] = False,
    ) -> int:
        """Delete stored conversations (asks first at a terminal; needs --yes in a pipe)."""
        from tars.attachments.load import forget
        from tars.errors import UsageError
        from tars.repl.store import ConversationStore
        from tars.safe_text import terminal_safe

        store = ConversationStore()
        try:
            found = [_find(store, key, prefix=False) for key in conversations]  # a deletion is of what is named
            if not yes:
                if not sys.stdin.isatty():
                    raise UsageError("tars history rm deletes conversations: pass --yes to do it without asking")
                for c in found:
                    print(terminal_safe(f"#{c.id}  {c.messages} msgs  {c.title}"), file=sys.stderr)
                sys.stderr.write(f"delete {len(found)} conversation{'s' if len(found) != 1 else ''}? [y/N] ")
                sys.stderr.flush()
                if sys.stdin.readline().strip().lower() not in ("y", "yes"):
                    print("nothing deleted", file=sys.stderr)
                    return 1
            copies = {path for c in found for path in store.attachment_paths(c.id)}
            for c in found:
                store.delete(c.id)
            forget(copies, keep=store.attachment_paths())  # its images go with it, unless another keeps them
        finally:
            store.close()
        print(f"deleted {', '.join('#' + str(c.id) for c in found)}", file=sys.stderr)
        return 0

    app.add_typer(history, name="history")
