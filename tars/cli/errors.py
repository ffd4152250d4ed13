"""Turning exceptions into one line on stderr and the documented exit codes.

Exit codes: 0 answered; 1 the model or a tool failed, or the answer could not be written (stdout
closed, disk full); 2 bad usage or configuration; 130 interrupted; 141 the reader of stdout went
away (a broken pipe, as `| head` does): the shell's own code for SIGPIPE, with no message.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from tars.errors import ConfigError, OutputUnwritable, ReaderGone, TarsError, UsageError

__all__ = ["run_guarded", "fail", "require_stdout", "delivering", "EXIT_OK", "EXIT_FAILED", "EXIT_USAGE",
           "EXIT_INTERRUPTED", "EXIT_BROKEN_PIPE"]

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED, EXIT_BROKEN_PIPE = 0, 1, 2, 130, 141
# errors of a write to stdout that are no fault of tars: the answer cannot be delivered
_WRITE_ERRNOS = frozenset({errno.EBADF, errno.EIO, errno.ENOSPC, errno.EFBIG, errno.EDQUOT})


def require_stdout() -> None:
    """Raise StdoutUnwritable when stdout is closed, before any work is done for nothing."""
    try:
        closed = sys.stdout is None or os.fstat(sys.stdout.fileno()) is None
    except (OSError, ValueError, AttributeError):
        closed = True
    if closed:
        raise OutputUnwritable("stdout is closed: nowhere to write the answer")


@contextlib.contextmanager
def delivering() -> Iterator[None]:
    """Around writing an answer: a failed write to stdout becomes OutputUnwritable or ReaderGone
    here, before click turns a broken pipe into a bare exit 1."""
    try:
        yield
    except BrokenPipeError as exc:
        raise ReaderGone("the reader of stdout went away") from exc
    except OSError as exc:
        if exc.errno not in _WRITE_ERRNOS or exc.filename is not None:
            raise
        raise OutputUnwritable(f"cannot write the answer to stdout: {exc.strerror}") from exc


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


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
    except (BrokenPipeError, ReaderGone):
        _quiet_stdout()
        return EXIT_BROKEN_PIPE
    except OutputUnwritable as exc:
        _quiet_stdout()
        return fail(str(exc), EXIT_FAILED)
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
    except OSError as exc:  # a folder tars keeps its files in is a file, or cannot be written
        return _folder_fault(exc)
    except Exception as exc:  # the promise: no traceback reaches a user's terminal
        return fail(f"unexpected error: {type(exc).__name__}: {exc}", EXIT_FAILED)
    return result if isinstance(result, int) else EXIT_OK


def _folder_fault(exc: OSError) -> int:
    """One line for a file tars could not use; a configuration error (exit 2) when it is in, or is,
    one of tars's own folders, naming the setting that moves that folder."""
    from tars.paths import cache_dir, config_dir, data_dir

    path = Path(str(exc.filename)) if exc.filename else None
    why = exc.strerror or type(exc).__name__
    for setting, folder in (("TARS_DATA_DIR", data_dir()), ("TARS_CACHE_DIR", cache_dir()),
                            ("TARS_CONFIG_DIR", config_dir())):
        if path is not None and (path == folder or folder in path.parents):
            return fail(f"{setting}: {folder} cannot hold tars's files ({path}: {why}); point {setting} at a "
                        "folder you can write", EXIT_USAGE)
    return fail(f"{path}: {why}" if path is not None else f"{type(exc).__name__}: {exc}", EXIT_FAILED)
