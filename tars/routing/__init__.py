"""Tool-intent routing: which messages need tools, and which tools.

    router = Router(tools); registry.subscribe(router.update_tools); router.decide(message)

The router logic is in `router`, `signals` and `learned`; the cue tables it weighs are in `cues`.
Which model then answers is the session's decision (`tars.session.escalation`).
"""

from tars.routing.router import SURE, THRESHOLD, Band, Decision, Router, band_of

__all__ = ["Router", "Decision", "THRESHOLD", "SURE", "Band", "band_of"]
