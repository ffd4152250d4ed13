"""Model names: `provider:model` values, checked so a typo fails at start-up with the fix."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from tars.errors import ConfigError

__all__ = ["CLAUDE_RETIREMENTS", "DEFAULT_CLAUDE_MODEL", "EMBEDDED_DEFAULT", "PROVIDERS", "ModelSpec", "parse_model",
           "retirement_notice"]

PROVIDERS = ("claude", "ollama", "llamacpp", "openai")
DEFAULT_CLAUDE_MODEL = "claude-sonnet-4-6"
EMBEDDED_DEFAULT = "qwen2.5-coder-0.5b"
_CLAUDE_ID = re.compile(r"^claude-[a-z0-9.-]*\d[a-z0-9.-]*$")
# Moving aliases that have a dated snapshot: a remote must not change under the user's feet.
_CLAUDE_ALIASES = {
    "claude-sonnet-4-5": "claude-sonnet-4-5-20250929",
    "claude-haiku-4-5": "claude-haiku-4-5-20251001",
    "claude-opus-4-5": "claude-opus-4-5-20251101",
    "claude-opus-4-1": "claude-opus-4-1-20250805",
    "claude-opus-4-0": "claude-opus-4-20250514",
    "claude-sonnet-4-0": "claude-sonnet-4-20250514",
}
# The day Anthropic retires a snapshot, as the anthropic SDK lists them (a test keeps the two in step):
# a request to it fails from then on, so a user who chose it is told before and after.
CLAUDE_RETIREMENTS = {
    "claude-sonnet-4-5-20250929": date(2026, 11, 30),
    "claude-opus-4-5-20251101": date(2027, 1, 22),
}


@dataclass(frozen=True)
class ModelSpec:
    """A `provider:model` value, split on the first colon so Ollama tags keep theirs."""

    provider: str
    model: str

    def __str__(self) -> str:
        return f"{self.provider}:{self.model}"


def parse_model(value: str, *, setting: str = "model") -> ModelSpec:
    """Parse and check `provider:model`; raise ConfigError with a line that says how to fix it."""
    value = value.strip()
    provider, sep, model = value.partition(":")
    provider, model = provider.strip().lower(), model.strip()
    if not sep:
        raise ConfigError(
            f"{setting}: {value!r} is not provider:model (e.g. ollama:qwen3:8b, llamacpp:{EMBEDDED_DEFAULT})"
        )
    if provider not in PROVIDERS:
        raise ConfigError(f"{setting}: unknown provider {provider!r}; use one of {', '.join(PROVIDERS)}")
    if not model:
        raise ConfigError(f"{setting}: {value!r} has no model after {provider}:")
    if provider == "claude":
        _check_claude_id(model, value, setting)
    return ModelSpec(provider, model)


def _check_claude_id(model: str, value: str, setting: str) -> None:
    """A Claude model must be an explicit versioned id, not an alias such as `sonnet` or `*-latest`."""
    if model in _CLAUDE_ALIASES:
        dated = _CLAUDE_ALIASES[model]
        retires = CLAUDE_RETIREMENTS.get(dated)
        current = f" (Anthropic retires it on {_day(retires)}; claude:{DEFAULT_CLAUDE_MODEL} is current)" \
            if retires else ""
        raise ConfigError(f"{setting}: {value!r} is an alias; use the versioned id claude:{dated}{current}")
    if not _CLAUDE_ID.match(model) or model.endswith("-latest"):
        raise ConfigError(
            f"{setting}: {value!r} is not a versioned Claude model id; use one such as claude:{DEFAULT_CLAUDE_MODEL}"
        )


def retirement_notice(model: str, today: date) -> str | None:
    """One line for a Claude snapshot Anthropic retires (`CLAUDE_RETIREMENTS`), or None."""
    day = CLAUDE_RETIREMENTS.get(model)
    if day is None:
        return None
    when = _day(day)
    if today >= day:
        return (f"{model} was retired by Anthropic on {when}: requests to it fail; "
                f"choose a current model such as claude:{DEFAULT_CLAUDE_MODEL}")
    left = (day - today).days
    return (f"{model} is retired by Anthropic on {when} (in {left} day{'s' if left != 1 else ''}); "
            f"choose a current model such as claude:{DEFAULT_CLAUDE_MODEL}")


def _day(day: date) -> str:
    return f"{day.day} {day:%B %Y}"  # 30 November 2026
