"""The clock tools: a place's time zone, the time now there, a clock time converted, their router
family, and `tars ask` through a local model server with the clock's time reaching the answer."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from asking import ask_json
from servers.ollama import OllamaServer
from servers.openmeteo import OpenMeteoServer

from tars.tools import dates
from tars.tools.clock import difference_asked, time_convert, time_difference, time_now
from tars.tools.zones import ClockError, find_zone, known_zone


@pytest.fixture
def fixed_now(monkeypatch):
    """Thursday 2026-11-26 21:50 UTC, whatever the machine's clock says."""
    moment = dt.datetime(2026, 11, 26, 21, 50, tzinfo=dt.UTC)
    monkeypatch.setattr(dates, "now", lambda: moment)
    return moment


@pytest.mark.parametrize("place,zone,label", [
    ("Tokyo", "Asia/Tokyo", "Tokyo"), ("tokyo, japan", "Asia/Tokyo", "Tokyo, Japan"),
    ("New York City", "America/New_York", "New York City"), ("São Paulo", "America/Sao_Paulo", "São Paulo"),
    ("San Francisco", "America/Los_Angeles", "San Francisco"), ("Mumbai", "Asia/Kolkata", "Mumbai"),
    ("India", "Asia/Kolkata", "India"), ("UK", "Europe/London", "UK"), ("PST", "America/Los_Angeles", "PST"),
    ("Pacific Standard Time", "America/Los_Angeles", "Pacific"), ("eastern time", "America/New_York", "Eastern"),
    ("Asia/Kathmandu", "Asia/Kathmandu", "Asia/Kathmandu"), ("utc", "UTC", "UTC"), ("London time", "Europe/London",
                                                                                    "London"),
    ("the uk", "Europe/London", "the UK"), ("rio", "America/Sao_Paulo", "Rio"), ("Seattle, USA", "America/Los_Angeles",
                                                                                "Seattle, USA"),
    ("UTC+5", "UTC+05:00", "UTC+05:00"), ("gmt-3:30", "UTC-03:30", "UTC-03:30"),
    ("Austin, TX", "America/Chicago", "Austin, TX"), ("Portland, OR", "America/Los_Angeles", "Portland, OR"),
    ("Louisville, KY", "America/Kentucky/Louisville", "Louisville, KY"),
    ("Fort Wayne, Indiana", "America/Fort_Wayne", "Fort Wayne, Indiana"),
    # the country, not the database's older name for American Samoa's clock (a day behind)
    ("Samoa", "Pacific/Apia", "Samoa"), ("San Juan", "America/Puerto_Rico", "San Juan"),
    ("Norfolk Island", "Pacific/Norfolk", "Norfolk Island"),
])
def test_places_are_found_in_the_zone_database_and_tables(place, zone, label):
    found = find_zone(place)
    assert (found.key, found.label, found.several) == (zone, label, False)


@pytest.mark.parametrize("place", ["Norfolk", "Chatham"])
def test_a_bare_name_the_database_gives_a_far_island_is_not_taken_for_it(place):
    """"norfolk" had been Norfolk Island's clock, 12 hours ahead, not Virginia's or England's."""
    with pytest.raises(ClockError, match="no time zone is known"):
        find_zone(place)


def test_a_country_with_several_zones_is_answered_for_one_and_says_so(fixed_now):
    out = time_now("Australia")
    assert out["zone"] == "Australia/Sydney" and out["time"] == "08:50" and out["date"] == "2026-11-27"
    assert out["confirmation"].endswith("(Australia has several time zones; this is Sydney's.)")


def test_time_now_in_a_place_and_here(fixed_now):
    out = time_now("Tokyo")
    assert (out["time"], out["date"], out["weekday"], out["utc_offset"]) == ("06:50", "2026-11-27", "Friday",
                                                                              "UTC+09:00")
    assert out["confirmation"] == ("In Tokyo it is 06:50 on Friday 27 November 2026 (Asia/Tokyo, UTC+09:00), "
                                   "9 hours ahead of you.")
    assert "5 hours 30 minutes ahead of you" in time_now("Delhi")["confirmation"]
    assert "8 hours behind you" in time_now("Seattle")["confirmation"]
    here = time_now()
    assert here["confirmation"] == "It is 21:50 on Thursday 26 November 2026 (UTC, your time)."


