"""Bench results: the summary per suite and mode, the printed table, and the JSON file.

The table shows every metric as `value% (num/den)` so that the denominator is never hidden.
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
from tars.bench.metrics import DEFINITIONS, summarise
from tars.config import data_dir

__all__ = ["ROWS", "build_result", "default_out", "format_table", "write_result"]

ROWS = ("json_validity", "schema_validity", "strict_tool_accuracy", "argument_accuracy",
        "acceptable_accuracy", "clarify_rate", "error_rate")


def default_out(model: str, folder: Path | None = None) -> Path:
    """`latest_<model>.json` (the model name made filename-safe) in `folder`, by default the
    `bench` folder of the user data dir: never wherever the user happens to stand."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", model).strip("._") or "model"
    return (folder or data_dir() / "bench") / f"latest_{safe}.json"


def build_result(model: str, rows: list[dict[str, Any]], *, suites: Sequence[str], modes: Sequence[str],
                 limit: int | None, notes: dict[str, Any] | None = None) -> dict[str, Any]:
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
        "limit_per_suite": limit,
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(), "system": platform.system()},
        "notes": notes or {},
        "definitions": {**DEFINITIONS, **(FAILURE_DEFINITIONS if "failures" in suites else {})},
        "summary": summary,
        "rows": rows,
    }


def _cell(metric: dict[str, Any]) -> str:
    if not metric["den"]:
        return "—  (0/0)"
    return f"{metric['value'] * 100:5.1f}% ({metric['num']}/{metric['den']})"


def _latency_cells(summary: dict[str, Any], step: str) -> str:
    lat = summary["latency"].get(step)
    return f"{lat['mean']:.2f} / {lat['p95']:.2f} s (n={lat['n']})" if lat else "—"


def format_table(result: dict[str, Any]) -> str:
    """One block per suite (and one for all suites together); a column per mode."""
    modes = result["modes"]
    blocks = []
    for suite, per_mode in result["summary"].items():
        if suite == "all" and len([s for s in result["suites"] if s != "failures"]) < 2:
            continue
        steps: list[str] = []
        for m in modes:
            steps += [s for s in per_mode[m]["latency"] if s not in steps]
        lines = [("metric", *modes)]
        names = FAILURE_ROWS if suite == "failures" else ROWS
        lines += [(name.replace("_", " "), *(_cell(per_mode[m][name]) for m in modes)) for name in names]
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


def write_result(result: dict[str, Any], path: Path) -> None:
    """Write the JSON atomically (temp file + rename): an interrupted run never leaves half a file."""
    from tars.atomic import atomic_write

    atomic_write(path, json.dumps(result, indent=1, ensure_ascii=False, default=str) + "\n")

