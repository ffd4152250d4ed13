"""GPT-OSS harmony: `<|channel|>analysis<|message|>…<|end|>` is reasoning,
`<|channel|>commentary to=functions.name <|constrain|>json<|message|>{…}<|call|>` a call,
`<|channel|>final<|message|>…` the answer."""

from __future__ import annotations

import re

from tars.toolcalls.jsoncalls import json_calls
from tars.toolcalls.markup import Context, Markup, Outcome, Region, drop, until

__all__ = ["MARKUPS", "REGIONS"]

_RECIPIENT = re.compile(r"to=(?!assistant\b)(?:functions\.)?([^\s<]+)")  # `to=assistant` addresses no tool
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


_BARE_HEADER = re.compile(r"to=functions\.[^\s<]+\s*(?:json\s*)?<\|(?:channel|constrain|message)\|>")
_AFTER_NAME = re.compile(r"to=functions\.[^\s<]*\s*(?:json\s*)?")
_HEADER_TOKENS = ("<|channel|>", "<|constrain|>", "<|message|>", "json")


def _accept_bare_recipient(text: str, i: int, final: bool, ctx: Context) -> bool | None:
    """`to=functions.x<|channel|>commentary…`: a header whose `<|start|>assistant` was in the
    prompt. Only a harmony token right after the recipient makes it one."""
    head = text[i:i + 200]
    if _BARE_HEADER.match(head):
        return True
    if not final and len(head) < 200 and (m := _AFTER_NAME.match(head)):
        rest = head[m.end():]
        if any(token.startswith(rest) for token in _HEADER_TOKENS):
            return None  # the header may still come
    return False


def _bare_recipient(body: str, ctx: Context) -> Outcome:
    return _commentary("to=functions." + body, ctx)


def _other_channel(body: str, ctx: Context) -> Outcome:
    """`<|channel|>NAME<|message|>…`: thinking-like channels are reasoning, others prose."""
    header, _, message = body.partition("<|message|>")
    message = _strip_ends(message)
    if _RECIPIENT.search(header):  # addressed to a tool: a call, whatever the channel
        return _commentary(body, ctx)
    if header.strip().split(" ")[0].lower() in ("analysis", "thinking", "reasoning"):
        return Outcome(reasoning=message)
    return Outcome(text=message)


def _message(body: str, ctx: Context) -> Outcome:
    """`<|start|>ROLE…<|message|>…`: the model's own messages by channel; echoed user, system
    or tool messages (`<|start|>functions.x to=assistant`) are not the answer and are dropped."""
    header, _, _ = body.partition("<|message|>")
    role = header.split("<|channel|>")[0].strip().split(" ")[0]
    if role and role != "assistant":
        return Outcome()
    _, channel, rest = body.partition("<|channel|>")
    if channel:
        return _other_channel(rest, ctx)
    return Outcome(text=_strip_ends(body.partition("<|message|>")[2]))


MARKUPS = (
    Markup("<|channel|>commentary", until(*_ENDS), _commentary, "harmony"),
    Markup("<|channel|>", until(*_ENDS), _other_channel, "harmony"),
    Markup("<|start|>", until(*_ENDS), _message, "harmony"),
    drop("<|message|>", "harmony"),
    Markup("<|start|>assistant to=", until(*_ENDS), _addressed, "harmony"),
    Markup("to=functions.", until(*_ENDS), _bare_recipient, "harmony", accept=_accept_bare_recipient),
    drop("<|channel|>final<|message|>", "harmony"),
    drop("<|start|>assistant", "harmony"),
    *(drop(token, "harmony") for token in _ENDS),
)
REGIONS = (Region("<|channel|>analysis<|message|>", ("<|end|>",)),)
