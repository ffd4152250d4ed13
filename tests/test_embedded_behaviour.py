"""The embedded model's guards that need no model: the OpenMP wait policy, the stop on a reply that
starts over, the status line, and the rules every model is given when tools are in play."""

from __future__ import annotations

import io
import os
import subprocess
import sys

from rich.console import Console

from tars.config import load_config
from tars.events import Status, TextDelta, ToolCall
from tars.providers.llamacpp.loops import RepeatStop
from tars.providers.llamacpp.threads import SPIN_COUNT, wait_policy
from tars.providers.scripted import ScriptedProvider
from tars.render.turn_view import TurnPrinter
from tars.session import Session
from tars.system_prompt import TOOL_RESULT_RULES
from tars.tools.base import Tool
from tars.tools.registry import ToolRegistry


def test_a_short_spin_is_set_unless_the_user_chose_a_wait_policy():
    env: dict[str, str] = {}
    assert wait_policy(env) == f"GOMP_SPINCOUNT={SPIN_COUNT}" and env == {"GOMP_SPINCOUNT": SPIN_COUNT}
    env = {"OMP_WAIT_POLICY": "active"}
    assert "yours" in wait_policy(env) and env == {"OMP_WAIT_POLICY": "active"}
    env = {"GOMP_SPINCOUNT": "100000"}
    wait_policy(env)
    assert env == {"GOMP_SPINCOUNT": "100000"}


def test_the_spin_count_is_in_place_when_llama_cpp_loads():
    # OpenMP reads its variables once, when its library loads: the import path must set them first
    code = ("import os; from tars.providers.llamacpp.threads import import_llama_cpp; import_llama_cpp(); "
            "print(os.environ.get('GOMP_SPINCOUNT'))")
    env = {k: v for k, v in os.environ.items() if k not in ("GOMP_SPINCOUNT", "OMP_WAIT_POLICY")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.stdout.strip() == SPIN_COUNT, out.stderr


def _feed(guard: RepeatStop, text: str, size: int = 7) -> str:
    shown = "".join(guard.feed(text[i:i + size]) for i in range(0, len(text), size))
    return shown + guard.finish()


def test_a_reply_that_writes_its_paragraphs_again_stops_before_the_copy():
    block = ("The sea is wide and grey in the morning, and the gulls cry over the harbour wall.\n\n"
             "By noon the fishing boats come home, low in the water, with their nets full of herring.\n\n")
    guard = RepeatStop()
    shown = _feed(guard, block + block + block)
    assert guard.stopped and shown == block


def test_text_that_only_starts_like_an_earlier_paragraph_is_shown_whole():
    text = ("The sea is wide and grey in the morning, and the gulls cry over the harbour wall.\n\n"
            "The sea is wide and blue in the evening, when the wind drops and the boats rest.\n\n"
            "```\ncode\n```\n\n```\ncode\n```\n\nThe sea is wide and grey in the morning")
    guard = RepeatStop()
    assert _feed(guard, text) == text and not guard.stopped


def test_a_status_updates_the_spinner_and_a_pipe_gets_no_status_lines():
    piped = io.StringIO()
    printer = TurnPrinter(Console(file=io.StringIO(), width=60), Console(file=piped, width=60))
    printer.handle(Status(text="choosing a tool…"))
    printer.handle(TextDelta(text="Hello"))
    printer.end(None)
    assert "choosing" not in piped.getvalue()
    terminal = io.StringIO()
    status = Console(file=terminal, width=60, force_terminal=True)
    printer = TurnPrinter(status, status)
    printer.waiting()
    printer.handle(Status(text="calling weather_now…"))
    printer.end(None)
    assert "calling weather_now…" in terminal.getvalue()


def _weather(log: list) -> Tool:
    def weather_now(location: str) -> dict:
        log.append(location)
        return {"location": location, "sky": "clear"}

    return Tool(name="weather_now", description="Current weather for a place",
                parameters={"type": "object", "properties": {"location": {"type": "string"}},
                            "required": ["location"]}, func=weather_now)


def test_every_model_is_told_the_rules_for_tool_results_when_tools_are_in_play():
    model = ScriptedProvider([[ToolCall(name="weather_now", arguments={"location": "Oslo"})], ["Clear in Oslo."],
                              ["Hello!"]])
    config = load_config(environ={}).replace(primary_tools="all", tool_mode="native")
    session = Session(config, primary=model, tools=ToolRegistry([_weather([])]))
    session.send("weather in Oslo")
    assert all(TOOL_RESULT_RULES in call["system"] for call in model.calls)
    session.tools = ToolRegistry([])
    session.send("hello")
    assert TOOL_RESULT_RULES not in model.calls[-1]["system"]


def test_prompt_states_on_disk_are_found_by_longest_prefix_and_damaged_ones_dropped(tmp_path):
    from tars.providers.llamacpp import prefix_cache

    folder = tmp_path / "prompts"
    a = prefix_cache._write(folder, [1, 2, 3, 4], b"state-a")
    b = prefix_cache._write(folder, [1, 2, 9], b"state-b")
    assert a is not None and b is not None and (a.stat().st_mode & 0o777) == 0o600
    cache = prefix_cache.PrefixCache(folder)
    entry, length = cache.best([1, 2, 3, 4, 5, 6])
    assert entry is not None and entry.tokens == [1, 2, 3, 4] and length == 4
    assert prefix_cache._read_state(entry.path) == b"state-a"
    a.write_bytes(a.read_bytes()[:-3])  # cut short: never handed to llama.cpp
    fresh = prefix_cache.PrefixCache(folder)
    entry, length = fresh.best([1, 2, 3, 4, 5, 6])
    assert entry is not None and entry.tokens == [1, 2, 9] and length == 2 and not a.exists()


class _ColdModel(ScriptedProvider):
    """A local model that has not been loaded yet (loading the real one takes seconds)."""

    loaded = False

    def warm_up(self) -> None:
        self.loaded = True


def test_a_model_that_must_load_first_says_so_before_anything_else():
    model = _ColdModel([["Hello!"]])
    session = Session(load_config(environ={}), primary=model, tools=ToolRegistry([]))
    events = list(session.stream("hi"))
    statuses = [e for e in events if isinstance(e, Status)]
    assert statuses == [Status(text="loading the model…")] and model.loaded
    assert events.index(statuses[0]) < next(i for i, e in enumerate(events) if isinstance(e, TextDelta))
    list(session.stream("again"))
    assert not [e for e in session.stream("and again") if isinstance(e, Status)], "once loaded, no more"


def test_the_system_prompt_stays_the_same_within_an_hour_so_its_cache_is_reused():
    import datetime as dt

    from tars.system_prompt import build_system_prompt

    tz = dt.timezone(dt.timedelta(hours=1))
    at = [dt.datetime(2026, 11, 25, 14, minute, tzinfo=tz) for minute in (1, 29, 59)]
    prompts = {build_system_prompt(now=t) for t in at}
    assert len(prompts) == 1
    (prompt,) = prompts
    assert "Wednesday 2026-11-25" in prompt and "between 14:00 and 15:00" in prompt
    assert build_system_prompt(now=dt.datetime(2026, 11, 25, 15, 0, tzinfo=tz)) != prompt
