"""Exact answers: the arithmetic evaluator, unit conversions, date arithmetic, their router family,
and `tars ask` through local model servers with the tool's number reaching the answer."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from servers.ollama import OllamaServer
from servers.openai_compat import OpenAICompatServer

from tars.config import load_config
from tars.events import ToolCall
from tars.routing import Router
from tars.session.escalation import route_result
from tars.tools import dates, when
from tars.tools.builtin import builtin_tools
from tars.tools.calc import CalcError, calculate, evaluate
from tars.tools.calc_requests import expression_in
from tars.tools.date_requests import shift_asked, span_asked, week_asked, year_asked
from tars.tools.dates import DateError, date_shift, day_of_week, days_between, leap_year, parse_day
from tars.tools.registry import ToolRegistry
from tars.tools.unit_requests import conversion_asked
from tars.tools.units import UnitError, convert_units

ROOT = Path(__file__).resolve().parent.parent


# -- the evaluator -------------------------------------------------------------------------------
@pytest.mark.parametrize("expression,value", [
    ("17 * 23", 391), ("17 multiplied by 23", 391), ("what is 17 times 23?", 391), ("17 x 23", 391),
    ("15% of 80", 12), ("12.5 percent of 200", 25), ("(3 + 4) * 5", 35), ("-2**2", -4), ("2^10", 1024),
    ("10 / 4", 2.5), ("10 // 4", 2), ("10 mod 3", 1), ("0.1 + 0.2", 0.3), ("1,234 * 2", 2468),
    ("square root of 81", 9), ("sqrt(2)", 1.4142135623731), ("12 squared", 144), ("5!", 120),
    ("round(3.14159, 2)", 3.14), ("abs(-7)", 7), ("100 divided by 8", 12.5), ("2 to the power of 8", 256),
    ("15% of $80", 12), ("log(1000)", 3), ("ln(e)", 1), ("log(8, 2)", 3),
    # written as programmers write numbers; what binary fractions leave; a negative number squared, as said
    ("1_000 + 1", 1001), ("0x10 + 1", 17), ("0b101 + 1", 6), ("0.1+0.2-0.3", 0), ("-5 squared", 25),
    ("1000000 - 999999.99", 0.01), ("123456789012.34 + 1", 123456789013.34), ("10000000000.25 + 0.5", 10000000000.75),
    ("10 - 5 squared", -15), ("3 * -5 squared", 75), ("0 x 5", 0), ("10x5", 50),
    # a percentage added or taken off is a share of what it meets, as on a calculator
    ("100 - 15%", 85), ("80 + 25%", 100), ("100 - 15% - 10%", 76.5), ("$40 plus 7.5 percent", 43),
    ("200 * 15%", 30), ("50%", 0.5), ("100 - (15/100)", 99.85),
    ("20% off 80", 64), ("80 with 20% off", 64), ("20 percent less than 80", 64), ("10% more than 50", 55),
    ("increase 50 by 10%", 55), ("reduce 200 by 25%", 150), ("15% discount on 40", 34),
    # numbers listed, an amount shared out, dozens, a tip on a bill
    ("the average of 4, 8, 15, 16, 23 and 42", 18), ("mean of 1 and 2", 1.5), ("sum of 1, 2, 3", 6),
    ("total of 10, 20 and 30", 60), ("average of 1,000, 2,000 and 3,000", 2000), ("split $240 between 3 people", 80),
    ("divide 90 by 4", 22.5), ("240 split 3 ways", 80), ("3 dozen", 36), ("15% tip on $84.50", 12.675),
    ("5% tax on 100", 5),
    # halves round away from zero, as on a calculator (Python's round gives 2.67 and 2)
    ("round(2.675, 2)", 2.68), ("round(2.5)", 3), ("round(-2.5)", -3), ("round(1234, -2)", 1200),
    ("round 2.675 to 2 decimal places", 2.68), ("round 3.7 to the nearest whole number", 4), ("round(7, 2)", 7),
    ("round(12345678901234567890123456789.5)", 12345678901234568000000000000),
    ("8 billion divided by 365", 21917808.2191781), ("2.5 million * 3", 7500000), ("12 factorial", 479001600),
    # items written tight are a list; a comma before three digits inside an item is a thousands separator
    ("average of 1,2,3", 2), ("sum of 1,000 and 2,000", 3000), ("08 + 1", 9), ("the average of 10, 20, and 30", 20),
    ("the total of 1,200, 3,400, and 5,600", 10200), ("the sum of 1 and 2 plus 1,500", 1503),
])
def test_arithmetic_is_exact(expression, value):
    assert evaluate(expression) == value


def test_long_inputs_cost_no_backtracking(router):
    started = time.perf_counter()
    listed = "what is the sum of " + ",".join(map(str, range(3, 55, 2)))
    for text in ("1" * 4900, "round " + "1" * 4900 + " to", listed):
        try:
            evaluate(text)
        except CalcError:
            pass
    router.decide("monthly total: " + ",".join(str(10 + 3 * i) for i in range(26)) + " - which month was best?")
    assert time.perf_counter() - started < 1.0


@pytest.mark.parametrize("expression,why", [
    ("9**9**9", "more than 1000 digits"), ("2**100000", "more than 1000 digits"),
    ("factorial(100000)", "more than 1000 digits"), ("10**999 / 3", "too large"), ("1e308 * 10", "not a finite"),
    ("1 / 0", "division by zero"), ("__import__('os').system('true')", "only numbers"),
    ("open('/etc/passwd')", "only numbers"), ("(1).__class__", "only numbers"), ("x + 1", "unknown name 'x'"),
    ("[1, 2]", "only numbers"), ("lambda: 1", "only numbers"), ("(-8) ** (1/3)", "not a real number"),
    ("sqrt(-1)", "negative"), ("2 +", "cannot read"), ("round(1e308*10)", "not a finite"),
    ("average of 100,200,300", "more than one way"), ("what is the total of 2,50 and 3,75?", "more than one way"),
    ("the sum of 1,000,2,000", "more than one way"), ("1" * 6000, "longer than 5000"), ("True + 1", "unknown name"),
])
def test_unsafe_or_huge_input_is_refused_quickly(expression, why):
    started = time.perf_counter()
    with pytest.raises(CalcError, match=why):
        evaluate(expression)
    assert time.perf_counter() - started < 1.0


def test_calculate_states_its_result_in_a_sentence():
    assert calculate("17 multiplied by 23") == {"expression": "17 × 23", "result": 391,
                                                "confirmation": "17 × 23 = 391"}
    assert calculate("15% of 80")["confirmation"] == "15% of 80 = 12"


@pytest.mark.parametrize("expression,told", [
    ("sqrt(2)", "sqrt(2) ≈ 1.4142135623731"), ("average(1, 2, 2)", "average(1, 2, 2) ≈ 1.66666666666667"),
    ("100 / 3 + 10%", "100 / 3 + 10% ≈ 36.6666666666667"), ("sin(pi)", "sin(pi) ≈ 0"),
    ("sin(30)", "sin(30) ≈ -0.988031624092862 (angles in radians)"),
    # exact ones keep "="
    ("sqrt(16)", "sqrt(16) = 4"), ("sum(0.1, 0.2)", "sum(0.1, 0.2) = 0.3"), ("100 - 15%", "100 - 15% = 85"),
    ("round(22 / 7, 3)", "round(22 / 7, 3) = 3.143"), ("5 // 2", "5 // 2 = 2"),
])
def test_a_value_a_float_only_approaches_is_told_with_about(expression, told):
    """sqrt(2), an average of thirds and sin(pi) had been told with "=", the last as 1.22e-16."""
    assert calculate(expression)["confirmation"] == told


def test_thousands_inside_a_call_whose_arguments_are_spaced_are_one_number():
    """"sum(1,000, 2,000)" had been summed as 1, 0, 2 and 0."""
    assert calculate("sum(1,000, 2,000)")["result"] == 3000 and calculate("max(1,500, 900)")["result"] == 1500
    assert calculate("sum(1,2,3)")["result"] == 6  # tight commas alone part the arguments
    with pytest.raises(CalcError, match="more than one way"):
        calculate("sum(1,0, 2)")


def test_the_cube_root_of_a_negative_number_is_real():
    assert calculate("cube root of -27")["confirmation"] == "cbrt(-27) = -3"
    assert calculate("the cube root of (-8)")["result"] == -2 and calculate("cube root of 27")["result"] == 3
    assert expression_in("what is the cube root of -27?") == "cube root of -27"


@pytest.mark.parametrize("expression", ["1 / 10^400", "0.5^2000"])
def test_a_result_too_small_for_a_float_is_refused_not_told_as_0(expression):
    with pytest.raises(CalcError, match="smaller than tars can show"):
        calculate(expression)


def test_a_value_as_a_fraction_and_whether_a_number_is_prime():
    """The embedded model asked for 0.75 as a fraction asked which unit it was in; asked whether
    97 is prime it answered from memory, which holds for no large number."""
    assert calculate("convert 0.75 to a fraction")["confirmation"] == "0.75 = 3/4"
    assert calculate("1.25 as a fraction")["confirmation"] == "1.25 = 5/4 (1 1/4)"
    assert calculate("1/3 as a fraction")["fraction"] == "1/3"  # no 0.333333333333 / 10**12
    assert calculate("pi as a fraction")["confirmation"] == "pi ≈ 355/113 (3 16/113)"
    assert calculate("3 as a fraction")["confirmation"] == "3 = 3 (a whole number)"
    # exact when the arithmetic is: no 1/10000 for 1/20000, no pi written as an exact fraction
    assert calculate("1/20000 as a fraction")["confirmation"] == "1 / 20000 = 1/20000"
    assert calculate("0.1 + 0.2 as a fraction")["fraction"] == "3/10"
    assert calculate("sqrt(2) as a fraction")["confirmation"].startswith("sqrt(2) ≈ ")
    assert calculate("15% as a fraction")["confirmation"] == "15% = 3/20"
    assert calculate("2^-3 as a fraction")["confirmation"] == "2 ^ -3 = 1/8"
    assert calculate("0.0000000001 as a fraction")["fraction"] == "1/10000000000"
    with pytest.raises(CalcError, match="too large or too small"):
        calculate("1e-20 as a fraction")
    assert calculate("is 97 a prime number?")["confirmation"] == "97 is a prime number."
    assert calculate("is 360 prime")["confirmation"] == "360 is not a prime number: 360 = 2^3 × 3^2 × 5."
    assert calculate("is 1 prime")["prime"] is False and calculate("is 2 prime")["prime"] is True
    assert calculate("isn't 9 prime?")["confirmation"] == "9 is not a prime number: 9 = 3^2."
    assert calculate("is -7 prime")["prime"] is False
    assert calculate("is 4.5 prime")["confirmation"] == "4.5 is not a prime number: primes are whole numbers from 2 up."
    assert calculate("is 7.0 prime")["prime"] is True
    assert expression_in("is 1,000.5 prime?") is not None  # the calculator answers it, not a model
    with pytest.raises(CalcError, match="up to 1,000,000,000,000"):  # no ValueError from Python's digit limit
        calculate(f"is {'7' * 4400} prime")
    assert calculate("is 999,999,999,989 prime?")["prime"] is True  # the largest prime below the limit
    with pytest.raises(CalcError, match="up to 1,000,000,000,000"):
        calculate("is 10000000000000000 prime")


@pytest.mark.parametrize("expression,shown", [
    # the embedded model answered "double 128" with 128 and "a third of 90" with 30%
    ("half of 250", "250 / 2 = 125"), ("a third of 90", "90 / 3 = 30"), ("two thirds of 90", "90 × 2 / 3 = 60"),
    ("three quarters of 80", "80 × 3 / 4 = 60"), ("double 128", "128 × 2 = 256"), ("twice 7", "7 × 2 = 14"),
    ("half of 3 dozen", "((3 × 12) / 2) = 18"),
])
def test_parts_and_multiples_said_in_words(expression, shown):
    assert calculate(expression)["confirmation"] == shown


def test_a_years_simple_interest_and_whole_results_shown_whole():
    """The model wrote "0.035 × 10000 / 12" for a year's interest; 3.5% of 10000 is 350, not 350.0."""
    assert calculate("3.5% interest on 10000 over a year")["confirmation"] == "3.5% of 10000 = 350"
    assert calculate("5% interest on 2000 per year")["result"] == 100
    assert calculate("12345678901234 / 2")["result"] == 6172839450617  # whole results keep every digit
    assert expression_in("3% interest on 1000 over 5 years") is None  # simple or compound: the model asks


