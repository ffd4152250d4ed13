"""Tool arguments typed on the command line: one JSON object, or a usage error that shows one."""

from __future__ import annotations

import json
from typing import Any

from tars.errors import UsageError

__all__ = ["json_object"]


def json_object(text: str, *, example: str) -> dict[str, Any]:
    """Parse `text` as a JSON object; anything else is a UsageError (exit 2) with `example`."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"arguments are not valid JSON: {exc.msg} at column {exc.colno}") from None
    if not isinstance(value, dict):
        raise UsageError(f"arguments must be a JSON object, e.g. '{example}'")
    return value
