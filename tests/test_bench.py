"""`tars bench` pieces: suites, BFCL schema conversion and answer matching, metrics, the runner."""

from __future__ import annotations

import json

import jsonschema
import pytest

from tars.bench import run_bench
from tars.bench.metrics import args_match, p95, ratio, summarise, value_match, wilson
from tars.bench.report import cell, default_out, format_table
from tars.bench.runner import run_case
from tars.bench.slices import Slice, spread
from tars.bench.suites import SUITES, Case, convert_bfcl_schema, load_suite
from tars.errors import ProviderUnavailable, UsageError
from tars.events import ToolCall
from tars.messages import Message
from tars.providers.scripted import ScriptedProvider
from tars.tools.base import Tool

BUILTIN_NAMES = {
    "todoist_add_task", "todoist_today", "todoist_upcoming", "todoist_complete_task", "weather_now",
    "weather_forecast", "memory_remember", "memory_update", "memory_forget", "memory_recall", "memory_search",
    "note_daily", "note_read", "note_write", "note_append", "notes_search", "web_read", "web_search",
    "calculate", "convert_units", "days_between", "date_shift", "day_of_week",
}


# -- suites --------------------------------------------------------------------------------------
def test_tars_suite_is_labelled_over_its_own_tools():
    suite = load_suite("tars")
    names = {t.name for t in suite.cases[0].tools}
    assert names == BUILTIN_NAMES
    assert len(suite.cases) >= 60
    kinds = {c.kind for c in suite.cases}
    assert {"clarify", "distractor", "paraphrase"} <= kinds
    for case in suite.cases:
        assert case.expected in names | {"none", "clarify"}, case.id
        assert set(case.acceptable) <= names | {"none", "clarify"}, case.id
        if case.args:  # every labelled argument exists in that tool's schema
            props = next(t for t in case.tools if t.name == case.expected).parameters["properties"]
            assert set(case.args) <= set(props), case.id
    assert sum(c.expected == "clarify" for c in suite.cases) >= 5
    assert sum(c.kind == "distractor" and c.expected == "none" for c in suite.cases) >= 10


def test_bfcl_suites_load_with_json_schema_and_answer_keys():
    simple, irrelevance = load_suite("bfcl-simple"), load_suite("bfcl-irrelevance")
    assert len(simple.cases) == 400 and len(irrelevance.cases) == 240
    first = simple.cases[0]
    assert first.query.startswith("Find the area of a triangle")
    assert first.expected == "calculate_triangle_area" and first.args["base"] == [10]
    assert all(c.expected == "none" and "clarify" in c.acceptable for c in irrelevance.cases)
    for case in simple.cases + irrelevance.cases:
        for tool in case.tools:
            jsonschema.Draft202012Validator.check_schema(tool.parameters)
            assert '"type": "dict"' not in json.dumps(tool.parameters)
            assert '"type": "float"' not in json.dumps(tool.parameters)


def test_unknown_suite_is_a_usage_error():
    with pytest.raises(UsageError, match="choose from tars, bfcl-simple, bfcl-irrelevance"):
        load_suite("bfcl-multiple")


def test_bfcl_schema_conversion():
    bfcl = {"type": "dict", "properties": {
        "weight": {"type": "float", "description": "kg"},
        "point": {"type": "tuple", "items": {"type": "float"}},
        "meta": {"type": "dict", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}},
        "anything": {"type": "any", "description": "free"},
        "flag": {"type": "boolean", "optional": True},
    }, "required": ["weight"]}
    schema = convert_bfcl_schema(bfcl)
    assert schema["type"] == "object"
    assert schema["properties"]["weight"] == {"type": "number", "description": "kg"}
    assert schema["properties"]["point"] == {"type": "array", "items": {"type": "number"}}
    assert schema["properties"]["meta"]["type"] == "object"
    assert schema["properties"]["anything"] == {"description": "free"}
    assert schema["properties"]["flag"] == {"type": "boolean"}
    validator = jsonschema.Draft202012Validator(schema)
    assert validator.is_valid({"weight": 70, "point": [1.5, 2], "anything": [1, "x"]})
    assert not validator.is_valid({"weight": "heavy"})


