"""Any OpenAI-compatible `/v1/chat/completions` server (llama-server, vLLM, LM Studio, LocalAI),
streamed over httpx.

Native `tools` are sent and structured `tool_calls` deltas are accumulated by index; the text
still goes through `tars.toolcalls.StreamParser`, because a server without a tool-aware template
(llama-server without `--jinja`) returns the call as text. A server that refuses `tools` gets
them described in the system prompt instead, from then on. Failures leave as
ProviderUnavailable / ProviderRejected with the HTTP status; the API key never appears in them.
"""

from __future__ import annotations

import json
from collections.abc import Generator, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from tars.errors import ContextTooLong, OutputError, ProviderError, ProviderUnavailable
from tars.events import Event, ReasoningDelta, ToolCall, ToolCallEvent, Usage
from tars.messages import Message
from tars.providers.chat_shape import OPENAI, chat_messages, chat_tools
from tars.providers.status import Service, status_error
from tars.providers.stop import ending_with_stop
from tars.providers.text_tools import TextTools, text_parser
from tars.providers.vision import named_for_vision
from tars.providers.window import answer_reserve, decide
from tars.providers.wire import check_url, idle_guard, sse_content, wire_faults

if TYPE_CHECKING:
    from tars.config import Config
    from tars.tool_hints import ToolHints
    from tars.toolcalls import StreamParser

__all__ = ["OpenAIProvider", "chat_template"]

_SERVICE = Service("openai", "OpenAI-compatible server", key_setting="TARS_OPENAI_API_KEY")
_URL_SETTING = "TARS_OPENAI_BASE_URL"


def chat_template(model: str, config: Config) -> tuple[str | None, str]:
    """The chat template the server reports (llama-server does, at /props) and where it came from."""
    import httpx

    root = config.openai_base_url.rstrip("/").removesuffix("/v1")
    reply = httpx.get(f"{root}/props", timeout=3.0)
    reply.raise_for_status()
    return reply.json().get("chat_template"), "llama-server /props"


class _Calls:
    """Structured tool-call fragments, accumulated by index until the stream ends."""

    def __init__(self) -> None:
        self.parts: dict[int, dict[str, Any]] = {}

    def add(self, delta: dict[str, Any]) -> None:
        part = self.parts.setdefault(int(delta.get("index") or 0), {"id": None, "name": "", "arguments": ""})
        part["id"] = delta.get("id") or part["id"]
        function = delta.get("function") or {}
        part["name"] += function.get("name") or ""
        part["arguments"] += function.get("arguments") or ""

    def calls(self) -> list[ToolCall]:
        from tars.toolcalls.jsonish import load_json

        out = []
        for _, part in sorted(self.parts.items()):
            raw = part["arguments"].strip()
            args, _note = load_json(raw) if raw else ({}, None)
            if not isinstance(args, dict):
                args = {"_invalid_arguments": raw}  # the tool's schema check tells the model what went wrong
            kw = {"id": part["id"]} if part["id"] else {}
            out.append(ToolCall(name=part["name"], arguments=args, **kw))
        return out


