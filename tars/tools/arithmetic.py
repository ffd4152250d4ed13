"""The arithmetic tars evaluates, never with `eval`: a parsed expression walked node by node, with
numbers, + - * / // % **, unary signs and a few named functions, nothing else. Sizes are capped
before each operation, so `9**9**9` is refused at once instead of running for hours."""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal, localcontext
from typing import Any

from tars.errors import ToolError

__all__ = ["CalcError", "FUNCTIONS", "MAX_DIGITS", "walk", "tidy"]

MAX_DIGITS = 1000  # an integer result or intermediate longer than this is refused
_MAX_BITS = int(MAX_DIGITS * 3.33) + 1
_Number = int | float


class CalcError(ToolError):
    """The expression is not arithmetic tars evaluates, or its result would be too large."""


def _sqrt(x: _Number) -> _Number:
    if x < 0:
        raise CalcError("the square root of a negative number is not a real number")
    if isinstance(x, int):
        root = math.isqrt(x)
        if root * root == x:
            return root
    return math.sqrt(x)


def _log(x: _Number, base: _Number = 10) -> float:
    """log is base 10 as on a calculator (ln is natural); exact for powers of 10 and 2."""
    if x <= 0 or base <= 0 or base == 1:
        raise CalcError("a logarithm needs a positive number (and a positive base other than 1)")
    return math.log10(x) if base == 10 else math.log2(x) if base == 2 else math.log(x, base)


def _cbrt(x: _Number) -> _Number:
    """The real cube root, of a negative number too (the cube root of -27 is -3)."""
    root = math.copysign(abs(x) ** (1 / 3), x)
    whole = round(root)
    return whole if whole ** 3 == x else root


def _factorial(n: _Number) -> int:
    if isinstance(n, float) and n.is_integer():
        n = int(n)
    if not isinstance(n, int) or n < 0:
        raise CalcError("factorial needs a whole number that is not negative")
    if n > 450:
        raise CalcError(f"the factorial of {n} has more than {MAX_DIGITS} digits; tars does not compute it")
    return math.factorial(n)


def _mean(*values: _Number) -> _Number:
    if not values:
        raise CalcError("an average needs at least one number")
    total = sum(values)
    return total // len(values) if isinstance(total, int) and total % len(values) == 0 else total / len(values)


def _sum(*values: _Number) -> _Number:
    return sum(values)


def _extreme(pick: Callable[..., _Number]) -> Callable[..., _Number]:
    def extreme(*values: _Number) -> _Number:
        if not values:
            raise CalcError(f"{pick.__name__} needs at least one number")
        return pick(values)
    return extreme


def _round(x: _Number, digits: _Number = 0) -> _Number:
    """Halves round away from zero, as on a calculator and in school: 2.5 is 3 and 2.675 is 2.68
    (Python's round gives 2 and 2.67: ties to even, on the float's binary value)."""
    if not isinstance(digits, int) or abs(digits) > 15:
        raise CalcError("round takes a whole number of digits up to 15")
    if isinstance(x, int) and digits >= 0:
        return x
    if isinstance(x, float) and not math.isfinite(x):
        raise CalcError("the result is not a finite number")
    exact = Decimal(repr(x)) if isinstance(x, float) else Decimal(x)
    with localcontext() as context:
        context.prec = MAX_DIGITS + 20  # every digit of the largest number tars computes
        rounded = exact.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    return int(rounded) if digits <= 0 else float(rounded)


FUNCTIONS: dict[str, Callable[..., _Number]] = {
    "sqrt": _sqrt, "cbrt": _cbrt, "abs": abs, "round": _round, "floor": math.floor, "ceil": math.ceil,
    "log": _log, "ln": lambda x: _log(x, math.e), "log10": _log, "log2": lambda x: _log(x, 2),
    "exp": math.exp, "factorial": _factorial, "mean": _mean, "average": _mean, "sum": _sum,
    "max": _extreme(max), "min": _extreme(min),
    "sin": math.sin, "cos": math.cos, "tan": math.tan,
}
_CONSTANTS: dict[str, float] = {"pi": math.pi, "e": math.e, "tau": math.tau}
_BINARY: dict[type, Callable[[Any, Any], _Number]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow,
}

