"""An Obsidian-style notes vault: daily note, read, write, append, edit a line, search, list.

Every path the model gives is resolved inside the vault and refused otherwise: absolute paths,
`..`, hidden folders (`.obsidian`, `.git`), NUL bytes, other extensions and symlinks that lead
out. Writes are atomic; appends take the vault's lock so two tars processes lose nothing.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Any

from tars.atomic import LOCK_NAME, atomic_write, locked, update_file
from tars.errors import ToolError
from tars.safe_text import printable
from tars.tools.note_lines import as_listed, changed_line, content, item_holding, items_of, line_holding
from tars.tools.search_index import SearchIndex, whole_file

__all__ = ["Vault", "NotePathError", "MAX_LISTED", "MAX_READ", "MAX_WALKED"]

MAX_READ = 20_000
MAX_LISTED = 50
MAX_WALKED = 20_000  # notes looked at for a listing: a vault of more is counted as "at least" this
_EXTENSIONS = (".md", ".markdown", ".txt")
_LONGEST_NAME = 255  # bytes of one file or folder name, on the usual file systems


class NotePathError(ToolError):
    """A note path that would leave the vault or touch something that is not a note."""


class Vault:
    """A folder of markdown notes, addressed by paths relative to its root."""

    SOURCE = "notes"

    def __init__(self, root: Path | None, index: SearchIndex, *, daily_folder: str = "Daily",
                 daily_format: str = "%Y-%m-%d") -> None:
        self._root = root
        self.index = index
        self.daily_folder = daily_folder
        self.daily_format = daily_format

    @property
    def root(self) -> Path:
        if self._root is None:
            raise ToolError("no notes vault is set; set TARS_NOTES_DIR to your notes folder")
        root = Path(os.path.realpath(self._root.expanduser()))
        if not root.is_dir():
            raise ToolError(f"the notes vault {root} does not exist (TARS_NOTES_DIR)")
        return root

    def resolve(self, path: str) -> tuple[Path, str]:
        """(absolute path inside the vault, vault-relative name) or NotePathError."""
        rel = _relative(path)
        if rel.suffix.lower() not in _EXTENSIONS:
            rel = rel.with_name(rel.name + ".md")
        if any(len(os.fsencode(part)) > _LONGEST_NAME for part in rel.parts):
            raise NotePathError(f"a note's name is at most {_LONGEST_NAME} bytes, with its extension")
        full, inside = self._inside(rel, path)
        if full.suffix.lower() not in _EXTENSIONS:  # a symlink inside the vault to a non-note
            raise NotePathError(f"{path!r} is not a markdown or text note")
        return full, inside

    def _inside(self, rel: PurePosixPath, path: str) -> tuple[Path, str]:
        """Where `rel` really is (links followed), refused unless that is inside the vault and not hidden."""
        root = self.root
        full = Path(os.path.realpath(root / rel))
        if full != root and root not in full.parents:
            raise NotePathError(f"{path!r} leads outside the notes vault")
        inside = full.relative_to(root)
        if any(p.startswith(".") for p in inside.parts):  # a symlink into .obsidian or .git
            raise NotePathError(f"{path!r} leads into a hidden folder")
        return full, inside.as_posix()

    def exists(self, path: str) -> bool:
        """Whether a note is at `path` (False for a path the vault would refuse: writing says why)."""
        try:
            return self.resolve(path)[0].is_file()
        except ToolError:
            return False

    def _lock(self) -> Path:
        return self.root / LOCK_NAME

    def _existing(self, path: str) -> tuple[Path, str]:
        """Where the note `path` names is: as written, with another note extension ("my groceries
        note" is groceries.txt if that is what there is), for a bare name the one note of that name
        in a folder ("ideas" is projects/ideas.md), or the one note of that name spelled another way
        ("shopping list" is Shopping-List.md; in the folder given, if one is); else as written."""
        full, rel = self.resolve(path)
        if full.exists():
            return full, rel
        for ext in _EXTENSIONS:
            other = str(PurePosixPath(rel).with_suffix(ext))
            if self.exists(other):
                return self.resolve(other)
        wanted = PurePosixPath(rel)
        stem, folder = wanted.stem.lower(), str(wanted.parent).casefold()
        # a bare name anywhere, a name with its folder in that folder; "shopping list" is also
        # Shopping-List.md or shopping_list.md when no note is named as written
        notes = [n for n in self._notes() if "/" not in rel or str(PurePosixPath(n).parent).casefold() == folder]
        named = [n for n in notes if PurePosixPath(n).stem.lower() == stem and ("/" not in rel or n != rel)] or \
            [n for n in notes if _squeezed(PurePosixPath(n).stem) == _squeezed(stem)]
        if len(named) == 1:
            return self.resolve(named[0])
        if len(named) > 1:
            shown = ", ".join(printable(n) for n in sorted(named)[:5])
            one_folder = len({str(PurePosixPath(n).parent) for n in named}) == 1
            raise ToolError(f"{len(named)} notes are named {printable(stem)!r} ({shown}); give the note's "
                            f"{'exact name' if one_folder else 'folder'}")
        return full, rel

    def _missing(self, rel: str) -> ToolError:
        """No note at `rel`: said so, with the notes whose names are like it, which the user may have
        meant; tars does not pick one."""
        return ToolError(f"no note {rel!r} in the vault{self._like(rel)}; notes_search finds notes by content")

    def _like(self, rel: str) -> str:
        """" (notes with a like name: shopping.md)": those whose names share a word with `rel`'s
        ("shopping list" and shopping.md) or are spelled close to it ("grocery" and groceries.md)."""
        stem = PurePosixPath(rel).stem.lower()
        words = set(_name_words(stem))
        shared = {n: len(words & set(_name_words(PurePosixPath(n).stem)))
                  or int(difflib.SequenceMatcher(None, stem, PurePosixPath(n).stem.lower()).ratio() >= 0.75)
                  for n in self._notes() if n != rel}
        # most words shared first, then the shortest path: "shopping.md" before "Archive/shopping-2019.md"
        near = sorted((n for n, count in shared.items() if count), key=lambda n: (-shared[n], len(n), n))
        more = f" and {len(near) - 3} more" if len(near) > 3 else ""
        return f" (notes with a like name: {', '.join(printable(n) for n in near[:3])}{more})" if near else ""

    def _notes(self) -> list[str]:
        """Every note's vault-relative path (at most MAX_WALKED), hidden folders and links left out."""
        return [rel for _, rel in self._walk(self.root)]

    def read(self, path: str, show: bool = False, *, by_name: bool = True) -> dict[str, Any]:
        """A note's text; `show`: the user asked to see the note itself, which tars then shows as it is;
        `by_name`: a bare name may be a note in a folder (`_existing`)."""
        full, rel = self._existing(path) if by_name else self.resolve(path)
        try:
            text = full.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            raise self._missing(rel) from None
        except IsADirectoryError:
            raise ToolError(f"{rel!r} is a folder, not a note") from None
        out = {"path": rel, "text": text[:MAX_READ], "chars": len(text), "truncated": len(text) > MAX_READ}
        if show:  # the note once, as it is shown: twice, a long one would not fit a small model's window
            cut = f"\n… (the first {MAX_READ:,} of {len(text):,} characters)" if len(text) > MAX_READ else ""
            out["confirmation"] = f"{printable(rel)}:\n\n{text[:MAX_READ].strip()}{cut}" if text.strip() \
                else f"{printable(rel)} is empty."
            del out["text"]
        return out

    def write(self, path: str, content: str, overwrite: bool = False) -> dict[str, Any]:
        full, rel = self.resolve(path)
        with locked(self._lock()):
            existed = full.exists()
            if existed and not overwrite:
                raise ToolError(f"note {rel!r} already exists; use note_append, or note_write with "
                                "overwrite=true to replace it")
            atomic_write(full, content if content.endswith("\n") else content + "\n")
        status = "overwritten" if existed else "created"
        # a new note named like one in another folder: later requests by that name must give the folder
        stem = PurePosixPath(rel).stem.lower()
        namesakes = sorted(n for n in self._notes() if n != rel and PurePosixPath(n).stem.lower() == stem)
        shown = [printable(n) for n in namesakes[:3]]
        also = "" if not namesakes or existed else f" There is also {shown[0]}." if len(shown) == 1 else \
            f" There are also {', '.join(shown[:-1])} and {shown[-1]}."
        return {"path": rel, "status": status, "chars": len(content),
                "confirmation": f"{'Replaced' if existed else 'Created'} the note {printable(rel)} "
                                f"({len(content):,} character{'s' if len(content) != 1 else ''}).{also}"}

    def append(self, path: str, text: str, *, by_name: bool = True) -> dict[str, Any]:
        full, rel = self._existing(path) if by_name else self.resolve(path)
        existed = full.exists()
        written: list[str] = []

        def add(old: str) -> str:
            end = "\r\n" if "\r\n" in old else "\n"  # the note's own line ends
            if old and not old.endswith("\n"):
                old += end
            written[:] = as_listed(old, text)
            return old + "".join(line + end for line in written)

        new = self._update(full, rel, add)
        items = f" ({len(written)} items)" if len(written) > 1 and len(text.strip().splitlines()) == 1 else ""
        if not existed:  # a new note, said so: the one meant may be spelled another way
            return {"path": rel, "status": "created", "chars": len(new),
                    "confirmation": f"Created the note {printable(rel)}{self._like(rel)} with: {_gist(text)}{items}"}
        return {"path": rel, "status": "appended", "chars": len(new),
                "confirmation": f"Added to {printable(rel)}: {_gist(text)}{items}"}

    def edit(self, path: str, old: str, new: str = "") -> dict[str, Any]:
        """Change one line of a note: `old` becomes `new` in the one line that holds it, or with no
        `new` is taken out of it, the line too when it held nothing else ("milk"; "eggs, milk, bread"
        becomes "eggs, bread"). Taken out, "bread and milk" that no line holds is each of them.
        Text on no line, or on several, is a tool error that says so."""
        old, new = old.strip(), new.strip()
        if not old or any(c in old + new for c in "\r\n"):
            raise ToolError("old and new must each be text of one line of the note")
        full, rel = self._existing(path)
        if not full.is_file():
            raise self._missing(rel)
        items: list[str] = [old]
        touched: dict[int, tuple[str, str]] = {}  # line index -> (the line before, after)

        def change(text: str) -> str:
            lines = text.splitlines(keepends=True)
            items[:] = [old] if new else items_of(lines, old)
            touched.clear()
            for n, item in enumerate(items):
                at = line_holding(lines, item, rel)
                line, end = lines[at].rstrip("\r\n"), lines[at][len(lines[at].rstrip("\r\n")):]
                if not new and (whole := item_holding(line, item)) is not None:
                    if re.sub(r"^(?:the|a|an)\s+", "", whole, flags=re.IGNORECASE).casefold() != item.casefold():
                        raise ToolError(f"{item!r} is part of the item {whole!r} in {rel!r}; give the whole item "
                                        "to take it out")
                    items[n] = item = whole  # "remove The Hobbit" read as "Hobbit": the item with its article
                after = changed_line(line, item, new)
                touched[at] = (touched.get(at, (line, ""))[0], after)
                lines[at] = after + end
            return "".join(line for i, line in enumerate(lines) if i not in touched or content(touched[i][1]))

        self._update(full, rel, change)
        said = " and ".join(f"“{printable(item)}”" for item in items)
        what = f"Changed {said} to “{printable(new)}” in" if new else f"Took {said} out of"
        now = "; ".join(f"the line is now “{printable(after.strip())}”" if content(after)
                        else f"removed the line “{printable(line.strip())}”" for line, after in touched.values())
        (line, after), *_ = touched.values()
        return {"path": rel, "status": "edited", "before": line, "after": after,
                "confirmation": f"{what} {printable(rel)}: {now}."}

    def _update(self, full: Path, rel: str, change: Callable[[str], str]) -> str:
        """`update_file` under the vault's lock; a note that is not UTF-8 is left alone and said so."""
        try:
            return update_file(full, change, lock_path=self._lock())
        except UnicodeDecodeError:
            raise ToolError(f"{rel!r} is not UTF-8 text; it was left as it is") from None

    def daily_path(self, when: datetime | None = None) -> str:
        name = (when or datetime.now()).strftime(self.daily_format)
        folder = self.daily_folder.strip().strip("/")
        return f"{folder}/{name}" if folder else name

    def daily(self, text: str | None = None) -> dict[str, Any]:
        """Append a bullet to today's daily note, or read it when no text is given."""
        path = self.daily_path()
        if not text or not text.strip():  # shown as it is: a small model retold it as the note's title
            full, rel = self.resolve(path)
            if not full.is_file():  # no walk of the vault for notes of a like name: it is today's or none
                return {"path": rel, "text": "", "chars": 0, "truncated": False,
                        "confirmation": f"There is no note for today yet ({printable(rel)})."}
            return self.read(path, show=True, by_name=False)  # today's note is where the settings put it
        lines = [ln for ln in text.strip().splitlines()]
        bullet = lines[0] if lines[0].lstrip().startswith(("-", "*", "#")) else f"- {lines[0]}"
        result = self.append(path, "\n".join([bullet, *lines[1:]]), by_name=False)
        return {**result, "status": "added to today's note",
                "confirmation": f"Added to today's note ({printable(result['path'])}): {_gist(text)}"}

    def listing(self, folder: str | None = None) -> dict[str, Any]:
        """The vault's notes (or a folder's, and the folders below it), newest first: at most
        MAX_LISTED, with how many there are in all. Hidden folders and links are left out."""
        root = self.root
        start, label = root, ""
        if folder and folder.strip().strip("/") not in ("", "."):
            start, label = self._inside(_relative(folder.strip().rstrip("/")), folder)
            if not start.is_dir():
                raise ToolError(f"no folder {label!r} in the notes vault")
        found = self._walk(start)
        found.sort(key=lambda item: (-item[0], item[1]))
        notes = [{"path": rel, "modified": datetime.fromtimestamp(mtime).strftime("%Y-%m-%d %H:%M")}
                 for mtime, rel in found[:MAX_LISTED]]
        return {"folder": label, "count": len(found), "counted_all": len(found) < MAX_WALKED, "notes": notes,
                "truncated": len(found) > MAX_LISTED, "confirmation": _listed(label, notes, len(found))}

    def _walk(self, start: Path) -> list[tuple[float, str]]:
        """(last change, vault-relative path) of the notes at and below `start`, at most about
        MAX_WALKED; hidden files and folders and links are left out."""
        root = self.root
        found: list[tuple[float, str]] = []
        for here, dirs, files in os.walk(start):  # links to folders are not followed
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for name in files:
                path = Path(here, name)
                if name.startswith(".") or path.suffix.lower() not in _EXTENSIONS or path.is_symlink():
                    continue
                try:
                    found.append((path.stat().st_mtime, path.relative_to(root).as_posix()))
                except OSError:  # gone since the walk saw it
                    continue
            if len(found) >= MAX_WALKED:
                break
        return found

    def search(self, query: str, limit: int = 8) -> dict[str, Any]:
        self.index.refresh(self.SOURCE, self.root, whole_file, suffixes=_EXTENSIONS)
        hits = self.index.search(self.SOURCE, query, limit=limit)
        results = [{"path": h.path, "title": h.section, "snippet": h.snippet} for h in hits]
        return {"query": query, "count": len(hits), "results": results, "confirmation": _found(query, results)}


def _squeezed(name: str) -> str:
    """A note name without case, spaces, hyphens or underscores: how two spellings of one name meet."""
    return re.sub(r"[\s_\u2010-\u2015-]+", "", name).casefold()


# words of a note name too common to suggest a note by: "my list note" is not "todo list"
_COMMON = frozenset("a an the my of and to for list note notes new old".split())


def _name_words(name: str) -> list[str]:
    return [w for w in re.split(r"[\s_\u2010-\u2015-]+", name.casefold()) if len(w) > 2 and w not in _COMMON]


def _gist(text: str, limit: int = 120) -> str:
    """The first line of what was written, as a confirmation quotes it."""
    first = printable(text.strip().splitlines()[0] if text.strip() else "")
    more = len(first) > limit or len(text.strip().splitlines()) > 1
    return (first[:limit].rstrip() + " …") if more else first


def _found(query: str, results: list[dict[str, str]]) -> str:
    """A search as tars tells it: which notes matched, a line each with where the words are."""
    if not results:
        return f"No note matches {printable(query)!r}."
    head = f"1 note matches {printable(query)!r}:" if len(results) == 1 else \
        f"{len(results)} notes match {printable(query)!r}:"
    return "\n".join([head, *(f"- {printable(r['path'])}: {_gist(r['snippet'], 100)}" for r in results)])


def _listed(label: str, notes: list[dict[str, str]], count: int) -> str:
    """A listing as tars tells it: how many, then a line a note, newest first."""
    where = f"the {printable(label)} folder of your notes" if label else "your notes vault"
    if not notes:
        return f"There are no notes in {where}."
    total = f"{count:,}" if count < MAX_WALKED else f"at least {count:,}"
    head = (f"The newest {len(notes)} of {total} notes in {where}:" if count > len(notes)
            else f"1 note in {where}:" if count == 1 else f"{count} notes in {where}, newest first:")
    return "\n".join([head, *(f"- {printable(n['path'])} (changed {n['modified']})" for n in notes)])


def _relative(path: str) -> PurePosixPath:
    """A path from a model as a vault-relative one, or NotePathError: no absolute paths, `..`,
    hidden parts or control characters."""
    if not isinstance(path, str) or not path.strip():
        raise NotePathError("note path is empty")
    if "\x00" in path or any(ord(c) < 32 for c in path):
        raise NotePathError("note path contains control characters")
    raw = path.strip().replace("\\", "/")
    if raw.startswith("/") or raw.startswith("~") or re.match(r"^[A-Za-z]:", raw):
        raise NotePathError(f"{path!r}: give a path relative to the vault, not an absolute one")
    parts = PurePosixPath(raw).parts
    if any(p == ".." for p in parts):
        raise NotePathError(f"{path!r}: '..' is not allowed in note paths")
    if any(p.startswith(".") for p in parts):
        raise NotePathError(f"{path!r}: hidden files and folders are off limits")
    return PurePosixPath(*[p for p in parts if p != "."])
