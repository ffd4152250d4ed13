"""A local server that speaks the Ollama HTTP API, scripted per test.

    with OllamaServer() as server:                                 # any model name is accepted
        server.script("Hello there",                               # streamed NDJSON, word by word
                      {"tool_calls": [{"name": "weather", "arguments": {"city": "Oslo"}}]},
                      {"error": 500, "message": "llama runner crashed"},
                      {"text": "one two three", "cut_after": 2})   # drop the socket mid-stream
        client = ollama.Client(host=server.url)

    OllamaServer(models={"qwen3:8b": {"context_length": 40960, "capabilities": ["completion", "tools"]}})
        only knows those models: others get 404 "model ... not found, try pulling it first", and
        tools sent to a model without the "tools" capability get 400 "... does not support tools".
    OllamaServer(default=echo) or default=tokens(50, 0.05)  a fake model for interactive tests.

Endpoints: POST /api/chat (NDJSON stream or one JSON object when `stream` is false), POST /api/show,
GET /api/tags, GET /api/version, GET / ("Ollama is running"). Reply keys beyond `servers.base`:
text, text_chunks, thinking, tool_calls [{name, arguments}], done_reason, prompt_eval_count,
eval_count, stream_error (an `{"error": ...}` line after the content), error (status), message.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from .base import Handler, ProtocolServer, RecordedRequest, serve_main, split_words

__all__ = ["OllamaServer", "echo", "tokens", "last_user_text", "note_taker", "prompt_tokens", "DEFAULT_MODEL_INFO",
           "TEXT_AND_VISION_MODELS"]

DEFAULT_MODEL_INFO: dict[str, Any] = {
    "context_length": 32768,
    "capabilities": ["completion", "tools"],
    "template": "{{- range .Messages }}<|im_start|>{{ .Role }}\n{{ .Content }}<|im_end|>\n{{ end }}",
    "family": "qwen2",
    "parameter_size": "7.6B",
}
# A text-only model and a vision model, as `/api/show` reports their capabilities.
TEXT_AND_VISION_MODELS: dict[str, dict[str, Any]] = {"text:latest": {"capabilities": ["completion", "tools"]},
                                                      "llava:latest": {"capabilities": ["completion", "vision"]}}
VERSION = "0.12.6"


def _now() -> str:
    return datetime.now(UTC).isoformat().replace("+00:00", "Z")


def last_user_text(request: RecordedRequest) -> str:
    for message in reversed((request.body or {}).get("messages", [])):
        if message.get("role") == "user":
            return message.get("content") or ""
    return ""


def echo(request: RecordedRequest) -> dict[str, Any]:
    """A fake model that answers with the last user message."""
    return {"text": f"echo: {last_user_text(request)}"}


def tokens(count: int, delay: float = 0.0, word: str = "token") -> Callable[[RecordedRequest], dict[str, Any]]:
    """A fake model that streams `count` words with `delay` seconds between them (for Ctrl-C tests)."""
    def reply(request: RecordedRequest) -> dict[str, Any]:
        return {"text": " ".join(f"{word}{i}" for i in range(1, count + 1)), "chunk_delay": delay}
    return reply


_PIECES = re.compile(r"[^\W\d_]+|\d|[^\w\s]|_|\n")


def prompt_tokens(body: Mapping[str, Any]) -> int:
    """The prompt of an /api/chat body by a stand-in tokenizer, near what BPE tokenizers give for
    English: a word is one token per 4 letters or part of 4, a digit, a mark or a newline one
    each, and every message 4 more for its role markers; tools count as their JSON."""
    def count(text: str) -> int:
        return sum(-(-len(piece) // 4) if piece[0].isalpha() else 1 for piece in _PIECES.findall(text))

    messages = body.get("messages") or []
    total = sum(count(str(m.get("content") or "")) + count(json.dumps(m.get("tool_calls") or "")) + 4
                for m in messages)
    return total + (count(json.dumps(body["tools"])) if body.get("tools") else 0)


def note_taker(words: int = 40) -> Callable[[RecordedRequest], dict[str, Any]]:
    """A fake model for long conversations. It answers a message with about `words` words that
    repeat it; asked to condense a conversation (its system prompt says so), it writes the
    summary so far and then every user line that holds a number, shortened to the word limit
    the request names (the oldest lines first). It reports the prompt by `prompt_tokens`."""
    def reply(request: RecordedRequest) -> dict[str, Any]:
        body = request.body or {}
        messages = body.get("messages") or []
        system = next((m.get("content") or "" for m in messages if m.get("role") == "system"), "")
        if system.startswith("You condense conversations"):
            text = _condensed(last_user_text(request))
        else:
            said = last_user_text(request).split() or ["nothing"]
            text = "You said: " + " ".join((said * (words // len(said) + 1))[:words])
        return {"text": text, "prompt_eval_count": prompt_tokens(body)}
    return reply


def _condensed(request: str) -> str:
    limit = int(m.group(1)) if (m := re.search(r"at most (\d+) words", request)) else 100
    previous, _, rest = request.partition("Conversation to add to it:")
    previous = previous.removeprefix("Summary so far:").strip()
    if previous.startswith("Shorten"):  # asked to shorten a summary: the summary follows the first line
        previous = previous.partition("\n")[2]
    lines = [line for line in previous.splitlines() if line.strip() and line.strip() != "(none yet)"]
    lines += [line for line in rest.splitlines() if line.startswith("User:") and re.search(r"\d", line)]
    kept: list[str] = []
    for line in lines:
        if sum(len(k.split()) for k in kept) + len(line.split()) > limit:
            break
        kept.append(line)
    return "\n".join(kept) or "Nothing to keep."


class OllamaServer(ProtocolServer):
    """Ollama API on 127.0.0.1; `.url` is the host to give `ollama.Client` / OLLAMA_HOST."""

    model_path = "/api/chat"

    def __init__(self, *, models: Mapping[str, Mapping[str, Any]] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.models = {name: {**DEFAULT_MODEL_INFO, **info} for name, info in (models or {}).items()}
        self.any_model = models is None

    def _model(self, name: str) -> dict[str, Any] | None:
        if name in self.models:
            return self.models[name]
        if ":" not in name and f"{name}:latest" in self.models:
            return self.models[f"{name}:latest"]
        return dict(DEFAULT_MODEL_INFO) if self.any_model else None

    def handle(self, handler: Handler, request: RecordedRequest) -> None:
        match request.method, request.path:
            case ("GET" | "HEAD", "/"):
                data = b"Ollama is running"
                handler.send_response(200)
                handler.send_header("Content-Type", "text/plain; charset=utf-8")
                handler.send_header("Content-Length", str(len(data)))
                handler.end_headers()
                handler.wfile.write(data)
            case ("GET", "/api/version"):
                handler.send_json(200, {"version": VERSION})
            case ("GET", "/api/tags"):
                handler.send_json(200, {"models": [self._tag(name, info) for name, info in self.models.items()]})
            case ("POST", "/api/show"):
                self._show(handler, request)
            case ("POST", "/api/chat"):
                self._chat(handler, request)
            case _:
                handler.send_json(404, {"error": f"{request.method} {request.path} not found"})

    @staticmethod
    def _tag(name: str, info: Mapping[str, Any]) -> dict[str, Any]:
        return {"name": name, "model": name, "modified_at": _now(), "size": 4_683_087_332,
                "digest": "0" * 64, "details": {"format": "gguf", "family": info["family"],
                                               "parameter_size": info["parameter_size"],
                                               "quantization_level": "Q4_K_M"}}

    def _not_found(self, handler: Handler, name: str) -> None:
        handler.send_json(404, {"error": f'model "{name}" not found, try pulling it first'})

    def _show(self, handler: Handler, request: RecordedRequest) -> None:
        name = (request.body or {}).get("model") or (request.body or {}).get("name") or ""
        info = self._model(name)
        if info is None:
            return self._not_found(handler, name)
        arch = info["family"]
        handler.send_json(200, {
            "modelfile": f"FROM {name}\n", "parameters": "temperature 0.7", "template": info["template"],
            "details": self._tag(name, info)["details"], "modified_at": _now(),
            "model_info": {"general.architecture": arch, f"{arch}.context_length": info["context_length"]},
            "capabilities": list(info["capabilities"]),
        })

    # -- /api/chat -----------------------------------------------------------------------------
    def _chat(self, handler: Handler, request: RecordedRequest) -> None:
        body = request.body if isinstance(request.body, dict) else {}
        name = body.get("model") or ""
        info = self._model(name)
        if info is None:
            return self._not_found(handler, name)
        if body.get("tools") and "tools" not in info["capabilities"]:
            return handler.send_json(400, {"error": f"registry.ollama.ai/library/{name} does not support tools"})
        reply = self.next_reply(request)
        if reply is None:
            reply = {"error": 500, "message": "test server: no scripted reply left"}
        self.wait_before_reply(reply)
        if reply.get("error") is not None:
            message = reply.get("message") or ("model runner has unexpectedly stopped" if reply["error"] >= 500
                                               else "invalid request")
            return handler.send_json(int(reply["error"]), {"error": message}, reply.get("headers"))
        started = time.monotonic_ns()
        if body.get("stream", True):
            self._stream(handler, reply, name, started)
        else:
            message = {"role": "assistant", "content": reply.get("text", "")}
            if reply.get("thinking"):
                message["thinking"] = reply["thinking"]
            if reply.get("tool_calls"):
                message["tool_calls"] = self._tool_calls(reply)
            handler.send_json(200, self._final(reply, name, started, message, len(split_words(message["content"]))))

    @staticmethod
    def _tool_calls(reply: Mapping[str, Any]) -> list[dict[str, Any]]:
        return [{"function": {"index": i, "name": c["name"], "arguments": c.get("arguments", c.get("input", {}))}}
                for i, c in enumerate(reply.get("tool_calls") or ())]

    @staticmethod
    def _final(reply: Mapping[str, Any], name: str, started: int, message: dict[str, Any],
               produced: int) -> dict[str, Any]:
        total = time.monotonic_ns() - started
        return {"model": name, "created_at": _now(), "message": message, "done": True,
                "done_reason": reply.get("done_reason", "stop"), "total_duration": total,
                "load_duration": 1_000_000, "prompt_eval_count": reply.get("prompt_eval_count", 26),
                "prompt_eval_duration": 2_000_000, "eval_count": reply.get("eval_count", max(produced, 1)),
                "eval_duration": total}

    def _stream(self, handler: Handler, reply: Mapping[str, Any], name: str, started: int) -> None:
        writer = handler.start_stream("application/x-ndjson", reply)

        def line(message: dict[str, Any]) -> None:
            chunk = {"model": name, "created_at": _now(), "message": {"role": "assistant", **message}, "done": False}
            writer.write(json.dumps(chunk).encode() + b"\n")

        produced = 0
        for piece in split_words(reply.get("thinking", "")):
            line({"content": "", "thinking": piece})
            produced += 1
        for piece in split_words(reply.get("text", ""), reply.get("text_chunks")):
            line({"content": piece})
            produced += 1
        if reply.get("tool_calls"):
            line({"content": "", "tool_calls": self._tool_calls(reply)})
            produced += 5 * len(reply["tool_calls"])
        if reply.get("stream_error"):
            writer.write(json.dumps({"error": reply.get("message", "model runner has unexpectedly stopped")})
                         .encode() + b"\n")
            return writer.end()
        final = self._final(reply, name, started, {"role": "assistant", "content": ""}, produced)
        writer.write(json.dumps(final).encode() + b"\n")
        writer.end()


if __name__ == "__main__":
    serve_main(OllamaServer, fakes={"echo": lambda: echo,
                                    "tokens": lambda n="20", d="0.05": tokens(int(n), float(d))})
