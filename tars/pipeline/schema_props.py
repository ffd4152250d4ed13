"""A tool schema's properties as plain dicts: a malformed schema (a list where an object belongs)
reads as having none, so the checks that walk it need no guards of their own."""

from __future__ import annotations

from typing import Any

__all__ = ["properties_of", "prop_of"]


def properties_of(schema: dict[str, Any]) -> dict[str, Any]:
    """A schema's properties; a malformed schema (a list there) has none."""
    props = schema.get("properties")
    return props if isinstance(props, dict) else {}


def prop_of(props: dict[str, Any], name: str) -> dict[str, Any]:
    prop = props.get(name)
    return prop if isinstance(prop, dict) else {}
