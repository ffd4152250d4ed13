"""The shared real samples (from ollama's parser tests, MIT): every one must parse as expected,
given its format and model, and stream to the same result for random splits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_toolcalls import assert_streams_alike

from tars.toolcalls import parse

SAMPLES = [json.loads(line) for line in
           (Path(__file__).parent / "data" / "toolcalls" / "ollama_cases.jsonl").read_text(encoding="utf-8").splitlines()
           if line.strip()]


def _matches(sample: dict, **kw) -> None:
    result = parse(sample["text"], **kw)
    assert [(c.name, c.arguments) for c in result.calls] == \
        [(c["name"], c["arguments"]) for c in sample["expected_calls"]], result
    if sample.get("expected_content") is not None:
        assert result.content.strip() == sample["expected_content"].strip(), result
    if "expected_reasoning" in sample:
        assert result.reasoning.strip() == sample["expected_reasoning"].strip(), result


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s["id"])
def test_sample_with_format_and_model(sample):
    kw = {"format": sample["format"], "model": sample["model_hint"]}
    _matches(sample, **kw)
    assert_streams_alike(sample["text"], splits=20, **kw)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s["id"])
def test_sample_detected_from_the_model_name_alone(sample):
    _matches(sample, model=sample["model_hint"])


@pytest.mark.parametrize("sample", [s for s in SAMPLES if "expected_reasoning" not in s], ids=lambda s: s["id"])
def test_sample_with_no_hint_at_all(sample):
    """Without format or model only prompt-opened thinking is unknowable; everything else parses."""
    _matches(sample)


@pytest.mark.parametrize("sample", [s for s in SAMPLES if s["expected_calls"]], ids=lambda s: s["id"])
def test_sample_calls_to_unoffered_tools_are_dropped(sample):
    result = parse(sample["text"], format=sample["format"], model=sample["model_hint"], tools=["some_other_tool"])
    assert result.calls == [] and result.errors
