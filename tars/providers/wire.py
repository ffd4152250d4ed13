"""The edge of every provider's wire: whatever a server sends, only tars provider errors leave.

A remote that answers garbage (a malformed event stream, an event without its fields, a body
that is not a stream), that sends nothing but keep-alive pings, or that a setting points at a
malformed URL must be handled like any API failure: an escalated turn falls back, the remote
cools down, a primary's failure is one line naming the server and its setting. Each provider
wraps its request in `wire_faults` and its stream in an idle deadline (`idle_guard`, or
`idle_hooks` where an SDK reads the stream itself and swallows pings).
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from tars.errors import OutputError, ProviderMisconfigured, ProviderUnavailable, TarsError

if TYPE_CHECKING:
    from tars.providers.status import Service

__all__ = ["IdleTimeout", "check_url", "idle_guard", "idle_hooks", "idle_message", "sse_content",
           "wire_faults"]

T = TypeVar("T")
IDLE_SETTING = "TARS_STREAM_IDLE_TIMEOUT"


class IdleTimeout(Exception):
    """Raised inside a stream that sent no content for the idle deadline (pings do not count)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"no content for {seconds:g} s")
        self.seconds = seconds


def idle_message(label: str, seconds: float) -> str:
    return (f"{label} sent no content for {seconds:g} s (only keep-alive pings, or nothing); "
            f"timed out ({IDLE_SETTING})")


def _shown(value: str) -> str:
    """A URL as it may be shown: no `user:password@`, cut short."""
    return re.sub(r"//[^/@\s]*@", "//", value.strip())[:80]


def check_url(value: str, setting: str, provider: str) -> str:
    """`value` if it is a usable http(s) URL; else ProviderMisconfigured naming `setting`."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(value.strip())
        ok = (parts.scheme in ("http", "https") and bool(re.fullmatch(r"[\w.\-:]+", parts.hostname or ""))
              and (parts.port is None or parts.port > 0))
    except ValueError:  # an unclosed [ or a port that is not a number
        ok = False
    if not ok:
        raise ProviderMisconfigured(f"{setting} is not a valid http(s) URL: {_shown(value)!r}", provider=provider)
    return value


def idle_guard(items: Iterable[T], seconds: float, content: Callable[[T], bool]) -> Iterator[T]:
    """`items` as they come; IdleTimeout when an item arrives `seconds` after the last one that
    carried content (a server sending only pings). A server silent altogether is the read
    timeout's job."""
    last = time.monotonic()
    for item in items:
        now = time.monotonic()
        if content(item):
            last = now
        elif now - last > seconds:
            raise IdleTimeout(seconds)
        yield item


def sse_content(line: str) -> bool:
    """Whether a line of an event stream carries content: not a comment, a blank line, or a ping."""
    if not line.strip() or line.startswith(":"):
        return False
    if line.startswith("event:"):
        return line[6:].strip() != "ping"
    return '"ping"' not in line


def _lines(chunks: Iterable[bytes]) -> Iterator[tuple[bytes, str]]:
    """Each raw chunk with the text of the complete lines it ended (bytes pass through as sent)."""
    pending = b""
    for chunk in chunks:
        pending += chunk
        head, _, pending = pending.rpartition(b"\n")
        yield chunk, head.decode("utf-8", "replace")


def _idle_stream(stream: Any, seconds: float) -> Any:
    """`stream` (an httpx byte stream) raising IdleTimeout once only pings came for `seconds`.
    The wrapper subclasses the stream's own SyncByteStream (httpx or httpx2, whichever the SDK
    uses), which the response checks for."""
    base = next((c for c in type(stream).__mro__ if c.__name__ == "SyncByteStream"), None)
    if base is None:
        return stream

    def content(item: tuple[bytes, str]) -> bool:
        return any(sse_content(line) for line in item[1].split("\n"))

    class IdleStream(base):  # type: ignore[misc, valid-type]
        def __iter__(self) -> Iterator[bytes]:
            for chunk, _ in idle_guard(_lines(stream), seconds, content):
                yield chunk

        def close(self) -> None:
            stream.close()

    return IdleStream()


def idle_hooks(seconds: float) -> dict[str, list[Callable[[Any], None]]]:
    """httpx `event_hooks` that put event-stream responses under the idle deadline, for SDKs
    that read the stream themselves and skip the pings before tars sees them."""
    def hook(response: Any) -> None:
        if "event-stream" in response.headers.get("content-type", ""):
            response.stream = _idle_stream(response.stream, seconds)

    return {"response": [hook]}


@contextlib.contextmanager
def wire_faults(service: Service, setting: str, *, idle: float) -> Iterator[None]:
    """Turn whatever else escapes a provider's request into a tars provider error: an idle
    stream into a timeout, anything unreadable into OutputError naming the server and `setting`.
    Errors tars already raised (and Ctrl-C, generator close) pass untouched."""
    try:
        yield
    except TarsError:
        raise
    except IdleTimeout as exc:
        raise ProviderUnavailable(idle_message(service.label, idle), provider=service.provider) from exc
    except Exception as exc:
        if isinstance(exc.__cause__, IdleTimeout) or isinstance(exc.__context__, IdleTimeout):
            raise ProviderUnavailable(idle_message(service.label, idle), provider=service.provider) from exc
        detail = str(exc).splitlines()[0][:120] if str(exc).strip() else ""
        raise OutputError(f"{service.label} answered something tars cannot read ({type(exc).__name__}"
                          f"{': ' + detail if detail else ''}); check {setting}", provider=service.provider) from exc
