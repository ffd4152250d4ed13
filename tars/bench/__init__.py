"""`tars bench`: labelled suites run against a model in native and pipeline tool modes, measured.

`run_bench` is the library entry the CLI wraps; `suites`, `runner`, `metrics` and `report`
hold the data, the per-case runs, the scoring and the output.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tars.config import Config

__all__ = ["run_bench"]


def run_bench(provider: Any, model: str, *, suites: Sequence[str], modes: Sequence[str],
              limit: int | None = None, config: Config | None = None,
              progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Run `limit` cases (spread evenly) of each suite in each mode; returns the full result."""
    from tars.bench.report import build_result
    from tars.bench.runner import run_cases
    from tars.bench.suites import load_suite, sample

    rows: list[dict[str, Any]] = []
    notes: dict[str, Any] = {}
    for name in suites:
        suite = load_suite(name, config)
        notes[name] = {"tool_specs": suite.tool_specs, "cases_in_suite": len(suite.cases), **(
            {"notes": suite.notes} if suite.notes else {})}
        rows += run_cases(provider, sample(suite.cases, limit), modes, progress)
    return build_result(model, rows, suites=suites, modes=modes, limit=limit, notes=notes)