@pytest.mark.parametrize("message,told", [
    # the embedded model answered 400, -25%, "25%" and "20% of 80 is 16"
    ("what percent of 80 is 20?", "20 is 25% of 80."), ("20 is what percent of 80?", "20 is 25% of 80."),
    ("what is 20 as a percentage of 80?", "20 is 25% of 80."),
    ("what's 1 in 3 as a percent?", "1 is about 33.3333% of 3."),
    ("0.25 as a percentage", "0.25 is 25%."), ("what's the percentage change from 50 to 75?",
                                                "From 50 to 75 is a 50% increase."),
    ("percent decrease from 80 to 60", "From 80 to 60 is a 25% decrease."),
    # against the start's size: a rise from a negative start is an increase
    ("percentage change from -50 to 50", "From -50 to 50 is a 200% increase."),
    ("percentage change from -100 to -50", "From -100 to -50 is a 50% increase."),
    ("percentage change from 3 to 4", "From 3 to 4 is an increase of about 33.3333%."),
    # the model wrote about "Ana's current location", stated 2^100 as "2^100", and took log2(1024) for 8
    ("increase 50 by 10%", "50 + 10% = 55"), ("what's the remainder when 17 is divided by 5?", "17 % 5 = 2"),
    ("what is log base 2 of 1024?", "log(1024, 2) = 10"),
    ("what's the tip on 45.50 at 18%?", "18% of 45.50 = 8.19"), ("the vat on 200 at 20%", "20% of 200 = 40"),
])
def test_percentages_remainders_powers_and_logs_said_in_words(message, told):
    expression = expression_in(message)
    assert expression is not None and calculate(expression)["confirmation"] == told
    assert Router(builtin_tools(load_config(environ={}))).decide(message).tool_hints == ("calculate",)


def test_rounding_said_after_the_arithmetic_and_the_square_of_a_number():
    assert calculate("1 million divided by 7 rounded to 2 decimals")["result"] == 142857.14
    assert calculate("what is 10/3, rounded")["result"] == 3
    assert calculate("22/7 to 3 decimal places")["confirmation"] == "round(22 / 7, 3) = 3.143"
    assert calculate("the square of 17")["confirmation"] == "17 ^ 2 = 289"
    assert calculate("the cube of -3")["result"] == -27


def test_an_amount_of_money_is_also_told_in_cents():
    assert calculate("15% tip on $84.50")["confirmation"] == "15% of 84.50 = 12.675 (about $12.68)"
    assert calculate("€1000 / 3")["confirmation"] == "1000 / 3 ≈ 333.333333333333 (about €333.33)"
    assert calculate("$10 * 3")["confirmation"] == "10 × 3 = 30"  # whole cents already
    assert calculate("1000 / 3")["confirmation"] == "1000 / 3 ≈ 333.333333333333"  # no money named
    # money named in words is the same amount, told in cents in the same words
    assert calculate("15% tip on 64.30 dollars")["confirmation"] == "15% of 64.30 = 9.645 (about 9.65 dollars)"
    assert calculate("split 100 euros between 3 people")["confirmation"] == (
        "100 / 3 ≈ 33.3333333333333 (about 33.33 euros)")
    assert calculate("10% off 80 bucks")["result"] == 72
    assert calculate("1 dollar / 3")["confirmation"].endswith("(about 0.33 dollars)")
    # no exchange rates: two currencies are not added as if they were one
    with pytest.raises(CalcError, match="different currencies"):
        calculate("10 dollars + 5 euros")


def test_a_refusal_goes_back_to_the_model_as_a_tool_error():
    from tars.tools.builtin import builtin_tools

    registry = ToolRegistry(builtin_tools(load_config(environ={})))
    result = registry.run(ToolCall(id="c1", name="calculate", arguments={"expression": "9**9**9"}))
    assert result.is_error and "more than 1000 digits" in result.text
    result = registry.run(ToolCall(id="c2", name="convert_units",
                                   arguments={"value": 5, "from_unit": "usd", "to_unit": "eur"}))
    assert result.is_error and "currenc" in result.text
    result = registry.run(ToolCall(id="c3", name="calculate", arguments={"expression": "6 * 7"}))
    assert not result.is_error and json.loads(result.text)["result"] == 42


# -- conversions ---------------------------------------------------------------------------------
@pytest.mark.parametrize("value,a,b,result", [
    (5, "miles", "km", 8.04672), (10, "km", "mi", 6.21371192237), (100, "fahrenheit", "celsius", 37.7777777778),
    (25, "degrees Celsius", "°F", 77), (0, "K", "C", -273.15), (1, "GiB", "bytes", 1073741824),
    (1, "GB", "MB", 1000), (100, "Mbps", "MB", 12.5), (60, "mph", "km/h", 96.56064), (2, "hours", "minutes", 120),
    (1, "pound", "ounces", 16), (1, "stone", "lbs", 14), (3, "cups", "ml", 709.7647095), (1, "acre", "sq ft", 43560),
    (5, "feet", "metres", 1.524), (1, "week", "hours", 168),
    # the case of a unit says which: milli- or mega-, bytes or bits
    (500, "mW", "W", 0.5), (2, "MW", "kW", 2000), (100, "Mbps", "MBps", 12.5), (10, "MB/s", "Mbps", 80),
    (1, "Gbps", "MB/s", 125),
])
def test_conversions_use_exact_factors(value, a, b, result):
    assert convert_units(value, a, b)["result"] == pytest.approx(result, rel=1e-11)


