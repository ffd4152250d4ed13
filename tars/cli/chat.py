"""`tars chat`: an interactive session (a plain loop until the REPL lands)."""

from __future__ import annotations

import typer

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    @app.command("chat")
    def chat_command() -> None:
        """Chat with tars."""
        import sys

        from tars.config import load_config
        from tars.events import Notice, TextDelta
        from tars.session import Session

        session = Session.from_config(load_config())
        while True:
            try:
                line = input("> ")
            except EOFError:
                return
            for event in session.stream(line):
                match event:
                    case TextDelta(text=text):
                        sys.stdout.write(text)
                        sys.stdout.flush()
                    case Notice(text=text):
                        print(f"[{text}]")
            print()
