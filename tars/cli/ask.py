"""`tars ask`: one question, one streamed answer (minimal; polished by the terminal issue)."""

from __future__ import annotations

import sys
from typing import Optional

import typer

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    @app.command("ask")
    def ask_command(
        prompt: Optional[str] = typer.Argument(None, help="the question; '-' or nothing reads stdin"),
        yes: bool = typer.Option(False, "--yes", "-y", help="allow tools that need confirmation"),
    ) -> int:
        """Ask one question and stream the answer to stdout."""
        from tars.config import load_config
        from tars.errors import UsageError
        from tars.events import Notice, TextDelta, ToolResultEvent
        from tars.session import Session

        if prompt in (None, "-"):
            if sys.stdin.isatty():
                raise UsageError('usage: tars ask "question"  (or pipe the question on stdin)')
            prompt = sys.stdin.read()
        elif not sys.stdin.isatty():
            piped = sys.stdin.read()
            if piped.strip():
                prompt = f"{prompt}\n\n{piped}"
        session = Session.from_config(load_config(), confirm=(lambda *_: True) if yes else None)
        for event in session.stream(prompt):
            match event:
                case TextDelta(text=text):
                    sys.stdout.write(text)
                    sys.stdout.flush()
                case Notice(text=text):
                    print(f"tars: {text}", file=sys.stderr)
                case ToolResultEvent(result=result):
                    print(f"  {result.name}: {result.summary()}", file=sys.stderr)
        turn = session.last_turn
        if turn is not None and turn.text and not turn.text.endswith("\n"):
            sys.stdout.write("\n")
        return 0
