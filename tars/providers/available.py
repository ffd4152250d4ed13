"""The models tars can use right now: the embedded catalogue, the models an Ollama server has
(when one answers), and the configured models; which one is the default and which the remote."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import metadata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tars.config import Config

__all__ = ["ModelRow", "available_models"]

_OLLAMA_WAIT = 2.0  # seconds: a listing must not hang on a server that is not there


@dataclass(frozen=True)
class ModelRow:
    model: str  # provider:model, as TARS_MODEL_DEFAULT and -m take it
    role: str  # "default", "remote", or ""
    note: str  # what it is, or why it is not usable now
    usable: bool = True


def _embedded() -> list[tuple[str, str, bool]]:
    from tars.providers.llamacpp.model_file import CATALOG

    out = []
    for model in CATALOG.values():
        missing = []
        for dist, _ in model.parts:
            try:
                metadata.distribution(dist)
            except metadata.PackageNotFoundError:
                missing.append(dist)
        note = f"embedded: {model.note}"
        if missing:
            note += f" (not installed: {missing[0]}{' ...' if len(missing) > 1 else ''}; run make install)"
        out.append((f"llamacpp:{model.name}", note, not missing))
    return out


def _ollama(host: str) -> tuple[list[tuple[str, str, bool]], str | None]:
    """The server's models, or ([], why none could be listed)."""
    import httpx

    try:
        response = httpx.get(f"{host.rstrip('/')}/api/tags", timeout=_OLLAMA_WAIT, trust_env=False)
        response.raise_for_status()
        models = response.json().get("models") or []
    except (httpx.HTTPError, ValueError, AttributeError) as exc:
        return [], f"no Ollama server answers at {host} ({type(exc).__name__})"
    rows = []
    for entry in models:
        details = entry.get("details") or {}
        size = " ".join(str(details[k]) for k in ("parameter_size", "quantization_level") if details.get(k))
        rows.append((f"ollama:{entry.get('name') or entry.get('model')}", f"Ollama at {host}" + (f", {size}" if size
                                                                                                else ""), True))
    return rows, None


def available_models(config: Config) -> tuple[list[ModelRow], list[str]]:
    """Every model tars can use now, and notes on sources that could not be listed."""
    found = _embedded()
    ollama, why = _ollama(config.ollama_host)
    found += ollama
    notes = [why] if why else []
    default, remote = str(config.model_default), str(config.model_remote) if config.model_remote else None
    known = {name for name, _, _ in found}
    for spec in (default, remote):
        if spec and spec not in known:
            found.append((spec, _configured_note(spec, config), spec.partition(":")[0] != "ollama"))
            known.add(spec)
    rows = []
    for name, note, usable in found:
        role = "default" if name == default else "remote" if name == remote else ""
        rows.append(ModelRow(name, role, note, usable))
    return rows, notes


def _configured_note(spec: str, config: Config) -> str:
    provider = spec.partition(":")[0]
    if provider == "claude":
        return "Anthropic API" + ("" if config.anthropic_api_key else " (ANTHROPIC_API_KEY is not set)")
    if provider == "openai":
        return f"OpenAI-compatible server at {config.openai_base_url}"
    if provider == "ollama":
        return "configured, but not on the Ollama server"
    return "configured"
