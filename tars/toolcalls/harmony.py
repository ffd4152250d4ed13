"""GPT-OSS harmony: `<|channel|>analysis<|message|>…<|end|>` is reasoning,
`<|channel|>commentary to=functions.name <|constrain|>json<|message|>{…}<|call|>` a call,
`<|channel|>final<|message|>…` the answer."""

from __future__ import annotations

import re

from tars.toolcalls.jsoncalls import json_calls
from tars.toolcalls.markup import Context, Markup, Outcome, Region, drop, until

__all__ = ["MARKUPS", "REGIONS"]

_RECIPIENT = re.compile(r"to=(?:functions\.)?([^\s<]+)")
_ENDS = ("<|call|>", "<|end|>", "<|return|>")


def _strip_ends(text: str) -> str:
    for token in _ENDS:
        text = text.replace(token, "")
    return text


def _commentary(body: str, ctx: Context) -> Outcome:
    header, sep, message = body.partition("<|message|>")
    message = _strip_ends(message)
    m = _RECIPIENT.search(header)
    if not m:  # a preamble the model says before its calls: prose
        return Outcome(text=message)
    got = json_calls('{"name": "", "arguments": ' + (message.strip() or "{}") + "}", ctx)
    got.calls = [(m.group(1), a) for _, a in got.calls]
    return got


def _addressed(body: str, ctx: Context) -> Outcome:
    """`<|start|>assistant to=functions.name<|channel|>commentary json<|message|>{…}`."""
    return _commentary("to=" + body, ctx)


MARKUPS = (
    Markup("<|channel|>commentary", until(*_ENDS), _commentary, "harmony"),
    Markup("<|start|>assistant to=", until(*_ENDS), _addressed, "harmony"),
    drop("<|channel|>final<|message|>", "harmony"),
    drop("<|start|>assistant", "harmony"),
    *(drop(token, "harmony") for token in _ENDS),
)
REGIONS = (Region("<|channel|>analysis<|message|>", ("<|end|>",)),)
