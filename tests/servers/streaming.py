"""Helpers for provider tests: run one request and collect its events, or the error that ends it."""

from __future__ import annotations

import pytest

from tars.errors import ProviderError
from tars.events import TextDelta
from tars.messages import Message

__all__ = ["ask", "collect_until_error", "text_of"]


def ask(provider, text: str = "hi", **kwargs) -> list:
    return list(provider.stream([Message(role="user", content=text)], **kwargs))


def collect_until_error(provider) -> tuple[list, ProviderError]:
    events = []
    with pytest.raises(ProviderError) as info:
        for event in provider.stream([Message(role="user", content="hi")]):
            events.append(event)
    return events, info.value


def text_of(events: list) -> str:
    return "".join(e.text for e in events if isinstance(e, TextDelta))
