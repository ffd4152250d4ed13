"""Follow-ups: a short message that carries on the previous request ("and in london?", "what about
tomorrow?", "and times 2?", "convert that to weeks").

The router decides on one message, and such a message names no tool on its own, so a small model
answered it without one, copying the previous answer's shape with the new words ("In London it is
13:38 … UTC+09:00"). A follow-up is routed as the request it carries on was.
"""

from __future__ import annotations

import re

from tars.tools.calc_requests import continues

__all__ = ["is_follow_up", "carried_on"]

# "what about tomorrow?", "how about 5 miles?": the new value, in a few words
_WHAT_ABOUT = re.compile(r"^(?:(?:ok(?:ay)?|so|and|but),?\s+)?(?:what|how) about\s+(?P<rest>.+)$", re.IGNORECASE)
# "and in london?", "and times 2?", "now for 5 people": an opening word, then only the new value
_AND = re.compile(r"^(?:(?:ok(?:ay)?|so),?\s+)?(?:and|now|then|also|same (?:for|in))\s+(?P<rest>.+)$", re.IGNORECASE)
# words that open a new value: a place or time ("in london", "for tomorrow"), a number, an operation
_VALUE_OPENERS = frozenset("""in for at on from to with near by over under after before until till since around per
tomorrow today tonight yesterday next last this weekend monday tuesday wednesday thursday friday saturday sunday
times plus minus divided multiplied add subtract double halve triple square cube the""".split())
# one word that is no value: thanks, greetings, people, yes and no
_NOT_VALUES = frozenset("""thanks thank thx ok okay great cool nice good perfect bye goodbye sorry please yes no yeah
yep nope sure right then so but hello hi hey lol cheers wow me you us him her them it that this there here
stop undo redo cancel quit exit continue go start retry again help delete remove fix explain""".split())
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
    if len(rest) == 1:  # "and london?", "and 20?"
        return rest[0] not in _NOT_VALUES and bool(re.fullmatch(r"[\w'.-]+", rest[0]))
    opener = rest[0]
    return len(rest) <= (3 if opener == "the" else 4) and (opener in _VALUE_OPENERS or opener[:1].isdigit())


def carried_on(previous: str, message: str) -> str:
    """The text to route a follow-up on: the request it carries on, then the follow-up itself."""
    return f"{previous.strip()}\n{message.strip()}"
