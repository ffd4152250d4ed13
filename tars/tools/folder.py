"""How many files the working folder holds, their lines and sizes: counted, not guessed.

Asked "how many lines of python are in this folder?", a small model answers a number it cannot
know, or writes a command that counts something else (`find . -name "*.py" | wc -l` counts files).
`folder_stats` walks the folder the user started tars in, skipping hidden folders and the usual
dependency and cache folders, and reads nothing but sizes and line counts: no process starts.
"""

from __future__ import annotations

import fnmatch
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tars.errors import ToolError
from tars.safe_text import printable
from tars.tools.base import Tool

__all__ = ["FolderError", "folder_stats", "folder_tools", "kind_in", "kind_patterns", "line_count", "matches",
           "file_size", "lines_in", "read_text_bytes", "FOLDER_STATS", "MAX_COUNTED"]

FOLDER_STATS = "folder_stats"  # the tool's name: the pipeline hands it the kind the user named
MAX_FILES = 20_000
MAX_SEEN = 200_000  # entries looked at in all, matching or not: a home folder is not walked to the end
MAX_COUNTED = 8 * 1024 * 1024  # lines are counted in files up to this size; bigger ones are data
_SKIPPED = frozenset({"node_modules", "__pycache__", "venv", "env", "site-packages", "dist", "build", "target"})

# What people call a kind of file -> its name patterns.
_KINDS: dict[str, tuple[str, ...]] = {
    "python": ("*.py", "*.pyi"), "javascript": ("*.js", "*.mjs", "*.cjs", "*.jsx"), "typescript": ("*.ts", "*.tsx"),
    "markdown": ("*.md", "*.markdown"), "rust": ("*.rs",), "go": ("*.go",), "java": ("*.java",),
    "c": ("*.c", "*.h"), "c++": ("*.cpp", "*.cc", "*.cxx", "*.hpp", "*.hh", "*.h"), "cpp": ("*.cpp", "*.cc", "*.hpp"),
    "c#": ("*.cs",), "csharp": ("*.cs",), "ruby": ("*.rb",), "php": ("*.php",), "shell": ("*.sh", "*.bash"),
    "bash": ("*.sh", "*.bash"), "html": ("*.html", "*.htm"), "css": ("*.css",), "json": ("*.json",),
    "yaml": ("*.yml", "*.yaml"), "toml": ("*.toml",), "text": ("*.txt",), "sql": ("*.sql",), "kotlin": ("*.kt",),
    "swift": ("*.swift",), "lua": ("*.lua",), "perl": ("*.pl", "*.pm"), "scala": ("*.scala",),
    "haskell": ("*.hs",), "elixir": ("*.ex", "*.exs"), "r": ("*.r", "*.R"), "csv": ("*.csv",),
    "image": ("*.png", "*.jpg", "*.jpeg", "*.gif", "*.webp", "*.svg"), "pdf": ("*.pdf",),
}
# Kinds that gather others: "lines of code", "the docs", "the tests".
_CODE = ("python", "javascript", "typescript", "rust", "go", "java", "c", "c++", "c#", "ruby", "php", "shell", "kotlin",
         "swift", "lua", "perl", "scala", "haskell", "elixir", "r", "html", "css", "sql")
_KINDS["code"] = tuple(dict.fromkeys(p for kind in _CODE for p in _KINDS[kind]))
_KINDS["docs"] = ("*.md", "*.markdown", "*.rst", "*.txt", "*.adoc")
_KINDS["tests"] = tuple(f"{shape}.{ext}" for ext in ("py", "go", "rs", "rb", "js", "ts", "jsx", "tsx", "java", "kt",
                                                       "swift", "cs", "php", "c", "cpp")
                        for shape in ("test_*", "*_test", "*.test", "*_spec", "*.spec", "*Test", "*Tests"))
_ALIASES = {"source": "code", "source code": "code", "sources": "code", "documentation": "docs", "doc": "docs",
            "test": "tests", "py": "python", "js": "javascript", "ts": "typescript", "md": "markdown", "rs": "rust",
            "golang": "go", "sh": "shell", "txt": "text", "yml": "yaml", "images": "image", "pictures": "image",
            "photos": "image"}


# what a model writes for "every file"
_EVERY = frozenset({"all", "any", "*", "*.*", "file", "files", "every", "everything", "all files", "any file",
                    "every file", "folder", "directory"})


