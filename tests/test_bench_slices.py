"""Bench at scale: the fixed tune/holdout split, slices of a suite, and comparing two result files."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from dataclasses import dataclass

import pytest

from tars.bench import run_bench
from tars.bench.compare import compare, format_compare, load_result, mcnemar
from tars.bench.metrics import wilson
from tars.bench.slices import Slice, split_of, take
from tars.bench.suites import SUITES, load_suite
from tars.errors import UsageError
from tars.events import ToolCall
from tars.providers.scripted import ScriptedProvider


@dataclass
class Item:
    id: str


# -- the split -----------------------------------------------------------------------------------
def test_the_split_is_fixed_by_suite_and_id():
    # the hash of "suite:id" decides, for ever: these must never change
    assert [split_of("tars", f"tars_00{i}") for i in range(1, 5)] == ["holdout", "tune", "tune", "holdout"]
    assert split_of("bfcl-simple", "simple_python_0") == split_of("bfcl-simple", "simple_python_0")
    assert {split_of("x", str(i)) for i in range(20)} == {"tune", "holdout"}


def test_each_suite_splits_in_about_half_and_adding_cases_moves_none():
    for name in SUITES:
        cases = load_suite(name).cases
        tune, holdout = take(name, cases, Slice(split="tune")), take(name, cases, Slice(split="holdout"))
        assert len(tune) + len(holdout) == len(cases) and not {c.id for c in tune} & {c.id for c in holdout}
        assert 0.3 < len(tune) / len(cases) < 0.7, name
    old = [Item(f"case-{i}") for i in range(40)]
    grown = old[:20] + [Item(f"new-{i}") for i in range(15)] + old[20:]
    before = {c.id for c in take("s", old, Slice(split="holdout"))}
    after = {c.id for c in take("s", grown, Slice(split="holdout"))}
    assert before == {i for i in after if i.startswith("case-")}


# -- slices --------------------------------------------------------------------------------------
def test_offset_and_limit_take_a_contiguous_range_of_the_split():
    items = [Item(str(i)) for i in range(100)]
    assert [c.id for c in take("s", items, Slice(offset=10, limit=5))] == ["10", "11", "12", "13", "14"]
    assert [c.id for c in take("s", items, Slice(offset=97))] == ["97", "98", "99"]
    assert take("s", items, Slice(offset=200, limit=5)) == []
    holdout = take("s", items, Slice(split="holdout"))
    assert take("s", items, Slice(split="holdout", offset=3, limit=4)) == holdout[3:7]
    assert [c.id for c in take("s", items, Slice(limit=4))] == ["0", "25", "50", "75"]  # spread evenly


def test_a_sample_is_the_same_for_the_same_seed_and_keeps_suite_order():
    items = [Item(str(i)) for i in range(200)]
    first = take("s", items, Slice(sample=30, seed=7))
    assert first == take("s", items, Slice(sample=30, seed=7)) and len(first) == 30
    assert first != take("s", items, Slice(sample=30, seed=8))
    assert [int(c.id) for c in first] == sorted(int(c.id) for c in first)
    assert take("s", items, Slice(sample=30)) == take("s", items, Slice(sample=30, seed=0))
    tune = take("s", items, Slice(split="tune", sample=20, seed=1))
    assert all(split_of("s", c.id) == "tune" for c in tune) and len(tune) == 20
    assert len(take("s", items[:10], Slice(sample=30))) == 10


def test_a_sample_in_a_fresh_process_is_the_same():
    code = ("from tars.bench.slices import Slice, take\nfrom tars.bench.suites import load_suite\n"
            "print([c.id for c in take('tars', load_suite('tars').cases, Slice(split='holdout', sample=5, seed=3))])")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env=dict(os.environ, PYTHONHASHSEED=seed)).stdout for seed in ("1", "2")}
    assert len(runs) == 1 and len(ast.literal_eval(runs.pop())) == 5


@pytest.mark.parametrize("kw, message", [
    ({"split": "train"}, "--split: 'train' is not one of tune, holdout, all"),
    ({"sample": 5, "offset": 2}, "--sample cannot be combined with --offset or --limit"),
    ({"sample": 5, "limit": 2}, "--sample cannot be combined"),
    ({"seed": 3}, "--seed needs --sample"),
    ({"offset": -1}, "--offset: -1 is too small"),
])
def test_a_slice_that_makes_no_sense_is_a_usage_error(kw, message):
    with pytest.raises(UsageError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Slice(**kw)


def _scripted():
    def answer(messages, tools):
        if tools:  # native: always call the first tool offered
            return [ToolCall(name=tools[0]["name"], arguments={})]
        return ['{"choice": "none", "tool": null, "question": null}']

    return ScriptedProvider([answer])


def test_the_result_records_the_slice_and_rows_by_id():
    chosen = Slice(split="holdout", sample=6, seed=4)
    result = run_bench(_scripted(), "scripted:x", suites=["tars", "bfcl-irrelevance"], modes=["pipeline"],
                       chosen=chosen)
    assert result["slice"] == {"split": "holdout", "offset": None, "limit": None, "sample": 6, "seed": 4}
    assert result["model"] == "scripted:x" and result["modes"] == ["pipeline"] and result["created"]
    ids = [r["id"] for r in result["rows"] if r["suite"] == "tars"]
    assert ids == [c.id for c in take("tars", load_suite("tars").cases, chosen)]
    assert all(split_of(r["suite"], r["id"]) == "holdout" for r in result["rows"])
    notes = result["notes"]["tars"]
    assert notes["cases_run"] == 6 and notes["cases_in_split"] == len(take("tars", load_suite("tars").cases,
                                                                           Slice(split="holdout")))
    irr = result["summary"]["bfcl-irrelevance"]["pipeline"]["strict_tool_accuracy"]
    # the keyword router may be sure of a tool for a case, whatever the model says: the rate over
    # 6 cases carries its Wilson interval (6/6 would be 61.0-100 %)
    assert irr["den"] == 6 and irr["ci95"] == pytest.approx(list(wilson(irr["num"], 6)), abs=1e-4)
    assert wilson(6, 6) == (pytest.approx(0.6097, abs=1e-4), 1.0)


# -- compare -------------------------------------------------------------------------------------
def _row(suite, case_id, mode, outcome, *, tool=None, ok=False, args_correct=None):
    return {"suite": suite, "id": case_id, "mode": mode, "outcome": outcome, "tool": tool, "acceptable_ok": ok,
            "args_correct": args_correct}


def _rate(num, den):
    return {"value": num / den, "num": num, "den": den, "of": "all cases"}


def _result(rows, acc):
    return {"model": "m", "created": "2026-11-25T12:00:00+00:00", "modes": ["native"],
            "slice": {"split": "holdout", "offset": None, "limit": None, "sample": 4, "seed": 1},
            "summary": {"tars": {"native": {"cases": 4, "strict_tool_accuracy": _rate(*acc)}}}, "rows": rows}


A = _result([
    _row("tars", "t1", "native", "none", ok=False),
    _row("tars", "t2", "native", "call", tool="weather_now", ok=True, args_correct=False),
    _row("tars", "t3", "native", "call", tool="memory_recall", ok=True),
    _row("tars", "t4", "native", "call", tool="web_search", ok=False),
], (2, 4))
B = _result([
    _row("tars", "t1", "native", "call", tool="weather_now", ok=True),
    _row("tars", "t2", "native", "call", tool="weather_now", ok=True, args_correct=True),
    _row("tars", "t3", "native", "clarify", ok=False),
    _row("tars", "t5", "native", "none", ok=True),
], (3, 4))


def test_compare_pairs_cases_by_id_and_says_what_changed():
    diff = compare(A, B)
    changed = {c["id"]: (c["how"], c["a"], c["b"], c["args"]) for c in diff["changed"]}
    assert changed == {"t1": ("fixed", "none", "weather_now", None),
                       "t2": ("changed", "weather_now", "weather_now", [False, True]),
                       "t3": ("broken", "memory_recall", "clarify", None)}
    assert diff["only_a"] == [{"suite": "tars", "id": "t4", "mode": "native", "outcome": "web_search"}]
    assert diff["only_b"] == [{"suite": "tars", "id": "t5", "mode": "native", "outcome": "none"}]
    assert diff["paired"] == [{"suite": "tars", "mode": "native", "fixed": 1, "broken": 1, "changed": 1,
                               "mcnemar_p": 1.0}]
    text = format_compare(diff, ("a.json", "b.json"))
    assert "A: a.json — m, holdout split, sample 4 (seed 1), 2026-11-25T12:00:00+00:00" in text
    line = next(x for x in text.splitlines() if "strict tool accuracy" in x)
    assert "50.0% (2/4) [15.0–85.0]" in line and "75.0% (3/4) [30.1–95.4]" in line and "+25.0 pt" in line
    assert any(x.split()[:4] == ["fixed", "tars", "native", "t1"] and x.endswith("none → weather_now")
               for x in text.splitlines())
    assert "weather_now → weather_now (arguments wrong → right)" in text
    assert "only in A (1):\n  tars native t4: web_search" in text and "only in B (1):\n  tars native t5: none" in text


def test_mcnemar_exact_values():
    assert mcnemar(0, 0) == 1.0 and mcnemar(3, 3) == 1.0
    assert mcnemar(10, 0) == pytest.approx(2 / 1024)
    assert mcnemar(8, 2) == pytest.approx(0.109375)


def _tars(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "tars", "bench", *args], capture_output=True, text=True,
                          check=False, timeout=60, stdin=subprocess.DEVNULL, cwd=cwd)


def test_tars_bench_compare_prints_the_comparison(tmp_path):
    (tmp_path / "a.json").write_text(json.dumps(A))
    (tmp_path / "b.json").write_text(json.dumps(B))
    done = _tars("compare", str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    assert done.returncode == 0, done.stderr
    assert "cases in both: 3; changed: 3" in done.stdout and "exact McNemar p = 1" in done.stdout
    done = _tars("compare", "--json", str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    assert done.returncode == 0 and json.loads(done.stdout)["only_b"][0]["id"] == "t5"


@pytest.mark.parametrize("content, message", [
    (None, "no such file"),
    ("{not json", "not JSON"),
    ('{"rows": [{"id": 1}], "summary": {}}', "not a tars bench result"),
    ("[1, 2]", "not a tars bench result"),
])
def test_a_bad_result_file_is_one_line_and_exit_2(tmp_path, content, message):
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(A))
    if content is not None:
        bad.write_text(content)
    with pytest.raises(UsageError, match=message):
        load_result(bad)
    done = _tars("compare", str(good), str(bad))
    assert done.returncode == 2 and message in done.stderr and str(bad) in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


@pytest.mark.parametrize("args, message", [
    (["--sample", "5", "--offset", "2"], "--sample cannot be combined with --offset or --limit"),
    (["--split", "train"], "--split: 'train' is not one of tune, holdout, all"),
    (["--seed", "4"], "--seed needs --sample"),
])
def test_a_bad_slice_exits_2_before_any_model_is_asked(args, message):
    done = _tars("-m", "ollama:nothing-here", *args)
    assert done.returncode == 2 and message in done.stderr and len(done.stderr.strip().splitlines()) == 1
