"""Built-in tools through the whole `tars ask` process: Session.from_config, real Ollama wire, --yes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from servers.ollama import OllamaServer
from servers.todoist import TodoistServer

ROOT = Path(__file__).resolve().parent.parent


def ask(*args: str, env: dict) -> subprocess.CompletedProcess:
    full = {**os.environ, "PYTHONPATH": str(ROOT), "TARS_MODEL_DEFAULT": "ollama:qwen3:8b",
            "TARS_MODEL_REMOTE": "none", **env}
    return subprocess.run([sys.executable, "-c", "from tars.cli import main; main()", "ask", "--json", *args],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, env=full, timeout=60)


def test_memory_tool_and_memory_prompt_through_tars_ask(tmp_path):
    memory = tmp_path / "mem"
    memory.mkdir()
    (memory / "memory.md").write_text("## Pinned\n\n- The user's name is Ada\n")
    with OllamaServer() as ollama:
        ollama.script({"tool_calls": [{"name": "memory_remember", "arguments": {"text": "Ada's bike is blue"}}]},
                      "Noted: your bike is blue.")
        proc = ask("remember that my bike is blue", env={"OLLAMA_HOST": ollama.url, "TARS_MEMORY_DIR": str(memory)})
        assert proc.returncode == 0, proc.stderr
        out = json.loads(proc.stdout)
        assert out["tool_calls"][0]["name"] == "memory_remember"
        assert "- Ada's bike is blue" in (memory / "memory.md").read_text()
        system = ollama.requests_to("/api/chat")[0].json["messages"][0]
        assert system["role"] == "system" and "The user's name is Ada" in system["content"]


def test_fuzzy_completion_needs_yes_in_a_pipe(tmp_path):
    with OllamaServer() as ollama, TodoistServer(token="tok-ask-123456") as todo:
        task = todo.add_task("Buy milk")
        env = {"OLLAMA_HOST": ollama.url, "TODOIST_API_TOKEN": "tok-ask-123456", "TARS_TODOIST_URL": todo.api}
        complete = {"tool_calls": [{"name": "todoist_complete_task", "arguments": {"text": "milk"}}]}
        ollama.script(complete, "I could not complete it.")
        proc = ask("I bought the milk, tick it off", env=env)
        out = json.loads(proc.stdout)
        assert "--yes" in json.dumps(out["tool_calls"]) and todo.closed == []
        ollama.script(complete, "Done.")
        proc = ask("--yes", "I bought the milk, tick it off", env=env)
        assert proc.returncode == 0, proc.stderr
        assert todo.closed == [task["id"]]
        assert "tok-ask-123456" not in proc.stdout + proc.stderr
