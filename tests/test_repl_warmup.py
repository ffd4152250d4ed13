"""Background warm-up: the primary (and remote) providers are built while the user types."""

from __future__ import annotations

import threading

import pytest
from servers.ollama import OllamaServer

from tars.config import ModelSpec, load_config
from tars.errors import TarsError
from tars.providers import make_provider
from tars.repl.warmup import start_warmup
from tars.session import Session
from tars.tools import ToolRegistry


def test_warmup_builds_both_providers_in_the_background() -> None:
    with OllamaServer(default={"text": "hi"}) as server:
        config = load_config(environ={"OLLAMA_HOST": server.url})
        primary = make_provider(ModelSpec("ollama", "test"), config)
        remote = make_provider(ModelSpec("ollama", "bigger"), config)
        session = Session(config, primary=primary, remote=remote, tools=ToolRegistry())
        assert primary._real is None and remote._real is None  # nothing loaded at start-up
        warmup = start_warmup(session)
        assert warmup.primary_ready.wait(30)
        warmup.thread.join(30)
        assert not warmup.thread.is_alive() and warmup.thread.daemon
        assert primary._real is not None and remote._real is not None
        assert session.send("hello").text == "hi"


def test_a_failing_warmup_is_silent_and_the_turn_reports_the_error(monkeypatch, tmp_path) -> None:
    crashes = []
    monkeypatch.setattr(threading, "excepthook", crashes.append)
    broken = tmp_path / "nonexistent-model.gguf"  # a file (a missing one is refused at start-up) that will not load
    broken.write_bytes(b"not a gguf model")
    config = load_config(environ={"TARS_MODEL_DEFAULT": f"llamacpp:{broken}"})
    session = Session(config, primary=make_provider(config.model_default, config), tools=ToolRegistry())
    warmup = start_warmup(session)
    warmup.thread.join(30)
    assert warmup.primary_ready.is_set()  # set even when loading failed: the prompt never waits forever
    assert not warmup.thread.is_alive() and crashes == []  # nothing printed from the background
    with pytest.raises(TarsError, match="nonexistent"):
        session.send("hello")  # the real error, where the user can see it
