"""Weather tools against a local server speaking Open-Meteo's forecast and geocoding APIs."""

from __future__ import annotations

import time

import pytest
from servers.openmeteo import OpenMeteoServer

from tars.config import load_config
from tars.events import ToolCall
from tars.tools import ToolRegistry
from tars.tools.geocoding import get_json
from tars.tools.weather import WeatherError, weather_tools


@pytest.fixture
def server():
    with OpenMeteoServer() as srv:
        yield srv


def registry(server, **env) -> ToolRegistry:
    config = load_config(environ={"TARS_OPENMETEO_URL": server.url, "TARS_GEOCODING_URL": server.url, **env})
    return ToolRegistry(weather_tools(config))


def run(reg, name, **arguments):
    return reg.run(ToolCall(name=name, arguments=arguments))


def test_now_by_place_name_uses_geocoding_and_words_for_codes(server):
    server.current_code = 61
    out = run(registry(server), "weather_now", location="Lisbon").output
    assert out["place"] == "Lisbon, Lisbon, Portugal"
    assert out["sky"] == "slight rain"
    assert out["temp_c"] == 17.4
    assert len(out["next_hours"]) == 6 and all(isinstance(h["sky"], str) for h in out["next_hours"])
    assert [r.path for r in server.requests] == ["/v1/search", "/v1/forecast"]


def test_default_location_from_settings_and_aliases(server):
    out = run(registry(server, DEFAULT_LAT="52.52", DEFAULT_LON="13.41"), "weather_now").output
    assert out["place"] == "default location"
    assert [r.path for r in server.requests] == ["/v1/forecast"]


def test_rain_in_the_next_hours_is_said_plainly(server):
    server.current_code = 2
    server.rain_from_hour = 2
    out = run(registry(server, TARS_LAT="38.7", TARS_LON="-9.1"), "weather_now").output
    assert out["sky"] == "partly cloudy"
    assert out["rain_next_hours"].startswith("rain likely around")
    server.rain_from_hour = None
    out = run(registry(server, TARS_LAT="38.7", TARS_LON="-9.1"), "weather_now").output
    assert out["rain_next_hours"] == "no rain expected in the next 6 hours"


def test_forecast_days_and_todays_hours(server):
    """`days` counts the days after today: "tomorrow" (days=1, as the executor counts it) had
    fetched today alone."""
    out = run(registry(server), "weather_forecast", latitude=52.5, longitude=13.4, days=4).output
    assert [d["sky"] for d in out["days"]][:2] == ["overcast", "slight rain"]
    assert len(run(registry(server), "weather_forecast", latitude=52.5, longitude=13.4, days=1).output["days"]) == 2
    assert len(out["days"]) == 5 and out["days"][0]["max_c"] == 20.0 and out["days"][0]["sunrise"] == "07:42"
    assert 1 <= len(out["today_hourly"]) <= 24
    assert all(h["time"] >= out["today_hourly"][0]["time"] for h in out["today_hourly"])


def test_no_location_and_no_default_asks_for_a_place(server):
    reg = registry(server)
    result = run(reg, "weather_now")
    assert result.is_error and "give location, or latitude and longitude" in result.text
    assert "must name" in reg.get("weather_now").description
    assert server.requests == []


def test_default_place_by_name(server):
    reg = registry(server, TARS_PLACE="Berlin")
    out = run(reg, "weather_now").output
    assert "Berlin" in out["place"]
    assert "required" not in str(reg.get("weather_now").parameters)


def test_unknown_place(server):
    result = run(registry(server), "weather_forecast", location="Atlantis")
    assert result.is_error and "Atlantis" in result.text


def test_out_of_range_coordinates_are_rejected_before_any_request(server):
    result = run(registry(server), "weather_now", latitude=123, longitude=0)
    assert result.is_error and "invalid arguments" in result.text
    assert server.requests == []


@pytest.mark.parametrize("fault, words", [
    ({"error": 500, "reason": "database down"}, ["500", "database down"]),
    ({"error": 429}, ["429"]),
    ({"malformed": True}, ["malformed"]),
])
def test_failures_are_error_results(server, fault, words):
    server.script(fault)
    result = run(registry(server, TARS_LAT="1", TARS_LON="2"), "weather_now")
    assert result.is_error
    for word in words:
        assert word in result.text


def test_timeout(server):
    server.script({"delay": 3})
    started = time.monotonic()
    with pytest.raises(WeatherError, match="did not answer"):
        get_json(f"{server.url}/v1/forecast", {"latitude": 1, "longitude": 2}, "weather", timeout=0.3)
    assert time.monotonic() - started < 2


def test_malformed_default_coordinates_are_a_config_error():
    from tars.errors import ConfigError

    with pytest.raises(ConfigError, match="TARS_LAT"):
        load_config(environ={"TARS_LAT": "north"})
    with pytest.raises(ConfigError, match="TARS_LON"):
        load_config(environ={"DEFAULT_LON": "200"})
    assert load_config(environ={"DEFAULT_LAT": "0", "DEFAULT_LON": "0"}).lat == 0.0
