"""The tool-call parser's contract: the public API, streaming (prose early, markup never, the
same result for every split), detection, prompts, and `tars parse` as a subprocess."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tars.events import ReasoningDelta, TextDelta, ToolCallEvent
from tars.toolcalls import ParseResult, StreamParser, collect, detect_format, parse, prompt_for
from tars.toolcalls.formats import FORMATS, format_names

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Case:
    """One raw output and what a parse of it must give (`content`/`reasoning` None: not checked)."""

    fmt: str | None
    text: str
    calls: list[tuple[str, dict[str, Any]]]
    content: str | None = None
    reasoning: str | None = None
    tools: Any = None
    model: str | None = None
    errors: bool | None = None
    id: str = field(default="")


def streamed(text: str, cuts: list[int], **kw: Any) -> ParseResult:
    parser = StreamParser(kw.get("format"), kw.get("tools"), model=kw.get("model"))
    events, last = [], 0
    for cut in [*cuts, len(text)]:
        events += parser.feed(text[last:cut])
        last = cut
    events += parser.finish()
    return collect(parser, events, kw.get("format"))


def _key(r: ParseResult) -> tuple:
    return [(c.name, c.arguments) for c in r.calls], r.content, r.reasoning, r.errors


def assert_streams_alike(text: str, *, seed: int = 0, splits: int = 25, **kw: Any) -> None:
    """Random chunkings (and one character at a time) give exactly the whole-text parse."""
    whole = _key(parse(text, **kw))
    rnd = random.Random(seed)
    for _ in range(splits):
        k = rnd.randint(1, max(1, min(len(text), 15)))
        cuts = sorted(rnd.sample(range(len(text) + 1), min(k, len(text) + 1)))
        assert _key(streamed(text, cuts, **kw)) == whole, f"split at {cuts}"
    assert _key(streamed(text, list(range(len(text))), **kw)) == whole, "char by char"


def check(case: Case) -> None:
    kw = {"format": case.fmt, "model": case.model, "tools": case.tools}
    result = parse(case.text, **kw)
    assert [(c.name, c.arguments) for c in result.calls] == case.calls, result
    if case.content is not None:
        assert result.content.strip() == case.content.strip(), result
    if case.reasoning is not None:
        assert result.reasoning.strip() == case.reasoning.strip(), result
    if case.errors is not None:
        assert bool(result.errors) == case.errors, result.errors
    assert_streams_alike(case.text, splits=3, **kw)


# -- the public API -----------------------------------------------------------------------------
def test_parse_returns_calls_content_reasoning_and_format():
    text = '<think>user wants weather</think>Checking.\n<tool_call>{"name": "weather_now", "arguments": {"location": "Paris"}}</tool_call>'
    result = parse(text, tools=["weather_now"])
    assert [(c.name, c.arguments) for c in result.calls] == [("weather_now", {"location": "Paris"})]
    assert result.content == "Checking."
    assert result.reasoning == "user wants weather"
    assert result.format == "hermes"
    assert result.errors == []
    assert result.calls[0].id  # a generated id the tool result can refer to


def test_embedded_model_fenced_json_is_a_call_for_an_offered_tool():
    text = '```json\n{"name": "weather_now", "arguments": {"location": "Paris"}}\n```'
    result = parse(text, tools=[{"name": "weather_now", "description": "", "parameters": {}}])
    assert [(c.name, c.arguments) for c in result.calls] == [("weather_now", {"location": "Paris"})]
    assert result.content == ""


def test_fenced_json_that_is_data_stays_content():
    text = 'Here is the user record:\n```json\n{"name": "Ada", "arguments": {"x": 1}}\n```'
    result = parse(text, tools=["weather_now"])
    assert result.calls == [] and result.content == text


def test_calls_to_tools_not_offered_are_dropped_and_reported():
    text = 'Ok <tool_call>{"name": "delete_everything", "arguments": {}}</tool_call>'
    result = parse(text, tools=["weather_now"])
    assert result.calls == [] and result.content == "Ok"
    assert "delete_everything" in result.errors[0]


def test_tool_objects_and_aliases_resolve_to_the_wire_name():
    from tars.tools.base import Tool

    tool = Tool(name="time_now", description="", func=lambda: 0, aliases=("time.get_current_time",))
    result = parse('<tool_call>{"name": "time.get_current_time", "arguments": {}}</tool_call>', tools=[tool])
    assert [c.name for c in result.calls] == ["time_now"]


def test_unknown_format_is_a_usage_error():
    from tars.errors import UsageError

    with pytest.raises(UsageError, match="unknown tool-call format"):
        parse("x", format="klingon")


# -- streaming ----------------------------------------------------------------------------------
def test_stream_emits_prose_before_the_call_finishes_and_never_shows_markup():
    parser = StreamParser(tools=["weather_now"])
    first = parser.feed("Let me check the weather for you. <tool_")
    assert [e.text for e in first if isinstance(e, TextDelta)] == ["Let me check the weather for you."]
    middle = parser.feed('call>{"name": "weather_now", "arguments": {"locat')
    assert middle == []  # inside a call: nothing shown
    last = parser.feed('ion": "Paris"}}</tool_call> Done.') + parser.finish()
    calls = [e.call for e in last if isinstance(e, ToolCallEvent)]
    assert [(c.name, c.arguments) for c in calls] == [("weather_now", {"location": "Paris"})]
    shown = "".join(e.text for e in first + middle + last if isinstance(e, TextDelta))
    assert "<tool_call>" not in shown and "{" not in shown
    assert shown == "Let me check the weather for you.  Done."  # exactly the prose around the call


def test_stream_releases_a_false_alarm_at_once():
    parser = StreamParser(format="mistral")
    assert [e.text for e in parser.feed("abc[TOOL")] == ["abc"]
    assert "".join(e.text for e in parser.feed(" not a tag")) == "[TOOL not a tag"


def test_stream_reasoning_arrives_as_reasoning_deltas():
    parser = StreamParser()
    events = parser.feed("<think>step one, ") + parser.feed("step two</think>Answer")
    assert "".join(e.text for e in events if isinstance(e, ReasoningDelta)) == "step one, step two"
    assert "".join(e.text for e in events if isinstance(e, TextDelta)) == "Answer"


def test_feed_after_finish_is_refused():
    parser = StreamParser()
    parser.finish()
    with pytest.raises(RuntimeError):
        parser.feed("x")


_CORPUS = [
    'Sure! <tool_call>{"name": "a", "arguments": {"q": "x </tool_call> y"}}</tool_call> and <tool_call>{"name": "b", "arguments": {}}',
    '<think>plan: call a</think>\n```json\n{"name": "a", "arguments": {"n": [1, 2, {"k": "}"}]}}\n```\nafter',
    'text ```python\nprint("hi")\n``` more [TOOL_CALLS]a[ARGS]{"x": "[ARGS]"} tail',
    '<|channel|>analysis<|message|>think<|end|><|start|>assistant<|channel|>commentary to=functions.a <|constrain|>json<|message|>{"v": 1}<|call|>',
    'Résumé ✅ <start_function_call>call:a{s:<escape>a,b}c<escape>,n:-2}<end_function_call> 完成',
    'x <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>a<｜tool▁sep｜>{"q": "北京"}<｜tool▁call▁end｜><｜tool▁calls▁end｜> y',
    '[a(x=1, s="]"), b(y=[1, 2])]\nthen prose {not json} <not a tag> [link](http://x)',
    '{"name": "a", "parameters": {"p": 1}}; {"name": "b", "parameters": {}}',
    '<tool_call>\n<function=a>\n<parameter=p>\nline1\nline2 </tool_call> inside\n</parameter>\n</function>\n</tool_call>',
    'Just an ordinary answer with <b>html</b>, `code`, { braces } and [brackets].\n\n',
    '<|tool_call|>[{"name": "a", "arguments": "{\\"k\\": 2}"}]',
    '<tool_call>{"name": "a", "arguments": {"unterminated": "yes"',
    "[a(x=1, s='), b'), b(y={'k': [1]})]",
    "ok\n[a(x=1)] then prose\n[b(y=2",
    ' to=functions.a<|channel|>commentary<|constrain|>json<|message|>{"v": "<|call|> in a string"}<|call|>',
    '<|start|>assistant to=functions.a<|channel|>commentary json<|message|>{"v": 1}<|call|>to=functions.b tail',
    '<think>t</think><｜tool▁calls｜>function<｜tool▁sep｜>a\n```json\n{"q": 1}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    '>>>all\nHi >>> there\n>>>a\n{"x": ">>>b\\n"}\n>>>python\nprint(1)\n>>>b\n{"y": ',
    '<｜tool calls begin｜><｜tool▁call▁begin｜>a<｜tool▁sep｜>{"q": [1, 2',
]


@pytest.mark.parametrize("text", _CORPUS)
@pytest.mark.parametrize("tools", [None, ["a", "b"]])
def test_streaming_equals_whole_parse_for_random_splits(text, tools):
    for fmt in (None, "pythonic"):
        assert_streams_alike(text, seed=len(text), splits=30, format=fmt, tools=tools)


def test_every_format_round_trips_its_own_rendering_through_the_stream():
    calls = [("get_weather", {"city": "São Paulo", "days": 3, "opts": {"tags": ["a", "b}"]}, "ok": True}),
             ("now", {})]
    for name in format_names():
        if name in ("qwen3_coder", "glm"):  # their values are text unless the schema says otherwise
            continue
        text = "Checking.\n" + FORMATS[name].render(calls)
        result = parse(text, format=name, tools=["get_weather", "now"])
        assert [(c.name, c.arguments) for c in result.calls] == calls, name
        assert result.content == "Checking.", name
        assert_streams_alike(text, splits=10, format=name, tools=["get_weather", "now"])


# -- prompts and detection -----------------------------------------------------------------------
WEATHER = {"name": "weather_now", "description": "Current weather",
           "parameters": {"type": "object", "properties": {"location": {"type": "string"}}, "required": ["location"]}}


@pytest.mark.parametrize("fmt", ["hermes", "json", "mistral_args", "pythonic", "harmony", "functiongemma", "granite"])
def test_prompt_describes_the_tools_with_an_example_that_parses(fmt):
    text = prompt_for(fmt, [WEATHER])
    assert "weather_now" in text and "Current weather" in text
    example = FORMATS[fmt].render([("weather_now", {"location": "example"})])
    assert example in text
    assert [c.name for c in parse(example, format=fmt, tools=["weather_now"]).calls] == ["weather_now"]


def test_prompt_for_without_tools_is_empty():
    assert prompt_for("hermes", []) == ""


@pytest.mark.parametrize("model, fmt", [
    ("qwen2.5:7b", "hermes"), ("Qwen2.5-Coder-0.5B-Instruct-Q4_K_M.gguf", "hermes"), ("qwen3-coder:30b", "qwen3_coder"),
    ("mistral:7b", "mistral"), ("ministral-3:8b", "mistral_args"), ("magistral:24b", "mistral_args"),
    ("llama3.1:8b", "llama3_json"), ("Llama-4-Scout-17B-16E-Instruct-Q4_K_M.gguf", "pythonic"),
    ("deepseek-r1:8b", "deepseek_v3"), ("deepseek-v3.1:671b", "deepseek_v31"), ("gpt-oss:20b", "harmony"),
    ("functiongemma:270m", "functiongemma"), ("gemma3:4b", "gemma"), ("granite3.3:8b", "granite"),
])
def test_model_name_table(model, fmt):
    assert detect_format(model=model)[0] == fmt


def test_detection_order_setting_then_model_then_template_then_sniffing():
    template = "{% if tools %}<tools>{{ tools }}</tools> ... <tool_call>{% endif %}"
    assert detect_format(model="qwen2.5:7b", setting="pythonic") == ("pythonic", "TARS_TOOL_FORMAT setting")
    fmt, why = detect_format(model="my-finetune", template=template)
    assert fmt == "hermes" and "template" in why
    fmt, why = detect_format(model="mistral:7b", template=template)
    assert fmt == "mistral" and "model" in why
    assert detect_format(model="my-finetune")[0] == "auto"


def test_gguf_chat_template_is_read_from_the_file_header(tmp_path):
    import struct

    from tars.providers.llamacpp.gguf_template import gguf_chat_template

    def kv_string(key: str, value: str) -> bytes:
        k, v = key.encode(), value.encode()
        return struct.pack("<Q", len(k)) + k + struct.pack("<I", 8) + struct.pack("<Q", len(v)) + v

    array = b"tokenizer.ggml.tokens"
    header = (b"GGUF" + struct.pack("<IQQ", 3, 0, 3)
              + struct.pack("<Q", len(array)) + array + struct.pack("<IIQ", 9, 8, 2)
              + struct.pack("<Q", 1) + b"a" + struct.pack("<Q", 2) + b"bc"
              + kv_string("general.name", "test") + kv_string("tokenizer.chat_template", "[TOOL_CALLS] [ARGS]"))
    path = tmp_path / "m.gguf"
    path.write_bytes(header)
    assert gguf_chat_template(path) == "[TOOL_CALLS] [ARGS]"
    assert detect_format(template=gguf_chat_template(path))[0] == "mistral_args"
    (tmp_path / "x.gguf").write_bytes(b"nope")
    assert gguf_chat_template(tmp_path / "x.gguf") is None


def test_model_info_names_provider_format_and_reason():
    from tars.cli.models_cmd import model_info
    from tars.config import load_config

    info = model_info("ollama:qwen3-coder:30b", load_config())
    assert info["provider"] == "ollama" and info["model"] == "qwen3-coder:30b"
    assert info["format"] == "qwen3_coder" and "model table" in info["why"]


# -- the command line ----------------------------------------------------------------------------
def _tars(*args: str, stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tars", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def test_tars_parse_prints_the_parse_as_json():
    text = '<think>hmm</think>On it.\n<tool_call>{"name": "weather_now", "arguments": {"location": "Paris"}}</tool_call>'
    done = _tars("parse", stdin=text)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["calls"] == [{"name": "weather_now", "arguments": {"location": "Paris"}}]
    assert out["content"] == "On it." and out["reasoning"] == "hmm" and out["format"] == "hermes"


def test_tars_parse_with_format_and_model():
    done = _tars("parse", "--format", "mistral_args", stdin='[TOOL_CALLS]get_time[ARGS]{"tz": "EST"}')
    assert json.loads(done.stdout)["calls"] == [{"name": "get_time", "arguments": {"tz": "EST"}}]
    done = _tars("parse", "--model", "qwen3:8b", stdin='Let me think<tool_call>{"name": "a", "arguments": {}}</tool_call>')
    assert json.loads(done.stdout)["reasoning"] == "Let me think"


def test_tars_parse_unknown_format_exits_2_with_one_line():
    done = _tars("parse", "--format", "klingon", stdin="hi")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "unknown tool-call format" in done.stderr


def test_tars_models_info_prints_format_and_why():
    done = subprocess.run([sys.executable, "-m", "tars", "models", "info", "ollama:qwen3-coder:30b"], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "format:   qwen3_coder" in done.stdout and "model table" in done.stdout


_SOUP = ["<tool_call>", "</tool_call>", "{", "}", "[", "]", '"name"', ":", '"a"', ",", '"arguments"', "```", "```json\n", "\n", " ",
         "x", "<think>", "</think>", "[TOOL_CALLS]", "[ARGS]", "<|python_tag|>", ";", "<function=", ">", "<parameter=",
         "</parameter>", "</function>", "<|channel|>", "analysis", "commentary to=functions.a", "<|message|>", "<|end|>",
         "<|call|>", "<start_function_call>", "call:a", "<escape>", "<end_function_call>", "<｜tool▁calls▁begin｜>",
         "<｜tool▁call▁begin｜>", "<｜tool▁sep｜>", "<｜tool▁call▁end｜>", "<|tool_call|>", "a(", ")", "=", "'", '"', "\\", "é",
         "functools", "<|START_ACTION|>", "<arg_key>", "[THINK]", "[/THINK]", "<|start|>assistant", ">>>", "all\n", "python\n",
         "to=functions.a", "<|constrain|>json", "<｜tool▁calls｜>", "[a(", "x=1", "{}"]


@pytest.mark.parametrize("seed", range(4))
def test_markup_soup_never_raises_and_streams_alike(seed):
    """Random mixtures of every format's tokens: no exception, and the same result for any split."""
    rnd = random.Random(seed)
    formats = [None, *format_names()]
    for _ in range(150):
        text = "".join(rnd.choice(_SOUP) for _ in range(rnd.randint(1, 25)))
        kw = {"format": rnd.choice(formats), "tools": rnd.choice([None, ["a"]]), "model": rnd.choice([None, "qwen3:8b"])}
        whole = _key(parse(text, **kw))
        cuts = sorted(rnd.sample(range(len(text) + 1), min(len(text) + 1, rnd.randint(1, 8))))
        assert _key(streamed(text, cuts, **kw)) == whole, (text, kw, cuts)


def test_thinking_flag_overrides_the_model_name():
    text = "step one</think>The answer."
    assert parse(text, model="qwen3:8b").reasoning == "step one"
    assert parse(text, model="llama3.1:8b").reasoning == ""
    assert parse(text, model="llama3.1:8b", thinking=True).reasoning == "step one"
    # a server that splits reasoning itself: prose streams at once, even for a thinking model
    parser = StreamParser(model="qwen3:8b", thinking=False)
    assert [e.text for e in parser.feed("Hello there, ")] == ["Hello there,"]
