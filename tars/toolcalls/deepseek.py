"""DeepSeek V3 / R1 (`function<｜tool▁sep｜>name` + a ```json fence) and V3.1
(`name<｜tool▁sep｜>{json}`) inside `<｜tool▁calls▁begin｜>` … `<｜tool▁calls▁end｜>`."""

from __future__ import annotations

import re

from tars.toolcalls.jsoncalls import json_calls
from tars.toolcalls.markup import Context, Markup, Outcome, drop, until

__all__ = ["MARKUPS", "CALLS_BEGIN", "CALL_BEGIN", "SEP", "CALL_END", "CALLS_END"]

CALLS_BEGIN, CALLS_END = "<｜tool▁calls▁begin｜>", "<｜tool▁calls▁end｜>"
CALL_BEGIN, CALL_END, SEP = "<｜tool▁call▁begin｜>", "<｜tool▁call▁end｜>", "<｜tool▁sep｜>"
_OTHER = ("<｜tool▁outputs▁begin｜>", "<｜tool▁outputs▁end｜>", "<｜tool▁output▁begin｜>", "<｜tool▁output▁end｜>",
          "<｜end▁of▁sentence｜>")


def _variants(token: str) -> tuple[str, ...]:
    """The token as written, and the renderings of it that servers and templates print (ASCII
    bars, `_`, spaces or `\\_` for `▁`), as llama.cpp's DeepSeek-R1 parser accepts them."""
    ascii_bar = token.replace("｜", "|")
    spellings = (token, ascii_bar, ascii_bar.replace("▁", "_"), token.replace("▁", "_"), token.replace("▁", " "),
                 token.replace("▁", "\\_"))
    return tuple(dict.fromkeys(spellings))


# R1 distills may open with the short form and go straight to `function<｜tool▁sep｜>…`.
_SHORT_BEGIN = ("<｜tool▁calls｜>", "<｜tool_calls｜>")


def _norm(text: str) -> str:
    for token in (CALLS_BEGIN, CALLS_END, CALL_BEGIN, CALL_END, SEP):
        for v in _variants(token)[1:]:
            text = text.replace(v, token)
    return text


_FENCED = re.compile(r"\s*(?:function)?\s*$", re.S)


def _one(segment: str, ctx: Context) -> Outcome:
    head, sep, tail = segment.partition(SEP)
    if not sep:
        return Outcome(errors=[f"dropped a DeepSeek call without {SEP}: {segment.strip()[:80]!r}"])
    head, tail = head.strip(), tail.strip()
    if head in ("function", "") and "<steptml:invoke" in tail:  # Step3's XML inside the same markers
        from tars.toolcalls.qwen3_coder import invoke_calls

        return invoke_calls(tail, ctx)
    if head in ("function", ""):  # V3 / R1: name on the first line, then a ```json fence
        name, _, rest = tail.partition("\n")
        rest = rest.strip()
        if rest.startswith("```"):
            rest = rest.split("\n", 1)[1] if "\n" in rest else ""
            rest = rest.rsplit("```", 1)[0]
    else:  # V3.1: name<sep>{json}
        name, rest = head, tail
    if not re.fullmatch(r"[\w.\-:]+", name.strip()):
        return Outcome(errors=[f"dropped a DeepSeek call without a usable name: {segment.strip()[:80]!r}"])
    got = json_calls('{"name": "", "arguments": ' + (rest.strip() or "{}") + "}", ctx)
    got.calls = [(name.strip(), a) for _, a in got.calls]
    return got


def _calls(body: str, ctx: Context) -> Outcome:
    body = _norm(body).replace(CALLS_END, "")
    out = Outcome()
    for segment in body.split(CALL_BEGIN):
        segment = segment.replace(CALL_END, "")
        if not segment.strip():
            continue
        got = _one(segment, ctx)
        out.calls += got.calls
        out.errors += got.errors
        out.notes += got.notes
        out.reject = out.reject or got.reject  # a call that never completes: the block is prose
    return out


def _single(body: str, ctx: Context) -> Outcome:
    return _calls(CALL_BEGIN + body, ctx)


MARKUPS = (
    *(Markup(v, until(*_variants(CALLS_END)), _calls, "deepseek") for v in (*_variants(CALLS_BEGIN), *_SHORT_BEGIN)),
    *(Markup(v, until(*_variants(CALL_END)), _single, "deepseek") for v in _variants(CALL_BEGIN)),
    *(drop(v, "deepseek") for token in _OTHER for v in _variants(token)),
)
