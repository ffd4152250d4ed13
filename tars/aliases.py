"""Model aliases: short names for `provider:model` values (`fast=ollama:qwen3:4b`), usable wherever a
model is named (`-m fast`, TARS_MODEL_DEFAULT, TARS_MODEL_REMOTE, TARS_RESCUE_MODEL, TARS_CONTEXT_SIZES).

They come from `aliases.txt` in the config dir (one `name=provider:model` a line, `#` comments)
and from TARS_ALIASES (comma-separated), which wins per name. An alias decides which model and
provider receive what the user types, so a working folder's `.env` may set TARS_ALIASES only once
it is trusted (the setting is guarded in `tars.config`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tars.errors import ConfigError
from tars.modelspec import ModelSpec, parse_model
from tars.setting_values import context_sizes, model, optional_model

__all__ = ["ALIASES_FILE", "expand", "expand_setting", "expand_sizes", "load_aliases", "model_aliases",
           "read_aliases_file"]

ALIASES_FILE = "aliases.txt"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")  # no colon: an alias never looks like provider:model
_RESERVED = frozenset({"none", "off", "auto"})  # words the model settings already give a meaning


def _pair(item: str, where: str) -> tuple[str, ModelSpec]:
    name, sep, spec = item.partition("=")
    name = name.strip()
    if not sep or not name:
        raise ConfigError(f"{where}: {item.strip()!r} is not name=provider:model (e.g. fast=ollama:qwen3:4b)")
    if not _NAME.match(name) or name.lower() in _RESERVED:
        raise ConfigError(f"{where}: {name!r} cannot be an alias name (letters, digits, _ . -; no colon; "
                          f"not {', '.join(sorted(_RESERVED))})")
    return name, parse_model(spec, setting=f"{where}: alias {name}")


def model_aliases(value: str, setting: str) -> dict[str, ModelSpec]:
    """`name=provider:model` pairs separated by commas; a bad pair is a ConfigError naming the setting."""
    return dict(_pair(item, setting) for item in value.replace(";", ",").split(",") if item.strip())


def read_aliases_file(path: Path) -> dict[str, ModelSpec]:
    """The aliases in `path` (none when it does not exist); a bad line is a ConfigError naming its line."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read ({exc})") from exc
    out: dict[str, ModelSpec] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if line:
            name, spec = _pair(line, f"{path}:{number}")
            out[name] = spec
    return out


def expand(value: str, aliases: dict[str, ModelSpec]) -> str:
    """The model text an alias stands for, or `value` itself when it names no alias."""
    spec = aliases.get(value.strip())
    return str(spec) if spec is not None else value


def expand_sizes(value: str, aliases: dict[str, ModelSpec]) -> str:
    """TARS_CONTEXT_SIZES text with each alias key (`fast=16384`) replaced by its model."""
    items = []
    for item in value.replace(";", ",").split(","):
        key, sep, size = item.rpartition("=")
        items.append(f"{expand(key, aliases)}={size}" if sep else item)
    return ",".join(items)


def expand_setting(parse: Any, raw: str, aliases: dict[str, ModelSpec]) -> str:
    """A setting's text with the aliases it names replaced, for the settings that take models."""
    if not aliases:
        return raw
    if parse is context_sizes:
        return expand_sizes(raw, aliases)
    return expand(raw, aliases) if parse in (model, optional_model) else raw


def load_aliases(path: Path, raws: dict[str, str], sources: dict[str, str]) -> dict[str, ModelSpec]:
    """The aliases file's aliases with TARS_ALIASES's over them; the shown value and source of the
    `aliases` setting are updated to cover both."""
    from_file = read_aliases_file(path)
    aliases = {**from_file, **model_aliases(raws["aliases"], "TARS_ALIASES")}
    if from_file:
        raws["aliases"] = ",".join(f"{name}={spec}" for name, spec in aliases.items())
        sources["aliases"] = str(path) if sources["aliases"] == "default" else f"{path} + {sources['aliases']}"
    return aliases