def walk(node: ast.AST) -> _Number:
    match node:
        case ast.Constant(value=bool()):
            raise CalcError("true and false are not numbers")
        case ast.Constant(value=int() | float() as value):
            return value
        case ast.Name(id=name) if name in _CONSTANTS:
            return _CONSTANTS[name]
        case ast.UnaryOp(op=ast.USub(), operand=operand):
            return -walk(operand)
        case ast.UnaryOp(op=ast.UAdd(), operand=operand):
            return walk(operand)
        case ast.BinOp(left=left, op=ast.Add() | ast.Sub() as op, right=ast.Call(func=ast.Name(id="pct")) as right) \
                if not _is_percent(left):
            # a percentage added or taken off is a share of what it is added to: 100 - 15% = 85
            a, share = walk(left), walk(right)
            return a + a * share if isinstance(op, ast.Add) else a - a * share
        case ast.Call(func=ast.Name(id="pct"), args=[ast.Constant(value=int() | float() as value)], keywords=[]):
            return value / 100
        case ast.BinOp(left=left, op=op, right=right) if type(op) in _BINARY:
            a, b = walk(left), walk(right)
            if isinstance(op, ast.Pow):
                _check_power(a, b)
            elif isinstance(op, ast.Mult) and isinstance(a, int) and isinstance(b, int):
                _check_bits(abs(a).bit_length() + abs(b).bit_length())
            result = _BINARY[type(op)](a, b)
            if isinstance(op, ast.Add | ast.Sub) and isinstance(result, float) and result and (a or b):
                # a float holds 15 digits of the larger operand: what lies below is what binary
                # fractions leave (0.1 + 0.2 - 0.3 is 0; 1000000 - 999999.99 is 0.01, not 0.0100000000093)
                result = round(result, 14 - math.floor(math.log10(max(abs(a), abs(b)))))
            if isinstance(result, float) and result == 0 and a and b and isinstance(op, ast.Div | ast.Mult | ast.Pow):
                raise CalcError("the result is smaller than tars can show (below 1e-308), though it is not 0")
            if isinstance(result, complex):
                raise CalcError("the result is not a real number (a negative number to a fractional power)")
            if isinstance(result, int):
                _check_bits(abs(result).bit_length())
            return result
        case ast.Call(func=ast.Name(id=name), args=args, keywords=[]) if name in FUNCTIONS:
            try:
                return FUNCTIONS[name](*(walk(a) for a in args))
            except TypeError:
                raise CalcError(f"wrong number of arguments for {name}") from None
            except ValueError as exc:
                raise CalcError(f"{name}: {exc}") from None
        case ast.Name(id=name):
            raise CalcError(f"unknown name {name!r}: only numbers, operators and "
                            f"{', '.join(FUNCTIONS)} are allowed")
    raise CalcError("only numbers, + - * / // % **, parentheses and a few functions (sqrt, round, abs…) "
                    "are allowed")


def _is_percent(node: ast.AST) -> bool:
    """Whether `node` is a bare percentage ("5%"): 5% + 3% is 8%, not 5% and 3% of it."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "pct"


def _check_bits(bits: int) -> None:
    if bits > _MAX_BITS:
        raise CalcError(f"the result would have more than {MAX_DIGITS} digits; tars does not compute it")


def _check_power(base: _Number, exponent: _Number) -> None:
    """Refuse a power whose result would be huge before computing it."""
    if isinstance(base, int) and isinstance(exponent, int):
        if abs(base) > 1 and exponent > 0:
            _check_bits((abs(base).bit_length() - 1) * exponent)
    elif abs(exponent) > 10_000 and abs(base) not in (0, 1):
        raise CalcError("the exponent is too large")


def tidy(value: _Number) -> _Number:
    """Whole floats become ints; other floats keep 15 significant digits, what a float holds exactly
    (no 0.30000000000000004)."""
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            raise CalcError("the result is not a finite number")
        if value.is_integer() and abs(value) < 1e15:
            return int(value)
        value = float(f"{value:.15g}")  # 0.035 * 10000 is 350.00000000000006: 350
        return int(value) if value.is_integer() and abs(value) < 1e15 else value
    return value
