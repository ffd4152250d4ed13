"""The `tars` command: a thin typer layer over the library.

Each subcommand lives in its own module with a `register(app)` function. Modules here import
nothing heavy at top level: `tars --help` must start in a fraction of a second.
"""

from __future__ import annotations

import importlib
import re
import sys

import typer

__all__ = ["app", "main"]

app = typer.Typer(
    name="tars",
    help="A terminal chat assistant: answers on a local model, escalates tool work to a remote one.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

# One line per command module; each module's register(app) adds its commands.
_COMMAND_MODULES = (
    "tars.cli.ask",
    "tars.cli.chat",
    "tars.cli.route",
    "tars.cli.config_cmd",
    "tars.cli.mcp_cmd",
    "tars.cli.bench_cmd",
    "tars.cli.parse_cmd",
    "tars.cli.models_cmd",
    "tars.cli.tools_cmd",
    "tars.cli.trust_cmd",
    "tars.cli.roles_cmd",
    "tars.cli.history_cmd",
)

def _print_version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            print(f"tars {version('tars')}")
        except PackageNotFoundError:  # run from a checkout that was never installed
            print("tars (not installed)")
        raise typer.Exit(0)


@app.callback()
def _options(
    show_version: bool = typer.Option(False, "--version", is_eager=True, callback=_print_version,
                                      help="print the version and exit"),
) -> None:
    """A terminal chat assistant: answers on a local model, escalates tool work to a remote one."""


for _name in _COMMAND_MODULES:
    importlib.import_module(_name).register(app)


def main() -> None:
    """Console-script entry: run the app; errors become one line and an exit code, never a traceback."""
    from tars.cli.errors import run_guarded

    sys.argv[1:] = questions_as_arguments(sys.argv[1:])
    sys.exit(run_guarded(app))


def questions_as_arguments(args: list[str]) -> list[str]:
    """`args` with a question that opens with a negative number ("-40 f in c", "-12% of 50") marked
    as the prompt (a "--" before it): read as short options, "-40 f in c" had turned on -c."""
    for at, arg in enumerate(args):
        if arg == "--":
            break
        if re.match(r"-[\d.]", arg) and " " in arg.strip():
            return [*args[:at], "--", *args[at:]]
    return args
