"""The MCP manager: every configured server, started concurrently on a background event loop.

A daemon thread runs one asyncio loop; each server's connection lives in a task there. Tools are
registered with the session's ToolRegistry as each server becomes ready (the registry tells the
router). A tool call from the session's thread is submitted to the loop and waited for. Failures
are told once through `on_notice` (or queued for `take_notices()` when nobody listens); the
session never dies with a server. The `mcp` SDK is imported in the background thread, never on start-up.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tars.mcp import shutdown
from tars.mcp.cache import cached_definitions, store_tools
from tars.mcp.config import ServerConfig, load_servers
from tars.mcp.errors import McpInterrupted, McpServerDown, McpTimeout, McpToolFailed
from tars.mcp.logs import log_path
from tars.mcp.tools import McpTool, assign_prefixes, make_tools, tool_timeout

if TYPE_CHECKING:
    from tars.config import Config

__all__ = ["McpManager"]

Notice = Callable[[str], None]


class McpManager:
    """Connections to the configured servers, their tools, state and calls."""

    def __init__(
        self,
        servers: dict[str, ServerConfig],
        *,
        registry: Any = None,
        timeout: float = 30.0,
        max_timeout: float | None = None,
        on_notice: Notice | None = None,
        problems: list[str] | None = None,
        features: Any = None,
    ) -> None:
        self.servers = dict(servers)
        self.registry = registry
        self.timeout = timeout
        self.max_timeout = max(timeout, max_timeout if max_timeout is not None else timeout)
        self.features = features  # tars.mcp.features.Features, or None: no sampling/elicitation/roots
        self.on_progress: Notice | None = None  # a running call's progress line (the turn's printer)
        self._running: dict[str, set[concurrent.futures.Future[Any]]] = {}
        self.on_notice = on_notice
        self.notices: list[str] = []  # every notice so far (each told once)
        self._unread: list[str] = []  # told to nobody yet: no on_notice callback was given
        self.problems = list(problems or [])
        self.prefixes, self.clashes = assign_prefixes(self.servers)
        self._tools: dict[str, list[McpTool]] = {}
        self._conns: dict[str, Any] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._started = threading.Event()
        self._lock = threading.Lock()
        self._closed = False
        self._requested: set[str] = set()
        self._import_error = ""  # set when the SDK cannot be imported: every server is then failed
        self.policy_names: tuple[str, ...] = ()  # TARS_TOOL_POLICY's names, checked as tools become known

    @classmethod
    def from_config(
        cls,
        config: Config,
        *,
        registry: Any = None,
        on_notice: Notice | None = None,
        autostart: bool = True,
        loaded: tuple[dict[str, ServerConfig], list[str]] | None = None,
        features: Any = None,
    ) -> McpManager:
        """A manager for every server the config names (`loaded`: already read by the caller).

        Config problems and name clashes are told at once; with autostart the servers' cached
        tools are offered and every server starts in the background.
        """
        servers, problems = loaded if loaded is not None else load_servers(config)
        manager = cls(
            servers,
            registry=registry,
            timeout=config.mcp_timeout,
            max_timeout=config.mcp_max_timeout,
            on_notice=on_notice,
            problems=problems,
            features=features,
        )
        for line in [*problems, *manager.clashes]:
            manager._notice(line)
        manager.policy_names = tuple(config.tool_policy)
        if autostart and servers:
            manager.register_cached()
            manager.start()
        manager._check_policies()
        return manager

    # -- background loop ----------------------------------------------------------------------
    def _ensure_loop(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run_loop, name="tars-mcp", daemon=True)
                self._thread.start()
                shutdown.watch(self)
        self._started.wait()
        assert self._loop is not None
        return self._loop

    def _run_loop(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)
        self._started.set()
        loop.run_forever()

    def _connection(self, name: str) -> Any:
        """The server's Connection, made on first use in the loop thread (where the SDK is imported)."""
        conn = self._conns.get(name)
        if conn is not None:
            return conn
        try:
            from tars.mcp.connection import Connection
        except Exception as exc:  # noqa: BLE001 - a broken SDK install must not take tars down
            self._import_error = f"the mcp package cannot be imported ({type(exc).__name__}: {exc})"
            raise McpServerDown(self._import_error) from None
        conn = self._conns[name] = Connection(
            self.servers[name],
            timeout=self.timeout,
            max_timeout=self.max_timeout,
            log_path=log_path(name),
            on_ready=self._ready,
            on_failed=self._failed,
            features=self.features,
        )
        return conn

    def _submit(self, coro: Any) -> concurrent.futures.Future[Any]:
        loop = self._ensure_loop()
        return asyncio.run_coroutine_threadsafe(coro, loop)

    def start(self, names: list[str] | None = None) -> None:
        """Start servers (all by default) in the background; returns at once."""
        names = list(self.servers) if names is None else names
        self._requested.update(names)
        self._submit(self._start(names))

    async def _start(self, names: list[str]) -> None:
        for name in names:
            try:
                self._connection(name).start()
            except McpServerDown as exc:
                self._notice(str(exc))
                return

    # -- registry and notices -----------------------------------------------------------------
    def register_cached(self) -> None:
        """Offer each server's last known tools now, so the router knows them before servers are up."""
        for name, definitions in cached_definitions(self.servers).items():
            tools, _ = make_tools(name, self.prefixes[name], definitions, self.call, timeout=self._tool_timeout,
                                  cancel=self.cancel_calls)
            self._set_tools(name, tools)

    @property
    def _tool_timeout(self) -> float:
        return tool_timeout(self.timeout, self.max_timeout)

    def _set_tools(self, name: str, tools: list[McpTool]) -> None:
        self._tools[name] = tools
        if self.registry is None:
            return
        try:
            self.registry.replace_source(name, tools)
        except Exception as exc:  # noqa: BLE001 - a listener's bug (e.g. the router's) must not fail the server
            self._notice(f"MCP server {name}: registering its tools failed ({type(exc).__name__}: {exc})")

    def _ready(self, conn: Any, definitions: list[dict[str, Any]]) -> None:
        tools, clashes = make_tools(conn.name, self.prefixes[conn.name], definitions, self.call,
                                    timeout=self._tool_timeout, cancel=self.cancel_calls)
        for line in clashes:
            if line not in self.clashes:
                self.clashes.append(line)
                self._notice(line)
        self._set_tools(conn.name, tools)
        store_tools(conn.name, conn.config.fingerprint(), definitions)
        self._check_policies()

    def _check_policies(self) -> None:
        """A notice for each policy name that names none of the tools known now."""
        for line in self.policy_warnings():
            self._notice(line)

    def policy_warnings(self) -> list[str]:
        """A line for each TARS_TOOL_POLICY name that names none of the tools known now."""
        from tars.mcp.policies import unknown_names

        registered = [t.name for t in self.registry] if self.registry is not None else []
        known = dict.fromkeys([*registered, *(t.name for tools in self._tools.values() for t in tools)])
        return unknown_names(self.policy_names, self.prefixes, self._tools, known)

    def _failed(self, conn: Any) -> None:
        if conn.broke:
            self._notice(f"MCP server {conn.name}: {conn.error}")
            return
        # A server that could not start: say so once and withdraw its (cached) tools.
        self._notice(f"MCP server {conn.name} failed to start: {conn.error}")
        self._set_tools(conn.name, [])

    def _notice(self, text: str) -> None:
        if text in self.notices:
            return
        self.notices.append(text)
        if self.on_notice is None:
            self._unread.append(text)
        else:
            try:
                self.on_notice(text)
            except Exception:  # noqa: BLE001 - a broken display must not break MCP
                pass

    def take_notices(self) -> list[str]:
        """Notices not yet shown (when no `on_notice` was given): the session shows them once."""
        taken, self._unread = self._unread, []
        return taken

    # -- calls and status ---------------------------------------------------------------------
    def call(self, server: str, tool: str, arguments: dict[str, Any]) -> Any:
        """Run `tool` on `server` (starting it if needed) and wait; raises ToolError subclasses."""
        if server not in self.servers:
            raise McpServerDown(f"no MCP server called {server!r} is configured")
        if self._closed:
            raise McpServerDown("MCP servers were shut down with the session")
        future = self._submit(self._call(server, tool, arguments))
        running = self._running.setdefault(server, set())
        running.add(future)
        limit = self.timeout + self.max_timeout + 5  # a start, then the longest call; the call's own clock fires first
        try:
            return future.result(timeout=limit)
        except concurrent.futures.TimeoutError:
            future.cancel()
            raise McpTimeout(f"{server}.{tool} did not finish within {limit:g} s") from None
        except concurrent.futures.CancelledError:
            raise McpInterrupted(f"{server}.{tool} was interrupted; the server was asked to cancel it") from None
        except KeyboardInterrupt:
            future.cancel()  # cancels the request on the server too
            raise
        finally:
            running.discard(future)

    def cancel_calls(self, server: str) -> None:
        """Cancel the server's running calls (Ctrl-C): each sends `notifications/cancelled`."""
        for future in list(self._running.get(server, ())):
            future.cancel()

    async def _call(self, server: str, tool: str, arguments: dict[str, Any]) -> Any:
        self._requested.add(server)
        return await self._connection(server).call(tool, arguments, on_progress=self._progress)

    def run(self, server: str, job: Callable[[Any], Any], timeout: float | None = None) -> Any:
        """Run `job(session)` (a coroutine function, e.g. from tars.mcp.resources) on a server's
        open session, starting the server if needed; raises McpServerDown when it is unavailable."""
        if server not in self.servers:
            raise McpServerDown(f"no MCP server called {server!r} is configured")
        self._requested.add(server)

        async def go() -> Any:
            from mcp.shared.exceptions import MCPError

            session = await self._connection(server).ensure_ready()
            try:
                return await job(session)
            except MCPError as exc:
                raise McpToolFailed(f"MCP server {server!r}: {exc.message}") from None

        try:
            return self._submit(go()).result(timeout=timeout or self.timeout + 5)
        except concurrent.futures.TimeoutError:
            raise McpTimeout(f"MCP server {server!r} did not answer in time") from None

    def show_on(self, progress: Notice | None, before_asking: Callable[[], None] | None) -> None:
        """Where a turn shows progress lines, and what closes its display before a question."""
        self.on_progress = progress
        if self.features is not None:
            self.features.asker.before = before_asking

    def roots_changed(self) -> None:
        """Tell every running server that the roots changed (`notifications/roots/list_changed`)."""
        async def tell() -> None:
            for conn in list(self._conns.values()):
                await conn.roots_changed()

        if self._loop is not None and not self._closed:
            self._submit(tell()).result(timeout=5)

    def _progress(self, line: str) -> None:
        if self.on_progress is not None:
            try:
                self.on_progress(line)
            except Exception:  # noqa: BLE001 - a display fault must not fail the call
                pass

    def wait(self, timeout: float | None = None, names: list[str] | None = None) -> bool:
        """Wait until the named (or all) started servers are ready or failed; True when none is starting."""
        import time

        deadline = time.monotonic() + (self.timeout + 2 if timeout is None else timeout)
        while time.monotonic() < deadline:
            states = [row["state"] for row in self.status() if names is None or row["name"] in names]
            if "starting" not in states:
                return True
            time.sleep(0.05)
        return False

    def status(self) -> list[dict[str, Any]]:
        """Per server: name, transport, target, state (idle/starting/ready/failed/stopped), error, tools."""
        rows = []
        for name, config in self.servers.items():
            conn = self._conns.get(name)
            if conn is not None:
                state, error = conn.state, conn.error
            elif self._import_error:
                state, error = "failed", self._import_error
            else:
                state, error = ("starting" if name in self._requested else "idle"), ""
            rows.append({
                "name": name,
                "transport": conn.transport if conn is not None else config.transport,
                "target": config.target,
                "source": config.source,
                "state": state,
                "error": error,
                "tools": [t.name for t in self._tools.get(name, [])],
            })
        return rows

    def tools(self, server: str | None = None) -> list[McpTool]:
        """The tools currently offered (of one server, or all)."""
        if server is not None:
            return list(self._tools.get(server, []))
        return [t for tools in self._tools.values() for t in tools]

    def restart(self, name: str) -> None:
        """Stop a server and start it again (the `/mcp restart` command)."""
        async def again() -> None:
            conn = self._connection(name)
            await conn.stop(wait=3)
            conn.start()

        self._submit(again()).result(timeout=10)

    def close(self, timeout: float = 5.0) -> None:
        """Stop every server and the loop; bounded, safe to call twice."""
        if self._closed or self._loop is None:
            self._closed = True
            return
        self._closed = True

        async def stop_all() -> None:
            await asyncio.gather(*(c.stop(wait=timeout) for c in self._conns.values()), return_exceptions=True)

        try:
            asyncio.run_coroutine_threadsafe(stop_all(), self._loop).result(timeout=timeout + 1)
        except Exception:  # noqa: BLE001 - closing is best effort
            pass
        self._loop.call_soon_threadsafe(self._loop.stop)
