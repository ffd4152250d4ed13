"""Todoist tools over the Todoist API v1 (https://api.todoist.com/api/v1), through httpx.

A thin client of the same endpoints the official `todoist-api-python` v4 SDK uses (tasks,
tasks/filter, tasks/{id}/close, projects, cursor-paginated `{"results", "next_cursor"}`). The
SDK is not used because its API URL is a module constant with no base-URL parameter and it
fixes a 60 s read timeout per request, so it can be neither pointed at a test server nor made
to give up quickly.
"""

from __future__ import annotations

import difflib
import re
from datetime import UTC, date, datetime
from typing import Any

from tars.errors import ToolError
from tars.tools.base import Policy, Tool

__all__ = ["TodoistClient", "TodoistError", "todoist_tools"]

MAX_PAGES = 20


class TodoistError(ToolError):
    """Todoist could not be reached or refused the request."""


class TodoistClient:
    """The few Todoist v1 calls tars needs; every failure becomes a TodoistError in plain words."""

    def __init__(self, token: str, base_url: str, *, timeout: float = 10.0) -> None:
        if not token:
            raise TodoistError("Todoist is not set up: set TODOIST_API_TOKEN to your API token "
                               "(Todoist > Settings > Integrations > Developer)")
        self.base_url = base_url.rstrip("/")
        self._token = token
        self.timeout = timeout

    def _request(self, method: str, path: str, *, params: dict | None = None, body: dict | None = None) -> Any:
        import httpx

        try:
            with httpx.Client(timeout=self.timeout) as client:
                resp = client.request(method, f"{self.base_url}/{path}", params=params, json=body,
                                      headers={"Authorization": f"Bearer {self._token}"})
        except httpx.TimeoutException:
            raise TodoistError(f"Todoist did not answer within {self.timeout:g} s; try again later") from None
        except httpx.HTTPError as exc:
            raise TodoistError(f"cannot reach Todoist ({type(exc).__name__})") from None
        _raise_for_status(resp)
        if resp.status_code == 204 or not resp.content:
            return None
        try:
            return resp.json()
        except ValueError:
            raise TodoistError(f"Todoist sent a malformed answer (HTTP {resp.status_code}, not JSON)") from None

    def _pages(self, path: str, params: dict | None = None) -> list[dict]:
        out: list[dict] = []
        cursor = None
        for _ in range(MAX_PAGES):
            data = self._request("GET", path, params={**(params or {}), **({"cursor": cursor} if cursor else {})})
            if not isinstance(data, dict) or not isinstance(data.get("results"), list):
                raise TodoistError("Todoist sent an unexpected answer (no results list)")
            out.extend(r for r in data["results"] if isinstance(r, dict))
            cursor = data.get("next_cursor")
            if not cursor:
                break
        return out

    def projects(self) -> list[dict]:
        return self._pages("projects", {"limit": 200})

    def filter(self, query: str) -> list[dict]:
        return self._pages("tasks/filter", {"query": query, "limit": 200})

    def tasks(self) -> list[dict]:
        return self._pages("tasks", {"limit": 200})

    def add(self, body: dict) -> dict:
        data = self._request("POST", "tasks", body=body)
        if not isinstance(data, dict) or "id" not in data:
            raise TodoistError("Todoist sent an unexpected answer to adding a task")
        return data

    def close(self, task_id: str) -> None:
        self._request("POST", f"tasks/{task_id}/close")


def _raise_for_status(resp) -> None:
    code = resp.status_code
    if code < 400:
        return
    if code in (401, 403):
        raise TodoistError(f"Todoist refused the token (HTTP {code}); check TODOIST_API_TOKEN")
    if code == 404:
        raise TodoistError("Todoist has no such task or project (HTTP 404)")
    if code == 429:
        wait = resp.headers.get("retry-after")
        raise TodoistError("Todoist's rate limit was hit (HTTP 429)" + (f"; retry after {wait} s" if wait else ""))
    if code >= 500:
        raise TodoistError(f"Todoist is having trouble (HTTP {code}); try again later")
    detail = ""
    try:
        detail = str(resp.json().get("error", ""))[:200]
    except Exception:  # an error body that is not JSON says nothing more
        pass
    raise TodoistError(f"Todoist rejected the request (HTTP {code})" + (f": {detail}" if detail else ""))


