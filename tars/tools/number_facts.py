"""What tars tells of a value besides the value itself: it as a fraction ("0.75 = 3/4"), and
whether a whole number is prime, with its factors when it is not ("91 = 7 × 13")."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

__all__ = ["fraction_told", "is_prime", "prime_factors", "prime_told"]


def prime_factors(n: int) -> list[int]:
    """The prime factors of `n` (>= 2), smallest first, each as often as it divides: 360 -> 2, 2, 2, 3, 3, 5.
    Trial division: the caller keeps `n` small enough (about 10**12) for it to take under a second."""
    factors: list[int] = []
    rest, p = n, 2
    while p * p <= rest:
        while rest % p == 0:
            factors.append(p)
            rest //= p
        p += 1 if p == 2 else 2
    if rest > 1:
        factors.append(rest)
    return factors


def is_prime(n: int) -> bool:
    return n >= 2 and prime_factors(n) == [n]


def prime_told(n: int) -> str:
    """"97 is a prime number.", "360 is not a prime number: 360 = 2^3 × 3^2 × 5."."""
    if n < 2:
        return f"{n} is not a prime number: primes start at 2."
    factors = prime_factors(n)
    if factors == [n]:
        return f"{n:,} is a prime number."
    powers = [f"{f}^{factors.count(f)}" if factors.count(f) > 1 else str(f) for f in dict.fromkeys(factors)]
    return f"{n:,} is not a prime number: {n:,} = {' × '.join(powers)}."


def fraction_told(said: str, value: int | float) -> str:
    """`value` (of the arithmetic `said`) as a fraction: "= 3/4", "= 5/4 (1 1/4)", "≈ 355/113" when
    no fraction with a denominator up to 10,000 is exact. A decimal typed is read as written."""
    if isinstance(value, int):
        return f"= {value} (a whole number)"
    typed = said.strip()
    if re.fullmatch(r"-?\d*\.\d+", typed):
        exact = Fraction(Decimal(typed))
    else:
        exact = Fraction(value).limit_denominator(10_000)
    near = abs(float(exact) - value) <= 1e-11 * max(1.0, abs(value))
    text = f"{exact.numerator}/{exact.denominator}"
    if abs(exact) > 1:
        whole, part = divmod(abs(exact.numerator), exact.denominator)
        text += f" ({'-' if exact < 0 else ''}{whole} {part}/{exact.denominator})"
    return f"{'=' if near else '≈'} {text}"
