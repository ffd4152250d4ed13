"""pytest fixtures for the local protocol servers; import them into a test module:

    from servers.fixtures import anthropic_server, ollama_server  # noqa: F401
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .anthropic import AnthropicServer
from .ollama import OllamaServer

__all__ = ["anthropic_server", "ollama_server"]


@pytest.fixture
def anthropic_server() -> Iterator[AnthropicServer]:
    """A running Anthropic Messages API server with an empty script."""
    with AnthropicServer() as server:
        yield server


@pytest.fixture
def ollama_server() -> Iterator[OllamaServer]:
    """A running Ollama API server that accepts any model name, with an empty script."""
    with OllamaServer() as server:
        yield server
