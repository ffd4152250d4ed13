"""Open-Meteo's geocoding API (no key): a place name to its coordinates, label and time zone.

The weather tools and the clock tools both find places here; `get_json` is their one way to call
an Open-Meteo service and turn every failure into a sentence the model can pass on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tars.errors import ToolError

__all__ = ["ServiceError", "Place", "get_json", "find_place"]


class ServiceError(ToolError):
    """An Open-Meteo service could not be reached or sent nonsense, or it knows no such place."""


@dataclass(frozen=True, kw_only=True)
class Place:
    latitude: float
    longitude: float
    label: str  # "Lisbon, Lisbon, Portugal"
    timezone: str | None  # an IANA name, when the service gave one


def get_json(url: str, params: dict[str, Any], what: str, timeout: float = 10.0) -> dict[str, Any]:
    """GET `url` and return its JSON object; ServiceError (naming the `what` service) otherwise."""
    import httpx

    try:
        resp = httpx.get(url, params=params, timeout=timeout)
    except httpx.TimeoutException:
        raise ServiceError(f"the {what} service did not answer within {timeout:g} s") from None
    except httpx.HTTPError as exc:
        raise ServiceError(f"cannot reach the {what} service ({type(exc).__name__})") from None
    if resp.status_code == 429:
        raise ServiceError(f"the {what} service is rate limiting (HTTP 429); try again later")
    if resp.status_code >= 400:
        reason = ""
        try:
            reason = str(resp.json().get("reason", ""))[:200]
        except Exception:  # a non-JSON error body adds nothing
            pass
        raise ServiceError(f"the {what} service failed (HTTP {resp.status_code})" + (f": {reason}" if reason else ""))
    try:
        data = resp.json()
    except ValueError:
        raise ServiceError(f"the {what} service sent a malformed answer (not JSON)") from None
    if not isinstance(data, dict):
        raise ServiceError(f"the {what} service sent an unexpected answer")
    return data


def find_place(base_url: str, name: str) -> Place:
    """The best match for `name`; ServiceError when there is none or the service fails."""
    data = get_json(f"{base_url.rstrip('/')}/v1/search",
                    {"name": name, "count": 1, "language": "en", "format": "json"}, "geocoding")
    results = data.get("results") or []
    if not results or not isinstance(results[0], dict):
        raise ServiceError(f"no place called {name!r} was found; try a city name or coordinates")
    r = results[0]
    try:
        label = ", ".join(str(p) for p in (r.get("name"), r.get("admin1"), r.get("country")) if p)
        zone = r.get("timezone")
        return Place(latitude=float(r["latitude"]), longitude=float(r["longitude"]), label=label,
                     timezone=zone if isinstance(zone, str) and zone else None)
    except (KeyError, TypeError, ValueError):
        raise ServiceError("the geocoding service sent an unexpected answer") from None
