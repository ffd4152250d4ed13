"""Conversations kept in SQLite (`sessions.db` in the data dir): resume, name, list, reopen.

Each conversation is a row in `conversations` and its messages, in order, rows in `messages`;
a compacted one also has a row in `compactions` (the summary and what it stands for), while its
messages stay whole. A message's images (attached by the user or returned by a tool) are stored as
references to their saved files. After every turn the REPL saves the context in one transaction,
so a crash or Ctrl-C never leaves half a turn behind and an interrupted answer is kept with its
mark. A save adds the caller's new messages after whatever the conversation holds by then: two
chats going on with one conversation both keep their turns, in the order they were saved. A file
that is not a database (or a damaged one) is moved aside and a fresh one started (`tars.statefile`).
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from tars.events import ToolCall
from tars.messages import Attachment, Message
from tars.session.context import Compaction
from tars.statefile import move_aside
from tars.usage import ConversationUsage

__all__ = ["ConversationStore", "Conversation", "default_path"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS conversations (
    id INTEGER PRIMARY KEY,
    name TEXT,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    model TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS messages (
    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    role TEXT NOT NULL,
    content TEXT NOT NULL,
    tool_calls TEXT NOT NULL DEFAULT '[]',
    tool_call_id TEXT,
    name TEXT,
    is_error INTEGER NOT NULL DEFAULT 0,
    interrupted INTEGER NOT NULL DEFAULT 0,
    attachments TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (conversation_id, seq)
);
CREATE INDEX IF NOT EXISTS conversations_updated ON conversations(updated);
CREATE TABLE IF NOT EXISTS compactions (
    conversation_id INTEGER PRIMARY KEY REFERENCES conversations(id) ON DELETE CASCADE,
    summary TEXT NOT NULL,
    covered INTEGER NOT NULL,
    elided TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS usage (
    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    turn INTEGER NOT NULL,
    model TEXT NOT NULL,
    billing TEXT NOT NULL,
    rounds INTEGER NOT NULL,
    reported INTEGER NOT NULL,
    input_tokens INTEGER,
    output_tokens INTEGER,
    cache_read_tokens INTEGER,
    cache_write_tokens INTEGER,
    estimated INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (conversation_id, turn, model)
);
"""
_USAGE_COLUMNS = ("turn", "model", "billing", "rounds", "reported", "input_tokens", "output_tokens",
                  "cache_read_tokens", "cache_write_tokens", "estimated")


def default_path() -> Path:
    from tars.config import data_dir

    return data_dir() / "sessions.db"


@dataclass(frozen=True)
class Conversation:
    """One stored conversation as `/history` lists it."""

    id: int
    name: str | None
    created: float
    updated: float
    model: str
    messages: int
    first_line: str

    @property
    def title(self) -> str:
        return self.name or self.first_line or "(empty)"


@dataclass
class _Synced:
    """What this store last read or wrote of one conversation: where each of the caller's messages
    is stored, how many messages it had then, and how many of the caller's usage turns are stored
    (None: not known, so the caller's usage replaces the stored one)."""

    seqs: list[int] = field(default_factory=list)
    count: int = 0
    usage_turns: int | None = None


