"""Day phrases at the edges: days the calendar lacks, spans counted from another day, clock times no
clock shows. Each is read exactly or refused with a one-line DateError, never read as another day."""

from __future__ import annotations

import datetime as dt

import pytest

from tars.messages import Message
from tars.pipeline.grounding import date_notes
from tars.tools import date_phrases, dates, when
from tars.tools.birthdays import counted
from tars.tools.clock import time_convert
from tars.tools.dates import DateError, date_shift, day_of_week, days_between
from tars.tools.stated import carried_args, stated_args

NOW = dt.datetime(2026, 11, 27, 10, 0, tzinfo=dt.UTC)  # a Friday


@pytest.fixture(autouse=True)
def fixed_now(monkeypatch):
    monkeypatch.setattr(dates, "now", lambda: NOW)


def _notes(message: str) -> list[str]:
    return date_notes([Message(role="user", content=message)], NOW)


@pytest.mark.parametrize("date,error", [
    ("2025-13-01", "there is no month 13"), ("2025-31-12", "there is no month 31"),
    ("13/13/2025", "there is no month 13"), ("31/13/2025", "there is no month 13"),
    ("christmas 0000", "there is no year 0"), ("easter 0000", "there is no year 0"),
    ("1 jan 0000", "there is no year 0"), ("the first monday of june 0000", "there is no year 0"),
])
def test_a_day_the_calendar_lacks_is_a_date_error_everywhere(date, error):
    for tool in (lambda: day_of_week(date), lambda: days_between(date), lambda: date_shift(3, "days", date)):
        with pytest.raises(DateError, match=error):
            tool()
    with pytest.raises(DateError, match=error):
        when.moment(date, NOW)
    assert when.resolve(date, NOW) is None
    assert stated_args("day_of_week", f"what day is {date}") is None
    assert stated_args("days_between", f"how many days until {date}") is None
    assert _notes(f"what happens until {date}?") == []


@pytest.mark.parametrize("tool,message", [
    ("day_of_week", "when is christmas 0000"), ("days_between", "how many days in dec 0000"),
    ("date_shift", "what date is 3 days after easter 0000"), ("day_of_week", "what day is 2025-31-12"),
])
def test_a_request_for_a_day_the_calendar_lacks_is_left_to_the_model(tool, message):
    assert stated_args(tool, message) is None


def test_a_follow_up_naming_year_0_is_left_to_the_model():
    requests = ["what day of the week is christmas?", "and christmas 0000?"]
    assert carried_args("day_of_week", requests, lambda said: said.removeprefix("and ").rstrip("?")) is None


def test_a_clock_time_on_a_day_the_calendar_lacks_is_a_date_error():
    with pytest.raises(DateError, match="there is no month 13"):
        time_convert("3pm on 13/13/2025", "tokyo")


@pytest.mark.parametrize("fact", ["Ana's birthday is 2019-31-04", "Ana was born on 2019-31-04",
                                  "Ana was born on christmas 0000"])
def test_a_remembered_birth_date_the_calendar_lacks_is_told_without_a_count(fact):
    assert counted(fact) == ""


