"""Settings: one table of every setting, loaded from layered sources with provenance.

Sources, later wins: built-in defaults < `config.env` in the user config dir < `.env` in the
working directory < the environment < CLI flags. A working folder's `.env` is not the user's:
its `guarded` settings (those that start processes, choose endpoints or hosts, relax a guard,
or point at secrets or folders) count only once the user trusted that file (`tars.trust`).

Every setting is listed once in `SETTINGS`
(name, environment variable, default, parser, secret flag, one-line doc) and declared once as
a typed field of `Config` (a test holds the two in step); `.env.example` and `tars config` are
generated from that table.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tars.aliases import ALIASES_FILE, expand, expand_setting, load_aliases, model_aliases
from tars.errors import ConfigError
from tars.modelspec import DEFAULT_CLAUDE_MODEL, EMBEDDED_DEFAULT, PROVIDERS, ModelSpec, parse_model
from tars.paths import cache_dir, config_dir, data_dir
from tars.setting_values import (
    MOST_TOKENS,
    POLICIES,
    EditMode,
    Parser,
    Policy,
    PrimaryTools,
    ToolMode,
    choice,
    context_sizes,
    float_in,
    int_in,
    model,
    optional_float,
    optional_int,
    optional_model,
    parse_policies,
    path,
    text,
    tool_format,
    tool_policies,
)

__all__ = [
    "DEFAULT_CLAUDE_MODEL",
    "EMBEDDED_DEFAULT",
    "POLICIES",
    "PROVIDERS",
    "SETTINGS",
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


@dataclass(frozen=True)
class Setting:
    """One setting: its `Config` field, environment variable, default text, doc line and parser."""

    name: str
    env: str
    default: str
    doc: str
    parse: Parser[Any] = text
    secret: bool = False
    aliases: tuple[str, ...] = ()
    flag: str = ""  # the command-line option that sets it, named in errors when it did
    # taken from a working folder's .env only once that file is trusted: always, or for the values
    # the function picks
    guarded: bool | Callable[[str], bool] = False

    def guards(self, value: str) -> bool:
        """Whether this value, from an untrusted working-folder .env, is ignored."""
        return self.guarded(value) if callable(self.guarded) else self.guarded


def _model_file(value: str) -> bool:
    """A model spec naming a file to load (`llamacpp:./model.gguf`): a folder must not choose it."""
    value = value.strip().lower()
    return value.startswith("llamacpp:") and value.endswith(".gguf")


SETTINGS: list[Setting] = [
    # models and routing
    Setting("model_default", "TARS_MODEL_DEFAULT", f"llamacpp:{EMBEDDED_DEFAULT}",
            "primary model, provider:model (claude, ollama, llamacpp, openai)", model, guarded=_model_file,
            flag="-m/--model"),
    Setting("model_remote", "TARS_MODEL_REMOTE", "",
            "model that tool-needing messages escalate to; none disables "
            "(default: Claude when ANTHROPIC_API_KEY is set)",
            optional_model, guarded=_model_file, flag="--remote"),
    Setting("aliases", "TARS_ALIASES", "", f"model aliases usable wherever a model is named, name=provider:model "
            f"separated by commas (e.g. fast=ollama:qwen3:4b); over {ALIASES_FILE} in the config dir", model_aliases,
            guarded=True),
    Setting("max_tool_rounds", "TARS_MAX_TOOL_ROUNDS", "10", "most model->tool rounds per message", int_in(1, 50)),
    Setting("remote_cooldown", "TARS_REMOTE_COOLDOWN", "60",
            "seconds to skip the remote after it failed", float_in(0, 86400)),
    Setting("remote_timeout", "TARS_REMOTE_TIMEOUT", "30",
            "seconds before a silent remote request counts as failed", float_in(0.1, 600)),
    Setting("stream_idle_timeout", "TARS_STREAM_IDLE_TIMEOUT", "30",
            "seconds a streaming answer (any provider) may go without new content, keep-alive pings included, "
            "before it counts as timed out", float_in(0.1, 3600)),
    Setting("primary_tools", "TARS_PRIMARY_TOOLS", "hinted",
            "tools offered to the primary: hinted (only those the router expects; small contexts stay small) or all",
            choice(PrimaryTools)),
    Setting("tool_mode", "TARS_TOOL_MODE", "auto",
            "how the primary uses tools: native (all schemas, native calls), pipeline (router -> executor -> "
            "summariser, for small models) or auto (pipeline when the window is under 8192 tokens or calls are not "
            "native)",
            choice(ToolMode)),
    Setting("anthropic_api_key", "ANTHROPIC_API_KEY", "", "Anthropic API key", secret=True),
    Setting("anthropic_base_url", "ANTHROPIC_BASE_URL", "", "Anthropic API base URL (for proxies and tests)",
            guarded=True),
    Setting("ollama_host", "OLLAMA_HOST", "http://127.0.0.1:11434", "Ollama server address", guarded=True),
    Setting("ollama_timeout", "TARS_OLLAMA_TIMEOUT", "120",
            "seconds before a silent Ollama server counts as failed (loading a model included)", float_in(0.1, 3600)),
    Setting("threads", "TARS_THREADS", "2", "CPU threads for the embedded model", int_in(1, 256)),
    # the context window
    Setting("context_size", "TARS_CONTEXT_SIZE", "",
            "context window of the local models (embedded, Ollama, OpenAI-compatible), in tokens; empty: the "
            "embedded model 4096, Ollama the model's own length up to 8192, an OpenAI-compatible server what it "
            "reports (else 8192)", optional_int(512, MOST_TOKENS)),
    Setting("context_sizes", "TARS_CONTEXT_SIZES", "",
            "context windows per model, provider:model=tokens separated by commas (e.g. ollama:qwen3:8b=16384, "
            "claude:claude-sonnet-4-6=1000000); wins over TARS_CONTEXT_SIZE", context_sizes),
    Setting("compact_at", "TARS_COMPACT_AT", "0.8",
            "share of the room for the prompt (window minus the answer's reserve) past which older turns are "
            "compacted before sending", float_in(0.3, 0.95)),
    # tool calls written as text
    Setting("tool_format", "TARS_TOOL_FORMAT", "",
            "tool-call format of the primary's text (hermes, qwen3_coder, mistral, llama3_json, pythonic, harmony, "
            "...); empty: detected from the model name, its chat template, or the output",
            tool_format),
    Setting("openai_base_url", "TARS_OPENAI_BASE_URL", "http://127.0.0.1:8080/v1",
            "OpenAI-compatible server for openai:<model> (llama-server, vLLM, LM Studio, LocalAI)", guarded=True),
    Setting("openai_api_key", "TARS_OPENAI_API_KEY", "", "API key for the OpenAI-compatible server, if it wants one",
            secret=True),
    Setting("openai_timeout", "TARS_OPENAI_TIMEOUT", "120",
            "seconds before a silent OpenAI-compatible server counts as failed", float_in(0.1, 3600)),
    Setting("rescue_model", "TARS_RESCUE_MODEL", "",
            "provider:model that turns a reply which only describes a tool call into the call (e.g. "
            "ollama:functiongemma); empty: off", optional_model, guarded=_model_file),
    Setting("rescue_timeout", "TARS_RESCUE_TIMEOUT", "20", "seconds the rescue model may take", float_in(0.1, 600)),
    # built-in tools
    Setting("todoist_api_token", "TODOIST_API_TOKEN", "", "Todoist API token (Settings > Integrations > Developer)",
            secret=True),
    Setting("todoist_url", "TARS_TODOIST_URL", "https://api.todoist.com/api/v1", "Todoist API v1 base URL (for tests)",
            guarded=True),
    Setting("openmeteo_url", "TARS_OPENMETEO_URL", "https://api.open-meteo.com", "Open-Meteo forecast API base URL",
            guarded=True),
    Setting("geocoding_url", "TARS_GEOCODING_URL", "https://geocoding-api.open-meteo.com",
            "Open-Meteo geocoding API base URL", guarded=True),
    Setting("lat", "TARS_LAT", "", "default latitude for weather", optional_float(-90, 90), aliases=("DEFAULT_LAT",)),
    Setting("lon", "TARS_LON", "", "default longitude for weather", optional_float(-180, 180),
            aliases=("DEFAULT_LON",)),
    Setting("memory_dir", "TARS_MEMORY_DIR", "", "memory folder (markdown; default: <data dir>/memory)", path,
            guarded=True),
    Setting("memory_budget", "TARS_MEMORY_BUDGET", "1500",
            "most characters of memory put into the system prompt each turn", int_in(0, 100000)),
    Setting("notes_dir", "TARS_NOTES_DIR", "", "notes vault (Obsidian-style folder of markdown)", path, guarded=True),
    Setting("daily_folder", "TARS_DAILY_FOLDER", "Daily", "daily notes folder inside the vault"),
    Setting("daily_format", "TARS_DAILY_FORMAT", "%Y-%m-%d", "daily note file name, strftime format"),
    Setting("web_allow_hosts", "TARS_WEB_ALLOW_HOSTS", "",
            "comma-separated hosts web_read may fetch even if they are internal addresses", guarded=True),
    Setting("web_max_chars", "TARS_WEB_MAX_CHARS", "12000", "most characters of page text web_read returns",
            int_in(200, 1000000)),
    Setting("search_url", "TARS_SEARCH_URL", "", "SearXNG-compatible search endpoint for web_search", guarded=True),
    Setting("tool_policy", "TARS_TOOL_POLICY", "",
            "per-tool confirmation overrides, e.g. note_write=ask,todoist_add_task=auto (auto, ask, deny)",
            tool_policies, guarded=True),
    Setting("shell_timeout", "TARS_SHELL_TIMEOUT", "60",
            "seconds a shell_run command or a chat !command may run before it is stopped", float_in(1, 3600)),
    # MCP servers
    Setting("mcp_servers", "TARS_MCP_SERVERS", "",
            'MCP servers as JSON, {"mcpServers": {...}} or the bare mapping; wins over .mcp.json and '
            "mcp_servers.json in the config dir", guarded=True),
    Setting("mcp_timeout", "TARS_MCP_TIMEOUT", "30", "seconds an MCP server may take to start or answer a call",
            float_in(0.1, 3600)),
    Setting("mcp_max_timeout", "TARS_MCP_MAX_TIMEOUT", "600",
            "seconds an MCP call may run while its server keeps reporting progress", float_in(0.1, 86400)),
    Setting("mcp_sampling_limit", "TARS_MCP_SAMPLING_LIMIT", "10",
            "sampling requests an MCP server may make per minute (answered by the primary model)", int_in(0, 1000)),
    # the terminal
    Setting("edit_mode", "TARS_EDIT_MODE", "emacs", "key bindings of the tars chat prompt: emacs or vi",
            choice(EditMode)),
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
    anthropic_api_key: str
    anthropic_base_url: str
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
    lat: float | None
    lon: float | None
    memory_dir: Path | None
    memory_budget: int
    notes_dir: Path | None
    daily_folder: str
    daily_format: str
    web_allow_hosts: str
    web_max_chars: int
    search_url: str
    tool_policy: dict[str, Policy]
    shell_timeout: float
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


def _read_env_file(path: Path) -> dict[str, str]:
    if not path.is_file():
        return {}
    from dotenv import dotenv_values

    try:
        return {k: v for k, v in dotenv_values(path).items() if v is not None}
    except Exception as exc:  # a garbled file is a config error, not a crash
        raise ConfigError(f"{path}: cannot read ({exc})") from exc


def load_config(
    flags: Mapping[str, str] | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> Config:
    """Collect every setting from its sources, parse it, and apply the derived defaults."""
    environ = os.environ if environ is None else environ
    cwd = Path.cwd() if cwd is None else cwd
    user_file = Path(environ.get("TARS_CONFIG_DIR") or config_dir()) / "config.env"
    project_file = cwd / ".env"
    project, ignored = _project_env(project_file, Path(environ.get("TARS_DATA_DIR") or data_dir()))
    layers: list[tuple[str, Mapping[str, str]]] = [
        (str(user_file), _read_env_file(user_file)),
        (".env", project),
        ("environment", environ),
        ("flag", flags or {}),
    ]
    raws: dict[str, str] = {}
    sources: dict[str, str] = {}
    for s in SETTINGS:
        raws[s.name], sources[s.name] = s.default, "default"
        for label, layer in layers:
            for key in (s.env, *s.aliases, s.name):
                if key in layer and (label == "flag" or key != s.name):
                    raws[s.name], sources[s.name] = layer[key], label
                    break
    aliases = load_aliases(user_file.with_name(ALIASES_FILE), raws, sources)
    values: dict[str, Any] = {"aliases": aliases}
    for s in SETTINGS:
        if s.name in values:
            continue
        raw = raws[s.name]
        text = expand_setting(s.parse, raw, aliases)
        if text != raw:
            raws[s.name] = f"{raw.strip()} ({text})"
        named = s.flag if sources[s.name] == "flag" and s.flag else s.env
        values[s.name] = s.parse(text, named)
    if sources["model_remote"] == "default" and values["anthropic_api_key"]:
        values["model_remote"] = ModelSpec("claude", DEFAULT_CLAUDE_MODEL)
        raws["model_remote"] = f"claude:{DEFAULT_CLAUDE_MODEL}"
        sources["model_remote"] = "default (ANTHROPIC_API_KEY is set)"
    return Config(**values, sources=sources, raw=raws, ignored=ignored,
                  ignored_file=str(project_file) if ignored else "")


def _project_env(path: Path, user_data: Path) -> tuple[dict[str, str], tuple[str, ...]]:
    """A working folder's .env, without its guarded settings unless the user trusted this content:
    (the values to use, the env names ignored)."""
    values = _read_env_file(path)
    if not values:
        return values, ()
    by_key = {key: s for s in SETTINGS if s.guarded for key in (s.env, *s.aliases)}
    present = [key for key, value in values.items() if key in by_key and by_key[key].guards(value)]
    if not present:
        return values, ()
    from tars.trust import TRUST_FILE, TrustList

    if TrustList(user_data / TRUST_FILE).is_trusted(path):
        return values, ()
    return ({k: v for k, v in values.items() if k not in present},
            tuple(dict.fromkeys(by_key[k].env for k in present)))
