"""Configuration: layered sources, provenance, validation messages, masking."""

from __future__ import annotations

import subprocess
from pathlib import Path
import sys

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
    return subprocess.run([sys.executable, "-m", "tars", *args], capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          env=full_env, timeout=60)


def test_tars_config_masks_secrets_and_shows_sources():
    secret = "sk-ant-supersecret-abcd"
    proc = _tars("config", env={"ANTHROPIC_API_KEY": secret, "TARS_MAX_TOOL_ROUNDS": "8"})
    assert proc.returncode == 0, proc.stderr
    assert secret not in proc.stdout and "****abcd" in proc.stdout
    line = next(l for l in proc.stdout.splitlines() if l.startswith("TARS_MAX_TOOL_ROUNDS"))
    assert "8" in line and "[environment]" in line


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


def test_env_example_lists_every_setting_and_is_up_to_date():
    from tars.config import SETTINGS, env_example

    committed = (Path(__file__).resolve().parent.parent / ".env.example").read_text()
    assert committed == env_example(), "regenerate: python -c 'from tars.config import env_example; print(env_example(), end=\"\")' > .env.example"
    for s in SETTINGS:
        assert f"# {s.env}=" in committed
