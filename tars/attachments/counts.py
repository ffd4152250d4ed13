"""Counts of the text that came with a request ("how many words is this?", "how many errors are
in this log?"), told by tars.

The embedded model, piped "hello world" and asked how many words it was, said 5: counting is no
model's work. Lines that mention a word are counted as grep -ci would ("errors" are the lines that
say "error"). Only a request that asks for a count and nothing else is answered here, and only of
one piped input or one text file; anything else goes to the model as usual.
"""

from __future__ import annotations

import re

__all__ = ["POLITE", "count_asked", "counts_told", "one_text", "without_at_files"]

_UNITS = r"(?:words?|lines?|characters?|chars?|paragraphs?)"
_OF = (r"(?:\s+(?:are|is|does|do)(?:\s+(?:there|it|this|that))?)?(?:\s+(?:in|of|have|has))?"
       r"(?:\s+(?:this|it|that|these|those|the|my)(?:\s+(?:text|input|file|essay|document|message|paragraph|list|"
       r"page|output|log|piece|one|lines?))?)?(?:\s+(?:have|has|contain|contains))?")
# what may open a request about what came with it: "please", "ok, so"
POLITE = r"^(?:(?:please|can you|could you|so|ok|okay|now|and|then|also|tell me),?\s+)*"
_ASKED = re.compile(
    POLITE +
    rf"(?:how many (?P<many>{_UNITS}){_OF}|(?:count|give me|tell me) (?:the )?(?:number of )?(?P<unit>{_UNITS}){_OF}|"
    rf"(?:what(?:'s|s| is) the )?(?P<count>word|line|character|char|paragraph) count(?:{_OF})?)"
    r"(?:,?\s+please)?\s*[?.!]*$", re.IGNORECASE)
# lines that mention a word: "how many errors are in this log?", "how many lines contain TODO?"
_MENTIONS = re.compile(
    POLITE + r"(?:how many|count(?: the)?) "
    r"(?:(?P<plural>errors|warnings|failures|exceptions|timeouts|todos|fixmes|retries|crashes)|"
    r"lines? (?:that |which )?(?:with|contain|contains|containing|mention|mentions|mentioning|say|says|saying|"
    r"have|has) [\"']?(?P<word>[\w.-]+)[\"']?)"
    r"(?: (?:are|is))?(?: there)?(?: in (?:it|this|that|the|my)?(?:\s*\S+){0,2}?)?(?:,?\s+please)?\s*[?.!]*$",
    re.IGNORECASE)
_FENCE = re.compile(r"(?P<fence>`{3,})\n(?P<text>.*?)\n(?P=fence)", re.DOTALL)
_HEADER = re.compile(r"^\[attached (?P<kind>input|file|page|image): (?P<name>.*), [^,\]]+\]$", re.MULTILINE)


# what a count of "errors" in means grammar, style or bugs, not lines that say "error"
_WRITING = re.compile(r"\b(?:essay|text|document|paper|draft|letter|writing|sentences?|paragraphs?|story|code|script|"
                      r"program|function|grammar|spelling)\b", re.IGNORECASE)
_ONE_OF = {"errors": "error", "warnings": "warning", "failures": "failure", "exceptions": "exception",
           "timeouts": "timeout", "todos": "todo", "fixmes": "fixme", "retries": "retry", "crashes": "crash"}
_AT_FILE = re.compile(r"(?: (?:in|of))? @\S+")


def without_at_files(request: str) -> str:
    """`request` on one line without the files it attaches with @ ("how many lines are in @app.log?")."""
    return _AT_FILE.sub("", " ".join(request.split()))


def count_asked(request: str) -> str | None:
    """The unit a request asks to count, when that is all it asks: "how many words is this?" -> "words"."""
    match = _ASKED.match(without_at_files(request))
    if match is None:
        return None
    unit = (match["many"] or match["unit"] or match["count"]).lower()
    unit = {"char": "character", "chars": "characters"}.get(unit, unit)
    return unit if unit.endswith("s") else unit + "s"


def one_text(attached: str) -> str | None:
    """The text of the one piped input or text file in `attached` (as `Attached.block` wrote it), a
    Windows line end one character, as it is one line end."""
    headers = _HEADER.findall(attached)
    blocks = _FENCE.findall(attached)
    if len(blocks) != 1 or len(headers) > 1 or any(kind != "file" for kind, _ in headers):
        return None
    return blocks[0][1].replace("\r\n", "\n").removesuffix("\r")


def _plural(n: int, unit: str) -> str:
    return f"{n:,} {unit if n != 1 else unit[:-1]}"


def _mentions_told(request: str, text: str) -> str | None:
    """How many lines of `text` mention the word a request asks about, or None when it asks no such thing."""
    match = _MENTIONS.match(without_at_files(request))
    if match is None or _WRITING.search(request):
        return None
    word = match["word"] or _ONE_OF[match["plural"].lower()]
    lines = text.split("\n")
    found = sum(word.lower() in line.lower() for line in lines)
    return f"{_plural(found, 'lines')} of {len(lines):,} {'mention' if found != 1 else 'mentions'} \"{word}\"."


def counts_told(request: str, attached: str) -> str | None:
    """tars's answer to a request for a count of the text that came with it, or None."""
    unit = count_asked(request)
    text = one_text(attached)
    if text is not None and unit is None:
        return _mentions_told(request, text)
    if unit is None or text is None:
        return None
    counts = {"words": len(text.split()), "lines": len(text.split("\n")) if text else 0, "characters": len(text),
              "paragraphs": len([p for p in re.split(r"\n\s*\n", text) if p.strip()])}
    rest = ", ".join(_plural(counts[u], u) for u in ("lines", "words", "characters") if u != unit)
    return f"{_plural(counts[unit], unit)} ({rest})."
