"""Which MCP servers to run: the `mcpServers` JSON that Claude Desktop and Claude Code use.

Sources, later wins per server name: `mcp_servers.json` in the user config dir < `.mcp.json` in
the working directory (only once the user trusted that file: `tars trust`) < the
`TARS_MCP_SERVERS` setting (a JSON object). Each source may be
`{"mcpServers": {...}}`, VS Code's `{"servers": {...}}` (its `inputs` are not prompted for) or
the bare mapping. A URL without `"type"` is tried as Streamable HTTP, then as SSE. `${VAR}` and
`${VAR:-default}` in commands, args, env, cwd, URLs and headers are expanded from the
environment. A bad entry (or an unreadable source) becomes a problem line naming the server,
and is skipped; the rest still load.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from tars.masking import server_mapping
from tars.trust import TrustList

if TYPE_CHECKING:
    from tars.config import Config

__all__ = ["ServerConfig", "Transport", "load_servers", "parse_servers", "expand", "USER_FILE", "PROJECT_FILE",
           "UNTRUSTED_NOTE"]

USER_FILE = "mcp_servers.json"
PROJECT_FILE = ".mcp.json"

Transport = Literal["stdio", "http", "sse"]

_TYPES: dict[str, Transport] = {
    "stdio": "stdio",
    "http": "http",
    "streamable-http": "http",
    "streamable_http": "http",
    "streamablehttp": "http",
    "sse": "sse",
}
_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")


@dataclass(frozen=True)
class ServerConfig:
    """One configured server, after expansion: a command to spawn or a URL to connect to."""

    name: str
    transport: Transport
    command: str = ""
    args: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    url: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    source: str = ""
    typed: bool = True  # the entry named its transport; a bare URL may fall back from http to sse
    roots: tuple[str, ...] | None = None  # folders offered as roots (None: the working folder)
    sampling_model: str = ""  # the model that answers this server's sampling requests ("": primary)

    @property
    def target(self) -> str:
        """What it runs or where it connects, for listings (headers and env are never shown, secrets
        in URLs and `--token=` arguments are masked)."""
        from tars.masking import mask_entry

        shown = mask_entry({"command": self.command, "args": list(self.args), "url": self.url})
        if self.transport == "stdio":
            return " ".join([shown["command"], *shown["args"]])
        return str(shown["url"])

    def fingerprint(self) -> str:
        """A short hash of what defines the server, so a cached tool list is dropped when it changes."""
        key = json.dumps([self.transport, self.command, self.args, self.url], sort_keys=True)
        return hashlib.sha256(key.encode()).hexdigest()[:16]


def expand(value: str, environ: Mapping[str, str]) -> str:
    """Expand `${VAR}` and `${VAR:-default}`; an unset variable without a default is a ValueError."""

    def one(match: re.Match[str]) -> str:
        name, default = match.group(1), match.group(2)
        if environ.get(name):
            return environ[name]
        if default is not None:
            return default
        if name in environ:
            return ""
        raise ValueError(f"environment variable {name} is not set (write ${{{name}:-default}} for a default)")

    return _VAR.sub(one, value)


def parse_servers(
    data: Any, source: str, environ: Mapping[str, str]
) -> tuple[dict[str, ServerConfig], list[str]]:
    """Parse one source's JSON value: (servers by name, problem lines)."""
    if isinstance(data, dict) and "mcpServers" in data:
        data = data["mcpServers"]
    else:
        data = server_mapping(data)[1]  # VS Code's mcp.json has them under "servers"
    if not isinstance(data, dict):
        return {}, [f"{source}: expected a JSON object of servers (optionally under \"mcpServers\")"]
    servers: dict[str, ServerConfig] = {}
    problems: list[str] = []
    for name, entry in data.items():
        try:
            server = _parse_entry(str(name), entry, source, environ)
        except ValueError as exc:
            problems.append(f"MCP server {name!r} in {source} skipped: {exc}")
            continue
        if server is not None:
            servers[server.name] = server
    return servers, problems


