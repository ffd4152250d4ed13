"""Counting the words or lines of what came with a request is tars's work, not a model's: the
embedded model, piped "hello world" and asked how many words it was, said 5."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from servers.ollama import OllamaServer

from tars.attachments.compose import Attached
from tars.attachments.counts import count_asked, counts_told


@pytest.mark.parametrize("request_,unit", [
    ("how many words is this?", "words"), ("how many lines are there?", "lines"), ("word count", "words"),
    ("count the words", "words"), ("how many characters does it have?", "characters"),
    ("how many words are in this essay?", "words"), ("whats the word count please", "words"),
    ("how many paragraphs?", "paragraphs"), ("now count the words", "words"),
    ("how many lines are in @app.log?", "lines"), ("how many words does @README.md have?", "words"),
    # a count of something else, or advice about counts: the model's
    ("how many words should an essay have?", None), ("how many lines of python are there", None),
    ("how many errors are in this log?", None), ("count the lines that mention ERROR", None),
])
def test_a_request_that_asks_only_for_a_count(request_, unit):
    assert count_asked(request_) == unit


def test_the_count_of_one_piped_input_or_text_file():
    piped = Attached.piped("hello world\n").block()
    assert counts_told("how many words is this?", piped) == "2 words (1 line, 11 characters)."
    essay = Attached(kind="file", name="essay.txt", size=19, text="one two\nthree\n\nfour").block()
    assert counts_told("how many paragraphs?", essay) == "2 paragraphs (4 lines, 4 words, 19 characters)."
    assert counts_told("how many lines?", essay) == "4 lines (4 words, 19 characters)."
    # a Windows line end is one line end, one character
    assert counts_told("how many characters?", Attached.piped("a\r\nb\r\n").block()) == \
        "3 characters (2 lines, 2 words)."
    # backticks inside the text do not end its block early
    code = Attached.piped("```\nprint(1)\n```").block()
    assert counts_told("how many lines?", code) == "3 lines (3 words, 16 characters)."
    # two attachments, or a web page: which one is meant, or what its text is, is not tars's to guess
    assert counts_told("how many lines?", f"{essay}\n{essay}") is None
    page = Attached(kind="page", name="https://example.com", size=5, text="<<untrusted>> hello").block()
    assert counts_told("how many words?", page) is None


def test_the_lines_that_mention_a_word_are_counted():
    """"How many errors are in this log?" is the lines that say "error", as grep -ci counts them."""
    log = Attached(kind="file", name="app.log", size=39, text="ERROR disk full\nINFO ok\nERROR net down\n").block()
    assert counts_told("how many errors are in this log file?", log) == '2 lines of 3 mention "error".'
    assert counts_told("how many lines contain INFO?", log) == '1 line of 3 mentions "INFO".'
    assert counts_told("how many errors are in @app.log?", log) == '2 lines of 3 mention "error".'
    assert counts_told("how many errors should I expect?", log) is None
    assert counts_told("how many errors are in it, and why?", log) is None
    assert counts_told("how many errors are in my essay?", log) is None  # grammar, not lines that say "error"
    retries = Attached.piped("retry 1\nretry 2\nCrash detected").block()
    assert counts_told("how many retries are in this log?", retries) == '2 lines of 3 mention "retry".'
    assert counts_told("how many crashes are there?", retries) == '1 line of 3 mentions "crash".'


def test_tars_ask_counts_piped_text_without_a_model():
    with OllamaServer() as ollama:
        ollama.script("There are 5 words.")
        env = {**os.environ, "TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "TARS_MODEL_REMOTE": "none",
               "OLLAMA_HOST": ollama.url}
        done = subprocess.run([sys.executable, "-m", "tars", "ask", "how many words is this?"], input="hello world\n",
                              capture_output=True, text=True, env=env, timeout=60)
        assert done.returncode == 0, done.stderr
        assert done.stdout == "2 words (1 line, 11 characters).\n"
        assert ollama.requests_to("/api/chat") == []
