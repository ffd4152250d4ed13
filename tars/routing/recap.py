"""Questions about the conversation itself: "what was my first question?", "what did I just ask?",
"what did I ask before that?".

tars holds the conversation, so it answers these from it. The embedded model, shown the whole
chat, answered "I was asked what you remember about the user" (a line of its own system prompt).
"""

from __future__ import annotations

import re

__all__ = ["recap_told"]

_POLITE = r"^(?:(?:hey|hi|ok|okay|so|and|please|tars|remind me|can you tell me|could you tell me|tell me)[,!]?\s+)*"
_WHICH = {"first": 0, "second": 1, "third": 2, "last": -1, "previous": -1, "latest": -1, "earlier": -1}
_ASKED = re.compile(
    _POLITE + r"(?:what(?:'s| was| is)|which was) my (?P<which>first|second|third|last|previous|latest|"
    r"earlier) (?P<noun>question|message|request|prompt)(?: (?:to you|i (?:asked|sent|wrote)(?: you)?))?"
    r"(?: (?:in|of) (?:this|our) (?:chat|conversation|session))?\s*[?.!]*$"
    r"|" + _POLITE + r"what (?:did|have) i (?:just )?(?P<just>ask(?:ed)?|say|said)"
    r"(?: you)?(?: (?:just now|earlier|before|a moment ago|last))?\s*[?.!]*$"
    r"|" + _POLITE + r"what (?:have|did) i (?P<all>asked|ask)(?: you)? (?:so far|in this (?:chat|conversation)|"
    r"today)\s*[?.!]*$"
    r"|" + _POLITE + r"(?:what did i (?:ask|say)(?: you)?|what was my (?P<then>question|message|request))"
    r" (?P<before>before) (?:that|the last one)\s*[?.!]*$", re.IGNORECASE)
_SHOWN = 200  # characters of one request quoted back
_LISTED = 10  # requests listed back at most


def _quoted(request: str) -> str:
    text = " ".join(request.split())
    return f"“{text if len(text) <= _SHOWN else text[:_SHOWN - 1] + '…'}”"


def recap_told(message: str, earlier: list[str]) -> str | None:
    """tars's answer when `message` asks about the conversation's own requests (`earlier`: the
    user's requests before it, oldest first), or None when it asks anything else."""
    match = _ASKED.match(" ".join(message.split()))
    if match is None:
        return None
    earlier = [r for r in earlier if r.strip() and not _ASKED.match(" ".join(r.split()))]  # asking this is none
    if not earlier:
        return "This is your first message in this conversation."
    if match["all"]:
        shown = earlier[-_LISTED:]
        head = "So far you asked:" if len(shown) == len(earlier) else f"Your last {len(shown)} requests were:"
        return "\n".join([head, *(f"{i}. {_quoted(r)}" for i, r in enumerate(shown, 1))])
    which = _WHICH[match["which"].lower()] if match["which"] else -2 if match["before"] else -1
    if which >= len(earlier) or -which > len(earlier):
        return f"You have sent {len(earlier)} message{'s' if len(earlier) > 1 else ''} before this one."
    noun = (match["noun"] or match["then"] or "message").lower()
    if which == -2:
        return f"Before that, your {noun} was {_quoted(earlier[which])}."
    place = "first" if which == 0 or len(earlier) == 1 else "last" if which == -1 else match["which"].lower()
    return f"Your {place} {noun} was {_quoted(earlier[which])}."
