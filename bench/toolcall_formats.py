"""Tool calls written as text, every engine's way: the share of calls parsed exactly right over
raw outputs drawn from other engines' test suites (run: .venv/bin/python bench/toolcall_formats.py).

The set is tests/data/toolcalls/*.jsonl (sources and licences in its README). Each case is parsed
the way tars meets it: knowing only the model's name (the primary number), knowing nothing, and
with the expected tools offered. A call is right when its name and arguments equal the expected
ones at its position; a spurious call counts as wrong, and a case expecting no call counts once,
right when none was found. `-v` lists the cases that are not all right.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DATA = ROOT / "tests" / "data" / "toolcalls"


def load_cases() -> list[dict[str, Any]]:
    return [json.loads(line) for path in sorted(DATA.glob("*.jsonl"))
            for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def score(case: dict[str, Any], got: list[tuple[str, Any]]) -> tuple[int, int]:
    """(calls right, calls counted) for one case."""
    want = [(c["name"], c["arguments"]) for c in case["expected_calls"]]
    if not want and not got:
        return 1, 1
    right = sum(1 for w, g in zip(want, got, strict=False) if w == g)
    return right, max(len(want), len(got))


def measure(cases: list[dict[str, Any]], mode: str) -> tuple[int, int, list[str]]:
    from tars.toolcalls import parse

    right = total = 0
    wrong = []
    for case in cases:
        kw: dict[str, Any] = {}
        if mode in ("model", "model+tools"):
            kw["model"] = case["model_hint"]
        if mode == "model+tools":
            kw["tools"] = sorted({c["name"] for c in case["expected_calls"]}) or ["unrelated_tool"]
        result = parse(case["text"], **kw)
        r, t = score(case, [(c.name, c.arguments) for c in result.calls])
        right, total = right + r, total + t
        if r < t:
            wrong.append(f"  {case['id']}: got {[(c.name, c.arguments) for c in result.calls]}")
    return right, total, wrong


def main() -> None:
    cases = load_cases()
    verbose = "-v" in sys.argv
    print(f"{len(cases)} raw outputs, {sum(len(c['expected_calls']) for c in cases)} expected calls")
    for mode in ("model", "none", "model+tools"):
        right, total, wrong = measure(cases, mode)
        print(f"{mode:12} {right}/{total} calls exactly right = {100 * right / total:.1f} %")
        if verbose:
            print("\n".join(wrong))


if __name__ == "__main__":
    main()
