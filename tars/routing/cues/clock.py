"""Cues for the clock: the time now in a place, a clock time in one place in another, and how far
apart two places' clocks are.

The same phrasing ("what time is it in Lima", "3pm London time in Tokyo") asks for a time server's
tools when one is configured (`servers`), which also answer the date; the built-in clock leaves the
date to the date tools (`exact`).
"""

from __future__ import annotations

from tars.routing.family import Family, cues, hints
from tars.tools.when import CLOCK_TIME as _CLOCK_TIME
from tars.tools.when import MONTH_ABBR

__all__ = ["CLOCK", "CLOCK_PAIRS", "CLOCK_NEGATIVES", "DATE_PAIRS", "Pairs", "TIME_DIFFERENCE"]

Pairs = tuple[tuple[float, str], ...]

# how far apart two clocks are: "the time difference between Tokyo and London", "how many hours ahead is
# Sydney?", "is Tokyo 9 hours ahead of London?"; not between two days ("between 3 march and 10 april",
# date arithmetic), nor "two hours behind schedule" or "2 hours behind on my work"
_DAYS_AFTER = rf" between (?:\d|today|tomorrow|yesterday|(?:{MONTH_ABBR})[a-z]*\.? \d)"
_BETWEEN_DAYS = rf"\btime difference{_DAYS_AFTER}"
_NOT_A_CLOCK = r"(?! (?:the |my |our |your )?(?:schedule|plan|target|time|deadline|pace|budget|estimate)\b)"
TIME_DIFFERENCE = (rf"\btime difference\b(?!{_DAYS_AFTER})|\bhow many hours (?:ahead|behind) (?:is|are)\b|"
                   rf"\bhours? (?:is|are) [\w ]{{2,30}} (?:ahead|behind) (?:of|from)\b{_NOT_A_CLOCK}|"
                   rf"\bhours? (?:ahead|behind) (?:of|from)\b{_NOT_A_CLOCK}(?! (?:the rest|others|everyone|us|them|"
                   r"me)\b)")
CLOCK_PAIRS: Pairs = (
    (3, TIME_DIFFERENCE),
    (3, r"\bwhat (?:time|hour)(?: is|'s) it\b|\bwhat'?s the hour\b|\bwhat'?s the (?:current |local )?time\b|"
        r"\bwhat is the (?:current |local )?time\b"),
    (3, r"\b(?:current|local|exact) time\b|\btime zones?\b|\btimezones?\b|\bo'?clock\b"),
    (3, r"^(?:the )?(?:current |local )?time (?:in|at|over in|now in)\b|\btime (?:is it|it is) (?:in|there|now)\b"),
    (3, r"\bis it (?:still |already )?(?:after|before|past) (?:midnight|noon|\d)|"
        r"\bis it (?:still |already )?(?:the )?(?:morning|night|late|early|evening|afternoon|daytime|night-?time|dark|"
        r"middle of the (?:night|day)|bedtime|business hours|working hours|office hours|"
        r"midnight|noon|"
        r"lunchtime)\b.{0,20}\bin\b"),
    (3, rf"\b(?:convert|what'?s|what is|when is)\b.{{0,30}}\b{_CLOCK_TIME}\b.{{0,30}}\b(?:time|in|to)\b"),
    # the day or date somewhere else, which its time zone decides: "what day is it in Auckland?"
    (3, r"(?:\bwhat (?:day|date) is it (?:now |today |right now )?|\bwhat(?:'s| is) (?:the |today's )?date (?:now |"
        r"today )?|\bis it (?:already |still )?(?:today|tomorrow|yesterday|(?:mon|tues|wednes|thurs|fri|satur|sun)day) "
        r"(?:yet |already |still )?)(?:in|at|over in) (?:the (?=[a-z]))?"
        # not a format, a language ("in Dutch", "in Swedish") or calendar, nor a time from now ("in eleven days")
        r"(?!.*\bcalendar\b|(?:my|the|your|our|this|that|a|an|same|other|next|last|future|past|work|home|school|"
        r"year|morning|afternoon|evening|night|world|game|book|story|movie|film|show|series|roman|iso|binary|hex|"
        r"words|numbers|numerals|\w+ (?:format|numerals)|format|dd|mm|yyyy|julian|gregorian|hijri|islamic|lunar|"
        r"persian|mayan|unix|epoch|hebrew|arabic|latin|greek|hindi|russian|korean|german|french|italian|dutch|"
        r"\w+(?:ish|ese))\b|[\w-]+(?: [\w-]+)? (?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b)[a-z]"),
    (3, r"\b(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)|\d{1,2}:\d\d)\s+(?:[a-z]+ ){1,2}time\b|\bin (?:[a-z]+ ){1,2}time\b"),
    (2, r"\b(?:utc|gmt|est|edt|cst|cdt|pst|pdt|cet|cest|bst|jst|ist|aest|iana)\b|\btime (?:in|at|there|now|"
        r"here)\b"),
)
DATE_PAIRS: Pairs = (
    (3, r"\bwhat(?:'s| is) (?:the |today's )?date(?: today)?\b|\bwhat day is (?:it|today)\b|\btoday'?s date\b|"
        r"\bdaylight sav(?:ing|ings)\b"),
    (2, r"\b(?:how long|how many (?:hours|minutes)) (?:until|till|to) (?:midnight|noon|\d)"),
)
CLOCK_NEGATIVES: Pairs = (
    (3, _BETWEEN_DAYS),
    (3, r"\btime (?:complexity|dilation|travel|period|series|signature|management|machine|crystal|frame|limit|"
        r"out)s?\b"),
    (3, r"\bspace-?time\b|\b(?:run|compile|load|up|screen|down|lead|half|life|bed|prime|spare|free|over|part|"
        r"full)[- ]?time\b|(?<!is it )\bday[- ]?time\b"),
)

CLOCK = Family(
    "clock",
    does="tell the time anywhere, convert times between places, and how far apart their clocks are",
    names=frozenset({"clock"}),
    prefixes=("time_now", "time_convert", "time_difference"),
    asked_as_textbook=True,  # "what is the time in new york" is asked like a textbook question ...
    local=True,
    hints_decide=True,
    cues=cues(*CLOCK_PAIRS),
    negatives=cues(*CLOCK_NEGATIVES,  # ... and so are questions about time zones, which no clock answers
                   (3, r"\bwhy (?:do|does|is|are|did)\b|\bhow many time ?zones\b|\bexplain\b|\bin general\b|"
                       r"\bformula\b|\bhistory of\b|\bwho (?:invented|decided|created)\b"),
                   # how to get the time in a programming language
                   (3, r"^(?=.*\b(?:python|javascript|typescript|java|rust|golang|bash|sql|php|ruby|c#|c\+\+|"
                       r"excel)\b).*\bhow (?:do|can|could|should|would|to)\b")),
    hints=hints(
        # a clock time in the message is one to convert, not the time now
        time_now=rf"^(?!.*\b{_CLOCK_TIME}\b).*?(?:\bwhat (?:time|hour)\b|\btime (?:is it|it is|now|in|at|there|here)\b|"
                 r"\bis it (?:still |already )?|\btime ?zone)",
        time_convert=rf"\bconvert\b|\b{_CLOCK_TIME}\b.{{0,40}}\b(?:in|to|here|there|for me|my time|what time)\b",
        time_difference=TIME_DIFFERENCE,
    ),
)
