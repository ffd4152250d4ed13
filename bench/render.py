"""Benchmark: stream a long generated markdown answer through tars's renderer, off screen.

Prints total time (CPU time of the process: the renderer is single-threaded, and on a busy
machine wall time mostly measures the neighbours) and time per 1,000 characters at two lengths. Goal: < 0.5 s for 10,000
characters, and doubling the length at most 2.2x the time (linear, not quadratic). One huge
paragraph with no line break (0.6, 1.2 and 1.8 MB by default) must stay linear too. With
`--naive` it also times re-rendering the whole answer per chunk, the approach this replaces.

    .venv/bin/python bench/render.py [--chunk 16] [--lengths 10000 20000] [--naive]
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rich.console import Console  # noqa: E402

from tars.render.stream import MarkdownStream  # noqa: E402

_SECTIONS = [
    "## Step {n}: set up the {thing}\n\n"
    "First, make sure the **{thing}** is installed and that `{cmd}` works. This paragraph is long "
    "enough to wrap across several lines of the terminal, with *emphasis*, `inline code` and a "
    "[link](https://example.com/{n}) in it, as real answers have.\n\n",
    "- check the `{cmd}` version\n- read the {thing} docs\n  - the install guide\n  - the FAQ, "
    "which answers most questions\n- then run it:\n  1. once by hand\n  2. then from cron\n\n",
    "```python\ndef step_{n}(path):\n    \"\"\"Process {thing} number {n}.\"\"\"\n"
    "    with open(path) as f:\n        for line in f:\n            yield line.strip().upper()\n```\n\n",
    "| option | default | meaning |\n|---|---|---|\n| `--{cmd}` | {n} | how many {thing}s |\n"
    "| `--quiet` | off | print less |\n| `--jobs` | 2 | parallel jobs |\n\n",
    "> Note: the {thing} keeps its state between runs, so step {n} is safe to repeat.\n\n",
]
_THINGS = ["database", "cache", "queue", "scheduler", "proxy", "indexer"]


def generate(length: int) -> str:
    """A markdown answer of at least `length` characters with every kind of block."""
    parts, n = ["# How to do it\n\nHere is the whole procedure, step by step.\n\n"], 0
    while sum(map(len, parts)) < length:
        thing = _THINGS[n % len(_THINGS)]
        parts.append(_SECTIONS[n % len(_SECTIONS)].format(n=n, thing=thing, cmd=f"{thing}ctl"))
        n += 1
    return "".join(parts)


def one_block(kind: str, length: int) -> str:
    """A single block of at least `length` characters: the case where only the tail grows."""
    if kind == "paragraph":  # one line, no newline until the end: only the open tail grows
        line = "A long paragraph with *emphasis*, `inline code` and plain words, going on and on. "
        return (line * (length // len(line) + 1))[:length] + "\n"
    row = {"code": "    value = compute(item, factor=2)  # one more line\n",
           "table": "| row | some value | a longer description cell |\n",
           "list": "- an item with a few words in it\n  - and a nested detail\n"}[kind]
    head = {"code": "```python\n", "table": "| a | b | c |\n|---|---|---|\n", "list": ""}[kind]
    body = row * (length // len(row) + 1)
    return head + body + ("```\n" if kind == "code" else "")


def _console() -> Console:
    return Console(file=io.StringIO(), width=100, height=40, force_terminal=True, color_system="truecolor")


def stream_once(text: str, chunk: int, rate: float = 12.0) -> float:
    """Seconds to stream `text` in `chunk`-character pieces through the real renderer
    (`rate`: most redraws of the live region per second; inf redraws on every chunk)."""
    stream = MarkdownStream(_console(), refresh_per_second=rate)
    start = time.process_time()  # CPU time: on a busy machine wall time measures the neighbours
    for i in range(0, len(text), chunk):
        stream.write(text[i : i + chunk])
    stream.finish()
    return time.process_time() - start


def naive_once(text: str, chunk: int) -> float:
    """Seconds for `Live(Markdown(whole_text))` updated on every chunk."""
    from rich.live import Live
    from rich.markdown import Markdown

    start = time.perf_counter()
    with Live(console=_console(), auto_refresh=False) as live:
        for i in range(0, len(text), chunk):
            live.update(Markdown(text[: i + chunk]), refresh=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunk", type=int, default=16)
    parser.add_argument("--lengths", type=int, nargs=2, default=[10_000, 20_000])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--naive", action="store_true", help="also time the naive whole-render approach")
    parser.add_argument("--paragraph", type=int, nargs="*", default=[600_000, 1_200_000, 1_800_000],
                        help="lengths of the one-huge-paragraph case (none: skip it)")
    args = parser.parse_args()

    stream_once(generate(2000), args.chunk)  # warm imports and caches
    results = {}
    for length in args.lengths:
        text = generate(length)
        runs = [stream_once(text, args.chunk) for _ in range(args.repeat)]
        seconds = min(runs)  # the least disturbed run; the median shows the noise
        results[length] = seconds
        print(f"{len(text):>7,} chars in {args.chunk}-char chunks: {seconds:.3f} s total CPU "
              f"(median {statistics.median(runs):.3f} s), {seconds / len(text) * 1000 * 1000:.1f} ms per 1,000 chars")
    short, long = args.lengths
    ratio = results[long] / results[short]
    print(f"growth x{long / short:g} length -> x{ratio:.2f} time (goal <= 2.2); "
          f"{short:,} chars {'under' if results[short] < 0.5 else 'OVER'} 0.5 s")
    worst = {n: min(stream_once(generate(n), args.chunk, float("inf")) for _ in range(3)) for n in args.lengths}
    print(f"worst case, live region redrawn on every chunk: {short:,} chars {worst[short]:.3f} s, "
          f"{long:,} chars {worst[long]:.3f} s (x{worst[long] / worst[short]:.2f})")
    for kind in ("code", "table", "list"):
        times = {n: min(stream_once(one_block(kind, n), args.chunk) for _ in range(3)) for n in args.lengths}
        print(f"one {kind} block: {short:,} chars {times[short]:.3f} s, {long:,} chars {times[long]:.3f} s "
              f"(x{times[long] / times[short]:.2f})")
    if args.paragraph:
        times = {n: stream_once(one_block("paragraph", n), args.chunk) for n in args.paragraph}
        shown = ", ".join(f"{n / 1e6:.1f} MB {t:.2f} s" for n, t in times.items())
        per_mb = ", ".join(f"{t / n * 1e6:.2f}" for n, t in times.items())
        print(f"one paragraph, no line breaks: {shown} (s per MB: {per_mb}; linear when these stay level)")
    if args.naive:
        text = generate(2400)
        print(f"naive Live(Markdown(whole)) per chunk, {len(text):,} chars: {naive_once(text, args.chunk):.2f} s")


if __name__ == "__main__":
    main()
