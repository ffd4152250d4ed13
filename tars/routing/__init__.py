"""Tool-intent routing: which messages need tools, which tools, and which model answers them."""

from tars.routing.router import THRESHOLD, Decision, Router, RouteResult, route

__all__ = ["Router", "RouteResult", "Decision", "route", "THRESHOLD"]
