"""Turning exceptions into one line on stderr and the documented exit codes.

Exit codes: 0 answered; 1 the model or a tool failed; 2 bad usage or configuration; 130 interrupted.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from tars.errors import ConfigError, TarsError, UsageError

__all__ = ["run_guarded", "fail", "EXIT_OK", "EXIT_FAILED", "EXIT_USAGE", "EXIT_INTERRUPTED"]

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def fail(message: str, code: int) -> int:
    """One line on stderr (secrets in URLs masked; control characters from a server's message shown,
    never obeyed)."""
    from tars.masking import mask_text
    from tars.safe_text import terminal_safe

    print(terminal_safe(f"tars: {mask_text(message)}"), file=sys.stderr)
    return code


def run_guarded(app: Callable[..., object]) -> int:
    """Run a typer app in standalone-off mode and map every outcome to an exit code."""
    import typer

    # typer >= 0.29 vendors its own click (`typer._click`); its exceptions are not the click
    # package's, so they are caught through typer's own names
    try:
        from typer._click.exceptions import ClickException
    except ImportError:  # pragma: no cover - older typer uses the click package
        # the same class in the other click copy: to the type checker a different type
        from click import ClickException  # type: ignore[assignment]

    try:
        result = app(standalone_mode=False, prog_name="tars")
    except (ConfigError, UsageError) as exc:
        return fail(str(exc), EXIT_USAGE)
    except TarsError as exc:
        return fail(str(exc), EXIT_FAILED)
    except typer.Abort:
        return EXIT_INTERRUPTED
    except typer.Exit as exc:
        return exc.exit_code
    except ClickException as exc:
        exc.show()  # click's own usage text
        return EXIT_USAGE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # the promise: no traceback reaches a user's terminal
        return fail(f"unexpected error: {type(exc).__name__}: {exc}", EXIT_FAILED)
    return result if isinstance(result, int) else EXIT_OK
