"""Follow-ups: a short message that carries on the previous request ("and in london?", "what about
tomorrow?", "and times 2?", "convert that to weeks").

The router decides on one message, and such a message names no tool on its own, so a small model
answered it without one, copying the previous answer's shape with the new words ("In London it is
13:38 … UTC+09:00"). A follow-up is routed as the request it carries on was.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tars.courtesy import GREETINGS, THANKS
from tars.routing.signals import read_signals
from tars.tools.calc_requests import continues
from tars.tools.memory_requests import MEMORY_REMEMBER

if TYPE_CHECKING:
    from tars.routing.router import Decision, Router

__all__ = ["JOIN", "is_follow_up", "chain", "new_value", "routed_on", "answered"]

# "what about tomorrow?", "how about 5 miles?": the new value, in a few words
_WHAT_ABOUT = re.compile(r"^(?:(?:ok(?:ay)?|so|and|but),?\s+)?(?:what|how) about\s+(?P<rest>.+)$", re.IGNORECASE)
# "and in london?", "and times 2?", "now for 5 people": an opening word, then only the new value
_AND = re.compile(r"^(?:(?:ok(?:ay)?|so),?\s+)?(?:and|now|then|also|same (?:for|in))\s+(?P<rest>.+)$", re.IGNORECASE)
# what opens no new value: thanks, greetings, people, yes and no, articles, questions and commands
# ("how about a joke", "and what is…", "now stop")
_NOT_VALUES = frozenset("""thanks thank thx ok okay great cool nice good perfect bye goodbye sorry please yes no yeah
yep nope sure right then so but hello hi hey lol cheers wow me you your yours us him her them it that this there
here i a an some any another more one other else stop undo redo cancel quit exit continue go start retry again help
delete remove fix explain tell write give show make let can could would will should do does did is are was were what
who whom whose why how when where which whether""".split())
# words that make the rest a sentence, not a value
_SENTENCE = frozenset("""is are was were am be been 's let's lets something anything nothing everything different
play summarize summarise talk chat sing write tell read search find open send call book buy list set turn put give
make create show""".split())
# "convert that to weeks", "what's that in miles?", "double it", "divide that by 4"
_BACK = re.compile(
    r"\b(?:convert|divide|multiply|double|halve|triple|square|round|add \d[\d.,]* to|subtract \d[\d.,]* from) "
    r"(?:that|it|this|the result|the answer)\b|"
    r"\bwhat(?:'s| is) (?:that|it|this) (?:in|as|to|times|plus|minus|divided|multiplied|over)\b", re.IGNORECASE)


def is_follow_up(message: str) -> bool:
    """Whether `message` carries on the previous request with a new value (a place, a time, a
    number, an operation) rather than asking something of its own ("and thanks!", "how about a
    joke", "and the capital of spain" are not)."""
    text = " ".join(message.split()).rstrip("?!. ")
    if not text or len(text.split()) > 8:  # a longer message says enough to be routed on its own
        return False
    if _BACK.search(text) or continues(text):  # "subtract 100", "square it", "and times 2?"
        return True
    match = _WHAT_ABOUT.match(text) or _AND.match(text)
    if match is None:
        return False
    rest = [word.strip(",").lower() for word in match["rest"].split()]
    # the new value in a few words: "london", "new year's day", "in feet", "5 miles", "the weekend";
    # not a sentence of its own ("and my name is bob", "now for something completely different")
    return len(rest) <= (3 if rest[0] == "the" else 4) and rest[0] not in _NOT_VALUES \
        and not _SENTENCE.intersection(rest)


# what may come between a request and its follow-up without ending the chain: "thanks!", "ok"
_ASIDE = re.compile(rf"^(?:{THANKS}|{GREETINGS})\W*$", re.IGNORECASE)
_KEPT = 8  # follow-ups kept after the request a chain started from


def chain(requests: list[str]) -> list[str]:
    """The requests a conversation's latest one carries on: the request the chain started from,
    the follow-ups after it (the last few; asides like "thanks!" left out), and the latest
    ("convert 10 km to miles", "and 20?", "and in feet?"); just the latest when it is no follow-up
    or nothing came before it."""
    if not requests or not is_follow_up(requests[-1]):
        return requests[-1:]
    follow_ups = [requests[-1]]
    for earlier in reversed(requests[:-1]):
        if _ASIDE.match(earlier.strip()):
            continue
        if not is_follow_up(earlier):
            return [earlier, *follow_ups[-_KEPT:]]
        follow_ups.insert(0, earlier)
    return requests[-1:]  # follow-ups all the way back: nothing to carry on


_OPENING = re.compile(r"^(?:(?:ok(?:ay)?|so|and|but|now|then|also),?\s+)*(?:(?:what|how) about|same (?:for|in))?\s*",
                      re.IGNORECASE)


def new_value(message: str) -> str:
    """What a follow-up gives anew: "new year's day" of "and new year's day?", "in london" of
    "what about in london?"."""
    return _OPENING.sub("", " ".join(message.split()), count=1).rstrip("?!. ")


JOIN = " … "  # between the requests of a chain routed as one (a new line would read as pasted text)


def routed_on(router: Router, carried: list[str], attached: str = "") -> Decision | None:
    """How a follow-up (`carried`: the requests of its `chain`, itself last) is routed: as the chain
    joined; else as its first request with the new value said in it ("what week number is it on
    christmas", for a cue that must end the message); else as its first request alone, when that
    request's tool reads the new value ("what about christmas?" after the week number, but not "what
    about dinner?"), and the follow-up is no question about code ("and in python?"). None when
    none of these wants tools."""
    from tars.tools.stated import carried_args

    routed = router.decide(JOIN.join(carried), attached=attached)
    if not routed.needs_tools:
        routed = router.decide(f"{carried[0].rstrip(' ?!.')} {new_value(carried[-1])}", attached=attached)
    if not routed.needs_tools and not read_signals(carried[-1]).code:
        first = router.decide(carried[0], attached=attached)
        if any(carried_args(name, carried, new_value) for name in first.tool_hints):
            routed = first
    return routed if routed.needs_tools else None


# what declines to answer a question, or asks, orders or greets anew, rather than answering it
_NOT_AN_ANSWER = re.compile(rf"^(?:{THANKS}|{GREETINGS}|no|nope|nah|never ?mind|forget (?:it|that)|cancel|stop|skip|"
                            r"why|what|who|how|help|tell|write|give|show|make|let'?s|can|could|please|explain|define|"
                            r"translate|summari[sz]e|search|find|play|set|add|remind|create|open|read)\b|"
                            r"\b(?:jokes?|poems?|limericks?|haikus?|stor(?:y|ies)|recipes?|ideas?|meaning)\b",
                            re.IGNORECASE)


def answered(router: Router, request: str, answer: str, own: Decision, attached: str = "") -> Decision | None:
    """How a short answer to the question tars asked about `request` is routed ("what's the weather
    like?" / "Which place do you mean?" / "Lisbon", or "I live in Lisbon"): as the request was,
    the answer being the detail it lacked (`own`: the answer's decision on its own). None for
    anything else: a longer message, a question, a refusal, or a request of its own ("tell me a
    joke", "convert 5 km to miles")."""
    text = " ".join(answer.split())
    if not text or len(text.split()) > 6 or text.endswith("?") or _NOT_AN_ANSWER.search(text):
        return None
    asked = router.decide(request, attached=attached)
    stated = own.tool_hints[:1] == (MEMORY_REMEMBER,)  # "I live in Lisbon" tells the place asked for
    if not asked.needs_tools or (own.band == "sure" and own.family != asked.family and not stated) \
            or read_signals(text).creative:
        return None
    return asked
