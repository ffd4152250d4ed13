"""Settings: one table of every setting, loaded from layered sources with provenance.

Sources, later wins: built-in defaults < `config.env` in the user config dir < `.env` in the
working directory < the environment < CLI flags. A working folder's `.env` is not the user's:
its `guarded` settings (those that start processes, choose endpoints or hosts, relax a guard,
or point at secrets or folders) count only once the user trusted that file (`tars.trust`).

Every setting is listed once in `SETTINGS` (`tars.settings_table`) and declared once as a typed
field of `Config` here (a test holds the two in step); `.env.example` and `tars config` are
generated from that table.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tars.aliases import ALIASES_FILE, expand, expand_setting, load_aliases
from tars.envfile import env_file_bytes, env_values, read_env_file
from tars.modelspec import DEFAULT_CLAUDE_MODEL, EMBEDDED_DEFAULT, PROVIDERS, ModelSpec, parse_model
from tars.paths import FOLDERS, cache_dir, config_dir, data_dir, folder
from tars.setting_values import (
    POLICIES,
    EditMode,
    Policy,
    PrimaryTools,
    ToolMode,
    inside_vault,
    parse_policies,
)
from tars.settings_table import SETTINGS, Setting

if TYPE_CHECKING:
    from tars.roles import Role

__all__ = [
    "DEFAULT_CLAUDE_MODEL",
    "EMBEDDED_DEFAULT",
    "POLICIES",
    "PROVIDERS",
    "SETTINGS",
    "read_env_file",
    "env_values",
    "Config",
    "EditMode",
    "ModelSpec",
    "Policy",
    "PrimaryTools",
    "Setting",
    "ToolMode",
    "cache_dir",
    "config_dir",
    "data_dir",
    "env_example",
    "load_config",
    "parse_model",
    "parse_policies",
]


@dataclass(frozen=True, kw_only=True)
class Config:
    """Effective settings, one field per entry of `SETTINGS` (same name, parsed type), plus
    `sources[name]` (where each value came from) and `raw[name]` (its text, for display)."""

    model_default: ModelSpec
    model_remote: ModelSpec | None
    aliases: dict[str, ModelSpec]  # name -> model, from the aliases file and TARS_ALIASES
    max_tool_rounds: int
    remote_cooldown: float
    remote_timeout: float
    stream_idle_timeout: float
    primary_tools: PrimaryTools
    tool_mode: ToolMode
    temperature: float | None  # None: each model's own default
    anthropic_api_key: str
    anthropic_base_url: str
    cost_warn: float | None  # dollars; None: no warning
    ollama_host: str
    ollama_timeout: float
    threads: int
    context_size: int | None  # None: each provider's own default
    context_sizes: dict[str, int]  # "provider:model" -> tokens
    compact_at: float
    tool_format: str  # a canonical format name, or "" to detect
    openai_base_url: str
    openai_api_key: str
    openai_timeout: float
    rescue_model: ModelSpec | None
    rescue_timeout: float
    todoist_api_token: str
    todoist_url: str
    openmeteo_url: str
    geocoding_url: str
    place: str
    lat: float | None
    lon: float | None
    memory_dir: Path | None
    memory_budget: int
    instructions_max_chars: int
    notes_dir: Path | None
    daily_folder: str
    daily_format: str
    web_allow_hosts: str
    web_max_chars: int
    search_url: str
    tool_policy: dict[str, Policy]
    shell_timeout: float
    attach_max_bytes: int
    mcp_servers: str  # JSON text; tars.mcp.config parses it
    mcp_timeout: float
    mcp_max_timeout: float
    mcp_sampling_limit: int
    edit_mode: EditMode
    sources: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    raw: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    # guarded settings an untrusted working-folder .env tried to set (env names), and that file
    ignored: tuple[str, ...] = field(default=(), compare=False, repr=False)
    ignored_file: str = field(default="", compare=False, repr=False)
    # TARS_ names set in config.env or the environment that no setting has (a typo is otherwise silent)
    unknown: tuple[str, ...] = field(default=(), compare=False, repr=False)
    # lines of the working folder's .env that are no NAME=value ("path:line"), left out
    unread: tuple[str, ...] = field(default=(), compare=False, repr=False)
    # one line for each file that sets a folder variable where it cannot take effect
    unused: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def unread_notice(self) -> str | None:
        """The one line that names the lines of a working folder's .env tars could not read."""
        if not self.unread:
            return None
        more = f" (and {len(self.unread) - 1} more)" if len(self.unread) > 1 else ""
        return f"{self.unread[0]}{more}: cannot read this line (no NAME=value), so it was left out"

    def unknown_notice(self) -> str | None:
        """The one line that names TARS_ variables tars does not read, with the setting each may mean."""
        if not self.unknown:
            return None
        import difflib

        # "TARS_" is in most names, which makes no two alike: names are compared without it, and a
        # setting without it (TODOIST_API_TOKEN) is suggested as it is
        names = [s.env for s in SETTINGS] + sorted(_KNOWN_NAMES - {s.env for s in SETTINGS})
        bare = {n.removeprefix("TARS_"): n for n in names}
        said = []
        for name in self.unknown:
            key = name.upper().removeprefix("TARS_")
            like = [n for b, n in bare.items() if b == key or b.startswith(key + "_")][:1] \
                or [bare[b] for b in difflib.get_close_matches(key, list(bare), n=1, cutoff=0.75)]
            said.append(f"{name} (did you mean {like[0]}?)" if like else name)
        return f"{', '.join(said)}: not {'a setting' if len(said) == 1 else 'settings'} of tars, so not used; " \
            "`tars config` lists them"

    def ignored_notice(self) -> str | None:
        """The one line that says which settings of an untrusted .env were ignored, and why."""
        if not self.ignored:
            return None
        return (f"ignored {', '.join(self.ignored)} from {self.ignored_file}: a working folder's .env may start "
                "processes, choose endpoints or relax guards only after you review it and run `tars trust` there")

    def model(self, value: str, *, setting: str = "model") -> ModelSpec:
        """The model `value` names: an alias's model, else `value` parsed as provider:model."""
        return parse_model(expand(value, self.aliases), setting=setting)

    def replace(self, **values: Any) -> Config:
        """A copy with some parsed values overridden, marked `override` (tests and the library API)."""
        unknown = sorted(set(values) - _NAMES)
        if unknown:
            raise TypeError(f"Config.replace: no setting named {', '.join(unknown)}")
        return dataclasses.replace(
            self, **values,
            sources={**self.sources, **dict.fromkeys(values, "override")},
            raw={**self.raw, **{k: _shown(v) for k, v in values.items()}},
        )

    def rows(self) -> list[tuple[str, str, str]]:
        """(env name, display value, source) for every setting; secrets are masked."""
        from tars.masking import mask_setting

        out = []
        for s in SETTINGS:
            shown = mask_setting(s.env, self.raw.get(s.name, ""), secret=s.secret)
            source = self.sources.get(s.name, "default")
            if s.env in self.ignored:
                source += f"; ignored from {self.ignored_file} (not trusted: run `tars trust`)"
            out.append((s.env, shown, source))
        return out

    def origin(self, name: str) -> str:
        """Where the user set one setting, as errors name it: the flag, or the variable and its source."""
        s = _BY_NAME[name]
        source = self.sources.get(name, "default")
        if source == "flag" and s.flag:
            return s.flag
        if source.startswith("role "):  # the role file and line that set it
            return source.removeprefix("role ")
        return s.env if source in ("environment", "default") else f"{s.env} (from {source})"


