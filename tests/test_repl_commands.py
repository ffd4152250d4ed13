"""Slash commands: the registry other parts add to, and the REPL's own commands on a real Session."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from tars.config import load_config
from tars.events import ToolCall
from tars.providers.scripted import ScriptedProvider
from tars.repl import commands as registry
from tars.repl.app import Repl, load_command_modules
from tars.repl.commands import CommandContext, CommandError, command
from tars.repl.keys import SlashCompleter
from tars.repl.store import ConversationStore
from tars.session import Session
from tars.tools import Tool, ToolRegistry

load_command_modules()


@pytest.fixture
def scratch_command():
    """Register a throwaway command and remove it afterwards."""
    yield
    registry._COMMANDS.pop("zzscratch", None)


def _tool(name: str, source: str = "builtin", policy: str = "auto") -> Tool:
    return Tool(name=name, description=f"{name} does things", func=lambda: {"ok": True}, source=source, policy=policy)


def make_repl(rounds=(["hello there"],), tools=(), **overrides):
    config = load_config(environ={}).replace(**overrides)
    session = Session(config, primary=ScriptedProvider(list(rounds), model="script"), tools=ToolRegistry(tools))
    console = Console(file=io.StringIO(), width=100)
    return Repl(session, console, ConversationStore()), console


def run(repl: Repl, console: Console, line: str) -> str:
    console.file.seek(0)
    console.file.truncate()
    if registry.is_command(line):
        repl.command(line)
    else:
        repl.turn(line)
    return console.file.getvalue()


def test_adding_a_command_is_a_few_lines_and_help_lists_it(scratch_command) -> None:
    @command("zzscratch", help="current weather: /zzscratch [place]", complete=lambda arg: ["Lima", "Oslo"])
    def _weather(ctx: CommandContext, arg: str) -> None:
        ctx.print(f"weather for {arg or 'here'}")

    repl, console = make_repl()
    assert run(repl, console, "/zzscratch Lima").strip() == "weather for Lima"
    listing = run(repl, console, "/help")
    assert "/zzscratch" in listing and "current weather: /zzscratch [place]" in listing
    assert "/model" in listing and "/history" in listing
    assert registry.complete("/zzs") == ["/zzscratch"]
    assert registry.complete("/zzscratch L") == ["Lima"]


def test_completer_offers_names_with_their_help() -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    found = list(SlashCompleter().get_completions(Document("/hi"), CompleteEvent()))
    assert [c.text for c in found] == ["/history"]
    assert "past conversations" in found[0].display_meta_text
    assert list(SlashCompleter().get_completions(Document("hi /h"), CompleteEvent())) == []


def test_unknown_commands_and_command_errors_are_one_line() -> None:
    repl, console = make_repl()
    out = run(repl, console, "/hist")
    assert "unknown command /hist" in out and "/history" in out
    assert run(repl, console, "/route").strip() == "usage: /route <message>"

    @command("zzscratch", help="x")
    def _boom(ctx: CommandContext, arg: str) -> None:
        raise CommandError("no place given")

    try:
        assert run(repl, console, "/zzscratch").strip() == "no place given"
    finally:
        registry._COMMANDS.pop("zzscratch", None)


def test_double_slash_and_lone_slash_are_ordinary_text() -> None:
    assert not registry.is_command("//not a command")
    assert not registry.is_command("/ spaced")
    assert registry.is_command("  /help")


def test_model_shows_primary_remote_and_routing_state() -> None:
    repl, console = make_repl()
    out = run(repl, console, "/model")
    assert "scripted:script" in out
    assert "remote" in out and "none" in out
    assert "routing" in out and "off" in out


def test_model_says_when_the_remote_is_cooling_down() -> None:
    config = load_config(environ={})
    remote = ScriptedProvider([["x"]], model="claude-test")
    session = Session(config, primary=ScriptedProvider([["hi"]]), remote=remote, tools=ToolRegistry())
    session.escalation.cooldown.trip("scripted:claude-test", "HTTP 529 overloaded")
    console = Console(file=io.StringIO(), width=120)
    repl = Repl(session, console, None)
    out = run(repl, console, "/model")
    assert "scripted:claude-test" in out
    assert "cooling down" in out and "529" in out


def test_tools_lists_each_tool_with_its_source_and_policy() -> None:
    repl, console = make_repl(tools=[_tool("weather_now"), _tool("time__now", source="time"),
                                     _tool("todoist_complete_task", policy="ask")])
    out = run(repl, console, "/tools")
    lines = {line.split()[0]: line for line in out.splitlines() if line.strip()}
    assert "built-in" in lines["weather_now"]
    assert "mcp:time" in lines["time__now"]
    assert "ask" in lines["todoist_complete_task"]


def test_route_explains_the_decision() -> None:
    repl, console = make_repl()
    out = run(repl, console, "/route what is the capital of France?")
    assert "stay on scripted:script" in out
    assert "reason" in out
    told = run(repl, console, "/route set a timer for 10 minutes")  # tars's own answer, its first line
    assert "answered by tars, with no model" in told and "I can't set timers or alarms" in told


def test_a_turn_shows_the_answer_tool_lines_and_the_footer() -> None:
    call = ToolCall(id="w1", name="weather_now", arguments={"place": "Lima"})
    repl, console = make_repl(rounds=[["Let me check.", call], ["It is **sunny**."]],
                              tools=[_tool("weather_now").__class__(
                                  name="weather_now", description="weather", func=lambda place: {"sky": "sunny"},
                                  parameters={"type": "object", "properties": {"place": {"type": "string"}}})])
    out = run(repl, console, "weather in Lima?")
    assert out.index("Let me check.") < out.index('⚙ weather_now(place="Lima")') < out.index('↳ {"sky": "sunny"}')
    assert "It is **sunny**." in out  # not a terminal: the exact text
    assert out.rstrip().splitlines()[-1].startswith("scripted:script")
    assert "1 tool call" in out


def test_errors_in_a_turn_are_one_line_and_the_repl_goes_on() -> None:
    def explode(messages, tools):
        raise RuntimeError("kaboom")

    repl, console = make_repl(rounds=[explode, ["fine again"]])
    out = run(repl, console, "first")
    assert out.strip() == "unexpected error: RuntimeError: kaboom"
    assert "fine again" in run(repl, console, "second")


def test_save_history_and_reopen() -> None:
    repl, console = make_repl(rounds=[["answer one"], ["answer two"]])
    run(repl, console, "question one")
    assert "saved as 'trip'" in run(repl, console, "/save trip")
    assert "saved as 'trip'" in run(repl, console, "/save")  # a bare /save keeps the name
    assert "would be read as conversation #1" in run(repl, console, "/save 1")
    first_id = repl.conversation_id
    run(repl, console, "/clear")
    assert repl.session.messages == [] and repl.conversation_id is None
    run(repl, console, "question two")
    assert f"'trip' is the name of conversation #{first_id}" in run(repl, console, "/save trip")  # one name, one
    listing = run(repl, console, "/history")
    assert "trip" in listing and "question two" in listing
    out = run(repl, console, "/history trip")
    assert f"reopened #{first_id}" in out
    assert [m.content for m in repl.session.messages] == ["question one", "answer one"]
    assert "no conversation 'nope'" in run(repl, console, "/history nope")


def test_context_marks_an_interrupted_answer() -> None:
    repl, console = make_repl()
    from tars.messages import Message

    repl.session.messages.extend([Message(role="user", content="tell me"),
                                  Message(role="assistant", content="Once upon", interrupted=True)])
    out = run(repl, console, "/context")
    assert "Once upon [interrupted]" in out


def test_exit_command_ends_the_loop() -> None:
    repl, console = make_repl()
    run(repl, console, "/exit")
    assert repl.exit_requested


def test_ctrl_c_while_a_tool_runs_leaves_no_call_without_a_result() -> None:
    def slow(place: str) -> dict:
        raise KeyboardInterrupt  # what Ctrl-C does to the main thread while the tool runs

    call = ToolCall(id="w1", name="weather_now", arguments={"place": "Lima"})
    tool = Tool(name="weather_now", description="weather", func=slow,
                parameters={"type": "object", "properties": {"place": {"type": "string"}}})
    repl, console = make_repl(rounds=[[call], ["It is sunny."]], tools=[tool])
    out = run(repl, console, "weather?")
    assert "interrupted" in out
    results = [m for m in repl.session.messages if m.role == "tool"]
    assert [(m.tool_call_id, m.is_error) for m in results] == [("w1", True)]
    assert "sunny" in run(repl, console, "and now?")
