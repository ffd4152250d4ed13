"""The provider seam: one streaming method that yields typed events.

A provider turns (messages, system prompt, tool specs) into `tars.events` events and converts
its SDK's failures into `ProviderUnavailable` / `ProviderRejected` at this boundary. Tool specs
are provider-neutral dicts `{"name", "description", "parameters"}`; each provider converts them
(and tool results) to its API's own shape.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from tars.events import Event
from tars.messages import Message

if TYPE_CHECKING:
    from tars.tool_hints import ToolHints

__all__ = ["Provider"]


@runtime_checkable
class Provider(Protocol):
    """What every provider module's class implements."""

    @property
    def provider(self) -> str:
        """"claude", "ollama", "llamacpp", "openai", "scripted"."""
        ...

    @property
    def model(self) -> str:
        ...

    @property
    def native_tools(self) -> bool:
        """True when the API returns structured tool calls."""
        ...

    @property
    def context_window(self) -> int | None:
        """Tokens the model is given per request (`tars.providers.window` decides; None for a
        scripted model that has no window); small windows favour pipeline mode."""
        ...

    @property
    def max_output_tokens(self) -> int:
        """Tokens kept free in the window for one answer."""
        ...

    def count_tokens(self, text: str) -> int | None:
        """Tokens in `text` by the model's own tokenizer, when the provider has it at hand (the
        embedded model); None means the session estimates (`tars.tokens`)."""
        ...

    def stream(
        self,
        messages: Sequence[Message],
        *,
        system: str = "",
        tools: Sequence[dict[str, Any]] = (),
        response_schema: dict[str, Any] | None = None,
        hints: ToolHints | None = None,
    ) -> Iterator[Event]:
        """Stream one model round. `response_schema`, when given and supported, constrains the
        output to JSON matching it (llama.cpp grammar, Ollama `format`). `hints`: what the keyword
        router told the model (already a paragraph of `system`); a model ignores them, pipeline
        mode plans its round by them."""
        ...
