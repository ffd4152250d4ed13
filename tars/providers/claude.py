"""Claude through the `anthropic` SDK: streaming Messages API with native tool use.

The SDK is imported on first use (it takes seconds). Client retries are off so that a failing
remote falls back at once; every SDK or transport failure leaves here as ProviderUnavailable or
ProviderRejected with the status and a short cause, never the API key.
"""

from __future__ import annotations

import json
from collections.abc import Generator, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from tars.errors import OutputError, ProviderError, ProviderUnavailable
from tars.events import Event, ReasoningDelta, TextDelta, ToolCall, ToolCallEvent, Usage
from tars.messages import Message
from tars.providers.status import Service, status_error
from tars.providers.stop import ending_with_stop
from tars.providers.vision import anthropic_result_content, anthropic_user_content
from tars.providers.window import CLAUDE_WINDOW, decide
from tars.providers.wire import check_url, idle_hooks, wire_faults

if TYPE_CHECKING:
    from tars.config import Config
    from tars.tool_hints import ToolHints

__all__ = ["ClaudeProvider", "chat_template", "to_anthropic_messages", "to_anthropic_tools"]

MAX_TOKENS = 4096
_LONG_CONTEXT_BETA = "context-1m-2025-08-07"  # the header that opens a window past 200k tokens
_MISSING_RESULT = "(no result: the call was interrupted before it ran)"
_SERVICE = Service("claude", "Anthropic API", key_setting="ANTHROPIC_API_KEY")

# error types that arrive as an SSE `error` event in the middle of a 200 stream
_ERROR_TYPES = {"overloaded_error": 529, "api_error": 500, "rate_limit_error": 429,
                "invalid_request_error": 400, "authentication_error": 401, "permission_error": 403,
                "not_found_error": 404, "request_too_large": 413}