class OpenAIProvider:
    """A model behind an OpenAI-compatible server; `stream` yields tars events for one round."""

    provider = "openai"
    def __init__(self, model: str, config: Config) -> None:
        self.model = model
        self._config = config  # the window settings, read when the server was asked
        self.base_url: str = config.openai_base_url.rstrip("/")
        self._key: str = config.openai_api_key
        self._format: str | None = config.tool_format or None
        self._timeout: float = config.openai_timeout
        self._idle: float = config.stream_idle_timeout
        self.temperature: float | None = config.temperature
        self.native_tools = True  # until the server shows it writes calls as text or refuses `tools`

    def __repr__(self) -> str:
        return f"OpenAIProvider(model={self.model!r}, base_url={self.base_url!r})"

    # -- the window -----------------------------------------------------------------------------
    @property
    def context_window(self) -> int:
        key = (self.base_url, self.model)
        if key not in _REPORTED:
            _REPORTED[key] = _reported_window(self.base_url, self.model, self._key)
        return decide(self.provider, self.model, self._config, reported=_REPORTED[key]).tokens

    @property
    def max_output_tokens(self) -> int:
        return answer_reserve(self.context_window)

    @property
    def sees_images(self) -> bool:
        """The model takes images, as far as its name tells (the API does not say)."""
        return named_for_vision(self.model)

    def count_tokens(self, text: str) -> int | None:
        return None  # counted from the usage each answer reports

    def stream(self, messages: Sequence[Message], *, system: str = "", tools: Sequence[dict[str, Any]] = (),
               response_schema: dict[str, Any] | None = None, hints: ToolHints | None = None) -> Iterator[Event]:
        check_url(self.base_url, _URL_SETTING, self.provider)
        with wire_faults(_SERVICE, _URL_SETTING, idle=self._idle):
            parser = self._parser(tools)
            body = self._body(messages, system, tools, response_schema, parser)
            try:
                yield from ending_with_stop(self._events(self._post(body), parser, bool(tools)))
            except ProviderError as exc:
                # llama-server without --jinja answers "tools param requires --jinja flag"
                if isinstance(exc, ContextTooLong) or not (
                        tools and self.native_tools and exc.status in (400, 422, 500) and "tool" in str(exc).lower()):
                    raise
                self.native_tools = False  # the server refuses `tools`: describe them in the prompt instead
                parser = self._parser(tools)
                body = self._body(messages, system, tools, response_schema, parser)
                yield from ending_with_stop(self._events(self._post(body), parser, True))

    def _parser(self, tools: Sequence[dict[str, Any]]) -> StreamParser:
        # these servers split a prompt-opened think block off as `reasoning_content` themselves,
        # so prose streams at once; an explicit <think> in the text is still split out
        return text_parser(self._format, (t["name"] for t in tools), model=self.model, thinking=False)

    # -- request ------------------------------------------------------------------------------
    def _body(self, messages: Sequence[Message], system: str, tools: Sequence[dict[str, Any]],
              response_schema: dict[str, Any] | None, parser: StreamParser) -> dict[str, Any]:
        text_tools = TextTools.like(parser) if tools and not self.native_tools else None
        if text_tools:
            system = text_tools.system(system, tools)
        body: dict[str, Any] = {"model": self.model, "stream": True, "stream_options": {"include_usage": True},
                                "messages": chat_messages(messages, system, OPENAI, text_tools=text_tools,
                                                          images=self.sees_images)}
        if tools and self.native_tools:
            body["tools"] = chat_tools(tools)
        if self.temperature is not None and not response_schema:
            body["temperature"] = self.temperature
        if response_schema:
            body["response_format"] = {"type": "json_schema",
                                       "json_schema": {"name": "reply", "schema": response_schema, "strict": True}}
        return body

    def _post(self, body: dict[str, Any]) -> Iterator[str]:
        """The SSE `data:` payloads of one streamed request."""
        import httpx

        headers = {"Accept": "text/event-stream"}
        if self._key:
            headers["Authorization"] = f"Bearer {self._key}"
        timeout = httpx.Timeout(self._timeout, connect=5.0)
        try:
            with httpx.stream("POST", f"{self.base_url}/chat/completions", json=body, headers=headers,
                              timeout=timeout) as response:
                if response.status_code >= 400:
                    response.read()
                    raise status_error(_SERVICE, response.status_code, _error_message(response.text),
                                       model=self.model, secret=self._key)
                for line in idle_guard(response.iter_lines(), self._idle, sse_content):
                    if line.startswith("data:"):
                        yield line[5:].strip()
        except ProviderError:
            raise
        except httpx.TimeoutException as exc:
            raise ProviderUnavailable(f"OpenAI-compatible server at {self.base_url} timed out",
                                      provider=self.provider) from exc
        except httpx.HTTPError as exc:
            raise ProviderUnavailable(f"cannot reach the OpenAI-compatible server at {self.base_url}: "
                                      f"{type(exc).__name__}", provider=self.provider) from exc

    # -- response -----------------------------------------------------------------------------
    def _events(self, payloads: Iterator[str], parser: StreamParser,
                offered: bool) -> Generator[Event, None, str | None]:
        """The round's events; returns the server's finish_reason."""
        calls, finish, saw_text_call, read = _Calls(), None, False, False
        for payload in payloads:
            if payload == "[DONE]":
                read = True
                break
            if not payload:
                continue  # an empty keep-alive event
            try:
                chunk = json.loads(payload)
            except ValueError as exc:
                raise OutputError(f"{_SERVICE.label} sent an event that is not JSON ({payload[:40]!r}); "
                                  f"check {_URL_SETTING}", provider=self.provider) from exc
            if not isinstance(chunk, dict):
                raise OutputError(f"{_SERVICE.label} sent an event that is not a JSON object; "
                                  f"check {_URL_SETTING}", provider=self.provider)
            read = True
            if chunk.get("error"):
                raise ProviderUnavailable(f"OpenAI-compatible server failed mid-stream: "
                                          f"{_error_message(json.dumps(chunk))}", provider=self.provider)
            if usage := chunk.get("usage"):
                yield Usage(input_tokens=usage.get("prompt_tokens"), output_tokens=usage.get("completion_tokens"))
            for choice in chunk.get("choices") or ():
                delta = choice.get("delta") or {}
                if thinking := delta.get("reasoning_content") or delta.get("reasoning"):
                    yield ReasoningDelta(text=thinking)
                if text := delta.get("content"):
                    for event in parser.feed(text):
                        saw_text_call = saw_text_call or isinstance(event, ToolCallEvent)
                        yield event
                for part in delta.get("tool_calls") or ():
                    calls.add(part)
                finish = choice.get("finish_reason") or finish
        if not read:
            raise OutputError(f"{_SERVICE.label} answered with no event stream; check {_URL_SETTING}",
                              provider=self.provider)
        for event in parser.finish():
            saw_text_call = saw_text_call or isinstance(event, ToolCallEvent)
            yield event
        structured = calls.calls()
        for call in structured:
            yield ToolCallEvent(call=call)
        if saw_text_call and offered and not structured:
            self.native_tools = False  # it writes calls as text: the session may rescue/describe accordingly
        return finish


