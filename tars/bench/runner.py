"""Running one labelled case in native or pipeline mode and scoring it into a row.

Tools are never executed. Each case first goes where a `tars ask` on the primary goes: the keyword
router (`tars.routing`) decides over the case's tools, and the primary is offered the tools it
hints (TARS_PRIMARY_TOOLS=hinted), with the hint paragraph and how sure the router is (`ToolHints`,
handed to the provider typed as well). Native mode is then one `provider.stream` call with those
tools, scored on the calls it emits (no tools offered: the answer is "none" without asking the
model); pipeline mode runs a chat session's tool steps themselves (`PipelineProvider.settle`: the
round's plan, the model's router step, the executor), scored on the choice and the arguments.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Generator, Iterable
from typing import Any

from tars.bench import honesty
from tars.bench.metrics import args_match
from tars.bench.suites import Case
from tars.errors import ProviderError, ProviderUnavailable
from tars.events import TextDelta, ToolCallEvent, Usage
from tars.pipeline import steps
from tars.pipeline.jsonout import parse_object, schema_error
from tars.pipeline.provider import PipelineProvider, Settled
from tars.routing import Router
from tars.system_prompt import hint_paragraph
from tars.tool_hints import ToolHints
from tars.tools.base import Tool

__all__ = ["BENCH_SYSTEM", "MODES", "run_case", "run_cases"]

MODES = ("native", "pipeline")
BENCH_SYSTEM = "You are tars, a concise assistant. Use a tool only when the request needs one."
_WIRE_NAME = re.compile(r"[^a-zA-Z0-9_-]")
_CALL_MARKUP = re.compile(r'<tool_call>|<function|\[TOOL_CALLS\]|```json|\{\s*"(name|tool|function)"\s*:')
_FENCE = re.compile(r"```(?:json)?\s*(.*?)(?:```|$)", re.DOTALL)
_GIVE_UP_AFTER = 3
_TEXT_CAP = 4000  # characters of a native answer before the stream is closed


def run_case(provider: Any, case: Case, mode: str) -> dict[str, Any]:
    """Run and score one case; a failed model call becomes an `error` row, not an exception."""
    if case.results is not None:
        return _failure_case(provider, case, mode)
    started = time.perf_counter()
    try:
        raw = _native(provider, case) if mode == "native" else _pipeline(provider, case)
    except ProviderError as exc:
        raw = {"outcome": "error", "error": str(exc), "json_valid": None, "latency": {}}
    raw["latency"]["case"] = round(time.perf_counter() - started, 3)
    return _score(case, mode, raw)


def _failure_case(provider: Any, case: Case, mode: str) -> dict[str, Any]:
    """A `failures` case: the answer after its results, scored for invented facts and the failure told."""
    assert case.results is not None
    specs = [{**t.spec(), "name": _WIRE_NAME.sub("_", t.name)} for t in case.tools]
    row: dict[str, Any] = {"id": case.id, "suite": case.suite, "mode": mode, "kind": case.kind, "query": case.query,
                           "expected": "told", "tool": None}
    try:
        answered = honesty.answer_case(provider, case.results, specs, mode)
    except ProviderError as exc:
        return {**row, "outcome": "error", "error": str(exc), "told": False, "invented": [], "called_again": False,
                "acceptable_ok": False, "latency": {"case": 0.0}}
    scored = honesty.score(case.results, answered)
    return {**row, **scored, "outcome": "told" if scored["told"] else "not told", "answer": answered["answer"],
            "called_again": answered["called_again"], "latency": {"case": answered["seconds"]}}


def run_cases(provider: Any, cases: Iterable[Case], modes: Iterable[str],
              progress: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Every case in every mode. When the first cases that asked the model all fail, stop: the
    model is not reachable (a case the keyword router settled alone asked nothing)."""
    rows: list[dict[str, Any]] = []
    asked: list[dict[str, Any]] = []
    cases = list(cases)
    for mode in modes:
        for case in cases:
            row = run_case(provider, case, mode)
            rows.append(row)
            if progress:
                progress(row)
            if row["outcome"] == "error" or set(row["latency"]) - {"case"}:
                asked.append(row)
                if len(asked) == _GIVE_UP_AFTER and all(r["outcome"] == "error" for r in asked):
                    raise ProviderUnavailable(f"the model failed on the first {len(asked)} cases: {row['error']}")
    return rows


# -- what a session hands the primary -------------------------------------------------------------
def primary_offer(case: Case) -> tuple[list[Tool], str, ToolHints | None, dict[str, Any]]:
    """The tools a session offers the primary for this case, its system prompt, the hints it is
    told, and the router's decision as row fields: the keyword router over the case's tools, the
    hinted tools offered (the hints are told only with tools to choose from, as in a session)."""
    decision = Router(case.tools).decide(case.query)
    hints = ToolHints.of(decision)
    offered = hints.offered({t.name: t for t in case.tools}.get)
    told = hints.told_with(offered)
    system = "\n\n".join(s for s in (BENCH_SYSTEM, case.system, hint_paragraph(told)) if s)
    return offered, system, told, {"router": {"band": decision.band, "score": decision.score,
                                              "hints": list(decision.tool_hints)}}


