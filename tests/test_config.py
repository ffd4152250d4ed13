"""Configuration: layered sources, provenance, validation messages, masking."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tars.config import DEFAULT_CLAUDE_MODEL, ModelSpec, load_config, parse_model
from tars.errors import ConfigError


def test_model_split_on_first_colon_keeps_ollama_tag():
    assert parse_model("ollama:qwen3:8b") == ModelSpec("ollama", "qwen3:8b")


@pytest.mark.parametrize("model", ["claude-sonnet-4-5-20250929", "claude-sonnet-4-6", "claude-3-5-haiku-20241022"])
def test_versioned_claude_ids_are_accepted(model):
    assert parse_model(f"claude:{model}") == ModelSpec("claude", model)


@pytest.mark.parametrize(
    "value, fragment",
    [
        ("claude:sonnet", f"claude:{DEFAULT_CLAUDE_MODEL}"),
        ("claude:claude-sonnet-4-5", "claude:claude-sonnet-4-5-20250929"),
        ("claude:claude-3-5-sonnet-latest", "versioned"),
        ("claude:opus", "versioned"),
        ("gpt:4o", "unknown provider 'gpt'"),
        ("ollama:", "has no model"),
        ("qwen3", "not provider:model"),
    ],
)
def test_bad_models_name_the_fix(value, fragment):
    with pytest.raises(ConfigError) as info:
        parse_model(value, setting="TARS_MODEL_REMOTE")
    assert fragment in str(info.value)
    assert str(info.value).startswith("TARS_MODEL_REMOTE")


def test_layers_later_wins_and_sources_are_reported(tars_home, tmp_path):
    (tars_home / "config" / "config.env").write_text("TARS_MAX_TOOL_ROUNDS=3\nTARS_REMOTE_COOLDOWN=5\n")
    (tmp_path / ".env").write_text("TARS_MAX_TOOL_ROUNDS=4\n")
    config = load_config(environ={"TARS_CONFIG_DIR": str(tars_home / "config")}, cwd=tmp_path)
    assert config.max_tool_rounds == 4 and config.sources["max_tool_rounds"] == ".env"
    assert config.remote_cooldown == 5 and config.sources["remote_cooldown"].endswith("config.env")
    env = {"TARS_CONFIG_DIR": str(tars_home / "config"), "TARS_MAX_TOOL_ROUNDS": "6"}
    assert load_config(environ=env, cwd=tmp_path).max_tool_rounds == 6
    flagged = load_config({"max_tool_rounds": "7"}, environ=env, cwd=tmp_path)
    assert flagged.max_tool_rounds == 7 and flagged.sources["max_tool_rounds"] == "flag"


def test_a_setting_set_empty_is_as_if_unset_for_every_setting(tars_home, tmp_path):
    """`export TARS_TOOL_MODE=` had stopped every command, while `TARS_PLACE=` was read as unset."""
    (tars_home / "config" / "config.env").write_text("TARS_MAX_TOOL_ROUNDS=3\n")
    env = {"TARS_CONFIG_DIR": str(tars_home / "config"), "TARS_TOOL_MODE": "", "TARS_MAX_TOOL_ROUNDS": " ",
           "TARS_MODEL_DEFAULT": "", "TARS_PLACE": ""}
    config = load_config(environ=env, cwd=tmp_path)
    assert config.tool_mode == "auto" and config.sources["tool_mode"] == "default"
    assert config.max_tool_rounds == 3  # the layer below still counts
    assert config.place in (None, "")


def test_remote_defaults_to_claude_only_with_a_key(tmp_path):
    assert load_config(environ={}, cwd=tmp_path).model_remote is None
    config = load_config(environ={"ANTHROPIC_API_KEY": "sk-ant-test-1234567890"}, cwd=tmp_path)
    assert config.model_remote == ModelSpec("claude", DEFAULT_CLAUDE_MODEL)
    assert load_config(environ={"ANTHROPIC_API_KEY": "k" * 20, "TARS_MODEL_REMOTE": "none"},
                       cwd=tmp_path).model_remote is None


def test_defaults_are_the_embedded_model_and_ten_rounds(tmp_path):
    config = load_config(environ={}, cwd=tmp_path)
    assert config.model_default.provider == "llamacpp"
    assert config.max_tool_rounds == 10


def _tars(*args, env=None):
    import os

    full_env = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "tars", *args], check=False, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, env=full_env, timeout=60)


def test_tars_config_masks_secrets_and_shows_sources():
    secret = "sk-ant-supersecret-abcd"
    proc = _tars("config", env={"ANTHROPIC_API_KEY": secret, "TARS_MAX_TOOL_ROUNDS": "8"})
    assert proc.returncode == 0, proc.stderr
    assert secret not in proc.stdout and "****abcd" in proc.stdout
    line = next(row for row in proc.stdout.splitlines() if row.startswith("TARS_MAX_TOOL_ROUNDS"))
    assert "8" in line and "[environment]" in line


def test_a_tars_variable_that_is_no_setting_is_named_with_the_one_it_may_mean(tars_home, tmp_path):
    """TARS_MODEL=… had been ignored without a word, the answer coming from the default model."""
    (tars_home / "config" / "config.env").write_text("TARS_PLCE=Lisbon\n")
    env = {"TARS_CONFIG_DIR": str(tars_home / "config"), "TARS_MODEL": "ollama:llama3", "TARS_FROBNICATE": "1",
           "TARS_DATA_DIR": str(tmp_path), "TARS_PLACE": "Porto"}
    notice = load_config(environ=env, cwd=tmp_path).unknown_notice()
    assert notice == ("TARS_FROBNICATE, TARS_MODEL (did you mean TARS_MODEL_DEFAULT?), TARS_PLCE (did you mean "
                      "TARS_PLACE?): not settings of tars, so not used; `tars config` lists them")
    known = {"TARS_PLACE": "Porto", "TARS_CONFIG_DIR": str(tmp_path)}
    assert load_config(environ=known, cwd=tmp_path).unknown_notice() is None
    near = load_config(environ={**env, "TARS_TODOIST_API_TOKEN": "t", "TARS_notes_dir": "/n"}, cwd=tmp_path)
    assert "TARS_TODOIST_API_TOKEN (did you mean TODOIST_API_TOKEN?)" in (near.unknown_notice() or "")
    assert "TARS_notes_dir (did you mean TARS_NOTES_DIR?)" in (near.unknown_notice() or "")
    # a name an MCP server's config expands is used
    servers = '{"gh": {"command": "gh-mcp", "env": {"TOKEN": "${TARS_GITHUB_TOKEN}"}}}'
    used = load_config(environ={**known, "TARS_GITHUB_TOKEN": "t", "TARS_MCP_SERVERS": servers}, cwd=tmp_path)
    assert used.unknown_notice() is None
    proc = _tars("config", env={"TARS_NOTE_DIR": "/tmp/notes"})
    assert proc.returncode == 0 and "TARS_NOTE_DIR (did you mean TARS_NOTES_DIR?)" in proc.stdout


@pytest.mark.parametrize(
    "env",
    [{"TARS_MODEL_DEFAULT": "claude:sonnet"}, {"TARS_MODEL_REMOTE": "foo:bar"},
     {"TARS_MAX_TOOL_ROUNDS": "many"}],
)
def test_config_errors_are_one_line_and_exit_2(env):
    proc = _tars("ask", "hello", env=env)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_line_no_env_file_can_read_is_named_with_its_file(tars_home, tmp_path):
    """python-dotenv had said "could not parse statement starting at line 2", naming no file."""
    (tars_home / "config" / "config.env").write_text("TARS_PLACE=Lisbon\nbroken line here\n")
    with pytest.raises(ConfigError, match=r"config\.env:2: cannot read this line; write NAME=value"):
        load_config(environ={"TARS_CONFIG_DIR": str(tars_home / "config")}, cwd=tmp_path)
    proc = _tars("config", env={"TARS_CONFIG_DIR": str(tars_home / "config")})
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "config.env:2" in proc.stderr
    (tars_home / "config" / "config.env").unlink()
    # a working folder's .env may be another tool's: its unreadable lines are left out, the rest read
    (tmp_path / ".env").write_text("TARS_PLACE=Porto\nthis is not a setting\n")
    config = load_config(environ={"TARS_CONFIG_DIR": str(tars_home / "config")}, cwd=tmp_path)
    assert config.place == "Porto" and config.unread_notice() == \
        f"{tmp_path / '.env'}:2: cannot read this line (no NAME=value), so it was left out"
    proc = subprocess.run([sys.executable, "-m", "tars", "route", "hello"], capture_output=True, text=True,
                          cwd=tmp_path, timeout=60)
    assert proc.returncode == 0 and "python-dotenv" not in proc.stderr and ".env:2: cannot read" in proc.stderr
    shown = subprocess.run([sys.executable, "-m", "tars", "config"], capture_output=True, text=True, cwd=tmp_path,
                           timeout=60)
    assert ".env:2: cannot read this line" in shown.stdout


def test_env_example_lists_every_setting_and_is_up_to_date():
    from tars.config import SETTINGS, env_example

    committed = (Path(__file__).resolve().parent.parent / ".env.example").read_text()
    regenerate = "python -c 'from tars.config import env_example; print(env_example(), end=\"\")' > .env.example"
    assert committed == env_example(), f"regenerate: {regenerate}"
    for s in SETTINGS:
        assert f"# {s.env}=" in committed


def test_config_declares_one_typed_field_per_setting():
    """A setting is its SETTINGS entry plus its Config field: neither can be added alone."""
    import dataclasses
    import typing

    from tars.config import SETTINGS, Config

    extra = ("sources", "raw", "ignored", "ignored_file", "unknown", "unread", "unused")
    declared = [f.name for f in dataclasses.fields(Config) if f.name not in extra]
    assert declared == [s.name for s in SETTINGS]
    hints = typing.get_type_hints(Config)
    for s in SETTINGS:
        value = s.parse(s.default, s.env)  # every default parses
        allowed = tuple(_runtime_types(hints[s.name]))
        assert isinstance(value, allowed), f"{s.name}: default {value!r} is not {hints[s.name]}"


def _runtime_types(hint):
    import types
    import typing

    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        yield from {type(v) for v in typing.get_args(hint)}
    elif origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(hint):
            yield from _runtime_types(arg)
    elif hint is type(None):
        yield type(None)
    else:
        yield origin or hint


def test_config_has_attributes_only_for_settings(tmp_path):
    config = load_config(environ={}, cwd=tmp_path)
    with pytest.raises(AttributeError):
        config.no_such_setting  # noqa: B018
    with pytest.raises(TypeError, match="no setting named no_such_setting"):
        config.replace(no_such_setting=1)


def test_replace_overrides_values_and_marks_them(tmp_path):
    config = load_config(environ={"TARS_MAX_TOOL_ROUNDS": "4"}, cwd=tmp_path)
    changed = config.replace(max_tool_rounds=7, model_remote=ModelSpec("ollama", "qwen3:8b"))
    assert (changed.max_tool_rounds, config.max_tool_rounds) == (7, 4)
    assert changed.sources["max_tool_rounds"] == "override" and config.sources["max_tool_rounds"] == "environment"
    rows = {name: (value, source) for name, value, source in changed.rows()}
    assert rows["TARS_MAX_TOOL_ROUNDS"] == ("7", "override")
    assert rows["TARS_MODEL_REMOTE"] == ("ollama:qwen3:8b", "override")


def test_settings_parse_to_their_types(tmp_path):
    env = {"TARS_MEMORY_DIR": "~/mem", "TARS_LAT": "48.85", "TARS_TOOL_POLICY": "note_write=ASK, web_read=deny",
           "TARS_TOOL_FORMAT": "Qwen", "TARS_TOOL_MODE": "Pipeline", "TARS_RESCUE_MODEL": "ollama:functiongemma"}
    config = load_config(environ=env, cwd=tmp_path)
    assert config.memory_dir == Path("~/mem").expanduser() and config.notes_dir is None
    assert config.lat == 48.85 and config.lon is None
    assert config.tool_policy == {"note_write": "ask", "web_read": "deny"}
    assert config.tool_format == "hermes" and config.tool_mode == "pipeline"
    assert config.rescue_model == ModelSpec("ollama", "functiongemma") and config.rescue_timeout == 20.0


@pytest.mark.parametrize("env, fragment", [
    ({"TARS_TOOL_FORMAT": "klingon"}, "TARS_TOOL_FORMAT: unknown tool-call format 'klingon'; use one of "),
    ({"TARS_TOOL_POLICY": "note_write=maybe"}, "policy must be one of auto, ask, deny"),
    ({"TARS_TOOL_MODE": "sideways"}, "TARS_TOOL_MODE: 'sideways' is not one of native, pipeline, auto"),
    ({"TARS_LAT": "91"}, "TARS_LAT: 91 is outside -90..90"),
])
def test_bad_values_name_the_setting(env, fragment, tmp_path):
    with pytest.raises(ConfigError) as info:
        load_config(environ=env, cwd=tmp_path)
    assert fragment in str(info.value)


def test_tool_format_names_match_the_format_registry():
    """Settings check TARS_TOOL_FORMAT against a leaf table; the parsers' registry must agree with it."""
    from tars.toolcalls.formats import FORMATS
    from tars.toolcalls.formats import format_names as registered_names
    from tars.toolcalls.names import FORMAT_ALIASES, canonical_format, format_names

    assert format_names() == registered_names()
    for key, fmt in FORMATS.items():
        assert canonical_format(key) == fmt.name, key
    assert {name: set(aliases) for name, aliases in FORMAT_ALIASES.items()} == \
        {f.name: set(f.aliases) for f in FORMATS.values()}


