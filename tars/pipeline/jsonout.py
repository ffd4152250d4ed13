"""Reading a pipeline step's JSON answer: strict parse first, one lenient repair second.

A provider that honours `response_schema` (llama.cpp grammar, Ollama `format`) always gives
strict JSON; one that ignores it (a scripted model, a remote API) may wrap it in a fence or
leave it unclosed, so the text is repaired with json-repair and the repair is recorded.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

__all__ = ["Parsed", "parse_object", "schema_error", "ruled_out", "drop_null_optionals"]

_FENCE = re.compile(r"```(?:json)?\s*(.*?)(?:```|$)", re.DOTALL)


@dataclass(frozen=True)
class Parsed:
    """`value` is the JSON object or None; `strict` is True when no repair was needed."""

    value: dict[str, Any] | None
    strict: bool


def parse_object(text: str) -> Parsed:
    """Parse `text` as one JSON object; repair it once if it is not strict JSON."""
    text = text.strip()
    try:
        value = json.loads(text)
    except ValueError:
        pass
    else:
        return Parsed(value if isinstance(value, dict) else None, isinstance(value, dict))
    return Parsed(_repair(text), False)


def _repair(text: str) -> dict[str, Any] | None:
    fenced = _FENCE.search(text)
    if fenced:
        text = fenced.group(1)
    start = text.find("{")
    if start < 0:
        return None
    import json_repair  # only paid for when a model ignored the schema

    try:
        value = json_repair.loads(text[start:])
    except Exception:  # json-repair raises assorted errors on hopeless input
        return None
    return value if isinstance(value, dict) else None


def _errors(schema: dict[str, Any], value: Any) -> list[Any]:
    """Every JSON-Schema violation of `value`; a schema that cannot be applied (a broken `pattern`,
    a `$ref` to nowhere, `multipleOf: 0`: a tool's fault, not the model's) raises _BrokenSchema."""
    import jsonschema

    cls = jsonschema.validators.validator_for(schema, jsonschema.Draft202012Validator)
    try:
        return list(cls(schema).iter_errors(value))
    except jsonschema.exceptions.SchemaError as exc:
        raise _BrokenSchema(exc.message) from exc
    except Exception as exc:  # the validator raises assorted errors on schemas it cannot apply
        raise _BrokenSchema(f"{type(exc).__name__}: {exc}"[:200]) from exc


class _BrokenSchema(Exception):
    """A tool schema the validator cannot apply."""


def schema_error(schema: dict[str, Any], value: Any) -> str | None:
    """The most relevant JSON-Schema violation in words a model can act on, or None."""
    import jsonschema

    try:
        error = jsonschema.exceptions.best_match(_errors(schema, value))
    except _BrokenSchema as exc:  # a broken tool schema: say so, do not crash
        return f"the tool's schema is invalid: {exc}"
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path) or "args"
    return f"{where}: {error.message}"


def ruled_out(schema: dict[str, Any], args: dict[str, Any]) -> list[str]:
    """The arguments whose own value breaks the schema (a latitude of 2026): no value at all, for
    what grounding asks about. A schema that cannot be applied rules nothing out."""
    try:
        errors = _errors(schema, args)
    except _BrokenSchema:
        return []
    return list(dict.fromkeys(str(e.absolute_path[0]) for e in errors if e.absolute_path
                              and str(e.absolute_path[0]) in args))


def drop_null_optionals(schema: dict[str, Any], args: dict[str, Any]) -> dict[str, Any]:
    """Remove `null` values of optional arguments: small models write them for "not given"."""
    required = set(schema.get("required") or ())
    props = schema.get("properties") or {}

    def allows_null(name: str) -> bool:
        kind = (props.get(name) or {}).get("type")
        return kind == "null" or (isinstance(kind, list) and "null" in kind)

    return {k: v for k, v in args.items() if v is not None or k in required or allows_null(k)}
