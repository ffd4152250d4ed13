"""Providers, one module each, imported only when a model of that provider is first used."""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from tars.providers.base import Provider

if TYPE_CHECKING:
    from tars.config import Config, ModelSpec
    from tars.events import Event
    from tars.messages import Message
    from tars.tool_hints import ToolHints

__all__ = ["LazyProvider", "Provider", "chat_template", "check_configured", "check_embedded", "make_provider"]

# provider name -> "module:Class"; the module is imported on first use (anthropic alone takes 3 s).
_IMPLEMENTATIONS = {
    "claude": "tars.providers.claude:ClaudeProvider",
    "ollama": "tars.providers.ollama:OllamaProvider",
    "llamacpp": "tars.providers.llamacpp.provider:LlamaCppProvider",
    "openai": "tars.providers.openai:OpenAIProvider",
}


def load_provider(spec: ModelSpec, config: Config) -> Provider:
    """Import the provider's module and build it now."""
    module_name, _, class_name = _IMPLEMENTATIONS[spec.provider].partition(":")
    cls: Callable[[str, Config], Provider] = getattr(importlib.import_module(module_name), class_name)
    return cls(spec.model, config)


def chat_template(spec: ModelSpec, config: Config) -> tuple[str | None, str]:
    """The model's chat template and where it came from, read without loading the model or its
    provider's SDK; (None, why) when it has none or cannot be read now."""
    module = importlib.import_module(_IMPLEMENTATIONS[spec.provider].partition(":")[0])
    read: Callable[[str, Config], tuple[str | None, str]] = module.chat_template
    try:
        return read(spec.model, config)
    except Exception as exc:  # noqa: BLE001  (unreachable server, unknown model: detection goes on without it)
        return None, f"unavailable ({type(exc).__name__})"


class LazyProvider:
    """Stands in for a provider until it is first used, so start-up pays for no SDK import.

    `warm_up()` builds it ahead of time (the REPL does that in the background while you type)."""

    def __init__(self, spec: ModelSpec, config: Config) -> None:
        self.provider = spec.provider
        self.model = spec.model
        self._spec, self._config = spec, config
        self._real: Provider | None = None
        self._lock = threading.Lock()

    def warm_up(self) -> Provider:
        with self._lock:
            if self._real is None:
                self._real = load_provider(self._spec, self._config)
                if hasattr(self._real, "warm_up"):  # only providers with a model to load
                    self._real.warm_up()
            return self._real

    @property
    def native_tools(self) -> bool:
        return self.warm_up().native_tools

    @property
    def context_window(self) -> int | None:
        return self.warm_up().context_window

    @property
    def max_output_tokens(self) -> int:
        return self.warm_up().max_output_tokens

    def count_tokens(self, text: str) -> int | None:
        return self.warm_up().count_tokens(text)

    def stream(self, messages: Sequence[Message], *, system: str = "", tools: Sequence[dict[str, Any]] = (),
               response_schema: dict[str, Any] | None = None, hints: ToolHints | None = None) -> Iterator[Event]:
        return self.warm_up().stream(messages, system=system, tools=tools, response_schema=response_schema,
                                     hints=hints)

    def __getattr__(self, name: str) -> Any:  # anything provider-specific (e.g. tool_format)
        return getattr(self.warm_up(), name)


def make_provider(spec: ModelSpec, config: Config, *, where: str = "") -> Provider:
    """A provider for `spec` that loads its SDK (or model) on first use. An embedded model that
    does not exist is a configuration error now, named by `where` (the flag or setting used)."""
    check_embedded(spec, where)
    return LazyProvider(spec, config)


def check_embedded(spec: ModelSpec, where: str = "") -> None:
    """ConfigError (one line naming `where` and the embedded models) when `spec` is an embedded
    model tars does not have; nothing is loaded."""
    if spec.provider == "llamacpp":
        from tars.providers.llamacpp.model_file import check_model

        check_model(spec.model, where)


def check_configured(config: Config) -> None:
    """check_embedded for each model setting (primary, remote, rescue), named as the user set it."""
    for name, spec in (("model_default", config.model_default), ("model_remote", config.model_remote),
                       ("rescue_model", config.rescue_model)):
        if spec is not None:
            check_embedded(spec, config.origin(name))
