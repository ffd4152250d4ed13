"""Answers tars writes itself, without a model: when every call of a turn failed, and when every
call confirmed what it did in a sentence of its own.

A small model handed nothing but an error tends to invent the result it was waiting for ("cloudy,
22 degrees"). When no call of the turn succeeded there is nothing to answer from, so tars says
which tool failed and why. A tool whose result carries a `confirmation` (memory: "Remembered: The
user's cat is called Miso.") has said all there is to say; a small model retelling it only blurs it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from tars.messages import Message

__all__ = ["Outcome", "turn_outcomes", "all_failed", "failure_answer", "confirmations"]

_REASON_CHARS = 200


@dataclass(frozen=True)
class Outcome:
    """One call of this turn and what came back."""

    tool: str
    failed: bool
    text: str


def turn_outcomes(messages: Sequence[Message]) -> list[Outcome]:
    """The results of the calls made since the latest user message, oldest first."""
    start = next((i for i in range(len(messages) - 1, -1, -1) if messages[i].role == "user"), -1) + 1
    names = {c.id: c.name for m in messages[start:] for c in m.tool_calls}
    return [Outcome(tool=m.name or names.get(m.tool_call_id or "", "tool"), failed=m.is_error, text=m.content)
            for m in messages[start:] if m.role == "tool"]


def all_failed(messages: Sequence[Message]) -> bool:
    """Whether this turn made calls and every one of them failed."""
    outcomes = turn_outcomes(messages)
    return bool(outcomes) and all(o.failed for o in outcomes)


def _reason(text: str) -> str:
    text = " ".join(text.split()).rstrip(".")
    for prefix in ("error:", "Error:"):
        text = text.removeprefix(prefix).strip()
    return text if len(text) <= _REASON_CHARS else text[: _REASON_CHARS - 1] + "…"


def failure_answer(messages: Sequence[Message]) -> str:
    """The answer for a turn whose calls all failed: each tool, that it failed, and why."""
    reasons: dict[str, list[str]] = {}
    for outcome in turn_outcomes(messages):
        if outcome.failed:
            reasons.setdefault(outcome.tool, [])
            if (why := _reason(outcome.text)) and why not in reasons[outcome.tool]:
                reasons[outcome.tool].append(why)
    told = {tool: "; ".join(why) or "no reason given" for tool, why in reasons.items()}
    if len(told) == 1:
        ((tool, why),) = told.items()
        return f"The `{tool}` tool failed: {why}. I have no result to answer from, so I won't guess."
    return ("These tools failed, so I have no result to answer from:\n"
            + "\n".join(f"- `{tool}`: {why}" for tool, why in told.items())
            + "\n\nI won't guess what they would have returned.")


def confirmations(messages: Sequence[Message]) -> str | None:
    """The tools' own confirmations when every call of this turn succeeded and each gave one."""
    said = []
    for outcome in turn_outcomes(messages):
        try:
            value = json.loads(outcome.text)
        except ValueError:
            return None
        text = value.get("confirmation") if isinstance(value, dict) and not outcome.failed else None
        if not isinstance(text, str) or not text.strip():
            return None
        said.append(text.strip())
    return " ".join(dict.fromkeys(said)) or None
