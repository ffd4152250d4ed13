"""Values a small model gave in another order than the user's.

"latitude 35.22 and longitude -80.75" came back as `lat="-80.75", long="35.22"`, the least common
multiple of "18 and 24" as `a=18, b=24` where `a` "should be the larger number", and "sort
[34, 2, 56, 7]" as `array=[56, 2, 34, 7]`. The message labels each value, the description orders
them, or the message writes the list: tars puts them back.
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from tars.pipeline.mentioned import numbers_named

__all__ = ["unswapped", "as_listed"]

# what a description asks of an argument's size beside another's: "This should be the larger number."
_SIZE = re.compile(r"(?i)\b(?:should|must|has to|needs to) be the "
                   r"(larger|greater|bigger|higher|smaller|lesser|lower)\b")
_MORE = frozenset({"larger", "greater", "bigger", "higher"})
_WRITTEN = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\d.]*\d)")


def _figure(value: Any) -> float | None:
    """A number argument's value, or a number written as text ("35.22"); None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return None
    return None


def unswapped(args: dict[str, Any], props: dict[str, Any], message: str) -> dict[str, Any]:
    """`args` with each pair of number arguments swapped back when the message names each one's value
    as the other's ("latitude 35.22"), or when their sizes break the order a description asks for."""
    out = dict(args)
    for a, b in combinations([name for name, value in args.items() if _figure(value) is not None], 2):
        fa, fb = _figure(out[a]), _figure(out[b])  # as they stand after any earlier swap
        if fa is None or fb is None or fa == fb:
            continue
        named = numbers_named(a, message) == [fb] and numbers_named(b, message) == [fa]
        if named or _out_of_order(a, b, fa, fb, props):
            out[a], out[b] = out[b], out[a]
    return out


def _out_of_order(a: str, b: str, fa: float, fb: float, props: dict[str, Any]) -> bool:
    """Whether `a` and `b` break the size their descriptions ask ("should be the larger number")."""
    for name, mine, other in ((a, fa, fb), (b, fb, fa)):
        prop = props.get(name)
        found = _SIZE.search(str(prop.get("description") or "")) if isinstance(prop, dict) else None
        if found is not None:
            return (mine < other) if found.group(1).lower() in _MORE else (mine > other)
    return False


def as_listed(value: Any, message: str) -> Any:
    """A list of numbers in the order the message writes them, when it writes them all in a row
    ("[34, 2, 56, 7]"); a tool that sorts or ranks them does its own ordering."""
    if not isinstance(value, list) or len(value) < 3 or any(_figure(v) is None or isinstance(v, str) for v in value):
        return value
    figures = [float(v) for v in value]
    written = [float(n) for n in _WRITTEN.findall(message)]
    rows = [written[i:i + len(figures)] for i in range(len(written) - len(figures) + 1)]
    if figures in rows:
        return value
    row = next((r for r in rows if sorted(r) == sorted(figures)), None)
    if row is None:
        return value
    pool = list(value)  # the model's own items (ints stay ints), in the message's order
    return [pool.pop(next(i for i, v in enumerate(pool) if float(v) == n)) for n in row]
