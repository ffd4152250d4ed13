"""tars: a terminal chat assistant you can also use as a library.

    from tars import Session
    session = Session.from_config()
    reply = session.send("What is the capital of France?")
    print(reply.text)

Names are loaded lazily so that `import tars` stays cheap.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "Session",
    "Turn",
    "Config",
    "load_config",
    "ToolCall",
    "Tool",
    "ToolResult",
    "ToolRegistry",
    "Router",
    "RouteResult",
    "ScriptedProvider",
]

_LAZY = {
    "Session": "tars.session",
    "Turn": "tars.session",
    "Config": "tars.config",
    "load_config": "tars.config",
    "ToolCall": "tars.events",
    "Tool": "tars.tools.base",
    "ToolResult": "tars.tools.base",
    "ToolRegistry": "tars.tools.registry",
    "Router": "tars.routing",
    "RouteResult": "tars.session.escalation",
    "ScriptedProvider": "tars.providers.scripted",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'tars' has no attribute {name!r}")