def test_conversion_sentence_and_refusals():
    assert convert_units(5, "miles", "km")["confirmation"] == "5 miles = 8.04672 kilometres"
    # a long fraction is told to 6 significant digits and marked as rounded; the result keeps them all
    told = convert_units(72, "fahrenheit", "celsius")
    assert told["confirmation"] == "72 °F ≈ 22.2222 °C" and told["result"] == pytest.approx(22.2222222222)
    assert convert_units(100, "km", "miles")["confirmation"] == "100 kilometres ≈ 62.1371 miles"
    assert convert_units(90, "minutes", "hours and minutes")["confirmation"] == "90 minutes = 1 hour 30 minutes"
    assert convert_units(3600, "seconds", "hours and minutes")["confirmation"] == "3600 seconds = 1 hour"
    assert convert_units(1.8288, "m", "feet and inches")["confirmation"] == "1.8288 metres = 6 feet 0 inches"
    assert convert_units(70, "minutes", "hours and minutes")["confirmation"] == "70 minutes = 1 hour 10 minutes"
    assert convert_units(3601, "seconds", "hours and minutes")["confirmation"] == \
        "3601 seconds ≈ 1 hour 0 minutes"
    assert convert_units(1.5, "m", "feet and inches")["confirmation"] == "1.5 metres ≈ 4 feet 11.1 inches"
    assert convert_units(1234567890123, "bytes", "GB")["confirmation"] == \
        "1,234,567,890,123 bytes ≈ 1,234.57 gigabytes"  # the user's number as typed, every digit
    assert conversion_asked("convert 1234567890123 bytes to GB")["value"] == 1234567890123
    assert convert_units(100, "Mbps", "MBps")["confirmation"] == "100 megabits per second = 12.5 megabytes per second"
    assert convert_units(1234567.891234, "m", "ft")["confirmation"] == "1,234,567.891234 metres ≈ 4,050,420 feet"
    assert convert_units(1, "mm", "miles")["confirmation"] == "1 millimetre ≈ 6.21371e-07 miles"
    assert convert_units(0.621371, "miles", "km")["confirmation"] == "0.621371 miles ≈ 1 kilometre"
    with pytest.raises(UnitError, match="currency conversion needs live exchange rates"):
        convert_units(10, "dollars", "euros")
    with pytest.raises(UnitError, match="measure different things"):
        convert_units(1, "km", "kg")
    with pytest.raises(UnitError, match="unknown unit 'furlongs per fortnight'"):
        convert_units(1, "furlongs per fortnight", "mph")
    with pytest.raises(UnitError, match="below absolute zero"):
        convert_units(-300, "C", "K")


# -- dates ---------------------------------------------------------------------------------------
@pytest.fixture
def fixed_now(monkeypatch):
    """Wednesday 2026-11-25 14:30 in UTC+1, whatever the machine's clock says."""
    moment = dt.datetime(2026, 11, 25, 14, 30, tzinfo=dt.timezone(dt.timedelta(hours=1), "CET"))
    monkeypatch.setattr(dates, "now", lambda: moment)
    return moment


@pytest.mark.parametrize("text,day", [
    ("2027-03-14", dt.date(2027, 3, 14)), ("March 14 2027", dt.date(2027, 3, 14)),
    ("14th of March, 2027", dt.date(2027, 3, 14)), ("christmas", dt.date(2026, 12, 25)),
    ("new year's day", dt.date(2027, 1, 1)), ("easter 2027", dt.date(2027, 3, 28)),
    ("thanksgiving", dt.date(2026, 11, 26)), ("halloween", dt.date(2027, 10, 31)),
    ("next friday", dt.date(2026, 11, 27)), ("christmas this year", dt.date(2026, 12, 25)),
    ("christmas last year", dt.date(2025, 12, 25)), ("christmas, 2027", dt.date(2027, 12, 25)),
    ("tomorrow", dt.date(2026, 11, 26)), ("july 4 1776", dt.date(1776, 7, 4)), ("25/12/2026", dt.date(2026, 12, 25)),
])
def test_dates_are_read_as_people_write_them(fixed_now, text, day):
    assert parse_day(text) == day


def test_date_arithmetic(fixed_now):
    until = days_between("christmas")
    assert until["days"] == 30
    assert until["confirmation"] == "From Wednesday 2026-11-25 to Friday 2026-12-25 is 30 days (4 weeks and 2 days)."
    assert days_between("2027-01-01", "2026-01-01")["days"] == 365
    assert day_of_week("2027-03-14")["confirmation"] == "14 March 2027 is a Sunday."
    assert day_of_week("July 4 1776")["weekday"] == "Thursday"
    assert date_shift(90, "days")["result"] == "2027-02-23"
    assert date_shift(1, "months", "2027-01-31")["result"] == "2027-02-28"
    assert date_shift(-2, "weeks", "2027-01-10")["result"] == "2026-12-27"
    assert date_shift(5, "hours", "today")["result"] == "2026-11-25T19:30+01:00"
    assert date_shift(5, "hours", "2026-11-25")["result"] == "2026-11-25T19:30+01:00"
    assert date_shift(5, "hours", "2026-11-26")["result"] == "2026-11-26T05:00+01:00"
    later = date_shift(5, "hours")
    assert later["result"] == "2026-11-25T19:30+01:00"
    assert later["confirmation"].endswith("is Wednesday 2026-11-25 19:30 (CET).")


def test_the_date_tools_read_days_and_times_as_argument_grounding_does(fixed_now):
    assert parse_day("wednesday") == dt.date(2026, 12, 2)  # today's weekday named: next week's
    assert parse_day("last friday") == dt.date(2026, 11, 20)
    assert date_shift(2, "hours", "friday at 5")["result"] == "2026-11-27T19:00+01:00"  # "at 5" is 17:00
    for text in ("next friday", "christmas", "25/12/2026", "14th of March, 2027", "in 3 days"):
        said = when.resolve(text, fixed_now)
        assert said is not None and parse_day(text) == said.date


def test_unreadable_or_impossible_dates_are_refused(fixed_now):
    with pytest.raises(DateError, match="no day 30 in February"):
        day_of_week("2027-02-30")
    with pytest.raises(DateError, match="day/month or month/day"):
        day_of_week("3/4/2027")
    with pytest.raises(DateError, match="cannot read 'blursday'"):
        days_between("blursday")
    with pytest.raises(DateError, match="outside the calendar"):
        date_shift(9000, "years")


# -- routing -------------------------------------------------------------------------------------
@pytest.mark.parametrize("message,tool", [
    ("what is 17 multiplied by 23", "calculate"), ("what's 17 * 23", "calculate"), ("calculate 15% of 80", "calculate"),
    ("whats the square root of 81", "calculate"), ("what is 100/7", "calculate"), ("12 squared?", "calculate"),
    ("convert 5 miles to km", "convert_units"), ("What's 25 degrees Celsius in Fahrenheit?", "convert_units"),
    ("I split a 96 euro dinner bill between 7 people, how much does each pay?", "calculate"),
    ("how many ounces in a pound", "convert_units"), ("how many bytes are in a gigabyte", "convert_units"),
    ("how many days until christmas", "days_between"), ("how many days between 2026-01-01 and 2026-12-25",
                                                        "days_between"),
    ("what day of the week is 2027-03-14", "day_of_week"), ("what day of the week was July 4 1776?", "day_of_week"),
    ("what's the date 90 days from now", "date_shift"), ("what time will it be in 5 hours", "date_shift"),
    ("add 3 weeks to 2027-01-10", "date_shift"), ("what date is next friday?", "day_of_week"),
    ("what date is this weekend?", "day_of_week"), ("when is thanksgiving?", "day_of_week"),
    ("what's the date next weekend", "day_of_week"), ("what date will it be in 90 days", "date_shift"),
    ("what's 15% tip on a $84 bill?", "calculate"), ("what is 20% off 80", "calculate"),
    ("what's the average of 4, 8, 15, 16, 23 and 42?", "calculate"), ("how much is 3 dozen?", "calculate"),
    ("what's the sum of 3, 4 and 5?", "calculate"), ("what's 5'11\" in cm?", "convert_units"),
    ("how long ago was 1969?", "days_between"), ("how many days are left in this year?", "days_between"),
    ("what week number is it?", "day_of_week"), ("how many km is 26.2 miles?", "convert_units"),
    ("what's the date in 3 weeks?", "date_shift"), ("round 2.675 to 2 decimal places", "calculate"),
    ("what day was 100 days ago?", "date_shift"), ("what's 8 billion divided by 365?", "calculate"),
    ("what is 12 factorial?", "calculate"), ("divide 90 by 4", "calculate"), ("what is 100 split 4 ways", "calculate"),
    ("convert 0.75 to a fraction", "calculate"), ("is 97 a prime number?", "calculate"),
    ("what's half of 250?", "calculate"), ("double 128", "calculate"),
    ("what's 3 hours and 20 minutes from now?", "date_shift"),
    ("what is the square of 17?", "calculate"), ("what week number is christmas?", "day_of_week"),
    ("what week of the year is christmas in?", "day_of_week"), ("which week does christmas fall in?", "day_of_week"),
    ("how old is someone born in 1985?", "days_between"), ("what year will it be in 100 days?", "date_shift"),
    ("what's the date on the first monday of next month?", "day_of_week"), ("whats 17x23", "calculate"),
    ("how many hours in a year?", "convert_units"), ("what's 1000 calories in kilojoules?", "convert_units"),
    ("what is 32 psi in bar?", "convert_units"), ("how many weekdays until christmas?", "days_between"),
    ("how many working days between christmas and new year?", "days_between"),
    ("10% service charge on £50", "calculate"), ("round -2.5 to 0 decimal places", "calculate"),
    ("I have 3 dozen eggs, how many eggs is that?", "calculate"), ("total of my expenses: 12.50, 8 and 30",
                                                                   "calculate"),
    ("what's the average speed if I drive 120 km in 1.5 hours?", "calculate"),
    ("how far is 10 miles?", "convert_units"), ("how heavy is 200 lbs", "convert_units"),
    ("what is 5 feet in metric, please?", "convert_units"), ("how tall is 6 feet, 2 inches?", "convert_units"),
    # the model had said "the tip on 45.50 at 18% is $72.90" and "You are 15 days old"
    ("what's the tip on 45.50 at 18%?", "calculate"), ("how many days old am I if I was born on 1 jan 2000?",
                                                       "days_between"),
    ("how long is it from 9:15 to 17:40?", "days_between"),  # the model had said "17:40 - 9:15 = 8 hours"
    ("what is 5 feet in metric", "convert_units"),
])
def test_exact_questions_get_the_one_tool_they_need_on_the_primary(router, message, tool):
    decision = router.decide(message)
    assert decision.family == "exact" and decision.tool_hints == (tool,), decision
    # a remote is configured, yet the primary answers: the tool makes its answer exact
    config = load_config(environ={"TARS_MODEL_REMOTE": "claude:claude-sonnet-4-5-20250929"})
    result = route_result(decision, config.model_default, config.model_remote)
    assert result.needs_tools and not result.escalate and result.tool_hints == (tool,)