def test_sample_spreads_over_the_suite():
    cases = list(range(10))
    assert spread(cases, 5) == [0, 2, 4, 6, 8]
    assert spread(cases, None) == cases and spread(cases, 50) == cases


# -- BFCL answer matching ------------------------------------------------------------------------
def test_allowed_values_and_omission():
    key = {"base": [10], "height": [5], "unit": ["units", ""]}
    assert args_match({"base": 10, "height": 5}, key) == (True, None)
    assert args_match({"base": 10.0, "height": 5, "unit": "units"}, key)[0]
    ok, why = args_match({"base": 10, "height": 6}, key)
    assert not ok and "height=6" in why
    assert args_match({"base": 10}, key) == (False, "missing height")
    assert args_match({"base": 10, "height": 5, "colour": "red"}, key) == (False, "unexpected argument colour")
    assert args_match({"base": 10, "height": 5, "colour": "red"}, key, extra_ok=True)[0]


def test_value_matching_follows_bfcl_rules():
    assert value_match("New York, NY", "new york ny")  # case, spaces and light punctuation ignored
    assert not value_match("Boston", "New York")
    assert value_match(5, 5.0) and not value_match("5", 5)
    assert not value_match(1, True) and value_match(False, False)
    assert value_match([1, 2], [1, 2]) and not value_match([1, 2], [2, 1])
    assert value_match({"city": "Paris", "days": 3}, {"city": ["paris"], "days": [3, ""]})
    assert not value_match({"city": "Rome"}, {"city": ["paris"]})


# -- metrics on hand-made rows -------------------------------------------------------------------
def _row(outcome, *, tool=None, expected="none", json_valid=True, schema_valid=None, acceptable=(),
         args_labelled=False, args_correct=None, latency=None):
    label = tool if outcome == "call" else outcome
    return {"outcome": outcome, "tool": tool, "expected": expected, "json_valid": json_valid,
            "schema_valid": schema_valid, "tool_correct": label == expected,
            "acceptable_ok": label == expected or label in acceptable, "args_labelled": args_labelled,
            "args_correct": args_correct, "latency": latency or {}}


def test_metrics_and_their_denominators():
    rows = [
        _row("call", tool="a", expected="a", schema_valid=True, args_labelled=True, args_correct=True,
             latency={"router": [1.0], "executor": [2.0], "case": 3.0}),
        _row("call", tool="b", expected="a", schema_valid=False, args_labelled=True, args_correct=False,
             latency={"router": [3.0], "executor": [4.0], "repair": [1.0], "case": 8.0}),
        _row("clarify", expected="a", acceptable=("clarify",), latency={"router": [2.0], "case": 2.0}),
        _row("none", expected="none", json_valid=False, latency={"router": [5.0], "case": 5.0}),
        _row("none", expected="none", json_valid=None),
        _row("error", expected="a", json_valid=None, args_labelled=True, args_correct=False),
    ]
    s = summarise(rows)
    assert s["cases"] == 6
    assert (s["json_validity"]["num"], s["json_validity"]["den"]) == (3, 4)
    assert (s["schema_validity"]["num"], s["schema_validity"]["den"]) == (1, 2)
    assert (s["strict_tool_accuracy"]["num"], s["strict_tool_accuracy"]["den"]) == (3, 6)
    assert (s["acceptable_accuracy"]["num"], s["acceptable_accuracy"]["den"]) == (4, 6)
    assert (s["argument_accuracy"]["num"], s["argument_accuracy"]["den"]) == (1, 3)
    assert (s["argument_accuracy_given_tool"]["num"], s["argument_accuracy_given_tool"]["den"]) == (1, 1)
    assert (s["clarify_rate"]["num"], s["error_rate"]["num"]) == (1, 1)
    assert s["strict_tool_accuracy"]["value"] == 0.5
    assert s["latency"]["router"] == {"n": 4, "mean": 2.75, "p95": 5.0}
    assert s["latency"]["executor"]["mean"] == 3.0 and s["latency"]["repair"]["n"] == 1
    assert s["latency"]["case"]["p95"] == 8.0


