"""Benchmark: the embedded model (Qwen2.5-Coder-0.5B Q4_K_M through llama-cpp-python), side by side.

Prints, in one run:
- raw llama-cpp-python and tars's provider on the same prompt: prompt and generation tokens/s,
  and tars's overhead (goal: at most 5 %);
- generation alone, two at once, and beside a busy CPU-bound process, each as a share of the solo
  rate (goal: at least 40 %), with tars's OpenMP spin count and, for comparison, libgomp's default;
- `tars ask "What's the weather in Paris right now?"` on a pseudo-terminal with the weather service
  unreachable (the call fails fast): wall time (goal: 8 s) and time to the first visible output
  (goal: 1.5 s), cold (empty prompt cache) and warm (second run);
- peak RSS and the load average before and after (numbers on a busy machine are not comparable).

    .venv/bin/python bench/embedded.py [--tokens 96] [--no-default-policy] [--skip-ask]

Each measurement runs in its own process, so that the OpenMP setting of each is the one chosen.
"""

from __future__ import annotations

import argparse
import json
import os
import pty
import select
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODEL = "qwen2.5-coder-0.5b"
PROMPT = "Count from 1 to 300, one number per line, and nothing else."
WEATHER = "What's the weather in Paris right now?"
GOALS = {"overhead": 0.05, "share": 0.40, "weather_wall": 8.0, "first_output": 1.5}
LIBGOMP_DEFAULT_SPIN = "300000"  # what OpenMP spins when nobody sets a policy


# -- one measurement per process ---------------------------------------------------------------
def worker(kind: str, tokens: int) -> dict:
    """Generate `tokens` tokens once; prompt and generation tokens/s, load seconds and peak RSS."""
    import resource

    from tars.config import load_config
    from tars.providers.llamacpp.model_file import resolve_model_path

    config = load_config()
    started = time.perf_counter()
    if kind == "raw":
        from tars.providers.llamacpp.threads import import_llama_cpp

        llm = import_llama_cpp().Llama(model_path=str(resolve_model_path(MODEL)), n_ctx=4096,
                                       n_threads=config.threads, n_threads_batch=config.threads, verbose=False)
        loaded = time.perf_counter()
        stream = llm.create_chat_completion(messages=[{"role": "user", "content": PROMPT}], stream=True,
                                            max_tokens=tokens, repeat_penalty=1.1)
        texts = (c["choices"][0].get("delta", {}).get("content") for c in stream)
        prompt_tokens = None
    else:
        from tars.events import TextDelta, Usage
        from tars.messages import Message
        from tars.providers.llamacpp.provider import LlamaCppProvider

        provider = LlamaCppProvider(MODEL, config)
        provider.max_tokens = tokens
        provider.warm_up()
        llm = provider._model()
        loaded = time.perf_counter()
        usage: list[Usage] = []

        def tars_texts():
            for event in provider.stream([Message(role="user", content=PROMPT)]):
                if isinstance(event, TextDelta):
                    yield event.text
                elif isinstance(event, Usage):
                    usage.append(event)

        texts = tars_texts()
        prompt_tokens = usage
    begin = time.perf_counter()
    first, produced = None, 0
    for text in texts:
        if text:
            produced += 1
            if first is None:
                first = time.perf_counter()
    end = time.perf_counter()
    if isinstance(prompt_tokens, list):
        n_prompt = prompt_tokens[-1].input_tokens if prompt_tokens else None
    else:
        n_prompt = llm.n_tokens - produced
    assert first is not None, "the model produced nothing"
    return {
        "kind": kind, "load_s": round(loaded - started, 2), "prompt_tokens": n_prompt, "generated": produced,
        "prompt_tps": round(n_prompt / (first - begin), 1) if n_prompt else None,
        "gen_tps": round((produced - 1) / (end - first), 2) if produced > 1 else None,
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
        "policy": os.environ.get("GOMP_SPINCOUNT") or os.environ.get("OMP_WAIT_POLICY") or "?",
    }


def _env(cache: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GOMP_SPINCOUNT", "OMP_WAIT_POLICY")}
    env.update(PYTHONPATH=str(ROOT), TARS_CACHE_DIR=str(cache), TARS_MODEL_REMOTE="none", **extra)
    return env


def spawn(kind: str, tokens: int, env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, __file__, "--worker", kind, "--tokens", str(tokens)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def collect(proc: subprocess.Popen) -> dict:
    out, err = proc.communicate(timeout=900)
    if proc.returncode != 0:
        raise SystemExit(f"worker failed: {err[-500:]}")
    return json.loads(out.strip().splitlines()[-1])


def run_workers(kinds: list[str], tokens: int, cache: Path, *, busy: bool = False, **extra: str) -> list[dict]:
    """Run workers at once (each with an empty prompt cache); `busy` adds a CPU-bound process."""
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if busy else None
    try:
        procs = []
        for i, kind in enumerate(kinds):
            folder = cache / f"{kind}-{i}-{time.monotonic_ns()}"
            procs.append(spawn(kind, tokens, _env(folder, **extra)))
        return [collect(p) for p in procs]
    finally:
        if burner is not None:
            burner.kill()
            burner.wait()


# -- the weather question on a terminal --------------------------------------------------------
def ask_on_terminal(question: str, env: dict[str, str]) -> dict:
    """Wall time, first byte on the terminal, first status naming a step, and the child's peak RSS."""
    master, slave = pty.openpty()
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "tars", "ask", question], stdin=subprocess.DEVNULL,
                            stdout=slave, stderr=slave, env={**env, "TERM": "xterm-256color", "COLUMNS": "100"},
                            cwd=tempfile.gettempdir())
    os.close(slave)
    seen, first_byte, first_status = b"", None, None
    while True:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            now = time.perf_counter() - started
            first_byte = first_byte if first_byte is not None else now
            seen += chunk
            if first_status is None and any(w in seen for w in (b"choosing a tool", b"calling ", b"\xe2\x9a\x99")):
                first_status = now
        elif proc.poll() is not None:
            break
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    os.close(master)
    text = seen.decode("utf-8", "replace")
    return {"wall_s": round(wall, 2), "first_byte_s": first_byte and round(first_byte, 2),
            "first_status_s": first_status and round(first_status, 2), "exit": os.waitstatus_to_exitcode(status),
            "peak_rss_mb": round(usage.ru_maxrss / 1024), "told_failure": "failed" in text,
            "invented": any(w in text.lower() for w in ("sunny", "cloudy", "degrees", "°c"))}


