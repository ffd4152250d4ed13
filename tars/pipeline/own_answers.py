"""Answers tars writes itself, without a model: when every call of a turn failed, when every
call confirmed what it did in a sentence of its own, and when the model wrote no answer at all
after its calls (then tars says so and shows what each call returned, adding nothing).

A small model handed nothing but an error tends to invent the result it was waiting for ("cloudy,
22 degrees"). When no call of the turn succeeded there is nothing to answer from, so tars says
which tool failed and why. A tool whose result carries a `confirmation` (memory: "Remembered: The
user's cat is called Miso.") has said all there is to say; a small model retelling it only blurs it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from tars.messages import Message
from tars.tools.base import is_not_offered

__all__ = ["Outcome", "turn_outcomes", "nothing_useful", "failure_answer", "missing_note",
           "confirmations", "is_empty", "refused", "own_answer", "answer_from_results", "NO_ANSWER", "also_asked"]

_REASON_CHARS = 200
_RESULT_CHARS = 300
NO_ANSWER = "The model gave no answer, only another tool call."


@dataclass(frozen=True)
class Outcome:
    """One call of this turn and what came back."""

    tool: str
    failed: bool
    text: str
    call_id: str = ""
    about: str = ""  # the call's argument values ("Bergen"), to say which call it was

    @property
    def empty(self) -> bool:
        return not self.failed and is_empty(self.text)


def is_empty(text: str) -> bool:
    """A result that found nothing: no text, null, an object whose lists are all empty (search
    results, tasks, items), or one with no list and no number whose answer is null."""
    text = text.strip()
    if not text or text in ("null", "[]", "{}", '""'):
        return True
    try:
        value = json.loads(text)
    except ValueError:
        return False
    if isinstance(value, list):
        return not value
    if not isinstance(value, dict):
        return value is None
    lists = [v for v in value.values() if isinstance(v, list)]
    if lists:
        return not any(lists)
    # no list: empty when a value is missing (null) and no number came back ("price": null)
    numbers = [v for v in value.values() if isinstance(v, (int, float)) and not isinstance(v, bool)]
    return None in value.values() and not numbers


def turn_outcomes(messages: Sequence[Message]) -> list[Outcome]:
    """The results of the calls made since the latest user message, oldest first; a call made
    again with the same arguments counts once, by its first result (the repeat was not run)."""
    start = next((i for i in range(len(messages) - 1, -1, -1) if messages[i].role == "user"), -1) + 1
    calls = {c.id: c for m in messages[start:] for c in m.tool_calls}
    seen: set[str] = set()
    out = []
    for m in messages[start:]:
        if m.role != "tool":
            continue
        call = calls.get(m.tool_call_id or "")
        name = m.name or (call.name if call else "tool")
        if refused(m, name):
            continue
        made = name + json.dumps(call.arguments if call else {}, sort_keys=True)
        if made not in seen:
            seen.add(made)
            out.append(Outcome(tool=name, failed=m.is_error, text=m.content, call_id=m.tool_call_id or "",
                               about=_about(call.arguments if call else {})))
    return out


def refused(message: Message, name: str) -> bool:
    """A call the session refused (its tool was not offered): it never ran, so it is no tool's failure."""
    return message.is_error and is_not_offered(message.content, name)


def nothing_useful(messages: Sequence[Message]) -> bool:
    """Whether this turn made calls and each one failed or found nothing."""
    outcomes = turn_outcomes(messages)
    return bool(outcomes) and all(o.failed or o.empty for o in outcomes)


def _reason(text: str) -> str:
    text = " ".join(text.split()).rstrip(".")
    for prefix in ("error:", "Error:"):
        text = text.removeprefix(prefix).strip()
    return text if len(text) <= _REASON_CHARS else text[: _REASON_CHARS - 1] + "…"


def _about(arguments: dict) -> str:
    """Which call it was, in the words it was given ("Oslo", not "Oslo, 1" of a forecast's day
    count): its text arguments, or its numbers when it has no text."""
    words = [v for v in arguments.values() if isinstance(v, str) and v.strip()]
    values = words or [str(v) for v in arguments.values() if isinstance(v, (int, float)) and not isinstance(v, bool)]
    text = ", ".join(values)
    return text if len(text) <= 80 else text[:79] + "…"


def _missing(outcomes: Sequence[Outcome]) -> dict[tuple[str, str], str]:
    """(tool, which call) -> what went wrong, for the calls that failed or found nothing."""
    reasons: dict[tuple[str, str], list[str]] = {}
    for outcome in outcomes:
        if outcome.failed or outcome.empty:
            why = _reason(outcome.text) if outcome.failed else "found nothing"
            listed = reasons.setdefault((outcome.tool, outcome.about), [])
            if why and why not in listed:
                listed.append(why)
    return {key: "; ".join(why) or "no reason given" for key, why in reasons.items()}


def _said(call: tuple[str, str], why: str) -> str:
    tool, about = call
    which = f" for {about}" if about else ""
    return f"`{tool}` found nothing{which}." if why == "found nothing" else f"The `{tool}` tool failed{which}: {why}."