class ClaudeProvider:
    """A Claude model; `stream` yields tars events for one Messages API round."""

    provider = "claude"
    native_tools = True
    sees_images = True  # every Claude model takes images

    def __init__(self, model: str, config: Config) -> None:
        self.model = model
        self.max_tokens = MAX_TOKENS
        self.context_window: int | None = decide(self.provider, model, config).tokens
        self._key: str = config.anthropic_api_key
        self._base_url: str | None = config.anthropic_base_url or None
        self._timeout: float = config.remote_timeout
        self._idle: float = config.stream_idle_timeout
        self._client: Any = None

    def __repr__(self) -> str:  # never show the key
        return f"ClaudeProvider(model={self.model!r})"

    @property
    def max_output_tokens(self) -> int:
        return self.max_tokens

    def count_tokens(self, text: str) -> int | None:
        return None  # counted from the usage each answer reports

    def _sdk(self) -> Any:
        import anthropic

        if self._client is None:
            self._client = anthropic.Anthropic(
                api_key=self._key or "missing",
                base_url=self._base_url,
                max_retries=0,
                timeout=anthropic.Timeout(self._timeout, connect=min(5.0, self._timeout)),
                # the SDK skips keep-alive pings itself: the idle deadline is kept below it
                http_client=anthropic.DefaultHttpxClient(event_hooks=idle_hooks(self._idle)),
            )
        return anthropic

    def stream(self, messages: Sequence[Message], *, system: str = "", tools: Sequence[dict[str, Any]] = (),
               response_schema: dict[str, Any] | None = None, hints: ToolHints | None = None) -> Iterator[Event]:
        if self._base_url:
            check_url(self._base_url, "ANTHROPIC_BASE_URL", self.provider)
        with wire_faults(_SERVICE, "ANTHROPIC_BASE_URL", idle=self._idle):
            yield from self._round(messages, system, tools, response_schema)

    def _round(self, messages: Sequence[Message], system: str, tools: Sequence[dict[str, Any]],
               response_schema: dict[str, Any] | None) -> Iterator[Event]:
        anthropic = self._sdk()
        params: dict[str, Any] = {"model": self.model, "max_tokens": self.max_tokens,
                                  "messages": to_anthropic_messages(messages)}
        if response_schema is not None:  # no constrained decoding here: ask for it in words
            system = (system + "\n\n" if system else "") + (
                "Answer with one JSON value only, no prose, matching this JSON Schema:\n"
                + json.dumps(response_schema))
        if system:
            params["system"] = system
        if tools:
            params["tools"] = to_anthropic_tools(tools)
        if (self.context_window or 0) > CLAUDE_WINDOW:
            params["extra_headers"] = {"anthropic-beta": _LONG_CONTEXT_BETA}
        try:
            with self._client.messages.create(**params, stream=True) as events:
                kind = events.response.headers.get("content-type", "")
                if "event-stream" not in kind:
                    raise OutputError(f"Anthropic API answered with {kind.split(';')[0] or 'no content type'}, "
                                      "not an event stream; check ANTHROPIC_BASE_URL", provider=self.provider)
                yield from ending_with_stop(_events(events))
        except anthropic.APIStatusError as exc:
            raise self._status_error(exc) from exc
        except anthropic.APITimeoutError as exc:
            raise ProviderUnavailable(f"Anthropic API timed out after {self._timeout:g} s",
                                      provider=self.provider) from exc
        except anthropic.APIConnectionError as exc:
            raise ProviderUnavailable(f"cannot reach the Anthropic API at {self._where()}",
                                      provider=self.provider) from exc
        except anthropic.APIError as exc:  # e.g. a response body the SDK could not read
            raise OutputError(f"Anthropic API answered something unreadable ({type(exc).__name__}); "
                              "check ANTHROPIC_BASE_URL", provider=self.provider) from exc
        except _transport_errors() as exc:  # raw httpx errors escape the SDK mid-stream
            cause = "timed out" if "Timeout" in type(exc).__name__ else "connection lost"
            raise ProviderUnavailable(f"Anthropic API {cause} in the middle of the answer",
                                      provider=self.provider) from exc

    def _where(self) -> str:
        parts = urlsplit(self._base_url or "https://api.anthropic.com")
        return f"{parts.hostname}{f':{parts.port}' if parts.port else ''}"  # no userinfo, no path

    def _status_error(self, exc: Any) -> ProviderError:
        """The typed error for an API status, e.g. 'Anthropic API overloaded (529)'."""
        body: Any = exc.body if isinstance(exc.body, dict) else {}
        error: dict[str, Any] = body["error"] if isinstance(body.get("error"), dict) else {}
        status: int = exc.status_code
        if status == 200:  # an `error` event inside a stream that had started fine
            status = _ERROR_TYPES.get(error.get("type", ""), 500)
        return status_error(_SERVICE, status, str(error.get("message") or ""), model=self.model, secret=self._key)


def chat_template(model: str, config: Config) -> tuple[str | None, str]:
    """Claude's template stays on Anthropic's side; its calls arrive structured."""
    return None, "not applicable"


def _transport_errors() -> tuple[type[BaseException], ...]:
    """httpx (and httpx2, which newer SDKs use) transport errors, whichever are installed."""
    found: list[type[BaseException]] = []
    for name in ("httpx2", "httpx"):
        try:
            found.append(__import__(name).TransportError)
        except (ImportError, AttributeError):
            pass
    return tuple(found)


def _events(stream: Iterable[Any]) -> Generator[Event, None, str | None]:
    """Translate raw Messages stream events; a tool call is yielded when its block closes.
    Returns the API's stop_reason."""
    blocks: dict[int, dict[str, Any]] = {}
    counts: dict[str, int | None] = {}
    output_tokens = None
    stop_reason: str | None = None
    for event in stream:
        match event.type:
            case "message_start":
                counts = _prompt_counts(event.message.usage, counts)
            case "content_block_start":
                block = event.content_block
                if block.type == "tool_use":
                    blocks[event.index] = {"id": block.id, "name": block.name, "json": ""}
                elif block.type == "text" and block.text:
                    yield TextDelta(text=block.text)
            case "content_block_delta":
                delta = event.delta
                match delta.type:
                    case "text_delta":
                        yield TextDelta(text=delta.text)
                    case "thinking_delta":
                        yield ReasoningDelta(text=delta.thinking)
                    case "input_json_delta" if event.index in blocks:
                        blocks[event.index]["json"] += delta.partial_json
            case "content_block_stop" if event.index in blocks:
                block = blocks.pop(event.index)
                yield ToolCallEvent(call=ToolCall(id=block["id"], name=block["name"],
                                                  arguments=_parse_input(block["json"])))
            case "message_delta":
                stop_reason = event.delta.stop_reason or stop_reason
                if event.usage is not None:
                    counts = _prompt_counts(event.usage, counts)  # newer APIs repeat the final counts here
                    if event.usage.output_tokens is not None:
                        output_tokens = event.usage.output_tokens
            case "message_stop":
                read, written = counts.get("read"), counts.get("written")
                uncached = counts.get("uncached")
                prompt = None if uncached is None else uncached + (read or 0) + (written or 0)
                yield Usage(input_tokens=prompt, output_tokens=output_tokens, cache_read_tokens=read,
                            cache_write_tokens=written)
                return stop_reason
    raise ProviderUnavailable("Anthropic API stream ended before the answer was complete", provider="claude")


