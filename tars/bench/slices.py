"""Which cases of a suite a bench run takes: the fixed tune/holdout split, then a slice of it.

The split is a property of the case, not of the run: a case is `tune` or `holdout` by the parity
of sha256("suite:id"), so adding cases to a suite never moves an existing one, and the holdout
half stays the part nobody tuned on. Within the split a run takes every case, `limit` cases
spread evenly, a contiguous range (`offset`, `limit`), or a reproducible random `sample`.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, TypeVar

from tars.errors import UsageError

__all__ = ["SPLITS", "Slice", "split_of", "take"]

SPLITS = ("tune", "holdout", "all")

T = TypeVar("T")


def split_of(suite: str, case_id: str) -> str:
    """`tune` or `holdout`, fixed for ever by the case's suite and id (about half each)."""
    digest = hashlib.sha256(f"{suite}:{case_id}".encode()).digest()
    return "tune" if digest[-1] % 2 == 0 else "holdout"


@dataclass(frozen=True)
class Slice:
    """What part of each suite a run takes; recorded in the result so a run can be repeated."""

    split: str = "all"
    offset: int | None = None
    limit: int | None = None
    sample: int | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.split not in SPLITS:
            raise UsageError(f"--split: {self.split!r} is not one of {', '.join(SPLITS)}")
        if self.sample is not None and (self.offset is not None or self.limit is not None):
            raise UsageError("--sample cannot be combined with --offset or --limit")
        if self.seed is not None and self.sample is None:
            raise UsageError("--seed needs --sample")
        for name in ("offset", "limit", "sample"):
            value = getattr(self, name)
            if value is not None and value < (0 if name == "offset" else 1):
                raise UsageError(f"--{name}: {value} is too small")

    def record(self) -> dict[str, Any]:
        """The slice as the result file keeps it (a sample always with its seed)."""
        out = asdict(self)
        if self.sample is not None and self.seed is None:
            out["seed"] = 0
        return out

    def describe(self) -> str:
        """One line for the table's heading: `holdout split, sample 60 (seed 1)`."""
        parts = [f"{self.split} split" if self.split != "all" else "all cases"]
        if self.sample is not None:
            parts.append(f"sample {self.sample} (seed {self.seed or 0})")
        elif self.offset is not None:
            end = f"{self.offset + self.limit - 1}" if self.limit else "end"
            parts.append(f"cases {self.offset}..{end}")
        elif self.limit is not None:
            parts.append(f"{self.limit} spread evenly")
        return ", ".join(parts)


def take(suite: str, cases: Sequence[T], chosen: Slice, *, case_id: Any = None) -> list[T]:
    """The cases of one suite that `chosen` selects, in suite order. `case_id(case)` gives the id
    (default: the case's `id` attribute)."""
    ident = case_id or (lambda case: case.id)
    pool = [c for c in cases if chosen.split == "all" or split_of(suite, ident(c)) == chosen.split]
    if chosen.sample is not None:
        if chosen.sample >= len(pool):
            return pool
        picked = sorted(random.Random(chosen.seed or 0).sample(range(len(pool)), chosen.sample))
        return [pool[i] for i in picked]
    if chosen.offset is not None:
        end = None if chosen.limit is None else chosen.offset + chosen.limit
        return pool[chosen.offset:end]
    return spread(pool, chosen.limit)


def spread(cases: Sequence[T], limit: int | None) -> list[T]:
    """`limit` cases spread evenly over the suite (suites are grouped by topic), in order."""
    if not limit or limit >= len(cases):
        return list(cases)
    step = len(cases) / limit
    return [cases[int(i * step)] for i in range(limit)]
