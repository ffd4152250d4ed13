"""A local server that speaks Open-Meteo's forecast and geocoding APIs, with faults.

    with OpenMeteoServer() as server:          # TARS_OPENMETEO_URL = TARS_GEOCODING_URL = server.url
        server.current_code = 61               # WMO code now; hourly codes follow `hourly_codes`
        server.script({"error": 500}, {"malformed": True}, {"delay": 2})   # faults, in order

GET /v1/forecast?latitude&longitude&current&hourly&daily&timezone&forecast_days answers the
variables asked for, in Open-Meteo's shape (`current`/`hourly`/`daily` with `*_units`), times in
the place's local time. GET /v1/search?name= answers `{"results": [...]}` for the places in
PLACES, and no `results` key otherwise, as the real API does. Bad coordinates get the real 400.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .base import Handler, ProtocolServer, RecordedRequest

__all__ = ["OpenMeteoServer", "PLACES"]

PLACES = {
    "lisbon": {"id": 2267057, "name": "Lisbon", "latitude": 38.71667, "longitude": -9.13333, "elevation": 45.0,
               "feature_code": "PPLC", "country_code": "PT", "country": "Portugal", "admin1": "Lisbon",
               "timezone": "Europe/Lisbon", "population": 517802},
    "berlin": {"id": 2950159, "name": "Berlin", "latitude": 52.52437, "longitude": 13.41053, "elevation": 74.0,
               "feature_code": "PPLC", "country_code": "DE", "country": "Germany", "admin1": "Land Berlin",
               "timezone": "Europe/Berlin", "population": 3426354},
    "bergen": {"id": 3161732, "name": "Bergen", "latitude": 60.39299, "longitude": 5.32415, "elevation": 11.0,
               "feature_code": "PPLA", "country_code": "NO", "country": "Norway", "admin1": "Vestland",
               "timezone": "Europe/Oslo", "population": 213585},
}
_UNITS = {"temperature_2m": "°C", "apparent_temperature": "°C", "relative_humidity_2m": "%",
          "precipitation": "mm", "weather_code": "wmo code", "wind_speed_10m": "km/h", "is_day": "",
          "precipitation_probability": "%", "temperature_2m_max": "°C", "temperature_2m_min": "°C",
          "precipitation_sum": "mm", "precipitation_probability_max": "%", "sunrise": "iso8601",
          "sunset": "iso8601", "time": "iso8601", "interval": "seconds"}


class OpenMeteoServer(ProtocolServer):
    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.current_code = 3
        self.current_temp = 17.4
        self.hourly_codes: dict[int, int] = {}  # hours from now -> WMO code (others: current_code)
        self.rain_from_hour: int | None = None  # hours from now when rain starts

    def handle(self, handler: Handler, request: RecordedRequest) -> None:
        reply = self.next_reply(request) or {}
        self.wait_before_reply(reply)
        if reply.get("error"):
            body = {"error": True, "reason": reply.get("reason", "Internal error")}
            return handler.send_json(int(reply["error"]), body)
        if reply.get("malformed"):
            data = b"<html><body>502 Bad Gateway</body></html>"
            return handler.send_body(200, data)
        q = {k: v[-1] for k, v in parse_qs(urlsplit(handler.path).query).items()}
        if request.path == "/v1/search":
            found = PLACES.get(q.get("name", "").strip().lower())
            payload: dict[str, Any] = {"generationtime_ms": 0.7}
            if found:
                payload["results"] = [found]
            return handler.send_json(200, payload)
        if request.path == "/v1/forecast":
            return self._forecast(handler, q)
        return handler.send_json(404, {"error": True, "reason": "Not Found"})

    def _forecast(self, handler: Handler, q: dict[str, str]) -> None:
        try:
            lat, lon = float(q["latitude"]), float(q["longitude"])
            if not (-90 <= lat <= 90 and -180 <= lon <= 180):
                raise ValueError
        except (KeyError, ValueError):
            return handler.send_json(400, {"error": True, "reason": "Latitude must be in range of -90 to 90°. Given: "
                                           + q.get("latitude", "nil") + "."})
        days = int(q.get("forecast_days", 7))
        now = datetime.now().replace(second=0, microsecond=0)
        start = now.replace(hour=0, minute=0)
        out: dict[str, Any] = {"latitude": round(lat, 4), "longitude": round(lon, 4), "generationtime_ms": 0.1,
                               "utc_offset_seconds": 0, "timezone": "GMT", "timezone_abbreviation": "GMT",
                               "elevation": 45.0}
        if "current" in q:
            fields = q["current"].split(",")
            cur = {"time": now.replace(minute=now.minute // 15 * 15).strftime("%Y-%m-%dT%H:%M"), "interval": 900}
            values = {"temperature_2m": self.current_temp, "apparent_temperature": self.current_temp - 1.2,
                      "relative_humidity_2m": 71, "precipitation": 0.4 if self.current_code >= 51 else 0.0,
                      "weather_code": self.current_code, "wind_speed_10m": 12.3, "is_day": 1}
            cur.update({f: values.get(f, 0) for f in fields})
            out["current_units"] = {f: _UNITS.get(f, "") for f in ["time", "interval", *fields]}
            out["current"] = cur
        if "hourly" in q:
            fields = q["hourly"].split(",")
            times = [start + timedelta(hours=h) for h in range(24 * days)]
            hourly: dict[str, list] = {"time": [t.strftime("%Y-%m-%dT%H:%M") for t in times]}
            for f in fields:
                hourly[f] = [self._hour_value(f, t, now) for t in times]
            out["hourly_units"] = {f: _UNITS.get(f, "") for f in ["time", *fields]}
            out["hourly"] = hourly
        if "daily" in q:
            fields = q["daily"].split(",")
            dates = [(start + timedelta(days=d)) for d in range(days)]
            daily: dict[str, list] = {"time": [d.strftime("%Y-%m-%d") for d in dates]}
            for f in fields:
                daily[f] = [self._day_value(f, d, i) for i, d in enumerate(dates)]
            out["daily_units"] = {f: _UNITS.get(f, "") for f in ["time", *fields]}
            out["daily"] = daily
        return handler.send_json(200, out)

    def _hour_value(self, field: str, t: datetime, now: datetime) -> Any:
        ahead = int((t - now.replace(minute=0)).total_seconds() // 3600)
        raining = self.rain_from_hour is not None and ahead >= self.rain_from_hour
        code = self.hourly_codes.get(ahead, 63 if raining else self.current_code)
        return {"temperature_2m": round(self.current_temp + (t.hour - 12) * 0.3, 1),
                "precipitation_probability": 80 if raining else 5,
                "precipitation": 1.2 if raining else 0.0, "weather_code": code}.get(field, 0)

    def _day_value(self, field: str, d: datetime, i: int) -> Any:
        return {"weather_code": 61 if i % 2 else self.current_code, "temperature_2m_max": 20.0 + i,
                "temperature_2m_min": 11.0 + i, "precipitation_sum": 3.5 if i % 2 else 0.0,
                "precipitation_probability_max": 70 if i % 2 else 10,
                "sunrise": d.strftime("%Y-%m-%dT07:42"), "sunset": d.strftime("%Y-%m-%dT17:21")}.get(field, 0)
