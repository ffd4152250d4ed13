"""`tars models info MODEL`: the provider, the model, and which tool-call format tars will parse
its text with, and why (setting, model-name table, chat template, or sniffing)."""

from __future__ import annotations

from typing import Any

import typer

__all__ = ["register", "model_info"]


def _template(spec: Any, config: Any) -> tuple[str | None, str]:
    """The model's chat template and where it came from; (None, reason) when unavailable."""
    try:
        if spec.provider == "llamacpp":
            from tars.embedded import resolve_model_path
            from tars.toolcalls.gguf_template import gguf_chat_template

            path = resolve_model_path(spec.model)
            return gguf_chat_template(path), f"GGUF metadata of {path.name}"
        if spec.provider == "ollama":
            import httpx

            host = (config.ollama_host or "http://127.0.0.1:11434").rstrip("/")
            host = host if "://" in host else "http://" + host
            reply = httpx.post(f"{host}/api/show", json={"model": spec.model}, timeout=3.0)
            reply.raise_for_status()
            return reply.json().get("template"), "Ollama /api/show"
        if spec.provider == "openai":
            import httpx

            root = config.openai_base_url.rstrip("/").removesuffix("/v1")
            reply = httpx.get(f"{root}/props", timeout=3.0)  # llama-server tells its template here
            reply.raise_for_status()
            return reply.json().get("chat_template"), "llama-server /props"
    except Exception as exc:  # unreachable server, unknown model: detection goes on without it
        return None, f"unavailable ({type(exc).__name__})"
    return None, "not applicable"


def model_info(model: str, config: Any) -> dict[str, Any]:
    from tars.config import parse_model
    from tars.toolcalls import detect_format

    spec = parse_model(model if ":" in model else f"{config.model_default.provider}:{model}", setting="MODEL")
    setting = getattr(config, "tool_format", "") or None
    fmt, why = detect_format(model=spec.model, setting=setting)
    template_source = "not needed"
    if fmt == "auto":
        template, template_source = _template(spec, config)
        fmt, why = detect_format(model=spec.model, template=template, setting=setting)
    info = {"provider": spec.provider, "model": spec.model, "format": fmt, "why": why,
            "template": template_source}
    if spec.provider in ("claude",):
        info["format"], info["why"] = "native", "the API returns structured tool calls"
    return info


def register(app: typer.Typer) -> None:
    models = typer.Typer(help="Inspect models.", no_args_is_help=True)

    @models.command("info")
    def info_command(
        model: str = typer.Argument(..., help="provider:model (a bare name uses the primary's provider)"),
        as_json: bool = typer.Option(False, "--json", help="print as JSON"),
    ) -> None:
        """Show the provider, the model, the tool-call format chosen for its text, and why."""
        import json

        from tars.config import load_config

        info = model_info(model, load_config())
        if as_json:
            print(json.dumps(info, indent=2))
            return
        for key in ("provider", "model", "format", "why", "template"):
            print(f"{key + ':':<10}{info[key]}")

    app.add_typer(models, name="models")
