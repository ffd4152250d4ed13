"""Providers, one module each, imported only when a model of that provider is used."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from tars.providers.base import Provider

if TYPE_CHECKING:
    from tars.config import Config, ModelSpec

__all__ = ["Provider", "make_provider"]

# provider name -> "module:Class"; the module is imported on first use (anthropic alone takes 3 s).
_IMPLEMENTATIONS = {
    "claude": "tars.providers.claude:ClaudeProvider",
    "ollama": "tars.providers.ollama:OllamaProvider",
    "llamacpp": "tars.providers.llamacpp:LlamaCppProvider",
    "openai": "tars.providers.openai:OpenAIProvider",
}


def make_provider(spec: ModelSpec, config: Config) -> Provider:
    """Build the provider for `spec`; the class reads what it needs from `config`."""
    module_name, _, class_name = _IMPLEMENTATIONS[spec.provider].partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    return cls(spec.model, config)
