"""Benchmark: a 200-turn conversation kept inside a 4096-token window.

A scripted conversation goes through a real Session and the real `ollama` client to the local
Ollama-protocol test server (tests/servers/ollama.py). Its fake model answers each message with
about 40 words, looks a topic up (a 1.8 kB tool result) every tenth turn, and, asked to condense,
keeps the summary so far plus each user line with a number in it: the model's wording is not
what is measured here, tars's handling of the window is. Turn 1 states a fact ("my locker code
is 4711"). Printed: the largest prompt sent against the window (by the server's own count), the
requests that carried `num_ctx`, the compactions done and the time they took, and whether the
turn-1 fact is still in the context (verbatim or in the summary) at the last turn.

    .venv/bin/python bench/context.py [--turns 200] [--window 4096]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

FACT = "Remember this: my locker code is 4711 and my name is Ada."
TOPICS = ("rivers", "gardens", "old bridges", "lighthouses", "train lines", "mountain huts", "markets", "harbours")


def message(turn: int) -> str:
    if turn == 1:
        return FACT
    topic = TOPICS[turn % len(TOPICS)]
    if turn % 10 == 0:
        return f"Please look up the {topic} for me."
    return f"Tell me more about the {topic} of the north and what people there think of them."


def fake_model() -> Any:
    """The server's model: note_taker, plus a lookup call when asked to look something up."""
    from servers.base import RecordedRequest
    from servers.ollama import last_user_text, note_taker, prompt_tokens

    notes = note_taker(40)

    def reply(request: RecordedRequest) -> dict[str, Any]:
        body = request.body or {}
        last = (body.get("messages") or [{}])[-1]
        if last.get("role") == "user" and "look up" in last_user_text(request) and body.get("tools"):
            topic = last_user_text(request).split("the ", 1)[-1].split(" for")[0]
            return {"tool_calls": [{"name": "lookup", "arguments": {"topic": topic}}],
                    "prompt_eval_count": prompt_tokens(body)}
        if last.get("role") == "tool":
            return {"text": f"Here is what I found: {str(last.get('content'))[:120]}",
                    "prompt_eval_count": prompt_tokens(body)}
        return notes(request)

    return reply


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--window", type=int, default=4096)
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="tars-bench-context-"))
    for name in ("config", "data", "cache"):
        os.environ[f"TARS_{name.upper()}_DIR"] = str(home / name)

    from servers.ollama import OllamaServer, prompt_tokens

    from tars.config import load_config
    from tars.events import Notice
    from tars.providers import make_provider
    from tars.session import Session
    from tars.tools import Tool, ToolRegistry

    lookup = Tool(name="lookup", description="Look a topic up in the local guide.",
                  func=lambda topic: f"The guide on {topic}: " + "long notes on history, routes and times. " * 40,
                  parameters={"type": "object", "properties": {"topic": {"type": "string"}}, "required": ["topic"]})
    with OllamaServer(default=fake_model(), models={"qwen3:8b": {"context_length": 40960}}) as server:
        config = load_config(environ={
            "TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "OLLAMA_HOST": server.url, "TARS_MODEL_REMOTE": "none",
            "TARS_CONTEXT_SIZE": str(args.window), "TARS_TOOL_MODE": "native", "TARS_PRIMARY_TOOLS": "all"})
        session = Session(config, primary=make_provider(config.model_default, config), tools=ToolRegistry([lookup]))
        started = time.perf_counter()
        largest_by_tars = 0
        tally = {"older messages summarised": 0, "old tool results elided": 0, "long results of this turn cut": 0}
        for turn in range(1, args.turns + 1):
            for event in session.stream(message(turn)):
                if isinstance(event, Notice) and event.level == "warning":
                    print(f"turn {turn}: {event.text}")
                elif isinstance(event, Notice) and event.text.startswith("context compacted"):
                    for what in tally:
                        found = re.search(rf"(\d+) {what}", event.text)
                        tally[what] += int(found.group(1)) if found else 0
            last = session.last_turn
            largest_by_tars = max(largest_by_tars, last.context_tokens or 0 if last else 0)
        wall = time.perf_counter() - started
        requests = server.requests_to("/api/chat")

    def summarising(body: dict[str, Any]) -> bool:
        return str(body["messages"][0].get("content", "")).startswith("You condense")

    sizes = [prompt_tokens(r.body) for r in requests]
    over = sum(size > args.window for size in sizes)
    with_num_ctx = sum((r.body.get("options") or {}).get("num_ctx") == args.window for r in requests)
    answers = [r for r in requests if not summarising(r.body)]
    final = answers[-1].body["messages"]
    verbatim = any(m.get("content") == FACT for m in final)
    in_summary = any("4711" in str(m.get("content")) for m in final) and not verbatim
    compactions = session.compactor
    print(f"turns: {args.turns} · requests: {len(requests)} ({len(requests) - len(answers)} to summarise)"
          f" · wall time {wall:.1f} s")
    print(f"largest prompt sent: {max(sizes):,} tokens by the server's count ({largest_by_tars:,} by tars's), "
          f"window {args.window:,}; requests over the window: {over}")
    print(f"num_ctx={args.window} sent on {with_num_ctx} of {len(requests)} requests")
    print(f"compactions: {compactions.count}, {compactions.seconds:.2f} s in all "
          f"({compactions.seconds / max(1, compactions.count) * 1000:.0f} ms each, the summarising model included): "
          + ", ".join(f"{n} {what}" for what, n in tally.items()))
    kept = "yes, verbatim" if verbatim else "yes, in the summary" if in_summary else "NO"
    print(f"turn-1 fact in the context at turn {args.turns}: {kept}")
    return 0 if over == 0 and (verbatim or in_summary) and with_num_ctx == len(requests) else 1


if __name__ == "__main__":
    raise SystemExit(main())
