"""FunctionGemma: `<start_function_call>call:name{key:value,…}<end_function_call>`, where
strings are wrapped in `<escape>` tokens and keys are bare."""

from __future__ import annotations

import re
from typing import Any

from tars.toolcalls.markup import Context, Markup, Outcome, until

__all__ = ["MARKUPS", "read_value", "render_value"]

ESC = "<escape>"
_CALL = re.compile(r"\s*call:([^\s{]+)\s*", re.S)
_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$")


class _Reader:
    def __init__(self, text: str) -> None:
        self.text, self.i = text, 0

    def ws(self) -> None:
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def value(self) -> Any:
        self.ws()
        t = self.text
        if t.startswith(ESC, self.i):
            end = t.find(ESC, self.i + len(ESC))
            if end < 0:
                raise ValueError("unclosed <escape> string")
            s = t[self.i + len(ESC):end]
            self.i = end + len(ESC)
            return s
        if t.startswith("{", self.i):
            return self.obj()
        if t.startswith("[", self.i):
            self.i += 1
            items: list[Any] = []
            while True:
                self.ws()
                if t.startswith("]", self.i):
                    self.i += 1
                    return items
                items.append(self.value())
                self.ws()
                if t.startswith(",", self.i):
                    self.i += 1
        j = self.i
        while j < len(t) and t[j] not in ",}]":
            j += 1
        word, self.i = t[self.i:j].strip(), j
        return _scalar(word)

    def key(self) -> str:
        self.ws()
        if self.text.startswith(ESC, self.i) or self.text.startswith('"', self.i):
            value = self.value() if self.text.startswith(ESC, self.i) else self._quoted()
            return str(value)
        j = self.text.find(":", self.i)
        if j < 0:
            raise ValueError("a key without ':'")
        key, self.i = self.text[self.i:j].strip(), j
        return key

    def _quoted(self) -> str:
        j = self.text.find('"', self.i + 1)
        key, self.i = self.text[self.i + 1:j], j + 1
        return key

    def obj(self) -> dict[str, Any]:
        t, out = self.text, dict[str, Any]()
        self.i += 1  # {
        while True:
            self.ws()
            if self.i >= len(t):
                raise ValueError("unclosed {")
            if t[self.i] == "}":
                self.i += 1
                return out
            key = self.key()
            self.ws()
            if not t.startswith(":", self.i):
                raise ValueError(f"no ':' after {key!r}")
            self.i += 1
            out[key] = self.value()
            self.ws()
            if t.startswith(",", self.i):
                self.i += 1


def _scalar(word: str) -> Any:
    low = word.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("null", "none"):
        return None
    if _NUMBER.match(word):
        return float(word) if any(c in word for c in ".eE") else int(word)
    return word.strip('"')


def read_value(text: str) -> dict[str, Any]:
    return _Reader(text).obj()


def render_value(value: Any) -> str:
    """Write a value the way FunctionGemma does (for prompt examples)."""
    if isinstance(value, str):
        return f"{ESC}{value}{ESC}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}:{render_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(render_value(v) for v in value) + "]"
    return str(value)


def _handle(body: str, ctx: Context) -> Outcome:
    body = body.replace("<end_function_call>", "").strip()
    m = _CALL.match(body)
    if not m:
        return Outcome(errors=[f"dropped a FunctionGemma call without call:name: {body[:80]!r}"])
    rest = body[m.end():]
    if not rest.strip():
        return Outcome(calls=[(m.group(1), {})])
    try:
        args = read_value(rest)
    except (ValueError, IndexError) as exc:
        return Outcome(errors=[f"dropped a FunctionGemma call to {m.group(1)!r}: {exc}"])
    return Outcome(calls=[(m.group(1), _typed_by_schema(args, ctx.schema(m.group(1))))])


def _typed_by_schema(args: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """<escape>-quoted values are text; a schema that says number/boolean/... converts them."""
    from tars.toolcalls.qwen3_coder import _typed

    props = schema.get("properties") or {}
    return {k: _typed(v, props[k]) if isinstance(v, str) and props.get(k, {}).get("type") not in (None, "string") else v
            for k, v in args.items()}


MARKUPS = (Markup("<start_function_call>", until("<end_function_call>"), _handle, "functiongemma"),)
