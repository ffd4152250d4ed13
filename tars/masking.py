"""Hiding secrets wherever settings are shown or logged: whole secrets, and secrets inside values.

A secret setting shows only its last 4 characters. Inside other values: the password of a
`user:pw@` URL, token-like query parameters (`?token=`, `api_key=`, ...), every header and
environment value of an MCP server entry, and `--token=...`-style arguments.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

__all__ = ["server_mapping", "mask", "mask_url", "mask_text", "mask_servers", "mask_entry", "mask_setting",
           "secret_name"]

_SECRET_NAME = re.compile(r"(?i)token|key|secret|passw|pwd|auth|signature|\bsig\b|credential|session|cookie|bearer")
_URL = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*://[^\s\"'<>]+")
_SECRET_ARG = re.compile(r"(?i)^(--?[\w.-]*(?:token|key|secret|passw|pwd|auth|credential)[\w.-]*=)(.+)$")


def secret_name(name: str) -> bool:
    """Whether a variable, header or parameter name says its value is a secret."""
    return bool(_SECRET_NAME.search(name))


def mask(secret: str) -> str:
    """Show only that a secret is set and its last 4 characters (nothing of a short one)."""
    return "****" + secret[-4:] if len(secret) > 8 else "****"


def mask_url(url: str) -> str:
    """`url` with the password of its user info and token-like query values masked."""
    try:
        parts = urlsplit(url)
        netloc = parts.netloc
        if "@" in netloc:
            userinfo, _, host = netloc.rpartition("@")
            user, sep, _password = userinfo.partition(":")
            netloc = f"{user}:****@{host}" if sep else f"****@{host}"
        query = parts.query
        if query:
            pairs = parse_qsl(query, keep_blank_values=True)
            if any(_SECRET_NAME.search(k) for k, _ in pairs):
                query = urlencode([(k, "****" if _SECRET_NAME.search(k) else v) for k, v in pairs], safe="*")
        return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))
    except ValueError:
        return "****"


def mask_text(text: str) -> str:
    """Every URL inside free text masked (error messages, listings)."""
    return _URL.sub(lambda m: mask_url(m.group()), text)


def _mask_arg(arg: str) -> str:
    match = _SECRET_ARG.match(arg)
    return match.group(1) + mask(match.group(2)) if match else mask_text(arg)


def mask_entry(entry: Any) -> Any:
    """One MCP server entry with env and header values, URLs and secret-looking args masked."""
    if not isinstance(entry, dict):
        return entry
    out = dict(entry)
    for key in ("env", "headers"):
        if isinstance(out.get(key), dict):
            out[key] = {k: mask(str(v)) for k, v in out[key].items()}
    if isinstance(out.get("url"), str):
        out["url"] = mask_url(out["url"])
    if isinstance(out.get("args"), list):
        out["args"] = [_mask_arg(a) if isinstance(a, str) else a for a in out["args"]]
    if isinstance(out.get("command"), str):
        out["command"] = mask_text(out["command"])
    return out


def server_mapping(data: Any) -> tuple[str | None, Any]:
    """The servers of an MCP config value and the key they are under: `mcpServers` (Claude's),
    `servers` (VS Code's) or none (the bare mapping)."""
    if isinstance(data, dict):
        for key in ("mcpServers", "servers"):
            if isinstance(data.get(key), dict):
                return key, data[key]
    return None, data


def mask_servers(data: Any) -> Any:
    """An MCP config JSON value (wrapped or bare) with every entry masked."""
    key, servers = server_mapping(data)
    if key is not None:
        return {**data, key: mask_servers(servers)}
    if isinstance(data, dict):
        return {name: mask_entry(entry) for name, entry in data.items()}
    return data


def mask_setting(env: str, value: str, *, secret: bool = False) -> str:
    """The text to show for a setting's value."""
    if not value:
        return value
    if secret:
        return mask(value)
    if env == "TARS_MCP_SERVERS":
        try:
            return json.dumps(mask_servers(json.loads(value)), ensure_ascii=False)
        except ValueError:
            return f"**** (not valid JSON, {len(value)} characters)"
    return mask_text(value)
