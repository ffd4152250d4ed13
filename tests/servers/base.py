"""Shared plumbing for the local protocol servers: a threaded HTTP server on 127.0.0.1 that
records every request and answers from a per-test script of replies.

A reply is a plain dict (so it can also come from JSON on a command line) or a callable
`(request) -> dict` for "fake model" behaviour. Keys every server understands:

    delay        seconds to wait before sending the status line (trips a client's read timeout)
    chunk_delay  seconds to wait between streamed chunks/events
    cut_after    send this many streamed chunks/events, then drop the connection mid-body
    stall_after  send this many streamed chunks/events, then go silent for `stall` seconds (default 5)
    error        an HTTP status to answer with instead of a normal reply
    headers      extra response headers

Each protocol module (anthropic.py, ollama.py) turns the rest of the dict into its wire format.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["RecordedRequest", "ProtocolServer", "StreamWriter", "Handler", "split_words"]

Reply = Mapping[str, Any] | str | Callable[["RecordedRequest"], Any]


@dataclass
class RecordedRequest:
    """One request as the server saw it: method, path, headers (lower-case keys), parsed body."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any
    raw: bytes = b""
    at: float = field(default_factory=time.monotonic)

    @property
    def json(self) -> Any:
        return self.body


def split_words(text: str, pieces: int | None = None) -> list[str]:
    """Split text into stream chunks: one per word (keeping the spaces), or `pieces` even parts."""
    if not text:
        return []
    if pieces:
        size = max(1, -(-len(text) // pieces))
        return [text[i:i + size] for i in range(0, len(text), size)]
    out, word = [], ""
    for ch in text:
        word += ch
        if ch == " ":
            out.append(word)
            word = ""
    if word:
        out.append(word)
    return out


class _Cut(Exception):
    """Raised inside a handler to drop the connection in the middle of a streamed body."""


class StreamWriter:
    """Writes a chunked HTTP/1.1 body, honouring `chunk_delay` and `cut_after` from the reply."""

    def __init__(self, handler: Handler, reply: Mapping[str, Any]) -> None:
        self.handler = handler
        self.delay = float(reply.get("chunk_delay") or 0)
        self.cut_after = reply.get("cut_after")
        self.stall_after = reply.get("stall_after")
        self.stall = float(reply.get("stall", 5))
        self.sent = 0

    def write(self, data: bytes) -> None:
        if self.cut_after is not None and self.sent >= int(self.cut_after):
            raise _Cut()
        if self.delay and self.sent:
            self.handler.server.owner.sleep(self.delay)
        if self.stall_after is not None and self.sent == int(self.stall_after):
            self.handler.server.owner.sleep(self.stall)
        wfile = self.handler.wfile
        wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        wfile.flush()
        self.sent += 1

    def end(self) -> None:
        self.handler.wfile.write(b"0\r\n\r\n")
        self.handler.wfile.flush()


class Handler(BaseHTTPRequestHandler):
    """Reads and records the request, then hands it to the owning ProtocolServer."""

    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
        pass

    def _dispatch(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        path = self.path.split("?", 1)[0]
        request = RecordedRequest(self.command, path, {k.lower(): v for k, v in self.headers.items()}, body, raw)
        owner = self.server.owner
        try:
            owner.record(request)
            owner.handle(self, request)
        except _Cut:
            self.close_connection = True
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    do_GET = do_POST = do_DELETE = do_HEAD = _dispatch

    # -- helpers for protocol modules ---------------------------------------------------------
    def send_json(self, status: int, payload: Any, headers: Mapping[str, str] | None = None) -> None:
        self.send_body(status, json.dumps(payload).encode(), headers)

    def send_body(self, status: int, data: bytes, headers: Mapping[str, str] | None = None, *,
                  content_type: str = "application/json") -> None:
        """Send `data` as is: also a body that claims to be JSON and is not (malformed replies)."""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for key, value in (headers or {}).items():
            self.send_header(key, str(value))
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()

    def start_stream(self, content_type: str, reply: Mapping[str, Any],
                     headers: Mapping[str, str] | None = None) -> StreamWriter:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Cache-Control", "no-cache")
        for key, value in (headers or {}).items():
            self.send_header(key, str(value))
        self.end_headers()
        self.wfile.flush()
        return StreamWriter(self, reply)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    owner: ProtocolServer

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that hung up mid-reply is expected in these tests


class ProtocolServer:
    """Base class: start/stop, the reply script, request log. Subclasses implement `handle`."""

    def __init__(self, *, host: str = "127.0.0.1", port: int = 0, default: Reply | None = None) -> None:
        self._host, self._port = host, port
        self.default = default  # used when the script is empty; None answers a 500
        self.requests: list[RecordedRequest] = []
        self._script: deque[Reply] = deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd: _Server | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle ----------------------------------------------------------------------------
    def start(self) -> ProtocolServer:
        self._httpd = _Server((self._host, self._port), Handler)
        self._httpd.owner = self
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        name=type(self).__name__, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        assert self._httpd is not None, "server not started"
        return self._httpd.server_address[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def sleep(self, seconds: float) -> None:
        """Sleep, but wake at once when the server stops (so slow replies don't outlive a test)."""
        self._stopping.wait(seconds)

    # -- script and log -----------------------------------------------------------------------
    def script(self, *replies: Reply) -> ProtocolServer:
        """Queue replies; each request to the model endpoint takes the next one."""
        with self._lock:
            self._script.extend(replies)
        return self

    def clear(self) -> None:
        with self._lock:
            self._script.clear()
            self.requests.clear()

    def record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def requests_to(self, path: str) -> list[RecordedRequest]:
        with self._lock:
            return [r for r in self.requests if r.path == path]

    def next_reply(self, request: RecordedRequest) -> dict[str, Any] | None:
        """Pop the next scripted reply, resolve callables and strings; None when nothing is left."""
        with self._lock:
            reply = self._script.popleft() if self._script else self.default
        if callable(reply):
            reply = reply(request)
        if isinstance(reply, str):
            reply = {"text": reply}
        return dict(reply) if reply is not None else None

    def wait_before_reply(self, reply: Mapping[str, Any]) -> None:
        if reply.get("delay"):
            self.sleep(float(reply["delay"]))

    def handle(self, handler: Handler, request: RecordedRequest) -> None:  # pragma: no cover
        raise NotImplementedError


def serve_main(cls: type[ProtocolServer], argv: Iterable[str] | None = None,
               fakes: Mapping[str, Callable[..., Any]] | None = None) -> None:
    """`python -m tests.servers.<proto> --port 0 --script '<json list>' [--default '<json>' | --fake NAME[:ARG...]]`:
    print the URL on one line, then serve until killed. `--fake echo` or `--fake tokens:50:0.05` picks a
    fake model (a factory in `fakes`, called with the colon-separated arguments) for unscripted requests."""
    import argparse

    parser = argparse.ArgumentParser(prog=cls.__name__)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--script", default="[]", help="JSON list of replies")
    parser.add_argument("--default", default=None, help="JSON reply used when the script is empty")
    parser.add_argument("--fake", default=None, help=f"fake model for unscripted requests: {', '.join(fakes or ())}")
    args = parser.parse_args(list(argv) if argv is not None else None)
    default: Reply | None = json.loads(args.default) if args.default else None
    if args.fake:
        name, *params = args.fake.split(":")
        if name not in (fakes or {}):
            parser.error(f"unknown fake model {name!r}")
        default = fakes[name](*params)
    server = cls(port=args.port, default=default)
    server.script(*json.loads(args.script))
    server.start()
    print(server.url, flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.stop()
