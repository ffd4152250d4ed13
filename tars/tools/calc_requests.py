"""The calculator's expression, read from a request that asks nothing else: arithmetic written out
("what's 20% off 80?"), a figure of numbers piped in ("what's the total?"), or the last result
taken further ("now subtract 100").

A small model asked for "20% off 80" wrote `0.2 * 80` (the discount, not the price), summed
12 + 45 + 7 + 30 to 128, and after 45 × 12 = 540 took "now subtract 100" as a date 100 days back.
None is the answer whenever the request says anything more: then the model reads it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tars.tools.calc import MAX_CHARS, NUMBER, SYMBOLS, CalcError, evaluate
from tars.tools.tables import plain_number, table_of, value

__all__ = ["aggregate_of", "continued", "continues", "expression_in"]


# what may open or close a message that is nothing but arithmetic: "hey, what's 17 times 23 please?"
_ASK_OPENING = re.compile(
    r"^(?:(?:hey|hi|ok|okay|so|please|quick question)\b[,:!]?\s*)*"
    r"(?:(?:can|could|would|will) you (?:please )?(?:tell me |work out |calculate |compute |do )?|tell me |work out )?"
    r"(?:(?:what(?:'s|s| is| does)|how much is|calculate|compute|evaluate|work out)\s+)?(?:the\s+)?", re.IGNORECASE)
_ASK_CLOSING = ("please", "equal", "make", "come to", "exactly")


def _without_closing(ask: str) -> str:
    """`ask` without the words and marks that may close it ("… equal, please?"); stripped from the
    end one at a time, so a long run of spaces costs no regex backtracking."""
    while True:
        text = ask.rstrip(" \t\n?.=,")
        while text.endswith("!") and not text[-2:-1].isdigit() and text[-2:-1] != ")":  # "7!" is a factorial
            text = text[:-1].rstrip(" \t\n?.=,")
        low = text.lower()
        word = next((w for w in _ASK_CLOSING if low.endswith(w) and not low[-len(w) - 1:-len(w)].isalnum()), None)
        if word is None:
            return text
        ask = text[: -len(word)]


def expression_in(message: str) -> str | None:
    """The arithmetic a message asks for, when the whole message is arithmetic tars evaluates
    ("what's 20% off 80?"); None when it says anything more, which a model must read."""
    ask = _ASK_OPENING.sub("", message.strip(), count=1)
    ask = _without_closing(ask).strip()
    if len(ask) > MAX_CHARS or not re.search(r"\d", ask):
        return None
    try:
        evaluate(ask)
    except CalcError:
        return None
    return ask


# a request for one figure of numbers given with it: "what's the sum of these numbers?", "add them up"
_AGGREGATE = re.compile(
    r"^(?:(?:please|can you|could you|would you)\s+)*(?:what(?:'s| is| are)\s+|give me\s+|calculate\s+|compute\s+)?"
    r"(?:the\s+)?(?P<fn>sum|total|average|mean|max(?:imum)?|min(?:imum)?|largest|biggest|highest|smallest|lowest)"
    r"(?:\s+(?:number|value))?(?:\s+of)?(?:\s+(?:all\s+)?(?:these|those|the|them|this|it))?"
    r"(?:\s+(?:numbers|values|figures|amounts|lines|list))?"
    r"(?P<column>(?:\s+(?!(?:please|up)\b)[a-z][\w-]*){1,2}?)??(?:\s+(?:column|field))?"  # a table's: "the average age"
    r"(?:,?\s+please)?\s*[?.!]*$"
    r"|^(?:(?:please|can you|could you)\s+)*(?P<verb>add|sum|total|average)\s+"
    r"(?:(?:all\s+)?(?:these|those|them|it|this)(?:\s+(?:numbers|values|figures|amounts))?)(?:\s+up)?"
    r"(?:,?\s+please)?\s*[?.!]*$", re.IGNORECASE)
_FUNCTION_OF = {"sum": "sum", "total": "sum", "add": "sum", "average": "average", "mean": "average", "max": "max",
                "maximum": "max", "largest": "max", "biggest": "max", "highest": "max", "min": "min",
                "minimum": "min", "smallest": "min", "lowest": "min"}
_FENCE = re.compile(r"^`{3,}.*$|^\[attached [a-z]+: .*\]$", re.MULTILINE)
_LISTED_LINE = re.compile(r"-?\d+(?:\.\d+)?(?:[\s,;]+-?\d+(?:\.\d+)?)*")


def _aggregate_asked(request: str) -> tuple[str, str] | None:
    """The function a request asks of numbers given with it ("the sum of these" -> sum), and the
    words that may name a table's column ("the average age" -> "age"), or None."""
    match = _AGGREGATE.match(" ".join(request.split()))
    return (_FUNCTION_OF[(match["fn"] or match["verb"]).lower()], match["column"] or "") if match else None


