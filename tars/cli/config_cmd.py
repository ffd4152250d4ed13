"""`tars config`: the effective settings and where each came from (secrets masked), then where
tars keeps its files: the model file, the config, data and cache folders, memory and notes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from tars.config import Config

__all__ = ["register", "paths"]


def paths(config: Config) -> list[tuple[str, str, str]]:
    """(what, path, what is there) for each place tars reads or writes; nothing is created."""
    from tars.paths import cache_dir, config_dir, data_dir
    from tars.providers.llamacpp.model_file import model_file

    rows = [
        ("config", str(config_dir()), "config.env, mcp_servers.json"),
        ("data", str(data_dir()), "sessions.db (conversations), chat_history, memory/, bench/"),
        ("cache", str(cache_dir()), "search.db, mcp_tools.json, remote_cooldown.json"),
    ]
    spec = config.model_default
    if spec.provider == "llamacpp":
        where, state = model_file(spec.model)
        rows.append(("model", where, f"{spec}: {state} (TARS_MODEL_DIR moves it)"))
    else:
        rows.append(("model", "", f"{spec}: served by {spec.provider}, no local file"))
    memory = config.memory_dir or data_dir() / "memory"
    rows.append(("memory", str(memory), "memory.md"))
    rows.append(("notes", str(config.notes_dir) if config.notes_dir else "",
                 "your vault" if config.notes_dir else "not set: TARS_NOTES_DIR (notes tools off)"))
    return rows


def register(app: typer.Typer) -> None:
    @app.command("config")
    def config_command(
        as_json: bool = typer.Option(False, "--json", help="print the settings and paths as JSON"),
    ) -> None:
        """Show every setting, its effective value and its source; then where tars keeps its files."""
        import json

        from tars.config import load_config
        from tars.providers import check_configured

        config = load_config()
        check_configured(config)
        rows = config.rows()
        places = paths(config)
        notices = [n for n in (config.unknown_notice(), config.ignored_notice(), config.unread_notice(),
                               *config.unused) if n]
        if as_json:
            print(json.dumps({"settings": [{"name": n, "value": v, "source": s} for n, v, s in rows],
                              "paths": {what: {"path": path or None, "holds": holds} for what, path, holds in places},
                              "notices": notices}, indent=2))
            return
        width = max(len(n) for n, _, _ in rows)
        from tars.safe_text import terminal_safe

        for name, value, source in rows:  # a value may come from a working folder's .env
            print(terminal_safe(f"{name:<{width}}  {value or '(unset)'}  [{source}]"))
        print()
        print("where things live:")
        width = max(len(what) for what, _, _ in places)
        for what, path, holds in places:
            print(terminal_safe(f"  {what:<{width}}  {path or '(none)'}  — {holds}"))
        for notice in notices:
            print()
            print(terminal_safe(notice))
