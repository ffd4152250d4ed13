"""Compaction: before a request would pass the threshold of the model's window, make room.

In order, until the prompt is back under the target: old tool results are elided (the call
stays, with a one-line stand-in for its result); then the oldest turns are summarised by the
primary model into one summary message, and the latest turns stay verbatim; last, results of
the current turn that alone would overflow the window are cut. Cuts fall between turns, so a
tool call is never separated from its result; the system prompt, pinned memory and rules are
never touched. Only what is sent changes: the messages themselves stay as they were.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tars.errors import ContextTooLong
from tars.events import Notice
from tars.messages import Message
from tars.providers.base import Provider
from tars.session.budget import Budget
from tars.session.context import Compaction, Context

if TYPE_CHECKING:
    from tars.session.session import Session

__all__ = ["Compacted", "Compactor", "fit_request"]

_ELIDE_OVER = 240  # characters: a shorter result costs less than its stand-in saves
_AFTER = 0.6  # compaction aims this far under the threshold, so it does not run again next round
_HARDER = 0.5  # after the model refused the prompt as too long: aim lower still
_SUMMARY_SHARE = 0.2  # of the room for the prompt, at most, for the summary
_CUT_MARGIN = 0.05  # of the room, left over when results of the current turn are cut

Summarise = Callable[[str, Sequence[Message], int, str], str]  # (previous, messages, limit, focus) -> summary


@dataclass(frozen=True, kw_only=True)
class Compacted:
    """What one compaction did, and the prompt's size before and after."""

    before: int
    after: int
    window: int
    summarised: int = 0  # messages newly folded into the summary
    elided: int = 0  # old tool results replaced by one line
    cut: int = 0  # results of the current turn shortened to fit
    seconds: float = 0.0

    def line(self) -> str:
        done = [f"{n} {what}" for n, what in ((self.summarised, "older messages summarised"),
                                              (self.elided, "old tool results elided"),
                                              (self.cut, "long results of this turn cut")) if n]
        return (f"context compacted: {', '.join(done)} ({self.before:,} → {self.after:,} tokens, "
                f"window {self.window:,})")


class Compactor:
    """Compacts a context when a request would pass `threshold` of the room for the prompt;
    counts the compactions done and the time they took."""

    def __init__(self, threshold: float) -> None:
        self.threshold = threshold
        self.count = 0
        self.seconds = 0.0

    def needed(self, budget: Budget) -> bool:
        room = budget.room
        return room is not None and budget.used > self.threshold * room

    def compact(self, context: Context, measure: Callable[[], Budget], counter_of: Callable[[Message], int],
                summarise: Summarise, *, harder: bool = False, force: bool = False,
                focus: str = "") -> Compacted | None:
        """Make room in `context` as the module says; `force` summarises every turn but the latest
        (as /compact does), `harder` also aims lower (the model refused the prompt)."""
        started = time.perf_counter()
        budget = measure()
        room, window = budget.room, budget.window
        if room is None or window is None:
            return None
        before = budget.used
        target = int(room * self.threshold * (_HARDER if harder else _AFTER))
        force = force or harder
        latest = context.last_user_index()

        elided, budget = _elide_old(context, measure, budget, latest, target, force)
        summarised = 0
        if budget.used > target or force:
            summarised = _summarise(context, counter_of, summarise, budget, room, target, latest, force, focus)
            budget = measure() if summarised else budget
        cut = _cut_latest(context, measure, counter_of, budget, room, latest) if budget.used > room else 0
        budget = measure() if cut else budget
        if not (elided or summarised or cut):
            return None
        seconds = time.perf_counter() - started
        self.count += 1
        self.seconds += seconds
        return Compacted(before=before, after=budget.used, window=window, summarised=summarised,
                         elided=elided, cut=cut, seconds=seconds)


def _stand_in(message: Message) -> str:
    """The one line that replaces an old tool result: what it began with and how long it was."""
    text = " ".join(message.content.split())
    head = text if len(text) <= 100 else text[:99] + "…"
    failed = "failed " if message.is_error else ""
    return f"[{failed}result of {message.name or 'a tool'} elided to save room ({len(text):,} characters): {head}]"


