"""Ollama through the `ollama` client: streaming `/api/chat` with native `tools` and `format`.

`OLLAMA_HOST` (the `ollama_host` setting) may point at another machine. A model without the
"tools" capability gets the tools described in its system prompt instead. Text goes through
`tars.toolcalls.StreamParser`, which turns written-out calls into tool-call events (models with
native tools write them out too, now and then) and `<think>` blocks into reasoning.
Failures leave as ProviderUnavailable / ProviderRejected with a short cause.
"""

from __future__ import annotations

import json
from collections.abc import Generator, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from tars.errors import ProviderRejected, ProviderUnavailable
from tars.events import Event, ReasoningDelta, TextDelta, ToolCall, ToolCallEvent, Usage
from tars.messages import Message
from tars.providers.chat_shape import OLLAMA, chat_messages, chat_tools
from tars.providers.status import Service, status_error
from tars.providers.stop import ending_with_stop
from tars.providers.text_tools import TextTools, text_parser
from tars.providers.vision import named_for_vision
from tars.providers.window import answer_reserve, decide
from tars.providers.wire import check_url, idle_guard, wire_faults

if TYPE_CHECKING:
    from tars.config import Config
    from tars.tool_hints import ToolHints
    from tars.toolcalls import StreamParser

__all__ = ["OllamaProvider", "chat_template"]

_SERVICE = Service("ollama", "Ollama", model_hint="run `ollama pull {model}`")
_INFO: dict[tuple[str, str], dict[str, Any]] = {}  # (host, model) -> what /api/show said, per process
_NO_TOOLS = "does not support tools"
_PORT = 11434


def _base_url(host: str) -> str:
    """The server's URL from an OLLAMA_HOST value, which may leave out the scheme and the port."""
    raw = host.strip() or f"127.0.0.1:{_PORT}"
    parts = urlsplit(raw if "://" in raw else f"http://{raw}")
    netloc = parts.netloc if parts.port else f"{parts.netloc}:{_PORT}"
    return f"{parts.scheme}://{netloc}{parts.path.rstrip('/')}"


def _show(host: str, model: str, timeout: float) -> dict[str, Any]:
    """What `/api/show` says about a model (httpx alone: no client import for a template)."""
    import httpx

    reply = httpx.post(f"{_base_url(host)}/api/show", json={"model": model}, timeout=timeout)
    reply.raise_for_status()
    shown: dict[str, Any] = reply.json()
    return shown


def chat_template(model: str, config: Config) -> tuple[str | None, str]:
    """The model's chat template as Ollama reports it, and where it came from."""
    return _show(config.ollama_host, model, 3.0).get("template"), "Ollama /api/show"


