"""Sums a small model wrote into an answer, checked by tars's calculator.

The embedded model, answering without a tool, wrote "(45.50 × 18) / 100 = 72.90" for a tip of
8.19. Its text has streamed by the time the answer ends, so tars adds a line that names each sum it
found wrong and the value the calculator gives; a sum it cannot read is left alone.
"""

from __future__ import annotations

import math
import re

from tars.tools.calc import CalcError, evaluate

__all__ = ["wrong_sums", "correction"]

_NUM = r"\d+(?:,\d{3})*(?:\.\d+)?"
_OPERATOR = r"(?:[-−–+×x*/÷^]|multiplied by|times|divided by|plus|minus|% of)"
# "a op b (op c …) = d", "17 multiplied by 23 equals 411": numbers and operators only on the left
_MONEY = "[$£€¥]"
_TERM = rf"(?:\( ?)?{_MONEY}?(?!0\d){_NUM}{_MONEY}?(?: ?\))?"  # "$12", "12€"
# a sum ending where its value is said: read backwards from each "=", over a short stretch only;
# not a clock time ("10:30 + 2"), a fraction ("1/2 + 1/4") or a percentage, which it cannot weigh
# ... nor the tail of a longer expression ("n * 4 + 2", "x^2 + 1", "√16 + 2", "1 1/2 + 1/2")
_SUM = re.compile(rf"(?<![\w.,:/%−–^*×÷√°-])(?<![-+*/×÷^−–] )(?<!\d )"
                  rf"(?P<sum>[−-]?{_TERM}(?: ?{_OPERATOR} ?{_TERM})+) ?$")
# ... and its value a plain number ("72.90 dollars"): not "80%", "3/4", "12:30", "1 million", "86.4k", "1080p"
_SAID = re.compile(rf"(?:={{1,2}}|\bequals\b|\bis equal to\b) ?{_MONEY}? ?(?P<said>-?{_NUM})"
                   r"(?![\d,]*\.?\d|\s?(?:%|/|:|\^|\(|[×x*] ?10\b)|[^\W\d_]|"
                   r"\s(?i:thousand|million|billion|trillion|k|m|mp|p|[kmgt]i?b|am|pm|a\.m|p\.m)\b)")
# a count of something, or another base or clock: "pages 10 - 20 = 11 pages", "in binary 101 + 11 = 1000"
_OTHER_COUNTING = re.compile(r"\b(?:binary|base|hex|octal|mod|modulo|clock|pages?|rows?|hours?|days?)\b",
                             re.IGNORECASE)
# numbers run together with "-" or "x" are a range or a size ("days 1-7", "1920x1080"), not a sum
_JOINED = re.compile(r"\d[-x×]\d")
# sums read two ways: a minus before a power ("-3^2": -9, or (-3)^2 as people often mean it), and
# dots between thousands ("1.500 + 500 = 2.000" as much of Europe writes it); right either way, right
_NEGATIVE_POWER = re.compile(r"^[−-](\d[\d.]*)\s*(\^|\*\*)")
_DOTTED = re.compile(r"(?<![\d.])[1-9]\d{0,2}(?:\.\d{3})+(?![\d.])")
_REACH = 80  # characters before an "=" a sum may take
_LATEX = (("\\times", "×"), ("\\cdot", "×"), ("\\div", "÷"), ("\\(", " "), ("\\)", " "), ("\\[", " "), ("\\]", " "),
          ("\\left", ""), ("\\right", ""))
_CODE = re.compile(r"```.*?(?:```|$)|`[^`\n]*`", re.DOTALL)  # code is not a claim: `total = 3 * 4`
_MAX_CHECKED = 20_000  # characters of an answer read: a long one is checked in its opening part


def wrong_sums(text: str) -> list[tuple[str, str, str]]:
    """(the sum as written, the value it was said to have, the calculator's value) for each sum
    in `text` whose stated value is wrong beyond the rounding it was written with."""
    plain = _CODE.sub(" ", text[:_MAX_CHECKED])
    for latex, sign in _LATEX:
        plain = plain.replace(latex, sign)
    plain = " ".join(plain.split())
    found: list[tuple[str, str, str]] = []
    for equal in list(_SAID.finditer(plain))[:50]:
        if equal.group(0).startswith("=="):  # code's comparison, not a claim
            continue
        match = _SUM.search(plain, max(0, equal.start() - _REACH), equal.start())  # sees what is before
        if match is None:
            continue
        written, said = match["sum"].strip(), equal["said"]
        window = plain[max(0, equal.start() - _REACH):equal.end() + 12]
        if _JOINED.search(written) or (" - " in written and _OTHER_COUNTING.search(window)) \
                or re.search(r"\b(?:binary|base \d+|hex|octal|mod(?:ulo)? \d+)\b", window, re.IGNORECASE):
            continue
        value = _value(written)
        if value is None or any(_agrees(*reading) for reading in _readings(written, said, value)):
            continue
        found.append((written, said, _shown(value)))
    return found


def _value(written: str) -> float | None:
    """The calculator's value of a sum, or None when it cannot read it."""
    try:
        value = float(evaluate(re.sub(_MONEY, "", written)))
    except (CalcError, ValueError, OverflowError, ZeroDivisionError):
        return None
    return value if math.isfinite(value) else None


def _readings(written: str, said: str, value: float) -> list[tuple[float | None, str]]:
    """(a value of the sum, the value said) as it may be meant: as written (`value`); with a leading
    minus taken into the power; with dots between thousands."""
    readings: list[tuple[float | None, str]] = [(value, said)]
    if _NEGATIVE_POWER.match(written):
        readings.append((_value(_NEGATIVE_POWER.sub(r"(-\1)\2", written, count=1)), said))
    if _DOTTED.search(written) or _DOTTED.fullmatch(said):
        readings.append((_value(_DOTTED.sub(_undotted, written)), _DOTTED.sub(_undotted, said)))
    return readings


def _undotted(number: re.Match[str]) -> str:
    return number.group(0).replace(".", "")


def _agrees(value: float | None, said: str) -> bool:
    """Whether `value` is the value said, to the places it was written with (0.666 for 2/3 too)."""
    if value is None:
        return False
    claimed = float(said.replace(",", ""))
    places = len(said.partition(".")[2])
    close = abs(value - claimed) <= 0.5 * 10 ** -places + 1e-9 * max(1.0, abs(value))
    return close or math.trunc(value * 10 ** places) == round(claimed * 10 ** places)


def _shown(value: float) -> str:
    """A value as a person writes it: 8.19, 4,166.67, 391."""
    if abs(value) >= 1e15:
        return f"{value:.6g}"
    if value == int(value):
        return f"{int(value):,}"
    return f"{value:,.6f}".rstrip("0").rstrip(".")


def correction(text: str) -> str | None:
    """The line tars adds after an answer with wrong sums in it, or None when there are none."""
    wrong = wrong_sums(text)
    if not wrong:
        return None
    said = "; ".join(f"{written} is {value}, not {claimed}" for written, claimed, value in wrong[:3])
    return f"(Checked by tars's calculator: {said}.)"
