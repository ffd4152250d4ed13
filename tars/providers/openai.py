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
from typing import Any, Iterator, Sequence

from tars.errors import ProviderError, ProviderRejected, ProviderUnavailable
from tars.events import Event, ReasoningDelta, Stop, ToolCall, ToolCallEvent, Usage
from tars.messages import Message

__all__ = ["OpenAIProvider", "to_openai_messages", "to_openai_tools"]

_STOP = {"stop": "end_turn", "length": "max_tokens", "tool_calls": "tool_use", "function_call": "tool_use"}


def to_openai_tools(tools: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"type": "function", "function": {"name": t["name"], "description": t.get("description", ""),
                                              "parameters": t.get("parameters") or {"type": "object",
                                                                                    "properties": {}}}}
            for t in tools]


def to_openai_messages(messages: Sequence[Message], system: str = "", *, written: Any = None) -> list[dict[str, Any]]:
    """Convert the conversation. With `written` (a format's render function) earlier calls are
    written as text and results sent as user turns, for a server that cannot take `tools`."""
    out: list[dict[str, Any]] = [{"role": "system", "content": system}] if system else []
    for m in messages:
        if m.role == "tool":
            if written:
                out.append({"role": "user", "content": f"<tool_response name=\"{m.name}\">\n{m.content}\n"
                                                       f"</tool_response>"})
            else:
                out.append({"role": "tool", "tool_call_id": m.tool_call_id, "content": m.content})
        elif m.role == "assistant" and m.tool_calls:
            if written:
                calls = written([(c.name, c.arguments) for c in m.tool_calls])
                out.append({"role": "assistant", "content": (m.content + "\n" + calls).strip()})
            else:
                out.append({"role": "assistant", "content": m.content or None, "tool_calls": [
                    {"id": c.id, "type": "function",
                     "function": {"name": c.name, "arguments": json.dumps(c.arguments, ensure_ascii=False)}}
                    for c in m.tool_calls]})
        else:
            out.append({"role": m.role, "content": m.content})
    return out


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
    context_window: int | None = None

    def __init__(self, model: str, config: Any) -> None:
        self.model = model
        self.base_url = (getattr(config, "openai_base_url", "") or "http://127.0.0.1:8080/v1").rstrip("/")
        self._key = getattr(config, "openai_api_key", "") or ""
        self._format = getattr(config, "tool_format", "") or None
        self._timeout = float(getattr(config, "openai_timeout", 120.0) or 120.0)
        self.native_tools = True  # until the server shows it writes calls as text or refuses `tools`

    def __repr__(self) -> str:
        return f"OpenAIProvider(model={self.model!r}, base_url={self.base_url!r})"

    def stream(self, messages: Sequence[Message], *, system: str = "", tools: Sequence[dict[str, Any]] = (),
               response_schema: dict[str, Any] | None = None) -> Iterator[Event]:
        parser = self._parser(tools)
        body = self._body(messages, system, tools, response_schema, parser)
        try:
            yield from self._events(self._post(body), parser, bool(tools))
        except ProviderError as exc:
            # llama-server without --jinja answers "tools param requires --jinja flag"
            if not (tools and self.native_tools and exc.status in (400, 422, 500) and "tool" in str(exc).lower()):
                raise
            self.native_tools = False  # the server refuses `tools`: describe them in the prompt instead
            parser = self._parser(tools)
            yield from self._events(self._post(self._body(messages, system, tools, response_schema, parser)),
                                    parser, True)

    def _parser(self, tools: Sequence[dict[str, Any]]) -> Any:
        from tars.toolcalls import StreamParser

        # these servers split a prompt-opened think block off as `reasoning_content` themselves,
        # so prose streams at once; an explicit <think> in the text is still split out
        return StreamParser(self._format, [t["name"] for t in tools], model=self.model, thinking=False)

    # -- request ------------------------------------------------------------------------------
    def _body(self, messages, system, tools, response_schema, parser) -> dict[str, Any]:
        written = None
        if tools and not self.native_tools:
            from tars.toolcalls import prompt_for
            from tars.toolcalls.formats import get_format

            name = "json" if parser.format == "auto" else parser.format
            system = (system + "\n\n" + prompt_for(name, tools)).strip()
            written = get_format(name).render
        body: dict[str, Any] = {"model": self.model, "stream": True, "stream_options": {"include_usage": True},
                                "messages": to_openai_messages(messages, system, written=written)}
        if tools and self.native_tools:
            body["tools"] = to_openai_tools(tools)
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
                    raise self._status_error(response.status_code, response.text)
                for line in response.iter_lines():
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

    def _status_error(self, status: int, text: str) -> ProviderError:
        detail = _error_message(text)
        if status in (401, 403, 408, 409, 429) or status >= 500:
            return ProviderUnavailable(f"OpenAI-compatible server error ({status}): {detail}",
                                       provider=self.provider, status=status)
        return ProviderRejected(f"OpenAI-compatible server rejected the request ({status}): {detail}",
                                provider=self.provider, status=status)

    # -- response -----------------------------------------------------------------------------
    def _events(self, payloads: Iterator[str], parser: Any, offered: bool) -> Iterator[Event]:
        calls, stop, saw_text_call = _Calls(), "end_turn", False
        for payload in payloads:
            if payload == "[DONE]":
                break
            try:
                chunk = json.loads(payload)
            except ValueError:
                continue  # a keep-alive or comment line
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
                if reason := choice.get("finish_reason"):
                    stop = _STOP.get(reason, reason)
        for event in parser.finish():
            saw_text_call = saw_text_call or isinstance(event, ToolCallEvent)
            yield event
        structured = calls.calls()
        for call in structured:
            yield ToolCallEvent(call=call)
        if saw_text_call and offered and not structured:
            self.native_tools = False  # it writes calls as text: the session may rescue/describe accordingly
        yield Stop(reason="tool_use" if structured or saw_text_call else stop)


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
