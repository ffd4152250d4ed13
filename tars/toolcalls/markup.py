"""The pieces a format is made of: markups (an opener, where the block ends, what it means),
reasoning regions, and the context a handler sees (offered tools and their schemas)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Markup", "Region", "Outcome", "Context", "ToolSet", "EndFinder", "Accept", "drop", "until"]

# (buffer, index just past the opener, final) -> index just past the block, or None: need more text
EndFinder = Callable[[str, int, bool], "int | None"]
# (buffer, index of the opener, final, context) -> True/False, or None: need more text to decide
Accept = Callable[[str, int, bool, "Context"], "bool | None"]


@dataclass
class Outcome:
    """What a block meant: calls (name, arguments), prose, reasoning, problems.
    `reject` says the block was not a call after all and stays as prose, verbatim."""

    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    text: str = ""
    reasoning: str = ""
    errors: list[str] = field(default_factory=list)
    reject: bool = False
    notes: list[str] = field(default_factory=list)  # reported, but the calls stand (a repair)
    incomplete: bool = False  # a call the output ended inside: prose, never run, and reported


@dataclass(frozen=True)
class Markup:
    """One kind of tool markup. `weak` markups (fences, bare JSON) become calls only when the
    content is unmistakably a call to an offered tool; otherwise they stay as prose."""

    opener: str
    end: EndFinder
    handle: Callable[[str, Context], Outcome]
    family: str
    accept: Accept | None = None
    weak: bool = False
    kind: str = "call"  # "call", or "drop" for a token that is only removed


@dataclass(frozen=True)
class Region:
    """A reasoning region such as `<think>` … `</think>`; streamed as reasoning."""

    opener: str
    closers: tuple[str, ...]


class ToolSet:
    """The offered tools: names (and aliases) mapped to the wire name, and their schemas."""

    def __init__(self, tools: Iterable[Any]) -> None:
        self.names: dict[str, str] = {}
        self.schemas: dict[str, dict[str, Any]] = {}
        for tool in tools:
            if isinstance(tool, str):
                name, schema, aliases = tool, dict[str, Any](), ()
            elif isinstance(tool, dict):
                spec = tool.get("function", tool) if isinstance(tool.get("function"), dict) else tool
                name, schema, aliases = spec["name"], spec.get("parameters") or {}, ()
            else:  # a tars Tool
                name, schema, aliases = tool.name, tool.parameters, tuple(getattr(tool, "aliases", ()))
            self.schemas[name] = schema
            for alias in (name, *aliases):
                self.names[alias] = name

    def resolve(self, name: str) -> str | None:
        return self.names.get(name)


@dataclass
class Context:
    """What handlers may consult: the format chosen, the offered tools (None: not given), and
    `parse_inner`, which parses markup found inside a block (a call tag in a code fence) whole."""

    format: str = "auto"
    tools: ToolSet | None = None
    parse_inner: Callable[[str], Outcome] | None = None

    def offered(self, name: str) -> bool:
        return self.tools is None or self.tools.resolve(name) is not None

    def schema(self, name: str) -> dict[str, Any]:
        if self.tools is None:
            return {}
        return self.tools.schemas.get(self.tools.resolve(name) or name, {})


def until(*closers: str) -> EndFinder:
    """A block that ends after the first closer, or at the end of the text."""

    def end(text: str, start: int, final: bool) -> int | None:
        hits = [(i, c) for c in closers if (i := text.find(c, start)) >= 0]
        if hits:
            i, c = min(hits)
            return i + len(c)
        return len(text) if final else None

    return end


def _empty_end(text: str, start: int, final: bool) -> int:
    return start


def _nothing(body: str, ctx: Context) -> Outcome:
    return Outcome()


def drop(token: str, family: str = "auto") -> Markup:
    """A special token that is removed from the prose (end-of-turn markers, stray closers)."""
    return Markup(token, _empty_end, _nothing, family, kind="drop")
