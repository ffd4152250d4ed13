"""What is in the working folder: its entries by name, listed by tars rather than guessed.

Asked "list the files in this folder", a small model with no tool made up `file1.txt, file2.txt`.
`folder_list` reads the folder (or a folder inside it) one level deep: folders first, then files
with their sizes, hidden entries counted but not listed, at most MAX_ENTRIES. It never leaves the
working folder: a path from a model is checked, not followed outside.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from tars.safe_text import printable
from tars.tools.base import Tool
from tars.tools.folder import FolderError, file_size, kind_in, kind_patterns, matches

__all__ = ["FOLDER_LIST", "MAX_ENTRIES", "WORKING_FOLDER", "folder_list", "folder_list_tools", "listing_asked"]

FOLDER_LIST = "folder_list"  # the tool's name: the pipeline hands it the kind of file the user named
MAX_ENTRIES = 200
# the working folder, as people name it ("this folder", "the repo"); with "here", the folder itself
WORKING_FOLDER = r"(?:this|the current|my current|my|the) (?:folder|directory|dir|repo|repository|project|codebase)"
_HERE = re.compile(rf"\b(?:here|{WORKING_FOLDER})\b", re.IGNORECASE)
# any other folder a message may name: "the src folder", "under docs", "the parent directory", "src/"
_ELSEWHERE = re.compile(r"/|\b(?:folders?|directory|directories|dir|subfolders?|under|inside|within|parent)\b",
                        re.IGNORECASE)
# ... or names it right after the words for the working folder: "the directory src"
_NAMED_AFTER = re.compile(
    rf"\b{WORKING_FOLDER} (?!(?:and|or|please|with|for|to|that|which|here|now)\b)[\w.-]+\s*[?.!]*$", re.IGNORECASE)


def folder_list(path: str | None = None, kind: str | None = None, root: Path | None = None) -> dict[str, Any]:
    root = (root or Path.cwd()).resolve()
    try:
        target = (root / (path or "").strip()).resolve() if path and path.strip() not in (".", "./") else root
    except (OSError, ValueError, RuntimeError):  # a NUL byte, a name too long, a loop of links
        raise FolderError(f"cannot read {path!r} as a folder in {root}") from None
    if not target.is_relative_to(root):
        raise FolderError(f"{path!r} is outside the working folder {root}; tars lists only that folder and "
                          "the folders inside it")
    if not _is_dir(target):
        raise FolderError(f"there is no folder {path!r} in {root}")
    label, patterns = kind_patterns(kind)
    try:
        entries = sorted(os.scandir(target), key=lambda e: e.name.lower())
    except OSError as exc:
        raise FolderError(f"cannot read the folder {target} ({exc.strerror or type(exc).__name__})") from None
    hidden = [e for e in entries if e.name.startswith(".")]
    folders: list[str] = []
    files: list[tuple[str, int | None]] = []
    for entry in entries:
        if entry.name.startswith("."):
            continue
        try:
            if entry.is_dir(follow_symlinks=False):
                if not label:  # asked for one kind of file: its files only
                    folders.append(entry.name + "/")
            elif matches(entry.name, patterns):  # a link is named, not followed
                files.append((entry.name, None if entry.is_symlink() else entry.stat(follow_symlinks=False).st_size))
        except OSError:
            continue
    shown = folders[:MAX_ENTRIES]
    shown_files = files[: MAX_ENTRIES - len(shown)]
    count = len(folders) + len(files)
    noun = f"{label} file" if label else "entry"
    what = noun if count == 1 else f"{label} files" if label else "entries"
    lines = [f"{count} {what} in {target}" + (":" if count else ".")]
    lines += [f"- {printable(name)}" for name in shown]
    lines += [f"- {printable(name)} ({'a link' if size is None else file_size(size)})" for name, size in shown_files]
    left = count - len(shown) - len(shown_files)
    if left:
        lines.append(f"… and {left} more, not listed.")
    if hidden:
        lines.append(f"{len(hidden)} hidden entr{'y' if len(hidden) == 1 else 'ies'} (names starting with a dot) "
                     "not listed.")
    return {"folder": str(target), "folders": folders, "files": [{"name": n, "size": s} for n, s in files],
            "hidden": len(hidden), "confirmation": "\n".join(lines)}


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def listing_asked(message: str) -> dict[str, Any] | None:
    """folder_list's arguments when the message asks about the working folder itself ("list the
    python files here"); None when it may name another folder, which a model reads."""
    if not _HERE.search(message) or _ELSEWHERE.search(_HERE.sub(" ", message)) or _NAMED_AFTER.search(message):
        return None
    kind = kind_in(message)
    return None if kind is None else {"kind": kind} if kind else {}


def folder_list_tools() -> list[Tool]:
    return [Tool(
        name=FOLDER_LIST, family="folder", func=lambda path=None, kind=None: folder_list(path, kind),
        description="List what is in the user's working folder (or a folder inside it): folders, then files "
                    "with their sizes; optionally only one kind of file.",
        parameters={"type": "object", "additionalProperties": False, "properties": {
            "path": {"type": "string", "minLength": 1, "maxLength": 300,
                     "description": "a folder inside the working folder, as the user named it; leave out for the "
                                    "working folder itself"},
            "kind": {"type": "string", "minLength": 1, "maxLength": 40,
                     "description": "the kind of file as the user said it; leave out for everything"}}},
    )]
