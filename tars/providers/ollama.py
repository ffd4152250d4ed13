"""Ollama through the `ollama` client: streaming `/api/chat` with native `tools` and `format`.

`OLLAMA_HOST` (the `ollama_host` setting) may point at another machine. A model without the
"tools" capability gets the tools described in its system prompt instead. Text goes through
`tars.toolcalls.StreamParser`, which turns written-out calls into tool-call events (models with
native tools write them out too, now and then) and `<think>` blocks into reasoning.
Failures leave as ProviderUnavailable / ProviderRejected with a short cause.
"""

from __future__ import annotations

import json
from typing import Any, Iterator, Sequence
from urllib.parse import urlsplit

from tars.errors import ProviderError, ProviderRejected, ProviderUnavailable
from tars.events import Event, ReasoningDelta, Stop, TextDelta, ToolCall, ToolCallEvent, Usage
from tars.messages import Message

__all__ = ["OllamaProvider", "to_ollama_messages", "to_ollama_tools"]

_STOP_REASONS = {"stop": "end_turn", "length": "max_tokens"}
_INFO: dict[tuple[str, str], dict[str, Any]] = {}  # (host, model) -> what /api/show said, per process
_NO_TOOLS = "does not support tools"


class OllamaProvider:
    """A model served by Ollama; `stream` yields tars events for one /api/chat round."""

    provider = "ollama"

    def __init__(self, model: str, config: Any) -> None:
        self.model = model
        self.host = (getattr(config, "ollama_host", "") or "").strip() or None
        self._timeout = float(getattr(config, "ollama_timeout", 120.0) or 120.0)
        self._format = getattr(config, "tool_format", None) or None
        self.options: dict[str, Any] = {}  # Ollama model options (temperature, num_ctx, ...)
        self._client: Any = None

    def __repr__(self) -> str:
        return f"OllamaProvider(model={self.model!r}, host={self._where()!r})"

    # -- what /api/show knows, fetched once per process and model ------------------------------
    @property
    def native_tools(self) -> bool:
        capabilities = self._info().get("capabilities")
        return capabilities is None or "tools" in capabilities

    @property
    def context_window(self) -> int | None:
        return self._info().get("context_length")

    def _info(self, *, fetch: bool = True) -> dict[str, Any]:
        key = (self._where(), self.model)
        if key not in _INFO and fetch:
            _INFO[key] = self._show()
        return _INFO.get(key, {})

    def _show(self) -> dict[str, Any]:
        import httpx
        import ollama

        try:
            shown = ollama.Client(host=self.host, timeout=min(self._timeout, 3.0)).show(self.model)
        except (ollama.ResponseError, ConnectionError, httpx.HTTPError):
            return {}  # unknown: stream() still works and reports the real error
        info = dict(shown.modelinfo or {})
        lengths = [v for k, v in info.items() if k.endswith(".context_length") and isinstance(v, int)]
        return {"capabilities": list(shown.capabilities) if shown.capabilities is not None else None,
                "context_length": lengths[0] if lengths else None, "template": shown.template}

    def tool_format(self) -> str:
        """The text format this model writes calls in (setting > name > template > sniffing); the
        template is used only when /api/show was already asked, so this adds no round trip."""
        from tars.toolcalls import detect_format

        template = self._info(fetch=False).get("template")
        return detect_format(model=self.model, template=template, setting=self._format)[0]

    def _learn_no_tools(self) -> None:
        key = (self._where(), self.model)
        _INFO[key] = {**_INFO.get(key, {}), "capabilities": ["completion"]}

    # -- streaming ----------------------------------------------------------------------------
    def _chat_client(self) -> Any:
        if self._client is None:
            import httpx
            import ollama

            self._client = ollama.Client(host=self.host, timeout=httpx.Timeout(self._timeout,
                                                                               connect=min(5.0, self._timeout)))
        return self._client

    def stream(
        self,
        messages: Sequence[Message],
        *,
        system: str = "",
        tools: Sequence[dict[str, Any]] = (),
        response_schema: dict[str, Any] | None = None,
    ) -> Iterator[Event]:
        native = not tools or "tools" in (self._info(fetch=False).get("capabilities") or ["tools"])
        try:
            yield from self._round(messages, system, tools, response_schema, native=native)
        except ProviderRejected as exc:
            if native and tools and exc.status == 400 and _NO_TOOLS in str(exc):
                self._learn_no_tools()  # refused before any output: ask again with tools in the prompt
                yield from self._round(messages, system, tools, response_schema, native=False)
            else:
                raise

    def _round(self, messages: Sequence[Message], system: str, tools: Sequence[dict[str, Any]],
               response_schema: dict[str, Any] | None, *, native: bool) -> Iterator[Event]:
        import httpx
        import ollama

        parser = None if response_schema is not None else _parser(self.tool_format(), tools)
        render = None
        if tools and not native:
            prompt, render = _written_tools(parser, tools)
            system = "\n\n".join(p for p in (system, prompt) if p)
        params: dict[str, Any] = {"model": self.model, "stream": True,
                                  "messages": to_ollama_messages(messages, system, render=render)}
        if tools and native:
            params["tools"] = to_ollama_tools(tools)
        if response_schema is not None:
            params["format"] = response_schema
        if self.options:
            params["options"] = dict(self.options)
        try:
            yield from _events(self._chat_client().chat(**params), parser)
        except ollama.ResponseError as exc:
            raise self._response_error(exc) from exc
        except httpx.TimeoutException as exc:
            raise ProviderUnavailable(f"Ollama at {self._where()} did not answer within {self._timeout:g} s",
                                      provider=self.provider) from exc
        except (ConnectionError, httpx.ConnectError) as exc:  # the client's own, or httpx's while streaming
            raise ProviderUnavailable(f"cannot reach Ollama at {self._where()} (is `ollama serve` running?)",
                                      provider=self.provider) from exc
        except httpx.TransportError as exc:
            raise ProviderUnavailable(f"connection to Ollama at {self._where()} lost in the middle of the answer",
                                      provider=self.provider) from exc

    def _where(self) -> str:
        raw = self.host or "127.0.0.1:11434"
        parts = urlsplit(raw if "://" in raw else f"http://{raw}")
        return f"{parts.hostname or '127.0.0.1'}:{parts.port or 11434}"  # no userinfo

    def _response_error(self, exc: Any) -> ProviderError:
        status, detail = exc.status_code, str(exc.error or "")[:200]
        if status == 404 and "not found" in detail:
            return ProviderRejected(f"Ollama has no model {self.model}; run `ollama pull {self.model}`",
                                    provider=self.provider, status=404)
        if status == -1:  # an {"error": ...} line in the middle of the stream
            return ProviderUnavailable(f"Ollama failed in the middle of the answer: {detail}",
                                       provider=self.provider)
        if status >= 500 or status == 429:
            return ProviderUnavailable(f"Ollama server error ({status}): {detail}", provider=self.provider,
                                       status=status)
        return ProviderRejected(f"Ollama rejected the request ({status}): {detail}", provider=self.provider,
                                status=status)


