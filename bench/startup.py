"""Benchmark: how fast tars starts.

Median wall time of `tars --help`, of `tars route "hello"`, and of `tars ask "hello"` up to the
first byte of the answer, with an Ollama primary served by the local Ollama-protocol test server
(no model, so only tars's own start-up is measured). Goals: --help and route < 0.25 s; ask to the
first byte < 0.6 s.

    .venv/bin/python bench/startup.py [--runs 7] [--importtime]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

GOALS = {"tars --help": 0.25, 'tars route "hello"': 0.25, 'tars ask "hello" (first byte)': 0.6}


def tars_command() -> list[str]:
    """The installed console script next to this Python, else `python -m tars`."""
    script = Path(sys.executable).with_name("tars")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tars"]


def clean_env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TARS_", "ANTHROPIC_", "OLLAMA_"))}
    env.update(TARS_CONFIG_DIR=str(home / "config"), TARS_DATA_DIR=str(home / "data"),
               TARS_CACHE_DIR=str(home / "cache"), TARS_MODEL_REMOTE="none", **extra)
    return env


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_run(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, cwd=env["TARS_DATA_DIR"])
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode()[-300:]}")
    return elapsed


def time_first_byte(argv: list[str], env: dict[str, str]) -> float:
    """Seconds from spawning the process to the first byte on its stdout."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=env["TARS_DATA_DIR"])
    assert proc.stdout is not None
    first = proc.stdout.read(1)
    elapsed = time.perf_counter() - start
    rest, err = proc.communicate()
    if not first or proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} gave no answer ({proc.returncode}): {err.decode()[-300:]}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--importtime", action="store_true", help="print the slowest imports of each command")
    args = parser.parse_args()

    from servers.ollama import OllamaServer  # tests/servers: the real Ollama wire protocol

    tars = tars_command()
    home = Path(tempfile.mkdtemp(prefix="tars-bench-"))
    for sub in ("config", "data", "cache"):
        (home / sub).mkdir()
    try:
        with OllamaServer(default={"text": "Hello! How can I help?"}) as server:
            env = clean_env(home, TARS_MODEL_DEFAULT="ollama:test", OLLAMA_HOST=server.url)
            cases = {
                "tars --help": lambda: time_run([*tars, "--help"], env),
                'tars route "hello"': lambda: time_run([*tars, "route", "hello"], env),
                'tars ask "hello" (first byte)': lambda: time_first_byte([*tars, "ask", "hello"], env),
            }
            print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs "
                  "(wall times grow with load; CPU time is the process's own cost)")
            for name, run in cases.items():
                run()  # warm the OS file cache and .pyc files
                times, cpus = [], []
                for _ in range(args.runs):
                    cpu = _children_cpu()
                    times.append(run())
                    cpus.append(_children_cpu() - cpu)
                median = statistics.median(times)
                verdict = "ok" if median < GOALS[name] else "OVER"
                print(f"{name:<32} median {median:.3f} s  (min {min(times):.3f}, max {max(times):.3f}; "
                      f"goal < {GOALS[name]} s: {verdict}); CPU {statistics.median(cpus):.3f} s per run")
            if args.importtime:
                for argv in (["--help"], ["route", "hello"], ["ask", "hello"]):
                    _importtime([*tars, *argv], env)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _importtime(argv: list[str], env: dict[str, str]) -> None:
    """The ten slowest imports (cumulative) of one command, from `python -X importtime`."""
    done = subprocess.run(argv, env={**env, "PYTHONPROFILEIMPORTTIME": "1"}, stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=env["TARS_DATA_DIR"])
    rows = []
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if line.startswith("import time:") and len(parts) == 3 and parts[1].strip().isdigit():
            rows.append((int(parts[1]), parts[2].rstrip()))
    rows.sort(reverse=True)
    print(f"\nslowest imports (cumulative) of: {' '.join(argv[-2:])}")
    for us, name in rows[:10]:
        print(f"  {us / 1000:7.1f} ms  {name}")


if __name__ == "__main__":
    main()
