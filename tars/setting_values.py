"""How a setting's text becomes its value: the parsers the settings table names, and the policy vocabulary.

Each parser takes the text and the setting's environment name, and raises ConfigError naming
that setting when the text is not a valid value.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar, get_args

from tars.errors import ConfigError
from tars.modelspec import ModelSpec, parse_model
from tars.paths import folder
from tars.toolcalls.names import canonical_format, format_names

# How a tool call is confirmed: run it, ask first, or refuse it.
Policy = Literal["auto", "ask", "deny"]
POLICIES: tuple[Policy, ...] = get_args(Policy)
PrimaryTools = Literal["hinted", "all"]
ToolMode = Literal["native", "pipeline", "auto"]
EditMode = Literal["emacs", "vi"]

T = TypeVar("T")
N = TypeVar("N", int, float)
Parser = Callable[[str, str], T]  # (text, setting's env name) -> parsed value, or ConfigError


def optional_model(value: str, setting: str) -> ModelSpec | None:
    return None if value.strip().lower() in ("", "none", "off") else parse_model(value, setting=setting)


def model(value: str, setting: str) -> ModelSpec:
    return parse_model(value, setting=setting)


def number(kind: Callable[[str], N], words: str, lo: N, hi: N) -> Parser[N]:
    """A parser for an int or float setting within lo..hi."""

    def parse(value: str, setting: str) -> N:
        try:
            number = kind(value)
        except ValueError:
            raise ConfigError(f"{setting}: {value!r} is not {words}") from None
        if not lo <= number <= hi:
            raise ConfigError(f"{setting}: {number:g} is outside {lo:g}..{hi:g}")
        return number

    return parse


def int_in(lo: int, hi: int) -> Parser[int]:
    return number(int, "a whole number", lo, hi)


def float_in(lo: float, hi: float) -> Parser[float]:
    return number(float, "a number", lo, hi)


def optional_int(lo: int, hi: int) -> Parser[int | None]:
    """A whole number within lo..hi, or None when empty."""
    number = int_in(lo, hi)
    return lambda value, setting: number(value, setting) if value.strip() else None


MOST_TOKENS = 2_000_000  # the largest context window a setting may claim


def context_sizes(value: str, setting: str) -> dict[str, int]:
    """`provider:model=tokens` pairs separated by commas, keyed by the model's `provider:model`."""
    out: dict[str, int] = {}
    tokens = int_in(512, MOST_TOKENS)
    for item in value.replace(";", ",").split(","):
        if not item.strip():
            continue
        spec, sep, size = item.rpartition("=")
        if not sep or not spec.strip():
            raise ConfigError(f"{setting}: {item.strip()!r} is not provider:model=tokens (e.g. ollama:qwen3:8b=16384)")
        out[str(parse_model(spec, setting=setting))] = tokens(size.strip(), setting)
    return out


def optional_float(lo: float, hi: float) -> Parser[float | None]:
    """A number within lo..hi, or None when empty."""
    number = float_in(lo, hi)
    return lambda value, setting: number(value, setting) if value.strip() else None


def choice(kind: Any) -> Parser[Any]:
    """A parser for one of the values of the Literal type `kind` (the choices are written once, there)."""
    choices: tuple[str, ...] = get_args(kind)

    def parse(value: str, setting: str) -> str:
        value = value.strip().lower()
        if value not in choices:
            raise ConfigError(f"{setting}: {value!r} is not one of {', '.join(choices)}")
        return value

    return parse


def text(value: str, setting: str) -> str:
    return value.strip()


def tool_format(value: str, setting: str) -> str:
    """A known tool-call format name (an alias gives its format), or "" (detect)."""
    value = value.strip().lower()
    if not value or value == "auto":
        return ""
    name = canonical_format(value)
    if name is None:
        raise ConfigError(f"{setting}: unknown tool-call format {value!r}; use one of {', '.join(format_names())}")
    return name


def path(value: str, setting: str) -> Path | None:
    return folder(value) if value.strip() else None


def inside_vault(value: str, vault: Path | None, setting: str) -> str:
    """The daily notes folder as the vault-relative path it must be: one written from the home
    folder (`~/…`) or the root is made relative to the vault, and is an error outside it."""
    if vault is None or not value.strip().startswith(("~", "/")):
        return value
    try:
        inside = folder(value).relative_to(vault)
    except ValueError:
        raise ConfigError(f"{setting}: {value.strip()} is not inside the notes vault {vault}; give a folder "
                          "inside it, e.g. Daily") from None
    return "" if str(inside) == "." else str(inside)


def parse_policies(text: str, *, setting: str = "TARS_TOOL_POLICY") -> dict[str, Policy]:
    """`name=policy` pairs separated by commas or whitespace; a bad pair is a ConfigError."""
    out: dict[str, Policy] = {}
    for item in text.replace(";", ",").replace("\n", ",").split(","):
        item = item.strip()
        if not item:
            continue
        name, sep, value = item.partition("=")
        name, value = name.strip(), value.strip().lower()
        if not sep or not name:
            raise ConfigError(f"{setting}: {item!r} is not tool=policy (e.g. note_write=ask)")
        if value not in POLICIES:
            import difflib

            close = difflib.get_close_matches(value, POLICIES, n=1, cutoff=0.5)
            hint = f"; did you mean {name}={close[0]}?" if close else ""
            raise ConfigError(f"{setting}: {item!r}: policy must be one of {', '.join(POLICIES)}{hint}")
        out[name] = value
    return out


def tool_policies(value: str, setting: str) -> dict[str, Policy]:
    return parse_policies(value, setting=setting)
