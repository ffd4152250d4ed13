"""Ctrl-C during an answer: the model request is really cancelled and the partial answer kept.

Runs the real Ollama provider against the local Ollama-protocol server with a slow fake model
(400 words, 50 ms apart): if the HTTP request were not cancelled, the server would go on
streaming for 20 s.
"""

from __future__ import annotations

import io
import threading
import time

from rich.console import Console
from servers.ollama import OllamaServer, tokens

from tars.config import ModelSpec, load_config
from tars.providers import make_provider
from tars.repl.app import Repl
from tars.session import Session
from tars.tools import ToolRegistry


def _streaming_handlers(ignore: frozenset[threading.Thread] = frozenset()) -> list[threading.Thread]:
    """Request handlers alive now, but for `ignore`: those of other tests' servers (a kept-alive
    connection keeps its handler)."""
    return [t for t in threading.enumerate() if "process_request" in t.name and t not in ignore]


def _wait_until_idle(ignore: frozenset[threading.Thread], seconds: float = 5.0) -> float:
    start = time.monotonic()
    while _streaming_handlers(ignore) and time.monotonic() - start < seconds:
        time.sleep(0.02)
    return time.monotonic() - start


class _CtrlCAfter(io.StringIO):
    """Console output that raises KeyboardInterrupt once `marker` has been written, as a
    Ctrl-C pressed while the answer is on its way to the screen would."""

    def __init__(self, marker: str) -> None:
        super().__init__()
        self.marker, self.fired = marker, False

    def write(self, text: str) -> int:
        n = super().write(text)
        if not self.fired and self.marker in self.getvalue():
            self.fired = True
            raise KeyboardInterrupt
        return n


def test_ctrl_c_in_the_repl_cancels_the_request_and_keeps_the_partial_answer() -> None:
    others = frozenset(_streaming_handlers())
    with OllamaServer(default=tokens(400, 0.05)) as server:
        config = load_config(environ={"OLLAMA_HOST": server.url})
        session = Session(config, primary=make_provider(ModelSpec("ollama", "test"), config), tools=ToolRegistry())
        out = _CtrlCAfter("token5 ")
        repl = Repl(session, Console(file=out, width=100), None)
        started = time.monotonic()
        repl.turn("tell me a long story")
        assert out.fired and time.monotonic() - started < 10
        assert _wait_until_idle(others) < 2  # the server stopped streaming: the request was closed
        last = session.messages[-1]
        assert last.role == "assistant" and last.interrupted
        assert last.content.startswith("token1 token2 token3 token4 token5")
        assert "token400" not in last.content
        assert "interrupted" in out.getvalue()

        server.default = {"text": "fine"}
        repl.turn("still there?")
        assert session.messages[-1].content == "fine"
        sent = server.requests_to("/api/chat")[-1].body["messages"]
        assert any(m["role"] == "assistant" and "interrupted" in m["content"] for m in sent)
