"""Follow-ups: a short message that carries on the previous request ("and in london?", "what about
tomorrow?", "and times 2?", "convert that to weeks").

The router decides on one message, and such a message names no tool on its own, so a small model
answered it without one, copying the previous answer's shape with the new words ("In London it is
13:38 … UTC+09:00"). A follow-up is routed as the request it carries on was.
"""

from __future__ import annotations

import re

__all__ = ["is_follow_up", "carried_on"]

# "what about tomorrow?", "how about 5 miles?": the new value, in a few words
_WHAT_ABOUT = re.compile(r"^(?:(?:ok(?:ay)?|so|and|but),?\s+)?(?:what|how) about\s+(?P<rest>.+)$", re.IGNORECASE)
# "and in london?", "and times 2?", "now for 5 people": an opening word, then only the new value
_AND = re.compile(r"^(?:(?:ok(?:ay)?|so),?\s+)?(?:and|now|then|also|same (?:for|in))\s+(?P<rest>.+)$", re.IGNORECASE)
# what does not carry a request on: thanks, answers to the model, a new question or instruction
_OWN_WORDS = frozenset("""thanks thank thx ok okay great cool nice good perfect bye goodbye sorry please yes no yeah
yep nope sure right then so but write tell explain why who what when where which how can could would will should
do does did is are was were i i'm you we it that this there here another one more also again""".split())
# "convert that to weeks", "what's that in miles?", "double it", "divide that by 4"
_BACK = re.compile(
    r"\b(?:convert|divide|multiply|double|halve|triple|round|add \d[\d.,]* to|subtract \d[\d.,]* from|"
    r"(?:what(?:'s| is)|how much is|how many \w+ is)) (?:that|it|this|the result|the answer)\b", re.IGNORECASE)


def is_follow_up(message: str) -> bool:
    """Whether `message` carries on the previous request with a new value rather than asking
    something of its own ("and thanks!", "and write me a poem" are not)."""
    text = " ".join(message.split()).rstrip("?!. ")
    if not text or len(text.split()) > 8:  # a longer message says enough to be routed on its own
        return False
    if _BACK.search(text):
        return True
    match = _WHAT_ABOUT.match(text) or _AND.match(text)
    if match is None:
        return False
    rest = match["rest"].split()
    return len(rest) <= (5 if match.re is _WHAT_ABOUT else 4) and rest[0].lower().strip(",") not in _OWN_WORDS


def carried_on(previous: str, message: str) -> str:
    """The text to route a follow-up on: the request it carries on, then the follow-up itself."""
    return f"{previous.strip()}\n{message.strip()}"
