"""Bench results: the summary per suite and mode, the printed table, and the JSON file.

The table shows every metric as `value% (num/den) [low–high]`: the denominator is never hidden,
nor how far the sample pins the rate down (its 95 % Wilson interval).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tars.bench.honesty import DEFINITIONS as FAILURE_DEFINITIONS
from tars.bench.honesty import ROWS as FAILURE_ROWS
from tars.bench.honesty import summarise_failures
from tars.bench.metrics import DEFINITIONS, summarise, wilson
from tars.bench.slices import Slice
from tars.config import data_dir
from tars.errors import UsageError

__all__ = ["ROWS", "build_result", "cell", "default_out", "describe_slice", "format_table", "interval",
           "write_result"]

ROWS = ("json_validity", "schema_validity", "strict_tool_accuracy", "argument_accuracy",
        "acceptable_accuracy", "clarify_rate", "error_rate")


def default_out(model: str, folder: Path | None = None) -> Path:
    """`latest_<model>.json` (the model name made filename-safe) in `folder`, by default the
    `bench` folder of the user data dir: never wherever the user happens to stand."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", model).strip("._") or "model"
    return (folder or data_dir() / "bench") / f"latest_{safe}.json"


def build_result(model: str, rows: list[dict[str, Any]], *, suites: Sequence[str], modes: Sequence[str],
                 chosen: Slice, notes: dict[str, Any] | None = None) -> dict[str, Any]:
    """The result file: what was run (model, modes, slice, date), the summary and every row."""
    summary: dict[str, Any] = {}
    for suite in suites:
        add_up = summarise_failures if suite == "failures" else summarise
        summary[suite] = {m: add_up(r for r in rows if r["suite"] == suite and r["mode"] == m) for m in modes}
    choice = [s for s in suites if s != "failures"]
    if choice:
        summary["all"] = {m: summarise(r for r in rows if r["mode"] == m and r["suite"] != "failures")
                          for m in modes}
    return {
        "model": model,
        "created": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "suites": list(suites),
        "modes": list(modes),
        "slice": chosen.record(),
        "limit_per_suite": chosen.limit,
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(), "system": platform.system()},
        "notes": notes or {},
        "definitions": {**DEFINITIONS, **(FAILURE_DEFINITIONS if "failures" in suites else {})},
        "summary": summary,
        "rows": rows,
    }


def interval(metric: dict[str, Any]) -> str:
    """`[65.7–88.3]`: the 95 % Wilson interval in percent, from the counts (older files have none)."""
    bounds = wilson(metric["num"], metric["den"])
    return f"[{bounds[0] * 100:.1f}–{bounds[1] * 100:.1f}]" if bounds else ""


def cell(metric: dict[str, Any]) -> str:
    """`79.2% (38/48) [65.7–88.3]`: the rate, what it counts over, and its 95 % interval."""
    if not metric["den"]:
        return "—  (0/0)"
    return f"{metric['num'] / metric['den'] * 100:5.1f}% ({metric['num']}/{metric['den']}) {interval(metric)}"


def _latency_cells(summary: dict[str, Any], step: str) -> str:
    lat = summary["latency"].get(step)
    return f"{lat['mean']:.2f} / {lat['p95']:.2f} s (n={lat['n']})" if lat else "—"


def format_table(result: dict[str, Any]) -> str:
    """A heading saying what was run, then one block per suite (and one for all suites together);
    a column per mode."""
    modes = result["modes"]
    blocks = [f"{result['model']}, {describe_slice(result)}"]
    for suite, per_mode in result["summary"].items():
        if suite == "all" and len([s for s in result["suites"] if s != "failures"]) < 2:
            continue
        steps: list[str] = []
        for m in modes:
            steps += [s for s in per_mode[m]["latency"] if s not in steps]
        lines = [("metric", *modes)]
        names = FAILURE_ROWS if suite == "failures" else ROWS
        lines += [(name.replace("_", " "), *(cell(per_mode[m][name]) for m in modes)) for name in names]
        lines += [(f"latency {s} mean/p95", *(_latency_cells(per_mode[m], s) for m in modes)) for s in steps]
        widths = [max(len(row[i]) for row in lines) for i in range(len(lines[0]))]
        cases = ", ".join(f"{m}: {per_mode[m]['cases']}" for m in modes)
        text = [f"{suite} ({cases} cases)"]
        for i, row in enumerate(lines):
            text.append("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
            if i == 0:
                text.append("  ".join("-" * w for w in widths))
        blocks.append("\n".join(text))
    return "\n\n".join(blocks)


def describe_slice(result: dict[str, Any]) -> str:
    """The slice a result file was run on, in words (files written before slices: the limit)."""
    recorded = result.get("slice") or {"limit": result.get("limit_per_suite")}
    try:
        return Slice(**{k: v for k, v in recorded.items() if k in Slice.__dataclass_fields__}).describe()
    except (UsageError, TypeError):
        return f"slice {json.dumps(recorded)}"


def write_result(result: dict[str, Any], path: Path) -> None:
    """Write the JSON atomically (temp file + rename): an interrupted run never leaves half a file."""
    from tars.atomic import atomic_write

    atomic_write(path, json.dumps(result, indent=1, ensure_ascii=False, default=str) + "\n")

