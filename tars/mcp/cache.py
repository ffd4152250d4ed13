"""The MCP tool cache file: each server's last tool list, kept in the cache dir between sessions.

Written when a server comes up, read before it is up (see `tars.mcp.catalog`). An entry is used
only while the server's definition (command/url) is unchanged.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tars.atomic import atomic_write
from tars.statefile import move_aside

if TYPE_CHECKING:
    from tars.mcp.config import ServerConfig

__all__ = ["cache_path", "read_cache", "store_tools", "cached_definitions"]

_LOCK = threading.Lock()


def cache_path() -> Path:
    from tars.config import cache_dir

    return cache_dir() / "mcp_tools.json"


def read_cache(path: Path | None = None) -> dict[str, Any]:
    """The cache's `servers` mapping ({} when missing; a file that is not the cache is moved aside)."""
    path = path or cache_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        move_aside(path, exc.strerror or "unreadable" if isinstance(exc, OSError) else "not JSON")
        return {}
    servers = data.get("servers") if isinstance(data, dict) else None
    if not isinstance(servers, dict):
        move_aside(path, "not an MCP tool cache")
        return {}
    return servers


def store_tools(server: str, fingerprint: str, definitions: list[dict[str, Any]], path: Path | None = None) -> None:
    """Record one server's tool list (atomically: write a temp file, then rename)."""
    path = path or cache_path()
    with _LOCK:
        servers = read_cache(path)
        servers[server] = {"fingerprint": fingerprint, "updated": int(time.time()), "tools": definitions}
        text = json.dumps({"version": 1, "servers": servers}, ensure_ascii=False, indent=1)
        try:
            atomic_write(path, text)
        except OSError:
            pass  # a cache that cannot be written costs only a slower first message next time


def cached_definitions(servers: dict[str, ServerConfig], path: Path | None = None) -> dict[str, list[dict[str, Any]]]:
    """Configured server name -> its cached tool definitions, for entries whose definition still matches."""
    cache = read_cache(path)
    out = {}
    for name, server in servers.items():
        entry = cache.get(name)
        if isinstance(entry, dict) and entry.get("fingerprint") == server.fingerprint():
            tools = entry.get("tools")
            if isinstance(tools, list) and all(_well_formed(t) for t in tools):
                out[name] = tools
    return out


def _well_formed(definition: Any) -> bool:
    """A cached definition tars can turn into a Tool (the file may have been edited by hand)."""
    return (
        isinstance(definition, dict)
        and isinstance(definition.get("name"), str)
        and isinstance(definition.get("description", ""), str)
        and isinstance(definition.get("input_schema", {}), dict)
        and isinstance(definition.get("annotations", {}), dict)
    )