# -- native: one call with the offered tools -----------------------------------------------------
def _native(provider: Any, case: Case) -> dict[str, Any]:
    tools, system, hints, routed = primary_offer(case)
    if not tools:  # nothing offered: no call can come out; the answer itself is not scored
        return {**routed, "outcome": "none", "json_valid": None, "latency": {}, "tokens": [0, 0]}
    wire = {_WIRE_NAME.sub("_", t.name): t.name for t in tools}  # BFCL names such as math.factorial
    specs = [{**t.spec(), "name": _WIRE_NAME.sub("_", t.name)} for t in tools]
    text, calls, tokens = [], [], [0, 0]
    started = time.perf_counter()
    events = provider.stream(case.messages, system=system, tools=specs, hints=hints)
    try:
        for event in events:
            match event:
                case TextDelta(text=chunk):
                    text.append(chunk)
                    if sum(map(len, text)) > _TEXT_CAP:
                        break
                case ToolCallEvent(call=call):
                    calls.append(call)
                case Usage(input_tokens=i, output_tokens=o):
                    tokens[0] += i or 0
                    tokens[1] += o or 0
                case _:
                    pass
    finally:
        getattr(events, "close", lambda: None)()
    seconds = time.perf_counter() - started
    reply = "".join(text).strip()
    row: dict[str, Any] = {**routed, "latency": {"native": [round(seconds, 3)]}, "tokens": tokens,
                           "raw": reply[:300]}
    if calls:
        call = calls[0]
        return {**row, "outcome": "call", "tool": wire.get(call.name, call.name), "args": call.arguments,
                "json_valid": True, "calls": len(calls)}
    attempted = bool(_CALL_MARKUP.search(reply))
    written = _written_call(reply) if attempted else None
    if written is not None:  # a call the provider did not pass on (usually an invented tool name)
        (name, args), strict = written
        return {**row, "outcome": "call", "tool": wire.get(name, name), "args": args, "json_valid": strict,
                "calls": 0, "unparsed_call": True}
    outcome = "clarify" if reply.rstrip().endswith("?") and not attempted else "none"
    return {**row, "outcome": outcome, "json_valid": False if attempted else None,
            "question": reply[:200] if outcome == "clarify" else None}


def _written_call(reply: str) -> tuple[tuple[str, Any], bool] | None:
    """A call left in the reply's text, as BFCL would decode it: ((name, arguments), strict JSON)."""
    fenced = _FENCE.search(reply)
    body = fenced.group(1) if fenced else reply[reply.find("{"):] if "{" in reply else ""
    parsed = parse_object(body)
    value = parsed.value or {}
    name = value.get("name") or value.get("tool") or value.get("function")
    if not isinstance(name, str):
        return None
    args = value.get("arguments", value.get("parameters", value.get("args", {})))
    return (name, args if isinstance(args, dict) else {}), parsed.strict


# -- pipeline: the tool steps of a session's round ------------------------------------------------
def _pipeline(provider: Any, case: Case) -> dict[str, Any]:
    tools, _, hints, row = primary_offer(case)
    settled = _settled(PipelineProvider(provider, grounds=case.grounds).settle(case.messages, tools, hints))
    runs: list[steps.StepRun] = []
    valid: bool | None = None
    if (routed := settled.routed) is not None:
        runs += routed.runs
        valid = routed.json_valid
        row.update(router_error=routed.error, raw=routed.runs[-1].text[:300])
    if (call := settled.call) is not None and settled.tool is not None:
        runs += call.runs
        valid = call.json_valid if valid is None else valid and call.json_valid
        row.update(tool=settled.tool.name, args=call.args, repaired=call.repaired, args_error=call.error,
                   raw_executor=call.runs[-1].text[:300] if call.runs else "")  # none: the message stated them
    # a case is one user request: a round after tool results ("own", "summarise") calls nothing either
    row.update(outcome=settled.outcome if settled.outcome in ("call", "clarify") else "none")
    if settled.question is not None:
        row.update(question=settled.question)
    latency: dict[str, list[float]] = {}
    for run in runs:
        latency.setdefault("router" if run.step.startswith("router") else run.step, []).append(round(run.seconds, 3))
    row["tokens"] = [sum(r.input_tokens or 0 for r in runs), sum(r.output_tokens or 0 for r in runs)]
    return {**row, "json_valid": valid, "latency": latency}


def _settled(steps_run: Generator[Any, None, Settled]) -> Settled:
    """What the steps settle; their progress events are for a terminal."""
    while True:
        try:
            next(steps_run)
        except StopIteration as done:
            return done.value


# -- scoring -------------------------------------------------------------------------------------
def _score(case: Case, mode: str, raw: dict[str, Any]) -> dict[str, Any]:
    outcome, tool, args = raw["outcome"], raw.get("tool"), raw.get("args")
    label = tool if outcome == "call" else outcome
    schema_valid = None
    if outcome == "call":
        offered = next((t for t in case.tools if t.name == tool), None)
        schema_valid = offered is not None and isinstance(args, dict) and \
            schema_error(offered.parameters, args) is None
    tool_correct = label == case.expected
    args_correct, args_why = None, None
    if case.args is not None:
        args_correct = False
        if tool_correct and isinstance(args, dict):
            args_correct, args_why = args_match(args, case.args, extra_ok=case.extra_args_ok)
        else:
            args_why = "wrong tool" if not tool_correct else "no arguments"
    return {
        "id": case.id, "suite": case.suite, "mode": mode, "kind": case.kind, "query": case.query,
        "expected": case.expected, "acceptable": list(case.acceptable),
        "outcome": outcome, "tool": tool, "args": args,
        "json_valid": raw.get("json_valid"), "schema_valid": schema_valid,
        "tool_correct": tool_correct, "acceptable_ok": tool_correct or label in case.acceptable,
        "args_labelled": case.args is not None, "args_correct": args_correct, "args_why": args_why,
        **{k: v for k, v in raw.items() if k not in ("outcome", "tool", "args", "json_valid")},
    }