_BY_NAME = {s.name: s for s in SETTINGS}
_NAMES = frozenset(s.name for s in SETTINGS)


def _shown(value: Any) -> str:
    """The text `tars config` shows for a parsed value."""
    if value is None:
        return ""
    if isinstance(value, dict):
        return ",".join(f"{k}={v}" for k, v in value.items())
    return str(value)


def env_example() -> str:
    """The text of `.env.example`: every setting, commented, with its default."""
    lines = ["# tars settings. Copy to .env (or ~/.config/tars/config.env) and uncomment what you change.",
             "# Later sources win: defaults < config.env < .env < environment < flags.",
             "# In a working folder's .env, settings marked (trust) count only after `tars trust` there.", ""]
    for s in SETTINGS:
        names = " / ".join((s.env, *s.aliases))
        trust = "" if not s.guarded else " (trust)" if s.guarded is True else " (trust, for a .gguf file)"
        lines.append(f"# {s.doc}" + (" (secret)" if s.secret else "") + trust
                     + (f" [also: {names}]" if s.aliases else ""))
        lines.append(f"# {s.env}={s.default}")
        lines.append("")
    return "\n".join(lines)


def load_config(
    flags: Mapping[str, str] | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    role: Role | None = None,
) -> Config:
    """Collect every setting from its sources, parse it, and apply the derived defaults. A role's
    front matter (`--role`) is chosen on the command line: it wins over the environment, and the
    flags win over it."""
    environ = os.environ if environ is None else environ
    cwd = Path.cwd() if cwd is None else cwd
    user_file = config_dir(environ) / "config.env"
    project_file = cwd / ".env"
    unread: list[str] = []
    project, ignored = _project_env(project_file, data_dir(environ), unread)
    layers: list[tuple[str, Mapping[str, str]]] = [
        (str(user_file), read_env_file(user_file)),
        (".env", project),
        ("environment", environ),
        (role_label := f"role {role.name} ({role.path})" if role else "role", role.settings() if role else {}),
        ("flag", flags or {}),
    ]
    raws: dict[str, str] = {}
    sources: dict[str, str] = {}
    for s in SETTINGS:
        raws[s.name], sources[s.name] = s.default, "default"
        for label, layer in layers:
            for key in (s.env, *s.aliases, s.name):
                if not s.blank and label in ("environment", ".env", str(user_file)) and not layer.get(key, "x").strip():
                    continue  # set empty ("export TARS_TOOL_MODE="): as if unset, unless empty means something
                if key in layer and (label in ("flag", role_label) or key != s.name):
                    raws[s.name], sources[s.name] = layer[key], label
                    break
    aliases = load_aliases(user_file.with_name(ALIASES_FILE), raws, sources)
    values: dict[str, Any] = {"aliases": aliases}
    names: dict[str, str] = {}  # each setting as its errors name it
    for s in SETTINGS:
        if s.name in values:
            continue
        raw = raws[s.name]
        text = expand_setting(s.parse, raw, aliases)
        if text != raw:
            raws[s.name] = f"{raw.strip()} ({text})"
        if role is not None and sources[s.name] == role_label:
            sources[s.name] = f"role {role.where(role.keys[s.name])}"
        named = s.flag if sources[s.name] == "flag" and s.flag else s.env
        if sources[s.name].startswith("role "):
            named = sources[s.name].removeprefix("role ")
        values[s.name] = s.parse(text, named)
        names[s.name] = named
    values["daily_folder"] = inside_vault(values["daily_folder"], values["notes_dir"], names["daily_folder"])
    if sources["model_remote"] == "default" and values["anthropic_api_key"]:
        values["model_remote"] = ModelSpec("claude", DEFAULT_CLAUDE_MODEL)
        raws["model_remote"] = f"claude:{DEFAULT_CLAUDE_MODEL}"
        sources["model_remote"] = "default (ANTHROPIC_API_KEY is set)"
    unknown = tuple(sorted({key for _, layer in layers[:3] for key in layer
                            if key.startswith("TARS_") and key not in _KNOWN_NAMES}))
    if unknown:  # a name an MCP server's config expands ("${TARS_GITHUB_TOKEN}") is used, though by no setting
        referenced = set(re.findall(r"\$\{(TARS_\w+)", raws["mcp_servers"] + "".join(
            _text_of(path) for path in (user_file.with_name("mcp_servers.json"), cwd / ".mcp.json"))))
        unknown = tuple(name for name in unknown if name not in referenced)
    return Config(**values, sources=sources, raw=raws, ignored=ignored,
                  ignored_file=str(project_file) if ignored else "", unknown=unknown, unread=tuple(unread),
                  unused=_unused_folders(layers[0][1], project, user_file, project_file))


