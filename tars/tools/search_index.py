"""An SQLite FTS5 index over markdown folders (memory and notes), kept in step with the files.

Every query first refreshes its source: files whose size or mtime changed since they were
indexed (including edits made outside tars) are re-read, deleted files are dropped, so results
never lag the folder. Ranking is FTS5's BM25; snippets mark the matched words with [brackets].
The index is a cache (default in the cache dir): deleting it loses nothing.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import threading
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from tars.statefile import move_aside

__all__ = ["SearchIndex", "Hit", "Chunker", "whole_file", "fts_query", "markdown_files"]

# (relative path, text) -> [(section, text)], one row per chunk
Chunker = Callable[[str, str], list[tuple[str, str]]]

_STOP = frozenset(
    "a an and are as at be by do does for from had has have how i in is it me my of on or our "
    "that the their there this to was we were what when where which who why will with you your".split()
)
MAX_TERMS = 64  # distinct words a search query uses at most
_VERSION = 2  # bump when the schema changes: the index is a cache and is rebuilt
_SCHEMA = """
DROP TABLE IF EXISTS files; DROP TABLE IF EXISTS chunk_rows; DROP TABLE IF EXISTS chunks;
CREATE TABLE files (source TEXT, path TEXT, size INTEGER, mtime INTEGER, PRIMARY KEY (source, path));
CREATE TABLE chunk_rows (source TEXT, path TEXT, id INTEGER);
CREATE INDEX chunk_rows_file ON chunk_rows (source, path);
CREATE VIRTUAL TABLE chunks USING fts5(
    text, section, source UNINDEXED, path UNINDEXED, tokenize = 'porter unicode61 remove_diacritics 2');
