"""Roles: `roles/NAME.md` in the config dir, a small front matter and a system prompt as the body.

    ---
    description: reviews diffs
    model: claude:claude-sonnet-4-6      (or an alias)
    tools: web, note_read                (tool names, families, MCP servers; or none; or all)
    temperature: 0.2
    ---
    You review code. Point out bugs first, style last.

The front matter is optional and strict: `key: value` lines between `---` fences (blank lines,
`#` comment lines and trailing ` # comments` allowed); anything else is an error naming the file
and line. A role is the user's own file (the config dir), so it is trusted like a flag.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from tars.errors import ConfigError, UsageError
from tars.paths import config_dir

__all__ = ["ROLES_DIR", "Role", "load_role", "parse_role", "role_files", "roles_dir"]

ROLES_DIR = "roles"
_KEYS = ("description", "model", "tools", "temperature")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
_FENCE = "---"


@dataclass(frozen=True)
class Role:
    """One parsed role file. `model` and `temperature` stay text: the settings parse them (aliases
    included) and name `where(key)` in their errors. `tools` is None when the role leaves them be."""

    name: str
    path: Path
    prompt: str
    description: str = ""
    model: str = ""
    temperature: str = ""
    tools: tuple[str, ...] | None = None
    lines: Mapping[str, int] = field(default_factory=dict)

    def where(self, key: str) -> str:
        """`file:line: key`, how an error about one front-matter value names it."""
        return f"{self.path}:{self.lines.get(key, 1)}: {key}"

    # the settings a front matter may set: Config field name -> front-matter key
    keys: ClassVar[dict[str, str]] = {"model_default": "model", "temperature": "temperature"}

    def settings(self) -> dict[str, str]:
        """The settings the front matter sets, by Config field name (flags still win over them)."""
        values = {name: getattr(self, key) for name, key in self.keys.items()}
        return {k: v for k, v in values.items() if v}

    def summary(self) -> str:
        """The description, else the body's first non-empty line."""
        if self.description:
            return self.description
        return next((line.strip() for line in self.prompt.splitlines() if line.strip()), "")


def roles_dir() -> Path:
    return config_dir() / ROLES_DIR


def role_files(folder: Path | None = None) -> list[Path]:
    """Every role file, sorted by name."""
    folder = roles_dir() if folder is None else folder
    try:
        return sorted(p for p in folder.glob("*.md") if p.is_file())
    except OSError:
        return []


def load_role(name: str, folder: Path | None = None) -> Role:
    """The role called `name`; an unknown name is a UsageError listing the known ones."""
    folder = roles_dir() if folder is None else folder
    path = folder / f"{name}.md"
    if not _NAME.match(name) or not path.is_file():
        known = ", ".join(p.stem for p in role_files(folder)) or f"none yet: add {folder}/NAME.md"
        raise UsageError(f"--role: no role named {name!r} (known: {known})")
    return parse_role(path)


def parse_role(path: Path) -> Role:
    """Parse one role file; a broken one is a ConfigError `file:line: what is wrong`."""
    if not _NAME.match(path.stem):
        raise ConfigError(f"{path}:1: a role is named by its file: letters, digits, _ . - (no spaces), "
                          "starting with a letter or digit")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read ({exc})") from exc
    lines = text.splitlines()
    values: dict[str, str] = {}
    numbers: dict[str, int] = {}
    body_start = 0
    if lines and lines[0].strip() == _FENCE:
        for number, line in enumerate(lines[1:], 2):
            stripped = line.strip()
            if stripped == _FENCE:
                body_start = number
                break
            if not stripped or stripped.startswith("#"):
                continue
            key, sep, value = stripped.partition(":")
            key = key.strip().lower()
            if not sep or key not in _KEYS:
                raise ConfigError(f"{path}:{number}: expected 'key: value' with a key of {', '.join(_KEYS)}, "
                                  f"got {stripped[:60]!r}")
            if key in values:
                raise ConfigError(f"{path}:{number}: {key} is given twice")
            values[key], numbers[key] = _value(value.strip()), number
        else:
            raise ConfigError(f"{path}:1: the front matter opened with --- is never closed with ---")
    prompt = "\n".join(lines[body_start:]).strip()
    role = Role(name=path.stem, path=path, prompt=prompt, description=values.get("description", ""),
                model=values.get("model", ""), temperature=values.get("temperature", ""),
                tools=_tools(values["tools"], f"{path}:{numbers['tools']}") if "tools" in values else None,
                lines=numbers)
    if not prompt and not role.settings() and role.tools is None:
        raise ConfigError(f"{path}:1: the role is empty: write its system prompt after the front matter")
    return role


def _tools(value: str, where: str) -> tuple[str, ...] | None:
    """`a, b`, `[a, b]`, `none` (no tools) or `all` (no restriction)."""
    value = value.strip()
    if value.startswith("[") and value.endswith("]"):
        value = value[1:-1]
    names = tuple(_unquote(n.strip()) for n in value.split(",") if n.strip())
    if not names:
        raise ConfigError(f"{where}: tools is empty: name tools or families, or write none or all")
    lowered = {n.lower() for n in names}
    if lowered & {"none", "all"} and len(names) > 1:
        raise ConfigError(f"{where}: tools: none and all stand alone")
    if lowered == {"all"}:
        return None
    return () if lowered == {"none"} else names


def _value(value: str) -> str:
    """A value without its trailing ` # comment`; a quoted value is taken whole ("issue #12")."""
    if value[:1] in ("'", '"') and value[0] in value[1:]:
        return value[1:value.index(value[0], 1)]
    return re.split(r"\s#", value, maxsplit=1)[0].strip()


def _unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value