# -- shaping results ------------------------------------------------------------------------------
def _priority_in(p: int) -> int:
    """The app's p1 (most urgent) .. p4 is the API's 4 .. 1."""
    return 5 - p


def _due(task: dict) -> dict | None:
    due = task.get("due")
    return due if isinstance(due, dict) else None


def _due_date(task: dict) -> str | None:
    due = _due(task)
    return str(due.get("date"))[:10] if due and due.get("date") else None


def summarize(task: dict, projects: dict[str, str] | None = None, today: date | None = None) -> dict[str, Any]:
    """A task as tars shows it: id, content, due, project, priority (p1 = most urgent)."""
    due = _due(task)
    out: dict[str, Any] = {"id": str(task.get("id", "")), "content": str(task.get("content", ""))[:300]}
    if due:
        out["due"] = str(due.get("string") or due.get("date"))
        out["due_date"] = _due_date(task)
        if due.get("is_recurring"):
            out["recurring"] = True
    if projects is not None and task.get("project_id") in projects:
        out["project"] = projects[task["project_id"]]
    try:
        out["priority"] = f"p{_priority_in(int(task.get('priority', 1)))}"
    except (TypeError, ValueError):
        out["priority"] = "p4"
    if today and out.get("due_date") and out["due_date"] < today.isoformat():
        out["overdue"] = True
    return out


def _project_names(client: TodoistClient) -> dict[str, str]:
    return {str(p.get("id")): str(p.get("name", "")) for p in client.projects()}


