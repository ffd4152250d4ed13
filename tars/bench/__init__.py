"""`tars bench`: labelled suites run against a model in native and pipeline tool modes, measured.

`run_bench` is the library entry the CLI wraps; `suites`, `slices`, `runner`, `metrics`, `report`
and `compare` hold the data, the choice of cases, the per-case runs, the scoring, the output and
the comparison of two result files.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tars.bench.slices import Slice
    from tars.config import Config

__all__ = ["run_bench"]


def run_bench(provider: Any, model: str, *, suites: Sequence[str], modes: Sequence[str],
              limit: int | None = None, chosen: Slice | None = None, config: Config | None = None,
              progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Run the cases `chosen` picks of each suite (by default every case, or `limit` spread evenly)
    in each mode; returns the full result, which records the slice."""
    from tars.bench.report import build_result
    from tars.bench.runner import run_cases
    from tars.bench.slices import Slice, split_of, take
    from tars.bench.suites import load_suite

    chosen = chosen or Slice(limit=limit)
    rows: list[dict[str, Any]] = []
    notes: dict[str, Any] = {}
    for name in suites:
        suite = load_suite(name, config)
        cases = take(name, suite.cases, chosen)
        in_split = sum(chosen.split in ("all", split_of(name, c.id)) for c in suite.cases)
        notes[name] = {"tool_specs": suite.tool_specs, "cases_in_suite": len(suite.cases),
                       "cases_in_split": in_split, "cases_run": len(cases),
                       **({"notes": suite.notes} if suite.notes else {})}
        rows += run_cases(provider, cases, modes, progress)
    return build_result(model, rows, suites=suites, modes=modes, chosen=chosen, notes=notes)
