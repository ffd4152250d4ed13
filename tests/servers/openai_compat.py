"""A local server that speaks the OpenAI-compatible chat API (`POST /v1/chat/completions`), as
llama-server, vLLM, LM Studio and LocalAI do, scripted per test.

    with OpenAICompatServer() as server:
        server.script("Hello there",                                          # text, streamed word by word
                      {"tool_calls": [{"name": "weather", "arguments": {"city": "Oslo"}}]},  # structured
                      {"text": "<tool_call>{...}</tool_call>"},             # a call written as text
                      {"error": 429}, {"error": 500})
        base_url = server.url + "/v1"

Streaming replies are real SSE: `data: {chat.completion.chunk}` lines, a role delta first,
content deltas, `tool_calls` deltas whose `function.arguments` arrive in fragments by `index`
(id, type and name only in the first fragment), a finish_reason chunk, a usage chunk when
`stream_options.include_usage` is set, then `data: [DONE]`. Reply keys beyond those in
`servers.base`: text, text_chunks, reasoning (as `reasoning_content` deltas), tool_calls
[{name, arguments, id?}], arg_pieces, finish_reason, usage {prompt_tokens, completion_tokens},
stream_error (an error object inside the stream), error (status), message.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Mapping
from typing import Any

from .base import Handler, ProtocolServer, RecordedRequest, serve_main, split_words

__all__ = ["OpenAICompatServer", "last_user_text"]

_ids = itertools.count(1)
_ERRORS = {400: "invalid_request_error", 401: "authentication_error", 404: "not_found_error",
           429: "rate_limit_exceeded", 500: "server_error", 503: "unavailable_error"}


def last_user_text(request: RecordedRequest) -> str:
    for message in reversed((request.body or {}).get("messages", [])):
        if message.get("role") == "user":
            return message.get("content") or ""
    return ""


class OpenAICompatServer(ProtocolServer):
    """OpenAI-compatible chat completions on 127.0.0.1; `.url + "/v1"` is the base URL."""

    chat_template: str | None = None  # what GET /props reports (llama-server does)
    api_key: str | None = None  # when set, requests must carry `Authorization: Bearer <key>`
    model_entry: dict[str, Any] = {}  # more fields of the model GET /v1/models lists (max_model_len, meta, ...)
    n_ctx: int | None = None  # the running context GET /props reports, as llama-server does

    def handle(self, handler: Handler, request: RecordedRequest) -> None:
        if request.method == "GET" and request.path == "/props":
            props: dict[str, Any] = {"chat_template": self.chat_template or ""}
            if self.n_ctx is not None:
                props["default_generation_settings"] = {"n_ctx": self.n_ctx}
            return handler.send_json(200, props)
        if request.method == "GET" and request.path == "/v1/models":
            entry = {"id": "test-model", "object": "model", **self.model_entry}
            return handler.send_json(200, {"object": "list", "data": [entry]})
        if request.method != "POST" or request.path != "/v1/chat/completions":
            return self._error(handler, 404, f"File Not Found: {request.path}")
        if self.api_key and request.headers.get("authorization") != f"Bearer {self.api_key}":
            return self._error(handler, 401, "Invalid API Key")
        body = request.body
        if not isinstance(body, dict) or not body.get("messages"):
            return self._error(handler, 400, "'messages' is required")
        reply = self.next_reply(request)
        if reply is None:
            reply = {"error": 500, "message": "test server: no scripted reply left"}
        self.wait_before_reply(reply)
        if reply.get("error") is not None:
            return self._error(handler, int(reply["error"]), reply.get("message"))
        model = body.get("model", "test-model")
        if body.get("stream"):
            self._stream(handler, reply, model, bool((body.get("stream_options") or {}).get("include_usage")))
        else:
            handler.send_json(200, self._completion(reply, model))

    def _error(self, handler: Handler, status: int, message: str | None) -> None:
        kind = _ERRORS.get(status, "server_error")
        handler.send_json(status, {"error": {"code": status, "message": message or kind, "type": kind}})

    @staticmethod
    def _calls(reply: Mapping[str, Any]) -> list[dict[str, Any]]:
        return [{"id": c.get("id") or f"call_{next(_ids)}", "type": "function",
                 "function": {"name": c["name"], "arguments": c["arguments"] if isinstance(c["arguments"], str)
                              else json.dumps(c["arguments"])}}
                for c in reply.get("tool_calls") or ()]

    def _finish(self, reply: Mapping[str, Any]) -> str:
        return reply.get("finish_reason") or ("tool_calls" if reply.get("tool_calls") else "stop")

    @staticmethod
    def _usage(reply: Mapping[str, Any]) -> dict[str, int]:
        usage = {"prompt_tokens": 17, "completion_tokens": len(split_words(reply.get("text", ""))) or 1}
        usage.update(reply.get("usage") or {})
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        return usage

    def _completion(self, reply: Mapping[str, Any], model: str) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": reply.get("text") or None}
        if reply.get("tool_calls"):
            message["tool_calls"] = self._calls(reply)
        return {"id": f"chatcmpl-{next(_ids)}", "object": "chat.completion", "created": int(time.time()),
                "model": model, "choices": [{"index": 0, "message": message, "finish_reason": self._finish(reply)}],
                "usage": self._usage(reply)}

    def _stream(self, handler: Handler, reply: Mapping[str, Any], model: str, include_usage: bool) -> None:
        writer = handler.start_stream("text/event-stream", reply)
        cid, created = f"chatcmpl-{next(_ids)}", int(time.time())

        def send(delta: dict[str, Any] | None, finish: str | None = None, **extra: Any) -> None:
            chunk = {"id": cid, "object": "chat.completion.chunk", "created": created, "model": model,
                     "choices": [] if delta is None else [{"index": 0, "delta": delta, "finish_reason": finish}],
                     **extra}
            writer.write(f"data: {json.dumps(chunk, ensure_ascii=False)}\n\n".encode())

        send({"role": "assistant", "content": None})
        for piece in split_words(reply.get("reasoning", "")):
            send({"reasoning_content": piece})
        for piece in split_words(reply.get("text", ""), reply.get("text_chunks")):
            send({"content": piece})
        for index, call in enumerate(self._calls(reply)):
            args = call["function"]["arguments"]
            pieces = split_words(args, reply.get("arg_pieces", 3)) or [""]
            send({"tool_calls": [{"index": index, "id": call["id"], "type": "function",
                                  "function": {"name": call["function"]["name"], "arguments": ""}}]})
            for piece in pieces:
                send({"tool_calls": [{"index": index, "function": {"arguments": piece}}]})
        if reply.get("stream_error"):
            writer.write(b'data: {"error": {"code": 500, "message": "model crashed", "type": "server_error"}}\n\n')
            return writer.end()
        send({}, self._finish(reply))
        if include_usage:
            send(None, usage=self._usage(reply))
        writer.write(b"data: [DONE]\n\n")
        writer.end()


if __name__ == "__main__":
    serve_main(OpenAICompatServer)
