"""`tars models`: the models tars can use right now, the default marked. `tars models info MODEL`:
the provider, the model, and which tool-call format tars will parse its text with, and why
(setting, model-name table, chat template, or sniffing)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from tars.config import Config

__all__ = ["model_info", "register"]


def model_info(model: str, config: Config) -> dict[str, Any]:
    """What `tars models info` prints: provider, model, tool-call format, why, template source."""
    from tars.toolcalls import detect_format

    bare = ":" not in model and model.strip() not in config.aliases  # a bare name uses the primary's provider
    spec = config.model(f"{config.model_default.provider}:{model}" if bare else model, setting="MODEL")
    from tars.providers import check_embedded

    check_embedded(spec, "MODEL")
    setting = config.tool_format or None
    fmt, why = detect_format(model=spec.model, setting=setting)
    template_source = "not needed"
    if fmt == "auto":
        from tars.providers import chat_template

        template, template_source = chat_template(spec, config)
        fmt, why = detect_format(model=spec.model, template=template, setting=setting)
    info = {"provider": spec.provider, "model": spec.model, "format": fmt, "why": why,
            "template": template_source}
    if spec.provider in ("claude",):
        info["format"], info["why"] = "native", "the API returns structured tool calls"
    return info


def register(app: typer.Typer) -> None:
    models = typer.Typer(help="List the models tars can use now; inspect one.", invoke_without_command=True)

    @models.callback()
    def list_command(
        ctx: typer.Context,
        as_json: bool = typer.Option(False, "--json", help="print as JSON"),
    ) -> None:
        """List the models tars can use now (embedded, Ollama's, the configured ones); the default is marked."""
        if ctx.invoked_subcommand is not None:
            return
        import json

        from tars.cli.settings import load_settings
        from tars.providers import check_configured
        from tars.providers.available import available_models
        from tars.safe_text import json_safe

        config = load_settings()
        check_configured(config)
        rows, notes = available_models(config)
        if as_json:
            print(json_safe(json.dumps({"models": [{"model": r.model, "role": r.role or None, "note": r.note,
                                                    "usable": r.usable} for r in rows], "notes": notes}, indent=2)))
            return
        from tars.safe_text import terminal_safe

        width = max(len(r.model) for r in rows)
        for r in rows:  # model names come from an Ollama server
            mark = "*" if r.role == "default" else " "
            role = f"[{r.role}] " if r.role else ""
            print(terminal_safe(f"{mark} {r.model:<{width}}  {role}{r.note}"))
        for note in notes:
            print(terminal_safe(note))
        print("* the default (TARS_MODEL_DEFAULT, or -m for one run)")

    @models.command("info")
    def info_command(
        model: str = typer.Argument(..., help="provider:model or an alias (a bare name uses the primary's provider)"),
        as_json: bool = typer.Option(False, "--json", help="print as JSON"),
    ) -> None:
        """Show the provider, the model, the tool-call format chosen for its text, and why."""
        import json

        from tars.cli.settings import load_settings

        info = model_info(model, load_settings())
        if as_json:
            print(json.dumps(info, indent=2))
            return
        for key in ("provider", "model", "format", "why", "template"):
            print(f"{key + ':':<10}{info[key]}")

    app.add_typer(models, name="models")
