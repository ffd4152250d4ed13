"""`tars route`: show the router's decision for a message (or for each line of stdin) as JSON."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from tars.session.escalation import RouteResult

__all__ = ["register", "decision_json"]


def register(app: typer.Typer) -> None:
    @app.command("route")
    def route_command(
        message: Annotated[list[str] | None, typer.Argument(
            help="the message; without one, each line of stdin is routed")] = None,
        model: str | None = typer.Option(None, "--model", help="primary model for this run, provider:model"),
        remote: str | None = typer.Option(
            None, "--remote", help="escalation model for this run, provider:model or none"),
    ) -> int:
        """Print where a message would go (escalate, provider, model, tool_hints, reason) as JSON."""
        from tars.cli.settings import load_settings
        from tars.routing import Router
        from tars.session.assembly import known_tools
        from tars.session.escalation import route_result

        flags = {k: v for k, v in (("model_default", model), ("model_remote", remote)) if v is not None}
        config = load_settings(flags)
        # what a new session would know, MCP cache included; tools not set up only to say so
        router = Router(known_tools(config))

        def route(text: str) -> RouteResult:
            return route_result(router.decide(text), config.model_default, config.model_remote)

        if message:
            print(decision_json(route(" ".join(message))))
            return 0
        if sys.stdin.isatty():
            print("tars: routing each line you type; Ctrl-D ends", file=sys.stderr)
        for line in sys.stdin:
            if line.strip():
                print(decision_json(route(line.strip())), flush=True)
        return 0


def decision_json(result: RouteResult) -> str:
    """One line of JSON, the documented keys first."""
    return json.dumps(
        {
            "escalate": result.escalate,
            "provider": result.provider,
            "model": result.model,
            "tool_hints": list(result.tool_hints),
            "reason": result.reason,
            "family": result.family,
            "needs_tools": result.needs_tools,
            "band": result.band,
            # the tools it wants are not set up: tars answers with this, no model is asked
            **({"not_set_up": result.unavailable} if result.unavailable else {}),
            # tars answers with this itself, no model is asked
            **({"told": result.told} if result.told else {}),
        },
        ensure_ascii=False,
    )
