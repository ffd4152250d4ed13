"""A request for tools that are not set up is answered with what to set, not with a model's guess."""

from __future__ import annotations

import pytest
from asking import ask_json
from servers.ollama import OllamaServer

from tars.config import load_config
from tars.routing import Router
from tars.tools.builtin import builtin_tools


@pytest.mark.parametrize("message,setting", [
    ("add buy milk to my todo list", "TODOIST_API_TOKEN"), ("what's on my todo list today?", "TODOIST_API_TOKEN"),
    ("remind me to call mom tomorrow", "TODOIST_API_TOKEN"), ("jot this down: buy milk", "TARS_NOTES_DIR"),
    ("what did I write about the trip?", "TARS_NOTES_DIR"),
    # the item's own words are not advice
    ('add "ideas for the party" to my todo list', "TODOIST_API_TOKEN"), ("search my notes for tips", "TARS_NOTES_DIR"),
    # asking what there is: a model with no tool made a list up
    ("what notes do I have?", "TARS_NOTES_DIR"), ("list my notes", "TARS_NOTES_DIR"),
    ("read my shopping note", "TARS_NOTES_DIR"), ("what tasks do I have today?", "TODOIST_API_TOKEN"),
    ("any reminders for tomorrow?", "TODOIST_API_TOKEN"),
    # a note asked for outright: the model had answered "Save a note titled…" as if it had
    ("save a note called groceries with eggs, flour and butter", "TARS_NOTES_DIR"),
    ("make a note: buy eggs", "TARS_NOTES_DIR"), ("please create a new note for the trip", "TARS_NOTES_DIR"),
    # an amount with its currency sign first needs today's rate as much as "50 dollars in euros"
    ("what is $50 in euros", "TARS_SEARCH_URL"), ("how much is £20 in dollars?", "TARS_SEARCH_URL"),
    # ... and an amount alone asks for it as plainly: the page reader had asked for an address
    ("50 dollars in euros", "TARS_SEARCH_URL"), ("100 yen to usd?", "TARS_SEARCH_URL"),
])
def test_a_plain_request_for_missing_tools_says_what_to_set(router, message, setting):
    decision = router.decide(message)
    assert not decision.needs_tools and setting in decision.unavailable, decision
    assert decision.reason.endswith("; its tools are not set up")


@pytest.mark.parametrize("message", ["search the web for python 3.13 release notes",
                                     "google the latest rust release", "what's the latest news on the mars mission"])
def test_a_search_is_not_a_page_read_when_only_reading_is_set_up(router, message):
    """web_read works without settings; a search is web_search's, which needs TARS_SEARCH_URL."""
    decision = router.decide(message)
    assert not decision.needs_tools and "TARS_SEARCH_URL" in decision.unavailable, decision
    assert router.decide("summarise https://example.com/post for me").tool_hints == ("web_read",)
    # about a page an earlier turn read: the router sees one message, so no "set up search" for it
    for follow_up in ("what are the latest updates on that page?", "read it and find the opening hours"):
        assert router.decide(follow_up).tool_hints == ("web_read",)


@pytest.mark.parametrize("message", [
    "count the lines in README.md",  # a file name is no note
    "what is a task queue", "I made a todo app in react, how do I add dark mode", "hi there",
    # a statement that mentions them asks the model, not the tools
    "here are my notes about the dog and the dog's vet: it is at 5", "my notes say the meeting is at 5, what to bring?",
    # advice a model gives without the tools
    "what is the best way to organise my todo list?", "what should I add to my todo list this weekend?",
    "what are some good things to add to my todo list?", "do you think I should add gym to my todo list?",
    "list the notes of a C major scale", "show me the release notes", "what notes do I have to sing in Hallelujah",
    "what tasks do I have to do to renew my passport", "what reminders do I need to set for a new baby",
    "what tasks do I need for a uk visa", "any tasks for kids to do at home", "show me the notes of the melody",
    "read me my suicide note", "write a note to my landlord about the heater", "write a note for the teacher",
])
def test_a_word_in_passing_is_not_a_request_for_them(router, message):
    assert router.decide(message).unavailable == ""


def test_with_the_tools_set_up_the_same_message_wants_them():
    router = Router(builtin_tools(load_config(environ={"TODOIST_API_TOKEN": "token"})))
    decision = router.decide("add buy milk to my todo list")
    assert decision.needs_tools and decision.tool_hints == ("todoist_add_task",) and decision.unavailable == ""


