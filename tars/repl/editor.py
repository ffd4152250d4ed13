"""Writing a message in the user's editor ($VISUAL, else $EDITOR, else the system's editor, nano or vi).

The draft lives in a private temporary file that is removed afterwards; the editor gets the
terminal while it runs.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import subprocess
import tempfile

from tars.errors import UsageError

__all__ = ["edit_text", "editor_command"]

_FALLBACKS = ("editor", "nano", "vi")


def editor_command() -> list[str]:
    """The editor to run, as an argument list; a UsageError says how to choose one when none is found."""
    for variable in ("VISUAL", "EDITOR"):
        value = os.environ.get(variable, "").strip()
        if value:
            try:
                return shlex.split(value)
            except ValueError as exc:
                raise UsageError(f"${variable}: cannot split {value!r} ({exc})") from None
    for name in _FALLBACKS:
        if shutil.which(name):
            return [name]
    raise UsageError("no editor found: set $VISUAL or $EDITOR (e.g. export EDITOR=nano)")


def edit_text(initial: str = "") -> str | None:
    """The text after the user edited `initial`, without its final newline; None when the editor
    failed (a non-zero exit, as `:cq` in vi gives)."""
    command = editor_command()
    fd, path = tempfile.mkstemp(prefix="tars-message-", suffix=".md")  # 0600: a draft is private
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(initial)
        try:
            code = subprocess.call([*command, path])
        except OSError as exc:
            raise UsageError(f"cannot start the editor {command[0]!r}: {exc.strerror or exc}") from None
        if code != 0:
            return None
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        return text[:-1] if text.endswith("\n") else text
    finally:
        with contextlib.suppress(OSError):
            os.unlink(path)
