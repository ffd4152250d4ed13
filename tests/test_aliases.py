"""Model aliases: `fast=ollama:qwen3:4b` from TARS_ALIASES or the config dir's aliases.txt, usable
wherever a model is named; a working folder's untrusted .env cannot define them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from servers.ollama import OllamaServer, echo

from tars.config import ModelSpec, load_config
from tars.errors import ConfigError


def tars(*args: str, cwd: Path, env: dict[str, str], stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tars", *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=60, input=stdin,
                          stdin=None if stdin is not None else subprocess.DEVNULL)


def models_asked(server: OllamaServer) -> list[str]:
    return [r.body["model"] for r in server.requests_to("/api/chat")]


def test_dash_m_alias_from_the_aliases_file_reaches_the_model(tars_home: Path, tmp_path: Path):
    (tars_home / "config" / "aliases.txt").write_text("# mine\nfast = ollama:qwen3:4b\nbig=ollama:qwen3:32b  # slow\n")
    with OllamaServer(default=echo) as server:
        env = {"OLLAMA_HOST": server.url, "TARS_MODEL_REMOTE": "none"}
        done = tars("ask", "-m", "fast", "hello", cwd=tmp_path, env=env)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "echo: hello"
        assert models_asked(server) == ["qwen3:4b"]
        server.clear()
        done = tars("ask", "--model", "big", "again", cwd=tmp_path, env=env)
        assert done.returncode == 0, done.stderr
        assert models_asked(server) == ["qwen3:32b"]


def test_env_aliases_win_per_name_and_serve_every_model_setting(tars_home: Path, tmp_path: Path):
    (tars_home / "config" / "aliases.txt").write_text("fast=ollama:qwen3:4b\nsmall=ollama:smol\n")
    env = {"TARS_CONFIG_DIR": str(tars_home / "config"),
           "TARS_ALIASES": "fast=ollama:qwen3:8b, big=claude:claude-sonnet-4-6",
           "TARS_MODEL_DEFAULT": "fast", "TARS_MODEL_REMOTE": "big", "TARS_RESCUE_MODEL": "small",
           "TARS_CONTEXT_SIZES": "fast=16384,big=200000"}
    config = load_config(environ=env, cwd=tmp_path)
    assert config.model_default == ModelSpec("ollama", "qwen3:8b")
    assert config.model_remote == ModelSpec("claude", "claude-sonnet-4-6")
    assert config.rescue_model == ModelSpec("ollama", "smol")
    assert config.context_sizes == {"ollama:qwen3:8b": 16384, "claude:claude-sonnet-4-6": 200000}
    assert config.model("big") == ModelSpec("claude", "claude-sonnet-4-6")
    assert config.model("ollama:other") == ModelSpec("ollama", "other")
    rows = {name: (value, source) for name, value, source in config.rows()}
    assert rows["TARS_MODEL_DEFAULT"] == ("fast (ollama:qwen3:8b)", "environment")
    value, source = rows["TARS_ALIASES"]
    assert "small=ollama:smol" in value and "fast=ollama:qwen3:8b" in value
    assert source.endswith("aliases.txt + environment")


def test_tars_config_and_models_info_show_what_an_alias_stands_for(tmp_path: Path):
    env = {"TARS_ALIASES": "fast=ollama:qwen3-coder:30b", "TARS_MODEL_DEFAULT": "fast"}
    shown = tars("config", cwd=tmp_path, env=env)
    assert shown.returncode == 0, shown.stderr
    rows = {line.split()[0]: line for line in shown.stdout.splitlines() if line.strip()}
    assert "fast (ollama:qwen3-coder:30b)" in rows["TARS_MODEL_DEFAULT"]
    info = tars("models", "info", "fast", cwd=tmp_path, env=env)
    assert info.returncode == 0, info.stderr
    assert "ollama" in info.stdout and "qwen3-coder:30b" in info.stdout and "qwen3_coder" in info.stdout


@pytest.mark.parametrize("aliases, fragment", [
    ("fast", "'fast' is not name=provider:model"),
    ("fa:st=ollama:x", "cannot be an alias name"),
    ("none=ollama:x", "cannot be an alias name"),
    ("fast=gpt:4o", "TARS_ALIASES: alias fast: unknown provider 'gpt'"),
    ("big=claude:sonnet", "alias big: 'claude:sonnet' is not a versioned Claude model id"),
])
def test_bad_aliases_name_the_setting(aliases: str, fragment: str, tmp_path: Path):
    with pytest.raises(ConfigError) as info:
        load_config(environ={"TARS_ALIASES": aliases}, cwd=tmp_path)
    assert fragment in str(info.value)


def test_a_bad_aliases_file_line_is_one_line_and_exit_2(tars_home: Path, tmp_path: Path):
    (tars_home / "config" / "aliases.txt").write_text("fast=ollama:qwen3:4b\nbroken line\n")
    done = tars("ask", "-m", "fast", "hi", cwd=tmp_path, env={})
    assert done.returncode == 2
    assert "aliases.txt:2" in done.stderr and "not name=provider:model" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_an_unknown_name_still_fails_as_a_model(tmp_path: Path):
    done = tars("ask", "-m", "nosuch", "hi", cwd=tmp_path, env={"TARS_ALIASES": "fast=ollama:a"})
    assert done.returncode == 2 and "'nosuch' is not provider:model" in done.stderr


def test_an_untrusted_env_cannot_define_or_redirect_aliases(tars_home: Path, tmp_path: Path):
    """A cloned folder's .env redefining the user's `fast` would send what the user types to a model
    (or a model file) of the folder's choosing: ignored, and said so, until `tars trust`."""
    folder = tmp_path / "cloned"
    folder.mkdir()
    (tars_home / "config" / "aliases.txt").write_text("fast=ollama:mine\n")
    (folder / ".env").write_text("TARS_ALIASES=fast=ollama:theirs,evil=llamacpp:./evil.gguf\n")
    with OllamaServer(default=echo) as server:
        env = {"OLLAMA_HOST": server.url, "TARS_MODEL_REMOTE": "none"}
        done = tars("ask", "-m", "fast", "hello", cwd=folder, env=env)
        assert done.returncode == 0, done.stderr
        assert models_asked(server) == ["mine"]
        assert "TARS_ALIASES" in done.stderr and "tars trust" in done.stderr
        refused = tars("ask", "-m", "evil", "hello", cwd=folder, env=env)
        assert refused.returncode == 2 and "'evil' is not provider:model" in refused.stderr

        trusted = tars("trust", "--yes", cwd=folder, env=env)
        assert trusted.returncode == 0, trusted.stderr
        server.clear()
        done = tars("ask", "-m", "fast", "hello", cwd=folder, env=env)
        assert done.returncode == 0, done.stderr
        assert models_asked(server) == ["theirs"]
