"""The embedded model: files located through package metadata, verified, and really answering."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys

import pytest

from tars.config import load_config
from tars.errors import ConfigError, ModelFileError
from tars.events import Stop, TextDelta, ToolCallEvent
from tars.messages import Message
from tars.providers.llamacpp import model_file
from tars.session import Session
from tars.tools import Tool, ToolRegistry


def test_a_file_that_does_not_match_its_checksum_is_refused(tmp_path, monkeypatch):
    models = tmp_path / "models"
    monkeypatch.setenv("TARS_MODEL_DIR", str(models))
    wrong = dataclasses.replace(model_file.CATALOG["smollm2-135m"], name="bad", sha256="0" * 64)
    monkeypatch.setitem(model_file.CATALOG, "bad", wrong)
    with pytest.raises(ModelFileError, match="refusing"):
        model_file.resolve_model_path("bad")
    assert list(models.iterdir()) == [], "no partial or unverified file is left behind"


def test_assembles_once_and_reverifies_a_changed_file(tmp_path, monkeypatch):
    monkeypatch.setenv("TARS_MODEL_DIR", str(tmp_path))
    path = model_file.resolve_model_path("smollm2")
    assert path.stat().st_size == 98362432
    first_mtime = path.stat().st_mtime_ns
    assert model_file.resolve_model_path("smollm2").stat().st_mtime_ns == first_mtime  # reused as is
    with path.open("r+b") as fh:  # corrupt one byte: the next use must notice and rebuild
        fh.seek(1000)
        fh.write(b"\x00")
    rebuilt = model_file.resolve_model_path("smollm2")
    assert model_file._sha256(rebuilt) == model_file.CATALOG["smollm2-135m"].sha256


def test_unknown_names_get_a_clear_message():
    with pytest.raises(ConfigError, match="not an embedded model"):
        model_file.resolve_model_path("llama-70b")
    with pytest.raises(ConfigError, match="no such file"):
        model_file.resolve_model_path("/tmp/surely-not-here.gguf")


@pytest.fixture(scope="module")
def embedded_session_config():
    return load_config(environ={})


@pytest.mark.model
def test_the_embedded_model_answers_a_real_question(embedded_session_config):
    session = Session.from_config(embedded_session_config, mcp=False)
    turn = session.send("What is the capital of France? Answer in one word.")
    assert "paris" in turn.text.lower()
    assert turn.model == "llamacpp:qwen2.5-coder-0.5b" and turn.output_tokens


@pytest.mark.model
def test_a_reply_cut_at_the_output_limit_stops_for_max_tokens(embedded_session_config):
    from tars.providers.llamacpp.provider import LlamaCppProvider

    provider = LlamaCppProvider("qwen2.5-coder-0.5b", embedded_session_config)
    provider.max_tokens = 4
    events = list(provider.stream([Message(role="user", content="Write a long poem about the sea.")]))
    assert any(isinstance(e, TextDelta) for e in events) and events[-1] == Stop(reason="max_tokens")


@pytest.mark.model
def test_the_embedded_models_text_tool_call_runs_as_a_real_call(embedded_session_config):
    asked = []

    def weather_now(location: str) -> dict:
        asked.append(location)
        return {"location": location, "conditions": "light rain", "temp_c": 11}

    tool = Tool(name="weather_now", description="Current weather conditions for a place",
                parameters={"type": "object", "properties": {"location": {"type": "string"}},
                            "required": ["location"]},
                func=weather_now, family="weather")
    # native tool mode: the model writes its call as text (a ```json fence) and the parser turns it
    # into a real call; pipeline mode (the default for this model) is tested in test_pipeline_model
    session = Session.from_config(embedded_session_config.replace(tool_mode="native"), mcp=False)
    session.tools = ToolRegistry([tool])
    events = list(session.stream("What's the weather in Paris right now?"))
    calls = [e.call for e in events if isinstance(e, ToolCallEvent)]
    assert calls and calls[0].name == "weather_now"
    assert asked and "paris" in asked[0].lower()
    assert session.last_turn.rounds >= 2, "the model saw the result before answering"
    assert len(asked) == 1 and not session.last_turn.round_limit_hit, "no loop of repeated calls"
    # the call's own text is never the answer, nor is a call written as text after a refused
    # repeat: the answer comes from the result, the model's or tars's saying the model gave none
    from tars.toolcalls.jsonish import call_shaped

    text = session.last_turn.text
    assert text.strip() and "```" not in text and not call_shaped(text), text
    assert "rain" in text.lower() or text.startswith("The model gave no answer"), text


@pytest.mark.model
def test_tars_ask_answers_on_the_embedded_model_with_no_configuration():
    proc = subprocess.run([sys.executable, "-m", "tars", "ask", "What is the capital of France?"],
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
                          env={k: v for k, v in os.environ.items() if not k.startswith(("TARS_MODEL", "ANTHROPIC"))})
    assert proc.returncode == 0, proc.stderr
    assert "Paris" in proc.stdout


@pytest.mark.model
def test_a_forty_turn_chat_stays_in_the_default_window_without_an_error(embedded_session_config):
    # 4096 tokens by default; each turn adds about 80, so the conversation is compacted (the
    # embedded model itself writes the summary) before the 40th turn
    session = Session.from_config(embedded_session_config.replace(tool_mode="native"), mcp=False)
    session.tools = ToolRegistry([])
    pad = ("We are walking through a long list of small questions, one per message, to see that a long "
           "conversation keeps going. Keep the answer under ten words; I only want a short reply to this "
           "message and nothing more, no explanation and no list. ")
    for n in range(1, 41):
        fact = "My locker code is 4711. " if n == 1 else ""
        turn = session.send(f"{fact}{pad}Name one colour, number {n}.")
        assert turn.text.strip(), f"turn {n} gave no answer"
        assert turn.context_window == 4096 and turn.context_tokens is not None
        assert turn.context_tokens <= 4096 - session.primary.max_output_tokens
    assert session.compactor.count >= 1
    assert len(session.messages) >= 80, "compaction changes what is sent, never what is kept"


@pytest.mark.model
def test_a_prompt_seen_before_is_restored_from_the_prefix_cache_with_the_same_answer(embedded_session_config,
                                                                                      tmp_path, monkeypatch):
    from tars.providers.llamacpp import provider as llama_provider
    from tars.providers.llamacpp.provider import LlamaCppProvider

    monkeypatch.setenv("TARS_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(llama_provider, "_MODELS", {})  # a fresh load, with a cache in tmp_path
    schema = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
    provider = LlamaCppProvider("qwen2.5-coder-0.5b", embedded_session_config)
    system = "You extract the city a message names, as JSON. " * 8  # a long shared prefix

    def ask(text: str) -> str:
        events = provider.stream([Message(role="user", content=text)], system=system, response_schema=schema)
        return "".join(e.text for e in events if isinstance(e, TextDelta))

    first = ask("I live in Lisbon.")
    ask("Please tell me the weather in Oslo tomorrow.")
    assert len(list(tmp_path.glob("prompts/*/*.kv"))) == 2, "prompt states are kept on disk"
    monkeypatch.setattr(llama_provider, "_MODELS", {})  # as a new process would: load again, read the disk
    provider = LlamaCppProvider("qwen2.5-coder-0.5b", embedded_session_config)
    assert ask("I live in Lisbon.") == first
    assert provider._model().prefix_cache.restored > 0, "the prompt was not evaluated again"


@pytest.mark.model
def test_a_failed_call_on_the_embedded_model_is_told_and_nothing_is_invented(embedded_session_config):
    from tars.errors import ToolError

    def weather_now(location: str) -> dict:
        raise ToolError("cannot reach the weather service (ConnectError)")

    tool = Tool(name="weather_now", description="Current weather conditions for a place",
                parameters={"type": "object", "properties": {"location": {"type": "string"}},
                            "required": ["location"]}, func=weather_now, family="weather")
    session = Session.from_config(embedded_session_config, mcp=False)
    session.tools = ToolRegistry([tool])
    turn = session.send("What's the weather in Paris right now?")
    assert turn.tool_results and turn.tool_results[0].is_error
    assert "failed" in turn.text and "ConnectError" in turn.text
    assert not any(w in turn.text.lower() for w in ("cloudy", "sunny", "degrees", "°"))
