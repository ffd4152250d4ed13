"""Remote cool-down: after the remote fails, skip it for a while, across processes too.

A script that calls `tars ask` in a loop while the API is down should pay for the failure once,
not on every call, so the state lives in a small JSON file in the cache dir (written atomically).
A file that is not what tars writes is moved aside (`tars.statefile`); a cool-down longer than
the configured length (a clock that jumped, an edited file) is cut to that length.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from pathlib import Path

from tars.atomic import atomic_write
from tars.masking import mask_text
from tars.safe_text import terminal_safe
from tars.statefile import move_aside

__all__ = ["Cooldown", "CooldownState"]


@dataclass(frozen=True)
class CooldownState:
    remote: str
    until: float
    reason: str

    def seconds_left(self, now: float | None = None) -> float:
        return max(0.0, self.until - (time.time() if now is None else now))


class Cooldown:
    """Per-remote cool-down recorded in `path`; `seconds=0` disables it."""

    def __init__(self, path: Path, seconds: float) -> None:
        self.path = path
        self.seconds = seconds

    def active(self, remote: str) -> CooldownState | None:
        """The cool-down in force for `remote`, or None."""
        state = self._read().get(remote)
        if not state:
            return None
        until = min(float(state["until"]), time.time() + self.seconds)
        current = CooldownState(remote, until, str(state.get("reason", "")))
        return current if current.seconds_left() > 0 else None

    def trip(self, remote: str, reason: str) -> None:
        """Record a failure of `remote` now."""
        if self.seconds <= 0:
            return
        states = self._read()
        # the reason quotes the remote's own words: stored (and later shown) with no control characters
        states[remote] = {"until": time.time() + self.seconds, "reason": terminal_safe(mask_text(reason))}
        self._write(states)

    def clear(self, remote: str) -> None:
        states = self._read()
        if states.pop(remote, None) is not None:
            self._write(states)

    def _read(self) -> dict:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            move_aside(self.path, _why(exc))
            return {}
        if not _well_formed(data):
            move_aside(self.path, "not a cool-down record")
            return {}
        return data

    def _write(self, states: dict) -> None:
        try:
            atomic_write(self.path, json.dumps(states))
        except OSError:
            pass  # a read-only cache only costs us the cross-process memory, never the answer


def _why(exc: Exception) -> str:
    return exc.strerror or type(exc).__name__ if isinstance(exc, OSError) else "not JSON"


def _well_formed(data: object) -> bool:
    """{remote: {"until": seconds since the epoch, "reason": text}} and nothing else."""
    return isinstance(data, dict) and all(
        isinstance(state, dict) and isinstance(state.get("until"), int | float) and not isinstance(state["until"], bool)
        and math.isfinite(state["until"]) and isinstance(state.get("reason", ""), str)
        for state in data.values())
