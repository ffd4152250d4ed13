"""A short text that came with a request is shown as it is when that is all the request asks."""

from __future__ import annotations

import pytest

from tars.attachments.compose import Attached
from tars.attachments.shown import MAX_SHOWN, shown_told
from tars.config import load_config
from tars.routing import Router
from tars.tools.builtin import builtin_tools


def _file(text: str, name: str = "sample.txt") -> str:
    return Attached(kind="file", name=name, size=len(text), text=text).block()


@pytest.mark.parametrize("request_", ["what does this file say?", "what's in @sample.txt?", "please show me the file",
                                      "what's in this file?"])
def test_a_short_file_asked_for_is_shown_by_tars(request_):
    """The embedded model, asked what a two-line file said, retold a remembered fact instead."""
    told = Router(builtin_tools(load_config(environ={}))).decide(request_, attached=_file("line one\nline two\n")).told
    assert told == "sample.txt:\n\nline one\nline two"


def test_piped_text_long_text_and_other_questions_are_the_models():
    piped = Attached.piped("hello\nworld\n").block()
    assert shown_told("what's in this file?", piped) == "It says:\n\nhello\nworld"
    # a letter to answer, a text in another language: the model reads them
    for more in ("read this", "what does this say?", "can you read this?"):
        assert shown_told(more, piped) is None, more
    assert shown_told("what does this file say?", _file("x" * (MAX_SHOWN + 1))) is None
    for other in ("what does this file say about lines?", "summarise this file", "what's the capital of France?"):
        assert shown_told(other, _file("line one\n")) is None, other
    assert shown_told("what does this file say?", _file("")) == "sample.txt is empty."
    assert shown_told("what does this file say?", _file("a") + "\n" + _file("b", "other.txt")) is None
