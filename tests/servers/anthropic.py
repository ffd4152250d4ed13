"""A local server that speaks the Anthropic Messages API (`POST /v1/messages`), scripted per test.

    with AnthropicServer() as server:                                  # AnthropicServer(api_key=...) 401s others
        server.script("Hello there",                                   # text, streamed word by word
                      {"tool_calls": [{"name": "weather", "input": {"city": "Oslo"}}]},
                      {"error": 529},                                  # overloaded_error
                      {"error": "billing"},                            # 400, credit balance too low
                      {"text": "partial answer here", "cut_after": 4}, # drop the socket mid-stream
                      {"text": "late", "delay": 2})                    # slow: trips the client timeout
        client = anthropic.Anthropic(api_key="k", base_url=server.url)
        ...
        server.requests[-1].body["messages"]

Streaming replies are real SSE (`message_start`, `content_block_start`, `ping`, `content_block_delta`
with `text_delta` / `input_json_delta` split over several fragments, `content_block_stop`,
`message_delta` with stop_reason and usage, `message_stop`); errors are real error bodies with a
`request-id` header. Reply keys beyond those in `servers.base`: text, text_chunks, thinking,
tool_calls [{name, input, id?}], json_fragments, stop_reason, usage {input_tokens, output_tokens,
cache_read_input_tokens, cache_creation_input_tokens},
stream_error (send an SSE `error` event after the content), error (status or alias), message,
retry_after. A callable reply `(request) -> dict` makes a fake model; see `echo`.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from typing import Any

from .base import Handler, ProtocolServer, RecordedRequest, serve_main, split_words

__all__ = ["AnthropicServer", "ERRORS", "echo", "tokens", "last_user_text"]

# status -> (error type, message), as the real API words them
ERRORS: dict[int, tuple[str, str]] = {
    400: ("invalid_request_error", "messages: at least one message is required"),
    401: ("authentication_error", "invalid x-api-key"),
    403: ("permission_error", "Your API key does not have permission to use the specified resource."),
    404: ("not_found_error", "model: not found"),
    413: ("request_too_large", "Request exceeds the maximum allowed number of bytes."),
    429: ("rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit."),
    500: ("api_error", "Internal server error"),
    529: ("overloaded_error", "Overloaded"),
}
BILLING_MESSAGE = ("Your credit balance is too low to access the Anthropic API. "
                   "Please go to Plans & Billing to upgrade or purchase credits.")
_ALIASES = {"billing": 400, "invalid": 400, "auth": 401, "permission": 403, "not_found": 404,
            "rate_limit": 429, "api_error": 500, "overloaded": 529}
_ids = itertools.count(1)


def _id(prefix: str) -> str:
    return f"{prefix}_01TEST{next(_ids):012d}"


def last_user_text(request: RecordedRequest) -> str:
    """The text of the last user message in a Messages API request body."""
    for message in reversed((request.body or {}).get("messages", [])):
        if message.get("role") != "user":
            continue
        content = message.get("content")
        if isinstance(content, str):
            return content
        texts = [b.get("text", "") for b in content if b.get("type") == "text"]
        if texts:
            return " ".join(texts)
    return ""


def echo(request: RecordedRequest) -> dict[str, Any]:
    """A fake model that answers with the last user message."""
    return {"text": f"echo: {last_user_text(request)}"}


def tokens(count: int, delay: float = 0.0, word: str = "token") -> Any:
    """A fake model that streams `count` words with `delay` seconds between events."""
    def reply(request: RecordedRequest) -> dict[str, Any]:
        return {"text": " ".join(f"{word}{i}" for i in range(1, count + 1)), "chunk_delay": delay}
    return reply


def _check(body: Any) -> str | None:
    """The validation the real API does that catches conversion bugs; None when the body is fine."""
    if not isinstance(body, dict):
        return "request body is not JSON"
    for key in ("model", "max_tokens", "messages"):
        if key not in body:
            return f"{key}: Field required"
    messages = body["messages"]
    if not messages:
        return ERRORS[400][1]
    pending: set[str] = set()
    for i, message in enumerate(messages):
        content = message.get("content")
        blocks = content if isinstance(content, list) else []
        results = {b.get("tool_use_id") for b in blocks if b.get("type") == "tool_result"}
        if pending and (message.get("role") != "user" or not pending <= results):
            return (f"messages.{i}: `tool_use` ids were found without `tool_result` blocks immediately after: "
                    f"{', '.join(sorted(pending))}")
        if results - pending:
            return f"messages.{i}.content: unexpected `tool_use_id` found in `tool_result` blocks"
        if message.get("role") == "assistant":
            pending = {b["id"] for b in blocks if b.get("type") == "tool_use"}
        else:
            pending = set()
    return None


class AnthropicServer(ProtocolServer):
    """Anthropic Messages API on 127.0.0.1; `.url` is the base URL to give the SDK."""

    model_path = "/v1/messages"

    def __init__(self, *, api_key: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.api_key = api_key  # when set, any other key gets a real 401

    def _key_of(self, request: RecordedRequest) -> str:
        bearer = request.headers.get("authorization", "")
        return request.headers.get("x-api-key") or bearer.removeprefix("Bearer ").strip()

    def handle(self, handler: Handler, request: RecordedRequest) -> None:
        headers = {"request-id": _id("req")}
        if request.method != "POST" or request.path != self.model_path:
            return self._error(handler, {"error": 404, "message": f"Not found: {request.path}"}, headers)
        key = self._key_of(request)
        if not key:
            return self._error(handler, {"error": 401, "message": "x-api-key header is required"}, headers)
        if self.api_key is not None and key != self.api_key:
            return self._error(handler, {"error": 401}, headers)
        if problem := _check(request.body):
            return self._error(handler, {"error": 400, "message": problem}, headers)
        reply = self.next_reply(request)
        if reply is None:
            reply = {"error": 500, "message": "test server: no scripted reply left"}
        headers.update(reply.get("headers") or {})
        self.wait_before_reply(reply)
        if reply.get("error") is not None:
            return self._error(handler, reply, headers)
        model = request.body.get("model", "claude-test")
        if request.body.get("stream"):
            self._stream(handler, reply, model, headers)
        else:
            handler.send_json(200, self._message(reply, model), headers)

    # -- errors -------------------------------------------------------------------------------
    def _error(self, handler: Handler, reply: Mapping[str, Any], headers: dict[str, str]) -> None:
        kind = reply["error"]
        status = _ALIASES.get(kind, kind) if isinstance(kind, str) else int(kind)
        error_type, message = ERRORS.get(status, ("api_error", f"HTTP {status}"))
        if kind == "billing":
            message = BILLING_MESSAGE
        if status == 429:
            headers.setdefault("retry-after", str(reply.get("retry_after", 20)))
        body = {"type": "error", "error": {"type": reply.get("error_type", error_type),
                                           "message": reply.get("message", message)}}
        handler.send_json(status, body, headers)

    # -- replies ------------------------------------------------------------------------------
    @staticmethod
    def _blocks(reply: Mapping[str, Any]) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = []
        if reply.get("thinking"):
            blocks.append({"type": "thinking", "thinking": reply["thinking"], "signature": "sig"})
        if reply.get("text"):
            blocks.append({"type": "text", "text": reply["text"]})
        for call in reply.get("tool_calls") or ():
            blocks.append({"type": "tool_use", "id": call.get("id") or _id("toolu"), "name": call["name"],
                           "input": call.get("input", call.get("arguments", {}))})
        return blocks

    @staticmethod
    def _stop_reason(reply: Mapping[str, Any]) -> str:
        return reply.get("stop_reason") or ("tool_use" if reply.get("tool_calls") else "end_turn")

    def _usage(self, reply: Mapping[str, Any], blocks: list[dict[str, Any]]) -> dict[str, int]:
        usage = dict(reply.get("usage") or {})
        usage.setdefault("input_tokens", 25)
        usage.setdefault("output_tokens", sum(len(split_words(b.get("text", ""))) + 5 * (b["type"] == "tool_use")
                                              for b in blocks) or 1)
        return usage

    def _message(self, reply: Mapping[str, Any], model: str) -> dict[str, Any]:
        blocks = self._blocks(reply)
        return {"id": _id("msg"), "type": "message", "role": "assistant", "model": model, "content": blocks,
                "stop_reason": self._stop_reason(reply), "stop_sequence": None, "usage": self._usage(reply, blocks)}

    def _stream(self, handler: Handler, reply: Mapping[str, Any], model: str, headers: dict[str, str]) -> None:
        writer = handler.start_stream("text/event-stream; charset=utf-8", reply, headers)

        def send(event: str, data: dict[str, Any]) -> None:
            writer.write(f"event: {event}\ndata: {json.dumps(data)}\n\n".encode())

        blocks = self._blocks(reply)
        usage = self._usage(reply, blocks)
        prompt = {k: v for k, v in usage.items() if k != "output_tokens"}  # input and cache counts, as the API
        start = self._message(reply, model) | {"content": [], "stop_reason": None,
                                               "usage": prompt | {"output_tokens": 1}}
        send("message_start", {"type": "message_start", "message": start})
        for index, block in enumerate(blocks):
            self._stream_block(send, index, block, reply)
            if index == 0:
                send("ping", {"type": "ping"})
        if reply.get("stream_error"):
            error_type, message = ERRORS[529]
            send("error", {"type": "error", "error": {"type": error_type, "message": message}})
            return writer.end()
        send("message_delta", {"type": "message_delta",
                               "delta": {"stop_reason": self._stop_reason(reply), "stop_sequence": None},
                               "usage": {"output_tokens": usage["output_tokens"]}})
        send("message_stop", {"type": "message_stop"})
        writer.end()

    @staticmethod
    def _stream_block(send, index: int, block: dict[str, Any], reply: Mapping[str, Any]) -> None:
        kind = block["type"]
        if kind == "text":
            send("content_block_start", {"type": "content_block_start", "index": index,
                                         "content_block": {"type": "text", "text": ""}})
            for piece in split_words(block["text"], reply.get("text_chunks")):
                send("content_block_delta", {"type": "content_block_delta", "index": index,
                                             "delta": {"type": "text_delta", "text": piece}})
        elif kind == "thinking":
            send("content_block_start", {"type": "content_block_start", "index": index,
                                         "content_block": {"type": "thinking", "thinking": "", "signature": ""}})
            for piece in split_words(block["thinking"]):
                send("content_block_delta", {"type": "content_block_delta", "index": index,
                                             "delta": {"type": "thinking_delta", "thinking": piece}})
            send("content_block_delta", {"type": "content_block_delta", "index": index,
                                         "delta": {"type": "signature_delta", "signature": "sig"}})
        else:
            send("content_block_start", {"type": "content_block_start", "index": index,
                                         "content_block": {"type": "tool_use", "id": block["id"],
                                                           "name": block["name"], "input": {}}})
            raw = json.dumps(block["input"])
            for piece in ["", *split_words(raw, int(reply.get("json_fragments", 3)))]:
                send("content_block_delta", {"type": "content_block_delta", "index": index,
                                             "delta": {"type": "input_json_delta", "partial_json": piece}})
        send("content_block_stop", {"type": "content_block_stop", "index": index})


if __name__ == "__main__":
    serve_main(AnthropicServer, fakes={"echo": lambda: echo,
                                       "tokens": lambda n="20", d="0.05": tokens(int(n), float(d))})
