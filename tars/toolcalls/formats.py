"""The format registry: each tool-call format's name, how to write a call in it (for prompts
and examples), and the markups and reasoning regions every parse recognises."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from tars.toolcalls import hermes, qwen3_coder
from tars.toolcalls.markup import Markup, Region, drop

__all__ = ["Format", "FORMATS", "MARKUPS", "REGIONS", "get_format", "resolve_format", "format_names", "register"]

Render = Callable[[list[tuple[str, dict[str, Any]]]], str]

REGIONS = (
    Region("<think>", ("</think>",)),
    Region("<thinking>", ("</thinking>",)),
    Region("[THINK]", ("[/THINK]",)),
)

# Tokens that never belong in prose: end-of-turn markers and stray closers.
_DROPS = ("<|im_end|>", "<|eot_id|>", "<|eom_id|>", "<|endoftext|>", "<end_of_turn>", "</tool_call>",
          "</think>", "[/THINK]", "</thinking>", "[/TOOL_CALLS]")

# Models whose chat template opens a think block itself: their text may start mid-thought.
_THINKS_FIRST = re.compile(r"qwen3(?!.*(coder|instruct))|qwq|deepseek-r1|deepseek-v3\.[12]|magistral|"
                           r"r1-distill|thinking|glm-4\.[5-9]|kimi-k2-thinking", re.I)


@dataclass(frozen=True)
class Format:
    """One tool-call format: `render` writes calls in it; `instructions` tell a model how."""

    name: str
    render: Render
    instructions: str
    aliases: tuple[str, ...] = ()
    markups: tuple[Markup, ...] = field(default=(), compare=False)
    regions: tuple[Region, ...] = REGIONS
    think_first: bool | None = None  # None: decided from the model name

    def thinks_first(self, model: str | None) -> bool:
        if self.think_first is not None:
            return self.think_first
        return bool(model and _THINKS_FIRST.search(model))


FORMATS: dict[str, Format] = {}
MARKUPS: list[Markup] = []


def register(fmt: Format, markups: Iterable[Markup] = ()) -> None:
    """Add a format (and the markups its family contributes to every parse)."""
    MARKUPS.extend(markups)
    FORMATS[fmt.name] = fmt
    for alias in fmt.aliases:
        FORMATS.setdefault(alias, fmt)


def format_names() -> list[str]:
    return sorted({f.name for f in FORMATS.values()})


def get_format(name: str) -> Format:
    from tars.errors import UsageError

    key = name.strip().lower().replace("-", "_")
    if key not in FORMATS:
        raise UsageError(f"unknown tool-call format {name!r}; known: {', '.join(format_names())}")
    return FORMATS[key]


def resolve_format(name: str | None, model: str | None = None) -> Format:
    """The named format, else the one detected from the model name, else `auto`; with the
    markups of every family attached (markups never clash, and models drift between forms)."""
    if not name and model:
        from tars.toolcalls.detect import detect_format

        name = detect_format(model=model)[0]
    fmt = get_format(name or "auto")
    markups = tuple(MARKUPS) + tuple(drop(t, "drop") for t in _DROPS)
    label = "auto" if (name or "auto").lower() == "auto" else fmt.name
    return Format(label, fmt.render, fmt.instructions, fmt.aliases, markups, fmt.regions, fmt.think_first)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _hermes(calls: list[tuple[str, dict[str, Any]]]) -> str:
    return "\n".join(f"<tool_call>\n{_json({'name': n, 'arguments': a})}\n</tool_call>" for n, a in calls)


def _json_fence(calls: list[tuple[str, dict[str, Any]]]) -> str:
    body = [{"name": n, "arguments": a} for n, a in calls]
    return "```json\n" + _json(body[0] if len(body) == 1 else body) + "\n```"


def _qwen3_coder(calls: list[tuple[str, dict[str, Any]]]) -> str:
    out = []
    for name, args in calls:
        params = "".join(f"<parameter={k}>\n{v if isinstance(v, str) else _json(v)}\n</parameter>\n"
                         for k, v in args.items())
        out.append(f"<tool_call>\n<function={name}>\n{params}</function>\n</tool_call>")
    return "\n".join(out)


register(Format("hermes", _hermes,
                "To call a function, reply with a JSON object with the function name and arguments inside "
                "<tool_call></tool_call> tags, one tag pair per call:",
                aliases=("qwen", "qwen2.5", "qwen3", "hermes2", "hermes3", "nous")),
         hermes.MARKUPS)
register(Format("json", _json_fence,
                "To call a function, reply with only a JSON object {\"name\": ..., \"arguments\": {...}} "
                "in a ```json fence (a list of such objects for several calls):",
                aliases=("auto", "lenient", "fenced_json")))
register(Format("qwen3_coder", _qwen3_coder,
                "To call a function, reply with a <tool_call> block holding <function=NAME> and one "
                "<parameter=NAME> block per argument:",
                aliases=("qwen3coder", "qwen3_xml")),
         qwen3_coder.MARKUPS)
