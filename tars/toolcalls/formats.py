"""The format registry: each tool-call format's name, how to write a call in it (for prompts
and examples), and the markups and reasoning regions every parse recognises."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from tars.toolcalls import (
    deepseek,
    functionary,
    functiongemma,
    harmony,
    hermes,
    kimi,
    llama,
    mistral,
    qwen3_coder,
    tagged,
)
from tars.toolcalls.markup import Markup, Region, drop
from tars.toolcalls.names import FORMAT_ALIASES

__all__ = ["Format", "FORMATS", "MARKUPS", "REGIONS", "get_format", "every_markup", "format_names", "register"]

Render = Callable[[list[tuple[str, dict[str, Any]]]], str]

REGIONS = (
    Region("<think>", ("</think>",)),
    Region("<thinking>", ("</thinking>",)),
    Region("[THINK]", ("[/THINK]",)),
    *harmony.REGIONS,
    *tagged.REGIONS,
)

# Tokens that never belong in prose: end-of-turn markers and stray closers.
_DROPS = ("<|im_end|>", "<|eot_id|>", "<|eom_id|>", "<|endoftext|>", "<end_of_turn>", "</tool_call>",
          "</think>", "[/THINK]", "</thinking>", "[/TOOL_CALLS]")

_CALL_ENDS_THINK = re.compile(r"qwen3|qwq", re.I)
# Models whose chat template opens a think block itself: their text may start mid-thought.
_THINKS_FIRST = re.compile(r"qwen3(?!.*(coder|instruct))|qwq|deepseek-r1|deepseek-v3\.[12]|magistral|"
                           r"r1-distill|thinking|glm-4\.[5-9]|kimi-k2-thinking", re.I)


@dataclass(frozen=True)
class Format:
    """One tool-call format: `render` writes calls in it; `instructions` tell a model how."""

    name: str
    render: Render
    instructions: str
    markups: tuple[Markup, ...] = field(default=(), compare=False)
    regions: tuple[Region, ...] = REGIONS
    think_first: bool = False  # without a model name: may the text start inside a think block?
    trim_calls: bool = False  # white space next to a call goes with it (Qwen3's own parsers do this)
    # a header opener the chat template writes at the end of the prompt (Functionary v3.2's `>>>`):
    # an output that starts with the rest of a header (`name` + newline) gets it back
    prompt_opener: str = ""

    @property
    def aliases(self) -> tuple[str, ...]:
        """Other names settings may use for this format (one table: `tars.toolcalls.names`)."""
        return FORMAT_ALIASES.get(self.name, ())

    def thinks_first(self, model: str | None) -> bool:
        """Whether the prompt may have opened a think block (decided from the model name)."""
        return bool(_THINKS_FIRST.search(model)) if model else self.think_first

    def trims_calls(self, model: str | None) -> bool:
        return self.trim_calls or bool(model and _CALL_ENDS_THINK.search(model))

    @staticmethod
    def call_ends_thinking(model: str | None) -> bool:
        """Qwen3 may go from thinking straight to a <tool_call> without `</think>`."""
        return bool(model and _CALL_ENDS_THINK.search(model))


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


def every_markup() -> tuple[Markup, ...]:
    """The markups of every family plus the tokens dropped from prose: what each parse recognises."""
    return tuple(MARKUPS) + tuple(drop(t, "drop") for t in _DROPS)


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
                "<tool_call></tool_call> tags, one tag pair per call:"),
         hermes.MARKUPS)
register(Format("json", _json_fence,
                "To call a function, reply with only a JSON object {\"name\": ..., \"arguments\": {...}} "
                "in a ```json fence (a list of such objects for several calls):"))
register(Format("qwen3_coder", _qwen3_coder,
                "To call a function, reply with a <tool_call> block holding <function=NAME> and one "
                "<parameter=NAME> block per argument:", trim_calls=True),
         qwen3_coder.MARKUPS)


def _calls_list(calls: list[tuple[str, dict[str, Any]]], key: str = "arguments") -> str:
    return _json([{"name": n, key: a} for n, a in calls])


def _pythonic(calls: list[tuple[str, dict[str, Any]]]) -> str:
    inner = ", ".join(f"{n}({', '.join(f'{k}={v!r}' for k, v in a.items())})" for n, a in calls)
    return f"[{inner}]"


def _deepseek_v3(calls: list[tuple[str, dict[str, Any]]]) -> str:
    body = "".join(f"{deepseek.CALL_BEGIN}function{deepseek.SEP}{n}\n```json\n{_json(a)}\n```{deepseek.CALL_END}"
                   for n, a in calls)
    return f"{deepseek.CALLS_BEGIN}{body}{deepseek.CALLS_END}"


def _deepseek_v31(calls: list[tuple[str, dict[str, Any]]]) -> str:
    body = "".join(f"{deepseek.CALL_BEGIN}{n}{deepseek.SEP}{_json(a)}{deepseek.CALL_END}" for n, a in calls)
    return f"{deepseek.CALLS_BEGIN}{body}{deepseek.CALLS_END}"


_FORMATS = [
    (Format("mistral", lambda c: "[TOOL_CALLS] " + _calls_list(c),
            "To call functions, reply with [TOOL_CALLS] followed by a JSON list of {\"name\", \"arguments\"} objects:"),
     mistral.MARKUPS),
    (Format("mistral_v11", lambda c: "".join(f"[TOOL_CALLS]{n}{_json(a)}" for n, a in c),
            "To call a function, reply with [TOOL_CALLS] followed by the function name and its JSON arguments:"), ()),
    (Format("mistral_args", lambda c: "".join(f"[TOOL_CALLS]{n}[ARGS]{_json(a)}" for n, a in c),
            "To call a function, reply with [TOOL_CALLS], the function name, [ARGS] and its JSON arguments:",
            think_first=True), ()),
    (Format("llama3_json", lambda c: "; ".join(_json({"name": n, "parameters": a}) for n, a in c),
            "To call a function, reply with only a JSON object {\"name\": function name, \"parameters\": "
            "arguments object}; separate several calls with ';':"), llama.MARKUPS),
    (Format("llama31_function", lambda c: "".join(f"<function={n}>{_json(a)}</function>" for n, a in c),
            "To call a function, reply with <function=NAME>{JSON arguments}</function>:"), ()),
    (Format("pythonic", _pythonic,
            "To call functions, reply with only a Python list of calls with keyword arguments, "
            "[func_name(param=value), ...]:"), ()),
    (Format("gemma", lambda c: "".join(f"<function_call>{_json({'name': n, 'parameters': a})}</function_call>"
                                       for n, a in c),
            "To call a function, reply with <function_call>{\"name\": ..., \"parameters\": {...}}</function_call>:"),
     tagged.MARKUPS),
    (Format("functiongemma", lambda c: "".join(
        f"<start_function_call>call:{n}{functiongemma.render_value(a)}<end_function_call>" for n, a in c),
            "To call a function, reply with <start_function_call>call:NAME{key:value,...}<end_function_call>, "
            "strings wrapped in <escape>:"), functiongemma.MARKUPS),
    (Format("deepseek_v3", _deepseek_v3,
            "To call a function, use the tool-call markers with the function name and its arguments in a "
            "```json fence:"), deepseek.MARKUPS),
    (Format("deepseek_v31", _deepseek_v31,
            "To call a function, use the tool-call markers: name, separator, JSON arguments:", think_first=True), ()),
    (Format("harmony", lambda c: "".join(
        f"<|start|>assistant<|channel|>commentary to=functions.{n} <|constrain|>json<|message|>{_json(a)}<|call|>"
        for n, a in c),
            "To call a function, send a commentary message addressed to functions.NAME with JSON arguments:"),
     harmony.MARKUPS),
    (Format("granite", lambda c: "<|tool_call|>" + _calls_list(c),
            "To call functions, reply with <|tool_call|> followed by a JSON list of "
            "{\"name\", \"arguments\"} objects:"), ()),
    (Format("nemotron", lambda c: "<TOOLCALL>" + _calls_list(c) + "</TOOLCALL>",
            "To call functions, reply with <TOOLCALL>[{\"name\": ..., \"arguments\": {...}}]</TOOLCALL>:"), ()),
]
_FORMATS += [
    (Format("glm", lambda c: "\n".join(
        "<tool_call>" + n + "".join(f"\n<arg_key>{k}</arg_key>\n<arg_value>{v if isinstance(v, str) else _json(v)}"
                                    f"</arg_value>" for k, v in a.items()) + "\n</tool_call>" for n, a in c),
            "To call a function, reply with <tool_call>NAME, then <arg_key>KEY</arg_key><arg_value>VALUE</arg_value> "
            "per argument, then </tool_call>:"), ()),
    (Format("kimi_k2", lambda c: "<|tool_calls_section_begin|>" + "".join(
        f"<|tool_call_begin|>functions.{n}:{i}<|tool_call_argument_begin|>{_json(a)}<|tool_call_end|>"
        for i, (n, a) in enumerate(c)) + "<|tool_calls_section_end|>",
            "To call functions, use the tool-call section markers with functions.NAME:INDEX and JSON arguments:"),
     kimi.MARKUPS),
    (Format("phi4_mini", lambda c: "functools" + _calls_list(c),
            "To call functions, reply with functools followed by a JSON list of {\"name\", \"arguments\"} objects:"),
     ()),
    (Format("command_r7b", lambda c: "<|START_ACTION|>" + _json(
        [{"tool_call_id": str(i), "tool_name": n, "parameters": a} for i, (n, a) in enumerate(c)]) + "<|END_ACTION|>",
            "To call tools, reply with <|START_ACTION|>, a JSON list of {\"tool_call_id\", \"tool_name\", "
            "\"parameters\"} objects, and <|END_ACTION|>:"), ()),
    (Format("functionary_v32", functionary.render,
            "To call a function, write >>> and the function name on a line, then its JSON arguments on the next:",
            prompt_opener=">>>"),
     functionary.MARKUPS),
    (Format("jamba", lambda c: "<tool_calls>" + _calls_list(c) + "</tool_calls>",
            "To call functions, reply with <tool_calls>[{\"name\": ..., \"arguments\": {...}}]</tool_calls>:"), ()),
]
for _fmt, _markups in _FORMATS:
    register(_fmt, _markups)
