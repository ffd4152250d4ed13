"""The embedded model: llama-cpp-python in-process, offline, on a GGUF shipped by the registry.

The model's own chat template (from the GGUF) renders the conversation and the tool list. Small
models write their calls as text (Qwen2.5-Coder-0.5B usually as JSON in a ```json fence), so the
reply is streamed through the tool-call text parser, which turns calls into events and lets the
prose through. Loaded models are shared per process: loading costs about a second.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import threading
from collections.abc import Generator, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tars.errors import ContextTooLong, ModelFileError, ProviderRejected, ProviderUnavailable
from tars.events import Event, TextDelta, ToolCallEvent, Usage
from tars.messages import Message
from tars.paths import cache_dir
from tars.providers.chat_shape import TEMPLATE, chat_messages, chat_tools
from tars.providers.llamacpp.gguf_template import gguf_chat_template
from tars.providers.llamacpp.loops import RepeatStop
from tars.providers.llamacpp.model_file import resolve_model_path
from tars.providers.llamacpp.prefix_cache import PrefixCache, cache_key, caching_llama
from tars.providers.llamacpp.threads import import_llama_cpp
from tars.providers.stop import ending_with_stop
from tars.providers.text_tools import text_parser
from tars.providers.window import decide

if TYPE_CHECKING:
    from tars.config import Config
    from tars.tool_hints import ToolHints
    from tars.toolcalls import StreamParser

__all__ = ["LlamaCppProvider", "chat_template"]

_MODELS: dict[tuple[str, int, int], Any] = {}
_LOAD_LOCK = threading.Lock()
_MAX_TOKENS = 2048  # most tokens of one reply (a cut one is told); llama.cpp also stops where the window ends
# llama.cpp's classic penalty: enough to break a loop of repeated phrases, too little to bend
# ordinary prose; structured (grammar) answers get none, they repeat quotes and braces by design
_REPEAT_PENALTY = 1.1


@atexit.register
def _close_all() -> None:
    """Free loaded models before the interpreter tears down the modules llama.cpp needs for it."""
    with _LOAD_LOCK:
        while _MODELS:
            _, llm = _MODELS.popitem()
            with contextlib.suppress(Exception):  # at exit, a model that will not close is no loss
                llm.close()


def chat_template(model: str, config: Config) -> tuple[str | None, str]:
    """The chat template in the GGUF's header (the model is not loaded) and where it came from."""
    path = resolve_model_path(model)
    return gguf_chat_template(path), f"GGUF metadata of {path.name}"


def _load(path: Path, n_ctx: int, threads: int) -> Any:
    """Load (once per process) a GGUF; its chat template comes from its own metadata."""
    key = (str(path), n_ctx, threads)
    with _LOAD_LOCK:
        if key not in _MODELS:
            llama_cpp = import_llama_cpp()
            cache = PrefixCache(cache_dir() / "prompts" / cache_key(path, n_ctx, llama_cpp.__version__))
            try:
                _MODELS[key] = caching_llama(llama_cpp.Llama, cache, model_path=str(path), n_ctx=n_ctx,
                                             n_threads=threads, n_threads_batch=threads, verbose=False)
            except (ValueError, RuntimeError) as exc:
                raise ModelFileError(f"cannot load {path.name}: {exc}") from exc
        return _MODELS[key]


def _grammar(schema: dict[str, Any]) -> Any:
    """A llama.cpp grammar that only admits JSON matching `schema`."""
    import_llama_cpp()
    from llama_cpp.llama_grammar import LlamaGrammar

    try:
        return LlamaGrammar.from_json_schema(json.dumps(schema), verbose=False)
    except Exception as exc:  # llama.cpp signals an unsupported schema with a bare assertion
        raise ProviderRejected(f"embedded model: cannot constrain output to this schema ({exc or type(exc).__name__})",
                               provider="llamacpp") from exc