class OllamaProvider:
    """A model served by Ollama; `stream` yields tars events for one /api/chat round."""

    provider = "ollama"

    def __init__(self, model: str, config: Config) -> None:
        self.model = model
        self._config = config  # the window settings, read when the model's length is known
        self.host: str = config.ollama_host.strip()
        self._timeout: float = config.ollama_timeout
        self._idle: float = config.stream_idle_timeout
        self._format: str | None = config.tool_format or None
        self.options: dict[str, Any] = {}  # more Ollama model options
        self.temperature: float | None = config.temperature
        self._client: Any = None

    def __repr__(self) -> str:
        return f"OllamaProvider(model={self.model!r}, host={self._where()!r})"

    # -- what /api/show knows, fetched once per process and model ------------------------------
    @property
    def native_tools(self) -> bool:
        capabilities = self._info().get("capabilities")
        return capabilities is None or "tools" in capabilities

    @property
    def sees_images(self) -> bool:
        """The model takes images: /api/show lists `vision` (or, unknown, its name says so)."""
        capabilities = self._info().get("capabilities")
        return "vision" in capabilities if capabilities is not None else named_for_vision(self.model)

    @property
    def model_context_length(self) -> int | None:
        """The longest context the model was made for, as /api/show reports it."""
        length: int | None = self._info().get("context_length")
        return length

    @property
    def context_window(self) -> int:
        """The window tars asks Ollama for (`num_ctx` on every request)."""
        return decide(self.provider, self.model, self._config, reported=self.model_context_length).tokens

    @property
    def max_output_tokens(self) -> int:
        return answer_reserve(self.context_window)

    def count_tokens(self, text: str) -> int | None:
        return None  # counted from the prompt_eval_count each answer reports

    def _info(self, *, fetch: bool = True) -> dict[str, Any]:
        key = (self._where(), self.model)
        if key not in _INFO and fetch:
            _INFO[key] = self._fetch_info()
        return _INFO.get(key, {})

    def _fetch_info(self) -> dict[str, Any]:
        import httpx

        try:
            shown = _show(self.host, self.model, min(self._timeout, 3.0))
        except (httpx.HTTPError, httpx.InvalidURL, ValueError, TypeError, AttributeError):
            return {}  # unknown (or not Ollama at all): stream() reports the real error
        info = shown.get("model_info") or {}
        lengths = [v for k, v in info.items() if k.endswith(".context_length") and isinstance(v, int)]
        return {"capabilities": shown.get("capabilities"), "context_length": lengths[0] if lengths else None,
                "template": shown.get("template")}

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

            self._client = ollama.Client(host=self.host or None,
                                         timeout=httpx.Timeout(self._timeout, connect=min(5.0, self._timeout)))
        return self._client

    def stream(self, messages: Sequence[Message], *, system: str = "", tools: Sequence[dict[str, Any]] = (),
               response_schema: dict[str, Any] | None = None, hints: ToolHints | None = None) -> Iterator[Event]:
        try:
            url = _base_url(self.host)
        except ValueError:  # a port that is not a number: check_url names the setting
            url = self.host
        check_url(url, "OLLAMA_HOST", self.provider)
        native = not tools or "tools" in (self._info(fetch=False).get("capabilities") or ["tools"])
        with wire_faults(_SERVICE, "OLLAMA_HOST", idle=self._idle):
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

        # thinking=False: through Ollama a model writes its own `<think>` tag (or Ollama moves the
        # thinking to its own field), so text is never held back as possibly-reasoning
        parser = None if response_schema is not None else text_parser(
            self.tool_format(), (t["name"] for t in tools), thinking=False)
        text_tools = TextTools.like(parser) if tools and not native else None
        if text_tools:
            system = text_tools.system(system, tools)
        params: dict[str, Any] = {"model": self.model, "stream": True,
                                  "messages": chat_messages(messages, system, OLLAMA, text_tools=text_tools,
                                                            images=_has_media(messages) and self.sees_images)}
        if tools and native:
            params["tools"] = chat_tools(tools)
        if response_schema is not None:
            params["format"] = response_schema
        # num_ctx always: left out, the server's default window would silently cut the prompt
        params["options"] = {"num_ctx": self.context_window, **self.options}
        if self.temperature is not None and response_schema is None:
            params["options"]["temperature"] = self.temperature
        try:
            chunks = idle_guard(self._chat_client().chat(**params), self._idle, _has_content)
            yield from ending_with_stop(_events(chunks, parser))
        except ollama.ResponseError as exc:
            if exc.status_code == -1:  # an {"error": ...} line in the middle of the stream
                raise ProviderUnavailable(f"Ollama failed in the middle of the answer: {str(exc.error)[:200]}",
                                          provider=self.provider) from exc
            raise status_error(_SERVICE, exc.status_code, str(exc.error or ""), model=self.model) from exc
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
        parts = urlsplit(_base_url(self.host))
        return f"{parts.hostname}:{parts.port}"  # no userinfo


def _has_content(chunk: Any) -> bool:
    """Whether a streamed chunk carries anything (a keep-alive chunk carries nothing)."""
    message = chunk.message
    return bool(chunk.done or message.content or message.thinking or message.tool_calls)


def _events(chunks: Iterable[Any], parser: StreamParser | None) -> Generator[Event, None, str | None]:
    """Translate ChatResponse chunks; the last one (done) carries the usage and the done_reason."""
    for chunk in chunks:
        message = chunk.message
        if message.thinking:
            yield ReasoningDelta(text=message.thinking)
        if message.content:
            yield from parser.feed(message.content) if parser else [TextDelta(text=message.content)]
        for call in message.tool_calls or ():
            yield ToolCallEvent(call=_call(call))
        if chunk.done:
            yield from parser.finish() if parser else ()
            yield Usage(input_tokens=chunk.prompt_eval_count, output_tokens=chunk.eval_count)
            reason: str | None = chunk.done_reason
            return reason
    raise ProviderUnavailable("Ollama stream ended before the answer was complete", provider="ollama")


def _call(call: Any) -> ToolCall:
    arguments = call.function.arguments
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments or "{}")
        except ValueError:
            arguments = {"value": arguments}
    call_id = getattr(call, "id", None)  # newer clients give calls an id
    extra = {"id": call_id} if call_id else {}
    return ToolCall(name=call.function.name, arguments=dict(arguments or {}), **extra)


def _has_media(messages: Sequence[Message]) -> bool:
    return any(m.attachments for m in messages)
