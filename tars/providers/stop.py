"""How a model round ends: each API's stop words in tars's one vocabulary, and the final `Stop`.

A round that produced a tool call stops for `tool_use` whatever the API said (a server may say
`stop` after a call it wrote as text); otherwise the API's own reason is mapped.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator

from tars.events import Event, Stop, StopReason, ToolCallEvent

__all__ = ["ending_with_stop", "stop_reason"]

# Anthropic `stop_reason`, OpenAI / llama.cpp `finish_reason` and Ollama `done_reason` values
_REASONS: dict[str, StopReason] = {
    "end_turn": "end_turn",
    "stop_sequence": "end_turn",
    "pause_turn": "end_turn",  # a server tool paused a long turn: what came so far is the answer
    "stop": "end_turn",
    "tool_use": "tool_use",
    "tool_calls": "tool_use",
    "function_call": "tool_use",
    "max_tokens": "max_tokens",
    "length": "max_tokens",
    "model_context_window_exceeded": "max_tokens",
    "refusal": "refusal",
    "content_filter": "refusal",
}


def stop_reason(api_reason: str | None) -> StopReason:
    """The tars reason for an API's stop word; an unknown or missing one counts as a finished turn."""
    return _REASONS.get(api_reason or "", "end_turn")


def ending_with_stop(events: Generator[Event, None, str | None]) -> Iterator[Event]:
    """Yield one round's events, then its `Stop`: `tool_use` when a tool call went by, else the
    reason the API gave, which `events` returns when it is done."""
    saw_call = False
    try:
        while True:
            try:
                event = next(events)
            except StopIteration as done:
                api_reason = done.value
                break
            saw_call = saw_call or isinstance(event, ToolCallEvent)
            yield event
    finally:
        events.close()  # a consumer that stops early releases the connection at once
    yield Stop(reason="tool_use" if saw_call else stop_reason(api_reason))
