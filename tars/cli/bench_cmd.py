"""`tars bench`: run the labelled tool-use suites on a model and print what each tool mode gets right;
`tars bench compare A.json B.json`: what changed between two runs."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    bench = typer.Typer(help="Measure tool choice and arguments (tools are not run) in native and pipeline mode.",
                        invoke_without_command=True)

    @bench.callback()
    def bench_command(
        ctx: typer.Context,
        model: Annotated[str | None, typer.Option(
            "--model", "-m", help="provider:model or alias to measure (default: TARS_MODEL_DEFAULT)")] = None,
        mode: Annotated[str, typer.Option("--mode", help="native, pipeline or both")] = "both",
        suite: Annotated[list[str] | None, typer.Option(
            "--suite", "-s", help="suite to run (repeatable, or comma-separated): tars, bfcl-simple, bfcl-irrelevance "
                                  "(default: these three), failures (answers after failed tools)")] = None,
        split: Annotated[str, typer.Option(
            "--split", help="tune, holdout or all: a fixed half of each suite by a hash of the case id "
                            "(holdout: the half never tuned on)")] = "all",
        limit: Annotated[int | None, typer.Option(
            "--limit", "-n", min=1, help="at most N cases per suite: spread evenly, or the N from --offset on")] = None,
        offset: Annotated[int | None, typer.Option(
            "--offset", min=0, help="start at case K of the suite's split; with --limit N: cases K..K+N-1")] = None,
        sample: Annotated[int | None, typer.Option(
            "--sample", min=1, help="a random sample of N cases per suite, the same for the same --seed")] = None,
        seed: Annotated[int | None, typer.Option("--seed", help="the seed of --sample (default 0)")] = None,
        out: Annotated[Path | None, typer.Option(
            "--out", "-o", help="where to write the full JSON (default: latest_<model>.json in the bench folder of "
                                "the user data dir)")] = None,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="no per-case progress lines on stderr")] = False,
    ) -> None:
        """Measure tool choice and arguments (tools are not run) in native and pipeline mode."""
        if ctx.invoked_subcommand is not None:
            return
        from tars.bench import run_bench
        from tars.bench.report import default_out, format_table, write_result
        from tars.bench.slices import Slice
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
        chosen = Slice(split=split, offset=offset, limit=limit, sample=sample, seed=seed)
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

        result = run_bench(provider, str(spec), suites=names, modes=modes, chosen=chosen, config=config,
                           progress=progress)
        write_result(result, path)
        print(format_table(result))
        print(f"\nfull results: {path}")

    @bench.command("compare")
    def compare_command(
        a: Annotated[Path, typer.Argument(help="the result file to compare from (A)")],
        b: Annotated[Path, typer.Argument(help="the result file to compare with (B)")],
        as_json: Annotated[bool, typer.Option("--json", help="print the comparison as JSON")] = False,
    ) -> None:
        """Two result files side by side: each rate with its 95 % interval, and the cases that changed."""
        import json

        from tars.bench.compare import compare, format_compare, load_result

        diff = compare(load_result(a), load_result(b))
        print(json.dumps(diff, indent=1, ensure_ascii=False) if as_json else format_compare(diff, (str(a), str(b))))

    app.add_typer(bench, name="bench")