def failure_answer(messages: Sequence[Message]) -> str:
    """The answer for a turn whose calls all failed or found nothing: each tool and what happened."""
    told = _missing(turn_outcomes(messages))
    if all(why == "found nothing" for why in told.values()):
        return " ".join(_said(call, why) for call, why in told.items())
    if len(told) == 1:
        ((call, why),) = told.items()
        return f"{_said(call, why)} I have no result to answer from, so I won't guess."
    return ("I have no result to answer from:\n" + "\n".join(f"- {_said(call, why)}" for call, why in told.items())
            + "\n\nI won't guess what they would have returned.")


def missing_note(messages: Sequence[Message]) -> str | None:
    """When some calls gave results and others failed or found nothing: what is missing, in tars's
    words, to follow the model's answer from what did come back."""
    told = _missing(turn_outcomes(messages))
    if not told:
        return None
    return "Missing: " + " ".join(_said(call, why) for call, why in told.items())


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
    # a listing is lines of its own: another answer after it starts a new paragraph
    return ("\n\n" if any("\n" in text for text in said) else " ").join(dict.fromkeys(said)) or None


def own_answer(messages: Sequence[Message]) -> str:
    """tars's answer for a turn whose calls each confirmed what they did, or all failed or found
    nothing; what else the message asked, that no call was about, is said to be unanswered."""
    answer = confirmations(messages) or failure_answer(messages)
    if rest := also_asked(messages):
        answer += f"\n\nYou also asked {rest}; I did not answer that here. Ask it on its own."
    return answer


# a message's questions: each ends in "?", or is set off by "also"
_QUESTIONS = re.compile(r"[^?]+\?|[^?]+$")
_ALSO = re.compile(r"(?:[,;.]\s*|\s+)(?:and )?also,?\s+|,?\s+and\s+(?=(?:what|what's|how|who|when|where|which|why)\b)",
                   re.IGNORECASE)
# two conversions joined by "and": "10 km to miles and 5 kg to pounds" (not "between 3 and 5 pm")
_CONVERSION = r"\d[\d.,]*\s*[a-z]+\s+(?:to|in|into)\s+[a-z]+"
_TWO_CONVERSIONS = re.compile(rf"(.*{_CONVERSION}.*?)\s+and\s+({_CONVERSION}.*)", re.IGNORECASE)
_WORD = re.compile(r"[a-z]{3,}|\d+(?:\.\d+)?", re.IGNORECASE)
_ASKING_WORDS = frozenset("what whats what's who how when where which why the and also are is was tell me please can "
                          "you could would does did".split())


def _halves(part: str) -> tuple[str, ...]:
    match = _TWO_CONVERSIONS.fullmatch(part)
    return match.groups() if match else (part,)


def also_asked(messages: Sequence[Message]) -> str | None:
    """The questions of the latest request that no call of this turn was about, quoted ("what's the
    capital of Italy?" beside "what's 5 + 5?", answered by the calculator alone), or None."""
    from tars.attachments.compose import request_of

    start = next((i for i in range(len(messages) - 1, -1, -1) if messages[i].role == "user"), -1)
    if start < 0:
        return None
    parts = [q.strip() for p in _ALSO.split(request_of(messages[start].content)) for q in _QUESTIONS.findall(p)]
    parts = [half.strip() for p in parts for half in _halves(p)]
    parts = [p for p in parts if re.search(r"[a-z]{3,}", p, re.IGNORECASE)]
    if len(parts) < 2:
        return None
    about = {w.lower() for m in messages[start + 1:] for c in m.tool_calls
             for w in _WORD.findall(json.dumps(c.arguments, ensure_ascii=False))} - _ASKING_WORDS
    left = [p for p in parts if not {w.lower() for w in _WORD.findall(p)} & about]
    return ", and ".join(f"\u201c{p}\u201d" for p in left) if left and len(left) < len(parts) else None


def _shown(text: str) -> str:
    """A result in a line: an object's fields as `key: value`, anything else as it came, capped."""
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    if isinstance(value, dict):
        text = "; ".join(f"{k}: {v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)}"
                         for k, v in value.items())
    text = " ".join(text.split())
    return text if len(text) <= _RESULT_CHARS else text[: _RESULT_CHARS - 1] + "…"


def answer_from_results(messages: Sequence[Message]) -> str:
    """When the model wrote no answer after its calls: tars's own answer where it has one, else
    that the model did not answer and what each call returned, in tars's words, with nothing added."""
    outcomes = turn_outcomes(messages)
    if not outcomes:
        return NO_ANSWER
    if nothing_useful(messages) or confirmations(messages):
        return own_answer(messages)
    lines = [f"- `{o.tool}`{f' for {o.about}' if o.about else ''}: {_shown(o.text)}"
             for o in outcomes if not (o.failed or o.empty)]
    note = missing_note(messages)
    return f"{NO_ANSWER} What the tools returned:\n" + "\n".join(lines) + (f"\n\n{note}" if note else "")
