"""A new user's first hour: errors that name the flag or setting used, the version, which tools
are offered and why the others are not, and note_write asking only before replacing a note.

Commands run as the real `tars` process; the REPL listing is checked on an off-screen console.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from tars.config import load_config
from tars.events import ToolCall
from tars.providers.scripted import ScriptedProvider
from tars.repl.app import Repl, load_command_modules
from tars.session import Session
from tars.tools import builtin
from tars.tools.registry import ToolRegistry

ROOT = Path(__file__).resolve().parent.parent


def tars(*args: str, env: dict | None = None, stdin: str = "") -> subprocess.CompletedProcess:
    full = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-m", "tars", *args], input=stdin, capture_output=True, text=True,
                          env=full, timeout=60)


# -- errors name the source the user used ----------------------------------------------------------
@pytest.mark.parametrize(("model", "words"), [
    ("llamacpp:nope", "not an embedded model"),
    ("llamacpp:/tmp/surely-not-here.gguf", "no such file"),
    ("nonsense", "is not provider:model"),
])
def test_a_bad_model_flag_is_blamed_on_the_flag_and_exits_2(model: str, words: str) -> None:
    done = tars("ask", "-m", model, "hi")
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("tars: -m/--model: ") and words in done.stderr
    assert "TARS_MODEL_DEFAULT" not in done.stderr and "Traceback" not in done.stderr


def test_a_bad_model_setting_is_blamed_on_the_setting() -> None:
    done = tars("ask", "hi", env={"TARS_MODEL_DEFAULT": "llamacpp:nope"})
    assert done.returncode == 2 and done.stderr.startswith("tars: TARS_MODEL_DEFAULT: ")


@pytest.mark.parametrize("args", [("config",), ("models",), ("ask", "hi")])
@pytest.mark.parametrize("setting", ["TARS_MODEL_DEFAULT", "TARS_MODEL_REMOTE", "TARS_RESCUE_MODEL"])
def test_an_unknown_embedded_model_is_one_line_naming_the_setting_and_the_known_names(args, setting) -> None:
    env = {"OLLAMA_HOST": "http://127.0.0.1:9", "TARS_MODEL_DEFAULT": "ollama:qwen3:8b", setting: "llamacpp:nope"}
    done = tars(*args, env=env)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr == (f"tars: {setting}: llamacpp:nope: not an embedded model (qwen2.5-coder-0.5b, "
                           "smollm2-135m) nor a path to a .gguf file\n")
    assert done.stdout == ""


def test_models_info_on_an_unknown_embedded_model_says_so() -> None:
    done = tars("models", "info", "llamacpp:nope")
    assert done.returncode == 2 and done.stderr.startswith("tars: MODEL: llamacpp:nope: not an embedded model")


def test_a_file_that_is_not_a_gguf_says_so(tmp_path: Path) -> None:
    (tmp_path / "model.bin").write_text("x")
    done = tars("ask", "-m", f"llamacpp:{tmp_path / 'model.bin'}", "hi")
    assert done.returncode == 2 and "is not a .gguf file" in done.stderr


def test_version() -> None:
    done = tars("--version")
    assert done.returncode == 0 and done.stdout.startswith("tars 0.")


# -- tools that cannot work are not offered -------------------------------------------------------
def test_unconfigured_tools_are_not_offered_and_say_why() -> None:
    registry = ToolRegistry(builtin.builtin_tools(load_config()))
    offered = {t.name for t in registry}
    assert "memory_remember" in offered and "weather_now" in offered and "web_read" in offered
    assert not offered & {"todoist_today", "note_write", "notes_search", "web_search"}
    result = registry.run(ToolCall(name="todoist_today", arguments={}))
    assert result.is_error and "not available: set TODOIST_API_TOKEN" in result.text


def test_configured_tools_are_offered(tmp_path: Path) -> None:
    config = load_config(environ={"TODOIST_API_TOKEN": "t" * 40, "TARS_NOTES_DIR": str(tmp_path),
                                  "TARS_SEARCH_URL": "http://127.0.0.1:9"})
    offered = {t.name for t in ToolRegistry(builtin.builtin_tools(config))}
    assert {"todoist_today", "note_write", "notes_search", "web_search"} <= offered


def test_a_model_asking_for_an_unconfigured_tool_never_runs_it() -> None:
    model = ScriptedProvider([[ToolCall(name="todoist_today", arguments={})], ["no tasks tool here"]])
    session = Session(load_config().replace(primary_tools="all", model_remote=None), primary=model,
                      tools=ToolRegistry(builtin.builtin_tools(load_config())))
    turn = session.send("hi")  # the model calls it unasked (a request for it is answered by tars: not set up)
    assert all(spec["name"] != "todoist_today" for spec in session.tools.specs())
    assert turn.tool_results and turn.tool_results[0].is_error


def test_tools_list_and_slash_tools_print_the_same_lines() -> None:
    done = tars("tools", "list")
    assert done.returncode == 0, done.stderr
    cli_lines = done.stdout.splitlines()
    todoist = next(line for line in cli_lines if line.startswith("todoist_today "))
    assert "not available: set TODOIST_API_TOKEN" in todoist
    assert "not available" not in next(line for line in cli_lines if line.startswith("memory_recall "))

    load_command_modules()
    config = load_config()
    session = Session(config, primary=ScriptedProvider([["hi"]]),
                      tools=ToolRegistry(builtin.builtin_tools(config)))
    console = Console(file=io.StringIO(), width=400)
    Repl(session, console, None).command("/tools")
    repl_lines = [line.rstrip() for line in console.file.getvalue().splitlines()]  # type: ignore[attr-defined]
    assert repl_lines == [line.rstrip() for line in cli_lines]


def test_tools_list_json_says_which_are_available() -> None:
    rows = {r["name"]: r for r in json.loads(tars("tools", "list", "--json").stdout)}
    assert rows["notes_search"]["available"] is False and "TARS_NOTES_DIR" in rows["notes_search"]["unavailable"]
    assert rows["memory_recall"]["available"] is True and rows["memory_recall"]["unavailable"] is None


# -- note_write asks only before replacing a note ---------------------------------------------------
def test_note_write_with_overwrite_creates_a_new_note_without_asking(tmp_path: Path) -> None:
    env = {"TARS_NOTES_DIR": str(tmp_path)}
    args = '{"path": "plumber.md", "content": "call the plumber on friday", "overwrite": true}'
    done = tars("tools", "call", "note_write", args, env=env)  # stdin is a pipe: nobody could confirm
    assert done.returncode == 0, done.stdout
    assert (tmp_path / "plumber.md").read_text() == "call the plumber on friday\n"
    again = tars("tools", "call", "note_write", args.replace("friday", "monday"), env=env)
    assert again.returncode == 1 and "needs confirmation" in again.stdout
    assert (tmp_path / "plumber.md").read_text() == "call the plumber on friday\n"


# -- tars models and tars config --------------------------------------------------------------------
def test_models_lists_the_embedded_ones_ollamas_and_the_remote_with_the_default_marked() -> None:
    from servers.ollama import OllamaServer

    with OllamaServer(models={"qwen3:8b": {}, "llama3.2:3b": {}}) as server:
        done = tars("models", env={"OLLAMA_HOST": server.url, "TARS_MODEL_DEFAULT": "ollama:qwen3:8b",
                                   "ANTHROPIC_API_KEY": "sk-test-" + "x" * 30})
    assert done.returncode == 0, done.stderr
    lines = {line[2:].split()[0]: line for line in done.stdout.splitlines() if line[:1] in "* " and line[2:3] != " "}
    assert lines["ollama:qwen3:8b"].startswith("* ") and "[default]" in lines["ollama:qwen3:8b"]
    assert "ollama:llama3.2:3b" in lines and "llamacpp:qwen2.5-coder-0.5b" in lines
    assert "[remote]" in lines["claude:claude-sonnet-4-6"]
    assert "x" * 30 not in done.stdout


def test_models_says_when_no_ollama_server_answers() -> None:
    done = tars("models", "--json", env={"OLLAMA_HOST": "http://127.0.0.1:9"})
    data = json.loads(done.stdout)
    default = [m for m in data["models"] if m["role"] == "default"]
    assert [m["model"] for m in default] == ["llamacpp:qwen2.5-coder-0.5b"]
    assert any("no Ollama server answers at http://127.0.0.1:9" in note for note in data["notes"])


def test_config_shows_where_things_live(tars_home: Path, tmp_path: Path) -> None:
    done = tars("config", env={"TARS_MODEL_DIR": str(tmp_path / "models")})
    assert done.returncode == 0, done.stderr
    text = done.stdout.split("where things live:")[1]
    assert str(tars_home / "config") in text and str(tars_home / "data") in text and str(tars_home / "cache") in text
    assert str(tmp_path / "models" / "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf") in text
    data = json.loads(tars("config", "--json").stdout)
    assert data["paths"]["data"]["path"] == str(tars_home / "data")
    assert data["paths"]["notes"]["path"] is None and "TARS_NOTES_DIR" in data["paths"]["notes"]["holds"]
    assert any(s["name"] == "TARS_MODEL_DEFAULT" for s in data["settings"])
    typo = json.loads(tars("config", "--json", env={"TARS_TYPO": "1"}).stdout)  # told in JSON as in text
    assert any(n.startswith("TARS_TYPO: not a setting") for n in typo["notices"])


# -- make install -----------------------------------------------------------------------------------
def test_make_install_puts_a_launcher_on_path_that_runs_the_readme_mcp_example(tmp_path: Path) -> None:
    """The launcher works from any folder with a PATH that knows nothing of the venv, and the
    README's `mcp-server-time` example is found (it is installed in the venv by the test extra)."""
    import shutil

    venv = Path(sys.prefix)
    if shutil.which("make") is None or not (venv / "bin" / "mcp-server-time").exists():
        pytest.skip("needs make and a venv with the test extra")
    bindir = tmp_path / "bin"
    # -o: the venv is set up already; never rebuild it here
    done = subprocess.run(["make", "-s", "-C", str(ROOT), "-o", str(venv / ".installed"), "install",
                           f"VENV={venv}", f"BINDIR={bindir}"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"installed {bindir}/tars" in done.stdout and "is not on your PATH" in done.stdout
    servers = json.dumps({"mcpServers": {"time": {"command": "mcp-server-time", "args": [],
                                                  "env": {"TZ": "Europe/Paris"}}}})
    env = {"HOME": os.environ.get("HOME", str(tmp_path)), "PATH": f"{bindir}:/usr/bin:/bin",
           **{k: v for k, v in os.environ.items() if k.startswith("TARS_")}, "TARS_MCP_SERVERS": servers}
    listed = subprocess.run(["tars", "mcp", "list"], capture_output=True, text=True, env=env, timeout=90,
                            cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "time__get_current_time" in listed.stdout


# -- --json tells what happened ---------------------------------------------------------------------
def _ask_env(server, **extra: str) -> dict[str, str]:
    return {"TARS_MODEL_DEFAULT": "ollama:test", "OLLAMA_HOST": server.url, "TARS_MODEL_REMOTE": "none", **extra}


def test_json_reports_a_remote_skipped_while_it_cools_down() -> None:
    from servers.anthropic import AnthropicServer
    from servers.ollama import OllamaServer

    with OllamaServer() as server, AnthropicServer() as remote:
        remote.script({"error": 529}, {"error": 529}, {"error": 529})
        server.script({"text": "Probably not."}, {"text": "Still probably not."})
        env = _ask_env(server, TARS_MODEL_REMOTE="claude:claude-sonnet-4-6", ANTHROPIC_API_KEY="sk-ant-test-1234567890",
                       ANTHROPIC_BASE_URL=remote.url)
        first = json.loads(tars("ask", "--json", "will it rain today in Lima?", env=env).stdout)
        second_run = tars("ask", "--json", "will it rain tomorrow in Lima?", env=env)
    assert first["fell_back"] is True and first["escalation_skipped"] is None
    second = json.loads(second_run.stdout)
    assert second["answer"] == "Still probably not." and second["fell_back"] is False
    assert second["escalation_skipped"].startswith("cooling down: ") and "s left" in second["escalation_skipped"]
    assert "cooling down" in second_run.stderr


def test_an_interrupted_json_run_reports_its_round_usage_and_partial_answer() -> None:
    import signal
    import time

    from servers.ollama import OllamaServer, tokens

    with OllamaServer(default=tokens(400, 0.05)) as server:
        proc = subprocess.Popen([sys.executable, "-m", "tars", "ask", "--json", "long story"],
                                env={**os.environ, "PYTHONPATH": str(ROOT), **_ask_env(server)},
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 30
        while not server.requests_to("/api/chat") and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)  # some tokens have streamed
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    data = json.loads(out)
    assert data["interrupted"] is True and data["rounds"] == 1 and data["stop_reason"] == "interrupted"
    assert data["answer"].startswith("token1")
    assert data["usage"]["input_tokens"] > 0 and data["usage"]["output_tokens"] > 0
    assert data["usage"]["estimated"] is True


# -- saved conversations from scripts, and --system -------------------------------------------------
def _sent(server) -> list[dict]:
    return server.requests_to("/api/chat")[-1].body["messages"]


def test_chat_session_with_a_new_name_starts_it_and_ask_continues_it() -> None:
    from servers.ollama import OllamaServer, echo

    with OllamaServer(default=echo) as server:
        env = _ask_env(server)
        chat = tars("chat", "--session", "plumbing", env=env, stdin="the plumber comes on friday\n")
        assert chat.returncode == 0, chat.stderr
        assert "new conversation 'plumbing'" in chat.stdout
        done = tars("ask", "--session", "plumbing", "when does the plumber come?", env=env)
        assert done.returncode == 0, done.stderr
        contents = [m["content"] for m in _sent(server) if m["role"] in ("user", "assistant")]
        assert contents[0] == "the plumber comes on friday" and contents[-1] == "when does the plumber come?"
        again = tars("ask", "--continue", "and on which day?", env=env)
        assert again.returncode == 0, again.stderr
        users = [m["content"] for m in _sent(server) if m["role"] == "user"]
        assert users == ["the plumber comes on friday", "when does the plumber come?", "and on which day?"]
        assert "continuing" in again.stderr and "plumbing" in again.stderr


def test_ask_with_a_new_session_name_saves_the_turn_under_it() -> None:
    from servers.ollama import OllamaServer, echo

    with OllamaServer(default=echo) as server:
        env = _ask_env(server)
        first = tars("ask", "-s", "groceries", "buy milk", env=env)
        assert first.returncode == 0 and "new conversation 'groceries'" in first.stderr
        tars("ask", "-s", "groceries", "and eggs", env=env)
        assert [m["content"] for m in _sent(server) if m["role"] == "user"] == ["buy milk", "and eggs"]
        tars("ask", "-s", "gro", "a new list", env=env)  # a new name, not a prefix of "groceries"
        assert [m["content"] for m in _sent(server) if m["role"] == "user"] == ["a new list"]
    assert tars("ask", "-s", "99", "hi", env=env).returncode == 2  # a number names a stored one only


@pytest.mark.parametrize("command", ["ask", "chat"])
def test_system_adds_to_the_base_system_prompt(command: str) -> None:
    from servers.ollama import OllamaServer, echo

    with OllamaServer(default=echo) as server:
        args = [command, "--system", "Answer like a pirate."] + (["hello"] if command == "ask" else [])
        done = tars(*args, env=_ask_env(server), stdin="" if command == "ask" else "hello\n")
        assert done.returncode == 0, done.stderr
        system = next(m["content"] for m in _sent(server) if m["role"] == "system")
    assert system.startswith("You are tars") and "Answer like a pirate." in system