# a kind the message names: an unmistakable word, or any kind's name right before "files"/"code"
_PLAIN_KINDS = sorted((k for k in [*_KINDS, *_ALIASES] if len(k) > 2 and k not in
                       {"text", "image", "images", "test", "doc", "source", "sources", "shell", "bash", "pictures",
                        "photos", "tests", "docs", "documentation", "code", "source code", "txt", "sh"}),
                      key=len, reverse=True)
_ANY_KIND = "|".join(map(re.escape, sorted([*_KINDS, *_ALIASES], key=len, reverse=True)))
_NAMED_KIND = re.compile(
    r"(\*\.[\w*]+)|(?<![\w.])\.(\w{1,6}) files?\b|"
    rf"\b({'|'.join(map(re.escape, _PLAIN_KINDS))})\b(?! (?:to|of)\b)|"
    rf"\b({_ANY_KIND})(?= (?:files?|code|sources?)\b)|\b(?:lines|loc) of (code|docs|documentation|tests)\b|"
    r"\b(source code|documentation|unit tests|the tests|the docs)\b",
    re.IGNORECASE)


# words that make the kinds a message names unclear: several, or some left out ("non-python", "except tests")
_UNCLEAR = re.compile(r"\b(?:and|or|except|excluding|without|but|other than|not|non|besides)\b|,", re.IGNORECASE)


def kind_in(message: str) -> str | None:
    """The one kind of file a message names ("lines of python", "*.md files", "lines of code"), as
    `folder_stats` reads it; "" when it clearly names none, None when it is unclear (several kinds,
    or some left out: "non-python files"), which a model must read."""
    if _UNCLEAR.search(message):
        return None
    found = {next(g for g in m.groups() if g).lower() for m in _NAMED_KIND.finditer(message)}
    if not found:
        return ""
    kinds = {kind_patterns(k)[0] for k in found}
    return found.pop() if len(found) == 1 or len(kinds) == 1 else None


class FolderError(ToolError):
    """A kind of file tars cannot read as a pattern, or a folder it cannot walk."""


@dataclass(frozen=True)
class _File:
    path: str  # relative to the folder
    size: int
    lines: int | None  # None: binary, or too big to read
    mtime: float


def kind_patterns(kind: str | None) -> tuple[str, tuple[str, ...]]:
    """(what to call the files, their name patterns) for a kind as a user or model says it."""
    if not kind or not kind.strip() or kind.strip().lower() in _EVERY:
        return "", ("*",)
    said = " ".join(kind.strip().split())
    word = said.lower().removesuffix(" files").removesuffix(" file").strip()
    for filler in ("all ", "the ", "every ", "any ", "my ", "lines of ", "unit ", "source "):
        word = word.removeprefix(filler)
    word = word.removesuffix(" code").strip() or "code"
    word = _ALIASES.get(word.lstrip("."), word)
    if word in ("code", "docs", "tests"):
        return {"code": "source code", "docs": "documentation", "tests": "test"}[word], _KINDS[word]
    if word in _KINDS:
        return word.capitalize() if word not in ("c", "c++", "c#", "r") else word.upper(), _KINDS[word]
    if any(c in said for c in "*?["):
        return said, (said,)
    if word.startswith(".") or (word.isalnum() and len(word) <= 5):  # an extension: ".log", "log"
        return f"*.{word.lstrip('.')}", (f"*.{word.lstrip('.')}",)
    raise FolderError(f"cannot tell which files {kind!r} means; give an extension like py or a pattern like *.py")


def line_count(path: Path, size: int) -> int | None:
    """Lines of a text file up to MAX_COUNTED bytes; None for a binary or bigger one."""
    data = read_text_bytes(path, size)
    return None if data is None else lines_in(data)


def lines_in(data: bytes) -> int:
    """Lines of text, a last one without its newline counted too."""
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


def read_text_bytes(path: Path, size: int) -> bytes | None:
    """A text file's bytes, at most MAX_COUNTED of them whatever its size says (a file in /proc
    says 0, a log grows); None for a binary, bigger or unreadable one."""
    if size > MAX_COUNTED:
        return None
    try:
        with path.open("rb") as file:
            data = file.read(MAX_COUNTED + 1)
    except OSError:
        return None
    return None if len(data) > MAX_COUNTED or b"\0" in data[:8192] else data


