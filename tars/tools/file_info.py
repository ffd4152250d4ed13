"""Facts about one file in the working folder, read by tars rather than guessed: its size, lines,
words and when it changed.

Asked "how big is app.log?", the embedded model said 1.2 MB of a 45-byte file; asked "how many
lines in app.log?" it answered about itself. `file_info` reads the file's metadata (and counts the
lines and words of a text file); it never shows what the file says, and never leaves the working
folder: a path from a model is checked, hidden files and links out are refused.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from tars.safe_text import printable
from tars.tools.base import Tool
from tars.tools.folder import MAX_COUNTED, FolderError, file_size, lines_in, read_text_bytes

__all__ = ["CONTENTS_ASKED", "FILE_INFO", "FILE_NAME", "contents_asked", "file_info", "file_info_tools", "file_named",
           "files_named"]

FILE_INFO = "file_info"  # the tool's name: the pipeline reads the file's name from the message
# the extensions a file named in a message has ("app.log", "archive.tar.gz"); "node.js", "google.com",
# "e.g." and "U.S." are names of other things
_EXTENSIONS = ("txt|md|markdown|rst|log|csv|tsv|json|jsonl|ya?ml|toml|ini|cfg|conf|xml|html?|css|scss|sql|db|sqlite|"
               "py|pyi|ipynb|js|mjs|cjs|jsx|ts|tsx|rs|go|java|kt|c|h|cc|cpp|hpp|cs|rb|php|swift|lua|pl|r|sh|bash|zsh|"
               "ps1|bat|pdf|docx?|xlsx?|pptx?|odt|png|jpe?g|gif|svg|webp|ico|mp3|wav|flac|mp4|mov|mkv|zip|tar|gz|tgz|"
               "bz2|xz|7z|rar|lock|bak|tmp|out|err|dat|bin|parquet|pkl|whl|iso|dmg|deb|rpm|apk|exe|dll|so|dylib")
_NOT_FILES = r"(?!(?:node|next|nuxt|vue|react|three|d3|chart|moment|ember|backbone|angular|express|deno|bun|p5)\.js\b)"
FILE_NAME = (rf"(?<![\w/.@:~-])(?:\./)?{_NOT_FILES}(?:[\w-]+/)*[\w-]+(?:\.[\w-]+)*\.(?:{_EXTENSIONS})"
             rf"(?![\w/-]|\.\w)")
_FILE = re.compile(FILE_NAME, re.IGNORECASE)
# a request for what a named file says or does, which only its contents answer: "summarize app.log",
# "what does main.py do?", "any errors in app.log?"
CONTENTS_ASKED = (
    rf"(?:\b(?:summari[sz]e|(?:give me |write )?a summary of|tl;?dr(?: of)?|read(?: me)?|explain|review|proofread|"
    rf"translate|describe|check|look (?:at|over|through)|go (?:over|through)|open|show me|cat|fix|debug|refactor)\s+"
    rf"(?:the |my |this |that )?(?:file )?{FILE_NAME}|\bwhat(?:'s| is| does)\s+{FILE_NAME}\s+(?:say|contain|do|mean|"
    rf"about)\b|\b(?:what'?s|what is) in {FILE_NAME}\s*\??$|"
    rf"\b(?:errors?|warnings?|bugs?|todos?|typos?|mistakes|problems)\b.{{0,20}}\bin {FILE_NAME})")
_CONTENTS = re.compile(CONTENTS_ASKED, re.IGNORECASE)
_WORDS_UP_TO = 2 * 1024 * 1024  # words are counted in text files up to this size


def file_info(path: str, root: Path | None = None, contents: bool = False) -> dict[str, Any]:
    """What tars may tell of one file without reading it out; `contents`: the user asked what it says,
    which is then told as not read, with how to have it read."""
    root = (root or Path.cwd()).resolve()
    where = printable(str(root))
    raw = (path or "").strip()
    if not raw or "\x00" in raw:
        raise FolderError("give the name of a file in the working folder")
    try:
        target = (root / raw).resolve()
    except (OSError, ValueError, RuntimeError):  # a name too long, a loop of links
        raise FolderError(f"cannot read {path!r} as a file in {where}") from None
    if not target.is_relative_to(root):
        raise FolderError(f"{path!r} is outside the working folder {where}; tars reads only files inside it")
    rel = target.relative_to(root)
    if any(part.startswith(".") for part in rel.parts):
        raise FolderError(f"{path!r} is a hidden file; tars does not read those")
    if not target.is_file():
        raise FolderError(f"there is no file {path!r} in {where}" + (" (it is a folder)" if target.is_dir() else ""))
    try:
        stat = target.stat()
    except OSError as exc:
        raise FolderError(f"cannot read {path!r} ({exc.strerror or type(exc).__name__})") from None
    data = read_text_bytes(target, stat.st_size)
    lines = None if data is None else lines_in(data)
    words = len(data.decode("utf-8", errors="replace").split()) if data is not None and len(data) <= _WORDS_UP_TO \
        else None
    changed = dt.datetime.fromtimestamp(stat.st_mtime).strftime("%Y-%m-%d %H:%M")
    name = printable(rel.as_posix())
    if lines is None:
        counted = "too big to count its lines" if stat.st_size > MAX_COUNTED else "a binary file"
    else:
        counted = _counted(lines, "line") + (f", {_counted(words, 'word')}" if words is not None else "")
    facts = f"{counted}, {file_size(stat.st_size)}; last changed {changed}"
    attach = f"@{name} in chat, -a {name} with tars ask" if lines is not None else ""
    if contents:
        told = f"I have not read {name} ({facts})." + (f" To have it read, attach it: {attach}." if attach else "")
    else:
        told = f"{name}: {facts}." + (f" (To have it read: {attach}.)" if attach else "")
    return {"path": rel.as_posix(), "bytes": stat.st_size, "lines": lines, "words": words, "changed": changed,
            "confirmation": told}


def _counted(n: int, noun: str) -> str:
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def contents_asked(message: str) -> bool:
    """Whether `message` asks what a file it names says or does ("summarize app.log")."""
    return _CONTENTS.search(message) is not None


def files_named(message: str) -> list[str]:
    """Every file name in `message`, in order ("app.log", "src/main.py")."""
    return list(dict.fromkeys(_FILE.findall(message)))


def file_named(message: str) -> dict[str, Any] | None:
    """file_info's arguments when the message names one file ("how many lines in app.log?"), else None."""
    names = set(_FILE.findall(message))
    if len(names) != 1:
        return None
    return {"path": names.pop()} | ({"contents": True} if contents_asked(message) else {})


def file_info_tools() -> list[Tool]:
    return [Tool(
        name=FILE_INFO, family="folder", func=lambda path, contents=False: file_info(path, contents=contents),
        description="The size, line and word count and last change of one file in the user's working folder "
                    "(not what it says).",
        parameters={"type": "object", "additionalProperties": False, "required": ["path"], "properties": {
            "path": {"type": "string", "minLength": 1, "maxLength": 300,
                     "description": "the file's name or path inside the working folder, as the user wrote it"},
            "contents": {"type": "boolean", "description": "true when the user asked what the file says or does"}}},
    )]
