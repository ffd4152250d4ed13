"""Weather tools over Open-Meteo (no key): current conditions, the next hours' rain, forecasts.

The location comes from the arguments (coordinates or a place name resolved through Open-Meteo's
geocoding API) or from TARS_LAT/TARS_LON. WMO weather codes are turned into words.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tars.tools.base import Tool
from tars.tools.geocoding import PlaceNotFound, ServiceError, find_place, get_json

__all__ = ["WMO_CODES", "weather_tools", "WeatherError"]

WMO_CODES = {
    0: "clear sky", 1: "mainly clear", 2: "partly cloudy", 3: "overcast", 45: "fog",
    48: "depositing rime fog", 51: "light drizzle", 53: "moderate drizzle", 55: "dense drizzle",
    56: "light freezing drizzle", 57: "dense freezing drizzle", 61: "slight rain", 63: "moderate rain",
    65: "heavy rain", 66: "light freezing rain", 67: "heavy freezing rain", 71: "slight snow fall",
    73: "moderate snow fall", 75: "heavy snow fall", 77: "snow grains", 80: "slight rain showers",
    81: "moderate rain showers", 82: "violent rain showers", 85: "slight snow showers",
    86: "heavy snow showers", 95: "thunderstorm", 96: "thunderstorm with slight hail",
    99: "thunderstorm with heavy hail",
}
_CURRENT = "temperature_2m,apparent_temperature,relative_humidity_2m,precipitation,weather_code,wind_speed_10m,is_day"
_HOURLY = "temperature_2m,precipitation_probability,precipitation,weather_code"
_DAILY = ("weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,"
          "precipitation_probability_max,sunrise,sunset")

# the weather tools' errors are the Open-Meteo services' errors
WeatherError = ServiceError


def describe(code: Any) -> str:
    try:
        return WMO_CODES.get(int(code), f"weather code {code}")
    except (TypeError, ValueError):
        return "unknown"


class Locator:
    """Turns tool arguments into (latitude, longitude, place label)."""

    def __init__(self, config: Any) -> None:
        self.config = config

    def __call__(self, location: str | None, latitude: float | None,
                 longitude: float | None) -> tuple[float, float, str]:
        if latitude is not None and longitude is not None:
            return latitude, longitude, f"{latitude:.3f}, {longitude:.3f}"
        if location and location.strip():
            return self.geocode(location.strip())
        lat, lon = self.config.lat, self.config.lon
        if lat is None or lon is None:
            if self.config.place:
                return self.geocode(self.config.place)
            raise WeatherError("no location given and no default set: set TARS_PLACE, or TARS_LAT and "
                               "TARS_LON (or DEFAULT_LAT/DEFAULT_LON), or name a place")
        return float(lat), float(lon), "default location"

    def geocode(self, name: str) -> tuple[float, float, str]:
        try:
            place = find_place(self.config.geocoding_url, name)
        except PlaceNotFound as exc:
            raise WeatherError(f"{exc}; try a city name or coordinates") from None
        return place.latitude, place.longitude, place.label


def _forecast(config: Any, lat: float, lon: float, days: int) -> dict:
    return get_json(f"{config.openmeteo_url.rstrip('/')}/v1/forecast",
                    {"latitude": lat, "longitude": lon, "current": _CURRENT, "hourly": _HOURLY, "daily": _DAILY,
                     "timezone": "auto", "forecast_days": days}, "weather")


def _cell(table: dict, key: str, i: int) -> Any:
    """Row `i` of one of Open-Meteo's columns; None when the service left that column out."""
    column = table.get(key)
    return column[i] if column else None


def _hours(data: dict, start: str, end: str | None = None, limit: int = 24) -> list[dict]:
    """Hourly rows from `start` (ISO, local to the place) on, before `end` if given."""
    h = data.get("hourly") or {}
    times = h.get("time") or []
    rows = []
    for i, t in enumerate(times):
        if t[:13] < start[:13] or (end and t >= end):
            continue
        rows.append({"time": t[11:16], "temp_c": _cell(h, "temperature_2m", i),
                     "sky": describe(_cell(h, "weather_code", i)),
                     "rain_chance_pct": _cell(h, "precipitation_probability", i),
                     "rain_mm": _cell(h, "precipitation", i)})
        if len(rows) >= limit:
            break
    return rows


