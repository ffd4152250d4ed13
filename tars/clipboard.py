"""Copying text to the user's clipboard: OSC 52 through the terminal, and a clipboard program when there is one.

OSC 52 asks the terminal itself to set the clipboard, so it works over SSH and in containers (where
the terminal supports it; tmux needs `set -g set-clipboard on`). A local clipboard program
(pbcopy, wl-copy, xclip, xsel, clip.exe) is used as well when its display is there, for terminals
that ignore OSC 52.
"""

from __future__ import annotations

import base64
import os
import shutil
import subprocess
import sys
from typing import IO

__all__ = ["clipboard_program", "copy", "osc52"]


def osc52(text: str) -> str:
    """The escape sequence that sets the clipboard to `text`."""
    return f"\x1b]52;c;{base64.b64encode(text.encode('utf-8')).decode('ascii')}\x07"


def clipboard_program() -> list[str] | None:
    """The command line of a clipboard program that can reach this session's clipboard, if any."""
    candidates: list[list[str]] = []
    if sys.platform == "darwin":
        candidates.append(["pbcopy"])
    if os.environ.get("WAYLAND_DISPLAY"):
        candidates.append(["wl-copy"])
    if os.environ.get("DISPLAY"):
        candidates += [["xclip", "-selection", "clipboard"], ["xsel", "--clipboard", "--input"]]
    candidates.append(["clip.exe"])  # WSL
    for argv in candidates:
        found = shutil.which(argv[0])
        if found:
            return [found, *argv[1:]]
    return None


def copy(text: str, *, terminal: IO[str] | None) -> list[str]:
    """Put `text` on the clipboard by every way available; returns the ways that were used
    (empty when there is neither a terminal nor a working clipboard program)."""
    used = []
    program = clipboard_program()
    if program is not None:
        try:
            # the program's own output is not ours to wait on: xclip stays to serve the selection
            done = subprocess.run(program, input=text.encode("utf-8"), stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, timeout=5, check=False)
            if done.returncode == 0:
                used.append(os.path.basename(program[0]))
        except (OSError, subprocess.TimeoutExpired):
            pass
    if terminal is not None:
        terminal.write(osc52(text))
        terminal.flush()
        used.append("OSC 52")
    return used
