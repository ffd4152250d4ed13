"""`tars parse`: raw model text on stdin -> the tool calls, prose and reasoning in it, as JSON."""

from __future__ import annotations

import typer

__all__ = ["register", "parse_stdin"]


def parse_stdin(text: str, format: str | None, model: str | None, tools: str | None) -> dict:
    from tars.toolcalls import parse

    names = [t.strip() for t in tools.split(",") if t.strip()] if tools else None
    return parse(text, format=format or None, model=model or None, tools=names).to_json()


def register(app: typer.Typer) -> None:
    @app.command("parse")
    def parse_command(
        format: str = typer.Option("", "--format", "-f", help="tool-call format (default: from --model, else sniffed)"),
        model: str = typer.Option("", "--model", "-m", help="model name, to pick the format and thinking mode"),
        tools: str = typer.Option("", "--tools", help="comma-separated offered tool names; others are dropped"),
    ) -> None:
        """Read raw model output from stdin and print the parsed calls, content and reasoning as JSON."""
        import json
        import sys

        text = sys.stdin.read()
        print(json.dumps(parse_stdin(text, format, model, tools), ensure_ascii=False, indent=2))
