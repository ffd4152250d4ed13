"""`tars config`: the effective settings and where each came from (secrets masked)."""

from __future__ import annotations

import typer

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    @app.command("config")
    def config_command(
        as_json: bool = typer.Option(False, "--json", help="print the settings as JSON"),
    ) -> None:
        """Show every setting, its effective value and its source."""
        import json

        from tars.config import load_config

        rows = load_config().rows()
        if as_json:
            print(json.dumps([{"name": n, "value": v, "source": s} for n, v, s in rows], indent=2))
            return
        width = max(len(n) for n, _, _ in rows)
        from tars.safe_text import terminal_safe

        for name, value, source in rows:  # a value may come from a working folder's .env
            print(terminal_safe(f"{name:<{width}}  {value or '(unset)'}  [{source}]"))