@pytest.mark.parametrize("phrase,day", [
    ("90 days from today", dt.date(2027, 2, 25)), ("2 weeks from today", dt.date(2026, 12, 11)),
    ("three days from now", dt.date(2026, 11, 30)), ("a week from tomorrow", dt.date(2026, 12, 5)),
    ("2 days after tomorrow", dt.date(2026, 11, 30)), ("the day before yesterday", dt.date(2026, 11, 25)),
    ("the day after tomorrow", dt.date(2026, 11, 29)), ("a week from next monday", dt.date(2026, 12, 7)),
    ("friday next week", dt.date(2026, 12, 4)), ("next week on wednesday", dt.date(2026, 12, 2)),
    ("friday last week", dt.date(2026, 11, 20)), ("tuesday after next", dt.date(2026, 12, 8)),
    ("friday after next", dt.date(2026, 12, 11)), ("the week after next", dt.date(2026, 12, 7)),
    ("end of next month", dt.date(2026, 12, 31)), ("last day of next month", dt.date(2026, 12, 31)),
    ("the end of the month", dt.date(2026, 11, 30)), ("the end of next year", dt.date(2027, 12, 31)),
    ("5th of next month", dt.date(2026, 12, 5)), ("the first of next month", dt.date(2026, 12, 1)),
    ("3 days before christmas", dt.date(2026, 12, 22)), ("the day after christmas", dt.date(2026, 12, 26)),
    # named days are their own day, not the weekday they end with ("good friday" had been next Friday)
    ("good friday", dt.date(2027, 3, 26)), ("easter monday", dt.date(2027, 3, 29)),
    ("ash wednesday", dt.date(2027, 2, 10)), ("palm sunday", dt.date(2027, 3, 21)),
    ("shrove tuesday", dt.date(2027, 2, 9)),
    ("black friday", dt.date(2026, 11, 27)), ("cyber monday", dt.date(2026, 11, 30)),
    ("good friday 2030", dt.date(2030, 4, 19)), ("friday the 13th", dt.date(2027, 8, 13)),
    ("friday 13th", dt.date(2027, 8, 13)), ("friday 13 march 2026", dt.date(2026, 3, 13)),
    ("monday the 31st", dt.date(2027, 5, 31)), ("tomorrow week", dt.date(2026, 12, 5)),
])
def test_a_day_counted_from_another_is_read_whole(phrase, day):
    assert when.day(phrase, NOW.date()) == day
    assert day_of_week(phrase)["date"] == day.isoformat()


@pytest.mark.parametrize("message,note", [
    ("remind me 2 weeks from today to call mom", '"2 weeks from today" = 2026-12-11 (Friday)'),
    ("lunch with Sam friday next week at 1pm", '"friday next week at 1pm" = 2026-12-04 13:00 (Friday)'),
    ("see you tuesday after next", '"tuesday after next" = 2026-12-08 (Tuesday)'),
    ("file taxes by the end of next month", '"the end of next month" = 2026-12-31 (Thursday)'),
    ("what was the day before yesterday?", '"the day before yesterday" = 2026-11-25 (Wednesday)'),
])
def test_a_day_counted_from_another_is_noted_whole_in_running_text(message, note):
    assert _notes(message) == [note]


@pytest.mark.parametrize("phrase", ["the monday before christmas", "a week on friday", "the middle of next week",
                                    "end of the week", "3 days ago", "a week from whenever", "the 5th of next year"])
def test_a_day_changed_by_words_tars_cannot_read_is_refused(phrase):
    with pytest.raises(DateError, match="exactly; write the date as YYYY-MM-DD"):
        day_of_week(phrase)
    assert when.resolve(phrase, NOW) is None


@pytest.mark.parametrize("phrase,shown", [("next friday at 25:00", "25:00"), ("today at 25:00", "25:00"),
                                          ("tomorrow at 9:75", "9:75"), ("friday next week at 24:30", "24:30")])
def test_a_time_no_clock_shows_is_refused_not_dropped(phrase, shown):
    with pytest.raises(DateError, match=f"'{shown}' is not a time of day"):
        when.moment(phrase, NOW)
    with pytest.raises(DateError, match="is not a time of day"):
        date_shift(1, "hours", phrase)
    assert _notes(f"book it for {phrase}") == []


def test_a_holiday_with_a_time_is_that_day_at_that_time():
    assert when.moment("christmas at 5pm", NOW) == when.When(dt.date(2026, 12, 25), dt.time(17), NOW.tzinfo)


@pytest.mark.parametrize("text,phrase,day", [
    ("what is the date a week from christmas?", "a week from christmas", dt.date(2027, 1, 1)),
    ("remind me 3 days after easter", "3 days after easter", dt.date(2027, 3, 31)),
])
def test_a_day_counted_from_a_holiday_is_noted_whole_for_the_model(text, phrase, day):
    """The executor had been told "christmas" = last year's, read as "since christmas"."""
    assert [(p, w.date) for p, w in date_phrases.find(text, NOW)] == [(phrase, day)]



