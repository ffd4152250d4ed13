"""The embedded model: llama-cpp-python in-process, offline, on a GGUF shipped by the registry.

The model's own chat template (from the GGUF) renders the conversation and the tool list. Small
models write their calls as text (Qwen2.5-Coder-0.5B usually as JSON in a ```json fence), so the
reply is streamed through the tool-call text parser, which turns calls into events and lets the
prose through. Loaded models are shared per process: loading costs about a second.
"""

from __future__ import annotations

import atexit
import json
import threading
from pathlib import Path
from typing import Any, Iterator, Sequence

from tars.errors import ModelFileError, ProviderRejected, ProviderUnavailable
from tars.events import Event, Stop, TextDelta, ToolCallEvent, Usage
from tars.messages import Message

__all__ = ["LlamaCppProvider", "to_chat_messages"]

_MODELS: dict[tuple[str, int, int], Any] = {}
_LOAD_LOCK = threading.Lock()
_MAX_TOKENS = 1024
_CHARS_PER_TOKEN = 3  # a cautious average, for trimming old turns before the window overflows


@atexit.register
def _close_all() -> None:
    """Free loaded models before the interpreter tears down the modules llama.cpp needs for it."""
    with _LOAD_LOCK:
        while _MODELS:
            _, llm = _MODELS.popitem()
            try:
                llm.close()
            except Exception:
                pass


def _load(path: Path, n_ctx: int, threads: int):
    """Load (once per process) a GGUF; its chat template comes from its own metadata."""
    key = (str(path), n_ctx, threads)
    with _LOAD_LOCK:
        if key not in _MODELS:
            from llama_cpp import Llama

            try:
                _MODELS[key] = Llama(model_path=str(path), n_ctx=n_ctx, n_threads=threads,
                                     n_threads_batch=threads, verbose=False)
            except (ValueError, RuntimeError) as exc:
                raise ModelFileError(f"cannot load {path.name}: {exc}") from exc
        return _MODELS[key]


def _grammar(schema: dict[str, Any]):
    """A llama.cpp grammar that only admits JSON matching `schema`."""
    from llama_cpp import LlamaGrammar

    try:
        return LlamaGrammar.from_json_schema(json.dumps(schema), verbose=False)
    except Exception as exc:  # llama.cpp signals an unsupported schema with a bare assertion
        raise ProviderRejected(f"embedded model: cannot constrain output to this schema ({exc or type(exc).__name__})",
                               provider="llamacpp") from exc