@pytest.mark.parametrize("message", [
    "write a python function to add two numbers", "explain multiplication", "explain how long division works",
    "how do I convert miles to kilometers in excel", "what is multiplication", "write a function that multiplies "
    "17 by 23", "what is 2+2 in python", "mix 1/2 cup of flour with the eggs", "remind me in 2 weeks to call mom",
    "convert 100 usd to eur", "is a marathon 42 km?", "why is division by zero undefined",
    "I have 3 dozen eggs", "Round 2 to go, who's winning?", "how long until 1730?",
    "write a poem about the number 7", "convert 3pm New York time to London time",
    "half of the class failed, what should I do?", "I need to double my income", "what is a prime number?",
    "a quarter of my salary goes to rent, is that ok?", "we're back to square 1 on this project, any advice?",
    "recommend a square 8 inch baking pan", "what week is christmas break at harvard?",
    "what week is today in the nfl season?", "I have a 2x4 board, what can I build?",
    "half of 40 hours is spent in meetings, how do I push back?", "how many calories should I eat a day?",
    "a third of 30 students failed, what should I do?", "how long is a 5 km walk?", "10 km",
    "how far is 10 km from the coast?",
])
def test_questions_about_methods_code_or_other_families_do_not_route_there(router, message):
    assert router.decide(message).family != "exact"


@pytest.mark.parametrize("message", ["convert 100 usd to eur", "how much is 50 euros in dollars?"])
def test_money_in_another_currency_needs_live_rates_from_the_web(router, message):
    """A small model asked this invents a rate ("100 USD is approximately 8.35 EUR"); a page to read
    is no rate either, so without a search service tars says what to set."""
    decision = router.decide(message)
    assert not decision.needs_tools and "TARS_SEARCH_URL" in decision.unavailable, decision
    searching = Router(builtin_tools(load_config(environ={"TARS_SEARCH_URL": "http://127.0.0.1:9/search"})))
    decision = searching.decide(message)
    assert decision.needs_tools and decision.family == "web" and decision.tool_hints == ("web_search",), decision


# -- through `tars ask` --------------------------------------------------------------------------
def ask(message: str, env: dict) -> subprocess.CompletedProcess:
    full = {**os.environ, "PYTHONPATH": str(ROOT), "TARS_MODEL_REMOTE": "none", **env}
    return subprocess.run([sys.executable, "-c", "from tars.cli import main; main()", "ask", "--json", message],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, env=full, timeout=60)


def test_pipeline_runs_the_tool_and_states_its_exact_result(tmp_path):
    """A small model in pipeline mode only fills in the expression; the number in the answer is the tool's."""
    with OllamaServer() as ollama:
        ollama.script('{"tool": "calculate", "args": {"expression": "17 * 23"}}')
        proc = ask("I packed 17 boxes with 23 pencils each: what is 17 multiplied by 23?",
                   {"OLLAMA_HOST": ollama.url, "TARS_MODEL_DEFAULT": "ollama:qwen3:8b",
                    "TARS_TOOL_MODE": "pipeline", "TARS_DATA_DIR": str(tmp_path)})
        assert proc.returncode == 0, proc.stderr
        out = json.loads(proc.stdout)
        assert [c["name"] for c in out["tool_calls"]] == ["calculate"]
        assert "391" in out["answer"] and "411" not in out["answer"]
        requests = ollama.requests_to("/api/chat")
        assert len(requests) == 1  # the executor only: no router step, no model retelling the result
        system = requests[0].json["messages"][0]["content"]
        assert "Tool: calculate" in system and "17 * 23" not in system


@pytest.mark.parametrize("message,shown", [
    ("what is 20% off 80?", "80 - 20% = 64"),  # the model wrote "0.2 * 80": the discount, not the price
    ("hey, what's 17 times 23 please?", "17 × 23 = 391"),
    ("what is 10% off 80 dollars?", "80 - 10% = 72"),  # the model wrote "0.10 * 80": the discount again
])
def test_a_message_that_is_only_arithmetic_is_the_expression_no_model_rewrites(tmp_path, message, shown):
    with OllamaServer() as ollama:
        ollama.script('{"tool": "calculate", "args": {"expression": "0.2 * 80"}}')
        proc = ask(message, {"OLLAMA_HOST": ollama.url, "TARS_MODEL_DEFAULT": "ollama:qwen3:8b",
                             "TARS_TOOL_MODE": "pipeline", "TARS_DATA_DIR": str(tmp_path)})
        assert proc.returncode == 0, proc.stderr
        out = json.loads(proc.stdout)
        assert out["answer"].strip() == shown
        assert ollama.requests_to("/api/chat") == []  # tars read the message: no model was needed at all


@pytest.mark.parametrize("message,expression", [
    ("what is 20% off 80", "20% off 80"), ("What's 80 with 20% off?", "80 with 20% off"),
    ("could you work out 2^10 please", "2^10"), ("what does 3*4 equal?", "3*4"),
    ("what is a 15% tip on 80 dollars", None), ("is 7 prime?", "is 7 prime"), ("how many days until christmas", None),
    ("convert 0.75 to a fraction", "convert 0.75 to a fraction"), ("is 2027 a prime year?", None),
    ("what is 5 miles in km", None), ("3 apples plus 4 pears", None),
    ("calculate 7!", "7!"), ("what is 10!/8! please?", "10!/8!"),  # a factorial's mark is no exclamation
])
def test_the_expression_a_message_states(message, expression):
    assert expression_in(message) == expression


def test_a_native_model_gets_the_exact_result_to_answer_from(tmp_path):
    with OpenAICompatServer() as server:
        server.script({"tool_calls": [{"name": "convert_units",
                                       "arguments": {"value": 5, "from_unit": "miles", "to_unit": "km"}}]},
                      "That is 8.04672 km.")
        proc = ask("convert 5 miles to km", {"TARS_MODEL_DEFAULT": "openai:qwen2.5-7b-instruct",
                                             "TARS_OPENAI_BASE_URL": server.url + "/v1", "TARS_TOOL_MODE": "native",
                                             "TARS_DATA_DIR": str(tmp_path)})
        assert proc.returncode == 0, proc.stderr
        out = json.loads(proc.stdout)
        assert [c["name"] for c in out["tool_calls"]] == ["convert_units"]
        first, second = server.requests_to("/v1/chat/completions")
        assert [t["function"]["name"] for t in first.json["tools"]] == ["convert_units"]
        tool_message = next(m for m in second.json["messages"] if m["role"] == "tool")
        assert "5 miles = 8.04672 kilometres" in tool_message["content"]


@pytest.mark.parametrize("expression,value", [("5% + 3%", 0.08), ("50% - 20%", 0.3), ("100 + 15% - 10%", 103.5)])
def test_percentages_added_to_each_other_stay_percentages(expression, value):
    assert evaluate(expression) == value


