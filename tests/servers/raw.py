"""A local server that answers a model endpoint with whatever bytes a test scripts: the broken
servers real providers meet (malformed event streams, events missing fields, a JSON body where
a stream was asked for, HTML from a proxy, a stream of nothing but keep-alive pings).

    with RawServer("/v1/messages") as server:
        server.script({"body": "<html>502</html>", "content_type": "text/html"},
                      {"chunks": ["event: message_start\\ndata: {not json\\n\\n"]},
                      {"ping": "event: ping\\ndata: {\\"type\\": \\"ping\\"}\\n\\n", "ping_every": 0.2,
                       "ping_for": 30})

Reply keys: status (default 200), content_type (default text/event-stream), body (sent whole,
with a Content-Length), chunks (sent one by one, chunked), ping + ping_every + ping_for (after the
chunks, send `ping` every `ping_every` seconds for `ping_for` seconds), plus `servers.base`'s.
Requests to other paths get a 404.
"""

from __future__ import annotations

import time
from typing import Any

from .base import Handler, ProtocolServer, RecordedRequest

__all__ = ["RawServer", "ANTHROPIC_PING"]

ANTHROPIC_PING = 'event: ping\ndata: {"type": "ping"}\n\n'


class RawServer(ProtocolServer):
    def __init__(self, model_path: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.model_path = model_path

    def handle(self, handler: Handler, request: RecordedRequest) -> None:
        if request.path != self.model_path:
            return handler.send_json(404, {"error": f"not found: {request.path}"})
        reply = self.next_reply(request) or {"status": 500, "body": "no scripted reply left"}
        self.wait_before_reply(reply)
        status = int(reply.get("status", 200))
        content_type = reply.get("content_type", "text/event-stream")
        if "body" in reply:
            return handler.send_body(status, str(reply["body"]).encode(), content_type=content_type)
        writer = handler.start_stream(content_type, reply)
        for chunk in reply.get("chunks") or ():
            writer.write(chunk.encode())
        if reply.get("ping"):
            every, until = float(reply.get("ping_every", 0.2)), time.monotonic() + float(reply.get("ping_for", 30))
            while time.monotonic() < until and not self._stopping.is_set():
                self.sleep(every)
                writer.write(str(reply["ping"]).encode())
        writer.end()
