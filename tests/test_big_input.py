"""Cost stays bounded on big input: the memory lookup of a huge message uses a capped number of
search terms, and a prompt larger than the model's window is refused before any model call.
(How fast, in numbers, is measured by bench/memory_lookup.py, not here.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from servers.ollama import OllamaServer

from tars.tools.search_index import MAX_TERMS, fts_query

MEMORY = "## Pinned\n- I live in Lisbon\n\n## Facts\n- my dog is called Biscuit\n- my sister Ana lives in Porto\n"


def _distinct_words(n: int) -> str:
    return " ".join(f"item{i}" for i in range(n))


def test_the_search_query_of_a_huge_text_has_a_bounded_number_of_terms():
    query = fts_query(_distinct_words(200_000) + " dog dog dog")
    terms = query.split(" OR ")
    assert len(terms) == MAX_TERMS
    assert terms[0] == '"dog"'  # the most frequent word leads
    assert fts_query("Emma's school") == '"emma" OR "school"'  # a lone letter would match every "user's"


def test_a_fact_is_still_found_in_a_long_message(tars_home: Path, monkeypatch):
    (tars_home / "data" / "memory").mkdir()
    (tars_home / "data" / "memory" / "memory.md").write_text(MEMORY)
    with OllamaServer() as server:
        server.script("Noted.")
        for key, value in {"TARS_MODEL_DEFAULT": "ollama:test", "OLLAMA_HOST": server.url, "TARS_MODEL_REMOTE": "none",
                           "TARS_CONTEXT_SIZE": "65536"}.items():
            monkeypatch.setenv(key, value)
        from tars.config import load_config
        from tars.session import Session

        session = Session.from_config(load_config(), mcp=False)
        session.send("here are my notes about the dog and the dog's vet: " + _distinct_words(3000))
        system = server.requests_to("/api/chat")[-1].body["messages"][0]["content"]
        assert "Biscuit" in system and "Porto" not in system


def test_a_prompt_larger_than_the_window_is_refused_before_any_model_call(tars_home: Path):
    (tars_home / "data" / "memory").mkdir()
    (tars_home / "data" / "memory" / "memory.md").write_text(MEMORY)
    big = _distinct_words(600_000)  # about 5 MB
    with OllamaServer() as server:
        done = subprocess.run([sys.executable, "-m", "tars", "ask", "summarise this"], input=big, capture_output=True,
                              text=True, timeout=120,
                              env={**os.environ, "TARS_MODEL_DEFAULT": "ollama:test", "OLLAMA_HOST": server.url,
                                   "TARS_MODEL_REMOTE": "none"})
        assert done.returncode == 1
        assert "too large for ollama:test's context window" in done.stderr and "Nothing was sent" in done.stderr
        assert done.stderr.count("\n") == 1
        assert server.requests_to("/api/chat") == []