_REPORTED: dict[tuple[str, str], int | None] = {}  # (base URL, model) -> the window the server reports
# /v1/models fields that carry a window: vLLM, LM Studio and others, llama-server's `meta`
_WINDOW_KEYS = ("max_model_len", "loaded_context_length", "context_length", "max_context_length")


def _reported_window(base_url: str, model: str, key: str) -> int | None:
    """The window an OpenAI-compatible server reports for `model` (its only model, if it lists
    one): llama-server's running `n_ctx` from /props, else what /v1/models says."""
    import httpx

    headers = {"Authorization": f"Bearer {key}"} if key else {}
    try:
        listed = httpx.get(f"{base_url}/models", headers=headers, timeout=3.0).json().get("data") or []
    except (httpx.HTTPError, ValueError, AttributeError):
        return None
    entries = [e for e in listed if isinstance(e, dict)]
    entry = next((e for e in entries if e.get("id") == model), entries[0] if len(entries) == 1 else None)
    if entry is None:
        return None
    meta: dict[str, Any] = entry["meta"] if isinstance(entry.get("meta"), dict) else {}
    if meta:  # llama-server: the context it runs with is in /props
        try:
            props = httpx.get(f"{base_url.removesuffix('/v1')}/props", headers=headers, timeout=3.0).json()
            running = (props.get("default_generation_settings") or {}).get("n_ctx")
        except (httpx.HTTPError, ValueError, AttributeError):
            running = None
        if isinstance(running, int) and running > 0:
            return running
    for value in (meta.get("n_ctx"), *(entry.get(k) for k in _WINDOW_KEYS), meta.get("n_ctx_train")):
        if isinstance(value, int) and value > 0:
            return value
    return None


def _error_message(text: str) -> str:
    """The server's own error message, short; never the request (which may carry a key)."""
    try:
        body = json.loads(text)
    except ValueError:
        return text.strip()[:200] or "no detail"
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict):
        return str(error.get("message") or error.get("type") or error)[:200]
    if isinstance(error, str):
        return error[:200]
    return str(body.get("message") or body.get("detail") or text)[:200]
