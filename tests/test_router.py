"""The tool-intent router: the labelled set, literal names, remote rules, learning MCP families, `tars route`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tars.config import load_config
from tars.routing import Router
from tars.session.escalation import RouteResult, route_result
from tars.tools.base import Tool
from tars.tools.registry import ToolRegistry

LABELS = Path(__file__).parent / "data" / "routing_labels.jsonl"
REMOTE = "claude:claude-sonnet-4-5-20250929"


def routed(router: Router, text: str, config) -> RouteResult:
    """Where `text` goes with `config`'s models: the router's decision, then the session's model choice."""
    return route_result(router.decide(text), config.model_default, config.model_remote)


def _tool(name: str, description: str, **kw) -> Tool:
    return Tool(name=name, description=description, func=lambda **_: "ok", **kw)


# settings every built-in tool needs, so that none is left out as not set up
SET_UP = {"TODOIST_API_TOKEN": "token", "TARS_NOTES_DIR": "/tmp/tars-notes-unused",
          "TARS_SEARCH_URL": "http://127.0.0.1:9"}


def builtin_tools() -> list[Tool]:
    """The real built-in tools, as a session with every one of them set up has them."""
    from tars.tools.builtin import builtin_tools as real

    return real(load_config(environ=SET_UP))


def time_tools() -> list[Tool]:
    """The tools of the reference `mcp-server-time`, as the MCP layer registers them."""
    return [
        _tool("time__get_current_time", "Get current time in a specific timezone", source="time",
              aliases=("time.get_current_time",)),
        _tool("time__convert_time", "Convert time between timezones", source="time", aliases=("time.convert_time",)),
    ]


@pytest.fixture
def config():
    return load_config(environ={"TARS_MODEL_REMOTE": REMOTE})


# the built-in clock answers on the primary what the labelled set sends to a time server
LOCAL = {"clock": "time"}