def test_a_clock_time_converted_between_places(fixed_now):
    out = time_convert("3pm", "Tokyo", "London")
    # a clock time alone is today's, even when it has passed; Tokyo is already on the next day
    assert out["from"]["time"] == "2026-11-26T15:00+00:00" and out["to"]["time"] == "2026-11-27T00:00+09:00"
    assert out["confirmation"] == ("15:00 on Thursday 26 November 2026 in London is 00:00 on Friday 27 November "
                                   "2026 in Tokyo (Asia/Tokyo, UTC+09:00).")
    # a place said with the time ("3pm London time") is where the time is
    assert time_convert("3pm London time", "Tokyo")["to"]["time"] == "2026-11-27T00:00+09:00"
    # summer time is the place's own on that day: New York in July is UTC-4
    summer = time_convert("july 1 2027 9:00", "UTC", "New York")
    assert summer["to"]["time"] == "2027-07-01T13:00+00:00"
    assert time_convert("9:30", "Kathmandu", "Paris")["to"]["time"].endswith("14:15+05:45")
    # a day said with the time and the place stays the time's: "3pm tomorrow London time"
    for said in ("3pm tomorrow London time", "3pm London time tomorrow", "3pm tomorrow in London"):
        assert time_convert(said, "Tokyo")["to"]["time"] == "2026-11-28T00:00+09:00", said
    assert time_convert("Tokyo 9am", "UTC")["to"]["time"] == "2026-11-27T00:00+00:00"  # today there is the 27th
    with pytest.raises(ClockError, match="no time zone is known for 'Krakowville'"):  # not read as your time
        time_convert("10am Krakowville time", "Tokyo")
    # a time the clocks go back over comes twice, and the answer says both
    twice = time_convert("1:30am on November 1 2026", "London", "New York")["confirmation"]
    assert "is 05:30 on Sunday 1 November 2026 in London" in twice
    assert twice.endswith("01:30 comes twice that day in New York (the clocks go back); the second time it is "
                          "06:30 in London.")
    # both places in the target, as a small model wrote them for "3pm tomorrow London time in Tokyo"
    assert time_convert("3pm tomorrow", "London time in Tokyo")["to"]["time"] == "2026-11-28T00:00+09:00"
    # to the user's own time (UTC here), said as a model says it
    for mine in ("here", "your time", "local"):
        assert time_convert("9am", mine, "PST")["confirmation"] == ("09:00 on Thursday 26 November 2026 in PST is "
                                                                    "17:00 on Thursday 26 November 2026 your time.")
    assert time_now("utc")["confirmation"].endswith("(UTC), the same time as yours.")


def test_unknown_places_and_unreadable_times_are_tool_errors(fixed_now):
    with pytest.raises(ClockError, match="no time zone is known for 'Qwertyville'"):
        time_now("Qwertyville")
    # a city named with a region the tables do not know is not the famous one of that name
    # nor one whose state keeps another clock: Portland, Maine is on Eastern time, not Oregon's
    assert known_zone("the west") is None  # no clock: not the database's old "Australia/West"
    for elsewhere in ("Paris, Texas", "Paris, TX", "Paris, USA", "London, Canada", "Portland, Maine",
                      "Vancouver, Washington"):
        with pytest.raises(ClockError, match=f"no time zone is known for '{elsewhere}'"):
            time_now(elsewhere)
    with pytest.raises(ClockError, match="outside the calendar"):
        time_convert("11pm on 9999-12-31", "Tokyo")
    with pytest.raises(ClockError, match="does not exist in New York: the clocks go forward then"):
        time_convert("march 8 2026 2:30am", "UTC", "New York")
    with pytest.raises(ClockError, match="cannot read 'teatime' as a clock time"):
        time_convert("teatime", "Tokyo", "London")


def test_a_place_the_tables_do_not_know_comes_from_the_geocoding_service(fixed_now):
    with OpenMeteoServer() as server:
        out = time_now("Bergen", server.url)
        assert (out["place"], out["zone"], out["time"]) == ("Bergen, Vestland, Norway", "Europe/Oslo", "22:50")
        assert [r.path for r in server.requests] == ["/v1/search"]
        with pytest.raises(ClockError, match="no place called 'Atlantis' was found; name a city"):
            time_now("Atlantis", server.url)
        # "City, Region": the place of that name in that region, or none
        assert time_now("Bergen, Norway", server.url)["zone"] == "Europe/Oslo"
        with pytest.raises(ClockError, match="no place called 'Bergen, Texas'"):
            time_now("Bergen, Texas", server.url)
        assert find_zone("Tokyo", server.url).key == "Asia/Tokyo" and len(server.requests) == 4  # no lookup


