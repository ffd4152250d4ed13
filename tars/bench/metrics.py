"""Scoring bench rows: BFCL-style argument matching and the summary metrics, each with its denominator.

A row is one case run in one mode (see `tars.bench.runner`). Every metric is reported as
`{"value", "num", "den", "of", "ci95"}` so that a reader sees what it was counted over (schema
validity, for example, is only defined where a tool was chosen) and how far the sample pins it
down (the 95 % Wilson interval).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["DEFINITIONS", "args_match", "p95", "ratio", "summarise", "value_match", "wilson"]

_BFCL_STRIP = re.compile(r"[ ,./\-_*^]")
_Z95 = 1.959963984540054  # the standard normal quantile at 97.5 %

DEFINITIONS = {
    "json_validity": "structured outputs that parsed as strict JSON without repair / cases with a structured "
                     "output (pipeline: every case's router answer, and its executor answer when a tool was "
                     "picked; native: cases with a call, or with text that tried to be one; a call left in the text "
                     "(e.g. to an invented tool the provider dropped) is scored as that call)",
    "schema_validity": "cases whose final arguments met the chosen tool's JSON Schema (an unknown tool name "
                       "fails) / cases where a tool was chosen",
    "strict_tool_accuracy": "cases whose outcome is exactly the label (tool name, none or clarify) / all cases",
    "argument_accuracy": "cases with the right tool and every argument among the allowed values (BFCL rules; "
                         "'' = may be omitted) / cases that have argument labels",
    "argument_accuracy_given_tool": "as argument_accuracy / labelled cases where the right tool was chosen",
    "acceptable_accuracy": "cases whose outcome is the label or one the case also accepts (e.g. clarify) / all cases",
    "clarify_rate": "cases answered with a clarifying question / all cases",
    "error_rate": "cases where the model call failed / all cases",
    "latency": "seconds per model call of each step (router, executor, repair, native): mean and p95 "
               "(nearest rank) over the calls made",
}


def _std(text: str) -> str:
    """BFCL's string normalisation: case, spaces and light punctuation do not count."""
    return _BFCL_STRIP.sub("", text).lower().replace("'", '"')


def value_match(got: Any, want: Any) -> bool:
    """Whether one argument value equals one allowed value, the way BFCL's AST checker compares."""
    if isinstance(got, bool) or isinstance(want, bool):
        return isinstance(got, bool) and isinstance(want, bool) and got == want
    if isinstance(got, (int, float)) and isinstance(want, (int, float)):
        return math.isclose(float(got), float(want), rel_tol=1e-9, abs_tol=1e-12)
    if isinstance(got, str) and isinstance(want, str):
        return _std(got) == _std(want)
    if isinstance(got, (list, tuple)) and isinstance(want, (list, tuple)):
        return len(got) == len(want) and all(value_match(g, w) for g, w in zip(got, want, strict=True))
    if isinstance(got, dict) and isinstance(want, dict):
        # BFCL nests answer keys: each key of a dict argument has its own list of allowed values
        if all(isinstance(v, list) for v in want.values()):
            return args_match(got, want)[0]
        return set(got) == set(want) and all(value_match(got[k], want[k]) for k in want)
    return got == want


def args_match(args: Mapping[str, Any], allowed: Mapping[str, list[Any]], *,
               extra_ok: bool = False) -> tuple[bool, str | None]:
    """(ok, why not): every labelled argument among its allowed values or omitted where `""` allows
    it; an argument without a label is wrong unless `extra_ok`."""
    for name, values in allowed.items():
        if name not in args or args[name] == "":
            if "" in values:
                continue
            return False, f"missing {name}"
        if not any(value_match(args[name], v) for v in values if v != ""):
            return False, f"{name}={args[name]!r} is not one of {[v for v in values if v != '']!r}"
    extra = sorted(set(args) - set(allowed))
    if extra and not extra_ok:
        return False, f"unexpected argument {', '.join(extra)}"
    return True, None


def p95(values: list[float]) -> float | None:
    """95th percentile by nearest rank (no interpolation: it is a value that was measured)."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def _latency(seconds: list[float]) -> dict[str, Any]:
    """Count, mean and p95 of one step's latencies (at least one)."""
    top = p95(seconds)
    assert top is not None
    return {"n": len(seconds), "mean": round(sum(seconds) / len(seconds), 3), "p95": round(top, 3)}


def wilson(num: int, den: int, z: float = _Z95) -> tuple[float, float] | None:
    """The Wilson score interval of num/den (95 % by default): unlike value ± 1.96·SE it stays
    within 0..1 and is honest for small samples and for rates at 0 % or 100 %."""
    if den <= 0:
        return None
    p = num / den
    centre = p + z * z / (2 * den)
    spread = z * math.sqrt(p * (1 - p) / den + z * z / (4 * den * den))
    scale = 1 + z * z / den
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def ratio(num: int, den: int, of: str) -> dict[str, Any]:
    """A rate with what it counts over and its 95 % Wilson interval."""
    interval = wilson(num, den)
    return {"value": round(num / den, 4) if den else None, "num": num, "den": den, "of": of,
            "ci95": [round(interval[0], 4), round(interval[1], 4)] if interval else None}


def summarise(rows: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """All metrics for a set of rows (one suite and mode, or a mode over every suite)."""
    rows = list(rows)
    n = len(rows)
    structured = [r for r in rows if r["json_valid"] is not None]
    chosen = [r for r in rows if r["outcome"] == "call"]
    labelled = [r for r in rows if r.get("args_labelled")]
    right_tool = [r for r in labelled if r["tool_correct"]]
    steps: dict[str, list[float]] = {}
    for row in rows:
        for step, seconds in row.get("latency", {}).items():
            steps.setdefault(step, []).extend(seconds if isinstance(seconds, list) else [seconds])
    return {
        "cases": n,
        "json_validity": ratio(sum(bool(r["json_valid"]) for r in structured), len(structured),
                                "cases with a structured output"),
        "schema_validity": ratio(sum(bool(r["schema_valid"]) for r in chosen), len(chosen),
                                  "cases where a tool was chosen"),
        "strict_tool_accuracy": ratio(sum(bool(r["tool_correct"]) for r in rows), n, "all cases"),
        "argument_accuracy": ratio(sum(bool(r["args_correct"]) for r in labelled), len(labelled),
                                    "cases with argument labels"),
        "argument_accuracy_given_tool": ratio(sum(bool(r["args_correct"]) for r in right_tool), len(right_tool),
                                               "labelled cases with the right tool"),
        "acceptable_accuracy": ratio(sum(bool(r["acceptable_ok"]) for r in rows), n, "all cases"),
        "clarify_rate": ratio(sum(r["outcome"] == "clarify" for r in rows), n, "all cases"),
        "error_rate": ratio(sum(r["outcome"] == "error" for r in rows), n, "all cases"),
        "latency": {step: _latency(v) for step, v in steps.items() if v},
    }