def _parser(format: str, tools: Sequence[dict[str, Any]]) -> Any:
    """A StreamParser that turns calls written out as text into events (only to offered tools)
    and splits `<think>` blocks off as reasoning."""
    from tars.toolcalls import StreamParser

    # thinking=False: through Ollama a model writes its own `<think>` tag (or Ollama moves the
    # thinking to its own field), so text is never held back as possibly-reasoning
    return StreamParser(format, [t["name"] for t in tools], thinking=False)


def _written_tools(parser: Any, tools: Sequence[dict[str, Any]]) -> tuple[str, Any]:
    """For a model without native tools: the system-prompt text that describes `tools`, and the
    function that writes earlier calls in the same format for the history."""
    name = "json" if parser is None or parser.format == "auto" else parser.format
    from tars.toolcalls import prompt_for
    from tars.toolcalls.formats import get_format

    return prompt_for(name, tools), get_format(name).render


def _events(chunks: Any, parser: Any) -> Iterator[Event]:
    """Translate ChatResponse chunks; the last one (done) carries the usage and stop reason."""
    saw_call = False
    for chunk in chunks:
        message = chunk.message
        if message.thinking:
            yield ReasoningDelta(text=message.thinking)
        if message.content:
            for event in parser.feed(message.content) if parser else [TextDelta(text=message.content)]:
                saw_call = saw_call or isinstance(event, ToolCallEvent)
                yield event
        for call in message.tool_calls or ():
            saw_call = True
            yield ToolCallEvent(call=_call(call))
        if chunk.done:
            for event in parser.finish() if parser else ():
                saw_call = saw_call or isinstance(event, ToolCallEvent)
                yield event
            yield Usage(input_tokens=chunk.prompt_eval_count, output_tokens=chunk.eval_count)
            reason = chunk.done_reason or "stop"
            yield Stop(reason="tool_use" if saw_call else _STOP_REASONS.get(reason, reason))
            return
    raise ProviderUnavailable("Ollama stream ended before the answer was complete", provider="ollama")


def _call(call: Any) -> ToolCall:
    arguments = call.function.arguments
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments or "{}")
        except ValueError:
            arguments = {"value": arguments}
    call_id = getattr(call, "id", None)
    extra = {"id": call_id} if call_id else {}
    return ToolCall(name=call.function.name, arguments=dict(arguments or {}), **extra)


def to_ollama_tools(tools: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Neutral {name, description, parameters} specs -> Ollama function tools."""
    return [{"type": "function", "function": {"name": t["name"], "description": t.get("description") or t["name"],
                                              "parameters": t.get("parameters") or {"type": "object",
                                                                                    "properties": {}}}}
            for t in tools]


def to_ollama_messages(messages: Sequence[Message], system: str = "", *,
                       render: Any = None) -> list[dict[str, Any]]:
    """tars messages -> /api/chat messages. Tool results are role "tool" with `tool_name`. For a
    model without native tools (`render` given), calls are written out with `render` and
    results go back as user text."""
    native = render is None
    out: list[dict[str, Any]] = [{"role": "system", "content": system}] if system else []
    for message in messages:
        content = message.content
        if message.role == "tool":
            if message.is_error:
                content = f"Error: {content}"
            if native:
                out.append({"role": "tool", "content": content, "tool_name": message.name or ""})
            else:
                out.append({"role": "user", "content": f"<tool_response>\n{content}\n</tool_response>"})
        elif message.role == "assistant" and message.tool_calls:
            if native:
                out.append({"role": "assistant", "content": content, "tool_calls": [
                    {"function": {"name": c.name, "arguments": c.arguments}} for c in message.tool_calls]})
            else:
                written = render([(c.name, c.arguments) for c in message.tool_calls])
                out.append({"role": "assistant", "content": f"{content}\n{written}".strip()})
        else:
            out.append({"role": message.role, "content": content})
    return out
