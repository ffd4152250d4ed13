"""OAuth for remote MCP servers, with the SDK's `OAuthClientProvider`.

`tars mcp login NAME` runs the authorization-code flow: discovery, dynamic client registration,
PKCE, the browser sent to the server's login page and the redirect caught on 127.0.0.1 (or, with
no browser here, the user pastes the URL the browser ended on). The client registration and the
tokens are kept in `mcp-oauth/NAME.json` in the data dir (0600, written atomically; a broken one
is moved aside by `tars.statefile`, so the server asks for a login again); a session uses them
and the SDK refreshes an expired token with its refresh token. A session never starts a login
itself: a server that wants one fails with "needs authentication: run tars mcp login NAME".
`tars mcp logout NAME` forgets the tokens.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from mcp.client.auth import OAuthClientProvider
from mcp.shared.auth import AuthorizationCodeResult, OAuthClientInformationFull, OAuthClientMetadata, OAuthToken
from pydantic import BaseModel

from tars.atomic import atomic_write
from tars.statefile import move_aside

__all__ = ["TokenFile", "token_path", "session_auth", "login_auth", "LoginCallback", "NEEDS_LOGIN"]

NEEDS_LOGIN = "needs authentication: run tars mcp login {name}"
_EARLY = 30.0  # seconds before a stored access token expires that a session refreshes it


def token_path(server: str) -> Path:
    from tars.paths import data_dir

    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", server).strip(".") or "server"
    return data_dir() / "mcp-oauth" / f"{safe}.json"


class TokenFile:
    """The SDK's TokenStorage over one private JSON file (registration + tokens) per server."""

    def __init__(self, server: str, url: str) -> None:
        self.path = token_path(server)
        self.url = url

    def _read(self) -> dict[str, Any]:
        """The stored login for this url ({} when none); a file that is not one is moved aside."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            move_aside(self.path, exc.strerror or "unreadable" if isinstance(exc, OSError) else "not JSON")
            return {}
        if not _well_formed(data):
            move_aside(self.path, "not an OAuth login")
            return {}
        return data if data.get("url") == self.url else {}

    def _write(self, key: str, value: dict[str, Any]) -> None:
        data = self._read()
        data.update({"url": self.url, key: value})
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        atomic_write(self.path, json.dumps(data))  # a new file is private (0600)

    @property
    def has_tokens(self) -> bool:
        return bool(self._read().get("tokens"))

    async def get_tokens(self) -> OAuthToken | None:
        raw = dict(self._read().get("tokens") or {})
        raw.pop("expires_at", None)
        return OAuthToken.model_validate(raw) if raw else None

    async def set_tokens(self, tokens: OAuthToken) -> None:
        data = tokens.model_dump(mode="json", exclude_none=True)
        if tokens.expires_in is not None:  # the SDK keeps the expiry in memory only: keep it here
            data["expires_at"] = time.time() + tokens.expires_in
        self._write("tokens", data)

    @property
    def expires_at(self) -> float | None:
        value = (self._read().get("tokens") or {}).get("expires_at")
        return float(value) if isinstance(value, (int, float)) else None

    def save_metadata(self, metadata: Any) -> None:
        """The authorization server's metadata (its token endpoint, for refreshing in a session)."""
        if metadata is not None:
            self._write("server_metadata", metadata.model_dump(mode="json", exclude_none=True))

    def metadata(self) -> Any:
        from mcp.shared.auth import OAuthMetadata

        raw = self._read().get("server_metadata")
        return OAuthMetadata.model_validate(raw) if raw else None

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        raw = self._read().get("client")
        return OAuthClientInformationFull.model_validate(raw) if raw else None

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self._write("client", client_info.model_dump(mode="json", exclude_none=True))

    def forget(self) -> bool:
        try:
            self.path.unlink()
        except FileNotFoundError:
            return False
        return True


def _well_formed(data: Any) -> bool:
    """Whether `data` is what TokenFile writes: each part the SDK's model would accept."""
    from mcp.shared.auth import OAuthMetadata

    if not isinstance(data, dict):
        return False
    parts: dict[str, type[BaseModel]] = {"tokens": OAuthToken, "client": OAuthClientInformationFull,
                                         "server_metadata": OAuthMetadata}
    try:
        for key, model in parts.items():
            if data.get(key):
                model.model_validate({k: v for k, v in data[key].items() if k != "expires_at"})
    except (AttributeError, ValueError):  # not a mapping, or pydantic's ValidationError
        return False
    return True


