"""`tars ask --json` in a child process, on a local Ollama server: how a user runs one question."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def ask_json(message: str, ollama_url: str, *, cwd: Path | None = None, code: int = 0, **env: str) -> dict[str, Any]:
    """The answer object of `tars ask --json message` with `ollama:qwen3:8b` in pipeline mode, no remote
    (exiting with `code`)."""
    full = {**os.environ, "PYTHONPATH": str(ROOT), "TARS_MODEL_REMOTE": "none", "OLLAMA_HOST": ollama_url,
            "TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "TARS_TOOL_MODE": "pipeline", **env}
    proc = subprocess.run([sys.executable, "-c", "from tars.cli import main; main()", "ask", "--json", message],
                          cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True, text=True, env=full, timeout=60)
    assert proc.returncode == code, proc.stderr
    return json.loads(proc.stdout)
