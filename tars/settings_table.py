"""The settings table: every setting tars reads, listed once (name, environment variable, default,
parser, secret and guarded flags, one-line doc). `tars.config` loads it; `.env.example` and
`tars config` are generated from it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tars.aliases import ALIASES_FILE, model_aliases
from tars.modelspec import EMBEDDED_DEFAULT
from tars.setting_values import (
    MOST_TOKENS,
    EditMode,
    Parser,
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
    path,
    text,
    tool_format,
    tool_policies,
)

__all__ = ["SETTINGS", "Setting"]


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
    blank: bool = False  # set empty, it means something ("" daily folder: the vault's top); else empty is unset

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
    Setting("temperature", "TARS_TEMPERATURE", "",
            "sampling temperature of the answers of Ollama, embedded and OpenAI-compatible models, 0 to 2 "
            "(Claude's API takes none); empty: each model's own default", optional_float(0, 2), flag="--temperature"),
    Setting("anthropic_api_key", "ANTHROPIC_API_KEY", "", "Anthropic API key", secret=True),
    Setting("anthropic_base_url", "ANTHROPIC_BASE_URL", "", "Anthropic API base URL (for proxies and tests)",
            guarded=True),
    Setting("cost_warn", "TARS_COST_WARN", "",
            "warn (once, on the terminal or stderr) when one conversation's Claude cost passes this many dollars, "
            "and again at each multiple; empty: never", optional_float(0.0001, 1_000_000), guarded=True),
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
    Setting("place", "TARS_PLACE", "", "your default place by name (weather when no place is named; given to "
            "the small-model executor)"),
    Setting("lat", "TARS_LAT", "", "default latitude for weather", optional_float(-90, 90), aliases=("DEFAULT_LAT",)),
    Setting("lon", "TARS_LON", "", "default longitude for weather", optional_float(-180, 180),
            aliases=("DEFAULT_LON",)),
    Setting("memory_dir", "TARS_MEMORY_DIR", "", "memory folder (markdown; default: <data dir>/memory)", path,
            guarded=True),
    Setting("memory_budget", "TARS_MEMORY_BUDGET", "1500",
            "most characters of memory put into the system prompt each turn", int_in(0, 100000)),
    Setting("instructions_max_chars", "TARS_INSTRUCTIONS_MAX_CHARS", "8000",
            "most characters of a trusted project instruction file (TARS.md or AGENTS.md in the working folder) "
            "put into the system prompt each turn; 0: never read one", int_in(0, 200000)),
    Setting("notes_dir", "TARS_NOTES_DIR", "", "notes vault (Obsidian-style folder of markdown)", path, guarded=True),
    Setting("daily_folder", "TARS_DAILY_FOLDER", "Daily", "daily notes folder inside the vault (empty: its top)",
            blank=True),
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
    Setting("attach_max_bytes", "TARS_ATTACH_MAX_BYTES", "4194304",
            "largest file or download that -a, /attach and @path attach, in bytes (default 4 MiB)",
            int_in(1, 1 << 30)),
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
