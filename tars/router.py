"""The tool-intent router's public face; the parts live in `tars.routing`.

    route(message, config, tools) -> RouteResult(provider, model, tool_hints, reason, escalate, ...)
    router = Router(tools); registry.subscribe(router.update_tools); router.route(message, config)
"""

from tars.routing import THRESHOLD, Decision, Router, RouteResult, route

__all__ = ["Router", "RouteResult", "Decision", "route", "THRESHOLD"]
