"""Address checks for web fetches: only public http(s) hosts, unless the user allow-listed them.

Checked twice: before each request (and each redirect) for a clear message, and again at
connect time on the exact address the socket dials, so DNS rebinding between the check and the
connection cannot reach an internal address.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from tars.errors import ToolError

if TYPE_CHECKING:
    import httpcore
    import httpx

__all__ = ["BlockedAddress", "Guard", "guarded_transport"]


class BlockedAddress(ToolError):
    """The URL's scheme or address is not allowed."""


def _internal(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(ip, ipaddress.IPv6Address):
        mapped = ip.ipv4_mapped or ip.sixtofour
        if mapped is not None:
            return _internal(mapped)
    return (ip.is_loopback or ip.is_private or ip.is_link_local or ip.is_reserved or ip.is_multicast
            or ip.is_unspecified or not ip.is_global)


class Guard:
    """Decides whether a host may be fetched; `allow_hosts` skip the address check."""

    def __init__(self, allow_hosts: Iterable[str] = ()) -> None:
        self.allow = {h.strip().lower().strip("[]") for h in allow_hosts if h.strip()}

    def check_url(self, url: str) -> str:
        """Raise BlockedAddress unless `url` is http(s) to an allowed or public host; return the host."""
        try:
            parts = urlsplit(url)
            parts.port  # noqa: B018 - raises ValueError on a malformed port
        except ValueError:
            raise BlockedAddress(f"{url[:200]!r} is not a valid URL") from None
        if parts.scheme.lower() not in ("http", "https"):
            raise BlockedAddress(f"only http and https URLs can be read, not {parts.scheme or 'a bare path'}:")
        host = (parts.hostname or "").lower()
        if not host:
            raise BlockedAddress(f"{url[:200]!r} has no host")
        if parts.username or parts.password:
            raise BlockedAddress("URLs with user names or passwords are not fetched")
        self.addresses(host, parts.port or (443 if parts.scheme == "https" else 80))
        return host

    def addresses(self, host: str, port: int) -> list[str]:
        """The host's addresses, all of which must be public (unless the host is allow-listed)."""
        host = host.lower().strip("[]")
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except (socket.gaierror, UnicodeError):
            raise BlockedAddress(f"cannot resolve {host!r}") from None
        # an AF_INET/AF_INET6 sockaddr starts with the address as text
        ips = list(dict.fromkeys(str(info[4][0]) for info in infos))
        if host in self.allow:
            return ips
        for ip in ips:
            if _internal(ipaddress.ip_address(ip.split("%")[0])):
                raise BlockedAddress(
                    f"{host} resolves to an internal address ({ip}); refused. "
                    "Add it to TARS_WEB_ALLOW_HOSTS if you trust it")
        return ips


def guarded_transport(guard: Guard) -> httpx.HTTPTransport:
    """An httpx transport whose connections dial only addresses the guard approved."""
    import httpcore
    import httpx

    class GuardedBackend(httpcore.SyncBackend):
        def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None,
                        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None) -> httpcore.NetworkStream:
            last: Exception | None = None
            for ip in guard.addresses(host, port):
                try:
                    return super().connect_tcp(ip, port, timeout, local_address, socket_options)
                except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                    last = exc
            raise last or httpcore.ConnectError(f"cannot connect to {host}")

    transport = httpx.HTTPTransport(trust_env=False)
    # httpx exposes no network-backend option; swap in a pool that uses ours (TLS still verifies
    # the host name, because httpcore passes the origin's name as SNI, not the dialled address).
    transport._pool = httpcore.ConnectionPool(ssl_context=httpx.create_ssl_context(),
                                              network_backend=GuardedBackend())
    return transport