def _elide_old(context: Context, measure: Callable[[], Budget], budget: Budget, latest: int, target: int,
               force: bool) -> tuple[int, Budget]:
    """Old tool results, oldest first, become one line each until the prompt is under `target`."""
    done = 0
    elided = dict(context.compaction.elided)
    for index in range(context.compaction.covered, latest):
        if budget.used <= target and not force:
            break
        message = context.messages[index]
        if message.role != "tool" or index in elided or len(message.content) <= _ELIDE_OVER:
            continue
        elided[index] = _stand_in(message)
        context.compaction = dataclasses.replace(context.compaction, elided=dict(elided))
        budget = measure()
        done += 1
    return done, budget


def _summarise(context: Context, counter_of: Callable[[Message], int], summarise: Summarise, budget: Budget,
               room: int, target: int, latest: int, force: bool, focus: str) -> int:
    """Fold the oldest turns into the summary, keeping as many of the latest turns verbatim as
    fit under `target` (at least the latest one). Returns how many messages were folded."""
    state = context.compaction
    starts = [i for i in range(state.covered + 1, latest + 1) if context.messages[i].role == "user"]
    if not starts:
        return 0
    limit = max(128, int(room * _SUMMARY_SHARE))
    fixed = budget.system + budget.memory + budget.tools + limit
    sizes = [counter_of(context.view(i)) for i in range(len(context.messages))]
    cut = starts[-1]
    if not force:
        cut = next((k for k in starts if fixed + sum(sizes[k:]) <= target), starts[-1])
    folded = context.messages[state.covered:cut]
    summary = summarise(state.summary, folded, limit, focus)
    context.compaction = Compaction(summary=summary, covered=cut,
                                    elided={i: line for i, line in state.elided.items() if i >= cut})
    return len(folded)


def _cut_latest(context: Context, measure: Callable[[], Budget], counter_of: Callable[[Message], int],
                budget: Budget, room: int, latest: int) -> int:
    """Shorten the largest tool results and earlier answers of the current turn until the prompt
    fits the room (a model's own long text in one round must not end the turn it is part of)."""
    results = sorted((i for i in range(latest + 1, len(context.messages))
                      if context.messages[i].role in ("tool", "assistant")),
                     key=lambda i: -counter_of(context.view(i)))
    done = 0
    for index in results:
        excess = budget.used - room + int(room * _CUT_MARGIN)
        if excess <= 0:
            break
        message = context.messages[index]
        size = max(1, counter_of(context.view(index)))
        keep = max(64, size - excess)
        shown = message.content[: int(len(message.content) * keep / size)]
        if len(shown) >= len(message.content):
            continue
        text = f"{shown}\n[cut to fit the context window: {len(shown):,} of {len(message.content):,} characters shown]"
        context.compaction = dataclasses.replace(context.compaction,
                                                 elided={**context.compaction.elided, index: text})
        budget = measure()
        done += 1
    return done


def fit_request(session: Session, provider: Provider, *, system: str, sections: Sequence[str],
                tools: Sequence[dict[str, Any]], harder: bool = False, force: bool = False,
                focus: str = "") -> Generator[Notice, None, Budget]:
    """The budget of the next request to `provider`, compacting the context first when it would
    pass the threshold (or when `force`/`harder` say so); announces a compaction in one line.
    Raises ContextTooLong, before anything is sent, when even then it cannot fit."""
    context = session.context

    def measure() -> Budget:
        return session.meter.measure(provider, system=system, sections=sections, tools=tools,
                                     messages=context.wire())

    budget = measure()
    if force or harder or session.compactor.needed(budget):
        counter = session.meter.counter(provider)
        done = session.compactor.compact(context, measure, counter.count_message, session.summarise,
                                         harder=harder, force=force, focus=focus)
        if done is not None:
            yield Notice(level="info", text=done.line())
            budget = measure()
    if not budget.fits():
        raise ContextTooLong(_too_long(budget, context), provider=provider.provider)
    return budget


def _too_long(budget: Budget, context: Context) -> str:
    room = budget.room or 0
    if context.compaction.covered >= context.last_user_index():  # only the latest turn is left
        return (f"the message is too large for {budget.model}'s context window: about {budget.used:,} tokens "
                f"with the system prompt and tools, and the window of {budget.window:,} holds {room:,} besides "
                "room for the answer. Shorten the input, or use a model with a larger window "
                "(TARS_CONTEXT_SIZE, TARS_CONTEXT_SIZES). Nothing was sent.")
    return (f"the conversation does not fit {budget.model}'s context window even compacted: about "
            f"{budget.used:,} tokens, and the window of {budget.window:,} holds {room:,} besides room for the "
            "answer. Nothing was sent; /clear starts afresh.")