def _text_of(path: Path) -> str:
    """A small file's text, or "" when it is not there or cannot be read (it only quiets a notice)."""
    try:
        return path.read_text(encoding="utf-8", errors="replace") if path.is_file() else ""
    except OSError:
        return ""


# every TARS_ name tars reads: the settings' and the folders' (read before any setting, `tars.paths`)
_KNOWN_NAMES = frozenset({key for s in SETTINGS for key in (s.env, *s.aliases)} | set(FOLDERS))


def _unused_folders(user: Mapping[str, str], project: Mapping[str, str], user_file: Path,
                    project_file: Path) -> tuple[str, ...]:
    """A line for each file that sets a folder variable where it cannot take effect: TARS_CONFIG_DIR
    in config.env (read from that folder), any of them in a working folder's .env."""
    lines = []
    moved = user.get("TARS_CONFIG_DIR", "").strip()
    if moved and folder(moved) != user_file.parent:
        lines.append(f"TARS_CONFIG_DIR in {user_file} is not used: that file is read from the config folder, "
                     "so only the environment can move it")
    named = [name for name in FOLDERS if project.get(name, "").strip()]
    if named:
        verb, them = ("is", "it") if len(named) == 1 else ("are", "them")
        lines.append(f"{', '.join(named)} in {project_file} {verb} not used: a working folder's .env cannot move "
                     f"tars's folders; set {them} in the environment or in {user_file}")
    return tuple(lines)


def _project_env(path: Path, user_data: Path, unread: list[str]) -> tuple[dict[str, str], tuple[str, ...]]:
    """A working folder's .env, without its guarded settings unless the user trusted this content:
    (the values to use, the env names ignored); the lines it cannot read go to `unread`."""
    content = env_file_bytes(path)
    values = env_values(content, path, unread)
    if not values:
        return values, ()
    by_key = {key: s for s in SETTINGS if s.guarded for key in (s.env, *s.aliases)}
    present = [key for key, value in values.items() if key in by_key and by_key[key].guards(value)]
    if not present:
        return values, ()
    from tars.trust import TRUST_FILE, TrustList

    if TrustList(user_data / TRUST_FILE).is_trusted(path, content):
        return values, ()
    return ({k: v for k, v in values.items() if k not in present},
            tuple(dict.fromkeys(by_key[k].env for k in present)))
