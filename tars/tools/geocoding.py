"""Open-Meteo's geocoding API (no key): a place name to its coordinates, label and time zone.

The weather tools and the clock tools both find places here; `get_json` is their one way to call
an Open-Meteo service and turn every failure into a sentence the model can pass on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tars.errors import ToolError
from tars.places import US_STATES

__all__ = ["ServiceError", "PlaceNotFound", "Place", "get_json", "find_place"]


class ServiceError(ToolError):
    """An Open-Meteo service could not be reached or sent nonsense, or it knows no such place."""


class PlaceNotFound(ServiceError):
    """The geocoding service knows no place by that name."""


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


# What people write after a comma for a country, as the service spells its code: "Paris, USA".
_COUNTRY_CODES = {"usa": "us", "united states": "us", "america": "us", "uk": "gb", "united kingdom": "gb",
                  "britain": "gb", "great britain": "gb", "england": "gb", "scotland": "gb", "wales": "gb"}


def _within(result: dict[str, Any], region: str) -> bool:
    """Whether a search result lies in `region` (a state, province, country or country code)."""
    wanted = " ".join(region.lower().replace(".", " ").split())
    names = {str(result.get(k) or "").lower() for k in ("admin1", "admin2", "country", "country_code")}
    return wanted in names or US_STATES.get(wanted, "-") in names or \
        _COUNTRY_CODES.get(wanted, "") == str(result.get("country_code") or "").lower()


def find_place(base_url: str, name: str) -> Place:
    """The best match for `name` ("Portland, Maine": a Portland in Maine); PlaceNotFound when there
    is none, ServiceError when the service fails."""
    head, _, region = (part.strip() for part in name.partition(","))
    data = get_json(f"{base_url.rstrip('/')}/v1/search",
                    {"name": head or name, "count": 10 if region else 1, "language": "en", "format": "json"},
                    "geocoding")
    results = [r for r in data.get("results") or [] if isinstance(r, dict)]
    if region:
        results = [r for r in results if _within(r, region)]
    if not results:
        raise PlaceNotFound(f"no place called {name!r} was found")
    r = results[0]
    try:
        label = ", ".join(str(p) for p in (r.get("name"), r.get("admin1"), r.get("country")) if p)
        zone = r.get("timezone")
        return Place(latitude=float(r["latitude"]), longitude=float(r["longitude"]), label=label,
                     timezone=zone if isinstance(zone, str) and zone else None)
    except (KeyError, TypeError, ValueError):
        raise ServiceError("the geocoding service sent an unexpected answer") from None
