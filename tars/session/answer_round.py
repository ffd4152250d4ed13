"""The round after a refused repeat, where the model is asked to answer with no tools on offer.

A small model asked for an answer there often writes yet another call as text (`{"name":
"already called…"}`), naming no tool, so no parser takes it for a call and it would be shown as
the answer. Its text is held back while it could still be that; a reply that turns out to be
nothing but call-shaped JSON, or nothing at all, is replaced by tars's answer from the turn's
results (`own_answers.answer_from_results`), which says the model did not answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from tars.events import Event, Stop, TextDelta, ToolCallEvent
from tars.messages import Message
from tars.toolcalls.jsonish import call_shaped

__all__ = ["answer_not_call"]

_CALL_START = "{[`"  # how JSON written as a call begins (bare, in a list, or in a fence)


def answer_not_call(events: Iterator[Event], messages: Callable[[], Sequence[Message]]) -> Iterator[Event]:
    """`events` as they come once the reply is plainly prose; a reply that is only a call written
    as text (or empty) becomes tars's answer from the results in `messages()`."""
    held: list[Event] = []
    text = ""
    deciding = True
    try:
        for event in events:
            if not deciding:
                yield event
                continue
            if isinstance(event, TextDelta):
                text += event.text
            held.append(event)
            start = text.lstrip()[:1]
            if start and start not in _CALL_START:
                deciding = False
                yield from held
                held = []
    finally:
        close = getattr(events, "close", None)
        if close is not None:
            close()
    if not deciding:
        return
    if any(isinstance(e, ToolCallEvent) for e in held) or (text.strip() and not call_shaped(text)):
        yield from held
        return
    from tars.pipeline.own_answers import answer_from_results

    yield from (e for e in held if not isinstance(e, (TextDelta, Stop)))
    yield TextDelta(text=answer_from_results(messages()))
    yield Stop(reason="end_turn")  # tars's answer is whole, however the model's reply ended
