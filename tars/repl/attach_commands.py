"""Attachments in chat: `/attach PATH|URL` for the next message, `@path` inside a message, and
the path completion both use.

An `@` counts only at the start of a word, so an e-mail address (`bob@example.com`) stays text;
`@server:uri` is an MCP resource (see `mcp_prompts`), and `@http(s)://…` a web page. An `@word`
that names no file stays text as typed (code such as `@dataclass` is common in questions); a
dim line says so when it looks like a path. A file that exists but cannot be attached (a folder,
a binary, too large) stops the message with the reason, so nothing is sent without it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from tars.repl.commands import CommandContext, CommandError, command

if TYPE_CHECKING:
    from tars.attachments import Attached
    from tars.config import Config

__all__ = ["complete_path", "mentioned"]

_MENTION = re.compile(r"(?<![\w@])@([^\s@]+)")
_TRAILING = ".,;:!?)]}'\""
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


def _candidates(token: str) -> list[str]:
    """The token, then the token without trailing punctuation (`see @notes.txt.`)."""
    stripped = token.rstrip(_TRAILING)
    return [token, stripped] if stripped and stripped != token else [token]


def mentioned(text: str, config: Config, info: Callable[[str], None]) -> list[Attached]:
    """The files and pages `@` names in `text`, loaded; AttachmentError for one that cannot be."""
    from tars.attachments import load
    from tars.attachments.load import is_url

    found: list[Attached] = []
    for token in dict.fromkeys(_MENTION.findall(text)):
        if is_url(token):
            found.append(load(token.rstrip(_TRAILING), config))
            continue
        if ":" in token.rstrip(_TRAILING):  # @server:uri, an MCP resource
            continue
        path = next((c for c in _candidates(token) if os.path.lexists(os.path.expanduser(c))), None)
        if path is None:
            if "/" in token or "." in token.rstrip(_TRAILING):
                info(f"@{token}: no such file, sent as text")
            continue
        found.append(load(path, config))
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
        pending.clear()
        ctx.info("attachments dropped")
        return
    item = load(os.path.expanduser(arg) if arg.startswith("~") else arg, ctx.session.config)
    pending.append(item)
    ctx.info(f"attached {_listing([item])}: it goes with your next message")
