"""Raw outputs from other engines' parser tests (vLLM, llama.cpp, harmony; see tests/data/toolcalls):
each parses as expected from the model name alone, from its format, and with no hint, a model
detected as another family still finds the calls, and every random split streams alike."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_toolcalls import assert_streams_alike

from tars.toolcalls import parse
from tars.toolcalls.names import canonical_format

SAMPLES = [json.loads(line) for line in
           (Path(__file__).parent / "data" / "toolcalls" / "cross_engine.jsonl").read_text(encoding="utf-8").splitlines()
           if line.strip()]
CALLING = [s for s in SAMPLES if s["expected_calls"]]


def _calls(result) -> list[tuple[str, dict]]:
    return [(c.name, c.arguments) for c in result.calls]


def _expected(sample: dict) -> list[tuple[str, dict]]:
    return [(c["name"], c["arguments"]) for c in sample["expected_calls"]]


def _matches(sample: dict, **kw) -> None:
    result = parse(sample["text"], **kw)
    assert _calls(result) == _expected(sample), result
    if sample.get("expected_content") is not None:
        assert result.content.strip() == sample["expected_content"].strip(), result
    if "expected_reasoning" in sample and "model" in kw:
        assert result.reasoning.strip() == sample["expected_reasoning"].strip(), result


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s["id"])
def test_sample_from_the_model_name_alone(sample):
    _matches(sample, model=sample["model_hint"])
    assert_streams_alike(sample["text"], splits=8, model=sample["model_hint"])


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s["id"])
def test_sample_with_format_and_model(sample):
    """Wire formats without a name of their own in tars (InternLM, LongCat, Step3) are read by `auto`."""
    kw = {"format": sample["format"] if canonical_format(sample["format"]) else "auto", "model": sample["model_hint"]}
    _matches(sample, **kw)
    assert_streams_alike(sample["text"], splits=8, **kw)


@pytest.mark.parametrize("sample", [s for s in SAMPLES if "expected_reasoning" not in s and not s.get("needs_hint")],
                         ids=lambda s: s["id"])
def test_sample_with_no_hint_at_all(sample):
    """Only thinking the prompt opened and Llama 3.x's JSON after prose on one line need a hint."""
    _matches(sample)
    assert_streams_alike(sample["text"], splits=5)


@pytest.mark.parametrize("model", ["qwen2.5:7b", "llama3.2:3b", "mistral:7b", "gpt-oss:20b", "functionary-small-v3.2"])
@pytest.mark.parametrize("sample", [s for s in CALLING if not s.get("needs_hint")], ids=lambda s: s["id"])
def test_detection_by_model_name_does_not_hide_another_format(sample, model):
    assert _calls(parse(sample["text"], model=model)) == _expected(sample)


@pytest.mark.parametrize("sample", [s for s in SAMPLES if s.get("incomplete")], ids=lambda s: s["id"])
def test_a_call_that_never_completes_stays_prose_and_is_not_run(sample):
    result = parse(sample["text"], model=sample["model_hint"], tools=["calculator", "special_function"])
    assert result.calls == [] and result.errors
    # the block stays as it was written (a harmony message's `<|start|>assistant` is never prose)
    assert result.content.strip() == sample["text"].removeprefix("<|start|>assistant").strip()


def test_functionary_answer_and_python_code():
    result = parse(">>>all\nRunning it.\n>>>python\nprint(6 * 7)\n>>>all\nDone.", model="functionary-small-v3.2")
    assert _calls(result) == [("python", {"code": "print(6 * 7)"})]
    assert result.content == "Running it.\nDone."


def test_prose_that_only_looks_like_the_new_formats_stays_prose():
    for text in ("Use to=functions.get_weather in harmony.", ">>> print('hi')\nhi", "Call [get_weather(city='Paris')] later.",
                 "Type >>>name then a newline."):
        result = parse(text)
        assert result.calls == [] and result.content == text, text