def _parse_entry(name: str, entry: Any, source: str, environ: Mapping[str, str]) -> ServerConfig | None:
    if not name.strip():
        raise ValueError("the server name is empty")
    if name == "builtin":
        raise ValueError("the name 'builtin' is reserved for tars's own tools; rename the server")
    if not isinstance(entry, dict):
        raise ValueError("the entry must be a JSON object with a command or a url")
    if entry.get("disabled") is True:
        return None
    kind = str(entry.get("type") or entry.get("transport") or "").strip().lower()
    if kind and kind not in _TYPES:
        raise ValueError(f"unknown type {kind!r} (use stdio, http, streamable-http or sse)")
    has_command, has_url = "command" in entry, "url" in entry
    if has_command and has_url:
        raise ValueError("give either a command or a url, not both")
    if not kind and not has_command and not has_url:
        raise ValueError('needs "command" (a local server to run) or "url" (a remote server)')
    transport = _TYPES.get(kind) or ("stdio" if has_command else "http")
    extras = _extras(entry, environ)
    if transport == "stdio":
        command = _expand_str(entry.get("command"), "command", environ)
        if not command:
            raise ValueError("a stdio server needs a command")
        cwd = entry.get("cwd")
        return ServerConfig(
            name=name,
            transport="stdio",
            command=command,
            args=tuple(_expand_list(entry.get("args", []), "args", environ)),
            env=_expand_map(entry.get("env", {}), "env", environ),
            cwd=_expand_str(cwd, "cwd", environ) if cwd else None,
            source=source,
            **extras,
        )
    url = _expand_str(entry.get("url"), "url", environ)
    if not url:
        raise ValueError(f'a remote ({transport}) server needs "url" (an http(s) address)')
    if not url.startswith(("http://", "https://")):
        raise ValueError(f"a remote ({transport}) server needs an http(s) url, not {url!r}")
    return ServerConfig(
        name=name,
        transport=transport,
        url=url,
        headers=_expand_map(entry.get("headers", {}), "headers", environ),
        source=source,
        typed=bool(kind),
        **extras,
    )


def _extras(entry: dict[str, Any], environ: Mapping[str, str]) -> dict[str, Any]:
    """The tars-specific keys of an entry: `roots` (folders, or [] for none) and `samplingModel`."""
    out: dict[str, Any] = {}
    if "roots" in entry:
        out["roots"] = tuple(_expand_list(entry["roots"], "roots", environ))
    model = entry.get("samplingModel", entry.get("sampling_model"))
    if model is not None:
        out["sampling_model"] = _expand_str(model, "samplingModel", environ)
    return out


def _expand_str(value: Any, what: str, environ: Mapping[str, str]) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be a string")
    return expand(value, environ).strip()


def _expand_list(value: Any, what: str, environ: Mapping[str, str]) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, (str, int, float)) for v in value):
        raise ValueError(f"{what} must be a list of strings")
    return [expand(str(v), environ) for v in value]


def _expand_map(value: Any, what: str, environ: Mapping[str, str]) -> dict[str, str]:
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be an object of strings")
    out = {}
    for key, val in value.items():
        if not isinstance(val, (str, int, float, bool)):
            raise ValueError(f"{what}.{key} must be a string")
        out[str(key)] = expand(str(val), environ)
    return out


def _read_json_file(path: Path) -> tuple[Any, bytes, str | None]:
    """The file's JSON, its bytes (read once: what is checked for trust is what is used), a problem."""
    try:
        content = path.read_bytes()
        return json.loads(content.decode("utf-8")), content, None
    except FileNotFoundError:
        return None, b"", None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return None, b"", f"{path}: cannot read MCP servers ({exc}); its servers are skipped"


# how the note on a project's servers that await `tars trust` begins: a note, not a failed server
UNTRUSTED_NOTE = "ignored "


def load_servers(
    config: Config | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    user_dir: Path | None = None,
) -> tuple[dict[str, ServerConfig], list[str]]:
    """Every configured server, merged from the three sources (later wins), and problem lines."""
    from tars.config import config_dir

    environ = os.environ if environ is None else environ
    cwd = Path.cwd() if cwd is None else cwd
    user_dir = config_dir() if user_dir is None else user_dir
    servers: dict[str, ServerConfig] = {}
    problems: list[str] = []
    for path in (user_dir / USER_FILE, cwd / PROJECT_FILE):
        data, content, problem = _read_json_file(path)
        if problem:
            problems.append(problem)
        if data is not None and path.name == PROJECT_FILE and not TrustList().is_trusted(path, content):
            problems.append(f"{UNTRUSTED_NOTE}{path}: a project's MCP servers run commands from that folder; "
                            "review the file, then run `tars trust` to allow them")
            continue
        if data is not None:
            found, bad = parse_servers(data, str(path), environ)
            if path.name == PROJECT_FILE:  # a project's servers run in the project, as reviewed
                found = {name: replace(server, cwd=server.cwd or str(path.parent)) for name, server in found.items()}
            servers.update(found)
            problems.extend(bad)
    text = config.mcp_servers if config is not None else environ.get("TARS_MCP_SERVERS", "")
    if text and text.strip():
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            problems.append(f"TARS_MCP_SERVERS is not valid JSON ({exc.msg} at column {exc.colno}); skipped")
        else:
            found, bad = parse_servers(data, "TARS_MCP_SERVERS", environ)
            servers.update(found)
            problems.extend(bad)
    return servers, problems