# -- arguments read from a plain request ---------------------------------------------------------
@pytest.mark.parametrize("message,args", [
    ("what's 3 feet 2 inches in centimeters?", {"value": 38, "from_unit": "inches", "to_unit": "centimeters"}),
    ("how many seconds in a week?", {"value": 1, "from_unit": "week", "to_unit": "seconds"}),
    ("how many ounces in 3 pounds?", {"value": 3, "from_unit": "pounds", "to_unit": "ounces"}),
    ("how many miles is 10 km", {"value": 10, "from_unit": "km", "to_unit": "miles"}),
    # falling units summed, in the first unit when that is exact ("2 hours 45 minutes" is 2.75 hours)
    ("1 hour 30 minutes in seconds", {"value": 1.5, "from_unit": "hour", "to_unit": "seconds"}),
    ("5 lb 4 oz in kg", {"value": 5.25, "from_unit": "lb", "to_unit": "kg"}),
    ("1 hour 20 minutes in seconds", {"value": 80, "from_unit": "minutes", "to_unit": "seconds"}),
    ("what's 5 feet 9 in cm", {"value": 5.75, "from_unit": "feet", "to_unit": "cm"}),
    ("what's 1.5 liters in ounces?", {"value": 1.5, "from_unit": "liters", "to_unit": "ounces"}),
    ("what is 2,450 grams in pounds?", {"value": 2450, "from_unit": "grams", "to_unit": "pounds"}),
    ("5 miles to km please", {"value": 5, "from_unit": "miles", "to_unit": "km"}),
    ("what is 5 in in cm", {"value": 5, "from_unit": "in", "to_unit": "cm"}),
    ("5 km in terms of miles", {"value": 5, "from_unit": "km", "to_unit": "miles"}),
    ("-40 c to f", {"value": -40, "from_unit": "c", "to_unit": "f"}),
    # feet and inches written with marks
    ("convert 5'11\" to cm", {"value": 71, "from_unit": "inches", "to_unit": "cm"}),
    ("what's 6′ 3″ in meters?", {"value": 6.25, "from_unit": "feet", "to_unit": "meters"}),
    ("5' in cm", {"value": 5, "from_unit": "feet", "to_unit": "cm"}),
    ("12\" in cm", {"value": 12, "from_unit": "inches", "to_unit": "cm"}),
    # more than one conversion, amounts listed rather than one quantity, rising units, a decimal
    # comma, units of different things, money, no unit, average months and years: the model's
    ("convert 5 miles to km and then to feet", None), ("convert 10 km and 5 km to miles", None),
    ("100 g, 250 g and 500 g to ounces", None), ("2 inches 3 feet in cm", None), ("1,5 km in m", None),
    ("5 km in kg", None), ("100 usd to eur", None), ("how many people in a team", None),
    ("6 feet in meters, and 5 feet?", None), ("5 c 3 f in k", None), ("convert 3 years to days", None),
    ("how many weeks in a month", None), ("-5 ft 2 in in cm", None), ("1.000 m in ft", None),
    # one calendar year or month, counted as the calendar does; months in years are twelfths
    ("how many days in a year", {"value": 1, "from_unit": "year", "to_unit": "days"}),
    ("how many hours in a year?", {"value": 1, "from_unit": "year", "to_unit": "hours"}),
    ("how many months in 2.5 years", {"value": 2.5, "from_unit": "years", "to_unit": "months"}),
    # no unit asked for: the other system's, or a time in the next larger unit and the rest (the
    # embedded model had answered "10 miles is approximately 628.3 miles")
    ("how far is 10 miles?", {"value": 10, "from_unit": "miles", "to_unit": "kilometre"}),
    ("how heavy is 200 lbs", {"value": 200, "from_unit": "lbs", "to_unit": "kilogram"}),
    ("what is 100 fahrenheit in metric", {"value": 100, "from_unit": "fahrenheit", "to_unit": "celsius"}),
    ("how tall is 6 feet 2 inches?", {"value": 74, "from_unit": "inches", "to_unit": "centimetre"}),
    ("how far is 10 miles in km", {"value": 10, "from_unit": "miles", "to_unit": "km"}),
    ("how long is 90 minutes?", {"value": 90, "from_unit": "minutes", "to_unit": "hours and minutes"}),
    ("how long is 3 hours?", None), ("how far is 10 km from here?", None), ("how long is a 5 km walk?", None),
    ("how long is 3600 seconds?", {"value": 3600, "from_unit": "seconds", "to_unit": "hours and minutes"}),
    ("how long is 1,000,000 seconds", {"value": 1000000, "from_unit": "seconds", "to_unit": "days and hours"}),
    # the system named: the other one's unit, or nothing to do
    ("what is 10 km in imperial", {"value": 10, "from_unit": "km", "to_unit": "mile"}),
    ("what is 10 km in metric", None), ("what is 100 fahrenheit in us units", None),
    # imperial volumes are the British ones
    ("what is 10 litres in imperial", {"value": 10, "from_unit": "litres", "to_unit": "imperial gallon"}),
    ("what is 10 litres in us units", {"value": 10, "from_unit": "litres", "to_unit": "gallon"}),
])
def test_the_conversion_a_message_states(message, args):
    assert conversion_asked(message) == args
    if args:
        assert "result" in convert_units(**args)


def test_a_value_cut_to_the_digits_shown_is_told_as_about_it():
    """"1e15 / 3 = 333,333,333,333,333" had claimed an exact value."""
    assert calculate("1e15 / 3")["confirmation"] == "1e15 / 3 ≈ 333,333,333,333,333"
    assert calculate("0.1 + 0.2")["confirmation"] == "0.1 + 0.2 = 0.3"
    assert calculate("1 / 4")["confirmation"] == "1 / 4 = 0.25"


def test_a_share_of_a_share_is_told_as_a_percentage_too():
    """"10% of 20%" had been "= 0.02", easy to read as 0.02%."""
    assert calculate("10% of 20%")["confirmation"] == "10% of 20% = 0.02 (2%)"
    assert calculate("20% of 80")["confirmation"] == "20% of 80 = 16"


def test_ounces_of_a_volume_are_fluid_ounces_and_one_unit_is_not_converted_to_itself():
    assert convert_units(1.5, "liters", "ounces")["confirmation"] == "1.5 litres ≈ 50.721 US fluid ounces"
    assert convert_units(1, "pint", "ml")["confirmation"] == "1 US pint ≈ 473.176 millilitres"  # not a UK one
    with pytest.raises(UnitError, match="an ounce is a weight and a fluid ounce a volume"):
        convert_units(1, "ounce", "fl oz")
    assert convert_units(8, "oz", "grams")["confirmation"] == "8 ounces ≈ 226.796 grams"  # a mass stays one
    assert convert_units(165, "minutes", "minutes")["confirmation"] == "165 minutes"


def test_bits_and_average_calendar_units_are_told_as_they_are():
    assert convert_units(10, "Gb", "MB")["result"] == 1250  # a capital prefix with a lower-case b: bits
    assert convert_units(10, "GB", "MB")["result"] == 10000
    assert convert_units(2, "years", "days")["confirmation"].startswith("2 years = 730.485 days (a year taken as")


@pytest.mark.parametrize("message,args", [
    ("what date is 90 days from today?", {"amount": 90, "unit": "days"}),
    ("what was the date 100 days ago?", {"amount": -100, "unit": "days"}),
    ("what's the date 3 weeks before christmas?", {"amount": -3, "unit": "weeks", "date": "christmas"}),
    ("what day is it in 10 days?", {"amount": 10, "unit": "days"}),
    ("what date is two weeks from tomorrow", {"amount": 2, "unit": "weeks", "date": "tomorrow"}),
    ("5 hours from now", {"amount": 5, "unit": "hours"}),
    # part of a number, two spans, a sign, a date with more words: the model's
    ("2.5 hours from now", None), ("-5 days from today", None), ("remind me in 3 days", None),
    ("1 month and 2 days from now", None), ("3 hours and 3 hours from now", None),
    # spans said together are one span of the smallest unit (the model dropped "and 20 minutes")
    ("what's 3 hours and 20 minutes from now?", {"amount": 200, "unit": "minutes"}),
    ("2 hours 30 minutes from now", {"amount": 150, "unit": "minutes"}),
    ("what date was it 2 weeks and 3 days ago", {"amount": -17, "unit": "days"}),
    ("what date is 1 year and 6 months from now", {"amount": 18, "unit": "months"}),
    ("what year will it be in 100 days?", {"amount": 100, "unit": "days"}),
    ("what date is 3 days after the party?", None),
    ("what's the date in 3 weeks?", {"amount": 3, "unit": "weeks"}),
    ("what will the date be in 3 weeks?", {"amount": 3, "unit": "weeks"}),
    # an impossible or unclear day, words after the span, a past tense with no year: the model's
    ("what is 5 days after 2026-02-30", None), ("what is 14 days from 03/04/2026", None),
    ("what time will it be in 3 hours in London", None),
    ("which day will it be in 3 days, not counting weekends", None),
    ("what date was 3 days before march 1", None), ("in 3 weeks, what day will it be?", {"amount": 3, "unit": "weeks"}),
])
def test_the_shift_a_message_states(fixed_now, message, args):
    assert shift_asked(message) == args


