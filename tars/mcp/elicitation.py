"""Elicitation: a server asks the user for input, and tars shows it as a form on the terminal.

The form is built from the request's flat JSON schema: strings (with length, pattern and format
checks), integers and numbers (with bounds), booleans and enums (`enum` or `oneOf` consts; a
number picks an option). An empty answer takes the default, or skips an optional field. The user
may decline (`n`) or cancel (`c`, Ctrl-C or end of input). Without a terminal the request is
declined, unless `--yes` and every field has a default: then the defaults are sent. A URL request
shows the URL and asks whether the user went there.
"""

from __future__ import annotations

import re
from typing import Any

import anyio
import mcp_types as types

from tars.mcp.asking import Asker
from tars.mcp.config import ServerConfig

__all__ = ["Elicitor", "parse_value"]

_TRIES = 5


class Elicitor:
    """Answers `elicitation/create` for every server of a manager."""

    def __init__(self, asker: Asker) -> None:
        self.asker = asker
        self.answers: dict[str, list[str]] = {}  # server -> actions taken, for /mcp and tests

    async def __call__(self, config: ServerConfig, params: Any) -> types.ElicitResult:
        result = await anyio.to_thread.run_sync(self._answer, config.name, params)
        self.answers.setdefault(config.name, []).append(result.action)
        return result

    def _answer(self, server: str, params: Any) -> types.ElicitResult:
        mode = self.asker.mode
        if getattr(params, "mode", "form") == "url":
            return self._url(server, params) if mode == "ask" else types.ElicitResult(action="decline")
        schema = params.requested_schema or {}
        properties: dict[str, Any] = schema.get("properties") or {}
        if mode != "ask":
            defaults = {k: p["default"] for k, p in properties.items() if isinstance(p, dict) and "default" in p}
            if mode == "yes" and len(defaults) == len(properties):
                return types.ElicitResult(action="accept", content=defaults)
            return types.ElicitResult(action="decline")
        with self.asker.session() as ask:
            return _form(ask, server, params.message, properties, set(schema.get("required") or ()))

    def _url(self, server: str, params: Any) -> types.ElicitResult:
        with self.asker.session() as ask:
            ask.say(f"MCP server {server} asks you to open a page: {params.message}")
            ask.say(f"  {params.url}")
            answer = ask.line("did you open it and finish there? [y/N/c] ")
        return types.ElicitResult(action=_choice(answer, default="decline"))


def _choice(answer: str | None, *, default: str) -> Any:
    if answer is None:
        return "cancel"
    word = answer.strip().lower()
    if word in ("y", "yes"):
        return "accept"
    if word in ("c", "cancel"):
        return "cancel"
    if word in ("n", "no", "decline"):
        return "decline"
    return default


def _form(ask: Asker, server: str, message: str, properties: dict[str, Any], required: set[str]) -> types.ElicitResult:
    ask.say(f"MCP server {server} asks: {message}")
    action = _choice(ask.line("answer? [Y]es, n to decline, c to cancel: "), default="accept")
    if action != "accept":
        return types.ElicitResult(action=action)
    values: dict[str, Any] = {}
    for name, prop in properties.items():
        prop = prop if isinstance(prop, dict) else {}
        for _ in range(_TRIES):
            raw = ask.line(_label(name, prop, name in required))
            if raw is None:
                return types.ElicitResult(action="cancel")
            if not raw.strip():
                if "default" in prop:
                    values[name] = prop["default"]
                    break
                if name not in required:
                    break
                ask.say("  ✗ this field is required")
                continue
            try:
                values[name] = parse_value(raw.strip(), prop)
                break
            except ValueError as exc:
                ask.say(f"  ✗ {exc}")
        else:
            ask.say(f"  too many tries for {name}; the form is cancelled")
            return types.ElicitResult(action="cancel")
    return types.ElicitResult(action="accept", content=values)


def _options(prop: dict[str, Any]) -> list[tuple[Any, str]]:
    """An enum's (value, label) pairs, from `enum` (+ `enumNames`) or `oneOf` consts."""
    if isinstance(prop.get("enum"), list):
        names = prop.get("enumNames") or prop["enum"]
        return [(v, str(n)) for v, n in zip(prop["enum"], names, strict=False)]
    return [(o["const"], str(o.get("title") or o["const"])) for o in prop.get("oneOf") or ()
            if isinstance(o, dict) and "const" in o]


def _label(name: str, prop: dict[str, Any], required: bool) -> str:
    title = prop.get("title") or name
    kind = prop.get("type", "string")
    options = _options(prop)
    if options:
        hint = " / ".join(f"{i}) {label}" for i, (_, label) in enumerate(options, 1))
    elif kind == "boolean":
        hint = "y/n"
    else:
        hint = kind
    description = f" — {prop['description']}" if prop.get("description") else ""
    default = f" [{_shown(prop['default'])}]" if "default" in prop else ""
    return f"  {title}{' *' if required else ''}{description} ({hint}){default}: "


def _shown(value: Any) -> str:
    return ("y" if value else "n") if isinstance(value, bool) else str(value)


def parse_value(raw: str, prop: dict[str, Any]) -> Any:
    """The typed value of one answer, or ValueError saying what is wrong in the user's words."""
    options = _options(prop)
    if options:
        if raw.isdigit() and 1 <= int(raw) <= len(options):
            return options[int(raw) - 1][0]
        for value, label in options:
            if raw.lower() in (str(value).lower(), label.lower()):
                return value
        raise ValueError("choose one of: " + ", ".join(label for _, label in options))
    kind = prop.get("type", "string")
    if kind == "boolean":
        word = raw.lower()
        if word in ("y", "yes", "true", "1", "on"):
            return True
        if word in ("n", "no", "false", "0", "off"):
            return False
        raise ValueError("answer y or n")
    if kind in ("integer", "number"):
        try:
            number: int | float = int(raw) if kind == "integer" else float(raw)
        except ValueError:
            raise ValueError(f"enter {'a whole number' if kind == 'integer' else 'a number'}") from None
        if "minimum" in prop and number < prop["minimum"]:
            raise ValueError(f"must be at least {prop['minimum']}")
        if "maximum" in prop and number > prop["maximum"]:
            raise ValueError(f"must be at most {prop['maximum']}")
        return number
    if "minLength" in prop and len(raw) < prop["minLength"]:
        raise ValueError(f"must be at least {prop['minLength']} characters")
    if "maxLength" in prop and len(raw) > prop["maxLength"]:
        raise ValueError(f"must be at most {prop['maxLength']} characters")
    if "pattern" in prop and not re.search(prop["pattern"], raw):
        raise ValueError(f"must match {prop['pattern']}")
    if prop.get("format") == "email" and not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", raw):
        raise ValueError("enter an email address")
    return raw
