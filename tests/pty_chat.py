"""The real `tars chat` in a pseudo-terminal against a local Ollama-protocol server: one launcher
for every test that types into a chat."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
from servers.ollama import OllamaServer

PROMPT = "› "
TIMEOUT = 30


def spawn_chat(server: OllamaServer, *args: str, cwd: Path | None = None, width: int = 120,
               **env: str) -> pexpect.spawn:
    """`tars chat ARGS` on `server` (model ollama:test unless `env` names another), at its first prompt."""
    full_env = dict(os.environ, TARS_MODEL_DEFAULT="ollama:test", OLLAMA_HOST=server.url,
                    TARS_MODEL_REMOTE="none", TERM="xterm-256color",
                    # pexpect is no terminal emulator: it never answers cursor-position requests,
                    # which prompt-toolkit would wait a second for at every exit
                    PROMPT_TOOLKIT_NO_CPR="1")
    full_env.update(env)
    child = pexpect.spawn(sys.executable, ["-m", "tars", "chat", *args], cwd=str(cwd) if cwd else None,
                          env=full_env, encoding="utf-8", dimensions=(40, width), timeout=TIMEOUT)
    child.expect_exact(PROMPT)
    return child


@contextlib.contextmanager
def chat(server: OllamaServer, *args: str, cwd: Path | None = None, width: int = 120,
         **env: str) -> Iterator[pexpect.spawn]:
    """A running `tars chat`, closed however the test ends."""
    child = spawn_chat(server, *args, cwd=cwd, width=width, **env)
    try:
        yield child
    finally:
        child.close()
