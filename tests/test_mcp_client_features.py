"""What tars offers MCP servers beyond calling their tools, against the features server (built with
the SDK): roots (the working folder, per-server config, announced changes), sampling answered by
the primary model after approval, and elicitation as a terminal form."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from mcp_servers import FEATURES, PYTHON

from tars.mcp.asking import Asker
from tars.mcp.config import ServerConfig
from tars.mcp.elicitation import Elicitor
from tars.mcp.features import Features
from tars.mcp.manager import McpManager
from tars.mcp.roots import Roots
from tars.mcp.sampling import Sampler
from tars.providers.scripted import ScriptedProvider


class Terminal:
    """A terminal for the Asker: answers typed in advance, and everything tars wrote."""

    def __init__(self, *answers: str) -> None:
        self.stdin = io.StringIO("".join(a + "\n" for a in answers))
        self.stderr = io.StringIO()

    def asker(self, mode: str = "ask") -> Asker:
        return Asker(mode, stdin=self.stdin, stderr=self.stderr)  # type: ignore[arg-type]

    @property
    def shown(self) -> str:
        return self.stderr.getvalue()


def start(features: Features, **entry) -> McpManager:
    servers = {"feat": ServerConfig(name="feat", transport="stdio", command=PYTHON, args=(str(FEATURES),), **entry)}
    manager = McpManager(servers, timeout=10, features=features)
    manager.start()
    assert manager.wait(20)
    return manager


def sampling_features(terminal: Terminal, mode: str = "ask", model=None, per_minute: int = 10) -> Features:
    model = model or ScriptedProvider(["Paris, of course."], model="tiny-local")
    asker = terminal.asker(mode)
    return Features(sampler=Sampler(lambda server: model, asker, per_minute=per_minute), asker=asker,
                    roots=Roots(Path.cwd()))


def test_tars_advertises_sampling_elicitation_and_roots(tars_home):
    manager = start(sampling_features(Terminal()))
    try:
        who = json.loads(manager.call("feat", "whoami", {}))
    finally:
        manager.close()
    assert who["sampling"] and who["elicitation"] and who["roots"]


# -- roots ---------------------------------------------------------------------------------
def test_roots_are_the_working_folder_by_default_and_a_change_is_announced(tars_home, tmp_path):
    features = Features(roots=Roots(tmp_path))
    manager = start(features)
    try:
        assert manager.call("feat", "roots", {}).splitlines() == [tmp_path.as_uri(), "changes: 0"]
        extra = tmp_path / "extra"
        extra.mkdir()
        features.roots.add(str(extra))
        manager.roots_changed()
        assert manager.call("feat", "roots", {}).splitlines() == [tmp_path.as_uri(), extra.as_uri(), "changes: 1"]
    finally:
        manager.close()


def test_an_entry_configures_its_own_roots(tars_home, tmp_path):
    (tmp_path / "docs").mkdir()
    manager = start(Features(roots=Roots(tmp_path)), roots=("docs",))
    try:
        assert manager.call("feat", "roots", {}).splitlines()[0] == (tmp_path / "docs").as_uri()
    finally:
        manager.close()


# -- sampling ------------------------------------------------------------------------------
def test_sampling_is_answered_by_the_primary_model_after_the_user_approves(tars_home):
    terminal = Terminal("y")
    features = sampling_features(terminal)
    manager = start(features)
    try:
        answer = manager.call("feat", "ask_model", {"prompt": "Capital of France?\nOne word."})
    finally:
        manager.close()
    assert answer == "scripted:tiny-local: Paris, of course."
    assert "MCP server feat asks scripted:tiny-local" in terminal.shown
    assert "│ Capital of France?" in terminal.shown and "let scripted:tiny-local answer feat? [y/N]" in terminal.shown
    assert features.sampler.counts == {"feat": 1}


def test_sampling_declined_on_the_terminal_or_refused_in_a_pipe_is_an_error_for_the_server(tars_home):
    for terminal, mode in ((Terminal("n"), "ask"), (Terminal(), "no")):
        features = sampling_features(terminal, mode)
        manager = start(features)
        try:
            with pytest.raises(Exception, match="declined the sampling request"):
                manager.call("feat", "ask_model", {"prompt": "hi"})
        finally:
            manager.close()
        assert features.sampler.counts == {} and features.sampler.refused == {"feat": 1}


def test_sampling_is_rate_limited_per_server(tars_home):
    features = sampling_features(Terminal(), "yes", per_minute=2)
    manager = start(features)
    try:
        for _ in range(2):
            assert "Paris" in manager.call("feat", "ask_model", {"prompt": "hi"})
        with pytest.raises(Exception, match=r"more than 2 times in a minute \(TARS_MCP_SAMPLING_LIMIT\)"):
            manager.call("feat", "ask_model", {"prompt": "hi"})
    finally:
        manager.close()


# -- elicitation ---------------------------------------------------------------------------
def elicit(terminal: Terminal, mode: str, with_defaults: bool) -> dict:
    asker = terminal.asker(mode)
    manager = start(Features(asker=asker, elicitor=Elicitor(asker)))
    try:
        return json.loads(manager.call("feat", "ask_user", {"with_defaults": with_defaults}))
    finally:
        manager.close()


def test_elicitation_is_a_form_with_validation_and_defaults(tars_home):
    # accept; name too short, then ok; age not a number, then too big, then ok; boolean; enum by number
    terminal = Terminal("", "A", "Grace", "old", "200", "85", "y", "3")
    result = elicit(terminal, "ask", with_defaults=True)
    assert result == {"action": "accept", "content": {"name": "Grace", "age": 85, "subscribe": True,
                                                      "color": "blue"}}
    shown = terminal.shown
    assert "MCP server feat asks: Tell me about you" in shown
    assert "must be at least 2 characters" in shown and "enter a whole number" in shown
    assert "must be at most 150" in shown and "1) red / 2) green / 3) blue" in shown
    assert elicit(Terminal("", "", "", "", ""), "ask", with_defaults=True)["content"] == {
        "name": "Ada", "age": 36, "subscribe": False, "color": "green"}


def test_elicitation_decline_and_cancel(tars_home):
    assert elicit(Terminal("n"), "ask", with_defaults=True) == {"action": "decline", "content": None}
    assert elicit(Terminal("c"), "ask", with_defaults=True)["action"] == "cancel"
    assert elicit(Terminal("y", "Grace"), "ask", with_defaults=False)["action"] == "cancel"  # input ended


def test_elicitation_in_a_pipe_is_declined_unless_yes_and_every_field_has_a_default(tars_home):
    assert elicit(Terminal(), "no", with_defaults=True)["action"] == "decline"
    assert elicit(Terminal(), "yes", with_defaults=False)["action"] == "decline"
    assert elicit(Terminal(), "yes", with_defaults=True) == {"action": "accept", "content": {
        "name": "Ada", "age": 36, "subscribe": False, "color": "green"}}
