"""A local server that speaks the Todoist API v1 (the subset tars uses), with state and faults.

    with TodoistServer(token="secret") as server:       # base URL for tars: server.api
        server.add_project("Work"); server.add_task("Buy milk", due="today", priority=4)
        server.script({"error": 429, "headers": {"Retry-After": "7"}}, {"malformed": True},
                      {"delay": 2})                       # faults for the next requests, in order

Endpoints (under /api/v1): GET projects, GET tasks, GET tasks/filter?query= (today, overdue,
`next N days`, `N days`, `due before: +N days`, joined by `|`; anything else is a 400 like the
real API), POST tasks, POST tasks/{id}/close (204). Lists are cursor-paginated `{"results": [...], "next_cursor"}`
with `page_size` items a page. A wrong bearer token gets the real 401 body.
"""

from __future__ import annotations

import itertools
import re
from datetime import UTC, date, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .base import Handler, ProtocolServer, RecordedRequest

__all__ = ["TodoistServer"]

PREFIX = "/api/v1"


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class TodoistServer(ProtocolServer):
    def __init__(self, *, token: str = "test-token-1234", page_size: int = 2, **kw: Any) -> None:
        super().__init__(**kw)
        self.token = token
        self.page_size = page_size
        self.projects: list[dict] = []
        self.tasks: list[dict] = []
        self.closed: list[str] = []
        self._ids = itertools.count(1)
        self.inbox = self.add_project("Inbox", inbox=True)

    @property
    def api(self) -> str:
        return self.url + PREFIX

    # -- state -------------------------------------------------------------------------------
    def _id(self, prefix: str) -> str:
        return f"{prefix}{next(self._ids):04d}Xq"

    def add_project(self, name: str, *, inbox: bool = False) -> dict:
        project = {"id": self._id("6Jf8VQ"), "name": name, "description": "", "color": "charcoal",
                   "parent_id": None, "child_order": len(self.projects), "is_collapsed": False,
                   "is_shared": False, "is_favorite": False, "is_archived": False, "is_deleted": False,
                   "can_assign_tasks": False, "view_style": "list", "inbox_project": inbox,
                   "created_at": _now(), "updated_at": _now(), "creator_uid": "2671355", "role": None}
        self.projects.append(project)
        return project

    def add_task(self, content: str, *, due: str | None = None, priority: int = 1,
                 project_id: str | None = None, description: str = "") -> dict:
        task = {"id": self._id("6X7rM8"), "user_id": "2671355", "project_id": project_id or self.inbox["id"],
                "section_id": None, "parent_id": None, "added_by_uid": "2671355", "assigned_by_uid": None,
                "responsible_uid": None, "labels": [], "deadline": None, "duration": None, "checked": False,
                "is_deleted": False, "added_at": _now(), "completed_at": None, "updated_at": _now(),
                "due": self._due(due) if due else None, "priority": priority, "child_order": len(self.tasks),
                "content": content, "description": description, "note_count": 0, "day_order": -1,
                "is_collapsed": False}
        self.tasks.append(task)
        return task

    @staticmethod
    def _due(text: str) -> dict:
        today = date.today()
        words = text.lower().strip()
        if words == "today":
            day = today
        elif words == "tomorrow":
            day = today + timedelta(days=1)
        elif words == "yesterday":
            day = today - timedelta(days=1)
        elif m := re.fullmatch(r"in (\d+) days?", words):
            day = today + timedelta(days=int(m.group(1)))
        elif m := re.fullmatch(r"(\d+) days? ago", words):
            day = today - timedelta(days=int(m.group(1)))
        else:
            day = date.fromisoformat(words)
        return {"date": day.isoformat(), "timezone": None, "string": text, "lang": "en", "is_recurring": False}

    def _matches(self, task: dict, query: str) -> bool:
        today = date.today()
        due = date.fromisoformat(task["due"]["date"][:10]) if task.get("due") else None
        for term in (t.strip().lower() for t in query.split("|")):
            if term == "today":
                hit = due == today
            elif term == "overdue":
                hit = due is not None and due < today
            elif m := re.fullmatch(r"(?:next )?(\d+) days", term):
                hit = due is not None and today <= due < today + timedelta(days=int(m.group(1)))
            elif m := re.fullmatch(r"due before: ?\+(\d+) days?", term):
                hit = due is not None and due < today + timedelta(days=int(m.group(1)))
            else:
                raise ValueError(term)
            if hit:
                return True
        return False

    # -- HTTP --------------------------------------------------------------------------------
    def handle(self, handler: Handler, request: RecordedRequest) -> None:
        reply = self.next_reply(request) or {}
        self.wait_before_reply(reply)
        if reply.get("error"):
            body = {"error": reply.get("message", "Service unavailable"), "error_code": reply["error"],
                    "error_extra": {}, "error_tag": "SERVICE_ERROR", "http_code": reply["error"]}
            return handler.send_json(int(reply["error"]), body, reply.get("headers"))
        if reply.get("malformed"):
            data = b'{"results": [{"id": "1", "content": '
            return handler.send_body(200, data)
        if request.headers.get("authorization") != f"Bearer {self.token}":
            return handler.send_json(401, {"error": "Invalid token", "error_code": 401, "error_extra": {},
                                           "error_tag": "AUTH_INVALID_TOKEN", "http_code": 401})
        query = {k: v[-1] for k, v in parse_qs(urlsplit(handler.path).query).items()}
        path = request.path.removeprefix(PREFIX)
        return self._route(handler, request, path, query)

    def _route(self, handler: Handler, request: RecordedRequest, path: str, query: dict) -> None:
        if request.method == "GET" and path == "/projects":
            return self._page(handler, self.projects, query)
        if request.method == "GET" and path == "/tasks":
            return self._page(handler, self.tasks, query)
        if request.method == "GET" and path == "/tasks/filter":
            try:
                found = [t for t in self.tasks if self._matches(t, query.get("query", ""))]
            except ValueError as exc:
                return handler.send_json(400, {"error": f"Invalid filter: {exc}", "error_code": 482,
                                               "error_extra": {}, "error_tag": "INVALID_SEARCH_QUERY",
                                               "http_code": 400})
            return self._page(handler, found, query)
        if request.method == "POST" and path == "/tasks":
            return self._create(handler, request.body or {})
        if request.method == "POST" and (m := re.fullmatch(r"/tasks/([^/]+)/close", path)):
            task = next((t for t in self.tasks if t["id"] == m.group(1)), None)
            if task is None:
                return handler.send_json(404, {"error": "Task not found", "error_code": 478, "error_extra": {},
                                               "error_tag": "NOT_FOUND", "http_code": 404})
            self.tasks.remove(task)
            self.closed.append(task["id"])
            handler.send_response(204)
            handler.send_header("Content-Length", "0")
            handler.end_headers()
            return None
        return handler.send_json(404, {"error": "Not found", "error_code": 404, "http_code": 404})

    def _page(self, handler: Handler, items: list[dict], query: dict) -> None:
        start = int(query.get("cursor") or 0)
        size = min(self.page_size, int(query.get("limit") or 50))
        chunk = items[start:start + size]
        nxt = str(start + size) if start + size < len(items) else None
        handler.send_json(200, {"results": chunk, "next_cursor": nxt})

    def _create(self, handler: Handler, body: dict) -> None:
        content = body.get("content")
        if not isinstance(content, str) or not content:
            return handler.send_json(400, {"error": "Required argument is missing", "error_code": 19,
                                           "error_extra": {"argument": "content"}, "http_code": 400})
        if body.get("project_id") and not any(p["id"] == body["project_id"] for p in self.projects):
            return handler.send_json(404, {"error": "Project not found", "error_code": 478, "http_code": 404})
        due = body.get("due_string") or body.get("due_date") or (body.get("due_datetime") or "")[:10] or None
        task = self.add_task(content, due=due, priority=int(body.get("priority") or 1),
                             project_id=body.get("project_id"), description=body.get("description", ""))
        return handler.send_json(200, task)
