"""Hermes/Qwen `<tool_call>{json}</tool_call>` and the lenient forms small models emit instead:
a missing closing tag, ```json fences, bare JSON objects or arrays at the start of a line."""

from __future__ import annotations

import re

from tars.toolcalls.glm import glm_calls, is_glm
from tars.toolcalls.jsoncalls import (
    accept_bare_array,
    accept_bare_object,
    bare_calls,
    bare_json_end,
    json_calls,
    json_then,
    line_start,
    strip_closers,
)
from tars.toolcalls.markup import Context, Markup, Outcome
from tars.toolcalls.pythonic import (
    PY_FORMATS,
    accept_bare_pythonic,
    accept_whole_pythonic,
    bare_pythonic_end,
    py_end,
    pythonic_calls,
)
from tars.toolcalls.qwen3_coder import xml_function_calls

__all__ = ["MARKUPS", "tool_call_block"]

_JSON_LANGS = {"", "json", "json5", "jsonc", "tool_call", "tool_calls", "tool", "function_call"}
_PY_LANGS = {"tool_code", "python", "py"}


def tool_call_block(body: str, ctx: Context) -> Outcome:
    closed = body.rstrip().endswith("</tool_call>")
    body = strip_closers(body, "</tool_call>")
    if body.startswith("<function=") and not closed and "</function>" not in body:
        return Outcome(reject=True, incomplete=True, errors=["kept as prose: a <function=…> call that never closes"])
    if body.startswith("<function="):
        return xml_function_calls(body, ctx)
    if is_glm(body, ctx.format):
        return glm_calls(body, ctx)
    if not body:
        return Outcome(errors=["dropped an empty <tool_call>"])
    return json_calls(body, ctx)


# -- ``` fences ------------------------------------------------------------------------------
def _accept_fence(text: str, i: int, final: bool, ctx: Context) -> bool | None:
    nl = text.find("\n", i + 3)
    if nl < 0:
        if not final:
            return None
        nl = len(text)
    lang = text[i + 3:nl].strip().lower()
    if not line_start(text, i):  # `Action: ```json` (Command R+): only an explicit call language
        return lang in ("json", "tool_call", "tool_code")
    if lang in _JSON_LANGS or lang in ("tool_code", "xml"):
        return True
    return lang in _PY_LANGS and (ctx.format in PY_FORMATS or ctx.tools is not None)


def _fence_end(text: str, start: int, final: bool) -> int | None:
    nl = text.find("\n", start)
    j = text.find("```", nl if nl >= 0 else start)
    if nl >= 0 and j >= 0:
        return j + 3
    return len(text) if final else None


def _fence(body: str, ctx: Context) -> Outcome:
    lang, _, code = body.partition("\n")
    code = code.strip()
    if code.endswith("```"):
        code = code[:-3]
    lang = lang.strip().lower()
    if lang in _PY_LANGS or (lang == "" and re.match(r"\s*\[?\s*[A-Za-z_][\w.]*\(", code)):
        return pythonic_calls(code, ctx)
    if code.strip().startswith("<"):  # a tag-wrapped call inside a fence, ```xml <tool_call>…
        return _inner_markup(code, ctx)
    if not code.strip().startswith(("{", "[")):
        return Outcome(reject=True)
    return json_calls(code, ctx)


def _inner_markup(code: str, ctx: Context) -> Outcome:
    inner = ctx.parse_inner(code) if ctx.parse_inner is not None else None
    if inner is None or not inner.calls:
        return Outcome(reject=True)
    return inner


_CALL_SHAPED = re.compile(r'\s*\[?\s*\{\s*"(name|function|tool_name)"\s*:')


def _unrepaired(out: Outcome, text: str) -> Outcome:
    """Bare JSON has no marker saying it is a call: JSON that needed repair stays prose, and a
    cut-off object is reported as a cut-off call only when it plainly began as one."""
    if out.notes:
        out.reject = True
    if out.incomplete and not _CALL_SHAPED.match(text):
        out.incomplete, out.errors = False, []
    return out


def _bare_object(body: str, ctx: Context) -> Outcome:
    return _unrepaired(bare_calls(body, ctx, "{"), "{" + body)


def _bare_array(body: str, ctx: Context) -> Outcome:
    return _unrepaired(bare_calls(body, ctx, "["), "[" + body)


def _bare_pythonic(body: str, ctx: Context) -> Outcome:
    if py_end("[" + body, 0) is None:  # a list that never closes is not a call
        return Outcome(reject=True, incomplete=True,
                       errors=[f"kept as prose: a call list that never closes: {body[:80]!r}"])
    out = pythonic_calls("[" + body, ctx)
    if ctx.format not in PY_FORMATS and ctx.tools is None:
        out.reject = True  # a bracketed call in prose is a call only for pythonic models or offered tools
    return out


def _whole_pythonic(body: str, ctx: Context) -> Outcome:
    return pythonic_calls("[" + body, ctx)


_JSON_END = json_then("</tool_call>")


def _tool_call_end(text: str, start: int, final: bool) -> int | None:
    """JSON bodies end with their value; Qwen3-Coder XML bodies at `</function>` (values may
    contain `</tool_call>`), else at the first `</tool_call>`."""
    body = text[start:].lstrip()
    if not body.startswith("<function="):
        if not final and body and "<function=".startswith(body):
            return None  # may still become <function=
        return _JSON_END(text, start, final)
    j = text.find("</function>", start)
    if j < 0:
        if not final:
            return None
        k = text.find("</tool_call>", start)
        return len(text) if k < 0 else k + len("</tool_call>")
    return _after(text, j + len("</function>"), final)


def _after(text: str, i: int, final: bool) -> int | None:
    rest = text[i:].lstrip()
    j = len(text) - len(rest)
    if rest.startswith("</tool_call>"):
        return j + len("</tool_call>")
    if not final and (not rest or "</tool_call>".startswith(rest)):
        return None
    return i


def _wrapped(closer: str):
    def handle(body: str, ctx: Context) -> Outcome:
        return json_calls(strip_closers(body, closer), ctx)

    return handle


# Other wrappers Hermes-style models use (llama.cpp accepts them too); weak: only a call-shaped
# JSON body counts, anything else stays prose verbatim.
_WRAPPERS = tuple(Markup(f"<{tag}>", json_then(f"</{tag}>"), _wrapped(f"</{tag}>"), "hermes", weak=True)
                  for tag in ("tool", "tools", "response", "json", "JSON", "xml"))

MARKUPS = (
    *_WRAPPERS,
    Markup("<tool_call>", _tool_call_end, tool_call_block, "hermes"),
    Markup("```", _fence_end, _fence, "hermes", accept=_accept_fence, weak=True),
    Markup("{", bare_json_end, _bare_object, "llama3_json", accept=accept_bare_object, weak=True),
    Markup("[", bare_json_end, _bare_array, "hermes", accept=accept_bare_array, weak=True),
    Markup("[", bare_pythonic_end, _whole_pythonic, "pythonic", accept=accept_whole_pythonic, weak=True),
    Markup("[", bare_pythonic_end, _bare_pythonic, "pythonic", accept=accept_bare_pythonic, weak=True),
)