class LlamaCppProvider:
    """`llamacpp:<catalog name or path to .gguf>`; 2 threads by default (TARS_THREADS)."""

    provider = "llamacpp"
    native_tools = False

    def __init__(self, model: str, config: Config) -> None:
        self.model = model
        self.context_window: int = decide(self.provider, model, config).tokens  # the n_ctx it loads with
        self._threads: int = config.threads
        self._format_setting: str | None = config.tool_format or None
        self.max_tokens = _MAX_TOKENS  # most tokens of one reply
        self.temperature: float | None = config.temperature
        self._lock = threading.Lock()  # one generation at a time per provider
        self._llm: Any = None

    @property
    def loaded(self) -> bool:
        """Whether the model is in memory (or already loaded in this process by another provider)."""
        return self._llm is not None

    def warm_up(self) -> None:
        """Assemble/verify the file and load the model (the REPL does this while you type)."""
        self._model()

    def _model(self) -> Any:
        if self._llm is None:
            self._llm = _load(resolve_model_path(self.model), self.context_window, self._threads)
        return self._llm

    @property
    def max_output_tokens(self) -> int:
        """Tokens the session keeps free for the reply; a reply may run on into whatever else of
        the window is free, and one cut at its end stops for `max_tokens` (told to the user)."""
        return min(self.max_tokens, self.context_window // 4)

    def count_tokens(self, text: str) -> int | None:
        """Tokens by the model's own tokenizer (the session measures the prompt with it)."""
        return len(self._model().tokenize(text.encode("utf-8", errors="replace"), add_bos=False, special=True))

    @property
    def chat_template(self) -> str | None:
        template: str | None = self._model().metadata.get("tokenizer.chat_template")
        return template

    def tool_format(self) -> str:
        """The text format this model writes calls in (setting > name > template > sniffing)."""
        from tars.toolcalls import detect_format

        fmt, _why = detect_format(model=self.model, template=self.chat_template, setting=self._format_setting)
        return fmt

    def stream(self, messages: Sequence[Message], *, system: str = "", tools: Sequence[dict[str, Any]] = (),
               response_schema: dict[str, Any] | None = None, hints: ToolHints | None = None) -> Iterator[Event]:
        llm = self._model()
        # the session keeps the prompt within the window (tars.session.budget): nothing is dropped here
        chat = chat_messages(messages, system, TEMPLATE)
        kwargs: dict[str, Any] = {"messages": chat, "stream": True, "max_tokens": self.max_tokens}
        if response_schema is not None:
            kwargs["grammar"] = _grammar(response_schema)
            kwargs["temperature"] = 0.0  # constrained JSON answers should not vary run to run
            kwargs["repeat_penalty"] = 1.0
        else:
            kwargs["repeat_penalty"] = _REPEAT_PENALTY
            if self.temperature is not None:
                kwargs["temperature"] = self.temperature
            if tools:
                kwargs["tools"] = chat_tools(tools)
        # Parse calls whenever tools are or were in play: a call to a tool not offered now is
        # dropped (never run), and its markup is never shown as the answer.
        offered = {spec["name"] for spec in tools}
        known = offered | {c.name for m in messages for c in m.tool_calls}
        parser = None
        if known and response_schema is None:
            parser = text_parser(self.tool_format(), sorted(known), model=self.model)
        repeats = RepeatStop() if response_schema is None else None
        with self._lock:
            yield from ending_with_stop(_generate(llm, kwargs, parser, offered, repeats))


def _generate(llm: Any, kwargs: dict[str, Any], parser: StreamParser | None, offered: set[str],
              repeats: RepeatStop | None = None) -> Generator[Event, None, str | None]:
    """One completion's events; returns llama.cpp's finish_reason (`length` when cut at max_tokens)."""
    produced, finish, stray = 0, None, False
    try:
        for chunk in llm.create_chat_completion(**kwargs):
            choice = chunk["choices"][0]
            finish = choice.get("finish_reason") or finish
            text = choice.get("delta", {}).get("content") or ""
            if not text:
                continue
            produced += 1
            if repeats is not None:
                text = repeats.feed(text)
            for event in _parsed(parser, text):
                if isinstance(event, ToolCallEvent) and event.call.name not in offered:
                    stray = True  # a call to a tool not on offer now: never run, never shown
                    continue
                yield event
            if stray and not offered:
                break  # asked to answer without tools, the model writes calls: it would only repeat
            if repeats is not None and repeats.stopped:
                finish = "stop"  # the answer was complete; the model only began it again
                break
    except ValueError as exc:  # llama.cpp's way of saying the prompt does not fit
        kind = ContextTooLong if "context window" in str(exc) else ProviderRejected
        raise kind(f"embedded model: {exc}", provider="llamacpp") from exc
    except RuntimeError as exc:
        raise ProviderUnavailable(f"embedded model failed: {exc}", provider="llamacpp") from exc
    cut_short = stray and not offered  # what is held back is the start of the next stray call
    rest = repeats.finish() if repeats is not None and not cut_short else ""
    for event in [*_parsed(parser, rest), *(parser.finish() if parser and not cut_short else ())]:
        if not (isinstance(event, ToolCallEvent) and event.call.name not in offered):
            yield event
    yield Usage(input_tokens=max(0, llm.n_tokens - produced), output_tokens=produced)
    return finish


def _parsed(parser: StreamParser | None, text: str) -> list[Event]:
    if not text:
        return []
    return list(parser.feed(text)) if parser else [TextDelta(text=text)]
