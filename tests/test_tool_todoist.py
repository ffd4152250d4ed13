"""Todoist tools against a local server speaking the Todoist API v1, including its failures."""

from __future__ import annotations

import time
from datetime import date, timedelta

import pytest
from servers.todoist import TodoistServer

from tars.config import load_config
from tars.events import ToolCall
from tars.tools import ToolRegistry
from tars.tools.todoist import TodoistClient, TodoistError, todoist_tools


@pytest.fixture
def server():
    with TodoistServer(token="tok-abcdef123456") as srv:
        yield srv


def registry(server: TodoistServer, token: str = "tok-abcdef123456") -> ToolRegistry:
    config = load_config(environ={"TODOIST_API_TOKEN": token, "TARS_TODOIST_URL": server.api})
    return ToolRegistry(todoist_tools(config))


def run(reg: ToolRegistry, name: str, confirm=None, **arguments):
    return reg.run(ToolCall(name=name, arguments=arguments), confirm=confirm)


def test_add_task_resolves_project_by_name_and_maps_priority(server):
    work = server.add_project("Work")
    server.add_project("Workshop ideas")
    result = run(registry(server), "todoist_add_task", content="Send the report", due="tomorrow",
                 project="work", priority=1)
    assert not result.is_error, result.text
    created = server.tasks[-1]
    assert created["content"] == "Send the report"
    assert created["project_id"] == work["id"]
    assert created["priority"] == 4  # the app's p1 is the API's 4
    assert server.requests_to("/api/v1/tasks")[-1].json["due_string"] == "tomorrow"
    assert result.output["task"]["project"] == "Work"
    assert result.output["task"]["priority"] == "p1"
    assert result.output["task"]["due_date"] == (date.today() + timedelta(days=1)).isoformat()


def test_unknown_project_lists_the_real_ones_and_adds_nothing(server):
    server.add_project("Home")
    result = run(registry(server), "todoist_add_task", content="x", project="Garden")
    assert result.is_error
    assert "Garden" in result.text and "Home" in result.text and "Inbox" in result.text
    assert server.tasks == []


def test_today_includes_overdue_across_pages_and_nothing_later(server):
    server.add_task("Pay rent", due="today", priority=4)
    server.add_task("Call plumber", due="2 days ago")
    server.add_task("Water plants", due="today")
    server.add_task("Dentist", due="in 3 days")
    server.add_task("Someday maybe")
    out = run(registry(server), "todoist_today").output
    contents = [t["content"] for t in out["tasks"]]
    assert sorted(contents) == ["Call plumber", "Pay rent", "Water plants"]
    assert contents[0] == "Call plumber"  # overdue first
    assert out["tasks"][0]["overdue"] is True
    assert {t["project"] for t in out["tasks"]} == {"Inbox"}
    filters = server.requests_to("/api/v1/tasks/filter")
    assert len(filters) == 2  # page size 2: the cursor was followed
    assert set(out["tasks"][0]) <= {"id", "content", "due", "due_date", "project", "priority", "overdue", "recurring"}


def test_upcoming_window(server):
    server.add_task("Tomorrow thing", due="tomorrow")
    server.add_task("Next week thing", due="in 6 days")
    server.add_task("Far thing", due="in 20 days")
    server.add_task("Late thing", due="3 days ago")  # overdue: todoist_today's business
    names = lambda days: [t["content"] for t in run(registry(server), "todoist_upcoming", days=days).output["tasks"]]  # noqa: E731
    assert names(3) == ["Tomorrow thing"]
    assert names(7) == ["Tomorrow thing", "Next week thing"]
    assert server.requests_to("/api/v1/tasks/filter")  # the server evaluated the filter, not tars


def test_complete_by_id_runs_without_asking(server):
    task = server.add_task("Buy milk", due="today")
    result = run(registry(server), "todoist_complete_task", task_id=task["id"])  # confirm=None: cannot ask
    assert not result.is_error, result.text
    assert server.closed == [task["id"]]


def test_complete_by_text_asks_first_and_is_refused_when_nobody_can_answer(server):
    server.add_task("Buy milk")
    result = run(registry(server), "todoist_complete_task", text="milk")
    assert result.is_error and "--yes" in result.text
    assert server.closed == []
    asked = []
    result = run(registry(server), "todoist_complete_task", confirm=lambda tool, call: asked.append(call) or True,
                 text="milk")
    assert asked and result.output["status"] == "completed"
    assert server.closed and server.tasks == []


def test_ambiguous_text_returns_candidates_and_completes_nothing(server):
    a = server.add_task("Buy milk")
    b = server.add_task("Buy oat milk for the office")
    server.add_task("Email Bob")
    out = run(registry(server), "todoist_complete_task", confirm=lambda *_: True, text="buy milk").output
    # "buy milk" is an exact match for one task: that one, not the other
    assert out["status"] == "completed" and server.closed == [a["id"]]
    server.add_task("Buy milk")
    server.add_task("Milk the cows")
    out = run(registry(server), "todoist_complete_task", confirm=lambda *_: True, text="milk").output
    assert out["status"] == "ambiguous" and out["completed"] is False
    assert {c["content"] for c in out["candidates"]} == {"Buy oat milk for the office", "Buy milk", "Milk the cows"}
    assert server.closed == [a["id"]]
    assert b in server.tasks


def test_no_match_completes_nothing(server):
    server.add_task("Email Bob")
    out = run(registry(server), "todoist_complete_task", confirm=lambda *_: True, text="walk the dog").output
    assert out["status"] == "not found" and server.closed == []


def test_missing_token_names_the_setting(server):
    result = run(registry(server, token=""), "todoist_today")
    assert result.is_error and "TODOIST_API_TOKEN" in result.text
    assert server.requests == []


def test_wrong_token_is_401_without_leaking_it(server):
    result = run(registry(server, token="wrong-secret-value"), "todoist_today")
    assert result.is_error and "401" in result.text and "TODOIST_API_TOKEN" in result.text
    assert "wrong-secret-value" not in result.text


@pytest.mark.parametrize("fault, words", [
    ({"error": 429, "headers": {"Retry-After": "7"}}, ["429", "retry after 7"]),
    ({"error": 500}, ["500", "try again"]),
    ({"error": 503}, ["503"]),
    ({"malformed": True}, ["malformed"]),
])
def test_server_failures_become_clear_error_results(server, fault, words):
    server.script(fault)
    result = run(registry(server), "todoist_today")
    assert result.is_error
    for word in words:
        assert word in result.text.lower()


def test_timeout_gives_up_quickly(server):
    server.script({"delay": 3})
    client = TodoistClient("tok-abcdef123456", server.api, timeout=0.3)
    started = time.monotonic()
    with pytest.raises(TodoistError, match="did not answer"):
        client.tasks()
    assert time.monotonic() - started < 2


def test_connection_refused():
    with TodoistServer() as srv:
        url = srv.api
    with pytest.raises(TodoistError, match="cannot reach Todoist"):
        TodoistClient("t", url, timeout=1).tasks()


def test_task_id_cannot_escape_the_endpoint(server):
    result = run(registry(server), "todoist_complete_task", task_id="../projects")
    assert result.is_error and "invalid arguments" in result.text
    assert server.requests == []


def test_complete_unknown_id_says_so(server):
    result = run(registry(server), "todoist_complete_task", task_id="6X7rM89999Xq")
    assert result.is_error and "no such task" in result.text
