"""Attachments in chat: `/attach PATH|URL` for the next message, and the path completion it and
`@path` (`tars.attachments.mentions`) use.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from tars.repl.commands import CommandContext, CommandError, command

if TYPE_CHECKING:
    from tars.attachments import Attached

__all__ = ["complete_path"]

_MOST = 200  # completions listed at once


def complete_path(typed: str) -> list[str]:
    """Paths that start with `typed` (folders end with `/`; hidden ones only once `.` is typed)."""
    head, slash, tail = typed.rpartition("/")
    folder = os.path.expanduser(head + slash) if slash else "."
    try:
        entries = sorted(os.scandir(folder or "/"), key=lambda e: e.name)
    except OSError:
        return []
    found = []
    for entry in entries:
        if not entry.name.startswith(tail) or (entry.name.startswith(".") and not tail.startswith(".")):
            continue
        try:
            folder_mark = "/" if entry.is_dir() else ""
        except OSError:
            folder_mark = ""
        found.append(f"{head}{slash}{entry.name}{folder_mark}")
        if len(found) >= _MOST:
            break
    return found


def _listing(attached: list[Attached]) -> str:
    return ", ".join(a.header.strip("[]").removeprefix("attached ") for a in attached)


@command("attach", help="attach a file, an image or a web page to your next message: /attach PATH|URL "
                        "(no argument lists them, /attach clear drops them); @path in a message does the same",
         complete=complete_path)
def _attach(ctx: CommandContext, arg: str) -> None:
    from tars.attachments import load

    if ctx.repl is None:
        raise CommandError("/attach needs the chat")
    pending = ctx.repl.attached
    if not arg:
        ctx.info(f"attached to your next message: {_listing(pending)}" if pending else
                 "nothing attached: /attach PATH|URL, or @path in a message")
        return
    if arg == "clear":
        ctx.repl.drop_attached()
        ctx.info("attachments dropped")
        return
    item = load(os.path.expanduser(arg) if arg.startswith("~") else arg, ctx.session.config)
    pending.append(item)
    ctx.info(f"attached {_listing([item])}: it goes with your next message")
