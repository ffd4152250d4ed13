"""The tool-call format names and their aliases, with no imports.

Settings check TARS_TOOL_FORMAT against this table without loading the parsers; the format
registry in `tars.toolcalls.formats` registers exactly these names and aliases (a test holds
the two equal).
"""

from __future__ import annotations

__all__ = ["FORMAT_ALIASES", "canonical_format", "format_names"]

FORMAT_ALIASES: dict[str, tuple[str, ...]] = {
    "hermes": ("qwen", "qwen2.5", "qwen3", "hermes2", "hermes3", "nous"),
    "json": ("auto", "lenient", "fenced_json"),
    "qwen3_coder": ("qwen3coder", "qwen3_xml"),
    "mistral": ("mistral_v3", "mistral_list"),
    "mistral_v11": ("mistral_name_json",),
    "mistral_args": ("mistral_v13", "ministral", "magistral", "devstral"),
    "llama3_json": ("llama3", "llama3.1", "llama3.2", "llama3.3", "llama", "llama3_python_tag"),
    "llama31_function": ("llama_function",),
    "pythonic": ("llama4", "llama3_pythonic", "python_list"),
    "gemma": ("gemma2", "gemma3"),
    "functiongemma": ("function_gemma",),
    "deepseek_v3": ("deepseek", "deepseek_r1", "deepseek_v3_0324"),
    "deepseek_v31": ("deepseek_v3.1", "deepseek_v32", "deepseek_v3.2"),
    "harmony": ("gpt_oss", "gpt_oss_harmony", "openai_harmony"),
    "granite": ("granite3", "granite4"),
    "nemotron": (),
    "glm": ("glm4", "glm45", "glm4_moe"),
    "kimi_k2": ("kimi",),
    "phi4_mini": ("phi4", "firefunction", "functools"),
    "command_r7b": ("command_r", "cohere"),
    "jamba": (),
    "functionary_v32": ("functionary", "functionary_v3.2", "meetkai"),
}

_CANONICAL: dict[str, str] = {
    **{alias: name for name, aliases in FORMAT_ALIASES.items() for alias in aliases},
    **{name: name for name in FORMAT_ALIASES},
}


def format_names() -> list[str]:
    """Every format's own name, sorted (aliases left out)."""
    return sorted(FORMAT_ALIASES)


def canonical_format(name: str) -> str | None:
    """The format a name or alias means (case and `-`/`_` ignored), or None when unknown."""
    return _CANONICAL.get(name.strip().lower().replace("-", "_"))
