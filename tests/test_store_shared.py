"""Two tars processes going on with one stored conversation: both keep their turns."""

from __future__ import annotations

import io

from rich.console import Console

from tars.config import load_config
from tars.providers.scripted import ScriptedProvider
from tars.repl.app import Repl, load_command_modules
from tars.repl.store import ConversationStore
from tars.session import Session

load_command_modules()


def _chat(answers: list[str]) -> tuple[Repl, Console]:
    """A chat as `tars chat` builds one: its own session and its own connection to sessions.db."""
    session = Session(load_config(environ={}), primary=ScriptedProvider([[a] for a in answers], model="script"))
    console = Console(file=io.StringIO(), width=200)
    return Repl(session, console, ConversationStore()), console


def test_two_chats_on_one_conversation_both_keep_their_turns_in_the_order_saved() -> None:
    first, _ = _chat(["Lima is in Peru."])
    first.turn("where is Lima?")
    cid = first.conversation_id
    assert cid is not None

    left, _ = _chat(["It is warm.", "Take a jacket."])
    right, right_screen = _chat(["About 10 million.", "Yes, ceviche."])
    left.open(cid)
    right.open(cid)
    left.turn("is it warm?")
    right.turn("how many people live there?")
    left.turn("what should I pack?")
    right.turn("is the food good?")

    stored = [m.content for m in ConversationStore().load(cid)]
    assert stored == ["where is Lima?", "Lima is in Peru.",
                      "is it warm?", "It is warm.",
                      "how many people live there?", "About 10 million.",
                      "what should I pack?", "Take a jacket.",
                      "is the food good?", "Yes, ceviche."]
    assert "another tars" in right_screen.file.getvalue()  # the chat says the conversation grew elsewhere


def test_two_chats_keep_every_turn_s_usage() -> None:
    first, _ = _chat(["one"])
    first.turn("a")
    cid = first.conversation_id
    left, _ = _chat(["two"])
    right, _ = _chat(["three"])
    left.open(cid)
    right.open(cid)
    left.turn("b")
    right.turn("c")
    assert len(ConversationStore().load_usage(cid).turns) == 3


def test_a_summary_written_by_the_other_chat_stays_while_it_still_stands_for_the_start() -> None:
    from tars.messages import Message
    from tars.session.context import Compaction

    def said(*texts: str) -> list[Message]:
        return [Message(role="user" if i % 2 == 0 else "assistant", content=t) for i, t in enumerate(texts)]

    start = said("q1", "a1", "q2", "a2")
    writer = ConversationStore()
    cid = writer.create()
    writer.save(cid, start)
    left, right = ConversationStore(), ConversationStore()
    left.load(cid)
    right.load(cid)
    right.save(cid, start + said("q3", "a3"), compaction=Compaction(summary="q1 and q2", covered=4))
    left_messages = start + said("q4", "big result")
    assert left.save(cid, left_messages, compaction=Compaction(elided={5: "[result elided]"})) == 2
    kept = ConversationStore().load_compaction(cid)
    assert kept == Compaction(summary="q1 and q2", covered=4, elided={7: "[result elided]"})
    assert [m.content for m in ConversationStore().load(cid)] == ["q1", "a1", "q2", "a2", "q3", "a3", "q4",
                                                                  "big result"]
