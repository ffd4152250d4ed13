"""Broken state never stops tars: every state file that is unreadable or corrupt is moved aside
with one line naming it, and tars goes on with a fresh one. Real files, real processes."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pexpect
from servers.anthropic import AnthropicServer
from servers.ollama import OllamaServer, echo

KEY = "sk-ant-test-SECRET-0123456789"
CLAUDE = "claude:claude-sonnet-4-6"


def _run(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tars", *args], capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=60, stdin=subprocess.DEVNULL)


def _aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.broken-*"))


def _one_notice(stderr: str, path: Path) -> None:
    lines = [line for line in stderr.splitlines() if str(path) in line]
    assert len(lines) == 1 and "moved aside" in lines[0], stderr


def test_a_corrupt_cool_down_file_is_moved_aside_and_the_remote_answers(tars_home: Path):
    path = tars_home / "cache" / "remote_cooldown.json"
    path.write_text(json.dumps({CLAUDE: "garbage"}))
    with AnthropicServer() as remote, OllamaServer() as local:
        remote.script("Dry all day.", "Still dry.")
        env = {"TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "TARS_MODEL_REMOTE": CLAUDE, "ANTHROPIC_API_KEY": KEY,
               "ANTHROPIC_BASE_URL": remote.url, "OLLAMA_HOST": local.url}
        first = _run("ask", "will it rain today?", env=env)
        assert first.returncode == 0, first.stderr
        assert first.stdout == "Dry all day.\n"
        _one_notice(first.stderr, path)
        assert len(_aside(path)) == 1 and json.loads(_aside(path)[0].read_text()) == {CLAUDE: "garbage"}
        second = _run("ask", "will it rain tomorrow?", env=env)
        assert second.returncode == 0 and second.stderr == "" and second.stdout == "Still dry.\n"


def test_a_cool_down_file_that_is_not_json_is_moved_aside(tars_home: Path, monkeypatch):
    path = tars_home / "cache" / "remote_cooldown.json"
    path.write_bytes(b"\x00\xff not json")
    from tars.cooldown import Cooldown

    assert Cooldown(path, 60).active(CLAUDE) is None
    assert not path.exists() and len(_aside(path)) == 1


def test_a_cool_down_longer_than_its_configured_length_is_capped(tars_home: Path):
    from tars.cooldown import Cooldown

    path = tars_home / "cache" / "remote_cooldown.json"
    path.write_text(json.dumps({CLAUDE: {"until": time.time() + 10 ** 9, "reason": "529"}}))
    state = Cooldown(path, 60).active(CLAUDE)
    assert state is not None and 0 < state.seconds_left() <= 60


def test_chat_starts_with_a_corrupt_sessions_db_and_an_unreadable_history(tars_home: Path):
    db = tars_home / "data" / "sessions.db"
    db.write_bytes(b"this is not a database at all" * 100)
    history = tars_home / "data" / "chat_history"
    history.mkdir()
    with OllamaServer(default=echo) as server:
        env = dict(os.environ, TARS_MODEL_DEFAULT="ollama:test", OLLAMA_HOST=server.url, TARS_MODEL_REMOTE="none",
                   TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1")
        child = pexpect.spawn(sys.executable, ["-m", "tars", "chat"], env=env, encoding="utf-8",
                              dimensions=(40, 160), timeout=30)
        try:
            child.expect_exact("› ")
            shown = child.before
            child.send("hello there\r")
            child.expect_exact("echo: hello there")
            child.expect_exact("› ")
            child.sendcontrol("d")
            child.expect(pexpect.EOF)
        finally:
            child.close()
    for path in (db, history):
        assert len(_aside(path)) == 1, list(path.parent.iterdir())
        assert shown.count(str(path)) == 1 and "moved aside" in shown, shown
    from tars.repl.store import ConversationStore

    store = ConversationStore(db)
    assert store.latest() is not None  # the fresh database holds the new conversation
    store.close()


def test_a_sessions_db_damaged_deep_inside_is_moved_aside_when_history_is_listed(tars_home: Path):
    from tars.messages import Message
    from tars.repl.store import ConversationStore

    db = tars_home / "data" / "sessions.db"
    store = ConversationStore(db)
    for n in range(40):  # enough pages that the damage lands past the header and the schema
        store.save(store.create(name=f"talk {n}"), [Message(role="user", content="hello " * 300)])
    store.close()
    with db.open("r+b") as raw:
        raw.seek(8192)
        raw.write(b"\x07" * 2000)
    done = _run("history", "list", env={"TARS_MODEL_REMOTE": "none"})
    assert done.returncode == 0, done.stderr
    assert "unexpected" not in done.stderr and "Traceback" not in done.stderr
    _one_notice(done.stderr, db)
    assert len(_aside(db)) == 1


def test_a_corrupt_mcp_tool_cache_is_moved_aside(tars_home: Path, capsys):
    from tars.mcp.cache import read_cache, store_tools

    path = tars_home / "cache" / "mcp_tools.json"
    path.write_text("{truncated")
    assert read_cache(path) == {}
    assert len(_aside(path)) == 1 and str(path) in capsys.readouterr().err
    store_tools("time", "fp", [{"name": "now"}], path)
    assert read_cache(path)["time"]["tools"] == [{"name": "now"}]


def test_a_corrupt_search_index_is_moved_aside_and_rebuilt(tars_home: Path):
    index = tars_home / "cache" / "search.db"
    index.write_bytes(b"garbage, not SQLite" * 50)
    memory = tars_home / "data" / "memory"
    memory.mkdir()
    (memory / "memory.md").write_text("## Facts\n- my dog is called Biscuit\n")
    done = _run("tools", "call", "memory_search", json.dumps({"query": "dog"}), env={"TARS_MODEL_REMOTE": "none"})
    assert done.returncode == 0, done.stderr
    assert "Biscuit" in done.stdout
    _one_notice(done.stderr, index)
    assert len(_aside(index)) == 1
    assert stat.S_IMODE(index.stat().st_mode) == 0o600  # it holds the text of notes and memory


def test_a_corrupt_trust_list_is_moved_aside_and_the_folder_can_be_trusted_again(tars_home: Path, tmp_path: Path):
    trust = tars_home / "data" / "trusted_folders.json"
    trust.write_text('{"version": 1, "files": ["not", "a", "mapping"]}')
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / ".env").write_text("TARS_WEB_ALLOW_HOSTS=intranet.local\n")
    done = subprocess.run([sys.executable, "-m", "tars", "trust", "--yes"], cwd=folder, capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL, env=os.environ.copy())
    assert done.returncode == 0, done.stderr
    _one_notice(done.stderr, trust)
    assert len(_aside(trust)) == 1
    assert str((folder / ".env").resolve()) in json.loads(trust.read_text())["files"]


def test_a_data_folder_that_is_a_file_is_a_one_line_config_error(tars_home: Path, tmp_path: Path):
    """`TARS_DATA_DIR` naming a file had ended in "unexpected error: FileExistsError"."""
    a_file = tmp_path / "not-a-folder"
    a_file.write_text("x")
    env = dict(os.environ, TARS_DATA_DIR=str(a_file), TARS_MODEL_DEFAULT="openai:none",
               TARS_OPENAI_BASE_URL="http://127.0.0.1:9/v1")
    for args in (["history", "list"], ["chat"]):
        done = subprocess.run([sys.executable, "-m", "tars", *args], input="", capture_output=True, text=True,
                              env=env, timeout=60)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.count("\n") == 1 and "TARS_DATA_DIR" in done.stderr and "unexpected" not in done.stderr
