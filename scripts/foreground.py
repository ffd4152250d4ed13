"""Run a command as the terminal's foreground process group, and exit with its exit code.

`make chat` runs `tars chat` through this. A Ctrl-C at a terminal signals the whole foreground
process group: without this, make gets the SIGINT as well as tars, and although tars handles it
(the answer stops, the chat goes on) and later exits 0, make reports "Interrupt" and exits 130.
In its own foreground group, tars alone gets the keys' signals. Without a terminal the command
simply replaces this process.

    python scripts/foreground.py .venv/bin/tars chat
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys


def _take_terminal(fd: int) -> None:
    """In the child, before exec: a new process group that owns the terminal, default signals."""
    os.setpgid(0, 0)
    signal.signal(signal.SIGTTOU, signal.SIG_IGN)  # a background group may not take the terminal otherwise
    os.tcsetpgrp(fd, os.getpgrp())
    for sig in (signal.SIGTTOU, signal.SIGINT, signal.SIGQUIT, signal.SIGTSTP):
        signal.signal(sig, signal.SIG_DFL)


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: foreground.py COMMAND [ARGS...]", file=sys.stderr)
        return 2
    fd = sys.stdin.fileno()
    if not os.isatty(fd) or os.tcgetpgrp(fd) != os.getpgrp():
        os.execvp(argv[0], argv)  # no terminal of ours to hand over
    for sig in (signal.SIGINT, signal.SIGQUIT, signal.SIGTSTP, signal.SIGTTOU):
        signal.signal(sig, signal.SIG_IGN)  # the keys are the child's; taking the terminal back is ours
    mine = os.getpgrp()
    child = subprocess.Popen(argv, preexec_fn=lambda: _take_terminal(fd))
    try:
        while True:
            _, status = os.waitpid(child.pid, os.WUNTRACED)
            if os.WIFSTOPPED(status):  # Ctrl-Z: nobody here can resume it later, so it goes on now
                os.kill(child.pid, signal.SIGCONT)
                continue
            break
    finally:
        try:
            os.tcsetpgrp(fd, mine)
        except OSError:
            pass
    if os.WIFSIGNALED(status):
        return 128 + os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