# -- report ------------------------------------------------------------------------------------
def _share(rate: float | None, solo: float | None) -> str:
    return f"{rate:.2f} tok/s ({rate / solo:.0%} of solo)" if rate and solo else "—"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tokens", type=int, default=96, help="tokens to generate per run")
    parser.add_argument("--no-default-policy", action="store_true", help="skip the libgomp-default comparison")
    parser.add_argument("--skip-ask", action="store_true", help="skip the weather question")
    parser.add_argument("--worker", choices=["raw", "tars"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.tokens)))
        return

    load_before = os.getloadavg()
    rows: list[tuple[str, str, str]] = []
    rss: list[int] = []
    with tempfile.TemporaryDirectory(prefix="tars-bench-embedded-") as tmp:
        cache = Path(tmp)
        raw = run_workers(["raw"], args.tokens, cache)[0]
        ours = run_workers(["tars"], args.tokens, cache)[0]
        rss += [raw["peak_rss_mb"], ours["peak_rss_mb"]]
        overhead = 1 - ours["gen_tps"] / raw["gen_tps"] if raw["gen_tps"] and ours["gen_tps"] else None
        rows.append(("prompt tok/s", f"raw {raw['prompt_tps']} / tars {ours['prompt_tps']}",
                     f"{raw['prompt_tokens']} prompt tokens"))
        said = f"tars overhead {overhead:+.1%} (goal <= {GOALS['overhead']:.0%})" if overhead is not None else ""
        rows.append(("generation tok/s", f"raw {raw['gen_tps']} / tars {ours['gen_tps']}", said))
        rows.append(("model load", f"raw {raw['load_s']} s / tars {ours['load_s']} s", ""))
        policies = [("tars (GOMP_SPINCOUNT=200)", {})]
        if not args.no_default_policy:
            policies.append(("libgomp default spin", {"GOMP_SPINCOUNT": LIBGOMP_DEFAULT_SPIN}))
        for label, extra in policies:
            solo = ours["gen_tps"] if not extra else run_workers(["tars"], args.tokens, cache, **extra)[0]["gen_tps"]
            pair = run_workers(["tars", "tars"], args.tokens, cache, **extra)
            busy = run_workers(["tars"], args.tokens, cache, busy=True, **extra)[0]
            rss += [p["peak_rss_mb"] for p in pair]
            rows.append((f"solo, {label}", f"{solo} tok/s", ""))
            rows.append((f"two at once, {label}", " | ".join(_share(p["gen_tps"], solo) for p in pair),
                         f"goal >= {GOALS['share']:.0%} each"))
            rows.append((f"beside a busy process, {label}", _share(busy["gen_tps"], solo),
                         f"goal >= {GOALS['share']:.0%}"))
        if not args.skip_ask:
            offline = "http://127.0.0.1:9"  # nothing listens there: the weather call fails at once
            env = _env(cache / "ask", TARS_OPENMETEO_URL=offline, TARS_GEOCODING_URL=offline,
                       TARS_DATA_DIR=str(cache / "data"), TARS_CONFIG_DIR=str(cache / "config"))
            for label in ("cold", "warm"):
                run = ask_on_terminal(WEATHER, env)
                rss.append(run["peak_rss_mb"])
                rows.append((f"weather question, {label} cache", f"{run['wall_s']} s wall",
                             f"goal <= {GOALS['weather_wall']:.0f} s; failure told: {run['told_failure']}, "
                             f"invented: {run['invented']}"))
                rows.append((f"first visible output, {label}", f"{run['first_byte_s']} s",
                             f"first status naming a step {run['first_status_s']} s "
                             f"(goal <= {GOALS['first_output']} s)"))
    rows.append(("peak RSS", f"{max(rss)} MB", "largest process measured"))
    load_after = os.getloadavg()
    width = max(len(r[0]) for r in rows)
    value = max(len(r[1]) for r in rows)
    print(f"embedded model {MODEL}, {os.cpu_count()} CPUs, threads {os.environ.get('TARS_THREADS', '2')}, "
          f"{args.tokens} tokens per run")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in load_before)}; "
          f"after: {' '.join(f'{x:.2f}' for x in load_after)}")
    for name, val, note in rows:
        print(f"  {name.ljust(width)}  {val.ljust(value)}  {note}".rstrip())


if __name__ == "__main__":
    main()