def test_labelled_set_precision_recall_and_family(config, capsys):
    rows = [json.loads(line) for line in LABELS.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(rows) >= 150
    router = Router(builtin_tools() + time_tools())
    tp = fp = fn = family_ok = 0
    misses = []
    for row in rows:
        result = routed(router, row["text"], config)
        # tools wanted: escalated, or answered by the primary with built-in exact tools (the clock)
        wanted = result.escalate or (result.needs_tools and result.family in LOCAL)
        if wanted and row["escalate"]:
            tp += 1
            family = LOCAL.get(result.family or "", result.family)
            family_ok += family == row["family"]
            if family != row["family"]:
                misses.append(f"family {result.family} != {row['family']}: {row['text']}")
        elif wanted:
            fp += 1
            misses.append(f"false escalation ({result.reason}): {row['text']}")
        elif row["escalate"]:
            fn += 1
            misses.append(f"missed ({result.reason}): {row['text']}")
    precision, recall = tp / max(tp + fp, 1), tp / max(tp + fn, 1)
    family_accuracy = family_ok / max(tp, 1)
    with capsys.disabled():
        print(f"\nrouter on {len(rows)} labelled messages: precision {precision:.3f}, recall {recall:.3f}, "
              f"family accuracy {family_accuracy:.3f} (tp {tp}, fp {fp}, fn {fn})")
        for miss in misses:
            print("  " + miss)
    assert precision >= 0.95 and recall >= 0.95, misses
    assert family_accuracy >= 0.95, misses


@pytest.mark.parametrize("message,name", [
    ("run weather_now for Oslo", "weather_now"),
    ("what does memory_search return?", "memory_search"),
    ("write a python script that calls web_read", "web_read"),
    ("call time__get_current_time with Europe/Lisbon", "time__get_current_time"),
    ("use time.convert_time: 9:00 from Tokyo to Lima", "time__convert_time"),
    ("try `notes_search`", "notes_search"),
])
def test_a_literal_tool_name_always_escalates(config, message, name):
    result = routed(Router(builtin_tools() + time_tools()), message, config)
    assert result.escalate and result.provider == "claude"
    assert result.tool_hints[0] == name
    assert result.reason == f"tool name {name!r} mentioned"


def test_a_plain_word_tool_name_is_a_cue_not_a_name(config):
    """An MCP tool called `fetch` must not turn every "fetch" into an escalation."""
    router = Router(builtin_tools() + [_tool("fetch", "Fetches a URL from the internet as markdown.", source="fetch")])
    assert not routed(router, "how do I teach my dog to fetch?", config).escalate
    assert routed(router, "fetch https://example.org/changelog", config).escalate


def test_no_remote_means_no_escalation_but_the_primary_still_gets_hints():
    config = load_config(environ={"TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "TARS_MODEL_REMOTE": "none"})
    result = routed(Router(builtin_tools()), "will it rain tomorrow?", config)
    assert not result.escalate and result.needs_tools
    assert (result.provider, result.model) == ("ollama", "qwen3:8b")
    assert result.tool_hints[0] == "weather_forecast"
    assert result.reason.startswith("no remote configured")


def test_remote_equal_to_primary_does_not_escalate():
    config = load_config(environ={"TARS_MODEL_DEFAULT": REMOTE, "TARS_MODEL_REMOTE": REMOTE})
    result = routed(Router(builtin_tools()), "add oat milk to my shopping list", config)
    assert not result.escalate and result.needs_tools
    assert result.model == "claude-sonnet-4-5-20250929"
    assert "todoist_add_task" in result.tool_hints
    assert "primary" in result.reason


def test_messages_without_tool_intent_stay_on_the_primary(config):
    router = Router(builtin_tools())
    for text in ("what is the capital of France?", "how do I search for a substring in Python",
                 "why do weather fronts bring rain", "write a python function that adds a task to a list"):
        result = routed(router, text, config)
        assert not result.escalate and result.tool_hints == ()
        assert result.model == config.model_default.model
        assert result.reason.startswith("no tool cue")


def test_hints_name_the_tools_the_message_points_at(config):
    router = Router(builtin_tools())
    assert routed(router, "add buy stamps to my todo list", config).tool_hints[0] == "todoist_add_task"
    assert routed(router, "mark the dentist task as done", config).tool_hints[0] == "todoist_complete_task"
    assert routed(router, "summarize https://example.com/a", config).tool_hints == ("web_read",)
    assert routed(router, "forget that I live in Boston", config).tool_hints[0] == "memory_forget"
    hints = routed(router, "do I need an umbrella and is there anything on my todo list today?", config).tool_hints
    assert {"todoist_today", "weather_forecast"} <= set(hints)


def test_router_learns_an_mcp_server_through_registry_subscription(config):
    registry = ToolRegistry(builtin_tools())
    router = Router(registry)
    registry.subscribe(router.update_tools)
    assert not routed(router, "what time is it in Lima?", config).escalate

    registry.replace_source("time", time_tools())  # the time server connected
    result = routed(router, "what time is it in Lima?", config)
    assert result.escalate and result.family == "time"
    assert result.tool_hints[0] == "time__get_current_time"
    assert routed(router, "convert 3pm New York time to Tokyo", config).tool_hints[0] == "time__convert_time"
    assert "time" in router.families
    for text in ("what is time dilation", "what's the time complexity of quicksort",
                 "write a python function that converts between time zones"):
        assert not routed(router, text, config).escalate, text

    registry.replace_source("time", [])  # and went away
    assert not routed(router, "what time is it in Lima?", config).escalate


def test_a_family_is_learned_from_descriptions_it_was_never_written_for(config):
    """Opaque tool names; the words come from the descriptions (and name parts where they say something)."""
    router = Router(builtin_tools())
    transit = [
        _tool("transit__next", "Next departures of trains and buses from a station, with live delays.",
              source="transit"),
        _tool("transit__plan", "Plan a journey by train, tram or bus between two stations.", source="transit"),
        _tool("flights__flight_status", "Live status of a flight by its flight number.", source="flights"),
    ]
    assert not routed(router, "when does the next train leave from Central Station?", config).escalate
    router.update_tools(builtin_tools() + transit)
    result = routed(router, "when does the next train leave from Central Station?", config)
    assert result.escalate and result.family == "transit"
    assert set(result.tool_hints) <= {"transit__next", "transit__plan"}
    assert routed(router, "is my flight BA117 delayed?", config).family == "flights"
    for text in ("how do trains work?", "explain the history of the bus", "what is a flight recorder"):
        assert not routed(router, text, config).escalate, text
    # the built-in families are still there
    assert routed(router, "will it snow tomorrow?", config).family == "weather"


def test_a_code_hosting_family_takes_coding_words_as_its_topic(config):
    """With a GitHub server, "my repo" is the family's object; plain coding questions still stay local."""
    github = [
        _tool("github__create_issue", "Create a new issue in a GitHub repository", source="github"),
        _tool("github__list_pull_requests", "List pull requests in a GitHub repository", source="github"),
    ]
    files = [_tool("filesystem__read_file", "Read the complete contents of a file from the file system. "
                   "Provides detailed error messages if the file cannot be read.", source="filesystem")]
    router = Router(builtin_tools() + github + files)
    assert routed(router, "any open pull requests on my repo today?", config).family == "github"
    assert routed(router, "create an issue in the tars repository: router misses typos", config).family == "github"
    assert routed(router, "read the file todo.txt in my home folder", config).family == "filesystem"
    for text in ("what is git rebase", "write a python function that reverses a string",
                 "how do I read a file in python", "I read a great book yesterday",
                 "I got an error message from my boss today"):
        assert not routed(router, text, config).escalate, text


def test_mcp_tools_of_a_known_kind_join_the_builtin_family(config):
    router = Router(builtin_tools() + [_tool("weather__get_alerts", "Get weather alerts for a US state.",
                                            source="weather")])
    result = routed(router, "any storm alerts for tonight?", config)
    assert result.escalate and result.family == "weather"
    assert "weather__get_alerts" in result.tool_hints


def test_route_result_shape(config):
    router = Router(builtin_tools())
    result = routed(router, "hi", config)
    assert isinstance(result, RouteResult)
    assert set(result.as_dict()) >= {"escalate", "provider", "model", "tool_hints", "reason"}
    assert routed(router, "will it rain today?", config).model == "claude-sonnet-4-5-20250929"


def test_every_builtin_tool_joins_a_builtin_family():
    """The router's catalogue is the real tools: none of them is left to be learned as a stranger."""
    assert Router(builtin_tools()).families == ["tasks", "weather", "memory", "notes", "web", "shell", "exact",
                                                "clock", "folder", "distance"]


def test_empty_and_odd_messages(config):
    router = Router(builtin_tools())
    for text in ("", "   ", "?!", "🙂", "x" * 5000):
        result = routed(router, text, config)
        assert not result.escalate


# -- `tars route` --------------------------------------------------------------------------------
def _tars() -> list[str]:
    script = Path(sys.executable).parent / "tars"
    return [str(script)] if script.exists() else [sys.executable, "-m", "tars"]


def _run(args: list[str], stdin: str | None = None, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(_tars() + args, input=stdin, capture_output=True, text=True, timeout=60,
                          env={**os.environ, **env})


def test_tars_route_prints_one_decision():
    proc = _run(["route", "will it rain today?"], TARS_MODEL_REMOTE=REMOTE)
    assert proc.returncode == 0, proc.stderr
    decision = json.loads(proc.stdout)
    assert decision["escalate"] is True
    assert (decision["provider"], decision["model"]) == ("claude", "claude-sonnet-4-5-20250929")
    assert "weather_forecast" in decision["tool_hints"]
    assert decision["reason"].startswith("weather cue")
    assert decision["band"] in ("sure", "unsure")


def test_tars_route_reads_stdin_line_by_line():
    lines = "what is the capital of France?\n\nremind me to call mom tomorrow\n  \nhi\n"
    proc = _run(["route"], stdin=lines, TARS_MODEL_REMOTE=REMOTE, TODOIST_API_TOKEN="test-token-0123456789")
    assert proc.returncode == 0, proc.stderr
    decisions = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [d["escalate"] for d in decisions] == [False, True, False]
    assert decisions[1]["tool_hints"][0] == "todoist_add_task"
    assert decisions[0]["provider"] == "llamacpp"
    # without a token a session does not offer the Todoist tools: tars route says they are not set up
    unset = json.loads(_run(["route", "remind me to call mom tomorrow"], TARS_MODEL_REMOTE=REMOTE).stdout)
    assert unset["escalate"] is False and unset["needs_tools"] is False
    assert unset["not_set_up"] == "set TODOIST_API_TOKEN (your Todoist API token)"
    assert unset["reason"] == "tasks cue: 'remind me' + 'tomorrow'; its tools are not set up"


def test_tars_route_without_remote_and_with_a_bad_model():
    proc = _run(["route", "will it rain today?"], TARS_MODEL_REMOTE="none")
    assert proc.returncode == 0 and json.loads(proc.stdout)["escalate"] is False
    bad = _run(["route", "--remote", "claude:sonnet", "hi"])
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert "claude-" in bad.stderr  # names a valid id


def test_tars_route_knows_cached_mcp_tools_like_a_session(tmp_path):
    """`tars route` uses the cached tool list of a configured server, without starting it."""
    cache = pytest.importorskip("tars.mcp.cache")
    mcp_config = pytest.importorskip("tars.mcp.config")
    servers = json.dumps({"mcpServers": {"time": {"command": "mcp-server-time-not-started"}}})
    env = {"TARS_MCP_SERVERS": servers, "TARS_MODEL_REMOTE": REMOTE}
    before = _run(["route", "what time is it in Lima?"], **env)
    assert before.returncode == 0 and json.loads(before.stdout)["escalate"] is False

    (server,) = mcp_config.load_servers(load_config(environ=env), environ=env)[0].values()
    cache.store_tools("time", server.fingerprint(), [
        {"name": "get_current_time", "description": "Get current time in a specific timezone",
         "inputSchema": {"type": "object", "properties": {"timezone": {"type": "string"}}}},
        {"name": "convert_time", "description": "Convert time between timezones",
         "inputSchema": {"type": "object", "properties": {}}},
    ])
    after = json.loads(_run(["route", "what time is it in Lima?"], **env).stdout)
    assert after["escalate"] is True and after["family"] == "time"
    assert after["tool_hints"][0] == "time__get_current_time"


# -- how sure the router is, and tools learned from a suite's names and descriptions --------------
def test_bands_say_how_sure_the_router_is():
    from tars.routing import SURE, THRESHOLD, band_of

    router = Router(builtin_tools())
    assert router.decide("what is the capital of France?").band == "none"
    assert router.decide("add oat milk to my shopping list").band == "sure"
    assert band_of(THRESHOLD) == "unsure" and band_of(SURE) == "sure" and band_of(THRESHOLD - 0.5) == "none"
    sure = router.decide("add oat milk to my shopping list")
    assert sure.score >= SURE and sure.tool_hints == ("todoist_add_task",)  # the tool it points at most clearly
    assert router.decide("what is on my todo list today?").tool_hints == ("todoist_today",)


def test_a_bfcl_style_tool_is_learned_from_its_name_and_description():
    area = _tool("calculate_triangle_area", "Calculate the area of a triangle given its base and height.")
    bmi = _tool("determine_body_mass_index", "Calculate body mass index given weight and height.")
    decision = Router([area]).decide("Find the area of a triangle with a base of 10 units and height of 5 units.")
    assert decision.needs_tools and decision.tool_hints == ("calculate_triangle_area",)
    assert decision.band == "sure"
    # an irrelevant request is confidently "none", though it shares words with the description
    assert Router([bmi]).decide("Calculate the area of a triangle given the base is 10 meters and height is 5 meters."
                                ).band == "none"
    # a namespace backs the name: math.factorial
    fact = _tool("math.factorial", "Calculate the factorial of a given number.")
    assert Router([fact]).decide("Calculate the factorial of 5 using math functions.").tool_hints == ("math.factorial",)
    assert Router([fact]).decide("Tell me a joke about cats.").band == "none"
    assert Router([fact]).decide("write a python function that calculates the factorial of a number").band == "none"
    # a name that abbreviates what the message spells out
    gcd = _tool("math.gcd", "Calculate the greatest common divisor of two integers.")
    assert Router([gcd]).decide("Calculate the greatest common divisor of two numbers: 40 and 50").needs_tools
    # words that join a clause abbreviate nothing: "grace is the" is no "git"
    add = _tool("git__git_add", "Adds file contents to the staging area", source="git")
    assert Router([add]).decide("my saving grace is the fact that I sleep well").band == "none"
    assert Router([add]).decide("stage the file in git").tool_hints == ("git__git_add",)
    speech = _tool("get_tts", "Convert text to speech audio.")
    assert Router([speech]).decide("convert this text to speech: good morning").needs_tools  # "to" joins no clause
    # a description that mentions time does not make a tool a time server's
    speed = _tool("calculate_speed", "Calculate the speed of an object from the distance and the time taken.")
    assert Router([speed]).decide("Calculate the speed of an object: 450 meters in 20 seconds.").needs_tools


def test_a_tool_is_a_built_in_familys_only_when_its_name_is_all_about_that_family():
    final = _tool("calculate_final_temperature",
                  "Calculates the final equilibrium temperature after mixing two bodies.")
    decision = Router([final]).decide("Calculate the final temperature when 20 kg of water at 30 degree Celsius is "
                                      "mixed with 15 kg of water at 60 degree Celsius.")
    assert decision.tool_hints == ("calculate_final_temperature",) and decision.family != "weather"
    case = _tool("legal_case.fetch", "Fetch detailed legal case information from database.")
    assert Router([case]).decide("Fetch the details of the legal case R vs Adams").family != "web"
    weather = _tool("get_current_weather", "Get the weather for a city.")
    decision = Router([weather]).decide("what's the weather in Oslo right now?")
    assert decision.family == "weather" and decision.tool_hints == ("get_current_weather",)


def test_a_message_that_is_one_quotation_is_read_as_the_request():
    stock = _tool("get_stock_price", "Retrieve the stock price for a specific company and time frame.")
    decision = Router([stock]).decide("'Get stock price of Apple for the last 5 days in NASDAQ.'")
    assert decision.tool_hints == ("get_stock_price",)


def test_times_between_numbers_is_multiplication_not_a_dropped_apostrophe():
    calc = _tool("calculate", "Evaluate an arithmetic expression exactly.")
    decision = Router([calc]).decide("What's 17 times 23?")
    assert decision.needs_tools and decision.tool_hints == ("calculate",)


def test_a_request_to_add_is_not_a_look_at_the_days_it_names():
    router = Router(builtin_tools())
    for text in ("remind me to renew my passport on Thursday", "put 'book the vet' on my list for next Monday"):
        decision = router.decide(text)
        assert decision.band == "sure" and decision.tool_hints == ("todoist_add_task",), text
    assert "todoist_upcoming" in router.decide("what's due on Thursday?").tool_hints


def test_the_sure_family_is_not_joined_by_a_clearly_weaker_one():
    decision = Router(builtin_tools()).decide("Add 'fixed the bike' to today's journal")
    assert decision.family == "notes" and decision.tool_hints == ("note_daily",)


@pytest.mark.parametrize("message,tool", [
    ("log 100", "calculate"), ("log(1000)", "calculate"), ("ln 5", "calculate"), ("log base 2 of 8", "calculate"),
    ("log 5 hours of work", "note_daily"), ("log that I ran 5k", "note_daily"),
])
def test_a_logarithm_is_the_calculators_and_a_log_entry_the_daily_notes(message, tool):
    assert Router(builtin_tools()).decide(message).tool_hints[0] == tool


def test_telling_and_asking_about_oneself_point_at_the_right_memory_tool():
    router = Router(builtin_tools())
    assert router.decide("From now on, always reply to me in Spanish").tool_hints == ("memory_remember",)
    assert router.decide("My brother works in Leeds, bear that in mind").tool_hints == ("memory_remember",)
    asked = router.decide("what's my landlord's phone number?")
    assert asked.band == "sure" and asked.tool_hints == ("memory_recall",)
    # the user's own people and things only memory knows: a small model left alone answered "I'm tars"
    for message in ("what is my cat called?", "who is my sister?", "where does my sister live?",
                    "what's my wifi password?", "what's my favourite colour?"):
        asked = router.decide(message)
        assert asked.band == "sure" and asked.tool_hints == ("memory_recall",), message
    assert router.decide("what's my ip address?").band != "sure"
    # advice about one's own things is the model's, not memory's
    for message in ("what does my dog need to eat to stay healthy?", "when does my car need an oil change?",
                    "how did my cat get fleas?"):
        assert router.decide(message).band != "sure", message
    for message in ("where did my wife go to school?", "where did my brother move to?",
                    "what did my wife say about the party?"):
        assert router.decide(message).tool_hints == ("memory_recall",), message


def test_plain_asks_for_a_page_notes_or_the_weather_are_sure():
    router = Router(builtin_tools())
    page = router.decide("Summarise this article for me")
    assert page.band == "sure" and page.tool_hints == ("web_read",)
    notes = router.decide("find what I jotted down about the garden plans")
    assert notes.family == "notes" and notes.tool_hints == ("notes_search",)
    weather = router.decide("how's the weather?")
    assert weather.band == "sure" and weather.tool_hints[0] == "weather_now"


def test_a_learned_tool_is_named_by_its_own_verb_and_its_short_forms():
    binomial = _tool("calculate_binomial_probability", "Calculates the binomial probability given the number of "
                     "trials and successes.")
    decision = Router([binomial]).decide("Calculate the probability of rolling two sixes in ten throws of a die.")
    assert decision.needs_tools and decision.tool_hints == ("calculate_binomial_probability",)
    short = _tool("calc_normal_prob", "Calculates the probability of a value under a normal curve")
    assert Router([short]).decide("Calculate the probability that a value exceeds 2 under a normal curve with "
                                  "mean 0").needs_tools
    # without the tool's verb, half its subject is not enough: "probability" alone is a textbook topic
    assert Router([binomial]).decide("What is probability theory about?").band == "none"


def test_a_tool_that_only_mentions_time_gets_no_time_server_cues():
    light = _tool("light_travel_time", "Calculate the time taken for light to travel between bodies.")
    assert Router([light]).decide("what time is it in Tokyo?").band != "sure"  # a shared word, not its subject
    assert Router(time_tools()).decide("what time is it in Tokyo?").band == "sure"


def test_a_tool_names_its_subject_with_words_a_description_would_waste():
    lookup = _tool("cell_biology.function_lookup", "Look up the function of a given molecule in an organelle.")
    decision = Router([lookup]).decide("What is the function of hemoglobin in red blood cells?")
    assert decision.needs_tools and decision.tool_hints == ("cell_biology.function_lookup",)
    assert Router([lookup]).decide("write a python function that reverses a string").band == "none"


def test_a_question_about_the_schedule_is_no_request_to_add_and_data_tools_keep_their_family():
    router = Router(builtin_tools())
    assert router.decide("what's on my schedule today").tool_hints == ("todoist_today",)
    assert router.decide("what did I put on my list for today").tool_hints == ("todoist_today",)
    weather = _tool("get_weather_data", "Weather data for a city.")
    assert Router([weather]).decide("will it rain in Lisbon tomorrow?").band == "sure"


def test_a_learned_tool_is_found_through_forms_of_its_words_and_what_they_are_instances_of():
    inventor = _tool("inventor.lookup", "Find who made an invention and when.")
    assert Router([inventor]).decide("Who invented the telephone?").needs_tools  # invented ~ inventor
    translate = _tool("translate", "Translate text from a specified source language to a specified target language.")
    assert Router([translate]).decide("Translate 'Hello, how are you?' from English to French.").needs_tools
    assert Router([translate]).decide("I translate books for a living").band == "none"  # its verb leads a request
    sort = _tool("sort_list", "Sort the elements of a list in ascending or descending order.")
    assert Router([sort]).decide("Sort this list of names in ascending order: ['Sam', 'Alice']").needs_tools
    rates = _tool("currency_converter", "Convert an amount between two currencies.")
    assert Router([rates]).decide("Convert 300 Swiss francs to Mexican pesos").needs_tools  # francs: a currency
    assert Router([rates]).decide("Convert this essay into a poem").band == "none"
    adder = _tool("sum_numbers", "Calculates the sum of all the numbers provided in the list.")
    assert Router([adder]).decide("What is the sum of 133 and 34?").needs_tools  # 133: a number
    assert Router([adder]).decide("What is the sum of all human knowledge?").band == "none"
    ruler = _tool("get_ruler_by_year", "Find the ruler of a country in a given year.")
    assert Router([ruler]).decide("Who was the ruler of Prussia in 1790?").needs_tools  # 1790: a year
    # a qualifier leaves the subject to the namespace; a tool named for its doer is about what it does
    museum = _tool("museum.get_details", "Details of a museum by its name.")
    assert Router([museum]).decide("Find the opening hours of the museum called Louvre").needs_tools
    assert Router([museum]).decide("Give me the details of your plan").band == "none"
    route = _tool("travel_time_calculator.calculate", "Estimate the travel time between two cities.")
    assert Router([route]).decide("How long is the travel time from Lyon to Nice by car?").needs_tools


def test_forms_of_one_root_need_an_ending_both_words_can_take():
    from tars.routing.learned import is_verb, same_root

    assert same_root("discovered", "discoverer") and same_root("invented", "invention")
    assert same_root("history", "historic") and same_root("religion", "religious")
    assert not same_root("general", "generate") and not same_root("planet", "plane") and not same_root("mode", "model")
    assert is_verb("calculator") and is_verb("conversion") and not is_verb("library")


def test_plurals_play_and_short_names_reach_learned_tools():
    films = _tool("Films_2_FindMovies", "Find movies by genre and director.")
    assert Router([films]).decide("Can you find me a thriller movie directed by Ang Lee?").needs_tools  # movies ~ movie
    song = _tool("play_radio_song", "Play a song on the radio.")
    assert Router([song]).decide("Play the song 'Yesterday' by the Beatles").needs_tools
    shell = _tool("cmd_runner.execute", "Run a shell command on the computer.")
    assert Router([shell]).decide("check the disk usage using the command df -h").needs_tools  # cmd: command
    assert Router([song]).decide("What is a good song to learn on guitar?").band != "sure"


@pytest.mark.parametrize("name,description,message", [
    ("get_severity", "Get the severity of an incident.", "I have several questions about my essay"),
    ("send_msg", "Send a message to a contact.", "What am I missing in this paragraph?"),
    ("is_leap_year", "Tell whether a year is a leap year.", "Is 1500 calories a day enough for me?"),
    # a compound opens with a combining form ("geo"); a plain word's ending is no compound
    ("password.reset", "Reset the password of an account.", "Find the best sword in Zelda."),
    ("attraction.find", "Find tourist attractions in a city.", "Find action movies playing tonight."),
    ("unsubscribe", "Unsubscribe from a mailing list.", "Subscribe me to the weekly digest."),
])
def test_word_forms_kinds_and_short_names_do_not_fire_on_ordinary_english(name, description, message):
    assert Router([_tool(name, description)]).decide(message).band == "none"


def test_a_model_name_with_its_words_reaches_its_tool():
    specs = _tool("get_computer_specs", "Specifications of a computer model.")
    assert Router([specs]).decide("What are the specs of the computer model XPS 13?").needs_tools


def test_compound_names_qualifiers_and_most_of_a_name_reach_learned_tools():
    from tars.routing.learned import stem

    distance = _tool("geodistance.find", "Find the distance between two cities on the globe.")
    assert Router([distance]).decide("Find the distance between New York City and Los Angeles.").band == "sure"
    # "best" narrows the tool; the store is what it is about
    store = _tool("grocery_store.find_best", "Find the closest high-rated grocery stores with certain products.")
    assert Router([store]).decide("Find the grocery store closest to Berkeley that sells tomatoes.").needs_tools
    weapon = _tool("game.find_best_weapon", "Find the best weapon in the inventory to use against an enemy.")
    assert Router([weapon]).decide("Find the best character to use against a dragon in DragonSlayer game."
                                   ).band == "none"
    # two of a name's three subject words: a model decides
    forecast = _tool("humidity_temperature_forecast", "Retrieve forecast of humidity and temperature for a location.")
    assert Router([forecast]).decide("What will be the humidity and temperature for New York City after 7 days?"
                                     ).band == "unsure"
    # plurals of words ending in -se and -ze keep their e, so "cases" is a case
    assert [stem(w) for w in ("cases", "sizes", "classes", "boxes", "buses", "statuses")] == [
        "case", "size", "class", "box", "bus", "status"]
    assert [stem(w) for w in ("analyses", "hypotheses", "busts", "lenses", "lens", "waltzes")] == [
        "analysis", "hypothesis", "bust", "lens", "lens", "waltz"]
    lawsuit = _tool("legal_case.fetch", "Fetch detailed legal case information from the database.")
    assert Router([lawsuit]).decide("Fetch the legal cases filed against Dara Inc in 2019.").needs_tools
    # a name of qualifiers alone is about them
    summary = _tool("summary.generate", "Generate a summary of a text.")
    assert Router([summary]).decide("Write a summary of this paragraph: the cat sat on the mat.").needs_tools
    assert Router([_tool("basic_info", "Basic facts about a country.")]).decide(
        "Give me basic facts about Peru.").needs_tools
    # a name said only in part is never sure, in a textbook frame or not: the model decides
    assert Router([forecast]).decide("What is the relationship between humidity and temperature?").band == "unsure"


def test_time_qualifiers_and_combining_forms_in_a_name_leave_its_subject_to_the_rest():
    uv = _tool("uv_index.get_future", "Retrieve UV index data for a specified location and date.")
    assert Router([uv]).decide("What will the UV index be in Sydney on Friday?").needs_tools
    goals = _tool("player_stats.get_all_time_goals", "Fetch all-time goals scored by a football player for a team.")
    assert Router([goals]).decide("How many goals did Ronaldo score for Real Madrid?").needs_tools
    odds = _tool("probabilities.calculate_single", "Calculate the probability of an event.")
    assert Router([odds]).decide("What is the probability of rolling a six on a die?").needs_tools
    distance = _tool("geo_distance.calculate", "Calculate the geographic distance between two given locations.")
    assert Router([distance]).decide("What is the distance between Paris and Berlin?").needs_tools
    assert Router([uv]).decide("Tell me about your future plans.").band == "none"


def test_a_tool_named_for_a_kind_is_reached_by_its_instances_and_a_model_decides_when_nothing_backs_them():
    homes = _tool("realestate.find_properties", "Find properties based on location, budget, and specifications")
    art = _tool("artwork_search.find", "Search for artworks based on type and location.")
    dates = _tool("get_event_date", "Retrieve the date of a historical event.")
    route = _tool("get_directions", "Retrieve directions from one location to another.")
    forecast = _tool("stock_forecast", "Predict the future stock price for a specific company and time frame.")
    for tool, message in [(homes, "Find a 3 bedroom villa for sale in San Diego."),
                          (art, "Search for famous contemporary sculptures in New York."),
                          (dates, "When was the Treaty of Versailles signed?"),
                          (route, "What's the quickest route from Boston to Albany?"),
                          (forecast, "Predict the stock price of Tesla for the next week.")]:
        assert Router([tool]).decide(message).needs_tools, message
    # "house" is a property only in a request about one: alone it is no reason to be sure
    assert Router([homes]).decide("I painted my house last weekend.").band != "sure"
    assert Router([dates]).decide("When should I water my plants?").band == "none"


def test_asking_how_to_get_what_a_tool_is_wholly_about_is_left_to_a_model():
    cases = _tool("legal_case.fetch", "Fetch detailed legal case information from the database.")
    assert Router([cases]).decide("How to obtain the detailed case information of the R vs Adams legal case?"
                                  ).band == "unsure"
    assert Router([cases]).decide("How do I write a good essay?").band == "none"


@pytest.mark.parametrize("message,tool", [
    ("what notes do I have?", "notes_list"), ("list my notes", "notes_list"), ("show me all my notes", "notes_list"),
    ("what notes do I have on python?", "notes_search"), ("list my notes about the garden", "notes_search"),
    ("read my shopping note", "note_read"), ("any notes about Berlin?", "notes_search"),
])
def test_asking_what_notes_there_are_lists_them_and_asking_about_a_subject_searches(message, tool):
    decision = Router(builtin_tools()).decide(message)
    assert decision.band == "sure" and decision.tool_hints == (tool,), decision


@pytest.mark.parametrize("message", ["read my sick note", "what tasks do i have to do to get a visa",
                                     "add these up", "add them up"])
def test_notes_and_tasks_of_other_kinds_are_not_the_users_vault_or_list(message):
    assert Router(builtin_tools()).decide(message).family not in ("notes", "tasks")


@pytest.mark.parametrize("message,hints", [
    # one lasting fact about the user is kept; a small model had recalled "I live in Lisbon"
    ("I live in Lisbon", ("memory_remember",)), ("my cat is called Tom", ("memory_remember",)),
    ("my favourite colour is green", ("memory_remember",)),
    # a question about the user's own life only memory can answer
    ("where do I live?", ("memory_recall",)), ("remind me what my wifi password is", ("memory_recall",)),
    # ... but a time to be reminded at makes it a reminder
    ("remind me what I need to pack tomorrow morning", ("todoist_add_task",)),
    ("remind me who I need to call at 3pm", ("todoist_add_task",)),
    ("remind me what my sister's address is, I'm visiting her tomorrow", ("memory_recall",)),
    # a whole-message weather cue is no textbook question ("what is …" opens both)
    ("what is the weather like?", ("weather_now", "weather_forecast")),
    # the forecast has the sun's times: the embedded model said the sun sets "at 12:00 UTC"
    ("when does the sun set today?", ("weather_forecast",)), ("what time is sunrise tomorrow?", ("weather_forecast",)),
])
def test_what_only_memory_or_a_tool_can_answer_is_sure(message, hints):
    decision = Router(builtin_tools()).decide(message)
    assert decision.band == "sure" and decision.tool_hints[:len(hints)] == hints, decision



def test_a_field_or_a_versioned_service_opening_a_name_is_its_namespace():
    factorial = _tool("math_factorial", "Calculates the factorial of a number.")
    assert Router([factorial]).decide("I'm stuck on a combinatorics problem: what is the factorial of 7?").needs_tools
    assert Router([factorial]).decide("Is math hard to learn?").band == "none"
    movies = _tool("Media_3_FindMovies", "Explore movies online based on genre and actors.")
    assert Router([movies]).decide("I wish to search a movie to watch online, a fantasy one.").needs_tools
    # a namespace says a name's "time" is no clock's: no time-server cues, the tool's own subject decides
    travel = _tool("kinematics.calculate_time", "Calculate time required for an object to travel a distance.")
    assert Router([travel]).decide("Calculate the time for a car at 50 m/s to travel 600 m.").needs_tools


@pytest.mark.parametrize("name,description,message", [
    ("mat_mul", "Multiplies two matrices.", "Please multiply the matrices [[1, 2], [3, 4]] and [[5, 6], [7, 8]]."),
    ("calculate_mean", "Calculates the mean of a list of numbers.", "Calculate the average of 22, 24 and 30."),
    ("fetchPerson", "Retrieves the details of a person using their unique identifier.",
     "Tell me the details of the individual with identifier 4."),
    ("get_user_info", "Retrieve details for a specific user by their unique identifier.",
     "Can you retrieve the details for the user with the ID 7890?"),
])
def test_short_forms_in_names_and_everyday_words_for_their_subjects_reach_learned_tools(name, description, message):
    assert Router([_tool(name, description)]).decide(message).needs_tools


def test_a_short_form_in_a_name_is_not_read_into_a_message():
    assert Router([_tool("mat_mul", "Multiplies two matrices.")]).decide("Where can I buy a yoga mat?").band == "none"


def test_a_short_message_that_names_all_a_tool_is_about_reaches_it():
    discoverer = _tool("discoverer.get", "Retrieve the name of the discoverer of an element based on its name.")
    assert Router([discoverer]).decide("Who discovered radium?").needs_tools
    president = _tool("us_president_in_year", "Find out who was the president of United States in a given year.")
    assert Router([president]).decide("Who is the Vice President?").band != "sure"


def test_coding_words_beside_all_a_tool_is_about_are_its_subject_not_a_coding_question():
    resolve = _tool("SchemaRegistry.resolveSchemaReference",
                    "Resolves a schema reference, by name or directly, to a schema object.")
    message = "Resolve the schema reference 'orders-v2' in the Postgres database using the data source object `pg`."
    assert Router([resolve]).decide(message).band == "sure"
    # ... unless code itself is asked for
    assert Router([resolve]).decide("Write a Java method that resolves a schema reference.").band == "none"



def test_a_climate_study_may_still_want_todays_readings(config):
    router = Router(builtin_tools())
    text = "I'm working on a climate study: what is the current temperature at the North Pole?"
    assert routed(router, text, config).family == "weather"
    for text in ("how is climate change affecting the arctic?", "what is the climate like in Lisbon?"):
        assert not routed(router, text, config).escalate, text


def test_an_acronym_in_a_camel_case_namespace_is_a_word_of_its_own():
    store = _tool("SSLCertificateStore.list", "Lists the certificates in the store.")
    assert Router([store]).decide("List the SSL certificates in my store.").needs_tools


@pytest.mark.parametrize("name,description,message", [
    ("fMRI.analyze", "Analyzes functional imaging data.", "Analyze my fMRI data in ~/scans/run1.nii, smoothed at 6mm."),
    ("iPhoneBackup.restore", "Restores a device from a backup.", "Restore my iPhone backup from last week."),
])
def test_a_lower_case_letter_before_capitals_is_part_of_the_word(name, description, message):
    assert Router([_tool(name, description)]).decide(message).needs_tools


def test_a_learned_tool_barely_named_leaves_the_model_its_say():
    """At the least sure score a description's words also fit a request near the tool's topic."""
    cells = _tool("cellBiology.getCellType", "Returns the type of a cell based on its characteristics.")
    assert Router([cells]).decide("Identify the type of blood cells responsible for clotting.").band == "unsure"
    # a hand-written family's cue at the same score stays sure
    assert Router(builtin_tools()).decide("what's the weather in Lisbon?").band == "sure"


def test_two_words_of_a_learned_tool_leave_the_model_its_say():
    """A request that says two things a learned tool is about, though not its name, is no sure
    "none": a model decides. A textbook frame still outweighs them."""
    appliance = _tool("ThinQ_Connect", "Send a command to control an LG ThinQ appliance, such as an air conditioner, "
                                       "by setting its operation mode and wind strength.")
    asked = Router([appliance]).decide("Switch the air conditioner to dry mode")
    assert asked.band == "unsure" and asked.tool_hints == ("ThinQ_Connect",)
    assert Router([appliance]).decide("Switch to dry mode").band == "none"  # one word in passing
    assert Router([appliance]).decide("Who invented the air conditioner?").band == "none"


def test_coding_words_that_are_a_learned_tools_own_subject_do_not_turn_it_away():
    """A tool about code objects: the message's coding words are what the tool is about when it says
    three or more of the tool's own words; a request for code is still the model's to write."""
    node = _tool("InsnDecoder.invokePolymorphic", "Creates an InvokePolymorphicNode based on the given instruction "
                                                  "data and whether the invocation is a range invocation.")
    asked = Router([node]).decide("Help me create an `InvokePolymorphicNode` for a given instruction data "
                                  "`instructionData` that represents a range invocation in a Java decompiler?")
    assert asked.needs_tools and asked.tool_hints == ("InsnDecoder.invokePolymorphic",)
    joined = _tool("concat_strings", "Concatenate a list of strings into a single string.")
    assert not Router([joined]).decide("Please make python code that get two strings and concat them.").needs_tools
    assert not Router([node]).decide("How do I write a Java method that returns a string?").needs_tools
