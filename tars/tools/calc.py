"""Arithmetic a small model gets wrong, as the calculate tool: an expression evaluated exactly.

Words a model copies from the message ("times", "divided by", "15% of", "square root of") are
turned into operators first; the result is then walked by `tars.tools.arithmetic`, never `eval`.
A value may also be asked as a fraction ("0.75 as a fraction"), and a whole number whether it is
prime.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from tars.currencies import MONEY_WORD, money_named
from tars.tools.arithmetic import FUNCTIONS, MAX_DIGITS, CalcError, tidy, walk
from tars.tools.base import Tool
from tars.tools.number_facts import exact_fraction, fraction_told, is_prime, percent_told, prime_told, question_of

__all__ = ["CalcError", "evaluate", "normalise", "calc_tools", "CALCULATOR", "MAX_CHARS", "MAX_DIGITS", "NUMBER",
           "SYMBOLS"]

CALCULATOR = "calculate"  # the tool's name: the pipeline hands it arithmetic the user wrote out
MAX_CHARS = 5000  # the longest expression tars evaluates: a column of some 800 numbers to sum


NUMBER = r"\d+(?:\.\d+)?"  # a number as the readers match one


def _listed(match: re.Match[str]) -> str:
    """ "the average of 4, 8 and 15" -> "average(4, 8, 15)": a function of every number listed. Items
    are parted by ", ", "and" or ";"; inside an item a comma before three digits is a thousands
    separator ("1,000 and 2,000"). One item of three or more tight groups is a list ("1,2,3");
    what could be read two ways ("100,200,300", "1,2", a decimal comma "2,50 and 3,75") is refused."""
    items = [item for item in re.split(r"\s*,\s*and\s+|\s*,\s+|\s+and\s+|\s*;\s*", match["list"]) if item]
    numbers: list[str] = []
    for item in items:
        groups = item.split(",")
        if len(groups) == 1:
            numbers.append(item)
        elif len(items) > 1 and re.fullmatch(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?", item):
            numbers.append(item.replace(",", ""))
        elif len(items) == 1 and len(groups) >= 3 and not any(len(g) == 3 for g in groups[1:]):
            numbers += groups
        else:
            raise CalcError(f"{item} could be read more than one way: write the numbers with a space after each "
                            "comma, a thousand as 1000 and decimals with a point")
    name = "sum" if match["fn"] == "total" else match["fn"]
    return f" {name}({', '.join(n.strip() for n in numbers)}) "


# (items are digits and points only and every comma a separator, so a long list costs no backtracking;
# `_listed` then tells thousands separators from the commas that part items)
_ITEM = r"-?\d+(?:\.\d+)?"
_LIST_OF = re.compile(rf"\b(?:the )?(?P<fn>average|mean|sum|total) of (?P<list>{_ITEM}"
                      rf"(?:(?:\s*[,;]\s*(?:and\s+)?|\s+and\s+){_ITEM})*)(?![\d,])")


_PARTS = {"half": 2, "third": 3, "quarter": 4, "fifth": 5, "tenth": 10}
_PARTS_COUNT = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4}
def _part(of: str, count: int, parts: int) -> str:
    """"two thirds of 90" -> (90 * 2 / 3); "half of 250" -> (250 / 2)."""
    return f"({of} / {parts})" if count == 1 else f"({of} * {count} / {parts})"


_TIMES = {"double": 2, "twice": 2, "triple": 3, "treble": 3, "quadruple": 4}
# Words for operators, in the order they are replaced (longest phrases first).
_WORDS: tuple[tuple[str, str | Callable[[re.Match[str]], str]], ...] = (
    (r"\b(?:what(?:'s| is)|calculate|compute|evaluate|how much is|solve)\b", " "),
    (rf"(?<![\d.])({NUMBER})\s*{MONEY_WORD}", r"\1"),  # "80 dollars" is 80
    # a year's simple interest: "3.5% interest on 10000 over a year" is 3.5% of 10000
    (r"^(?=.*\binterest\b)(.*?\d)\s+(?:(?:over|for|in|after) (?:a|one|1) year|a year|per year|per annum|annually|"
     r"yearly)$", r"\1"),
    # rounding said after the arithmetic: "1 million / 7 rounded to 2 decimals"
    (r"^\s*(?!round\b)(.+?),?\s+(?:rounded(?: off)?\s+)?to\s+(\d+)\s+(?:decimal places?|decimals?|dp|"
     r"digits? after the point)$", r"round(\1, \2)"),
    (r"^\s*(?!round\b)(.+?),?\s+rounded(?: off)?(?:\s+to\s+(?:the\s+)?nearest\s+(?:whole number|integer|unit|one))?$",
     r"round(\1)"),
    # an amount shared out: "split 240 between 3 people", "divide 90 by 4", "240 split 3 ways"
    (rf"\b(?:split|divide|share)\s+({NUMBER})\s+(?:equally |evenly )?(?:between|among|amongst|across|into|by)\s+"
     rf"({NUMBER})(?:\s+(?:people|persons|friends|ways|parts|pieces|equal parts|groups|of us))?\b", r"(\1 / \2)"),
    (rf"(?<![\d.])({NUMBER})\s+(?:split|divided|shared)\s+({NUMBER})\s+ways\b", r"(\1 / \2)"),
    (rf"(?<![\d.])({NUMBER})\s+dozen\b", r"(\1 * 12)"),
    (rf"(?<![\d.])({NUMBER})\s*(thousand|million|billion|trillion)\b",
     lambda m: f"({m[1]} * 10**{ {'thousand': 3, 'million': 6, 'billion': 9, 'trillion': 12}[m[2]]})"),
    (rf"(?<![\d.])({NUMBER})\s+factorial\b", r"factorial(\1)"),
    # parts and multiples said in words: "half of 250", "two thirds of 90", "double 128", "twice 7"
    (rf"\b(?:(a|one|two|three|four)\s+)?(half|halves|thirds?|quarters?|fifths?|tenths?) of\s+(-?{NUMBER}\b|\([^()]*\))",
     lambda m: _part(m[3], _PARTS_COUNT.get(m[1] or "a", 1), _PARTS[m[2].rstrip("s").replace("halve", "half")])),
    (rf"\b(double|twice|triple|treble|quadruple)\s+(?:of\s+)?(-?{NUMBER}\b|\([^()]*\))",
     lambda m: f"({m[2]} * {_TIMES[m[1]]})"),
    (rf"\bround\s+(-?{NUMBER})\s+to\s+(\d+)\s+(?:decimal places?|decimals?|dp|places?|digits? after the point)\b",
     r"round(\1, \2)"),
    (rf"\bround\s+(-?{NUMBER})\s+to\s+(?:the\s+)?nearest\s+(?:whole number|integer|unit|one)\b", r"round(\1)"),
    # a percentage taken off or added to an amount is a share of that amount: "20% off 80" is 64
    (rf"(?<![\d.])({NUMBER})\s*(?:%|percent|per cent)\s+(?:off|discount on|discount from|less than)\s+({NUMBER})\b",
     r"(\2 - pct(\1))"),
    (rf"(?<![\d.])({NUMBER})\s+(?:with|less|minus)\s+(?:a\s+)?({NUMBER})\s*(?:%|percent|per cent)\s+(?:off|discount)\b",
     r"(\1 - pct(\2))"),
    (rf"\b(increase|decrease|raise|reduce|cut)\s+({NUMBER})\s+by\s+({NUMBER})\s*(?:%|percent|per cent)",
     lambda m: f"({m[2]} {'+' if m[1] in ('increase', 'raise') else '-'} pct({m[3]}))"),
    (rf"(?<![\d.])({NUMBER})\s*(?:%|percent|per cent)\s+(?:more|higher|greater) than\s+({NUMBER})\b",
     r"(\2 + pct(\1))"),
    (rf"(?<![\d.])({NUMBER})\s*(?:%|percent|per cent)\s+(?:of|(?:tip|tax|vat|interest|commission|gratuity|"
     r"service charge) (?:on|of|for))\b", r"pct(\1)*"),
    # the share named first: "the tip on 45.50 at 18%"
    (rf"\b(?:the )?(?:tip|tax|vat|interest|commission|gratuity|service charge) (?:on|of|for)\s+({NUMBER})\s+"
     rf"(?:at|of)\s+({NUMBER})\s*(?:%|percent|per cent)", r"pct(\2)*\1"),
    (rf"(?<![\d.])({NUMBER})\s*(?:%|percent|per cent)(?!\s*[\d(.])", r"pct(\1)"),
    (rf"\b(?:the )?(square|cube) of\s+(-?)({NUMBER})\b",
     lambda m: f"{f'(-{m[3]})' if m[2] else m[3]}**{2 if m[1] == 'square' else 3}"),
    # "the remainder when 17 is divided by 5", "2 to the 100th power", "log base 2 of 1024"
    (rf"\b(?:the )?remainder (?:when|of|after) (-?{NUMBER}) (?:is )?divided by (-?{NUMBER})\b", r"(\1 % \2)"),
    (r"\bto the (\d+)(?:st|nd|rd|th) power\b", r"**\1"),
    (rf"\blog(?:arithm)? (?:base|to base|to the base) ({NUMBER}) of ({NUMBER})\b", r"log(\2, \1)"),
    (r"\b(?:the )?square root of\b", " sqrt "),
    (r"\b(?:the )?cube root of\s*\(?(-?\s*[\d.]+)\)?", r" cbrt(\1)"),
    (r"\b(?:the )?factorial of\b", " factorial "),
    (rf"(?<![\d.])({NUMBER})\s*!", r"factorial(\1)"),
    (r"\bto the power of\b|\braised to(?: the power(?: of)?)?\b|\bto the\b", "**"),
    # "-5 squared" is (-5)², as said; "10 - 5 squared" subtracts 25
    (rf"(?:^|(?<=[-+*/(]))\s*-\s*({NUMBER})\s*(squared|cubed)\b",
     lambda m: f" (-{m[1]})**{2 if m[2] == 'squared' else 3}"),
    (r"\bsquared\b", "**2"), (r"\bcubed\b", "**3"),
    (r"\bmultiplied by\b|\btimes\b", "*"), (r"\bdivided by\b|\bover\b", "/"),
    (r"\bplus\b|\badded to\b", "+"), (r"\bminus\b", "-"), (r"\bmod(?:ulo)?\b", "%"),
    (r"(?<=[\d)])(?:\s+x\s*|x\s+|(?<!\b0)x)(?=[\d(])", "*"),  # not "0x10", a hexadecimal number
)
_WORD_PATTERNS = tuple((re.compile(p), r) for p, r in _WORDS)
SYMBOLS = str.maketrans({"×": "*", "·": "*", "÷": "/", "−": "-", "–": "-", "^": "~",
                          "$": None, "€": None, "£": None, "¥": None})
# sqrt 81 / sqrt of 81: a function name followed by a bare number gets its parentheses
_BARE_CALL = re.compile(r"\b(" + "|".join(FUNCTIONS) + r")\s+(?:of\s+)?(-?" + NUMBER + r")")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")


# a call whose arguments are parted by ", ": "sum(1,000, 2,000)"
_SPACED_CALL = re.compile(r"\b([a-z]\w*)\(([^()]*,\s[^()]*)\)")


def _call_thousands(match: re.Match[str]) -> str:
    """A call's arguments parted by ", ", with a tight comma inside one a thousands separator
    ("sum(1,000, 2,000)" is 3000, not sum(1, 0, 2, 0)); one that is no such number could be read
    two ways, and is refused."""
    args = re.split(r"\s*,\s+", match[2].strip())
    for arg in args:
        if "," in arg and not re.fullmatch(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?", arg.strip()):
            raise CalcError(f"{arg} could be read more than one way: write the numbers with a space after each "
                            "comma, a thousand as 1000 and decimals with a point")
    return f"{match[1]}({', '.join(arg.replace(',', '') for arg in args)})"


def normalise(expression: str) -> str:
    """The expression with words and typographic symbols turned into Python operators."""
    text = " ".join(expression.lower().split()).strip().rstrip("?=.").strip()
    text = re.sub(r"(?<![\d)!])!+$", "", text).strip()  # "5 + 5!" shouts; "5!!" is no factorial tars reads
    text = text.translate(SYMBOLS).replace("~", "**")
    calls = re.search(r"[a-z]\s*\(", text)  # 1,234,567 is one number unless commas separate arguments
    text = _LIST_OF.sub(_listed, text)  # its lists' commas have a space after them: no thousands
    text = _SPACED_CALL.sub(_call_thousands, text)
    if not calls:
        text = _THOUSANDS.sub("", text)
    text = re.sub(r"(?<![\w.])0+(?=\d)", "", text)  # "08" is 8 (Python reads no leading zeros); not "1_000"
    for pattern, replacement in _WORD_PATTERNS:
        # one space between words: a run of them ("what's what's …" made blank) backtracks cubically
        text = " ".join(pattern.sub(replacement, text).split())
    text = _BARE_CALL.sub(r"\1(\2)", text)
    return " ".join(text.split())


_PRIME_LIMIT = 10**12  # trial division stays well under a second below this


def evaluate(expression: str) -> int | float:
    """The exact value of `expression`; CalcError for anything that is not plain arithmetic or too big."""
    if len(expression) > MAX_CHARS:
        raise CalcError(f"the expression is longer than {MAX_CHARS} characters")
    asked = question_of(expression)
    if asked.kind == "prime":
        return _asked_prime(asked.arithmetic)
    text = normalise(asked.arithmetic)
    if not text:
        raise CalcError("the expression is empty")
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise CalcError(f"cannot read {expression!r} as arithmetic: use numbers, + - * / // % ** and "
                        "parentheses") from None
    try:
        return tidy(walk(tree.body))
    except ZeroDivisionError:
        raise CalcError("division by zero") from None
    except OverflowError:
        raise CalcError("the result is too large to compute") from None
    except RecursionError:
        raise CalcError("the expression is nested too deeply") from None


def _shown(text: str) -> str:
    """The normalised expression as people write it."""
    out = re.sub(r"pct\((" + NUMBER + r")\)\*", r"\1% of ", text)
    out = re.sub(r"pct\((" + NUMBER + r")\)", r"\1%", out).replace("**", "^").replace("*", "×")
    out = re.sub(r"(?<![\d.]e)\s*([×+^÷])\s*", r" \1 ", out)
    out = out.replace("//", "\0").replace("/", " / ").replace("\0", " // ")  # a floor division stays whole
    out = out.replace("  ", " ").strip()
    if out.startswith("(") and out.endswith(")") and "(" not in out[1:] and ")" not in out[:-1]:
        out = out[1:-1]  # "(80 - 20%)": the whole expression needs no parentheses
    return out


def _money(expression: str) -> tuple[str, str] | None:
    """The one currency `expression` names, as (code, how a result in it is told), or None;
    CalcError when it names two: tars has no exchange rates to add dollars to euros."""
    named = money_named(expression)
    if len({code for code, _ in named}) > 1:
        raise CalcError(f"the amounts are in different currencies ({', '.join(sorted(c for c, _ in named))}); tars "
                        "has no exchange rates, so convert them first")
    return min(named) if named else None


_ANGLE = re.compile(r"\b(?:sin|cos|tan)\(")
_ROUNDED = re.compile(r"round\((?:[^()]|\([^()]*\))*\)")  # rounded as asked: "round(22 / 7, 3) = 3.143"


def _asked_prime(written: str) -> int | float:
    """The number a prime question asks about: whole ("4.0" is 4) or not ("4.5", which no prime
    is); one too long to check is past the limit."""
    digits = written.replace(",", "")
    if len(digits.split(".")[0].lstrip("-")) > 16:
        return _PRIME_LIMIT + 1
    number = Fraction(digits)
    return int(number) if number.denominator == 1 else float(number)


def calculate(expression: str) -> dict[str, Any]:
    asked = question_of(expression)
    arithmetic = asked.arithmetic
    money = _money(expression)
    if asked.kind == "prime":
        n = _asked_prime(arithmetic)
        if isinstance(n, float):
            return {"expression": f"is {arithmetic} prime", "result": n, "prime": False,
                    "confirmation": f"{arithmetic} is not a prime number: primes are whole numbers from 2 up."}
        if n > _PRIME_LIMIT:
            raise CalcError(f"tars checks whether a number is prime up to {_PRIME_LIMIT:,}")
        return {"expression": f"is {n} prime", "result": n, "prime": is_prime(n), "confirmation": prime_told(n)}
    value = evaluate(arithmetic)
    plain = normalise(arithmetic)
    shown = _shown(plain)
    if asked.kind == "fraction":
        fraction = fraction_told(exact_fraction(plain), value)
        if fraction is None:
            raise CalcError(f"{value} is too large or too small to write as a fraction")
        return {"expression": shown, "result": value, "fraction": fraction[2:], "confirmation": f"{shown} {fraction}"}
    if asked.kind in ("share", "change"):
        return {"expression": shown, "result": value, "confirmation": percent_told(asked, value)}
    if len(shown) > 200 and (many := re.fullmatch(r"(sum|average|mean|max|min)\((.*)\)", shown)):
        shown = f"{many[1]} of {many[2].count(',') + 1:,} numbers"  # a column piped in, not retold
    # a value rounded to the digits shown is "about" it: 1e15 / 3 is not 333,333,333,333,333 exactly,
    # and nor is any fraction of one a root, a logarithm or pi makes (sqrt(2), log(8))
    exact = exact_fraction(plain) if "pct(" not in plain else None
    if exact is None and isinstance(value, float) and abs(value - round(value)) < 1e-12:
        value = round(value)  # what a float leaves of a whole result: sin(pi) is 0, not 1.22e-16
        cut = True
    elif exact is None:  # a percentage's exact value is not worked out: 15 digits shown is a value cut
        cut = isinstance(value, float) and not value.is_integer() and not _ROUNDED.fullmatch(plain) and \
            ("pct(" not in plain or len(f"{abs(value):.15g}".replace(".", "").lstrip("0")) >= 15)
    else:
        cut = Fraction(Decimal(repr(value))) != exact
    number = f"{value:,}" if 10_000 <= abs(value) and (isinstance(value, int) or abs(value) < 1e15) else str(value)
    confirmation = f"{shown} {'≈' if cut else '='} {number}"
    if _ANGLE.search(plain) and "pi" not in plain:  # sin(30) is of 30 radians, which the user may not mean
        confirmation += " (angles in radians)"
    if "pct(" in plain and not re.search(r"\d", re.sub(r"pct\([^)]*\)", "", plain)):
        confirmation += f" ({tidy(float(value) * 100)}%)"  # a share of a share is a share: "10% of 20%" is 2%
    if money and isinstance(value, float) and round(value, 2) != value:  # an amount of money is paid in cents
        cents = Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        told = money[1]
        confirmation += f" (about {told}{cents:,})" if len(told) == 1 else f" (about {cents:,} {told})"
    return {"expression": shown, "result": value, "confirmation": confirmation}


def calc_tools() -> list[Tool]:
    return [Tool(
        name=CALCULATOR, family="exact", func=calculate,
        description=("Evaluate an arithmetic expression exactly: numbers with + - * / // % ** and parentheses, "
                     "percentages (N% of M), sqrt, abs, round, log, average and sum; it also writes a value as a "
                     "fraction and tells whether a whole number is prime. Use it for any arithmetic instead of "
                     "working it out yourself."),
        parameters={"type": "object", "additionalProperties": False, "required": ["expression"],
                    "properties": {"expression": {"type": "string", "minLength": 1, "maxLength": MAX_CHARS,
                                                  "description": "the arithmetic from the user's message, "
                                                                 "written with digits and operators"}}},
    )]
