"""Settings: one table of every setting, loaded from layered sources with provenance.

Sources, later wins: built-in defaults < `config.env` in the user config dir < `.env` in the
working directory < the environment < CLI flags. Every setting is listed once in `SETTINGS`
(name, environment variable, default, parser, secret flag, one-line doc); `.env.example` and
`tars config` are generated from that table, so adding a setting is one entry here.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from tars.errors import ConfigError

__all__ = [
    "Setting",
    "SETTINGS",
    "Config",
    "ModelSpec",
    "load_config",
    "env_example",
    "parse_model",
    "PROVIDERS",
    "DEFAULT_CLAUDE_MODEL",
    "EMBEDDED_DEFAULT",
]

PROVIDERS = ("claude", "ollama", "llamacpp", "openai")
# claude-sonnet-4-5-20250929 reaches end-of-life on 2026-11-30 (the SDK warns); 4.6 ids carry no date.
DEFAULT_CLAUDE_MODEL = "claude-sonnet-4-6"
EMBEDDED_DEFAULT = "qwen2.5-coder-0.5b"
_CLAUDE_ID = re.compile(r"^claude-[a-z0-9.-]*\d[a-z0-9.-]*$")
# Moving aliases that have a dated snapshot: a remote must not change under the user's feet.
_CLAUDE_ALIASES = {
    "claude-sonnet-4-5": "claude-sonnet-4-5-20250929",
    "claude-haiku-4-5": "claude-haiku-4-5-20251001",
    "claude-opus-4-5": "claude-opus-4-5-20251101",
    "claude-opus-4-1": "claude-opus-4-1-20250805",
    "claude-opus-4-0": "claude-opus-4-20250514",
    "claude-sonnet-4-0": "claude-sonnet-4-20250514",
}


@dataclass(frozen=True)
class ModelSpec:
    """A `provider:model` value, split on the first colon so Ollama tags keep theirs."""

    provider: str
    model: str

    def __str__(self) -> str:
        return f"{self.provider}:{self.model}"


def parse_model(value: str, *, setting: str = "model") -> ModelSpec:
    """Parse and check `provider:model`; raise ConfigError with a line that says how to fix it."""
    value = value.strip()
    provider, sep, model = value.partition(":")
    provider, model = provider.strip().lower(), model.strip()
    if not sep:
        raise ConfigError(
            f"{setting}: {value!r} is not provider:model (e.g. ollama:qwen3:8b, llamacpp:{EMBEDDED_DEFAULT})"
        )
    if provider not in PROVIDERS:
        raise ConfigError(f"{setting}: unknown provider {provider!r}; use one of {', '.join(PROVIDERS)}")
    if not model:
        raise ConfigError(f"{setting}: {value!r} has no model after {provider}:")
    if provider == "claude":
        _check_claude_id(model, value, setting)
    return ModelSpec(provider, model)


def _check_claude_id(model: str, value: str, setting: str) -> None:
    """A Claude model must be an explicit versioned id, not an alias such as `sonnet` or `*-latest`."""
    if model in _CLAUDE_ALIASES:
        raise ConfigError(f"{setting}: {value!r} is an alias; use the versioned id claude:{_CLAUDE_ALIASES[model]}")
    if not _CLAUDE_ID.match(model) or model.endswith("-latest"):
        raise ConfigError(
            f"{setting}: {value!r} is not a versioned Claude model id; use one such as claude:{DEFAULT_CLAUDE_MODEL}"
        )


def _optional_model(value: str, setting: str) -> ModelSpec | None:
    return None if value.strip().lower() in ("", "none", "off") else parse_model(value, setting=setting)


def _number(kind: type, lo: float, hi: float) -> Callable[[str, str], Any]:
    """A parser for an int or float setting within lo..hi."""
    words = "a whole number" if kind is int else "a number"

    def parse(value: str, setting: str):
        try:
            number = kind(value)
        except ValueError:
            raise ConfigError(f"{setting}: {value!r} is not {words}") from None
        if not lo <= number <= hi:
            raise ConfigError(f"{setting}: {number:g} is outside {lo:g}..{hi:g}")
        return number

    return parse


def _int(lo: int, hi: int) -> Callable[[str, str], int]:
    return _number(int, lo, hi)


def _float(lo: float, hi: float) -> Callable[[str, str], float]:
    return _number(float, lo, hi)


def _choice(*choices: str) -> Callable[[str, str], str]:
    def parse(value: str, setting: str) -> str:
        value = value.strip().lower()
        if value not in choices:
            raise ConfigError(f"{setting}: {value!r} is not one of {', '.join(choices)}")
        return value

    return parse


def _text(value: str, setting: str) -> str:
    return value.strip()


def _tool_format(value: str, setting: str) -> str:
    """A known tool-call format name, or "" (detect)."""
    value = value.strip().lower()
    if not value or value == "auto":
        return ""
    from tars.errors import UsageError
    from tars.toolcalls.formats import format_names, get_format

    try:
        return get_format(value).name
    except UsageError:
        raise ConfigError(f"{setting}: unknown tool-call format {value!r}; use one of {', '.join(format_names())}") \
            from None


def _path(value: str, setting: str) -> Path | None:
    return Path(value).expanduser() if value.strip() else None


def _tool_policies(value: str, setting: str) -> dict[str, str]:
    from tars.tools.policy import parse_policies  # the tool layer owns the policy vocabulary

    return parse_policies(value, setting=setting)


@dataclass(frozen=True)
class Setting:
    name: str
    env: str
    default: str
    doc: str
    parse: Callable[[str, str], Any] = _text
    secret: bool = False
    aliases: tuple[str, ...] = ()


SETTINGS: list[Setting] = [
    # models and routing
    Setting("model_default", "TARS_MODEL_DEFAULT", f"llamacpp:{EMBEDDED_DEFAULT}",
            "primary model, provider:model (claude, ollama, llamacpp, openai)",
            lambda v, s: parse_model(v, setting=s)),
    Setting("model_remote", "TARS_MODEL_REMOTE", "",
            "model that tool-needing messages escalate to; none disables (default: Claude when ANTHROPIC_API_KEY is set)",
            _optional_model),
    Setting("max_tool_rounds", "TARS_MAX_TOOL_ROUNDS", "10", "most model->tool rounds per message", _int(1, 50)),
    Setting("remote_cooldown", "TARS_REMOTE_COOLDOWN", "60",
            "seconds to skip the remote after it failed", _float(0, 86400)),
    Setting("remote_timeout", "TARS_REMOTE_TIMEOUT", "30",
            "seconds before a silent remote request counts as failed", _float(0.1, 600)),
    Setting("primary_tools", "TARS_PRIMARY_TOOLS", "hinted",
            "tools offered to the primary: hinted (only those the router expects; small contexts stay small) or all",
            _choice("hinted", "all")),
    Setting("tool_mode", "TARS_TOOL_MODE", "auto",
            "how the primary uses tools: native (all schemas, native calls), pipeline (router -> executor -> "
            "summariser, for small models) or auto (pipeline when the context is <= 8192 tokens or calls are not native)",
            _choice("native", "pipeline", "auto")),
    Setting("anthropic_api_key", "ANTHROPIC_API_KEY", "", "Anthropic API key", secret=True),
    Setting("anthropic_base_url", "ANTHROPIC_BASE_URL", "", "Anthropic API base URL (for proxies and tests)"),
    Setting("ollama_host", "OLLAMA_HOST", "http://127.0.0.1:11434", "Ollama server address"),
    Setting("ollama_timeout", "TARS_OLLAMA_TIMEOUT", "120",
            "seconds before a silent Ollama server counts as failed (loading a model included)", _float(0.1, 3600)),
    Setting("threads", "TARS_THREADS", "2", "CPU threads for the embedded model", _int(1, 256)),
    Setting("context_size", "TARS_CONTEXT_SIZE", "4096", "context window of the embedded model, in tokens",
            _int(512, 131072)),
    # tool calls written as text (issue 7)
    Setting("tool_format", "TARS_TOOL_FORMAT", "",
            "tool-call format of the primary's text (hermes, qwen3_coder, mistral, llama3_json, pythonic, harmony, "
            "...); empty: detected from the model name, its chat template, or the output",
            lambda v, s: _tool_format(v, s)),
    Setting("openai_base_url", "TARS_OPENAI_BASE_URL", "http://127.0.0.1:8080/v1",
            "OpenAI-compatible server for openai:<model> (llama-server, vLLM, LM Studio, LocalAI)"),
    Setting("openai_api_key", "TARS_OPENAI_API_KEY", "", "API key for the OpenAI-compatible server, if it wants one",
            secret=True),
    Setting("openai_timeout", "TARS_OPENAI_TIMEOUT", "120",
            "seconds before a silent OpenAI-compatible server counts as failed", _float(0.1, 3600)),
    Setting("rescue_model", "TARS_RESCUE_MODEL", "",
            "provider:model that turns a reply which only describes a tool call into the call (e.g. "
            "ollama:functiongemma); empty: off", _optional_model),
    Setting("rescue_timeout", "TARS_RESCUE_TIMEOUT", "20", "seconds the rescue model may take", _float(0.1, 600)),
    # built-in tools (issue 4)
    Setting("todoist_api_token", "TODOIST_API_TOKEN", "", "Todoist API token (Settings > Integrations > Developer)",
            secret=True),
    Setting("todoist_url", "TARS_TODOIST_URL", "https://api.todoist.com/api/v1", "Todoist API v1 base URL (for tests)"),
    Setting("openmeteo_url", "TARS_OPENMETEO_URL", "https://api.open-meteo.com", "Open-Meteo forecast API base URL"),
    Setting("geocoding_url", "TARS_GEOCODING_URL", "https://geocoding-api.open-meteo.com",
            "Open-Meteo geocoding API base URL"),
    Setting("lat", "TARS_LAT", "", "default latitude for weather",
            lambda v, s: _float(-90, 90)(v, s) if v.strip() else None, aliases=("DEFAULT_LAT",)),
    Setting("lon", "TARS_LON", "", "default longitude for weather",
            lambda v, s: _float(-180, 180)(v, s) if v.strip() else None, aliases=("DEFAULT_LON",)),
    Setting("memory_dir", "TARS_MEMORY_DIR", "", "memory folder (markdown; default: <data dir>/memory)", _path),
    Setting("memory_budget", "TARS_MEMORY_BUDGET", "1500",
            "most characters of memory put into the system prompt each turn", _int(0, 100000)),
    Setting("notes_dir", "TARS_NOTES_DIR", "", "notes vault (Obsidian-style folder of markdown)", _path),
    Setting("daily_folder", "TARS_DAILY_FOLDER", "Daily", "daily notes folder inside the vault"),
    Setting("daily_format", "TARS_DAILY_FORMAT", "%Y-%m-%d", "daily note file name, strftime format"),
    Setting("web_allow_hosts", "TARS_WEB_ALLOW_HOSTS", "",
            "comma-separated hosts web_read may fetch even if they are internal addresses"),
    Setting("web_max_chars", "TARS_WEB_MAX_CHARS", "12000", "most characters of page text web_read returns",
            _int(200, 1000000)),
    Setting("search_url", "TARS_SEARCH_URL", "", "SearXNG-compatible search endpoint for web_search"),
    Setting("tool_policy", "TARS_TOOL_POLICY", "",
            "per-tool confirmation overrides, e.g. note_write=ask,todoist_add_task=auto (auto, ask, deny)",
            _tool_policies),
    # MCP servers (issue 5)
    Setting("mcp_servers", "TARS_MCP_SERVERS", "",
            'MCP servers as JSON, {"mcpServers": {...}} or the bare mapping; wins over .mcp.json and '
            "mcp_servers.json in the config dir"),
    Setting("mcp_timeout", "TARS_MCP_TIMEOUT", "30", "seconds an MCP server may take to start or answer a call",
            _float(0.1, 3600)),
    # the terminal (issue 3)
    Setting("edit_mode", "TARS_EDIT_MODE", "emacs", "key bindings of the tars chat prompt: emacs or vi",
            _choice("emacs", "vi")),
]


@dataclass
class Config:
    """Effective settings: `values[name]` parsed, `sources[name]` where each came from."""

    values: dict[str, Any] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    raw: dict[str, str] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["values"][name]
        except KeyError:
            raise AttributeError(name) from None

    def replace(self, **values: Any) -> Config:
        """A copy with some parsed values overridden (used by tests and the library API)."""
        return Config({**self.values, **values}, {**self.sources, **{k: "override" for k in values}}, dict(self.raw))

    def rows(self) -> list[tuple[str, str, str]]:
        """(env name, display value, source) for every setting; secrets are masked."""
        out = []
        for s in SETTINGS:
            shown = self.raw.get(s.name, "")
            if s.secret and shown:
                shown = mask(shown)
            out.append((s.env, shown, self.sources.get(s.name, "default")))
        return out


def env_example() -> str:
    """The text of `.env.example`: every setting, commented, with its default."""
    lines = ["# tars settings. Copy to .env (or ~/.config/tars/config.env) and uncomment what you change.",
             "# Later sources win: defaults < config.env < .env < environment < flags.", ""]
    for s in SETTINGS:
        names = " / ".join((s.env, *s.aliases))
        lines.append(f"# {s.doc}" + (" (secret)" if s.secret else "") + (f" [also: {names}]" if s.aliases else ""))
        lines.append(f"# {s.env}={s.default}")
        lines.append("")
    return "\n".join(lines)


def mask(secret: str) -> str:
    """Show only that a secret is set and its last 4 characters."""
    return "****" + secret[-4:] if len(secret) > 8 else "****"


def config_dir() -> Path:
    from platformdirs import user_config_dir

    return Path(os.environ.get("TARS_CONFIG_DIR") or user_config_dir("tars"))


def data_dir() -> Path:
    from platformdirs import user_data_dir

    return Path(os.environ.get("TARS_DATA_DIR") or user_data_dir("tars"))


def cache_dir() -> Path:
    from platformdirs import user_cache_dir

    return Path(os.environ.get("TARS_CACHE_DIR") or user_cache_dir("tars"))


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
    layers: list[tuple[str, Mapping[str, str]]] = [
        (str(user_file), _read_env_file(user_file)),
        (".env", _read_env_file(cwd / ".env")),
        ("environment", environ),
        ("flag", flags or {}),
    ]
    config = Config()
    for s in SETTINGS:
        raw, source = s.default, "default"
        for label, layer in layers:
            for key in (s.env, *s.aliases, s.name):
                if key in layer and (label == "flag" or key != s.name):
                    raw, source = layer[key], label
                    break
        config.raw[s.name] = raw
        config.sources[s.name] = source
        config.values[s.name] = s.parse(raw, s.env)
    if config.sources["model_remote"] == "default" and config.values.get("anthropic_api_key"):
        config.values["model_remote"] = ModelSpec("claude", DEFAULT_CLAUDE_MODEL)
        config.raw["model_remote"] = f"claude:{DEFAULT_CLAUDE_MODEL}"
        config.sources["model_remote"] = "default (ANTHROPIC_API_KEY is set)"
    return config