def _now_local(data: dict) -> str:
    cur = data.get("current") or {}
    return str(cur.get("time") or datetime.now().strftime("%Y-%m-%dT%H:%M"))


def weather_tools(config: Any) -> list[Tool]:
    locate = Locator(config)

    def now(location: str | None = None, latitude: float | None = None, longitude: float | None = None) -> dict:
        lat, lon, place = locate(location, latitude, longitude)
        data = _forecast(config, lat, lon, 2)
        cur = data.get("current")
        if not isinstance(cur, dict):
            raise WeatherError("the weather service sent no current conditions")
        next_hours = _hours(data, _now_local(data), limit=6)
        wet = [r for r in next_hours if (r["rain_mm"] or 0) > 0 or (r["rain_chance_pct"] or 0) >= 50]
        return {
            "place": place, "time": cur.get("time"),
            "sky": describe(cur.get("weather_code")), "temp_c": cur.get("temperature_2m"),
            "feels_like_c": cur.get("apparent_temperature"), "humidity_pct": cur.get("relative_humidity_2m"),
            "wind_kmh": cur.get("wind_speed_10m"), "precipitation_mm": cur.get("precipitation"),
            "rain_next_hours": (f"rain likely around {wet[0]['time']}" if wet
                                else "no rain expected in the next 6 hours"),
            "next_hours": next_hours,
        }

    def forecast(location: str | None = None, latitude: float | None = None, longitude: float | None = None,
                 days: int = 3) -> dict:
        lat, lon, place = locate(location, latitude, longitude)
        # today and `days` more: "tomorrow" (1 day away, as the executor counts) is then in it
        data = _forecast(config, lat, lon, min(int(days) + 1, 16))
        d = data.get("daily") or {}
        out = []
        for i, day in enumerate(d.get("time") or []):
            out.append({"date": day, "sky": describe(_cell(d, "weather_code", i)),
                        "min_c": _cell(d, "temperature_2m_min", i), "max_c": _cell(d, "temperature_2m_max", i),
                        "rain_mm": _cell(d, "precipitation_sum", i),
                        "rain_chance_pct": _cell(d, "precipitation_probability_max", i),
                        "sunrise": str(_cell(d, "sunrise", i) or "")[11:16],
                        "sunset": str(_cell(d, "sunset", i) or "")[11:16]})
        if not out:
            raise WeatherError("the weather service sent no daily forecast")
        today = out[0]["date"]
        rest_of_today = _hours(data, _now_local(data), end=f"{today}T24:00")
        return {"place": place, "days": out, "today_hourly": rest_of_today}

    where = {
        "location": {"type": "string", "description": "the place the user named", "maxLength": 120},
        "latitude": {"type": "number", "minimum": -90, "maximum": 90},
        "longitude": {"type": "number", "minimum": -180, "maximum": 180},
    }
    has_default = bool(config.place) or (config.lat is not None and config.lon is not None)
    # with no default place the tool cannot work unless told where: the schema says so to every model
    need = {} if has_default else {"anyOf": [{"required": ["location"]}, {"required": ["latitude", "longitude"]}]}
    # nothing here reads as a value: a small model copies any words it is offered into the call
    fallback = " (default: the user's location)" if has_default else ", which the user must name"
    return [
        Tool(name="weather_now", family="weather", func=now,
             description=f"Current weather and rain in the next hours for a place{fallback}.",
             parameters={"type": "object", "properties": where, **need, "additionalProperties": False}),
        Tool(name="weather_forecast", family="weather", func=forecast,
             description=f"Daily weather forecast for today and the days after it, plus the rest of today hour "
                         f"by hour{fallback}.",
             parameters={"type": "object", "properties": {
                 **where, "days": {"type": "integer", "minimum": 1, "maximum": 15,
                                   "description": "how many days after today"}}, **need,
                 "additionalProperties": False}),
    ]
