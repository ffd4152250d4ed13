"""Which model answers: the router's decision, the remote's cool-down, and fallback to the primary.

Every "which model" question is answered here: `route_result` says where a message would go (for
`tars route` and `/route`), `Escalation.choose` picks the provider for a turn (skipping a remote
that is cooling down), and `Escalation.fall_back` records a remote failure and hands the turn to
the primary.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from tars.config import ModelSpec
from tars.cooldown import Cooldown
from tars.errors import AttachmentError, ProviderError
from tars.events import Notice
from tars.providers.base import Provider
from tars.routing import Decision

__all__ = ["Escalation", "Choice", "RouteResult", "route_result", "spec_of"]


@dataclass(frozen=True, kw_only=True)
class RouteResult:
    """Where a message goes: `provider`/`model` answer it, `tool_hints` join its system prompt."""

    provider: str
    model: str
    tool_hints: tuple[str, ...] = ()
    reason: str = ""
    escalate: bool = False
    family: str | None = None
    needs_tools: bool = False
    band: str = "none"  # how sure the router is (tars.routing.band_of)
    unavailable: str = ""  # the tools it wants are not set up: what the user must set
    told: str = ""  # tars's own answer (no tool does what it asks; a count of what came with it)

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["tool_hints"] = list(self.tool_hints)
        return out


def spec_of(provider: Provider) -> ModelSpec:
    return ModelSpec(provider.provider, provider.model)


def route_result(decision: Decision, primary: ModelSpec, remote: ModelSpec | None) -> RouteResult:
    """Where a message with this router decision goes: tool-needing messages to the remote, when
    there is one that is not the primary itself; everything else, and messages whose tools make the
    primary's answer exact (`Decision.local`), to the primary."""
    target, escalate, reason = primary, False, decision.reason
    if decision.needs_tools:
        if decision.local:
            reason = f"{decision.reason}; the primary answers with these tools"
        elif remote is None:
            reason = f"no remote configured ({decision.reason})"
        elif remote == primary:
            reason = f"remote is the primary model ({decision.reason})"
        else:
            target, escalate = remote, True
    return RouteResult(provider=target.provider, model=target.model, tool_hints=decision.tool_hints,
                       reason=reason, escalate=escalate, family=decision.family,
                       needs_tools=decision.needs_tools, band=decision.band, unavailable=decision.unavailable,
                       told=decision.told)


@dataclass(frozen=True, kw_only=True)
class Choice:
    """The provider that answers a turn, whether that is an escalation, and what to tell the user."""

    provider: Provider
    escalated: bool
    notice: Notice | None = None
    skipped: str | None = None  # why a remote the route wanted was not asked ("cooling down: ...")


class Escalation:
    """The primary, the optional remote, and the cool-down that keeps a failing remote out."""

    def __init__(self, primary: Provider, remote: Provider | None, cooldown: Cooldown) -> None:
        self.primary = primary
        self.remote = remote
        self.cooldown = cooldown
        self._cooldown_told = False  # the user hears about a cool-down once per session

    def route(self, decision: Decision) -> RouteResult:
        remote = spec_of(self.remote) if self.remote else None
        return route_result(decision, spec_of(self.primary), remote)

    def choose(self, route: RouteResult) -> Choice:
        """The model for a turn routed as `route`; a cooling-down remote is skipped (said once)."""
        if not (route.escalate and self.remote):
            return Choice(provider=self.primary, escalated=False)
        cooling = self.cooldown.active(str(spec_of(self.remote)))
        if cooling is None:
            return Choice(provider=self.remote, escalated=True)
        skipped = f"cooling down: {cooling.reason} ({cooling.seconds_left():.0f} s left)"
        if self._cooldown_told:
            return Choice(provider=self.primary, escalated=False, skipped=skipped)
        self._cooldown_told = True
        return Choice(provider=self.primary, escalated=False, skipped=skipped, notice=Notice(level="warning", text=(
            f"remote {spec_of(self.remote)} is cooling down after a failure ({cooling.reason}; "
            f"{cooling.seconds_left():.0f} s left): answering locally with {spec_of(self.primary)}")))

    def for_images(self, route: RouteResult, names: Sequence[str]) -> RouteResult:
        """The route for a message carrying images (`names`): unchanged when its model takes images,
        to the other model (the remote when it is not cooling down, or the primary) when only that
        one does; otherwise refused with AttachmentError, before any request."""
        from tars.providers.vision import sees_images

        remote = self.remote
        ready = remote is not None and self.cooldown.active(str(spec_of(remote))) is None
        target = remote if route.escalate and remote is not None and ready else self.primary
        if sees_images(target):
            return route
        other = self.primary if target is remote else remote if ready else None
        if other is not None and other is not target and sees_images(other):
            return dataclasses.replace(route, provider=other.provider, model=other.model, escalate=other is remote,
                                       reason=f"the message has images, which {spec_of(target)} does not take")
        listed = ", ".join(names)
        raise AttachmentError(
            f"{spec_of(target)} takes no images, so {listed} cannot be sent: attach images with a model that "
            "takes them (Claude, an Ollama vision model, an OpenAI-compatible vision model), "
            "chosen with -m/--model or TARS_MODEL_DEFAULT")

    def can_fall_back(self, provider: Provider, already: bool, *, images: bool = False) -> bool:
        """A failed remote round falls back to the primary, once per turn; a failed primary does not,
        nor does a turn whose message has images the primary cannot take (it would answer blind)."""
        from tars.providers.vision import sees_images

        return (provider is self.remote and self.remote is not None and not already
                and (not images or sees_images(self.primary)))

    def fall_back(self, exc: ProviderError, *, partial: bool) -> Notice:
        """Record the remote's failure (it cools down, across processes) and say so in one line."""
        assert self.remote is not None
        reason = str(exc)
        self.cooldown.trip(str(spec_of(self.remote)), reason)
        self._cooldown_told = True  # this notice already says we are answering locally
        cut = " (its partial answer is cut off)" if partial else ""
        return Notice(level="warning", text=(
            f"remote {spec_of(self.remote)} failed: {reason}{cut}; answering with {spec_of(self.primary)}"))

    def status(self) -> dict[str, object]:
        remote = str(spec_of(self.remote)) if self.remote else None
        cooling = self.cooldown.active(remote) if remote else None
        return {
            "primary": str(spec_of(self.primary)),
            "remote": remote,
            "remote_cooling_down": bool(cooling),
            "cooldown_seconds_left": round(cooling.seconds_left()) if cooling else 0,
            "cooldown_reason": cooling.reason if cooling else None,
        }
