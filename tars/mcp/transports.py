"""How tars reaches a server: a stdio subprocess with a minimal environment, Streamable HTTP or
SSE (with the stored OAuth login, when there is one), as the SDK's transport streams."""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from mcp import StdioServerParameters, stdio_client
from mcp.client.sse import sse_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from tars.mcp.config import ServerConfig

__all__ = ["open_transport", "minimal_env"]

# The SDK logs transport trouble as warnings; with no handler Python would print them on the
# user's terminal. tars reports failures itself (states and notices), so they stay quiet.
_sdk_log = logging.getLogger("mcp")
_sdk_log.addHandler(logging.NullHandler())
_sdk_log.propagate = False

# What a stdio server inherits from tars's environment; everything else (API keys, tokens) stays
# behind unless the server's entry lists it in `env`.
_INHERITED = ("PATH", "HOME", "USER", "LOGNAME", "SHELL", "TERM", "TMPDIR", "TZ", "LANG", "LANGUAGE")


def minimal_env(extra: dict[str, str]) -> dict[str, str]:
    """PATH, HOME, locale and a few harmless basics, plus the server entry's own `env`."""
    env = {k: v for k in _INHERITED if (v := os.environ.get(k))}
    env.update({k: v for k, v in os.environ.items() if k.startswith("LC_")})
    env.update(extra)
    return env


@asynccontextmanager
async def open_transport(cfg: ServerConfig, transport: str, *, timeout: float, log_path: Path,
                         auth: Any = None, on_status: Callable[[int], None] | None = None) -> AsyncIterator[Any]:
    """The (read, write) streams to the server over `transport`; stdio stderr goes to `log_path`.
    `auth`: an httpx2 Auth (OAuth) for remote servers; None uses the stored login, if any.
    `on_status` hears each HTTP response's status (the SDK keeps only "an error response")."""
    if transport == "stdio":
        # not the working folder: `python -m x` or `npx x` there would run a cloned repo's own code
        # (a project's servers, which the user reviewed, are given its folder as their `cwd`)
        params = StdioServerParameters(command=cfg.command, args=list(cfg.args), env=minimal_env(cfg.env),
                                       cwd=cfg.cwd or str(Path.home()))
        with open(log_path, "a", encoding="utf-8") as errlog:
            async with stdio_client(params, errlog=errlog) as streams:
                yield streams
        return
    if auth is None:
        from tars.mcp.oauth import session_auth

        auth = session_auth(cfg.name, cfg.url)

    def client(headers: Any = None, timeout: Any = None, auth: Any = None) -> Any:
        made = create_mcp_http_client(headers=headers, timeout=timeout, auth=auth)
        if on_status is not None:
            async def heard(response: Any) -> None:
                on_status(response.status_code)

            made.event_hooks["response"].append(heard)
        return made

    if transport == "sse":
        async with sse_client(cfg.url, headers=cfg.headers or None, timeout=timeout, auth=auth,
                              httpx_client_factory=client) as streams:
            yield streams
    else:
        async with client(headers=cfg.headers or None, auth=auth) as http:
            async with streamable_http_client(cfg.url, http_client=http) as streams:
                yield streams