def test_how_far_apart_two_clocks_are(fixed_now):
    out = time_difference("tokyo", "London")
    assert out["hours_ahead"] == 9 and out["confirmation"] == (
        "Tokyo (Asia/Tokyo, UTC+09:00) is 9 hours ahead of London (Europe/London, UTC): it is 06:50 in Tokyo when it "
        "is 21:50 in London. For part of the year (when the clocks change) it is 8 hours ahead of London.")
    # neither changes its clocks: no caveat; half hours are told as minutes
    assert time_difference("Delhi")["confirmation"] == ("Delhi (Asia/Kolkata, UTC+05:30) is 5 hours 30 minutes ahead "
                                                        "of you: it is 03:20 in Delhi when it is 21:50 for you.")
    assert time_difference("New York", "Paris")["confirmation"].startswith(
        "New York (America/New_York, UTC-05:00) is 6 hours behind Paris (Europe/Paris, UTC+01:00): it is 16:50")
    assert "is the same time as Lisbon" in time_difference("London", "Lisbon")["confirmation"]
    assert time_difference("Phoenix", "Los Angeles")["confirmation"].endswith(
        "For part of the year (when the clocks change) it is the same time as Los Angeles.")
    # the gap all year round, and every place with several zones said
    assert time_difference("the uk", "the us")["confirmation"] == (
        "The UK (Europe/London, UTC) is 5 hours ahead of the US (America/New_York, UTC-05:00): it is 21:50 in the UK "
        "when it is 16:50 in the US. For part of the year (when the clocks change) it is 4 hours ahead of the US. "
        "(The US has several time zones; this is New York's.)")
    assert time_difference("Sydney", "New York")["confirmation"].endswith(
        "For part of the year (when the clocks change) it is 15 hours or 14 hours ahead of New York.")
    # the user's own clock however a model names it (a model wrote "your place", which no geocoder knows)
    assert time_difference("Delhi", "your place")["confirmation"] == time_difference("Delhi")["confirmation"]
    with pytest.raises(ClockError, match="Atlantis"):
        time_difference("Atlantis", "London")


@pytest.mark.parametrize("message,args", [
    ("how many hours ahead is tokyo from london?", {"place": "tokyo", "from_place": "london"}),
    ("What's the time difference between New York and Paris right now?", {"place": "New York", "from_place": "Paris"}),
    ("how many hours is Sydney ahead of me?", {"place": "Sydney"}),
    ("time difference to sydney please", {"place": "sydney"}),
    ("how many hours apart are tokyo and new york", {"place": "tokyo", "from_place": "new york"}),
    ("is tokyo ahead of london?", {"place": "tokyo", "from_place": "london"}),
    ("what's the time difference between here and Tokyo?", {"place": "Tokyo"}),
    # a place tars would have to look up, or no places at all: the model reads it
    ("what's the time difference between Bergen and Tromsø?", None),
    ("time difference between the two log files", None), ("is the project ahead of schedule?", None),
])
def test_the_places_of_a_time_difference_are_read_from_the_question(message, args):
    assert difference_asked(message) == args


# -- routing -------------------------------------------------------------------------------------
@pytest.mark.parametrize("message,tool", [
    ("what time is it in Tokyo?", "time_now"), ("what is the time in new york?", "time_now"),
    ("what time is it?", "time_now"), ("is it still morning in Sydney?", "time_now"),
    ("what time zone is Denver in", "time_now"), ("convert 3pm London time to Tokyo", "time_convert"),
    ("what's 9am New York time in Berlin?", "time_convert"), ("what is 3pm PST in CET", "time_convert"),
    ("how do I convert 3pm London time to Tokyo?", "time_convert"),
    ("I run a script at 2am UTC, what time is that here?", "time_convert"),
    ("what time is it in Tokyo? my code needs it", "time_now"),
    ("how many hours ahead is tokyo from london?", "time_difference"),
    ("what's the time difference between Tokyo and London?", "time_difference"),
    ("what's the time difference between Marseille and New York?", "time_difference"),
    ("is tokyo 9 hours ahead of london?", "time_difference"),
])
def test_clock_questions_get_the_clock_on_the_primary(router, message, tool):
    decision = router.decide(message)
    assert decision.family == "clock" and decision.tool_hints == (tool,) and decision.local, decision


