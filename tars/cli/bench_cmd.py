"""`tars bench`: run the labelled tool-use suites on a model and print what each tool mode gets right."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    @app.command("bench")
    def bench_command(
        model: Annotated[str | None, typer.Option(
            "--model", "-m", help="provider:model or alias to measure (default: TARS_MODEL_DEFAULT)")] = None,
        mode: Annotated[str, typer.Option("--mode", help="native, pipeline or both")] = "both",
        suite: Annotated[list[str] | None, typer.Option(
            "--suite", "-s", help="suite to run (repeatable, or comma-separated): tars, bfcl-simple, bfcl-irrelevance "
                                  "(default: these three), failures (answers after failed tools)")] = None,
        limit: Annotated[int | None, typer.Option(
            "--limit", "-n", min=1, help="at most N cases per suite, spread evenly")] = None,
        out: Annotated[Path | None, typer.Option(
            "--out", "-o", help="where to write the full JSON (default: latest_<model>.json in the bench folder of "
                                "the user data dir)")] = None,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="no per-case progress lines on stderr")] = False,
    ) -> int:
        """Measure tool choice and arguments (tools are not run) in native and pipeline mode."""
        from tars.bench import run_bench
        from tars.bench.report import default_out, format_table, write_result
        from tars.bench.suites import DEFAULT_SUITES, SUITES
        from tars.cli.settings import load_settings
        from tars.errors import UsageError
        from tars.providers import make_provider

        modes = {"both": ("native", "pipeline"), "native": ("native",), "pipeline": ("pipeline",)}.get(mode)
        if modes is None:
            raise UsageError(f"--mode: {mode!r} is not one of native, pipeline, both")
        names = [n.strip() for item in (suite or DEFAULT_SUITES) for n in item.split(",") if n.strip()]
        unknown = [n for n in names if n not in SUITES]
        if unknown or not names:
            raise UsageError(f"--suite: unknown suite {', '.join(unknown) or '(none)'}; "
                             f"choose from {', '.join(SUITES)}")
        config = load_settings()
        spec = config.model(model, setting="--model") if model else config.model_default
        provider = make_provider(spec, config)
        path = out or default_out(str(spec))

        def progress(row: dict) -> None:
            if quiet:
                return
            mark = "ok" if row["acceptable_ok"] else "--"
            got = row["tool"] if row["outcome"] == "call" else row["outcome"]
            print(f"  {mark} {row['mode']:8} {row['id']:22} {got or '':28} {row['latency']['case']:6.2f} s",
                  file=sys.stderr, flush=True)

        result = run_bench(provider, str(spec), suites=names, modes=modes, limit=limit, config=config,
                           progress=progress)
        write_result(result, path)
        print(format_table(result))
        print(f"\nfull results: {path}")
        return 0
