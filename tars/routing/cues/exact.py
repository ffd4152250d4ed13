"""Cues for answers that must be exact: arithmetic, unit conversions and date arithmetic.

Every cue needs numbers, units or dates in the message ("17 times 23", "5 miles to km", "days until
christmas"), so questions about the methods ("explain long division", "write a function that adds
two numbers") stay with the model. These questions are usually asked in a textbook frame ("what
is…", "calculate…"), which is why the family is exempt from that frame's penalty.
"""

from __future__ import annotations

from tars.routing.cues.clock import TIME_DIFFERENCE
from tars.routing.family import Family, cues, hints
from tars.tools.birthdays import BIRTHDAY_ASKED
from tars.tools.date_requests import LEAP_QUESTION, WEEK_NUMBER, WEEK_OF_DAY
from tars.tools.holidays import HOLIDAYS
from tars.tools.unit_requests import HOW_MEASURED
from tars.tools.when import CLOCK_TIME, COUNT, MONTH_ABBR

__all__ = ["EXACT", "MONEY_ASKED", "MONEY_PAIR"]

_N = r"(?:[$€£¥]?(?<![\d,.])(?:\d[\d,]*(?:\.\d+)?|\.\d+))"  # from where a number starts: no rescans of a long one
_MONEY = r"(?:usd|eur|gbp|jpy|cny|chf|cad|aud|inr|btc|dollars?|euros?|yen|yuan|rupees?|pesos?|bitcoins?|[$€£¥])"
# an amount of one currency asked in another: "100 usd to eur", "$50 in yen"
MONEY_PAIR = rf"{_MONEY}.{{0,20}}\b(?:to|in|into)\b.{{0,6}}{_MONEY}"
# an amount written with its currency in another one: "50 dollars in euros", "$50 in euros"
MONEY_ASKED = rf"(?:\S*\d[\d,.]*\s*{MONEY_PAIR}|[$€£¥]\s?\d[\d,.]*\s+(?:to|in|into)\b.{{0,6}}{_MONEY})"
_UNIT = (
    r"(?:(?:kilo|centi|milli|nano|micro)?met(?:er|re)s?|km|cm|mm|m|miles?|mi|inch(?:es)?|in|feet|foot|ft|yards?|yd|"
    r"nautical miles?|(?:kilo)?grams?|kgs?|g|mg|pounds?|lbs?|ounces?|oz|stones?|st|tons?|tonnes?|"
    r"(?:milli|centi|deci)?lit(?:er|re)s?|l|ml|cl|gallons?|gal|cups?|pints?|quarts?|tablespoons?|tbsp|"
    r"teaspoons?|tsp|fl ?oz|fluid ounces?|cubic met(?:er|re)s?|"
    r"(?:degrees? |° ?)?(?:celsius|fahrenheit|kelvin|centigrade|c|f|k)|°|"
    r"mph|km/h|kph|kmh|knots?|m/s|miles per hour|kilomet(?:er|re)s per hour|mpg|l/100 ?km|km/l|kmpl|"
    r"bytes?|bits?|[kmgtp]i?b|kilobytes?|megabytes?|gigabytes?|terabytes?|petabytes?|[kmg]bps|megabits?|gigabits?|"
    r"acres?|hectares?|ha|square (?:met(?:er|re)s?|feet|foot|miles?|kilomet(?:er|re)s?|inch(?:es)?)|sq ?(?:ft|m|km|mi)|"
    r"milliseconds?|ms|seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|"
    r"(?:kilo|food |small )?calories?|kcal|(?:kilo)?joules?|kj|kwh|(?:kilo)?watt[- ]?hours?|btus?|(?:kilo|mega)?watts?|"
    r"kw|hp|horsepower|psi|bars?|kpa|atm|atmospheres?|pascals?|mmhg)"
)
# feet and inches written with marks, asked in another unit: 5'11" in cm
_MARKED_FEET = rf"\b\d+\s*['′’]\s*\d*\s*(?:\"|″|”|'')?\s*(?:to|in|into)\s+(?:{_UNIT})\b"
# a quantity asked in the other system's unit: "how far is 10 miles?", "30 c in imperial"
_QUANTITY = rf"{_N} ?(?:{_UNIT})(?:,? (?:and )?\d+ ?(?:{_UNIT}))?"
_OTHER_SYSTEM = (rf"^(?:{HOW_MEASURED} {_QUANTITY}|"
                 rf"(?:what(?:'s| is| are) )?{_QUANTITY} in (?:metric|imperial|us)(?: units)?)(?:,? please)?\s*[?.!]*$")