@pytest.mark.parametrize("message", ["add eggs to my shopping note", "put milk on my shopping list note"])
def test_a_note_asked_for_is_no_task_when_only_tasks_are_set_up(message):
    """With only Todoist set up, "add eggs to my shopping note" had added a Todoist task."""
    router = Router(builtin_tools(load_config(environ={"TODOIST_API_TOKEN": "token"})))
    decision = router.decide(message)
    assert not decision.needs_tools and "TARS_NOTES_DIR" in decision.unavailable, decision
    # a list is the tasks' own, and an even match goes to the tools that are set up
    assert router.decide("add eggs to my shopping list").tool_hints == ("todoist_add_task",)
    assert router.decide("save this to my notes").unavailable == ""
    assert "TARS_NOTES_DIR" in router.decide("cross bread off my shopping list note").unavailable
    # a note named after a family that is not set up is still a note
    notes = Router(builtin_tools(load_config(environ={"TARS_NOTES_DIR": "/tmp/notes"})))
    for named in ('please remove "call Bob" from my todo note', "add call Bob to my todo note",
                  "what's in my todo note?"):
        assert notes.decide(named).family == "notes" and notes.decide(named).unavailable == "", named
    both = Router(builtin_tools(load_config(environ={"TARS_NOTES_DIR": "/tmp/notes", "TODOIST_API_TOKEN": "t"})))
    assert both.decide("cross bread off my shopping list note").tool_hints == ("note_edit",)
    for passing in ("I learned a lot from the lecture notes", "he read it out of the old diary"):
        assert both.decide(passing).family != "notes", passing
    # a reminder or a task that mentions a note is still one
    for task in ("remind me to write a note", "add a task to write the note",
                 "remind me tomorrow to put the receipts in my expenses note"):
        assert both.decide(task).tool_hints[0] == "todoist_add_task", task
        assert router.decide(task).tool_hints[0] == "todoist_add_task", task


def test_tars_ask_answers_with_the_setting_and_asks_no_model():
    with OllamaServer() as ollama:  # the test environment has no TODOIST_API_TOKEN
        out = ask_json("add buy milk to my todo list", ollama.url, code=1)  # nothing was done: a script sees so
        assert out["answer"] == ("I can't do that yet: the tools it needs (todoist_add_task) are not set up. "
                                 "To use them, set TODOIST_API_TOKEN (your Todoist API token).")
        assert out["error"] == "the tools it needs are not set up"
        assert out["tool_calls"] == [] and ollama.requests_to("/api/chat") == []


@pytest.mark.parametrize("message", [
    "delete my shopping note", "please delete the note called shopping", "rename my trip note to holiday",
    "move my trip note into archive", "erase my trip note", "then delete my trip note", "forget my shopping note",
    "wipe my shopping note",
])
def test_what_no_note_tool_does_is_answered_by_tars(message):
    """Shown the note tools for "delete my shopping note", the embedded model read the note out."""
    router = Router(builtin_tools(load_config(environ={"TARS_NOTES_DIR": "/tmp/notes"})))
    decision = router.decide(message)
    assert not decision.needs_tools and decision.tool_hints == () and "none deletes, renames or moves" in \
        decision.told, decision


@pytest.mark.parametrize("message", [
    "remove butter from my shopping note", "remove the last line of my shopping note", "show me my shopping note",
    "delete the milk line in my shopping note", "remove the duplicate lines from my notes",
    "remove my note's last line", "move the meeting in my notes to friday", "remove the word urgent from all my notes",
])
def test_a_change_inside_a_note_is_for_the_note_tools(message):
    router = Router(builtin_tools(load_config(environ={"TARS_NOTES_DIR": "/tmp/notes"})))
    decision = router.decide(message)
    assert decision.needs_tools and decision.told == "", decision


def test_what_no_note_tool_does_is_said_with_the_notes_not_set_up_too():
    decision = Router(builtin_tools(load_config(environ={}))).decide("delete my shopping note")
    assert "none deletes, renames or moves" in decision.told and decision.unavailable == ""


def test_tars_ask_says_which_note_requests_it_cannot_do_and_asks_no_model(tmp_path):
    (tmp_path / "shopping.md").write_text("eggs\n")
    with OllamaServer() as ollama:
        ollama.script('{"tool": "note_read", "args": {"path": "shopping"}}')
        out = ask_json("delete my shopping note", ollama.url, TARS_NOTES_DIR=str(tmp_path))
        assert out["answer"].startswith("I can't do that: my note tools read, write, add to, list and search notes")
        assert out["tool_calls"] == [] and ollama.requests_to("/api/chat") == []
        assert (tmp_path / "shopping.md").read_text() == "eggs\n"