@pytest.mark.parametrize("message,args,days", [
    # "since" a day that has no year is the one gone by, not the next one
    ("how many days since january 1?", {"from_date": "2026-01-01", "to_date": "today"}, 328),
    ("how many days ago was christmas?", {"from_date": "2025-12-25", "to_date": "today"}, 335),
    ("how long since monday?", {"from_date": "2026-11-23", "to_date": "today"}, 2),
    ("how long since wednesday?", {"from_date": "2026-11-18", "to_date": "today"}, 7),  # today is one
    ("how old is someone born on 14 march 1990?", {"from_date": "1990-03-14", "to_date": "today"}, 13405),
    ("how many days old am I if I was born on 14 march 1990?", {"from_date": "1990-03-14", "to_date": "today"},
     13405),
    ("how old am I if I was born on march 14, 1990", {"from_date": "1990-03-14", "to_date": "today"}, 13405),
    ("how many days until christmas?", {"to_date": "christmas"}, 30),
    ("how many days from 2026-01-01 to 2026-03-01", {"from_date": "2026-01-01", "to_date": "2026-03-01"}, 59),
    # two days without a year are one span; one year given is both ends'
    ("how many days between christmas and new year", {"from_date": "2026-12-25", "to_date": "2027-01-01"}, 7),
    ("how many days between 1 march and 1 april 2024", {"from_date": "2024-03-01", "to_date": "2024-04-01"}, 31),
    # words the span does not take, impossible or unclear days, other kinds of day: the model's
    ("how many days is it until my birthday", None, None), ("how many days to go?", None, None),
    ("how old is someone born on 14 march 1990 today", None, None), ("how many days since tomorrow", None, None),
    ("how old was Mozart when he died, born 27 january 1756", None, None),
    ("how old will I be in 2030 if born 14 march 1990", None, None),
    ("how many days since 1 jan 2000 until 1 jan 2024", None, None),
    ("how many school days until christmas", None, None),
    ("how many days before 3 march should I book my flight", None, None),
    ("how many days until 31 february", None, None), ("how many days until 03/04/2026", None, None),
    ("how many days since 29 february", None, None),
    # a moving holiday of another year is read in that year, not moved by a year
    ("how many days since easter", {"from_date": "2026-04-05", "to_date": "today"}, 234),
    ("how many days between easter and 1 june 2030", {"from_date": "2030-04-21", "to_date": "2030-06-01"}, 41),
    # days named from today, hours between days, a birth with no year: the model's
    ("how many days between monday and friday", None, None), ("how many days between christmas and today", None, None),
    ("how many hours until christmas", None, None), ("how old is my son born on 1 december", None, None),
    # what is left of the year or the month
    ("how many days are left in this year?", {"to_date": "2026-12-31"}, 36),
    ("how many days left in the month?", {"to_date": "the end of the month"}, 5),
    ("how many weeks are left in 2026?", {"to_date": "2026-12-31"}, 36),
    ("how many days until the end of the year?", {"to_date": "the end of the year"}, 36),
    ("how many days are left in 2025?", None, None), ("how many hours are left in the day?", None, None),
    ("how many days are left in 2027?", None, None), ("how long until 1730?", None, None),
    ("how long until the year 2000?", None, None),
])
def test_the_span_a_message_states(fixed_now, message, args, days):
    assert span_asked(message) == args
    if args:
        assert days_between(**args)["days"] == days


@pytest.mark.parametrize("message,args,told", [
    ("how long ago was 1969?", {"from_date": "1969", "to_date": "today"},
     "From 1969 to 2026 is 57 years (or 56, if the day in 1969 it counts from is still to come this year)."),
    ("how many years since 1969?", {"from_date": "1969", "to_date": "today"},
     "From 1969 to 2026 is 57 years (or 56, if the day in 1969 it counts from is still to come this year)."),
    # an age from a year of birth (the model said 20 for 1985); a year names no day
    ("how old is someone born in 1985?", {"from_date": "1985", "to_date": "today"},
     "From 1985 to 2026 is 41 years (or 40, if the day in 1985 it counts from is still to come this year)."),
    # until a year begins is days: 2027 is 37 days away, not "1 year"
    ("how long until 2027", {"to_date": "2027-01-01"}, "From Wednesday 2026-11-25 to Friday 2027-01-01 is 37 days "
                                                       "(5 weeks and 2 days)."),
    ("how many years until 2050?", {"to_date": "2050-01-01"}, "From Wednesday 2026-11-25 to Saturday 2050-01-01 is "
                                                              "8,438 days (23 years, 1 month and 7 days)."),
])
def test_years_since_a_year_are_whole_years_and_until_one_days(fixed_now, message, args, told):
    assert span_asked(message) == args
    assert days_between(**args)["confirmation"] == told


@pytest.mark.parametrize("message,args,told", [
    # the model counted calendar days for working days, and said so as if it were the answer
    ("how many working days until christmas?", {"to_date": "christmas", "weekdays": True},
     "From Wednesday 2026-11-25 to Friday 2026-12-25 there are 22 weekdays (Monday to Friday, counting from the day "
     "after the first; public holidays are not taken off)."),
    ("how many business days between 1 march 2027 and 31 march 2027?",
     {"from_date": "2027-03-01", "to_date": "2027-03-31", "weekdays": True},
     "From Monday 2027-03-01 to Wednesday 2027-03-31 there are 22 weekdays (Monday to Friday, counting from the day "
     "after the first; public holidays are not taken off)."),
])
def test_working_days_are_counted_monday_to_friday(fixed_now, message, args, told):
    assert span_asked(message) == args
    assert days_between(**args)["confirmation"] == told


@pytest.mark.parametrize("said", ["14 march 90", "march 14, '90", "14th of march 90"])
def test_a_year_in_two_digits_is_asked_for_in_full(fixed_now, said):
    """"14 march 90" had been told as the coming 14 March."""
    with pytest.raises(DateError, match="two digits"):
        day_of_week(said)


@pytest.mark.parametrize("named", ["mothering sunday", "remembrance sunday", "super bowl sunday"])
def test_a_named_day_tars_does_not_know_is_refused_not_taken_for_the_weekday(fixed_now, named):
    """"mothering sunday" had been told as the coming Sunday."""
    with pytest.raises(DateError, match="does not know which day"):
        day_of_week(named)
    assert day_of_week("palm sunday")["date"] == "2027-03-21" and day_of_week("next sunday")["date"] == "2026-11-29"


@pytest.mark.parametrize("message,args", [
    ("what day of the week is christmas?", {"date": "christmas"}), ("what day was july 4 1976?",
                                                                    {"date": "july 4 1976"}),
    ("what day does new year's day fall on?", {"date": "new year's day"}),
    ("what week number is it?", {"date": "today", "week": True}),
    ("what day is it?", None), ("what day is good for you?", None), ("what day of the week will my birthday be?", None),
    # a weekday of a month, and the date of a day named ("the model said November 28")
    ("what's the date on the first monday of next month?", {"date": "the first monday of next month"}),
    ("when is the last friday in november?", {"date": "the last friday in november"}),
    ("when is my dentist appointment?", None),
    # a holiday with its year said as "next year" (the model had worked out Easter's date itself)
    ("when is easter next year?", {"date": "easter next year"}),
    ("what day is christmas next year?", {"date": "christmas next year"}),
    # asked in the past tense: the one gone by (the tool had told 31 October 2027)
    ("what day was halloween?", {"date": "2026-10-31"}), ("what day of the week was christmas", {"date": "2025-12-25"}),
    ("what day did new year's day fall on?", {"date": "2026-01-01"}),
])
def test_the_weekday_a_message_asks_for(fixed_now, message, args):
    from tars.tools.date_requests import weekday_asked

    assert weekday_asked(message) == args


def test_energy_power_and_pressure_and_several_units_at_once():
    """The model said 1000 calories are 2.20462 kJ, and converted "to celsius and kelvin" to celsius alone."""
    assert convert_units(1000, "calories", "kilojoules")["confirmation"] == "1000 food calories = 4184 kilojoules"
    assert convert_units(100, "hp", "kw")["confirmation"] == "100 horsepower ≈ 74.57 kilowatts"
    assert convert_units(1, "atm", "mmhg")["confirmation"] == "1 atmosphere ≈ 760 millimetres of mercury"
    assert convert_units(72, "fahrenheit", "celsius and kelvin")["confirmation"] == "72 °F ≈ 22.2222 °C and ≈ 295.372 K"
    assert conversion_asked("convert 72 fahrenheit to celsius and kelvin") == \
        {"value": 72, "from_unit": "fahrenheit", "to_unit": "celsius and kelvin"}
    assert conversion_asked("convert 5 miles to km and then to feet") is None