_MONTH_NAME = rf"(?:{MONTH_ABBR})[a-z]*\b"
# numbers listed (each comma parts two, so a long list costs no backtracking)
_LISTED = r"-?[$€£¥]?\d+(?:\.\d+)?(?:(?:\s*[,;]\s*(?:and\s+)?|\s+and\s+)-?[$€£¥]?\d+(?:\.\d+)?)+"
# "17x23" asked on its own (in a sentence, "a 2x4 board" is a size)
_TIGHT_TIMES = r"^(?:what(?:'s|s| is) |how much is |calculate )?[1-9][\d.]*x\d[\d.]*\s*[?=]*\s*$"
_OPERATOR_WORD = r"(?:times|multiplied by|divided by|plus|minus|to the power of|mod|modulo)"
_DATE = (rf"(?:(?:the )?(?:first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th) (?:mon|tues|wednes|thurs|fri|"
         rf"satur|sun)day (?:of|in) (?:(?:this|next|last|the) month|(?:{MONTH_ABBR})[a-z]*)|"
         rf"\d{{4}}-\d{{1,2}}-\d{{1,2}}|\d{{1,2}}/\d{{1,2}}/\d{{4}}|(?:{MONTH_ABBR})[a-z]*\.? "
         rf"\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)? (?:of )?(?:{MONTH_ABBR})|"
         rf"{'|'.join(HOLIDAYS)}|"
         r"(?:next |this )?(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|today|day after tomorrow|"
         r"next (?:week|month|year)|(?:this|next) weekend|(?:the )?end of (?:the|this) (?:month|year))")
# "what's the date next weekend": a date asked for by name
_DATE_OF = rf"\bwhat(?: is|'s) the date (?:on |of |for )?{_DATE}\b"
# the week a day is in: "what week number is christmas?"
_WEEK_OF = WEEK_OF_DAY.replace("DAY", f"(?:{_DATE})") + r"\W*$"
_SPAN = rf"{COUNT} (?:minutes?|hours?|days?|weeks?|months?|years?)"