def _due_fields(due: str) -> dict[str, str]:
    """A date tars resolved goes as Todoist's exact fields (a date, or a UTC time); words as words."""
    due = due.strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", due):
        return {"due_date": due}
    try:
        moment = datetime.fromisoformat(due)
    except ValueError:
        return {"due_string": due}
    if moment.tzinfo is None:
        moment = moment.astimezone()  # the user's local time
    return {"due_datetime": moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")}


def _resolve_project(names: dict[str, str], wanted: str) -> str:
    """Project id by name: exact (case-insensitive), then unique prefix or containment."""
    w = wanted.strip().lstrip("#").casefold()
    for pid, name in names.items():
        if name.casefold() == w:
            return pid
    close = [pid for pid, name in names.items() if name.casefold().startswith(w) or w in name.casefold()]
    if len(close) == 1:
        return close[0]
    listed = ", ".join(sorted(names.values()))
    raise TodoistError(f"no single Todoist project matches {wanted!r}; projects: {listed}")


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def match_tasks(tasks: list[dict], text: str) -> tuple[list[dict], bool]:
    """(matches, decisive): one exact/containing match is decisive; otherwise candidates to ask about."""
    q = " ".join(_words(text))
    exact = [t for t in tasks if " ".join(_words(str(t.get("content", "")))) == q]
    if len(exact) == 1:
        return exact, True
    qw = set(_words(text))
    containing = exact or [t for t in tasks if qw and qw <= set(_words(str(t.get("content", ""))))]
    if len(containing) == 1:
        return containing, True
    if containing:
        return containing, False
    scored = sorted(((difflib.SequenceMatcher(None, q, " ".join(_words(str(t.get("content", ""))))).ratio(), t)
                     for t in tasks), key=lambda p: -p[0])
    return [t for s, t in scored[:5] if s >= 0.5], False


# -- the tools ------------------------------------------------------------------------------------
def todoist_tools(config: Any) -> list[Tool]:
    def client() -> TodoistClient:
        return TodoistClient(config.todoist_api_token, config.todoist_url)

    def add_task(content: str, due: str | None = None, project: str | None = None,
                 priority: int | None = None, description: str | None = None) -> dict:
        c = client()
        body: dict[str, Any] = {"content": content}
        names = None
        if project:
            names = _project_names(c)
            body["project_id"] = _resolve_project(names, project)
        if due:
            body.update(_due_fields(due))
        if priority:
            body["priority"] = _priority_in(priority)
        if description:
            body["description"] = description
        task = c.add(body)
        return {"status": "added", "task": summarize(task, names)}

    def listing(query: str, label: str, *, overdue: bool = True) -> dict:
        c = client()
        today = date.today()
        tasks = [t for t in c.filter(query) if overdue or (_due_date(t) or "") >= today.isoformat()]
        names = _project_names(c) if tasks else {}
        shown = sorted((summarize(t, names, today) for t in tasks),
                       key=lambda t: (t.get("due_date") or "9999", t["priority"]))
        return {"view": label, "count": len(shown), "tasks": shown[:50], "truncated": len(shown) > 50}

    def today() -> dict:
        return listing("today | overdue", f"today ({date.today().isoformat()}) and overdue")

    def upcoming(days: int = 7) -> dict:
        # "due before: +N days" is Todoist filter syntax for today+N (exclusive); it also matches
        # overdue tasks, which todoist_today reports, so they are dropped here
        return listing(f"due before: +{days} days", f"next {days} days from {date.today().isoformat()}",
                       overdue=False)

    def complete(task_id: str | None = None, text: str | None = None) -> dict:
        c = client()
        if task_id:
            c.close(task_id)
            return {"status": "completed", "task_id": task_id}
        if not text:
            raise ToolError("give task_id or text to say which task to complete")
        tasks = c.tasks()
        found, decisive = match_tasks(tasks, text)
        if decisive:
            task = found[0]
            c.close(str(task["id"]))
            return {"status": "completed", "task": summarize(task)}
        if not found:
            return {"status": "not found", "completed": False,
                    "message": f"no open task matches {text!r}; nothing was completed"}
        return {"status": "ambiguous", "completed": False,
                "message": f"{len(found)} open tasks could match {text!r}; nothing was completed. "
                           "Ask the user which one, then call again with its task_id.",
                "candidates": [summarize(t) for t in found[:8]]}

    def complete_policy(arguments: dict) -> Policy:
        return "auto" if arguments.get("task_id") else "ask"

    fam = "tasks"
    return [
        Tool(name="todoist_add_task", family=fam, func=add_task,
             description="Add a task to the user's Todoist. Give only what the user said: `due` in their "
                         "words or as a date, `project` only when they named one; priority 1 is most urgent.",
             parameters={"type": "object", "properties": {
                 "content": {"type": "string", "minLength": 1, "maxLength": 500, "description": "what the task is"},
                 "due": {"type": "string", "maxLength": 150, "description": "when it is due, as the user said it"},
                 "project": {"type": "string", "maxLength": 120, "description": "a project the user named"},
                 "priority": {"type": "integer", "minimum": 1, "maximum": 4},
                 "description": {"type": "string", "maxLength": 2000}},
                 "required": ["content"], "additionalProperties": False}),
        Tool(name="todoist_today", family=fam, func=today,
             description="List the user's Todoist tasks due today, plus overdue ones.",
             parameters={"type": "object", "properties": {}, "additionalProperties": False}),
        Tool(name="todoist_upcoming", family=fam, func=upcoming,
             description="List the user's Todoist tasks due in the next N days (default 7).",
             parameters={"type": "object", "properties": {
                 "days": {"type": "integer", "minimum": 1, "maximum": 30}}, "additionalProperties": False}),
        Tool(name="todoist_complete_task", family=fam, func=complete, policy="ask", policy_for=complete_policy,
             description="Mark a Todoist task done, by task_id (preferred) or by its text. A text that "
                         "matches several tasks completes nothing and returns the candidates.",
             parameters={"type": "object", "properties": {
                 "task_id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
                 "text": {"type": "string", "minLength": 1, "maxLength": 500}},
                 "anyOf": [{"required": ["text"]}, {"required": ["task_id"]}], "additionalProperties": False}),
    ]
