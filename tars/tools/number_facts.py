"""What tars tells of a value besides the value itself: it as a fraction ("0.75 = 3/4"), whether a
whole number is prime, with its factors when it is not ("91 = 7 × 13"), one number as a percentage
of another ("20 is 25% of 80"), and the percentage change from one to another.

The embedded model answered "what percent of 80 is 20?" with 400, the change from 50 to 75 with
-25% and "1 in 3 as a percent" with 25%: each is asked here as the arithmetic it is."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Literal

__all__ = ["WRITTEN_NUMBER", "Question", "exact_fraction", "fraction_told", "is_prime", "percent_told",
           "prime_factors", "prime_told", "question_of"]

WRITTEN_NUMBER = r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"  # "1,200" is one number, "1,5" none
_N = WRITTEN_NUMBER
_PCT = r"(?:percent(?:age)?|per cent|%)"
_AS_FRACTION = re.compile(r"^(?:convert |write |express |turn )?(?P<x>.+?) (?:as|to|into|in) (?:a )?"
                          r"(?:fraction|fractional form)$")
_IS_PRIME = re.compile(rf"^(?:is |isn'?t |is not )?(?P<n>{_N}) (?:a )?prime(?: number)?$")
# one number as a share of another: "what percent of 80 is 20", "20 is what % of 80", "20 as a
# percentage of 80", "1 in 3 as a percent", "0.25 as a percentage"
_SHARE = tuple(re.compile(p) for p in (
    rf"^what {_PCT} of (?P<whole>{_N}) is (?P<part>{_N})$",
    rf"^(?P<part>{_N}) is what {_PCT} of (?P<whole>{_N})$",
    rf"^(?P<part>{_N}) (?:as an?|in) {_PCT} of (?P<whole>{_N})$",
    rf"^(?P<part>{_N}) (?:in|out of) (?P<whole>{_N}) (?:as an?|in) {_PCT}$",
    rf"^(?:convert )?(?P<part>{_N}) (?:as an?|in|to an?|into an?) {_PCT}$",
))
# "the percentage change from 50 to 75", "percent increase between 80 and 60"
_CHANGE = re.compile(rf"^(?:the )?{_PCT} (?:change|increase|decrease|difference|rise|drop|growth) (?:from|between) "
                     rf"(?P<a>{_N}) (?:to|and) (?P<b>{_N})$")


@dataclass(frozen=True)
class Question:
    """What an expression asks of its value: the value itself (kind None), it as a fraction, whether
    it is prime, a share in percent, or a change in percent; `arithmetic` is what to evaluate and
    `said` the numbers as written, for the answer."""

    kind: Literal["fraction", "prime", "share", "change"] | None
    arithmetic: str
    said: tuple[str, ...] = ()


def question_of(expression: str) -> Question:
    """The question `expression` asks ("what percent of 80 is 20" -> a share, 20 / 80 * 100)."""
    plain = " ".join(expression.lower().split()).strip().rstrip("?.!= ").strip()
    plain = re.sub(r"^(?:what(?:'s| is)|calculate|compute|tell me|work out) (?!(?:percent|per cent|%))", "", plain)
    if prime := _IS_PRIME.match(plain):
        return Question("prime", prime["n"])
    for pattern in _SHARE:
        if share := pattern.match(plain):
            whole = share.groupdict().get("whole") or "1"
            return Question("share", f"({share['part']}) / ({whole}) * 100", (share["part"], whole))
    if change := _CHANGE.match(plain):
        # against the start's size, so a rise from a negative start is an increase (-50 to 50: +200%)
        return Question("change", f"(({change['b']}) - ({change['a']})) / abs({change['a']}) * 100",
                        (change["a"], change["b"]))
    if fraction := _AS_FRACTION.match(plain):
        return Question("fraction", fraction["x"])
    return Question(None, expression)


def _percent(value: float, exact: Fraction | None = None) -> str:
    """A percentage to 4 decimals, "about" one when that cut it ("about 33.3333")."""
    rounded = round(value, 4)
    shown = f"{int(rounded):,}" if rounded == int(rounded) else f"{rounded:,}"
    cut = Fraction(Decimal(repr(rounded))) != (exact if exact is not None else Fraction(Decimal(repr(value))))
    return f"about {shown}" if cut else shown


def percent_told(question: Question, value: int | float) -> str:
    """"20 is 25% of 80.", "0.25 is 25%.", "From 50 to 75 is a 50% increase."."""
    if question.kind == "change":
        a, b = question.said
        if value == 0:
            return f"From {a} to {b} is no change."
        told = _percent(abs(value), abs(exact) if (exact := exact_fraction(question.arithmetic)) is not None else None)
        change = "increase" if value > 0 else "decrease"
        return f"From {a} to {b} is an {change} of {told}%." if told.startswith("about") \
            else f"From {a} to {b} is a {told}% {change}."
    part, whole = question.said
    told = _percent(value, exact_fraction(question.arithmetic))
    return f"{part} is {told}%." if whole == "1" else f"{part} is {told}% of {whole}."


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
    if n < 0:
        return f"{n:,} is not a prime number: primes are whole numbers from 2 up."
    if n < 2:
        return f"{n} is not a prime number: primes start at 2."
    factors = prime_factors(n)
    if factors == [n]:
        return f"{n:,} is a prime number."
    powers = [f"{f}^{factors.count(f)}" if factors.count(f) > 1 else str(f) for f in dict.fromkeys(factors)]
    return f"{n:,} is not a prime number: {n:,} = {' × '.join(powers)}."


# the largest numerator or denominator worked out exactly: a fraction shown has at most 12 digits a
# side, and "(((1.0000001^64)^64)^64)^64" would have 117 million (an exact power cannot be interrupted)
_MOST_BITS = 4096


def _bits(value: Fraction) -> int:
    return max(value.numerator.bit_length(), value.denominator.bit_length())


# functions whose value is as rational as their arguments
def _total(xs: list[Fraction]) -> Fraction:
    return sum(xs, Fraction(0))


def _mean(xs: list[Fraction]) -> Fraction:
    return _total(xs) / len(xs)


def _abs(xs: list[Fraction]) -> Fraction:
    if len(xs) != 1:
        raise ValueError
    return abs(xs[0])


_RATIONAL: dict[str, Callable[[list[Fraction]], Fraction]] = {
    "sum": _total, "mean": _mean, "average": _mean, "max": max, "min": min, "abs": _abs}


def exact_fraction(expression: str) -> Fraction | None:
    """The exact rational value of a normalised expression of numbers, + - * /, whole powers and
    parentheses ("1 / 3" is 1/3, not 0.333333333333); None when it has anything else (pi, sqrt)."""
    def walk(node: ast.AST) -> Fraction:
        match node:
            case ast.Constant(value=bool()):
                raise ValueError
            case ast.Constant(value=int() | float() as number):
                return Fraction(Decimal(repr(number)))
            case ast.UnaryOp(op=ast.USub(), operand=operand):
                return -walk(operand)
            case ast.UnaryOp(op=ast.UAdd(), operand=operand):
                return walk(operand)
            case ast.Call(func=ast.Name(id="pct"), args=[share], keywords=[]):  # a percentage: 15% is 15/100
                return walk(share) / 100
            case ast.Call(func=ast.Name(id=name), args=[_, *_] as args, keywords=[]) if name in _RATIONAL:
                return _RATIONAL[name]([walk(arg) for arg in args])  # the average of 1, 2 and 2 is 5/3
            case ast.BinOp(left=left, op=ast.Pow(), right=right):
                power, base = walk(right), walk(left)
                if power.denominator != 1 or abs(power) > 64 or _bits(base) * abs(int(power)) > _MOST_BITS:
                    raise ValueError
                return base ** int(power)
            case ast.BinOp(left=left, op=ast.Add() | ast.Sub() | ast.Mult() | ast.Div() | ast.Mod() as op,
                           right=right):
                a, b = walk(left), walk(right)
                if _bits(a) + _bits(b) > _MOST_BITS:
                    raise ValueError
                return a + b if isinstance(op, ast.Add) else a - b if isinstance(op, ast.Sub) \
                    else a * b if isinstance(op, ast.Mult) else a / b if isinstance(op, ast.Div) else a % b
        raise ValueError

    try:
        return walk(ast.parse(expression, mode="eval").body)
    except (ValueError, SyntaxError, ZeroDivisionError, RecursionError):
        return None


def fraction_told(exact: Fraction | None, value: int | float) -> str | None:
    """A value as a fraction: "= 3/4", "= 5/4 (1 1/4)"; "≈ 355/113", the closest with a denominator up
    to 10,000, when it is not known exactly (pi, a square root) or the exact one is longer than 12
    digits a side; None for a value too large or too small to write as one."""
    if isinstance(value, int):
        return f"= {value} (a whole number)"
    near = exact is not None and max(abs(exact.numerator), exact.denominator) < 10**12
    if not near and not 1e-6 <= abs(value) < 1e12:  # no exact fraction, and none close with a small denominator
        return None
    shown = exact if exact is not None and near else Fraction(value).limit_denominator(10_000)
    text = f"{shown.numerator}/{shown.denominator}"
    if abs(shown) > 1:
        whole, part = divmod(abs(shown.numerator), shown.denominator)
        text += f" ({'-' if shown < 0 else ''}{whole} {part}/{shown.denominator})"
    return f"{'=' if near else '≈'} {text}"