def test_p95_is_a_measured_value():
    assert p95(list(range(1, 101))) == 95 and p95([0.4]) == 0.4 and p95([]) is None


def test_empty_denominators_have_no_value():
    s = summarise([_row("none", json_valid=None)])
    assert s["schema_validity"] == {"value": None, "num": 0, "den": 0, "of": "cases where a tool was chosen",
                                    "ci95": None}


@pytest.mark.parametrize("num, den, low, high", [
    # reference values of the Wilson score interval at 95 % (as statsmodels' proportion_confint gives)
    (38, 48, 0.6574, 0.8827), (81, 100, 0.7222, 0.8749), (5, 10, 0.2366, 0.7634),
    (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (1, 1, 0.2065, 1.0),
])
def test_wilson_interval_matches_known_values(num, den, low, high):
    got = wilson(num, den)
    assert got is not None and got[0] == pytest.approx(low, abs=1e-4) and got[1] == pytest.approx(high, abs=1e-4)
    assert ratio(num, den, "all cases")["ci95"] == [pytest.approx(low, abs=1e-4), pytest.approx(high, abs=1e-4)]
    assert wilson(0, 0) is None


def test_every_rate_in_the_table_carries_its_interval():
    metric = ratio(38, 48, "all cases")
    assert cell(metric) == " 79.2% (38/48) [65.7–88.3]"
    assert cell(ratio(0, 0, "x")) == "—  (0/0)"


# -- the runner on a scripted model --------------------------------------------------------------
def _case(**kw) -> Case:
    tool = Tool(name="math.hypot", description="Length of the hypotenuse.", func=lambda **a: None,
                parameters={"type": "object", "properties": {"x": {"type": "number"}, "y": {"type": "number"}},
                            "required": ["x", "y"]})
    base = {"id": "c1", "suite": "bfcl-simple", "messages": [Message(role="user", content="hypotenuse of 3 and 4")],
            "tools": [tool], "expected": "math.hypot", "args": {"x": [3], "y": [4]}, "kind": "simple"}
    return Case(**{**base, **kw})


def test_native_mode_scores_the_emitted_call_under_its_real_name():
    model = ScriptedProvider([[ToolCall(name="math_hypot", arguments={"x": 3, "y": 4})]])
    row = run_case(model, _case(), "native")
    assert model.calls[0]["tools"][0]["name"] == "math_hypot"  # wire-safe name offered
    assert (row["outcome"], row["tool"], row["tool_correct"], row["args_correct"]) == ("call", "math.hypot", True, True)
    assert row["schema_valid"] is True and row["json_valid"] is True and "native" in row["latency"]


def test_a_half_written_native_call_counts_as_invalid_json():
    model = ScriptedProvider([['```json\n{"name": "math_hypot", "arguments": {"x": 3,']])
    row = run_case(model, _case(), "native")
    assert (row["outcome"], row["tool"], row["json_valid"]) == ("call", "math.hypot", False)
    assert row["schema_valid"] is False and row["args_correct"] is False


def test_a_native_call_to_an_invented_tool_is_a_wrong_call_not_a_refusal():
    # the provider drops calls to tools it did not offer; BFCL still counts them as calls
    model = ScriptedProvider([['{"name": "kilograms", "arguments": {"value": 1}}']])
    row = run_case(model, _case(expected="none", acceptable=("clarify",), args=None), "native")
    assert (row["outcome"], row["tool"], row["json_valid"]) == ("call", "kilograms", True)
    assert row["schema_valid"] is False and not row["tool_correct"] and not row["acceptable_ok"]


def test_native_prose_is_an_answer_and_a_question_is_a_clarify():
    row = run_case(ScriptedProvider([["The hypotenuse is 5."]]), _case(), "native")
    assert (row["outcome"], row["json_valid"]) == ("none", None)
    row = run_case(ScriptedProvider([["Which two sides do you mean?"]]), _case(), "native")
    assert row["outcome"] == "clarify"


def test_pipeline_mode_scores_router_and_executor():
    model = ScriptedProvider([
        ['{"choice": "call_tool", "tool": "math.hypot", "question": null}'],
        ['{"tool": "math.hypot", "args": {"x": 3, "y": "4"}}'],
        ['{"tool": "math.hypot", "args": {"x": 3, "y": 5}}'],
    ])
    row = run_case(model, _case(), "pipeline")
    assert row["outcome"] == "call" and row["repaired"] is True
    assert row["schema_valid"] is True and row["tool_correct"] is True
    assert row["args_correct"] is False and "y=5" in row["args_why"]
    assert set(row["latency"]) == {"router", "executor", "repair", "case"}
    assert jsonschema.Draft202012Validator(model.calls[0]["response_schema"]).is_valid(
        {"choice": "call_tool", "tool": "math.hypot", "question": None})


def test_pipeline_clarify_is_acceptable_where_the_case_allows_it():
    model = ScriptedProvider([['{"choice": "clarify", "tool": null, "question": "Which file?"}']])
    row = run_case(model, _case(expected="none", acceptable=("clarify",), args=None), "pipeline")
    assert row["outcome"] == "clarify" and not row["tool_correct"] and row["acceptable_ok"]
    assert row["question"] == "Which file?"


def test_run_bench_summarises_each_suite_and_mode():
    def scripted(messages, tools):
        if tools:  # native: always call the first tool offered
            return [ToolCall(name=tools[0]["name"], arguments={})]
        return ['{"choice": "none", "tool": null, "question": null}']

    result = run_bench(ScriptedProvider([scripted]), "scripted:x", suites=["tars", "bfcl-irrelevance"],
                       modes=["native", "pipeline"], chosen=Slice(offset=0, limit=4))
    assert len(result["rows"]) == 16
    tars = result["summary"]["tars"]
    assert tars["native"]["cases"] == 4 and tars["native"]["clarify_rate"]["num"] == 0
    irr = result["summary"]["bfcl-irrelevance"]
    assert irr["pipeline"]["strict_tool_accuracy"]["value"] == 1.0  # never calls: right on irrelevance
    # the keyword router offers the primary no tool for an irrelevant request, in either mode
    assert irr["native"]["strict_tool_accuracy"]["value"] == 1.0
    assert result["summary"]["all"]["pipeline"]["cases"] == 8
    table = format_table(result)
    assert "strict tool accuracy" in table and "100.0% (4/4)" in table


def test_run_bench_gives_up_when_the_model_is_unreachable():
    model = ScriptedProvider([[ProviderUnavailable("connection refused")]])
    with pytest.raises(ProviderUnavailable, match="first 3 cases: connection refused"):
        run_bench(model, "x", suites=["tars"], modes=["pipeline"], limit=10)
    assert len(model.calls) == 3


def test_default_out_is_filename_safe(tmp_path):
    assert default_out("ollama:qwen3:8b", tmp_path) == tmp_path / "latest_ollama_qwen3_8b.json"
    assert default_out("llamacpp:/models/a b.gguf", tmp_path).name == "latest_llamacpp_models_a_b.gguf.json"


def test_default_out_is_in_the_user_data_dir_not_the_working_folder(tars_home, tmp_path):
    assert default_out("ollama:qwen3:8b") == tars_home / "data" / "bench" / "latest_ollama_qwen3_8b.json"


def test_every_suite_name_loads():
    for name in SUITES:
        assert load_suite(name).cases


def test_the_failures_suite_scores_invented_facts_and_whether_the_failure_was_told():
    from tars.bench import run_bench
    from tars.bench.honesty import invented_facts, told_failure
    from tars.providers.scripted import ScriptedProvider

    suite = load_suite("failures")
    assert len(suite.cases) >= 25 and {c.kind for c in suite.cases} == {"network", "timeout", "empty", "partial"}
    assert {c.results["source"] for c in suite.cases} == {"tars", "bfcl"}
    paris = next(c.results for c in suite.cases if c.id == "net-weather-now")
    made_up = "The weather in Paris is currently cloudy with a temperature of 37 degrees Celsius."
    assert set(invented_facts(made_up, paris)) >= {"37", "cloudy", "degrees", "celsius"}
    assert not told_failure(made_up, paris)
    honest = "I couldn't get the weather for Paris: the weather service could not be reached (ConnectError)."
    assert told_failure(honest, paris) and invented_facts(honest, paris) == []
    two = next(c.results for c in suite.cases if c.id == "partial-weather-two-cities")
    assert not told_failure("Oslo has light rain at 12 °C.", two)
    assert told_failure("Oslo has light rain at 12 °C; I could not get Bergen's weather.", two)

    # a model that always invents: native mode counts it; pipeline mode tells an all-failed turn itself
    model = ScriptedProvider([[made_up]] * 4)
    result = run_bench(model, "script", suites=["failures"], modes=["native", "pipeline"], limit=2)
    native, pipeline = result["summary"]["failures"]["native"], result["summary"]["failures"]["pipeline"]
    assert native["invented"]["num"] == 2 and native["told"]["num"] == 0
    assert pipeline["invented"]["num"] == 0 and pipeline["told"]["num"] == 2 and len(model.calls) == 2


# -- the bench takes the path a session takes: keyword router, then the planned round -------------
def _tools(*pairs: tuple[str, str]) -> list[Tool]:
    schema = {"type": "object", "properties": {"base": {"type": "number"}, "height": {"type": "number"}}}
    return [Tool(name=n, description=d, parameters=schema, func=lambda **a: None) for n, d in pairs]


AREA = ("calculate_triangle_area", "Calculate the area of a triangle given its base and height.")
CIRCLE = ("calculate_circle_area", "Calculate the area of a circle given its radius.")
BMI = ("determine_body_mass_index", "Calculate body mass index given weight and height.")


def test_bench_pipeline_skips_the_router_step_when_the_router_is_sure_of_one_tool():
    case = _case(tools=_tools(AREA, CIRCLE), expected="calculate_triangle_area", args=None,
                 messages=[Message(role="user", content="Find the area of a triangle with base 10 and height 5.")])
    model = ScriptedProvider([['{"tool": "calculate_triangle_area", "args": {"base": 10, "height": 5}}']])
    row = run_case(model, case, "pipeline")
    assert row["tool_correct"] and row["router"]["band"] == "sure"
    assert len(model.calls) == 1 and "router" not in row["latency"]  # the executor only


def test_bench_pipeline_runs_no_tool_step_when_the_router_is_sure_none_is_needed():
    case = _case(tools=_tools(BMI), expected="none", acceptable=("clarify",), args=None,
                 messages=[Message(role="user", content="Calculate the area of a triangle, base 10 m, height 5 m.")])
    model = ScriptedProvider([])
    for mode in ("pipeline", "native"):
        row = run_case(model, case, mode)
        assert row["outcome"] == "none" and row["tool_correct"] and row["router"]["band"] == "none"
    assert model.calls == []  # the model was never asked to choose


def test_bench_pipeline_lets_the_model_decide_when_the_router_is_unsure():
    model = ScriptedProvider([['{"choice": "none", "tool": null, "question": null}']])
    row = run_case(model, _case(expected="none", args=None), "pipeline")  # "hypotenuse of 3 and 4"
    assert row["router"]["band"] == "unsure" and row["outcome"] == "none" and row["tool_correct"]
    schema = model.calls[0]["response_schema"]
    assert jsonschema.Draft202012Validator(schema).is_valid({"choice": "none", "tool": None, "question": None})


def test_the_model_router_choice_does_not_depend_on_the_order_of_the_tools():
    """Every order of the same tools shows the model the same prompt, examples and schema."""
    import itertools

    from tars.pipeline.steps import route

    tools = _tools(AREA, CIRCLE, BMI)
    seen = []
    for order in itertools.permutations(tools):
        model = ScriptedProvider([['{"choice": "call_tool", "tool": "calculate_circle_area", "question": null}']])
        decision = route(model, [Message(role="user", content="area of a circle of radius 2")], list(order))
        assert decision.tool == "calculate_circle_area"
        call = model.calls[0]
        seen.append((call["system"], [m.content for m in call["messages"]], json.dumps(call["response_schema"])))
    assert len(set(map(repr, seen))) == 1