def _walk(root: Path, patterns: tuple[str, ...]) -> tuple[list[_File], list[str], list[str], bool]:
    """The matching files under `root`, the folders left out, those that could not be read, and
    whether MAX_FILES or MAX_SEEN cut the walk."""
    files: list[_File] = []
    skipped: set[str] = set()
    unreadable: list[str] = []
    seen = 0

    def failed(exc: OSError) -> None:  # a folder it may not enter: said, not skipped in silence
        where = Path(str(exc.filename or "?"))
        unreadable.append(str(where.relative_to(root)) if where.is_relative_to(root) else str(where))

    for folder, dirs, names in os.walk(root, onerror=failed, followlinks=False):
        seen += len(dirs) + len(names)
        if seen > MAX_SEEN:
            return files, sorted(skipped), unreadable, True
        keep = []
        for d in sorted(dirs):
            if d.startswith(".") or d in _SKIPPED:
                skipped.add(d)
            else:
                keep.append(d)
        dirs[:] = keep
        for name in sorted(names):
            if not matches(name, patterns):
                continue
            path = Path(folder) / name
            try:
                st = path.lstat()
            except OSError:
                continue
            if not path.is_file() or path.is_symlink():
                continue
            files.append(_File(str(path.relative_to(root)), st.st_size, line_count(path, st.st_size), st.st_mtime))
            if len(files) >= MAX_FILES:
                return files, sorted(skipped), unreadable, True
    return files, sorted(skipped), unreadable, False


def matches(name: str, patterns: tuple[str, ...]) -> bool:
    """Whether a file name is one of `patterns` ("*.py"), in its case or any."""
    return any(fnmatch.fnmatchcase(name, p) or fnmatch.fnmatch(name.lower(), p.lower()) for p in patterns)


def file_size(n: int) -> str:
    if n < 1000:
        return f"{n} bytes"
    value = float(n)
    for unit in ("kB", "MB", "GB"):
        value /= 1000
        if value < 1000 or unit == "GB":
            break
    return f"{value:.1f} {unit}"


def folder_stats(kind: str | None = None, root: Path | None = None) -> dict[str, Any]:
    root = (root or Path.cwd()).resolve()
    label, patterns = kind_patterns(kind)
    if not os.access(root, os.R_OK | os.X_OK):
        raise FolderError(f"cannot read the folder {root}")
    files, skipped, unreadable, cut = _walk(root, patterns)
    counted = [f for f in files if f.lines is not None]
    lines = sum(f.lines or 0 for f in counted)
    total = sum(f.size for f in files)
    biggest = sorted(files, key=lambda f: -f.size)[:5]
    newest = max(files, key=lambda f: f.mtime, default=None)
    what = f"{label} file" if label else "file"
    n = len(files)
    sentence = f"{n}{'+' if cut else ''} {what}{'s' if n != 1 else ''} in {root} and below"
    if files:
        sentence += f": {lines:,} line{'s' if lines != 1 else ''}"
        if len(counted) < n:
            sentence += f" (in the {len(counted)} text files)"
        big = biggest[0]
        sentence += f", {file_size(total)} in all; the biggest is {printable(big.path)} ({file_size(big.size)})"
    sentence += "." + (f" Left out: {', '.join(map(printable, skipped))}." if skipped else "")
    if unreadable:
        more = " …" if len(unreadable) > 5 else ""
        sentence += f" Could not read: {', '.join(map(printable, unreadable[:5]))}{more}."
    if cut:
        sentence += " The count stopped there: the folder is too big to count whole."
    return {
        "folder": str(root), "matching": list(patterns), "files": n, "lines": lines, "text_files": len(counted),
        "bytes": total, "biggest": [{"path": f.path, "bytes": f.size, "lines": f.lines} for f in biggest],
        "newest": newest.path if newest else None, "left_out": skipped, "unreadable": unreadable,
        "stopped_at_limit": cut,
        "confirmation": sentence,
    }


def folder_tools() -> list[Tool]:
    return [Tool(
        name=FOLDER_STATS, family="folder", func=lambda kind=None: folder_stats(kind),
        description=("Count the files in the user's working folder and below, with their lines and sizes and "
                     "the biggest ones; optionally only one kind of file."),
        parameters={"type": "object", "additionalProperties": False, "properties": {
            "kind": {"type": "string", "minLength": 1, "maxLength": 40,
                     "description": "the kind of file as the user said it (a language, an extension or a pattern); "
                                    "leave out for every file"}}},
    )]
