"""`tars mcp login NAME` and `tars mcp logout NAME`: OAuth for remote MCP servers."""

from __future__ import annotations

import typer

__all__ = ["register"]


def register(mcp_app: typer.Typer) -> None:
    @mcp_app.command("login")
    def login_command(
        server: str = typer.Argument(..., help="a remote (http or sse) server as configured"),
        browser: bool = typer.Option(True, "--browser/--no-browser", help="open the login page in a browser"),
        paste: bool = typer.Option(False, "--paste", help="read the URL the browser ended on from stdin "
                                                          "(also offered on a terminal)"),
        timeout: float = typer.Option(300.0, "--timeout", min=1, help="seconds to wait for the login"),
    ) -> None:
        """Log in to a server with OAuth (registration, PKCE, the redirect caught on 127.0.0.1)."""
        import asyncio
        import sys

        from tars.cli.errors import EXIT_FAILED, fail
        from tars.mcp.oauth import token_path

        config = _remote(server)
        try:
            tools = asyncio.run(_login(config, browser=browser, paste=paste or sys.stdin.isatty(), timeout=timeout))
        except Exception as exc:  # noqa: BLE001 - a failed login is one line, never a traceback
            while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
                exc = exc.exceptions[0]  # type: ignore[assignment]
            why = f"login to {server} failed: {type(exc).__name__}: {exc}"
            raise typer.Exit(code=fail(why, EXIT_FAILED)) from None
        if token_path(server).exists():
            print(f"logged in to {server} ({tools} tools); tokens saved in {token_path(server)}")
        else:  # it answered without asking for a login: nothing to keep
            print(f"{server} needs no login: it answered without one ({tools} tools); nothing was saved")

    @mcp_app.command("logout")
    def logout_command(server: str = typer.Argument(..., help="server name as configured")) -> None:
        """Forget a server's OAuth tokens and client registration."""
        from tars.mcp.oauth import TokenFile

        config = _remote(server)
        if TokenFile(config.name, config.url).forget():
            print(f"logged out of {server}")
        else:
            print(f"{server} had no stored login")


def _remote(name: str):
    from tars.cli.settings import load_settings
    from tars.errors import UsageError
    from tars.mcp.config import load_servers

    servers, _ = load_servers(load_settings())
    config = servers.get(name)
    if config is None:
        raise UsageError(f"no MCP server {name!r} is configured (configured: {', '.join(servers) or 'none'})")
    if config.transport == "stdio":
        raise UsageError(f"{name} runs locally over stdio; only remote (http, sse) servers log in")
    return config


async def _login(config, *, browser: bool, paste: bool, timeout: float) -> int:
    """Connect with a login flow; the SDK runs it on the server's 401 and stores the tokens."""
    import sys
    import webbrowser

    from mcp import ClientSession

    from tars.mcp.logs import log_path
    from tars.mcp.oauth import LoginCallback, TokenFile, login_auth
    from tars.mcp.transports import open_transport

    def read_paste() -> str | None:
        line = sys.stdin.readline()
        return line if line else None

    def show(url: str) -> None:
        print(f"Log in to {config.name} at:\n  {url}", file=sys.stderr)
        if paste:
            print("…then come back here; if this machine has no browser, paste the address the "
                  "browser ended on:", file=sys.stderr)
        sys.stderr.flush()
        if browser:
            webbrowser.open(url)

    callback = LoginCallback(paste=read_paste if paste else None)
    callback.start()
    try:
        auth = login_auth(config.name, config.url, callback, show, timeout=timeout)
        path = log_path(config.name)
        path.parent.mkdir(parents=True, exist_ok=True)
        transport = config.transport if config.typed else "http"
        async with open_transport(config, transport, timeout=timeout, log_path=path, auth=auth) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                count = len((await session.list_tools()).tools)
        TokenFile(config.name, config.url).save_metadata(auth.context.oauth_metadata)
        return count
    finally:
        callback.close()
