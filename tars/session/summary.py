"""Summarising older turns with the primary model, so a long conversation keeps its thread.

The messages to fold are written out as a transcript and given to the primary model (local and
free) with the summary so far; its answer replaces that summary. A transcript longer than the
primary's own window goes in pieces, each folded into the summary of the ones before. When the
model fails or writes nothing, the summary is made without it (the user's words, shortened), so
compaction never fails for want of a model.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence

from tars.errors import TarsError
from tars.events import Event, TextDelta
from tars.messages import Message
from tars.providers.base import Provider
from tars.tokens import BYTES_PER_TOKEN, TokenCounter

__all__ = ["SYSTEM", "Summariser", "transcript_lines"]

SYSTEM = (
    "You condense conversations between a user and an assistant. Write a summary that lets the "
    "conversation go on without the original: keep every name, number, date, decision, result and open "
    "question, and what the user asked for; drop greetings and repetition. Write short plain sentences in "
    "the conversation's language. Never answer or continue the conversation yourself."
)
_PROMPT_OVERHEAD = 160  # tokens of instructions around the transcript
_LINE_SHARE = 3  # one message takes at most a third of a piece


def transcript_lines(messages: Sequence[Message]) -> list[str]:
    """One line per message, as the summariser reads it."""
    lines = []
    for m in messages:
        text = " ".join(m.content.split())
        if m.role == "user":
            lines.append(f"User: {text}")
        elif m.role == "tool":
            lines.append(f"Result of {m.name or 'a tool'}{' (failed)' if m.is_error else ''}: {text}")
        else:
            calls = ", ".join(f"{c.name}({_args(c.arguments)})" for c in m.tool_calls)
            said = f"Assistant: {text}" if text else ""
            lines.append(" ".join(p for p in (said, f"[called {calls}]" if calls else "") if p) or "Assistant: …")
    return lines


def _args(arguments: dict[str, object]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in arguments.items())


def _cut(text: str, tokens: int) -> str:
    """`text` cut in the middle to about `tokens` (the start and the end say the most)."""
    limit = max(40, int(tokens * BYTES_PER_TOKEN))
    if len(text.encode("utf-8")) <= limit:
        return text
    half = limit // 2
    return text[:half].rstrip() + " … " + text[-half:].lstrip()


class Summariser:
    """Folds messages into a summary with `provider` (the primary model)."""

    def __init__(self, provider: Provider, counter: TokenCounter) -> None:
        self.provider = provider
        self.counter = counter
        self.model_failures = 0  # pieces summarised without the model

    def __call__(self, previous: str, messages: Sequence[Message], *, limit: int, focus: str = "") -> str:
        """The summary of `previous` plus `messages`, in about `limit` tokens at most."""
        summary = previous
        for piece in self._pieces(transcript_lines(messages), previous, limit):
            summary = self._fold(summary, piece, limit, focus)
        if self.counter.count(summary) > limit:
            summary = self._fold("", [summary], limit, focus, condense=True)
        return _cut(summary, limit) if self.counter.count(summary) > limit else summary

    def _pieces(self, lines: list[str], previous: str, limit: int) -> Iterator[list[str]]:
        """Transcript lines in pieces that fit the primary's window with the summary and its answer."""
        window = self.provider.context_window
        room = (window - self.provider.max_output_tokens) if window else 1 << 30
        budget = max(256, room - _PROMPT_OVERHEAD - max(limit, self.counter.count(previous)))
        piece: list[str] = []
        used = 0
        for line in lines:
            line = _cut(line, budget // _LINE_SHARE) if self.counter.count(line) > budget // _LINE_SHARE else line
            size = self.counter.count(line) + 1
            if piece and used + size > budget:
                yield piece
                piece, used = [], 0
            piece.append(line)
            used += size
        if piece:
            yield piece

    def _fold(self, previous: str, lines: list[str], limit: int, focus: str, *, condense: bool = False) -> str:
        words = max(40, int(limit * 0.6))
        if condense:
            ask = f"Shorten this summary to at most {words} words, keeping every fact it holds:\n\n" + "\n".join(lines)
        else:
            ask = (f"Summary so far:\n{previous or '(none yet)'}\n\nConversation to add to it:\n"
                   + "\n".join(lines) + f"\n\nWrite the updated summary, at most {words} words.")
        if focus:
            ask += f" Keep everything about {focus} in full detail."
        text = self._ask(ask, limit)
        if text:
            return text
        self.model_failures += 1
        return _without_model(previous, lines, limit)

    def _ask(self, prompt: str, limit: int) -> str:
        """The model's answer, cut off once it runs far past the limit; "" when it fails."""
        most = int(limit * 2 * BYTES_PER_TOKEN)
        parts: list[str] = []
        events: Iterator[Event] = iter(())
        try:
            events = self.provider.stream([Message(role="user", content=prompt)], system=SYSTEM, tools=())
            for event in events:
                if isinstance(event, TextDelta):
                    parts.append(event.text)
                    if sum(len(p) for p in parts) > most:
                        break
        except TarsError:  # a failing primary costs the summary's wording, never the compaction
            return ""
        finally:
            close = getattr(events, "close", None)  # generators: stop the model's request
            if close is not None:
                with contextlib.suppress(Exception):
                    close()
        return "".join(parts).strip()


def _without_model(previous: str, lines: list[str], limit: int) -> str:
    """A summary made without a model: the summary so far and the user's lines, shortened."""
    said = [line for line in lines if line.startswith("User: ")] or lines
    share = max(20, (limit - len(previous) // 4) // max(1, len(said)))
    kept = [_cut(line, share) for line in said]
    return "\n".join(p for p in (previous, *kept) if p)