def aggregate_of(request: str, attached: str) -> str | None:
    """The expression for a request like "what's the average?" over `attached` text that is nothing
    but numbers (a column piped in: one a line, or separated by commas), or None."""
    asked = _aggregate_asked(request)
    text = _FENCE.sub("", attached).translate(SYMBOLS).strip()
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if asked is None or not lines or re.search(r"(?![0-9])\d", text):  # "١": a digit Python cannot sum
        return None
    function, words = asked
    if len(lines) > 1:  # a column: one number a line, "1,234" being one number; or a table's column
        if all(value(line) is not None for line in lines):
            if words:  # "the sum of the first two": not all of them
                return None
            numbers = [plain_number(line) for line in lines]
        elif (table := table_of(text)) is not None and (column := table.column(words)) is not None:
            numbers = table.numbers(column)
        else:
            return None
    else:  # one line of numbers: "12, 45, 7" are three, but "1,000, 2" or "12,5;7,25" are unclear
        if not _LISTED_LINE.fullmatch(lines[0]) or re.search(r"\d,\d", lines[0]):
            return None
        numbers = re.findall(rf"-?{NUMBER}", lines[0])
    expression = f"{function}({', '.join(numbers)})"
    return expression if len(numbers) >= 2 and len(expression) <= MAX_CHARS else None


# the last result taken further: "now subtract 100", "and times 2?", "divide that by 4", "double it"
_GO_ON = r"^(?:(?:and|now|then|ok(?:ay)?|so|also),?\s+)*(?:(?:what(?:'s| is)|how about)\s+)?"
_ON = r"(?:(?:that|it|this|the result|the answer)\s+)?"
_CONTINUED = re.compile(
    rf"{_GO_ON}{_ON}(?P<op>plus|minus|times|multiplied by|divided by|over|to the power of|add|subtract|take away|"
    rf"multiply (?:it |that |this )?by|divide (?:it |that |this )?by)\s+(?P<n>-?{NUMBER}\s*%?)"
    r"(?:\s+(?:to|from) (?:it|that|this))?\s*[?.!]*$"
    rf"|{_GO_ON}(?P<word>double|halve|triple|square|cube) (?:it|that|this)\s*[?.!]*$", re.IGNORECASE)
_OPERATOR = {"plus": "+", "add": "+", "minus": "-", "subtract": "-", "take away": "-", "times": "*",
             "multiplied by": "*", "multiply": "*", "divided by": "/", "over": "/", "divide": "/",
             "to the power of": "**", "double": "* 2", "halve": "/ 2", "triple": "* 3", "square": "** 2",
             "cube": "** 3"}


def continues(message: str) -> bool:
    """Whether `message` only takes the last result further ("now subtract 100", "double it")."""
    return _CONTINUED.match(" ".join(message.split())) is not None


def continued(message: str, previous: Mapping[str, Any]) -> str | None:
    """The expression a message asks of the calculator's last output ("now subtract 100" after
    45 × 12 = 540 is "(45 × 12) - 100": the expression, so nothing is lost to rounding), or None
    when it asks anything else."""
    match = _CONTINUED.match(" ".join(message.split()))
    if match is None:
        return None
    if match["word"]:
        step = _OPERATOR[match["word"].lower()]
    else:
        op = match["op"].lower()
        step = f"{_OPERATOR[op if op in _OPERATOR else op.split(' ')[0]]} {match['n']}"  # "divide it by": divide
    for start in _starts(previous):  # the expression taken further, or its result when that cannot be
        expression = f"{start} {step}"
        try:
            evaluate(expression)
        except CalcError:
            continue
        return expression
    return None


def _starts(previous: Mapping[str, Any]) -> list[str]:
    """What the next step may start from: the last expression in parentheses while it is short,
    then the last result (a negative one in parentheses too: -5 squared is 25)."""
    expression, result = previous.get("expression"), previous.get("result")
    starts = [f"({expression})"] if isinstance(expression, str) and len(expression) <= 200 else []
    if isinstance(result, int | float) and not isinstance(result, bool):
        starts.append(f"({result!r})" if result < 0 else repr(result))
    return starts
