"""Sums a model writes into an answer are checked by tars's calculator, and a wrong one is named."""

from __future__ import annotations

import time

import pytest

from tars.config import load_config
from tars.pipeline import PipelineProvider
from tars.pipeline.arithmetic_check import correction, wrong_sums
from tars.pipeline.grounding import Grounds
from tars.providers.scripted import ScriptedProvider
from tars.session import Session
from tars.tools.registry import ToolRegistry


@pytest.mark.parametrize("text, wrong", [
    # the embedded model's own answers, word for word
    (r"\[ \text{Tip} = (45.50 \times 18) / 100 = 72.90 \]", [("(45.50 × 18) / 100", "72.90", "8.19")]),
    ("17 multiplied by 23 equals 411", [("17 multiplied by 23", "411", "391")]),
    ("so 5 x 5 = 30 and 2^10 = 1000", [("5 x 5", "30", "25"), ("2^10", "1000", "1,024")]),
    ("-5 + 3 = 2", [("-5 + 3", "2", "-2")]),
    # right, or right to the places written; not a sum; code
    ("50000 / 12 = 4166.67", []), ("10 / 3 = 3.3", []), ("1,000 + 2,000 = 3,000", []), ("18% of 45.50 = 8.19", []),
    ("x = 5 + 3", []), ("version 3.11 = latest", []), ("`total = 3 * 4 = 13`", []), ("assert 2 + 2 == 5", []),
    ("```\n7 * 6 = 41\n```", []), ("1 / 0 = 5", []),
    # percentages, fractions, clock times, ranges, sizes, scale words, truncated decimals
    ("4/5 = 80%", []), ("10% + 5% = 15%", []), ("1/2 + 1/4 = 3/4", []), ("1,000 × 1,000 = 1 million", []),
    ("60 × 60 × 24 = 86.4k", []), ("10:30 + 2 = 12:30", []), ("Days 1-7 = 7 days", []), ("1920x1080 = 1080p", []),
    ("1 000 + 1 = 1001", []), ("2 / 3 = 0.666", []),
    ("250 × 18 = 4600 dollars", [("250 × 18", "4600", "4,500")]),
    # the tail of a longer expression, powers, other bases and clocks, ranges of a count
    ("2 × 3 × 10^8 = 6 × 10^8", []), ("3^2 + 4^2 = 5^2", []), ("If n = 5, then n * 4 + 2 = 22", []),
    ("√16 + 2 = 6", []), ("70 kg ÷ (1.75 × 1.75) = 22.9", []), ("pages 10 - 20 = 11 pages", []),
    ("At 11 + 2 = 1 pm", []), ("7 + 8 = 3 (mod 12)", []), ("In binary 101 + 11 = 1000", []), ("1 1/2 + 1/2 = 2", []),
    # read two ways: a minus before a power, a dot between thousands; money in any of its signs
    ("-3^2 = 9", []), ("1.500 + 500 = 2.000", []), ("£12 + £4 = £17", [("£12 + £4", "17", "16")]),
    ("€12 + €4 = €17", [("€12 + €4", "17", "16")]), ("5€ + 3€ = 9€", [("5€ + 3€", "9", "8")]),
    # ... but wrong either way, or not read two ways at all, it is named
    ("-3^2 = 8", [("-3^2", "8", "-9")]), ("1.500 + 500 = 3.000", [("1.500 + 500", "3.000", "501.5")]),
    ("100 ÷ 8 = 13.375", [("100 ÷ 8", "13.375", "12.5")]), ("-3 + 2^2 = 5", [("-3 + 2^2", "5", "1")]),
])
def test_wrong_sums_are_found_and_right_ones_left_alone(text, wrong):
    assert wrong_sums(text) == wrong


def test_long_answers_cost_no_backtracking():
    for text in ("1 + " * 5000, "(1) " * 5000 + "= 3", "1.5 x " * 4000 + "= 2", "= 1 + " * 5000,
                 ("2 + " * 20 + "y = 45\n") * 50):
        started = time.perf_counter()
        wrong_sums(text)
        assert time.perf_counter() - started < 0.5, text[:20]


def test_an_answer_with_a_wrong_sum_ends_with_the_calculators_value():
    """The primary answering with no tool: its text is kept as it streamed, and tars adds the check."""
    config = load_config().replace(tool_mode="pipeline")
    model = ScriptedProvider([["The tip is (45.50 × 18) / 100 = 72.90 dollars."]], native_tools=False)
    session = Session(config, primary=PipelineProvider(model, grounds=Grounds()), tools=ToolRegistry([]))
    reply = session.send("how should I split a restaurant bill fairly?")
    assert reply.text == ("The tip is (45.50 × 18) / 100 = 72.90 dollars.\n\n"
                          "(Checked by tars's calculator: (45.50 × 18) / 100 is 8.19, not 72.90.)")
    assert correction("2 + 2 = 4") is None
