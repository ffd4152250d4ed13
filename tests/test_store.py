"""The SQLite conversation store behind `tars chat --continue`, `/save` and `/history`."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time

from tars.events import ToolCall
from tars.messages import Message
from tars.repl.store import ConversationStore, default_path

CONVERSATION = [
    Message(role="user", content="weather in Lima?"),
    Message(role="assistant", content="", tool_calls=(ToolCall(id="c1", name="weather_now",
                                                               arguments={"place": "Lima", "days": 2}),)),
    Message(role="tool", content='{"temp_c": 21}', tool_call_id="c1", name="weather_now"),
    Message(role="assistant", content="It is 21 °C and cloud", interrupted=True),
    Message(role="tool", content="boom", tool_call_id="c2", name="x", is_error=True),
]


def test_messages_round_trip_with_calls_errors_and_the_interrupted_mark() -> None:
    store = ConversationStore()
    cid = store.create()
    store.save(cid, CONVERSATION, model="ollama:test")
    reopened = ConversationStore()  # a new process would open the file afresh
    assert reopened.load(cid) == CONVERSATION
    assert reopened.get(cid).model == "ollama:test"


def test_the_store_lives_in_the_data_dir(tars_home) -> None:
    assert default_path() == tars_home / "data" / "sessions.db"
    ConversationStore().create()
    assert (tars_home / "data" / "sessions.db").is_file()


def test_save_replaces_the_stored_context() -> None:
    store = ConversationStore()
    cid = store.create()
    store.save(cid, CONVERSATION)
    store.save(cid, CONVERSATION[:1])
    assert store.load(cid) == CONVERSATION[:1]


def test_a_conversation_deleted_from_another_shell_is_kept_by_the_chat_that_has_it_open() -> None:
    """`tars history rm` while a chat had it open: every later save had failed on its foreign key."""
    chat, shell = ConversationStore(), ConversationStore()
    cid = chat.create(name="open")
    chat.save(cid, CONVERSATION[:1])
    shell.delete(cid)
    chat.save(cid, CONVERSATION)
    chat.rename(cid, "saved again")
    assert shell.load(cid) == CONVERSATION and shell.get(cid).name == "saved again"


def test_latest_is_the_last_updated_conversation_with_messages() -> None:
    store = ConversationStore()
    first, second = store.create(), store.create()
    store.save(second, [Message(role="user", content="second")])
    time.sleep(0.01)
    store.save(first, [Message(role="user", content="first")])
    store.create()  # empty: never offered for --continue
    assert store.latest().id == first
    assert [c.id for c in store.recent()] == [first, second]


def test_find_by_number_name_and_unique_prefix() -> None:
    store = ConversationStore()
    a, b = store.create(name="trip_planning"), store.create(name="trip_budget")
    c = store.create(name="50%_done")
    for cid in (a, b, c):
        store.save(cid, [Message(role="user", content="x")])
    assert store.find(str(a)).id == a
    assert store.find("trip_budget").id == b
    assert store.find("trip_p").id == a
    assert store.find("trip") is None  # ambiguous
    assert store.find("50%").id == c  # LIKE wildcards are taken literally
    assert store.find("5_") is None
    assert store.find("nothing") is None


def test_titles_fall_back_to_the_first_user_line() -> None:
    store = ConversationStore()
    cid = store.create()
    store.save(cid, [Message(role="user", content="  plan\n a   trip  "), Message(role="assistant", content="ok")])
    assert store.get(cid).title == "plan a trip"
    store.rename(cid, "Holiday")
    assert store.get(cid).title == "Holiday"


def test_a_failed_save_keeps_the_previous_context(tars_home) -> None:
    store = ConversationStore()
    cid = store.create()
    store.save(cid, CONVERSATION[:2])
    bad = Message(role="user", content=None)  # type: ignore[arg-type]  # violates NOT NULL
    try:
        store.save(cid, [CONVERSATION[0], bad])
    except sqlite3.IntegrityError:
        pass
    assert store.load(cid) == CONVERSATION[:2]


def test_two_processes_can_write_at_once(tars_home) -> None:
    script = (
        "from tars.repl.store import ConversationStore\n"
        "from tars.messages import Message\n"
        "s = ConversationStore()\n"
        "for i in range(30):\n"
        "    cid = s.create()\n"
        "    s.save(cid, [Message(role='user', content=str(i))] * 5)\n"
    )
    procs = [subprocess.Popen([sys.executable, "-c", script]) for _ in range(2)]
    assert [p.wait(timeout=60) for p in procs] == [0, 0]
    store = ConversationStore()
    assert len(store.recent(100)) == 60
    assert all(c.messages == 5 for c in store.recent(100))


def test_the_database_is_private_to_the_user(tars_home) -> None:
    ConversationStore().create()
    assert (tars_home / "data" / "sessions.db").stat().st_mode & 0o077 == 0