"""


@dataclass(frozen=True)
class Hit:
    path: str  # relative to the source's folder
    section: str
    snippet: str
    text: str
    score: float  # BM25, lower is better


def whole_file(path: str, text: str) -> list[tuple[str, str]]:
    """One chunk per file (notes); the section is the first heading or the file name."""
    heading = next((ln.lstrip("#").strip() for ln in text.splitlines() if ln.startswith("#")), "")
    return [(heading or Path(path).stem, text)]


def fts_query(text: str, max_terms: int = MAX_TERMS) -> str:
    """Turn free text into a safe FTS5 query: quoted words joined by OR (BM25 ranks by overlap).
    At most `max_terms` distinct words, the text's most frequent first (ties: the earliest), so a
    huge text (a file piped in) costs a bounded query instead of one term per word."""
    # one letter is no word to search for: the "s" of "Emma's" matched every "the user's"
    words = [w for w in re.findall(r"\w+", text.lower()) if w not in _STOP and len(w) > 1]
    if not words:
        words = re.findall(r"\w+", text.lower())
    counts = Counter(words)
    if len(counts) > max_terms:  # Counter keeps first-seen order, and most_common sorts stably
        chosen = [w for w, _ in counts.most_common(max_terms)]
    else:
        chosen = list(counts)
    return " OR ".join(f'"{w}"' for w in chosen)


def markdown_files(root: Path, *, recursive: bool = True,
                   suffixes: tuple[str, ...] = (".md",)) -> Iterable[tuple[str, os.stat_result]]:
    """(relative posix path, stat) of every .md file (or one of `suffixes`, any case) under root,
    skipping hidden folders."""
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            if entry.is_dir(follow_symlinks=False):
                if recursive:
                    stack.append(Path(entry.path))
            elif entry.name.lower().endswith(suffixes) and entry.is_file(follow_symlinks=False):
                yield Path(entry.path).relative_to(root).as_posix(), entry.stat()


class SearchIndex:
    """One database, several named sources (a folder + how to chunk its files)."""

    def __init__(self, db_path: Path) -> None:
        self.db_path = db_path
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.Lock()

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:  # opened on first use: building the tool list stays cheap
            try:
                self._conn = self._open()
            except sqlite3.DatabaseError as exc:
                self._broken(exc)
                self._conn = self._open()
        return self._conn

    def _broken(self, exc: sqlite3.DatabaseError) -> None:
        """A file that is not a database, or a damaged one, is moved aside: it is only a cache.
        A locked or unopenable database (OperationalError) is no reason and is raised again."""
        if isinstance(exc, sqlite3.OperationalError):
            raise exc
        self.close()
        move_aside(self.db_path, str(exc), companions=("-wal", "-shm"))

    def _open(self) -> sqlite3.Connection:
        self.db_path.parent.mkdir(parents=True, exist_ok=True)
        self.db_path.touch(mode=0o600, exist_ok=True)  # it holds the text of notes and memory: private,
        with contextlib.suppress(OSError):  # ... one made by an older tars too
            os.chmod(self.db_path, 0o600)
        conn = sqlite3.connect(self.db_path, timeout=10, check_same_thread=False, isolation_level=None)
        try:
            self._prepare(conn)
        except sqlite3.DatabaseError:
            conn.close()
            raise
        return conn

    @staticmethod
    def _prepare(conn: sqlite3.Connection) -> None:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA busy_timeout=10000")
        if conn.execute("PRAGMA user_version").fetchone()[0] != _VERSION:
            conn.execute("BEGIN IMMEDIATE")
            if conn.execute("PRAGMA user_version").fetchone()[0] != _VERSION:  # another process won
                for statement in filter(str.strip, _SCHEMA.split(";")):
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {_VERSION}")
            conn.execute("COMMIT")
        conn.execute("SELECT count(*) FROM files").fetchone()

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def refresh(self, source: str, root: Path, chunker: Chunker = whole_file, *, recursive: bool = True,
                suffixes: tuple[str, ...] = (".md",)) -> int:
        """Re-index the files under `root` (.md, or `suffixes`) that changed since last time; returns
        how many were re-read.
        A database found damaged on the way is moved aside and the folder indexed afresh."""
        try:
            return self._refresh(source, root, chunker, recursive, suffixes)
        except sqlite3.DatabaseError as exc:
            with self._lock:
                self._broken(exc)
            return self._refresh(source, root, chunker, recursive, suffixes)

    def _refresh(self, source: str, root: Path, chunker: Chunker, recursive: bool, suffixes: tuple[str, ...]) -> int:
        with self._lock:
            db = self._db()
            known = {p: (s, m) for p, s, m in db.execute(
                "SELECT path, size, mtime FROM files WHERE source = ?", (source,))}
            seen, changed = set(), []
            if root.is_dir():
                for rel, st in markdown_files(root, recursive=recursive, suffixes=suffixes):
                    seen.add(rel)
                    if known.get(rel) != (st.st_size, st.st_mtime_ns):
                        changed.append((rel, st))
            gone = [p for p in known if p not in seen]
            if not changed and not gone:
                return 0
            db.execute("BEGIN IMMEDIATE")
            try:
                for rel in gone:
                    self._drop(db, source, rel)
                for rel, st in changed:
                    if rel in known:
                        self._drop(db, source, rel)
                    self._index_file(db, source, root, rel, st, chunker)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            return len(changed)

    @staticmethod
    def _drop(db: sqlite3.Connection, source: str, rel: str) -> None:
        # FTS5 cannot index `path`, so the rowids of a file's chunks are kept in chunk_rows
        db.execute("DELETE FROM chunks WHERE rowid IN (SELECT id FROM chunk_rows WHERE source = ? AND path = ?)",
                   (source, rel))
        db.execute("DELETE FROM chunk_rows WHERE source = ? AND path = ?", (source, rel))
        db.execute("DELETE FROM files WHERE source = ? AND path = ?", (source, rel))

    @staticmethod
    def _index_file(db, source, root, rel, st, chunker) -> None:
        try:
            text = (root / rel).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return  # vanished between scan and read: the next refresh sees it
        for section, body in chunker(rel, text):
            if body.strip():
                cur = db.execute("INSERT INTO chunks (text, section, source, path) VALUES (?, ?, ?, ?)",
                                 (body, section, source, rel))
                db.execute("INSERT INTO chunk_rows (source, path, id) VALUES (?, ?, ?)", (source, rel, cur.lastrowid))
        db.execute("INSERT INTO files (source, path, size, mtime) VALUES (?, ?, ?, ?)",
                   (source, rel, st.st_size, st.st_mtime_ns))

    def search(self, source: str, query: str, *, limit: int = 5) -> list[Hit]:
        """The best `limit` chunks for `query` in one source, by BM25."""
        match = fts_query(query)
        if not match:
            return []
        with self._lock:
            rows = self._db().execute(
                "SELECT path, section, snippet(chunks, 0, '[', ']', '…', 16), text, bm25(chunks) "
                "FROM chunks WHERE chunks MATCH ? AND source = ? ORDER BY bm25(chunks) LIMIT ?",
                (match, source, limit),
            ).fetchall()
        return [Hit(path=p, section=s, snippet=" ".join(snip.split()), text=t, score=round(b, 3))
                for p, s, snip, t, b in rows]