@pytest.mark.parametrize("message", [
    "what is the time complexity of quicksort", "why do we have time zones?", "how many time zones does Russia have?",
    "what time will it be in 5 hours", "what's the date today", "write a poem about time",
    "in python how do I get the current time in Tokyo",
    "we are two hours behind schedule", "I'm 3 hours ahead of schedule, should I stop early?",
    "what's the time difference between 3 march and 10 april?",
    "what's the time difference between march 3 and april 10?",
    "I'm 2 hours behind on my work", "the train is 2 hours behind", "how many hours behind schedule are we?",
    "how many hours are we behind on the project?", "how many hours is the train behind?",
    "the other team is 2 hours ahead of us",
])
def test_questions_about_time_that_no_clock_answers_do_not_route_there(router, message):
    assert router.decide(message).family != "clock"


# -- through `tars ask` --------------------------------------------------------------------------
def test_the_answer_is_the_clocks_time_not_the_models():
    """The time in the answer is the clock's: tars reads the place, and no model retells it."""
    with OllamaServer() as ollama:
        ollama.script('{"tool": "time_now", "args": {"place": "Tokyo"}}')
        before = dt.datetime.now(ZoneInfo("Asia/Tokyo"))
        out = ask_json("what time is it in Tokyo?", ollama.url)
        after = dt.datetime.now(ZoneInfo("Asia/Tokyo"))
        assert [c["name"] for c in out["tool_calls"]] == ["time_now"]
        assert out["answer"].startswith("In Tokyo it is ")
        assert f"{before:%H:%M}" in out["answer"] or f"{after:%H:%M}" in out["answer"]
        assert ollama.requests_to("/api/chat") == []  # tars reads the place and tells the time: no model


def test_how_far_apart_two_clocks_are_is_told_by_tars_not_the_model():
    """A small model asked how far ahead Tokyo is of London asked "when?"; tars reads the places
    and tells the gap the zone database gives, with no model call."""
    with OllamaServer() as ollama:
        ollama.script("Could you tell me when?")
        out = ask_json("how many hours ahead is tokyo from mumbai?", ollama.url)
        assert [(c["name"], c["arguments"]) for c in out["tool_calls"]] == [
            ("time_difference", {"place": "tokyo", "from_place": "mumbai"})]
        assert out["answer"].startswith("Tokyo (Asia/Tokyo, UTC+09:00) is 3 hours 30 minutes ahead of Mumbai "
                                        "(Asia/Kolkata, UTC+05:30): it is ")
        assert not ollama.requests_to("/api/chat")


def test_the_time_in_several_places_is_told_for_each():
    """"what's the time in london and paris?" had been answered with the user's own time: the
    embedded model dropped both places."""
    from tars.tools.clock import now_asked, time_now

    assert now_asked("what's the time in london and paris?") == {"place": "london and paris"}
    assert now_asked("what time is it in Tokyo right now?") == {"place": "Tokyo"}
    assert now_asked("what time is it in Narnia?") is None  # looked up by the geocoder, through the model
    # a place with its region is one place; one the tables cannot place is left to the geocoder
    assert now_asked("what time is it in Tokyo, Japan and London?") == {"place": "Tokyo, Japan and London"}
    assert now_asked("what time is it in Perth, Scotland and London?") is None
    told = time_now("London, Paris and Tokyo")
    assert [each["place"] for each in told["places"]] == ["London", "Paris", "Tokyo"]
    assert told["confirmation"].startswith("In London it is ") and " In Tokyo it is " in told["confirmation"]


@pytest.mark.parametrize("message", ["what day is it in Auckland?", "what's the date in Tokyo?",
                                     "is it daytime in Sydney now?", "is it saturday in Auckland yet?",
                                     "what's the date in the UK?", "is it Monday in the US yet?"])
def test_the_day_somewhere_else_is_the_clocks(router, message):
    """The model had said "Auckland is on Friday" when it was already Saturday there."""
    assert router.decide(message).tool_hints == ("time_now",)
    for other in ("is it monday in my calendar", "what's today's date in Roman numerals?",
                  "what is the date in french?", "is it holiday in France tomorrow?", "is it friday at work yet?",
                  "what's the date in Dutch?", "what is the date in Swedish?", "what's the date in julian?",
                  "what's the date in the same format?", "what's the date in the Hindu calendar?",
                  "what date is it in the year 3000?", "what day is it in the game?"):
        assert router.decide(other).family != "clock", other
    # a time from now is a date shift, counted in digits or words
    for later in ("what day will it be in eleven days", "what day is it in a couple of weeks"):
        assert router.decide(later).tool_hints[0] == "date_shift", later
