"""Tool-intent routing: which messages need tools, which tools, and which model answers them.

    router = Router(tools); registry.subscribe(router.update_tools); router.route(message, config)

The router logic is in `router`, `signals` and `learned`; the cue tables it weighs are in `cues`.
"""

from tars.routing.router import THRESHOLD, Decision, Router, RouteResult

__all__ = ["Router", "RouteResult", "Decision", "THRESHOLD"]
