"""One MCP server's connection, run on the manager's event loop (this module imports the SDK).

The transport and the SDK's `ClientSession` are entered and left inside one long-lived task per
server (`_serve`), so anyio's cancel scopes stay in the task that opened them; calls from other
tasks only send requests over the open session. A call that times out or finds the server gone
marks the connection failed and stops it; the next call starts a fresh one.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession
from mcp.shared.exceptions import MCPError
from mcp_types import CONNECTION_CLOSED, ToolListChangedNotification

from tars.mcp import logs
from tars.mcp.config import ServerConfig
from tars.mcp.content import render_result
from tars.mcp.errors import McpServerDown, McpTimeout, McpToolFailed
from tars.mcp.progress import CallClock, progress_line
from tars.mcp.tools import tool_definition
from tars.mcp.transports import open_transport

__all__ = ["Connection"]


# Seconds idle after which a call first checks that a remote server is still there; a stdio
# server is always checked (a ping costs well under a millisecond), so a call right after a crash
# restarts it at once rather than failing.
_PING_AFTER = 2.0
_MAX_PAGES = 50


class Connection:
    """A server's state (idle, starting, ready, failed, stopped), its session and its calls."""

    def __init__(
        self,
        config: ServerConfig,
        *,
        timeout: float,
        max_timeout: float | None = None,
        log_path: Path,
        on_ready: Callable[[Connection, list[dict[str, Any]]], None],
        on_failed: Callable[[Connection], None],
        features: Any = None,
    ) -> None:
        self.config = config
        self.name = config.name
        self.timeout = timeout
        self.max_timeout = max_timeout if max_timeout is not None else timeout
        self.log_path = log_path
        self.features = features  # tars.mcp.features.Features: sampling, elicitation, roots, progress
        self.transport: str = config.transport  # what worked: a bare URL may have fallen back to sse
        self._log_offset = 0
        self.auth: Any = None  # an OAuth provider for this connection only (`tars mcp login`)
        self.unauthorized = False  # the server answered 401: a login is needed
        self.state = "idle"
        self.error = ""
        self.starts = 0
        self.broke = False  # failed while running (restart on next use), as opposed to failing to start
        self._on_ready = on_ready
        self._on_failed = on_failed
        self._session: ClientSession | None = None
        self._task: asyncio.Task[None] | None = None
        self._stop: asyncio.Event | None = None
        self._ready: asyncio.Future[bool] | None = None
        self._last_ok = 0.0
        self._old_tasks: set[asyncio.Task[None]] = set()

    # -- life cycle ---------------------------------------------------------------------------
    def start(self) -> None:
        """Start (or restart) the server unless it is already starting or running."""
        if self._task is not None and not self._task.done() and not (self._stop and self._stop.is_set()):
            return
        if self._task is not None and not self._task.done():
            self._old_tasks.add(self._task)  # still shutting down; let it finish on its own
            self._task.add_done_callback(self._old_tasks.discard)
        loop = asyncio.get_running_loop()
        self.state, self.error = "starting", ""
        self.starts += 1
        self._stop = asyncio.Event()
        self._ready = loop.create_future()
        self._task = loop.create_task(self._serve(self._stop, self._ready), name=f"mcp:{self.name}")

    async def stop(self, wait: float = 6.0) -> None:
        """Stop the server (closing a stdio server's stdin, then terminating it) and wait a while."""
        if self._stop is not None:
            self._stop.set()
        tasks = {t for t in (self._task, *self._old_tasks) if t is not None and not t.done()}
        if tasks:
            await asyncio.wait(tasks, timeout=wait)
        if self.state in ("ready", "starting"):
            self.state = "stopped"

    async def _serve(self, stop: asyncio.Event, ready: asyncio.Future[bool]) -> None:
        opened: ClientSession | None = None
        self._log_offset = logs.begin_run(self.log_path, self.config.target)
        self.unauthorized = False
        candidates = [self.transport] if self.config.typed or self.transport != "http" else ["http", "sse"]
        tried: list[str] = []
        try:
            for transport in candidates:
                try:
                    async with open_transport(self.config, transport, timeout=self.timeout, log_path=self.log_path,
                                              auth=self.auth, on_status=self._heard) as (read, write):
                        async with ClientSession(read, write, **self._session_kwargs()) as session:
                            await self._handshake(session, transport, tried)
                            definitions = await _list_tools(session)
                            opened = self._session = session
                            self.transport = transport
                            self._last_ok = time.monotonic()
                            self.state = "ready"
                            ready.set_result(True)
                            self._on_ready(self, definitions)
                            await stop.wait()
                    return
                except Exception as exc:  # noqa: BLE001 - an untyped URL tries the next transport
                    if (opened is not None or transport == candidates[-1] or self.state != "starting"
                            or self.unauthorized):
                        raise
                    tried.append(f"as Streamable HTTP: {self._describe(exc)}")
        except BaseException as exc:  # noqa: BLE001 - every failure becomes a state, never a crash
            if not stop.is_set() and self.state in ("starting", "ready"):
                if opened is None:
                    self._fail("; ".join([*tried, ("as SSE: " if tried else "") + self._describe(exc)]))
                else:  # it was running: keep its tools, start it again on the next call
                    self._fail(f"stopped unexpectedly ({self._describe(exc)}); restarts on next use", broke=True)
            if isinstance(exc, asyncio.CancelledError):
                raise
        finally:
            if opened is not None and self._session is opened:  # a restarted task may own it by now
                self._session = None
            if not ready.done():
                ready.set_result(False)

    async def _handshake(self, session: ClientSession, transport: str, tried: list[str]) -> None:
        """Initialize within the start timeout; a hang is failed at once (before the slow teardown)."""
        try:
            with anyio.fail_after(self.timeout):
                await session.initialize()
        except TimeoutError:
            self._fail("; ".join([*tried, f"did not answer within {self.timeout:g} s of starting"]))
            raise

    def _session_kwargs(self) -> dict[str, Any]:
        """The ClientSession's identity and callbacks: tars's name and version, logs, and the features."""
        from mcp_types import Implementation

        kwargs: dict[str, Any] = {
            "message_handler": self._on_message,
            "logging_callback": self._on_log,
            "client_info": Implementation(name="tars", version=_version()),
        }
        if self.features is not None:
            kwargs.update(self.features.session_kwargs(self))
        return kwargs

    async def roots_changed(self) -> None:
        """Announce a change of roots to the server, when it is running."""
        session = self._session
        if session is None or self.state != "ready":
            return
        import warnings

        try:
            with anyio.fail_after(5), warnings.catch_warnings():
                warnings.simplefilter("ignore")  # the SDK marks roots deprecated for a future protocol
                await session.send_roots_list_changed()
        except Exception:  # noqa: BLE001 - the next call shows any trouble with the server
            pass

    async def _on_log(self, params: Any) -> None:
        """A server's log message goes to its log file (never to the terminal)."""
        logs.append_message(self.log_path, str(params.level), params.logger, params.data)

    async def _on_message(self, message: Any) -> None:
        """A server's `tools/list_changed` re-lists its tools (in a task of its own, not the reader's)."""
        if isinstance(message, ToolListChangedNotification) and self.state == "ready":
            task = asyncio.get_running_loop().create_task(self._relist())
            self._old_tasks.add(task)
            task.add_done_callback(self._old_tasks.discard)

    async def _relist(self) -> None:
        session = self._session
        if session is None:
            return
        try:
            with anyio.fail_after(self.timeout):
                definitions = await _list_tools(session)
        except Exception:  # noqa: BLE001 - keep the tools we have; the next call shows any trouble
            return
        if self._session is session:
            self._on_ready(self, definitions)

    def _heard(self, status: int) -> None:
        if status == 401:
            self.unauthorized = True

    def _fail(self, why: str, *, broke: bool = False) -> None:
        """Mark the server failed; `broke`: it was running (restart on next use), else it never started."""
        self.state, self.error, self.broke = "failed", why, broke
        if self._stop is not None:
            self._stop.set()
        self._on_failed(self)

    def _describe(self, exc: BaseException) -> str:
        """One line saying why the server is not usable, with its last stderr line when there is one."""
        exc = _leaf(exc)
        if self.unauthorized or type(exc).__name__ == "NeedsLogin" or " 401 " in str(exc):
            from tars.mcp.oauth import NEEDS_LOGIN

            return NEEDS_LOGIN.format(name=self.name)
        if isinstance(exc, TimeoutError):
            why = f"did not answer within {self.timeout:g} s of starting"
        elif isinstance(exc, MCPError) and exc.code == CONNECTION_CLOSED:
            why = "exited before it was ready"
        elif isinstance(exc, FileNotFoundError):
            why = f"command not found: {self.config.command}"
        elif self.config.url and type(exc).__name__ in ("ConnectError", "ConnectTimeout"):
            why = f"cannot connect to {_host(self.config.url)} ({exc})"
        else:
            why = f"{type(exc).__name__}: {exc}".strip().rstrip(":")
            why = why.replace(self.config.url, "<url>") if self.config.url else why
        tail = self.stderr_tail()
        return f"{why} ({tail})" if tail else why

    def stderr_tail(self) -> str:
        """The last line this run of a stdio server wrote to its log, cut to 200 characters."""
        if self.config.transport != "stdio":
            return ""
        lines = logs.run_lines(self.log_path, self._log_offset)
        return lines[-1].strip()[:200] if lines else ""

    # -- calls --------------------------------------------------------------------------------
    async def ensure_ready(self) -> ClientSession:
        """The open session, starting or restarting the server first when needed."""
        self.start()
        assert self._ready is not None
        await asyncio.shield(self._ready)
        if self.state != "ready" or self._session is None:
            raise McpServerDown(f"MCP server {self.name!r} is not available: {self.error or self.state}")
        idle = time.monotonic() - self._last_ok
        if idle > (0.0 if self.transport == "stdio" else _PING_AFTER) and not await self._alive(self._session):
            self._fail("stopped while idle; restarting", broke=True)
            return await self.ensure_ready()
        return self._session

    async def _alive(self, session: ClientSession, within: float = 5.0) -> bool:
        try:
            with anyio.fail_after(min(within, self.timeout)):
                await session.send_ping()
        except Exception:  # noqa: BLE001 - any failure means "gone"
            return False
        self._last_ok = time.monotonic()
        return True

    async def call(self, tool: str, arguments: dict[str, Any],
                   on_progress: Callable[[str], None] | None = None) -> Any:
        """Run one tool; returns what the model sees, or raises an McpToolFailed/ServerDown/Timeout.

        Progress is requested: each notification is shown through `on_progress` and extends the
        call's deadline (see `CallClock`). Cancelling the task (Ctrl-C) cancels the request."""
        session = await self.ensure_ready()
        label = f"{self.name}.{tool}"
        clock = CallClock(self.timeout, self.max_timeout)

        async def progressed(progress: float, total: float | None, message: str | None) -> None:
            clock.bump()
            if on_progress is not None:
                on_progress(progress_line(label, progress, total, message))

        result = None
        try:
            with clock.scope:
                result = await session.call_tool(tool, arguments, progress_callback=progressed)
            logs.bound(self.log_path)  # what a stdio server wrote to stderr meanwhile
        except MCPError as exc:
            if exc.code == CONNECTION_CLOSED:
                raise self._down(label) from None
            raise McpToolFailed(f"{label}: {exc.message}") from None
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream, OSError) as exc:
            raise self._down(label, exc) from None
        if result is None:  # the clock ran out: the request was cancelled on the server
            raise await self._timed_out(session, label, clock)
        self._last_ok = time.monotonic()
        output = render_result(result.content, result.structured_content)
        if result.is_error:
            text = output if isinstance(output, str) else getattr(output, "text", None) or str(output)
            raise McpToolFailed(text if text != "(no output)" else f"{label} reported an error")
        return output

    async def _timed_out(self, session: ClientSession, label: str, clock: CallClock) -> McpTimeout:
        """The error for a call whose clock ran out; a server that no longer answers pings restarts."""
        waited = f"{clock.elapsed():.0f} s"
        if clock.hit_maximum and clock.updates:
            why = f"{label} was still reporting progress after {waited} (TARS_MCP_MAX_TIMEOUT); cancelled"
        else:
            why = f"{label} did not answer within {self.timeout:g} s without progress; cancelled"
        if not await self._alive(session, within=1.0):
            self._fail(f"stopped answering during {label}; restarts on next use", broke=True)
            why += "; the server stopped answering and will be restarted on its next use"
        return McpTimeout(why)

    def _down(self, label: str, exc: BaseException | None = None) -> McpServerDown:
        tail = self.stderr_tail()
        why = "exited during a call" + (f" ({tail})" if tail else "")
        if self.config.transport != "stdio":
            why = "connection lost during a call" + (f" ({type(exc).__name__})" if exc is not None else "")
        self._fail(f"{why}; restarts on next use", broke=True)
        return McpServerDown(f"MCP server {self.name!r}: {why} to {label}; it will be restarted on its next use")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tars")
    except PackageNotFoundError:
        return "0.0.0"


def _host(url: str) -> str:
    """host:port of a URL, without any credentials it may carry."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    return f"{parts.hostname}:{parts.port}" if parts.port else str(parts.hostname)


def _leaf(exc: BaseException) -> BaseException:
    """The first real exception inside anyio's exception groups."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


async def _list_tools(session: ClientSession) -> list[dict[str, Any]]:
    """Every tool the server offers, following pagination (bounded)."""
    from mcp_types import PaginatedRequestParams

    result = await session.list_tools()
    tools = list(result.tools)
    for _ in range(_MAX_PAGES):
        if not result.next_cursor:
            break
        result = await session.list_tools(params=PaginatedRequestParams(cursor=result.next_cursor))
        tools.extend(result.tools)
    return [tool_definition(t) for t in tools if not _needs_task(t)]


def _needs_task(tool: Any) -> bool:
    """A tool that runs only as a task (task augmentation, not supported yet) is not offered."""
    execution = getattr(tool, "execution", None)
    return getattr(execution, "task_support", None) == "required"
