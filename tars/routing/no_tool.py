"""Requests an assistant is often asked but no tool here does: a timer, a call, a text, music,
the lights. tars says it cannot, rather than let a model pretend.

The embedded model, asked to "set a timer for 10 minutes", wrote a paragraph about Unix seconds;
others say "Timer set!". These are answered only when no tool family claimed the message, so a
configured MCP server that does one of them (an email server, a smart-home one) still gets it.
"""

from __future__ import annotations

import re

__all__ = ["no_tool_answer"]

_POLITE = r"^(?:(?:hey|hi|ok|okay|please|tars|can you|could you|would you|will you)[,!]?\s+)*"
# asking how to do it in code or a shell is a question for the model
_ABOUT_CODE = re.compile(r"\b(?:python|javascript|typescript|java|rust|golang|bash|shell|script|code|function|cron|"
                         r"linux|macos|windows|android|ios|app|api|program|react|node|excel|sheets|spreadsheet)\b|"
                         r"\bhow (?:do|can|to)\b",
                         re.IGNORECASE)
# each request, what tars answers, and the words of a tool that does it (which, when offered, gets it)
_CANNOT = tuple((re.compile(_POLITE + pattern, re.IGNORECASE), told, frozenset(able.split()))
                for pattern, told, able in (
    (r"(?:set|start|make)(?: me)? (?:a |an |the )?(?:\d+[- ]minute )?(?:timer|alarm|countdown|stopwatch)\b|"
     r"wake me(?: up)?\b",
     "I can't set timers or alarms: I have no tool for that.",
     "timer alarm countdown stopwatch"),
    (r"(?:call|phone|ring|dial|facetime) (?:my |mom\b|mum\b|dad\b|\+?\d)|"
     r"(?:send|text) (?:a |an )?(?:text|sms|message|whatsapp|imessage)(?: message)? to\b|"
     r"text (?:my |mom\b|mum\b|dad\b)",
     "I can't make calls or send messages: I have no tool for that.",
     "phone sms message whatsapp imessage"),
    (r"send (?:an? )?e-?mail\b|e-?mail (?:my |mom\b|mum\b|dad\b)",
     "I can't send email: I have no tool for that. I can draft it for you to send.",
     "email"),
    (r"(?:play|shuffle|queue|pause|skip) (?:some |my |the |a )?(?:music|songs?|playlist|album|podcast|radio|"
     r"spotify|track)\b",
     "I can't play or control music: I have no tool for that.",
     "music song playlist album podcast radio spotify track playback"),
    (r"(?:turn|switch) (?:on|off) (?:the |my )?(?:lights?|lamp|heating|heater|tv|television|fan|ac|air ?con)\b|"
     r"(?:dim|brighten) (?:the |my )?lights?\b|(?:set|turn) (?:the |my )?thermostat\b",
     "I can't control devices in your home: I have no tool for that.",
     "light lamp thermostat appliance heating heater conditioner"),
))


# asking what to say or which to choose, or what a phrase means, is a question for the model
_ADVICE = re.compile(r"\b(?:what|which|how|should|would|recommend|suggest|ideas?|tips?|meaning|means|mean|band|song "
                     r"by|sung by|lyrics|better|best)\b", re.IGNORECASE)
_ASKING = re.compile(_POLITE.removesuffix("*") + r"+", re.IGNORECASE)  # "can you set a timer?" asks it done


def no_tool_answer(message: str) -> tuple[str, frozenset[str]] | None:
    """What tars answers to a request no tool here does ("set a timer for 10 minutes"), with the
    words of a tool that would do it (so that one offered gets the request instead), or None."""
    text = " ".join(message.split())
    if _ABOUT_CODE.search(text) or _ADVICE.search(_ASKING.sub("", text)):
        return None
    if "?" in text and not _ASKING.match(text):
        return None
    return next(((told, able) for pattern, told, able in _CANNOT if pattern.match(text)), None)
