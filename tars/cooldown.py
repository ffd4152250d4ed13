"""Remote cool-down: after the remote fails, skip it for a while, across processes too.

A script that calls `tars ask` in a loop while the API is down should pay for the failure once,
not on every call, so the state lives in a small JSON file in the cache dir (written atomically).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from tars.atomic import atomic_write
from tars.masking import mask_text
from tars.safe_text import terminal_safe

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
        current = CooldownState(remote, float(state.get("until", 0)), str(state.get("reason", "")))
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
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write(self, states: dict) -> None:
        try:
            atomic_write(self.path, json.dumps(states))
        except OSError:
            pass  # a read-only cache only costs us the cross-process memory, never the answer