def _prompt_counts(usage: Any, counts: dict[str, int | None]) -> dict[str, int | None]:
    """The prompt's token counts in a usage object, over the ones seen before: `uncached` input,
    cache `read` and cache `written` (Anthropic counts those apart from `input_tokens`)."""
    found = {"uncached": getattr(usage, "input_tokens", None),
             "read": getattr(usage, "cache_read_input_tokens", None),
             "written": getattr(usage, "cache_creation_input_tokens", None)}
    return counts | {k: v for k, v in found.items() if isinstance(v, int)}


def _parse_input(raw: str) -> dict[str, Any]:
    """The tool input accumulated from input_json_delta fragments ('' means no arguments)."""
    if not raw.strip():
        return {}
    try:
        value = json.loads(raw)
    except ValueError:
        from json_repair import repair_json

        value = repair_json(raw, return_objects=True)
    return value if isinstance(value, dict) else {"value": value}


def to_anthropic_tools(tools: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Neutral {name, description, parameters} specs -> Anthropic {name, description, input_schema}."""
    return [{"name": t["name"], "description": t.get("description") or t["name"],
             "input_schema": t.get("parameters") or {"type": "object", "properties": {}}} for t in tools]


def to_anthropic_messages(messages: Sequence[Message]) -> list[dict[str, Any]]:
    """tars messages -> Messages API turns: assistant tool calls become tool_use blocks, tool
    results become tool_result blocks in one user turn, and consecutive same-role turns merge.
    A call left without a result (an interrupted turn) gets an error result so the API accepts it."""
    turns: list[dict[str, Any]] = []
    pending: dict[str, str] = {}  # tool_use id -> name, awaiting a result in the next user turn

    def add(role: str, blocks: list[dict[str, Any]]) -> None:
        if turns and turns[-1]["role"] == role:
            turns[-1]["content"].extend(blocks)
        else:
            turns.append({"role": role, "content": blocks})

    def settle() -> None:  # results for calls that never got one
        if pending:
            add("user", [{"type": "tool_result", "tool_use_id": i, "content": _MISSING_RESULT, "is_error": True}
                         for i in pending])
            pending.clear()

    for message in messages:
        if message.role == "tool":
            if message.tool_call_id in pending:
                pending.pop(message.tool_call_id)
                content = anthropic_result_content(message, message.content or "(no output)")
                block: dict[str, Any] = {"type": "tool_result", "tool_use_id": message.tool_call_id,
                                         "content": content}
                if message.is_error:
                    block["is_error"] = True
                add("user", [block])
            else:  # a result the API cannot tie to a call: keep it as text
                add("user", [{"type": "text", "text": f"[result of {message.name or 'a tool'}]\n{message.content}"}])
        elif message.role == "assistant":
            settle()
            blocks: list[dict[str, Any]] = (
                [{"type": "text", "text": message.content.rstrip()}] if message.content.strip() else [])
            for call in message.tool_calls:
                blocks.append({"type": "tool_use", "id": call.id, "name": call.name, "input": call.arguments})
                pending[call.id] = call.name
            if blocks:
                add("assistant", blocks)
        else:
            settle()
            add("user", anthropic_user_content(message))
    settle()
    # tool_result blocks must come first in a user turn
    for turn in turns:
        if turn["role"] == "user":
            turn["content"].sort(key=lambda b: b["type"] != "tool_result")
    return turns