def _metadata(redirect_uri: str) -> OAuthClientMetadata:
    return OAuthClientMetadata.model_validate({
        "client_name": "tars", "redirect_uris": [redirect_uri],
        "grant_types": ["authorization_code", "refresh_token"], "response_types": ["code"],
        "token_endpoint_auth_method": "none",
    })


class _StoredLogin(OAuthClientProvider):
    """The SDK's provider, started from the stored login: it also knows when the stored access token
    expires and where to refresh it, so an expired token is refreshed rather than sent."""

    async def _initialize(self) -> None:
        await super()._initialize()
        storage = self.context.storage
        if isinstance(storage, TokenFile):
            expires_at = storage.expires_at  # refreshed a little early: a token must not expire on its way
            self.context.token_expiry_time = expires_at - _EARLY if expires_at is not None else None
            self.context.oauth_metadata = self.context.oauth_metadata or storage.metadata()


class NeedsLogin(Exception):
    """A server asked for a login in a session, which cannot run one."""


def session_auth(server: str, url: str) -> OAuthClientProvider | None:
    """The auth for a session's connection: stored tokens (refreshed when they expire), or None
    when the user never logged in. An expired login that cannot be refreshed raises NeedsLogin."""
    storage = TokenFile(server, url)
    if not storage.has_tokens:
        return None

    async def cannot(*_: Any) -> Any:
        raise NeedsLogin(NEEDS_LOGIN.format(name=server))

    return _StoredLogin(url, _metadata("http://127.0.0.1/callback"), storage,
                        redirect_handler=cannot, callback_handler=cannot)


class LoginCallback:
    """Catches the redirect on 127.0.0.1 (a one-page HTTP server) or takes a pasted URL."""

    def __init__(self, *, paste: Callable[[], str | None] | None = None) -> None:
        self.paste = paste  # reads the URL the user pasted (None: nothing to read)
        self._result: dict[str, str] = {}
        self._done = threading.Event()
        handler = self._handler()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.redirect_uri = f"http://127.0.0.1:{self.httpd.server_address[1]}/callback"

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        callback = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the http.server API
                found = callback.take(f"http://127.0.0.1{self.path}")
                body = (b"tars: logged in; you can close this tab." if found
                        else b"tars: this page expects an OAuth redirect.")
                self.send_response(200 if found else 400)
                self.send_header("Content-Type", "text/plain; charset=utf-8")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        return Handler

    def take(self, url: str) -> bool:
        """Accept a redirect URL (caught or pasted) that carries a code or an error."""
        query = parse_qs(urlsplit(url.strip()).query)
        if not query.get("code") and not query.get("error"):
            return False
        self._result = {k: v[0] for k, v in query.items()}
        self._done.set()
        return True

    def start(self) -> None:
        threading.Thread(target=self.httpd.serve_forever, name="tars-oauth-callback", daemon=True).start()
        if self.paste is not None:
            def read() -> None:
                while not self._done.is_set():
                    line = self.paste()  # type: ignore[misc]
                    if line is None:
                        return
                    self.take(line)

            threading.Thread(target=read, name="tars-oauth-paste", daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    async def wait(self, timeout: float) -> AuthorizationCodeResult:
        if not await asyncio.to_thread(self._done.wait, timeout):
            raise TimeoutError(f"no login within {timeout:g} s")
        if "error" in self._result:
            why = self._result.get("error_description") or self._result["error"]
            raise PermissionError(f"the server refused the login: {why}")
        return AuthorizationCodeResult(code=self._result["code"], state=self._result.get("state"),
                                       iss=self._result.get("iss"))


def login_auth(server: str, url: str, callback: LoginCallback, show: Callable[[str], None],
               *, timeout: float = 300.0) -> OAuthClientProvider:
    """The auth for `tars mcp login`: it registers, sends the user to log in and stores the tokens."""
    storage = TokenFile(server, url)

    async def redirect(authorization_url: str) -> None:
        show(authorization_url)

    async def wait() -> AuthorizationCodeResult:
        return await callback.wait(timeout)

    return OAuthClientProvider(url, _metadata(callback.redirect_uri), storage,
                               redirect_handler=redirect, callback_handler=wait)