class ConversationStore:
    """A small SQLite store; safe with two tars processes open at once (WAL, busy timeout)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self._synced: dict[int, _Synced] = {}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = self._open()
        except sqlite3.DatabaseError as exc:  # not a database, or a damaged one: keep it aside, start afresh
            if isinstance(exc, sqlite3.OperationalError):  # locked, or no permission: the file is fine
                raise
            move_aside(self.path, str(exc), companions=("-wal", "-shm"))
            self._db = self._open()

    def _open(self) -> sqlite3.Connection:
        self.path.touch(mode=0o600, exist_ok=True)  # conversations are private
        db = sqlite3.connect(self.path, timeout=5.0, isolation_level=None)
        try:
            _wal(db)
            db.execute("PRAGMA foreign_keys=ON")
            db.executescript(_SCHEMA)
            _add_attachments_column(db)
            # a damaged page deep in the file fails only the query that reads it: check every page
            # once (milliseconds for a file of conversations) so it is moved aside now, not mid-answer
            problem = db.execute("PRAGMA quick_check(1)").fetchone()
            if problem is None or problem[0] != "ok":
                said = str(problem[0] if problem else "no answer").replace("*** in database main ***", "")
                said = " ".join(said.split())
                raise sqlite3.DatabaseError(f"damaged: {said[:120]}")
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def close(self) -> None:
        self._db.close()

    # -- writing ----------------------------------------------------------------------------
    def create(self, *, name: str | None = None, model: str = "") -> int:
        now = time.time()
        cur = self._db.execute(
            "INSERT INTO conversations (name, created, updated, model) VALUES (?, ?, ?, ?)",
            (name, now, now, model),
        )
        assert cur.lastrowid is not None  # sqlite sets it on every INSERT that succeeded
        self._synced[cur.lastrowid] = _Synced(usage_turns=0)
        return cur.lastrowid

    def save(self, conversation_id: int, messages: Iterable[Message], *, model: str = "",
             compaction: Compaction | None = None, usage: ConversationUsage | None = None) -> int:
        """Store a conversation's messages atomically, with the compaction that says what a model is
        sent of them and, when given, the tokens each turn used. Messages this store loaded or saved
        are rewritten in place, new ones go after what the conversation holds now (another process
        may have added turns); a conversation this store does not know, or a caller's list that
        shrank, replaces what is stored. Returns how many messages others added meanwhile."""
        messages = list(messages)
        now = time.time()
        with self._transaction():
            # deleted from another shell while a chat has it open: the chat's next save keeps it again
            self._db.execute("INSERT OR IGNORE INTO conversations (id, name, created, updated, model) "
                             "VALUES (?, NULL, ?, ?, ?)", (conversation_id, now, now, model))
            stored, turns = self._counts(conversation_id)
            known = self._synced.get(conversation_id)
            if known is None or stored < known.count or len(messages) < len(known.seqs):
                self._db.execute("DELETE FROM messages WHERE conversation_id = ?", (conversation_id,))
                known, stored = _Synced(), 0
            others = stored - known.count
            seqs = known.seqs + list(range(stored, stored + len(messages) - len(known.seqs)))
            self._db.executemany(
                "INSERT OR REPLACE INTO messages (conversation_id, seq, role, content, tool_calls, tool_call_id, "
                "name, is_error, interrupted, attachments) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [_row(conversation_id, seq, m) for seq, m in zip(seqs, messages, strict=True)])
            count = max(stored, seqs[-1] + 1 if seqs else 0)
            shared = seqs == list(range(count))  # nobody else's messages among the caller's
            stored_compaction = None if shared else self.load_compaction(conversation_id) or Compaction()
            placed = _placed(compaction or Compaction(), seqs, stored_compaction)
            self._db.execute("DELETE FROM compactions WHERE conversation_id = ?", (conversation_id,))
            if placed:
                self._db.execute("INSERT INTO compactions VALUES (?, ?, ?, ?)", (
                    conversation_id, placed.summary, placed.covered,
                    json.dumps({str(i): line for i, line in placed.elided.items()}, ensure_ascii=False)))
            usage_turns = known.usage_turns
            if usage is not None:
                if usage_turns is None or len(usage.turns) < usage_turns:  # the caller's usage is the usage
                    self._db.execute("DELETE FROM usage WHERE conversation_id = ?", (conversation_id,))
                    turns = usage_turns = 0
                new = ConversationUsage(usage.turns[usage_turns:]).rows()
                self._db.executemany(
                    f"INSERT INTO usage (conversation_id, {', '.join(_USAGE_COLUMNS)}) "
                    f"VALUES (?, {', '.join('?' for _ in _USAGE_COLUMNS)})",
                    [(conversation_id, *(row[c] + turns if c == "turn" else row[c] for c in _USAGE_COLUMNS))
                     for row in new])
                usage_turns = len(usage.turns)
            self._db.execute(
                "UPDATE conversations SET updated = ?, model = CASE WHEN ? = '' THEN model ELSE ? END WHERE id = ?",
                (time.time(), model, model, conversation_id),
            )
        self._synced[conversation_id] = _Synced(seqs, count, usage_turns)
        return others

    def _counts(self, conversation_id: int) -> tuple[int, int]:
        """How many messages and usage turns a conversation has stored."""
        messages = self._db.execute("SELECT COALESCE(MAX(seq) + 1, 0) FROM messages WHERE conversation_id = ?",
                                    (conversation_id,)).fetchone()[0]
        turns = self._db.execute("SELECT COALESCE(MAX(turn) + 1, 0) FROM usage WHERE conversation_id = ?",
                                 (conversation_id,)).fetchone()[0]
        return int(messages), int(turns)

    def rename(self, conversation_id: int, name: str) -> None:
        self._db.execute("UPDATE conversations SET name = ? WHERE id = ?", (name, conversation_id))

    def delete(self, conversation_id: int) -> None:
        self._db.execute("DELETE FROM conversations WHERE id = ?", (conversation_id,))

    def attachment_paths(self, conversation_id: int | None = None) -> set[str]:
        """The files the stored images of one conversation (or of all) are kept in."""
        where, params = ("AND conversation_id = ?", (conversation_id,)) if conversation_id is not None else ("", ())
        rows = self._db.execute(f"SELECT attachments FROM messages WHERE attachments != '[]' {where}", params)
        return {a.path for (media,) in rows for a in _attachments(media)}

    # -- reading ----------------------------------------------------------------------------
    def load(self, conversation_id: int) -> list[Message]:
        rows = self._db.execute(
            "SELECT role, content, tool_calls, tool_call_id, name, is_error, interrupted, attachments FROM messages "
            "WHERE conversation_id = ? ORDER BY seq",
            (conversation_id,),
        ).fetchall()
        self._synced[conversation_id] = _Synced(list(range(len(rows))), len(rows))  # what later saves go on from
        return [_message(row) for row in rows]

    def load_compaction(self, conversation_id: int) -> Compaction | None:
        """The stored compaction of a conversation (None when it was never compacted)."""
        row = self._db.execute("SELECT summary, covered, elided FROM compactions WHERE conversation_id = ?",
                               (conversation_id,)).fetchone()
        if row is None:
            return None
        elided = {int(i): str(line) for i, line in json.loads(row[2] or "{}").items()}
        return Compaction(summary=row[0], covered=int(row[1]), elided=elided)

    def load_usage(self, conversation_id: int) -> ConversationUsage:
        """The tokens each stored turn of a conversation used (none for one saved before tars kept them)."""
        rows = self._db.execute(f"SELECT {', '.join(_USAGE_COLUMNS)} FROM usage WHERE conversation_id = ? "
                                "ORDER BY turn, rowid", (conversation_id,)).fetchall()
        usage = ConversationUsage.from_rows([dict(zip(_USAGE_COLUMNS, row, strict=True)) | {"estimated": bool(row[-1])}
                                             for row in rows])
        if (synced := self._synced.get(conversation_id)) is not None:
            synced.usage_turns = len(usage.turns)
        return usage

    def get(self, conversation_id: int) -> Conversation | None:
        found = [c for c in self._list("WHERE c.id = ?", (conversation_id,), 1)]
        return found[0] if found else None

    def find(self, key: str, *, prefix: bool = True) -> Conversation | None:
        """A conversation by id, or by name (exact, then, with `prefix`, a unique prefix)."""
        if key.isdigit():
            return self.get(int(key))
        exact = self._list("WHERE c.name = ?", (key,), 1)
        if exact or not prefix:
            return exact[0] if exact else None
        starting = self._list("WHERE c.name LIKE ? ESCAPE '\\'", (_like_prefix(key),), 2)
        return starting[0] if len(starting) == 1 else None

    def latest(self) -> Conversation | None:
        """The most recently updated conversation that has messages."""
        found = self._list("WHERE EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id)", (), 1)
        return found[0] if found else None

    def recent(self, limit: int = 20) -> list[Conversation]:
        """Conversations with messages, newest first."""
        return self._list("WHERE EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id)", (), limit)

    def _list(self, where: str, params: tuple, limit: int) -> list[Conversation]:
        sql = (
            "SELECT c.id, c.name, c.created, c.updated, c.model, "
            "(SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id), "
            "(SELECT content FROM messages m WHERE m.conversation_id = c.id AND m.role = 'user' ORDER BY seq LIMIT 1) "
            f"FROM conversations c {where} ORDER BY c.updated DESC, c.id DESC LIMIT ?"
        )
        return [
            Conversation(row[0], row[1], row[2], row[3], row[4], row[5], " ".join((row[6] or "").split())[:80])
            for row in self._db.execute(sql, (*params, limit)).fetchall()
        ]

    def _transaction(self):
        db = self._db

        class _Tx:
            def __enter__(self):
                db.execute("BEGIN IMMEDIATE")

            def __exit__(self, exc_type, exc, tb):
                db.execute("ROLLBACK" if exc_type else "COMMIT")
                return False

        return _Tx()


def _placed(ours: Compaction, seqs: list[int], stored: Compaction | None) -> Compaction:
    """The caller's compaction at the stored places of its messages (`seqs`). When others' messages
    lie among them (`stored` given), the larger of the two summaries that still stands for a prefix
    of the stored conversation is kept, with the stand-ins of both."""
    elided = {seqs[i]: line for i, line in ours.elided.items() if i < len(seqs)}
    if stored is None:
        return dataclasses.replace(ours, elided=elided)
    ours_fits = seqs[:ours.covered] == list(range(ours.covered))
    base = ours if ours_fits and ours.covered >= stored.covered else stored
    elided = {i: line for i, line in {**stored.elided, **elided}.items() if i >= base.covered}
    return Compaction(summary=base.summary, covered=base.covered, elided=elided)


def _like_prefix(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _row(conversation_id: int, seq: int, m: Message) -> tuple:
    calls = json.dumps([{"id": c.id, "name": c.name, "arguments": c.arguments} for c in m.tool_calls],
                       ensure_ascii=False, default=str)
    media = json.dumps([dataclasses.asdict(a) for a in m.attachments], ensure_ascii=False)
    return (conversation_id, seq, m.role, m.content, calls, m.tool_call_id, m.name, int(m.is_error),
            int(m.interrupted), media)


def _message(row: tuple) -> Message:
    role, content, calls, call_id, name, is_error, interrupted, media = row
    tool_calls = tuple(ToolCall(id=c["id"], name=c["name"], arguments=c.get("arguments") or {})
                       for c in json.loads(calls or "[]"))
    return Message(role=role, content=content, tool_calls=tool_calls, tool_call_id=call_id, name=name,
                   is_error=bool(is_error), interrupted=bool(interrupted), attachments=_attachments(media))


def _attachments(media: str | None) -> tuple[Attachment, ...]:
    """The stored images of a message (the files themselves live in the data or cache dir)."""
    try:
        items = json.loads(media or "[]")
        return tuple(Attachment(mime_type=str(a["mime_type"]), path=str(a["path"]), size=int(a["size"]),
                                name=str(a.get("name") or "")) for a in items)
    except (ValueError, TypeError, KeyError):
        return ()


def _add_attachments_column(db: sqlite3.Connection) -> None:
    """A database from before attachments were stored gets their column."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(messages)")}
    if "attachments" in columns:
        return
    try:
        db.execute("ALTER TABLE messages ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]'")
    except sqlite3.OperationalError as exc:
        if "duplicate column" not in str(exc):  # another process added it first
            raise


def _wal(db: sqlite3.Connection, *, wait: float = 5.0) -> None:
    """Switch to WAL. Two processes creating the database at once may find it locked, and sqlite
    does not wait on its own for this switch: retry until `wait` has passed."""
    deadline = time.monotonic() + wait
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)
