"""Router speed: microseconds per message over the labelled set (run: .venv/bin/python bench/router.py).

Prints the cost of building a Router for the real built-in tools plus a time server's (once per
tool-set change) and the per-message decision time (median and 99th percentile), which is what a
Session pays every turn.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    t0 = time.perf_counter()
    from tars.config import load_config
    from tars.routing import Router
    from tars.tools.base import Tool

    import_ms = (time.perf_counter() - t0) * 1000
    from tars.tools.builtin import builtin_tools

    texts = [json.loads(line)["text"] for line in (ROOT / "tests/data/routing_labels.jsonl").open(encoding="utf-8")]
    tools = builtin_tools(load_config(environ={})) + [
        Tool(name="time__get_current_time", description="Get current time in a specific timezone",
             source="time", func=lambda **_: None),
        Tool(name="time__convert_time", description="Convert time between timezones", source="time",
             func=lambda **_: None),
    ]

    t0 = time.perf_counter()
    router = Router(tools)
    build_us = (time.perf_counter() - t0) * 1e6

    # Per message, the best of 7 runs: other processes on a busy machine only ever add time.
    samples = []
    for text in texts:
        runs = []
        for _ in range(7):
            t0 = time.perf_counter()
            router.decide(text)
            runs.append((time.perf_counter() - t0) * 1e6)
        samples.append(min(runs))
    samples.sort()
    long_text = "here is my draft:\n" + "lorem ipsum dolor sit amet. " * 2000 + "\nadd 'proofread' to my todo list"
    long_runs = []
    for _ in range(3):
        t0 = time.perf_counter()
        router.decide(long_text)
        long_runs.append((time.perf_counter() - t0) * 1e6)
    long_us = min(long_runs)
    print(f"import tars.routing: {import_ms:.1f} ms (regex compilation included)")
    print(f"Router({len(tools)} tools): {build_us:.0f} us")
    print(f"router.decide: median {statistics.median(samples):.1f} us, p99 {samples[int(len(samples) * 0.99)]:.1f} us, "
          f"max {samples[-1]:.1f} us over {len(samples)} messages (best of 7 runs each)")
    print(f"a {len(long_text)}-character paste: {long_us:.0f} us (routed on its first and last few hundred characters)")


if __name__ == "__main__":
    main()