EXACT = Family(
    "exact",
    does="work out arithmetic, unit conversions and date calculations exactly",
    names=frozenset({"exact", "calculator", "math", "units", "dates"}),
    prefixes=("calculate", "convert_units", "days_between", "date_shift", "day_of_week", "leap_year"),
    asked_as_textbook=True,
    local=True,
    hints_decide=True,
    cues=cues(
        # arithmetic: numbers joined by operators or operator words
        (3, rf"{_N}\s*(?:[*×÷^+]|\*\*)\s*\(?-?{_N}"),
        (3, rf"{_N} [-/] \(?-?{_N}\b(?! ?(?:{_UNIT})\b)"),
        (3, rf"{_N} x {_N}\b(?! ?(?:{_UNIT})\b)|{_TIGHT_TIMES}|(?<![/\d]){_N}/{_N}(?![/\d])(?! ?(?:{_UNIT})\b)"),
        (3, rf"{_N} {_OPERATOR_WORD} \(?-?{_N}"),
        (3, rf"\b(?:square root|cube root|sqrt|cbrt|factorial)\b(?: of)?\s*\(?-?{_N}|{_N} (?:squared|cubed)\b|"
            # a logarithm ("log 100", "ln(5)"); not "log 5 hours of work", a daily note
            rf"\b(?:log(?:10|2)?|ln)(?: base \d+)?(?: of)?\s*\(?{_N}\)?\s*(?:$|[?.!]|[-+*/^×÷])|"
            rf"\b(?:the )?(?:square|cube) of -?{_N}"),
        # parts and multiples: "half of 250", "two thirds of 90", "double 128"
        # (asked alone or with arithmetic after: "half of 40 hours is spent in meetings" is no sum)
        (3, rf"^(?:what(?:'s| is) |how much is |calculate )?(?:(?:a|one|two|three|four) )?(?:half|halves|thirds?|"
            rf"quarters?|fifths?|tenths?) of {_N}(?: ?[a-z]+)?(?:\W*$| (?:{_OPERATOR_WORD}|[*/+×÷-]) )|"
            rf"^(?:what(?:'s| is) )?(?:double|twice|triple|treble|quadruple) {_N}\W*$"),
        # percentages of and between numbers: "what percent of 80 is 20?", "1 in 3 as a percent", "the
        # percentage change from 50 to 75", "increase 50 by 10%"
        (3, rf"\bwhat (?:percent(?:age)?|%) of {_N} is {_N}|{_N} is what (?:percent(?:age)?|%) of {_N}|"
            rf"{_N} (?:in|out of) {_N} (?:as an?|in) (?:percent(?:age)?|%)|{_N} as an? (?:percent(?:age)?|%)\b|"
            rf"\b(?:percent(?:age)?|%) (?:change|increase|decrease|difference|rise|drop|growth) (?:from|between) "
            rf"-?{_N} (?:to|and) -?{_N}|"
            rf"\b(?:increase|decrease|raise|reduce|cut) {_N} by {_N}\s*(?:%|percent|per cent)"),
        # a remainder, an ordinal power, a logarithm to a base
        (3, rf"\bremainder (?:when|of|after) -?{_N} (?:is )?divided by|\b{_N} to the \d+(?:st|nd|rd|th) power\b|"
            rf"\blog(?:arithm)? (?:base|to base|to the base) {_N} of {_N}"),
        # a value as a fraction, a whole number's primality: "0.75 as a fraction", "is 97 prime?"
        (3, rf"{_N} (?:as|to|into|in) (?:a )?fraction\b|^(?:is|isn'?t) {_N} (?:a )?prime\b"),
        (3, rf"{_N}\s*(?:%|percent|per cent) (?:tip|discount|tax|vat|off|interest|commission|markup|gratuity|raise|"
            rf"service charge|increase|decrease|rise|drop)\b.{{0,30}}{_N}|"
            rf"\b(?:tip|discount|tax|markup) of {_N}\s*(?:%|percent)|"
            rf"\b(?:tip|tax|vat|interest|commission|gratuity|service charge) (?:on|of|for) {_N} (?:at|of) {_N}\s*"
            rf"(?:%|percent)"),
        (3, rf"{_N}\s*(?:%|percent|per cent) of {_N}|\b(?:what|how much) (?:percent(?:age)?|%) (?:of {_N} )?is {_N}"),
        (3, rf"^(?:calculate|compute|evaluate|work out)\b.{{0,30}}{_N}"),
        (3, rf"\b(?:split|divide|share)\b.{{0,40}}{_N}.{{0,40}}\b(?:between|among|by|into|with) {_N}\b"),
        # a function of numbers listed, and dozens: "the average of 4, 8 and 15", "3 dozen"
        (3, rf"\b(?:average|mean|sum|total) of {_LISTED}|"
            rf"^(?:what(?:'s| is) |how much is |how many is )?{_N} dozen\W*$|{_N} dozen\b.{{0,30}}\bhow many\b|"
            rf"\b(?:average|mean|sum|total)\b[^.?!\d]{{0,30}}:\s*{_LISTED}\W*$"),
        # a speed from a distance and a time: "the average speed if I drive 120 km in 1.5 hours"
        (3, rf"\b(?:average )?speed\b.{{0,40}}{_N} ?(?:km|kilomet(?:er|re)s?|miles?|m|met(?:er|re)s?)\b.{{0,12}}"
            rf"\bin {_N} ?(?:hours?|hrs?|minutes?|mins?|seconds?|s)\b"),
        (3, rf"^round -?{_N} to (?:\d+ (?:decimal|dp\b|places?|digits?|significant)|(?:the )?nearest\b)"),
        (3, rf"{_N} (?:split|divided|shared) {_N} ways\b"),
        (3, rf"{_N} (?:thousand|million|billion|trillion) (?:{_OPERATOR_WORD}|[*/+×÷-])|{_N} factorial\b"),
        # conversions: a quantity in one unit asked in another
        (3, rf"{_N} ?(?:{_UNIT})\b.{{0,4}}\b(?:to|in|into|as|in terms of)\s+(?:a |an )?(?:{_UNIT})\b"),
        (3, rf"\bhow many (?:{_UNIT}) (?:are |is |make up |fit )?(?:in|into|per) (?:a |an |one |{_N} ?)(?:{_UNIT})\b"),
        (3, rf"\bhow many (?:{_UNIT}) (?:is|are|makes?) {_N} ?(?:{_UNIT})\b"),  # "how many km is 26.2 miles"
        (3, _OTHER_SYSTEM),
        (3, rf"^convert {_N}"),
        (3, _MARKED_FEET),
        # dates: days until, the weekday of a date, a date plus a span
        (3, r"\bhow (?:many|much) (?:more )?(?:days|weeks|months|years|hours|minutes|sleeps|time)\b.{0,30}"
            r"\b(?:until|till|til|to go|before|since|between|from|left|ago|away)\b"),
        (3, r"\b(?:days|weeks|sleeps) (?:until|till|til|left (?:until|till|before)|to go (?:until|till))\b"),
        # how long between two clock times: "how long is it from 9:15 to 17:40?"
        (3, rf"^how long (?:is it |was it |will it be )?(?:from {CLOCK_TIME} (?:to|until|till)|between {CLOCK_TIME} "
            rf"and) {CLOCK_TIME}\W*$"),
        # working days: "how many weekdays until christmas?", "working days between christmas and new year"
        (3, r"\bhow many (?:working |business |week ?)?days\b.{0,40}\b(?:until|till|between|since|before|from)\b|"
            r"\b(?:working|business) days (?:until|till|between|since|before|left)\b|\bweekdays (?:until|till|"
            r"between|since|before|left)\b"),
        (3, rf"\bwhat (?:date|day(?: of the week)?|weekday) (?:is|was|will be|falls?|does|did|will)\b.{{0,20}}\b{_DATE}"
            rf"|\b{_DATE}\b.{{0,20}}\b(?:fall|falls|fell|be) on (?:a|which|what)\b"
            rf"|{_DATE_OF}|\bwhen is (?:the )?{_DATE}(?: (?:this|next|last) year| \d{{4}})?\b\W*$"),
        (3, rf"\b{_SPAN} (?:from|after|before|since|later than|earlier than) (?:now|today|tomorrow|yesterday|{_DATE}|"
            rf"\d{{4}}-\d\d-\d\d|{CLOCK_TIME})"),
        (3, rf"\bwhat(?:'s| is| will)? (?:the )?(?:date|day|time|year|month) "
            rf"(?:is |was |will it be |would it be |will be |be )?"
            rf"(?:.{{0,12}}\b)?in {_SPAN}\b"
            rf"|\bwhat (?:date|day|time) (?:is|was|will it be|would it be|will be)\b.{{0,12}}\b{_SPAN}\b"
            rf"|\bwhat time will it be in\b|\bin {_SPAN},? what (?:date|day|time)\b"),
        (3, rf"\b(?:add|subtract|plus|minus) {_SPAN} (?:to|from)\b"),
        (3, rf"\bwhat (?:was |is )?(?:the )?(?:date|day(?: of the week)?)\b(?: (?:was it|was|is it))?,? {_SPAN} ago\b|"
            rf"\b{_SPAN} ago\b,? what (?:date|day)\b"),
        # the days of a month: "how many days in february 2028?"
        (3, rf"^how many days (?:are )?(?:there )?in (?:the month of )?{_MONTH_NAME}"),
        # an age from a birth date, a leap year
        (3, rf"^how (?:many (?:days|weeks|months|years) )?old (?:is|am|are)\b.{{0,40}}\bborn (?:on |in )?"
            rf"(?:{_DATE}|\d)"),
        (3, LEAP_QUESTION),
        # years between years, days left in a year, the week number
        (3, r"^how long (?:ago (?:was|is)|(?:has it been )?since) (?:the year )?(?:1\d|20)\d\d\b(?!\s*(?:am|pm|h)\b)|"
            r"^how long (?:is it )?(?:until|till) (?:the year )?20\d\d\b(?!\s*(?:am|pm|h)\b)"),
        (3, r"^how many (?:more )?(?:days|weeks|months) (?:are |is )?(?:there )?(?:left|remaining|to go) (?:in|of) "
            r"(?:the |this )?(?:year|month|\d{4})\b"),
        (3, WEEK_NUMBER + r"\W*$"),
        (3, _WEEK_OF),
    ),
    negatives=cues(
        # someone's birthday: memory knows the day (and recall counts to it)
        (3, BIRTHDAY_ASKED),
        # money needs live exchange rates: the web's business
        (4, rf"{MONEY_PAIR}|\bexchange rate"),
        # a task, note or reminder with a date in it belongs to that family, not to date arithmetic
        (3, r"\b(?:remind|reminder|task|todo|to-do|to do list|note|journal|log that|log my|log today|schedule|"
            r"calendar|appointment|meeting)\b"),
        (3, r"\b(?:python|javascript|excel|sql|function|code|script|program|formula|regex|algorithm)\b"),
        (3, r"\b(?:in|to) (?:[a-z]+ )?time(?: zone)?s?\b.{0,12}$|\b(?:utc|gmt|pst|pdt|est|edt|cet|cest|bst|jst|ist)\b"),
        # how far apart two places' clocks are is the clock's: "how many hours ahead is Tokyo from London?"
        (3, TIME_DIFFERENCE),
        # a clock time said in or converted to a place is the clock's: "convert 3pm London time to Tokyo"
        (3, r"\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\s+(?:[a-z]+ ){1,3}time\b|"
            r"\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\b.{0,30}\b(?:in|to) (?!\d|noon|midnight)[a-z]"),
    ),
    hints=hints(
        calculate=rf"{_N}\s*(?:[*×÷^+]|\*\*)\s*\(?{_N}|{_TIGHT_TIMES}|{_N} [-/x] \(?-?{_N}|"
                  rf"(?<![/\d]){_N}/{_N}(?![/\d])|"
                  rf"{_N}\s*(?:%|percent|per cent)|\b(?:{_OPERATOR_WORD}|square root|cube root|sqrt|factorial|"
                  r"squared|cubed|percent|calculate|compute|evaluate|split|share|divide|among|average|mean|sum|total|"
                  r"dozen|round|factorial|speed|fraction|prime|square|cube|half|thirds?|quarters?|double|twice|"
                  r"triple|percent(?:age)?|remainder|power|log|ln|increase|decrease)\b",
        convert_units=rf"\b(?:convert(?!.*\bfraction\b)|"
                      rf"how many (?:{_UNIT}) (?:are |is )?in(?! (?:the month of )?{_MONTH_NAME}))\b|"
                      rf"\bhow many (?:{_UNIT}) (?:is|are|makes?) {_N} ?(?:{_UNIT})\b|"
                      rf"{_N} ?(?:{_UNIT})\b.{{0,4}}\b(?:to|in|into|as)\s+(?:a |an )?(?:{_UNIT})\b|{_MARKED_FEET}|"
                      rf"{_OTHER_SYSTEM}",
        days_between=r"\bhow (?:many|much) (?:more )?(?:days|weeks|months|years|sleeps|time|weekdays|working days|"
                     r"business days)\b|^how long\b|"
                     r"\b(?:days|weeks|sleeps) (?:until|till|til|left|between)\b|\bhow old\b|"
                     r"\bhow (?:many|much) (?:more )?(?:hours|minutes) (?:until|till|since|between|from|left|ago|"
                     r"before)\b",
        leap_year=r"\bleap ?years?\b",
        date_shift=rf"\b{_SPAN} (?:from|after|before|since|later|earlier|ago)\b|\bwhat time will it be\b|"
                   # "in eleven days", not "how many hours in a year"
                   rf"\bin (?!an? (?:minute|hour|day|week|month|year)\b){_SPAN}\b|"
                   rf"\b(?:add|subtract) {_SPAN}",
        # (a span from a day is date_shift's: "what day was 100 days ago?")
        day_of_week=rf"^(?!.*\b{_SPAN} (?:ago|from|after|before|later|earlier|hence)\b)(?:.*?"
                    r"(?:\bwhat (?:day(?: of the week)?|weekday)\b|\b(?:fall|falls|fell|be) on (?:a|which|what)\b|"
                    rf"\bwhat date (?:is|was|will be|falls?)\b(?!.{{0,12}}\b{_SPAN}\b).{{0,20}}\b{_DATE}|"
                    rf"{_DATE_OF})|^when is\b|{WEEK_NUMBER}\W*$|{_WEEK_OF})",
    ),
)
