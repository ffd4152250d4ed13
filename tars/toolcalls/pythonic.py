"""Pythonic tool calls, `[get_weather(city="Paris"), add(a=1, b=2)]` (Llama 3.2/4, Gemma's
tool_code), read with `ast` and never evaluated."""

from __future__ import annotations

import ast
import math
import re
from typing import Any

from tars.toolcalls.jsonish import brackets
from tars.toolcalls.markup import Context, Outcome

__all__ = ["pythonic_calls", "py_end", "accept_bare_pythonic", "accept_whole_pythonic", "PY_CALL_START", "PY_FORMATS"]

PY_CALL_START = re.compile(r"\[\s*[A-Za-z_][\w.]*\s*\(")
# Formats whose models write bracketed call lists, at the start of a line or after prose (Llama 3.2
# writes them as well as its JSON calls).
PY_FORMATS = frozenset({"pythonic", "llama4", "gemma", "llama3_json"})
_AFTER_LIST = ("<|eot_id|>", "<|eom_id|>", "<|im_end|>", "<|endoftext|>", "<end_of_turn>")
_NAMES = {"true": True, "false": False, "null": None, "none": None, "True": True, "False": False, "None": None}


def _value(node: ast.AST | None) -> Any:
    match node:
        case ast.Constant(value=value) if value is None or isinstance(value, (str, bool, int)):
            return value
        case ast.Constant(value=float(value)) if math.isfinite(value):
            return value
        case ast.Name(id=name) if name in _NAMES:
            return _NAMES[name]
        case ast.List(elts=elts) | ast.Tuple(elts=elts) | ast.Set(elts=elts):
            return [_value(e) for e in elts]
        case ast.Dict(keys=keys, values=values):
            return {_value(k): _value(v) for k, v in zip(keys, values, strict=True)}
        case ast.UnaryOp(op=ast.USub() | ast.UAdd() as op, operand=operand):
            value = _value(operand)
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ValueError("a sign on something that is not a number")
            return -value if isinstance(op, ast.USub) else value
    raise ValueError(f"not a literal: {ast.unparse(node)[:40]}" if node else "a ** spread is not a literal")


def _dotted(node: ast.AST) -> str:
    match node:
        case ast.Name(id=name):
            return name
        case ast.Attribute(value=value, attr=attr):
            return f"{_dotted(value)}.{attr}"
    raise ValueError("a call needs a plain name")


def _call(node: ast.AST) -> tuple[str, dict[str, Any]]:
    if not isinstance(node, ast.Call):
        raise ValueError("not a function call")
    name = _dotted(node.func)
    if node.args:
        raise ValueError(f"{name}: positional arguments have no names")
    return name, {kw.arg: _value(kw.value) for kw in node.keywords if kw.arg}


def pythonic_calls(text: str, ctx: Context | None = None) -> Outcome:
    """Calls from `[f(a=1), g(b="x")]`, a single `f(a=1)`, or one call per line."""
    text = text.strip()
    try:
        tree = ast.parse(text, mode="exec")
    except SyntaxError as exc:
        return _salvage(text, f"dropped a pythonic tool call: {exc.msg}: {text[:80]!r}")
    nodes: list[ast.AST] = []
    for stmt in tree.body:
        if not isinstance(stmt, ast.Expr):
            return Outcome(errors=[f"dropped pythonic text that is not a call: {text[:80]!r}"])
        value = stmt.value
        nodes.extend(value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value])
    out = Outcome()
    for node in nodes:
        try:
            out.calls.append(_call(node))
        except ValueError as exc:
            out.errors.append(f"dropped a pythonic tool call: {exc}")
    if not nodes:
        out.errors.append("no calls in the pythonic list")
    return out


_NEXT_CALL = re.compile(r"\s*,?\s*([A-Za-z_][\w.]*)\s*\(")


def _salvage(text: str, error: str) -> Outcome:
    """A list whose later element is broken: keep the calls before it, report the rest."""
    out = Outcome(errors=[error])
    i = 1 if text.startswith("[") else 0
    while (m := _NEXT_CALL.match(text, i)) is not None:
        stop = py_end(text, m.end() - 1)
        if stop is None:
            break
        try:
            out.calls.append(_call(ast.parse(text[m.start(1):stop], mode="eval").body))
        except (SyntaxError, ValueError):
            break
        i = stop
    return out


def py_end(text: str, start: int) -> int | None:
    """Index past the bracket group opening at text[start], skipping '…' and "…" strings."""
    depth = 0
    for i, ch in brackets(text, start, quotes="'\"", pairs="()[]{}"):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                return i + 1
    return None


def accept_bare_pythonic(text: str, i: int, final: bool, ctx: Context) -> bool | None:
    from tars.toolcalls.jsoncalls import line_start

    if not line_start(text, i) and ctx.format not in PY_FORMATS:
        return False
    head = text[i:i + 80]
    if PY_CALL_START.match(head):
        return True
    if not final and len(text) - i < 80 and re.fullmatch(r"\[\s*([A-Za-z_][\w.]*\s*)?", head):
        return None
    return False


_LEAD = re.compile(r"\s*")


def _answer_start(text: str, i: int) -> bool:
    """Only white space before `i`, or a `</think>` and white space (cheap on long texts)."""
    if (lead := _LEAD.match(text)) is None or lead.end() >= i:
        return True
    j = i
    while j > 0 and text[j - 1].isspace():
        j -= 1
    return text.endswith("</think>", 0, j)


def accept_whole_pythonic(text: str, i: int, final: bool, ctx: Context) -> bool | None:
    """A reply that is nothing but a call list, `[f(a=1), g()]`, is a call list in any format
    (as vLLM's pythonic parser reads Llama 3.2): decided at the end of the output."""
    if ctx.format in PY_FORMATS or ctx.tools is not None:
        return False  # the line-start markup decides for these
    if not _answer_start(text, i):
        return False
    head = text[i:i + 80]
    if not PY_CALL_START.match(head):
        if not final and len(text) - i < 80 and re.fullmatch(r"\[\s*([A-Za-z_][\w.]*\s*)?", head):
            return None
        return False
    stop = py_end(text, i)
    if stop is None:
        return False if final else None
    rest = text[stop:]
    for token in _AFTER_LIST:
        rest = rest.replace(token, "")
    if rest.strip():
        return False
    return True if final else None


def bare_pythonic_end(text: str, start: int, final: bool) -> int | None:
    stop = py_end(text, start - 1)
    return stop if stop is not None else (len(text) if final else None)
