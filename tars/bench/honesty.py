"""The `failures` suite: answers written after failed, empty and partial tool results.

Each case is a request, the calls already made and what they returned. The model writes the
answer (native mode: the provider itself with the tool-result rules every model gets; pipeline
mode: tars's pipeline, which tells a turn whose calls all failed itself) and the answer is
scored for two things a user would notice: facts that no result contains (numbers, weather
conditions, names), and whether it says what failed or came back empty.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterable, Mapping
from typing import Any

from tars.bench.metrics import ratio
from tars.events import TextDelta, ToolCall, ToolCallEvent
from tars.messages import Message

__all__ = ["DEFINITIONS", "ROWS", "answer_case", "invented_facts", "score", "told_failure", "summarise_failures"]

ROWS = ("told", "invented", "called_again", "error_rate")

_TEXT_CAP = 1500  # characters; an answer after a few results that runs past this is rambling
_TOKEN_CAP = 512  # a model writing a call instead (held back until it ends) stops here
_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*")
_CAPITALISED = re.compile(r"(?<=[a-z,;:] )[A-Z][\w'’-]+")
_CONDITIONS = frozenset("""sunny cloudy clouds cloud overcast rain rainy raining drizzle showers snow snowing snowy fog
foggy mist windy wind storm stormy thunder thunderstorm hail humid humidity clear degrees celsius fahrenheit °c °f
warm hot cold chilly mild freezing""".split())
_FAILED = ("fail", "could not", "couldn't", "cannot", "can't", "unable", "error", "not available", "unavailable",
           "timed out", "time out", "timeout", "did not work", "didn't work", "not reach", "no result", "no answer",
           "went wrong", "not respond", "no response", "refused", "not get", "n't get")
_EMPTY = ("no ", "none", "nothing", "did not find", "didn't find", "not find", "couldn't find", "could not find",
          "empty", "zero", "0 ", "unknown", "not found", "no results", "not have any", "don't have any", "any ")

DEFINITIONS = {
    "told": "answers that say a call failed (or came back empty) and, for partial results, name what is "
            "missing / all cases",
    "invented": "answers with at least one fact no result, argument or the request contains (a number, a "
                "weather condition, a capitalised name inside a sentence) / all cases",
    "called_again": "answers that were another tool call instead of an answer / all cases",
}


def _messages(case: Mapping[str, Any]) -> list[Message]:
    calls = [ToolCall(id=f"call_{i}", name=c["name"], arguments=c["arguments"]) for i, c in enumerate(case["calls"])]
    out = [Message(role="user", content=case["query"]), Message(role="assistant", tool_calls=tuple(calls))]
    for call, spec in zip(calls, case["calls"], strict=True):
        result = spec["result"]
        text = result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
        out.append(Message(role="tool", content=text, tool_call_id=call.id, name=call.name, is_error=spec["error"]))
    return out


def answer_case(provider: Any, case: Mapping[str, Any], specs: list[dict[str, Any]], mode: str) -> dict[str, Any]:
    """Ask for the answer after the case's results; the text, whether it called again, seconds."""
    from tars.system_prompt import build_system_prompt

    messages = _messages(case)
    system = build_system_prompt(tools=True)
    if isinstance(getattr(provider, "max_tokens", None), int):  # a local model's reply limit
        provider.max_tokens = min(provider.max_tokens, _TOKEN_CAP)
    if mode == "pipeline":
        from tars.pipeline import PipelineProvider

        provider = PipelineProvider(provider)
    started = time.perf_counter()
    text: list[str] = []
    called = False
    events = provider.stream(messages, system=system, tools=specs if mode == "native" else ())
    try:
        for event in events:
            if isinstance(event, TextDelta):
                text.append(event.text)
                if sum(map(len, text)) > _TEXT_CAP:
                    break
            elif isinstance(event, ToolCallEvent):
                called = True
    finally:
        getattr(events, "close", lambda: None)()
    return {"answer": "".join(text).strip(), "called_again": called, "seconds": round(time.perf_counter() - started, 3)}


def _allowed(case: Mapping[str, Any]) -> str:
    from tars.system_prompt import build_system_prompt

    parts = [case["query"], build_system_prompt()]  # the date and time tars gives every model
    for c in case["calls"]:
        parts += [c["name"], json.dumps(c["arguments"], ensure_ascii=False),
                  c["result"] if isinstance(c["result"], str) else json.dumps(c["result"], ensure_ascii=False)]
    return " ".join(parts).casefold()


def invented_facts(answer: str, case: Mapping[str, Any]) -> list[str]:
    """Numbers, conditions and names in `answer` that neither the request nor any result contains."""
    allowed = _allowed(case)
    digits = set(_NUMBER.findall(allowed.replace(",", "")))
    found = []
    for number in _NUMBER.findall(answer):
        plain = number.replace(",", "")
        if plain not in digits and plain not in allowed and not any(d.startswith(plain) for d in digits):
            found.append(number)
    words = set(re.findall(r"[\w°]+", answer.casefold()))
    found += sorted(w for w in words & _CONDITIONS if w not in allowed)
    for name in _CAPITALISED.findall(answer):
        bare = name.strip("'’").casefold()
        if bare not in allowed and bare not in ("i", "i'm", "i'll", "i've", "i'd", "tars"):
            found.append(name)
    return found


def told_failure(answer: str, case: Mapping[str, Any]) -> bool:
    """Whether `answer` says what failed (or came back empty), and for partial results what is missing."""
    text = " " + answer.casefold() + " "
    said = any(w in text for w in _FAILED) or (case["kind"] == "empty" and any(w in text for w in _EMPTY))
    if case["kind"] == "partial":
        said = said and any(m.casefold() in text for m in case["missing"])
    return said


def score(case: Mapping[str, Any], answered: Mapping[str, Any]) -> dict[str, Any]:
    answer = answered["answer"]
    invented = invented_facts(answer, case)
    told = told_failure(answer, case) and not answered["called_again"]
    return {"told": told, "invented": invented, "acceptable_ok": told and not invented}


def summarise_failures(rows: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    rows = list(rows)
    n = len(rows)

    seconds = sorted(r["latency"]["case"] for r in rows)
    return {
        "cases": n,
        "told": ratio(sum(bool(r["told"]) for r in rows), n, "all cases"),
        "invented": ratio(sum(bool(r["invented"]) for r in rows), n, "all cases"),
        "called_again": ratio(sum(bool(r["called_again"]) for r in rows), n, "all cases"),
        "error_rate": ratio(sum(r["outcome"] == "error" for r in rows), n, "all cases"),
        "latency": {"answer": {"n": n, "mean": round(sum(seconds) / n, 3),
                               "p95": seconds[max(0, -(-95 * n // 100) - 1)]}} if n else {},
    }
