"""`place_distance`: how far apart two places are, computed by tars (a small model answered "1.5")."""

from __future__ import annotations

import pytest
from asking import ask_json
from servers.ollama import OllamaServer
from servers.openmeteo import PLACES, OpenMeteoServer

from tars.tools.distance import great_circle_km, place_distance, places_asked
from tars.tools.geocoding import PlaceNotFound, ServiceError


def test_the_great_circle_distance_of_known_pairs():
    assert great_circle_km(48.8566, 2.3522, 52.5200, 13.4050) == pytest.approx(877.5, abs=0.5)  # Paris-Berlin
    assert great_circle_km(51.5074, -0.1278, 40.7128, -74.0060) == pytest.approx(5570, abs=5)  # London-New York
    assert great_circle_km(0, 0, 0, 180) == pytest.approx(20015.1, abs=0.5)  # half the equator
    assert great_circle_km(10, 10, 10, 10) == 0


def test_both_places_are_looked_up_and_the_answer_says_it_is_a_straight_line():
    with OpenMeteoServer() as server:
        out = place_distance("Lisbon", "Berlin", server.url)
        lisbon, berlin = PLACES["lisbon"], PLACES["berlin"]
        km = great_circle_km(lisbon["latitude"], lisbon["longitude"], berlin["latitude"], berlin["longitude"])
        assert (out["km"], out["miles"]) == (round(km, 1), round(km / 1.609344, 1)) == (2312.8, 1437.1)
        assert out["confirmation"] == ("Lisbon, Lisbon, Portugal to Berlin, Land Berlin, Germany: 2,313 km "
                                       "(1,437 miles) in a straight line (by road, rail or air route it is further).")
        assert [r.path for r in server.requests] == ["/v1/search", "/v1/search"]
        with pytest.raises(PlaceNotFound, match="no place called 'Atlantis'"):
            place_distance("Lisbon", "Atlantis", server.url)
    with pytest.raises(ServiceError, match="cannot reach the geocoding service"):
        place_distance("Lisbon", "Berlin", "http://127.0.0.1:9")


@pytest.mark.parametrize("message,args", [
    ("how far is it from Lisbon to Berlin?", {"from_place": "Lisbon", "to_place": "Berlin"}),
    ("what's the distance between Lisbon and Porto?", {"from_place": "Lisbon", "to_place": "Porto"}),
    ("how far is Berlin from Paris", {"from_place": "Paris", "to_place": "Berlin"}),
    ("how far is it from Portland, Maine to Boston?", {"from_place": "Portland, Maine", "to_place": "Boston"}),
    ("how far is it from Paris to Berlin by car, in miles?", {"from_place": "Paris", "to_place": "Berlin"}),
    ("How far is Berlin from Paris, please?", {"from_place": "Paris", "to_place": "Berlin"}),
    # no two places as places are written, or several trips: the model reads these
    ("how far is it from here to Boston", None), ("how far can a bee fly?", None),
    ("distance between mean and median", None), ("how far is it from Monday to Friday?", None),
    ("how far is it from Paris to Berlin and from Berlin to Rome?", None), ("from start to finish", None),
])
def test_the_places_a_message_states(message, args):
    assert places_asked(message) == args


@pytest.mark.parametrize("message", [
    "how far is it from Paris to Berlin?", "what's the distance between Lisbon and Porto?",
    "how far is Berlin from Paris", "how many miles from New York to Boston?",
    "how far is it to drive from Paris to Berlin?",  # answered as a straight line, which the answer says
])
def test_how_far_between_two_places_is_computed_on_the_primary(router, message):
    decision = router.decide(message)
    assert decision.tool_hints == ("place_distance",) and decision.local, decision


@pytest.mark.parametrize("message", ["how far can a bee fly?", "how far along is the project?",
                                     "how far is the moon from earth?", "what is the distance formula?",
                                     "distance between mean and median", "how far is it from monday to friday?"])
def test_how_far_in_general_stays_with_the_model(router, message):
    assert router.decide(message).family != "distance"


def test_tars_ask_answers_with_the_distance_and_asks_no_model(tmp_path):
    with OpenMeteoServer() as meteo, OllamaServer() as ollama:
        ollama.script("1.5")
        out = ask_json("how far is it from Lisbon to Berlin?", ollama.url, TARS_GEOCODING_URL=meteo.url)
        assert [c["name"] for c in out["tool_calls"]] == ["place_distance"]
        assert out["answer"].startswith("Lisbon, Lisbon, Portugal to Berlin, Land Berlin, Germany: 2,313 km")
        assert ollama.requests_to("/api/chat") == []