def test_a_calendar_year_or_month_in_shorter_units_is_counted_not_averaged():
    """The embedded model asked "how many hours in a year?" asked back which unit."""
    assert convert_units(1, "year", "hours")["confirmation"] == "A year has 8,760 hours (8,784 in a leap year)."
    assert convert_units(1, "year", "weeks")["confirmation"] == \
        "A year has 52 weeks and 1 day (52 weeks and 2 days in a leap year)."
    assert convert_units(1, "month", "days")["confirmation"] == \
        "A month has 28 to 31 days, by its length (30.436875 on average)."
    assert convert_units(2.5, "years", "months")["confirmation"] == "2.5 years = 30 months"
    assert convert_units(1, "month", "seconds")["confirmation"].endswith("(2,629,746 on average).")
    assert "(a year taken as 365.2425 days" in convert_units(3, "years", "days")["confirmation"]


def test_the_nth_weekday_of_a_month(fixed_now):
    from tars.tools.when import day

    today = fixed_now.date()  # Wednesday 25 November 2026
    assert day("the first monday of next month", today) == dt.date(2026, 12, 7)
    assert day("last friday of november", today) == dt.date(2026, 11, 27)
    assert day("the second tuesday in march 2027", today) == dt.date(2027, 3, 9)
    assert day("the 3rd thursday of december", today) == dt.date(2026, 12, 17)
    assert day("the first monday of january", today) == dt.date(2027, 1, 4)  # a month gone by this year: next year's
    assert day("the first monday of november", today) == dt.date(2027, 11, 1)  # this year's has gone by
    assert day("last friday of november", today) == dt.date(2026, 11, 27)  # this year's is still to come
    with pytest.raises(DateError, match="outside the calendar"):
        day("the first friday of january", dt.date(9999, 12, 15))
    with pytest.raises(DateError, match="February 2027 has no fifth Monday"):
        day("the fifth monday of february 2027", today)


def test_the_week_number_is_told_when_asked(fixed_now):
    assert week_asked("what week number is it?") == {"date": "today", "week": True}
    assert week_asked("what week of the year is it?") == {"date": "today", "week": True}
    assert week_asked("what week is good for you?") is None
    # the week of a day: "what week number is christmas?"
    assert week_asked("what week number is christmas?") == {"date": "christmas", "week": True}
    assert week_asked("which week is 4 july in?") == {"date": "4 july", "week": True}
    assert week_asked("what week number is it on my birthday?") is None  # no day tars can read
    assert day_of_week("today", week=True)["confirmation"] == \
        "25 November 2026 is a Wednesday, in week 48 of 2026 (ISO weeks)."
    assert day_of_week("2027-01-01", week=True)["confirmation"].endswith("in week 53 of 2026 (ISO weeks).")
    assert day_of_week("2027-03-14")["confirmation"] == "14 March 2027 is a Sunday."  # not asked, not told


def test_a_span_of_a_year_or_more_is_told_in_years_months_and_days_as_an_age_is(fixed_now):
    age = days_between("today", "1990-03-14")
    assert age["calendar"] == {"years": 36, "months": 8, "days": 11}
    assert age["confirmation"].endswith("is 13,405 days (36 years, 8 months and 11 days).")
    assert days_between("2027-11-25")["confirmation"].endswith("(1 year, 0 months and 0 days).")
    assert days_between("2027-11-24")["confirmation"].endswith("is 364 days (11 months and 30 days, or 52 weeks).")


def test_a_month_alone_is_its_first_day_next_time_it_comes(fixed_now):
    """"how many months until june?" had been asked back "Could you tell me when?"."""
    assert span_asked("how many months until june?") == {"to_date": "june"}
    told = days_between("june")
    assert told["confirmation"] == ("From Wednesday 2026-11-25 to Tuesday 2027-06-01 is 188 days "
                                    "(6 months and 7 days, or 26 weeks and 6 days).")
    assert told["calendar"] == {"years": 0, "months": 6, "days": 7}
    assert days_between("until may 2028")["to"] == "Monday 2028-05-01"
    with pytest.raises(DateError):  # a start, or a day asked for, is no month's 1st
        days_between("today", "june")
    assert days_between("12 december")["confirmation"].endswith("is 17 days (2 weeks and 3 days).")  # no months
    with pytest.raises(DateError):
        days_between("mayo")


def test_leap_years_are_exact(router):
    assert leap_year(2028)["confirmation"] == "2028 is a leap year (366 days)."
    assert not leap_year(1900)["leap"] and leap_year(2000)["leap"]
    assert year_asked("is 2028 a leap year?") == {"year": 2028}
    for message in ("leap years between 2000 and 2020", "when is the next leap year after 2024"):
        assert year_asked(message) is None
    assert router.decide("was 1900 a leap year?").tool_hints == ("leap_year",)
    for message in ("when is the next leap year after 2024", "what happened in the leap year 2020",
                    "what happened on this day 10 years ago", "how old was Mozart when he died, born 27 january 1756"):
        assert router.decide(message).family != "exact", message
    assert router.decide("how old is someone born on 14 march 1990?").tool_hints == ("days_between",)
    assert router.decide("what was the date 100 days ago?").tool_hints == ("date_shift",)
    assert router.decide("what date is 90 days from today?").tool_hints == ("date_shift",)


def test_spans_between_clock_times_are_hours_and_minutes(fixed_now):
    """A clock time at either end counts hours and minutes: "from 9am to 5:30pm" is one day's, "10pm
    to 6am" runs overnight, "until 5pm" starts now (14:30 on the fixed clock)."""
    assert days_between("5:30pm", "9am")["confirmation"] == \
        "From 09:00 to 17:30 is 8 hours and 30 minutes (510 minutes or 8.5 hours in all)."
    assert days_between("6am", "10pm")["minutes"] == 8 * 60
    assert days_between("5pm")["confirmation"] == \
        "From 14:30 to 17:00 is 2 hours and 30 minutes (150 minutes or 2.5 hours in all)."
    assert days_between("now", "2026-11-24 14:00")["confirmation"].endswith(
        "is 1 day and 30 minutes (1,470 minutes or 24.5 hours in all).")
    # the minutes asked for are told too, counted from the minute shown, not from its seconds
    assert days_between("midnight")["confirmation"] == (
        "From Wednesday 2026-11-25 14:30 to Thursday 2026-11-26 00:00 is 9 hours and 30 minutes (570 minutes or "
        "9.5 hours in all).")
    assert span_asked("how many hours between 9am and 5:30pm?") == {"from_date": "9am", "to_date": "5:30pm"}
    assert span_asked("how many minutes until 5pm?") == {"to_date": "5pm"}
    assert span_asked("how many hours since 9am?") == {"from_date": "2026-11-25 09:00", "to_date": "now"}
    assert span_asked("how many hours since 3pm?") == {"from_date": "2026-11-24 15:00", "to_date": "now"}
    assert shift_asked("what is 45 minutes after 11:30pm?") == {"amount": 45, "unit": "minutes", "date": "11:30pm"}
    assert date_shift(45, "minutes", "11:30pm")["result"] == "2026-11-26T00:15+01:00"


def test_a_24_hour_clock_is_read_as_written(fixed_now):
    """"05:00" is five in the morning, not the afternoon a bare "at 5" means; one end on a 24-hour
    clock puts the other on it too ("from 22:00 to 6:30" is overnight, not 20 hours)."""
    assert days_between("09:00", "05:00")["minutes"] == 4 * 60
    asked = span_asked("how long is it from 22:00 to 6:30?")
    assert asked == {"from_date": "22:00", "to_date": "06:30"}
    assert days_between(**asked)["minutes"] == 8 * 60 + 30
    assert days_between(**span_asked("how long is it from 23:00 to 07:00?"))["minutes"] == 8 * 60
    assert span_asked("how many hours between 2pm and 6:30") == {"from_date": "2pm", "to_date": "6:30"}  # 18:30
    assert days_between("6:30", "2pm")["minutes"] == 4 * 60 + 30
    assert days_between(**span_asked("how long from 09:00 to 5:30?"))["minutes"] == 8 * 60 + 30  # a work day


@pytest.mark.parametrize("message,minutes", [
    ("how many hours between 7:30 and 9:15", 105), ("how many minutes from 5:50 to 8:10", 140),
    ("how many hours from 10:00 to 2:00", 240),  # past noon: 2:00 is the afternoon
])
def test_two_bare_clock_times_are_read_on_one_half_of_the_day(fixed_now, message, minutes):
    """"between 7:30 and 9:15" had been 19:30 to 09:15 the next day: 13 hours 45 minutes."""
    assert days_between(**span_asked(message))["minutes"] == minutes


@pytest.mark.parametrize("message,tool", [
    ("how many hours between 9am and 5:30pm?", "days_between"), ("how many minutes until 5pm?", "days_between"),
    ("what is 45 minutes after 11:30pm?", "date_shift"), ("when is easter next year?", "day_of_week"),
    ("how many minutes in an hour?", "convert_units"),
])
def test_clock_time_spans_and_holidays_of_a_year_route_to_their_tool(router, message, tool):
    assert router.decide(message).tool_hints == (tool,)