def to_chat_messages(system: str, messages: Sequence[Message]) -> list[dict[str, Any]]:
    """tars messages -> the OpenAI-style dicts chat templates expect."""
    out: list[dict[str, Any]] = [{"role": "system", "content": system}] if system else []
    for m in messages:
        if m.role == "tool":
            out.append({"role": "tool", "content": m.content, "name": m.name or "", "tool_call_id": m.tool_call_id})
        elif m.tool_calls:
            out.append({"role": "assistant", "content": m.content, "tool_calls": [
                {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                for c in m.tool_calls]})
        else:
            out.append({"role": m.role, "content": m.content})
    return out


def _trim(chat: list[dict[str, Any]], budget_chars: int) -> list[dict[str, Any]]:
    """Drop the oldest turns (never the system prompt or the last message) to fit the window."""
    head = chat[:1] if chat and chat[0]["role"] == "system" else []
    body = chat[len(head):]
    size = lambda msgs: sum(len(json.dumps(m, default=str)) for m in msgs)  # noqa: E731
    while len(body) > 1 and size(head + body) > budget_chars:
        body = body[1:]
        while len(body) > 1 and body[0]["role"] == "tool":  # a result without its call is noise
            body = body[1:]
    return head + body


class LlamaCppProvider:
    """`llamacpp:<catalog name or path to .gguf>`; 2 threads by default (TARS_THREADS)."""

    provider = "llamacpp"
    native_tools = False

    def __init__(self, model: str, config) -> None:
        self.model = model
        self.context_window: int | None = config.context_size
        self._threads = config.threads
        self._format_setting = getattr(config, "tool_format", None) or None
        self._lock = threading.Lock()  # one generation at a time per provider
        self._llm = None

    def warm_up(self) -> None:
        """Assemble/verify the file and load the model (the REPL does this while you type)."""
        self._model()

    def _model(self):
        if self._llm is None:
            from tars.embedded import resolve_model_path

            self._llm = _load(resolve_model_path(self.model), self.context_window or 4096, self._threads)
        return self._llm

    @property
    def chat_template(self) -> str | None:
        return self._model().metadata.get("tokenizer.chat_template")

    def tool_format(self) -> str:
        """The text format this model writes calls in (setting > name > template > sniffing)."""
        from tars.toolcalls import detect_format

        fmt, _why = detect_format(model=self.model, template=self.chat_template, setting=self._format_setting)
        return fmt

    def stream(self, messages, *, system="", tools=(), response_schema=None) -> Iterator[Event]:
        llm = self._model()
        chat = _trim(to_chat_messages(system, messages), (llm.n_ctx() - _MAX_TOKENS) * _CHARS_PER_TOKEN)
        kwargs: dict[str, Any] = {"messages": chat, "stream": True, "max_tokens": _MAX_TOKENS}
        if response_schema is not None:
            kwargs["grammar"] = _grammar(response_schema)
            kwargs["temperature"] = 0.0  # constrained JSON answers should not vary run to run
        elif tools:
            kwargs["tools"] = [{"type": "function", "function": dict(spec)} for spec in tools]
        # Parse calls whenever tools are or were in play: a call to a tool not offered now is
        # dropped (never run), and its markup is never shown as the answer.
        offered = {spec["name"] for spec in tools}
        known = offered | {c.name for m in messages for c in m.tool_calls}
        parser = self._parser(known) if known and response_schema is None else None
        with self._lock:
            yield from self._generate(llm, kwargs, parser, offered)

    def _parser(self, names: set[str]):
        from tars.toolcalls import StreamParser

        return StreamParser(self.tool_format(), sorted(names), model=self.model)

    def _generate(self, llm, kwargs: dict[str, Any], parser, offered: set[str]) -> Iterator[Event]:
        produced, finish, saw_call, stray = 0, "end_turn", False, False
        try:
            chunks = llm.create_chat_completion(**kwargs)
            for chunk in chunks:
                choice = chunk["choices"][0]
                text = choice.get("delta", {}).get("content") or ""
                if choice.get("finish_reason") == "length":
                    finish = "max_tokens"
                if not text:
                    continue
                produced += 1
                for event in (parser.feed(text) if parser else [TextDelta(text=text)]):
                    if isinstance(event, ToolCallEvent) and event.call.name not in offered:
                        stray = True  # a call to a tool not on offer now: never run, never shown
                        continue
                    saw_call = saw_call or isinstance(event, ToolCallEvent)
                    yield event
                if stray and not offered:
                    break  # asked to answer without tools, the model writes calls: it would only repeat
        except ValueError as exc:  # llama.cpp's way of saying the prompt does not fit
            raise ProviderRejected(f"embedded model: {exc}", provider="llamacpp") from exc
        except RuntimeError as exc:
            raise ProviderUnavailable(f"embedded model failed: {exc}", provider="llamacpp") from exc
        cut_short = stray and not offered  # what is held back is the start of the next stray call
        for event in parser.finish() if parser and not cut_short else ():
            if isinstance(event, ToolCallEvent) and event.call.name not in offered:
                continue
            saw_call = saw_call or isinstance(event, ToolCallEvent)
            yield event
        yield Usage(input_tokens=max(0, llm.n_tokens - produced), output_tokens=produced)
        yield Stop(reason="tool_use" if saw_call else finish)