def test_a_named_weekday_tars_does_not_know_is_refused():
    for phrase in ("casual friday", "super tuesday", "friday the 32nd"):
        with pytest.raises(DateError):
            day_of_week(phrase)
    with pytest.raises(DateError, match="13 March 2027 is a Saturday, not a Friday"):
        day_of_week("friday the 13th of march")


def test_29_february_with_no_year_is_the_next_one_there_is():
    assert when.day("feb 29", NOW.date()) == dt.date(2028, 2, 29)
    with pytest.raises(DateError, match="no day 30 in February"):
        when.day("february 30", NOW.date())


def test_a_span_that_runs_backwards_is_told_as_before():
    """"from dec 1 to nov 1" had been "minus 30 days (4 weeks and 2 days)": the brackets lost the sign."""
    told = days_between("2026-11-01", "2026-12-01")
    assert told["days"] == -30
    assert told["confirmation"] == "Sunday 2026-11-01 is 30 days (4 weeks and 2 days) before Tuesday 2026-12-01."
    hours = days_between("2026-11-27 09:00", "2026-11-27 17:00")
    assert hours["minutes"] == -480 and hours["confirmation"] == "09:00 is 8 hours (480 minutes) before 17:00."


def test_hours_that_pass_count_the_change_of_the_clocks(monkeypatch):
    """In New York "36 hours after 8pm on 13 March 2027" had been 08:00 EST (it is 09:00 EDT), and
    midnight to noon on the day the clocks go forward 12 hours (it is 11)."""
    from zoneinfo import ZoneInfo

    new_york = ZoneInfo("America/New_York")
    monkeypatch.setenv("TZ", "America/New_York")
    monkeypatch.setattr(dates, "now", lambda: dt.datetime(2026, 11, 27, 10, 0, tzinfo=new_york))
    assert date_shift(36, "hours", "8pm on 13 March 2027")["confirmation"] == \
        "36 hours after Saturday 2027-03-13 20:00 is Monday 2027-03-15 09:00 (EDT)."
    assert days_between("2027-03-14 12:00", "2027-03-14 00:00")["minutes"] == 11 * 60
    assert days_between("noon on 14 March 2027", "midnight")["minutes"] == 11 * 60  # the day said at one end
    assert date_shift(1, "days", "9am on 13 March 2027")["result"] == "2027-03-14T09:00-04:00"  # a calendar day


@pytest.mark.parametrize(("text", "days"), [
    ("What will the weather be in Paris from April 3rd to April 5th 2023?", ["2023-04-03", "2023-04-05"]),
    ("Book it between Dec 30 and Jan 2, 2024", ["2023-12-30", "2024-01-02"]),  # the end's year began after
    ("from July 10 to July 20, 2022", ["2022-07-10", "2022-07-20"]),
    ("April 3rd, then a trip on April 5th 2023", ["2027-04-03", "2023-04-05"]),  # no range: its next one
])
def test_a_ranges_one_year_is_both_ends(text, days):
    assert [str(w.date) for _, w in date_phrases.find(text, NOW)] == days


@pytest.mark.parametrize("text", ["a cleaner available on 12/03/2024 16:00 - 18:00", "a meeting at 5pm on 3/4/2027"])
def test_a_time_beside_a_date_written_in_figures_is_no_time_today(text):
    assert date_phrases.find(text, NOW) == []  # the day is not read (day and month either way), nor its time


def test_a_long_run_of_figures_after_a_date_is_read_in_one_pass():
    # figures between a date and a time, however many, are read once each
    text = "12/03/2024 " + "1" * 60 + " x at 5pm"
    assert [p for p, _ in date_phrases.find(text, NOW)] == ["at 5pm"]


def test_a_span_asked_from_a_day_without_a_year_starts_in_the_ends_year_or_the_one_before():
    # tars reads the span itself, no model asked: the same reading as the date phrases
    assert stated_args("days_between", "how many days from December 30 to January 2, 2028?") == \
        {"from_date": "2027-12-30", "to_date": "2028-01-02"}
    assert stated_args("days_between", "how many days from April 3rd to April 5th 2027?") == \
        {"from_date": "2027-04-03", "to_date": "2027-04-05"}
