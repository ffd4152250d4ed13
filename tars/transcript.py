"""A conversation as markdown (`/export`, `tars history show|export`) and the code blocks of an answer (`/copy code N`).

The markdown is for people: a heading per speaker, answers as the model wrote them, each tool call
as one quoted line with its result in a fence, an interrupted answer marked as such.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from tars.errors import UsageError
from tars.messages import Message

__all__ = ["code_blocks", "conversation_markdown", "export_path", "fence_for", "last_answer", "write_export"]

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")


def fence_for(text: str) -> str:
    """A backtick fence longer than any run of backticks in `text`."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def conversation_markdown(messages: Iterable[Message], *, title: str, about: str = "") -> str:
    """The whole conversation as one markdown document."""
    out = [f"# {' '.join(title.split()) or 'tars conversation'}", ""]
    if about:
        out += [f"_{about}_", ""]
    for m in messages:
        if m.role == "user":
            out += ["## You", "", m.content.rstrip(), ""]
        elif m.role == "assistant":
            if m.content.strip():
                out += ["## tars", "", m.content.rstrip(), ""]
                if m.interrupted:
                    out += ["_(interrupted: the answer stopped here)_", ""]
            for call in m.tool_calls:
                args = json.dumps(call.arguments, ensure_ascii=False, default=str)
                out += [f"> ⚙ `{call.name}` {args}", ""]
        elif m.role == "tool":
            fence = fence_for(m.content)
            label = "error from" if m.is_error else "result of"
            out += [f"{label} `{m.name or 'tool'}`:", "", fence, m.content.rstrip(), fence, ""]
    return "\n".join(out).rstrip() + "\n"


def last_answer(messages: Iterable[Message]) -> str | None:
    """The text of the latest assistant message that has any."""
    answers = [m.content for m in messages if m.role == "assistant" and m.content.strip()]
    return answers[-1] if answers else None


def code_blocks(text: str) -> list[str]:
    """The contents of the fenced code blocks in `text`, in order (an unclosed one runs to the end)."""
    blocks: list[str] = []
    current: list[str] | None = None
    opener = ""
    for line in text.splitlines():
        match = _FENCE.match(line)
        if current is None:
            if match and not (match.group(1)[0] == "`" and "`" in match.group(2)):
                current, opener = [], match.group(1)
        elif match and match.group(1)[0] == opener[0] and len(match.group(1)) >= len(opener) \
                and not match.group(2).strip():
            blocks.append("\n".join(current) + "\n")
            current = None
        else:
            current.append(line)
    if current is not None:
        blocks.append("\n".join(current) + "\n")
    return blocks


def export_path(folder: Path, conversation_id: int | None) -> Path:
    """A new file name for an export in `folder`: `tars-chat-12.md`, then `tars-chat-12-2.md`, ..."""
    stem = f"tars-chat-{conversation_id}" if conversation_id is not None else "tars-chat"
    path, n = folder / f"{stem}.md", 1
    while os.path.lexists(path):  # a link to nothing is taken too
        n += 1
        path = folder / f"{stem}-{n}.md"
    return path


def write_export(path: Path, markdown: str, *, replace: Callable[[Path], bool] | None = None) -> Path:
    """Write the markdown atomically, readable by the user only (a conversation is private). The
    folder must exist and a symlink is never written; an existing file is replaced only when
    `replace(path)` says so (None: never)."""
    from tars.atomic import atomic_write

    path = path.expanduser()
    if path.is_symlink():
        raise UsageError(f"{path} is a symbolic link: nothing written (give the file it points to, or another name)")
    if path.is_dir():
        raise UsageError(f"{path} is a folder; give a file name")
    if not path.parent.is_dir():
        raise UsageError(f"no folder {path.parent}: nothing written (make it first, or give another path)")
    if path.exists() and (replace is None or not replace(path)):
        raise UsageError(f"{path} exists: nothing written (give another name)")
    try:
        atomic_write(path, markdown)  # a new file is private (0600); a replaced one keeps its mode
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path
