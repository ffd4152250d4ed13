"""Which tool-call format a model writes, and why: the TARS_TOOL_FORMAT setting > a table of
model names (Ollama tags, GGUF file names) > the model's chat template > sniffing the output."""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tars.toolcalls.formats import Format

__all__ = ["detect_format", "resolve_format", "format_from_model", "format_from_template", "MODEL_TABLE"]

# (pattern on the model name, format); the first match wins, so specific names come first.
MODEL_TABLE: tuple[tuple[str, str], ...] = (
    (r"gpt-?oss", "harmony"),
    (r"functionary.*v3\.1", "llama31_function"),
    (r"functionary", "functionary_v32"),
    (r"functiongemma|function-gemma", "functiongemma"),
    (r"qwen3-?coder|qwen3\.5-coder", "qwen3_coder"),
    (r"deepseek-?v3[.-]?[12]|deepseek-?v3\.\d-terminus", "deepseek_v31"),
    (r"deepseek-?(r1|v3|chat)", "deepseek_v3"),
    (r"ministral-?3|magistral|devstral|mistral-small-?3\.2|mistral.*2506|mistral-medium-?3", "mistral_args"),
    (r"mistral-small-?3\.1|mistral.*25(01|03)|mistral-large.*2411|pixtral-large", "mistral_v11"),
    (r"mistral|mixtral|codestral", "mistral"),
    (r"llama-?4", "pythonic"),
    (r"llama-?3(\.[0-9])?|llama3", "llama3_json"),
    (r"granite", "granite"),
    (r"lfm2", "pythonic"),
    (r"seed-?oss", "qwen3_coder"),
    (r"minimax-?m2", "qwen3_coder"),
    (r"nemotron", "nemotron"),
    (r"gemma", "gemma"),
    (r"qwen|qwq|hermes|nous|smollm3|athene", "hermes"),
)


def format_from_model(model: str) -> tuple[str, str] | None:
    name = model.lower().rsplit("/", 1)[-1]
    for pattern, fmt in MODEL_TABLE:
        if re.search(pattern, name):
            return fmt, f"model name {model!r} is in the model table as {fmt}"
    return None


# (marker(s) that must all appear in the chat template, format); first match wins.
_TEMPLATE_MARKERS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("<|channel|>",), "harmony"),
    (("<start_function_call>",), "functiongemma"),
    (("<function=", "<parameter="), "qwen3_coder"),
    (("<tool_call>",), "hermes"),
    (("[TOOL_CALLS]", "[ARGS]"), "mistral_args"),
    (("[TOOL_CALLS]",), "mistral"),
    (("tool▁calls▁begin", "function<｜tool▁sep｜>"), "deepseek_v3"),
    (("tool▁calls▁begin",), "deepseek_v31"),
    (("<|tool_call|>",), "granite"),
    (("<TOOLCALL>",), "nemotron"),
    (("<function_call>",), "gemma"),
    (("<|python_tag|>",), "llama3_json"),
    (("<|start_header_id|>", '"parameters"'), "llama3_json"),
    ((">>>all",), "functionary_v32"),
    (("[func_name1(",), "pythonic"),
    (("tool_code",), "pythonic"),
)


def format_from_template(template: str) -> tuple[str, str] | None:
    for markers, fmt in _TEMPLATE_MARKERS:
        if all(m in template for m in markers):
            return fmt, f"chat template contains {' and '.join(markers)}"
    return None


def detect_format(model: str | None = None, template: str | None = None,
                  setting: str | None = None) -> tuple[str, str]:
    """(format, why). "auto" means: every format's markup is recognised in the output."""
    if setting and setting.lower() != "auto":
        from tars.toolcalls.formats import get_format

        return get_format(setting).name, "TARS_TOOL_FORMAT setting"
    if model and (found := format_from_model(model)):
        return found
    if template and (found := format_from_template(template)):
        return found
    return "auto", "no setting, no known model name or template markers: sniffing the output"


def resolve_format(name: str | None, model: str | None = None) -> Format:
    """The named format, else the one detected from the model name, else `auto`; with the
    markups of every family attached (markups never clash, and models drift between forms)."""
    from tars.toolcalls.formats import every_markup, get_format

    if not name and model:
        name = detect_format(model=model)[0]
    fmt = get_format(name or "auto")
    label = "auto" if (name or "auto").lower() == "auto" else fmt.name
    return dataclasses.replace(fmt, name=label, markups=every_markup())