def test_a_clock_time_alone_is_on_the_other_ends_day_and_unclear_ends_are_left_to_the_model(fixed_now):
    assert days_between("5pm", "friday 9am")["confirmation"] == \
        "From Friday 2026-11-27 09:00 to Friday 2026-11-27 17:00 is 8 hours (480 minutes)."
    assert days_between("6am", "10pm yesterday")["minutes"] == 8 * 60
    for message in ("how many hours between 9am monday and 5pm friday", "how long between 9am and 5pm on friday",
                    "how long since 2:45"):  # which week, which 2:45
        assert span_asked(message) is None, message
    assert span_asked("how long since 14:45") == {"from_date": "2026-11-24 14:45", "to_date": "now"}


def test_units_whose_kind_the_words_leave_open_are_the_models():
    for message in ("how many pints in a uk gallon", "5000 kg in tons", "how many kg in a ton"):
        assert conversion_asked(message) is None, message
    assert convert_units(2, "imperial pints", "ml")["result"] == 1136.5225  # "imperial" is no "im per ial"
    assert convert_units(100, "kmperhour", "mph")["to"] == "mile per hour"


@pytest.mark.parametrize("message,days", [
    ("how many days in february 2028?", 29), ("how many days are there in february?", 28),  # this year's
    ("how many days in sept", 30), ("how many days in may, 2023?", 31),
])
def test_the_days_of_a_month_are_counted_not_guessed(fixed_now, router, message, days):
    """The embedded model answered "10" for February 2028."""
    args = span_asked(message)
    assert args is not None and days_between(**args)["days"] == days
    assert router.decide(message).tool_hints == ("days_between",)


def test_fuel_economy_converts_both_ways_including_litres_per_100_km():
    assert convert_units(30, "mpg", "l/100km")["confirmation"] == \
        "30 miles per US gallon ≈ 7.84049 litres per 100 kilometres"  # the US gallon, said
    assert round(convert_units(5, "l/100 km", "mpg")["result"], 2) == 47.04
    assert convert_units(10, "km/l", "l/100km")["result"] == 10
    assert round(convert_units(30, "mpg", "uk mpg")["result"], 2) == 36.03
    with pytest.raises(UnitError, match="more than 0"):
        convert_units(0, "l/100km", "mpg")


# -- numbers piped in ----------------------------------------------------------------------------
@pytest.mark.parametrize("request_,attached,expression", [
    ("what is the sum of these numbers?", "```\n12\n45\n7\n30\n```", "sum(12, 45, 7, 30)"),
    ("add them up", "```\n12\n45\n```", "sum(12, 45)"), ("what's the average?", "```\n1\n2\n```", "average(1, 2)"),
    ("the largest number", "```\n3\n9\n4\n```", "max(3, 9, 4)"), ("what is the total", "```\n1,000\n2\n```",
                                                                   "sum(1000, 2)"),
    ("what's the sum?", "```\n12, 45, 7\n```", "sum(12, 45, 7)"), ("sum these up please", "```\n$12.50\n$7.25\n```",
                                                                  "sum(12.50, 7.25)"),
    # "1,000, 2": two numbers or three? one number, another question: the model's
    ("what's the sum?", "```\n1,000, 2\n```", None),
    # a table's column: the one it has, or the one its header names
    ("what's the sum?", "```\napples 3\npears 4\n```", "sum(3, 4)"),
    ("what's the total amount?", "```\nDate,Amount\n2026-11-01,12.50\n2026-11-03,$7.25\n2026-11-09,\"1,030\"\n```",
     None),  # a quoted cell with a comma: not split alike
    ("what's the total amount?", "```\nDate\tAmount\n2026-11-01\t12.50\n2026-11-03\t$7.25\n```", "sum(12.50, 7.25)"),
    ("what is the average age?", "```\nname,age,points\nann,41,3\nbob,39,5\n```", "average(41, 39)"),
    ("what is the average age?", "```\nname,points\nann,41\nbob,39\n```", None),  # no age column
    ("what's the average?", "```\nname,age,points\nann,41,3\nbob,39,5\n```", None),  # which column?
    ("what is the average age?", "```\n41\n39\n```", None),
    # filter words name no column; decimal commas and a first row of names or data are not read
    ("what's the sum without bob?", "```\nann 0\nbob 5\ncid 7\n```", None),
    ("what's the average excluding zeros?", "```\nann 0\nbob 5\ncid 7\n```", None),
    ("what's the total weight?", "```\nproduct;weight\nA;1,250\nB;0,750\nC;2,100\n```", None),
    ("what's the total?", "```\nname,2024\nann,5\nbob,7\ncid,3\n```", None),
    ("what's the total?", "```\napples 3\npears 4\ntotal 7\n```", None),
    ("what's the sum?", "```\n5\n```", None), ("summarize this", "```\n1\n2\n```", None),
    ("what's the sum?", "```\n12,5;7,25;3,0\n```", None),  # decimal commas: not read as more numbers
    ("what is the sum?", "```\n08\n09\n10\n```", "sum(08, 09, 10)"),
    ("what is the sum of the first two", "```\n1\n2\n3\n```", None),
])
def test_a_figure_of_numbers_piped_in_is_computed(request_, attached, expression):
    from tars.tools.calc_requests import aggregate_of

    assert aggregate_of(request_, attached) == expression


def test_piped_numbers_are_summed_by_tars_not_by_the_model(tmp_path, router):
    numbers = "```\n12\n45\n```"
    assert router.decide("what is the sum of these numbers?", attached=numbers).tool_hints == ("calculate",)
    assert not router.decide("can you sum this up?", attached="```\nA long essay.\n```").needs_tools
    assert not router.decide("what is the sum of these numbers?").needs_tools  # nothing given to sum
    with OllamaServer() as ollama:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "TARS_MODEL_REMOTE": "none", "OLLAMA_HOST": ollama.url,
               "TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "TARS_TOOL_MODE": "pipeline", "TARS_DATA_DIR": str(tmp_path)}
        proc = subprocess.run([sys.executable, "-m", "tars", "ask", "--json", "what is the sum of these numbers?"],
                              input="12\n45\n7\n30\n", capture_output=True, text=True, env=env, timeout=60)
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout)["answer"] == "sum(12, 45, 7, 30) = 94"  # the embedded model said 128
        assert ollama.requests_to("/api/chat") == []


# -- inputs that once crashed, hung or misread ---------------------------------------------------
def test_a_fraction_too_large_to_work_out_exactly_is_told_approximately():
    """An exact power holds the interpreter (no tool timeout can stop it): 117 million digits here."""
    from tars.tools.calc import calc_tools

    calculate = {t.name: t for t in calc_tools()}["calculate"]
    told = calculate.func(expression="(((1.0000001^64)^64)^64)^64 as a fraction")
    assert told["confirmation"].startswith("(((1.0000001 ^ 64) ^ 64) ^ 64) ^ 64 ≈ ")


@pytest.mark.parametrize("expression,value", [("what's " * 300 + "1+1", 2), ("solve " * 300 + "2*3", 6)])
def test_words_repeated_many_times_still_read_at_once(expression, value):
    assert evaluate(expression) == value


@pytest.mark.parametrize("expression", ["5!!", "5 + 5!!!"])
def test_a_double_factorial_is_refused_not_read_as_one(expression):
    with pytest.raises(CalcError):
        evaluate(expression)


def test_a_quantity_past_a_floats_range_is_not_converted():
    from tars.tools.unit_requests import conversion_asked
    from tars.tools.units import UnitError, convert_units

    assert conversion_asked("9" * 400 + " km in miles") is None
    with pytest.raises(UnitError):
        convert_units(float("inf"), "km", "miles")


def test_digits_of_another_script_are_left_to_the_model():
    from tars.tools.calc_requests import aggregate_of

    assert aggregate_of("what's the mean?", "```\n١\n٢\n```") is None


@pytest.mark.parametrize("value,source,targets,told", [
    (1.5, "m", "feet and inches", "1.5 metres ≈ 4 feet 11.1 inches"),
    (100, "minutes", "hours and minutes", "100 minutes = 1 hour 40 minutes"),
    (1.8288, "m", "feet and inches", "1.8288 metres = 6 feet 0 inches"),  # 11.96 inches is a foot
    # two temperatures, or the smaller unit first: each on its own
    (72, "fahrenheit", "celsius and kelvin", "72 °F ≈ 22.2222 °C and ≈ 295.372 K"),
    (2, "m", "inches and feet", "2 metres ≈ 78.7402 inches and ≈ 6.56168 feet"),
    # a year's length is the calendar's, each told; a unit of several words is cut off whole
    (1, "year", "days and hours", "A year has 365 days (366 in a leap year). A year has 8,760 hours (8,784 in a "
     "leap year)."),
    (1, "mph", "km/h and m/s", "1 mile per hour = 1.609344 kilometres per hour and = 0.44704 metres per second"),
])
def test_a_larger_and_a_smaller_unit_together_are_a_measurement(value, source, targets, told):
    """"1.5 m in feet and inches" had been told as 4.92 feet and, separately, 59.06 inches."""
    from tars.tools.units import convert_units

    assert convert_units(value, source, targets)["confirmation"] == told