def test_settings_import_nothing_above_them():
    """`tars.config` loads without the tool-call parsers, the tools or the providers."""
    code = "import sys, tars.config; print(sorted(m for m in sys.modules if m.startswith('tars')))"
    proc = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == str(["tars", "tars.aliases", "tars.config", "tars.envfile", "tars.errors",
                                       "tars.modelspec", "tars.paths", "tars.setting_values", "tars.settings_table",
                                       "tars.toolcalls", "tars.toolcalls.names"])


def test_a_claude_snapshot_anthropic_retires_is_told_before_and_after_the_day():
    import datetime as dt

    from tars.modelspec import retirement_notice

    before = retirement_notice("claude-sonnet-4-5-20250929", dt.date(2026, 11, 26))
    assert before is not None and "30 November 2026 (in 4 days)" in before and "claude:claude-sonnet-4-6" in before
    assert "(in 1 day)" in (retirement_notice("claude-sonnet-4-5-20250929", dt.date(2026, 11, 29)) or "")
    after = retirement_notice("claude-sonnet-4-5-20250929", dt.date(2026, 11, 30))
    assert after is not None and "was retired" in after and "requests to it fail" in after
    assert retirement_notice("claude-sonnet-4-6", dt.date(2030, 1, 1)) is None
    with pytest.raises(ConfigError, match=r"claude-sonnet-4-5-20250929 \(Anthropic retires it on 30 November 2026; "
                                          r"claude:claude-sonnet-4-6 is current\)"):
        parse_model("claude:claude-sonnet-4-5")


def test_the_retirement_days_are_the_anthropic_sdks():
    from anthropic._data.deprecated_models import DEPRECATED_MODELS

    from tars.modelspec import _CLAUDE_ALIASES, CLAUDE_RETIREMENTS, _day

    for model, day in CLAUDE_RETIREMENTS.items():
        assert DEPRECATED_MODELS[model].replace("st,", ",").replace("nd,", ",").replace("rd,", ",").replace(
            "th,", ",") == f"{day:%B} {day.day}, {day.year}", model
    dated = {m for m in DEPRECATED_MODELS if re.search(r"-\d{8}$", m)}
    assert dated & set(_CLAUDE_ALIASES.values()) <= set(CLAUDE_RETIREMENTS)
    assert _day(CLAUDE_RETIREMENTS["claude-sonnet-4-5-20250929"]) == "30 November 2026"
