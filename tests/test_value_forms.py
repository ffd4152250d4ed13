"""Values as the user meant them: the rules that rewrite what a small model copied from the message's
surface ("5%" as 5, "two weeks" as 2 days, a whole enum, "note house.md") before grounding checks it."""

from __future__ import annotations

import datetime as dt

import pytest

from tars.messages import Message
from tars.pipeline.choices import choices_of
from tars.pipeline.grounding import Grounds, ground
from tars.pipeline.prompts import decoding_schema
from tars.tools.date_phrases import find

NOW = dt.datetime(2026, 11, 25, 14, 0, tzinfo=dt.timezone(dt.timedelta(hours=1)))  # a Wednesday


def said(text: str) -> list[Message]:
    return [Message(role="user", content=text)]


def _schema(required: list[str], **props: dict) -> dict:
    return {"type": "object", "properties": props, "required": required}


def test_a_percentage_said_is_a_fraction_unless_the_schema_asks_for_percent():
    rate = _schema(["principal"], principal={"type": "integer"},
                   rate={"type": "number", "description": "The annual interest rate."})
    asked = said("Compound interest on $10000 at an annual interest rate of 5%")
    assert ground(rate, {"principal": 10000, "rate": 5}, asked, Grounds(now=NOW)).args["rate"] == 0.05
    assert ground(rate, {"principal": 10000, "rate": 0.05}, asked, Grounds(now=NOW)).args["rate"] == 0.05
    spoken = said("a loan of 10000 at 7 percent")
    assert ground(rate, {"principal": 10000, "rate": 7}, spoken, Grounds(now=NOW)).args["rate"] == 0.07
    as_percent = _schema(["rate"], rate={"type": "number",
                                         "description": "The interest rate for a year as a percentage."})
    assert ground(as_percent, {"rate": 5.0}, asked, Grounds(now=NOW)).args == {"rate": 5.0}
    shares = _schema(["shares"], shares={"type": "array", "items": {"type": "number"}, "description":
                     "the percentage contributions of each trait, which must sum to 1"})
    checked = ground(shares, {"shares": [40, 60]}, said("trait A contributes 40% and trait B 60%"), Grounds(now=NOW))
    assert checked.args == {"shares": [0.4, 0.6]}
    tip = _schema(["bill", "tip"], bill={"type": "number"}, tip={"type": "number"})
    both_ways = ground(tip, {"bill": 15, "tip": 15}, said("a 15% tip on a $15 bill"), Grounds(now=NOW))
    assert both_ways.args == {"bill": 15, "tip": 15}  # 15 said both ways: left as the model wrote it
    named = _schema(["tip_percentage"], tip_percentage={"type": "number"})
    assert ground(named, {"tip_percentage": 18}, said("an 18% tip"), Grounds(now=NOW)).args == {"tip_percentage": 18}
    count = _schema(["people"], people={"type": "integer"})  # an integer cannot be a fraction
    assert ground(count, {"people": 5}, said("5% of 100 people"), Grounds(now=NOW)).args == {"people": 5}



def test_a_rate_said_as_a_percentage_is_a_fraction_though_the_number_is_said_plainly_too():
    bond = _schema(["period", "discount_rate"], period={"type": "integer"},
                   discount_rate={"type": "number", "description": "The discount rate."})
    asked = said("a time frame of 5 years, and a discount rate of 5%")
    assert ground(bond, {"period": 5, "discount_rate": 5}, asked, Grounds(now=NOW)).args == \
        {"period": 5, "discount_rate": 0.05}
    growth = _schema(["rate", "years"], years={"type": "integer"},
                     rate={"type": "number", "description": "The annual interest rate as a decimal."})
    kept = ground(growth, {"rate": 0.05, "years": 10}, said("an annual interest rate of 5% for 1, 5 or 10 years"),
                  Grounds(now=NOW))
    assert kept.args == {"rate": 0.05, "years": 10}  # the model's fraction is the user's, not replaced by 5


def test_a_day_count_said_in_weeks_is_counted_in_days():
    upcoming = _schema([], days={"type": "integer"})
    assert ground(upcoming, {"days": 2}, said("Show my tasks for the next two weeks"), Grounds(now=NOW)).args == \
        {"days": 14}
    assert ground(upcoming, {"days": 1}, said("what's due in the next fortnight?"), Grounds(now=NOW)).args == \
        {"days": 14}
    assert ground(upcoming, {"days": 14}, said("tasks for the next 2 weeks"), Grounds(now=NOW)).args == {"days": 14}
    # the message also says that many days: the model's count stands
    assert ground(upcoming, {"days": 2}, said("two weeks off, then 2 days of tasks"), Grounds(now=NOW)).args == \
        {"days": 2}
    other = _schema([], weeks={"type": "integer"})  # a count of weeks stays a count of weeks
    assert ground(other, {"weeks": 2}, said("the next two weeks"), Grounds(now=NOW)).args == {"weeks": 2}


def test_a_day_count_said_as_a_month_or_year_is_counted_in_days():
    ahead = _schema([], days_ahead={"type": "integer", "description": "The number of days from now to search."})
    assert ground(ahead, {"days_ahead": 1}, said("rock concerts in the upcoming month"), Grounds(now=NOW)).args == \
        {"days_ahead": 30}
    assert ground(ahead, {"days_ahead": 30}, said("rock concerts over the next month"), Grounds(now=NOW)).args == \
        {"days_ahead": 30}
    assert ground(ahead, {"days_ahead": 3}, said("events in the next 3 months"), Grounds(now=NOW)).args == \
        {"days_ahead": 90}
    # "this month" counts no span: a count the message does not hold is the model's, and dropped
    assert ground(ahead, {"days_ahead": 30}, said("events this month"), Grounds(now=NOW)).args == {}
    # a tool that looks at most 15 days ahead gets its 15 for "the next month", not an invalid call
    capped = _schema([], days={"type": "integer", "minimum": 1, "maximum": 15,
                               "description": "how many days after today"})
    assert ground(capped, {"days": 1}, said("the forecast for the next month"), Grounds(now=NOW)).args == {"days": 15}
    assert ground(capped, {"days": 7}, said("the forecast for the next month"), Grounds(now=NOW)).args == {"days": 15}


def test_a_description_that_lists_every_value_makes_them_the_choices():
    phase = {"type": "string", "description": "Phase transition. Can be 'melting', 'freezing' or 'vaporization'."}
    assert choices_of(phase) == ["melting", "freezing", "vaporization"]
    assert choices_of({"type": "string", "description": "Level of detail, either 'summary' or 'full'."}) == \
        ["summary", "full"]
    assert choices_of({"type": "string", "description": "Options: 'single', 'double', 'deluxe', etc."}) is None
    assert choices_of({"type": "string", "description": "The field, such as 'Physics' or 'Chemistry'."}) is None
    assert choices_of({"type": "integer", "description": "Can be '1' or '2'."}) is None
    # ... in brackets after what the argument is, but not a value's parts nor examples of a free-form value
    assert choices_of({"type": "string", "description": "The mode of transportation (walk, bike, transit, drive)."}) \
        == ["walk", "bike", "transit", "drive"]
    assert choices_of({"type": "string", "description": "The unit ('Celsius' or 'Fahrenheit'). Default Celsius."}) \
        == ["Celsius", "Fahrenheit"]
    assert choices_of({"type": "string", "description": "The location (City, State) of the court."}) is None
    assert choices_of({"type": "string", "description": "The genre (e.g. Drama, Comedy, Horror)."}) is None
    assert choices_of({"type": "string", "description": "A duration such as '2 hours': a number and a unit "
                                                        "('hours' or 'minutes')."}) is None
    # ... unquoted after a colon, or joined by bars, so a model picks "FR" for France, not a made-up value
    country = {"type": "string", "description": "The country. Possible options: US, AT, DE, FR, GB."}
    assert choices_of(country) == ["US", "AT", "DE", "FR", "GB"]
    assert choices_of({"type": "string", "description": "The interval. Allows one of following : 1d|1wk|1mo"}) \
        == ["1d", "1wk", "1mo"]
    assert choices_of({"type": "string", "description": "Options: vegan, vegetarian, etc."}) is None
    assert choices_of({"type": "string", "description": "A path such as docs/a|b"}) is None
    holidays = _schema(["country"], country=country)
    assert ground(holidays, {"country": "FR"}, said("the public holidays in France in 2010"), Grounds(now=NOW)
                  ).args == {"country": "FR"}
    energy = _schema(["mass", "phase"], mass={"type": "integer"}, phase=phase)
    # the user's words ("liquid to steam") are not the choice's, but a listed choice is the schema's, not made up
    checked = ground(energy, {"mass": 100, "phase": "vaporization"}, said("100g of water from liquid to steam"),
                     Grounds(now=NOW))
    assert checked.args == {"mass": 100, "phase": "vaporization"} and not checked.missing
    assert decoding_schema(energy)["properties"]["phase"]["enum"] == ["melting", "freezing", "vaporization"]


def test_a_list_of_choices_keeps_the_ones_the_message_says():
    kinds = ["Annual", "Perennial", "Shrub", "Tree", "Herbs", "Fruits"]
    nursery = _schema(["location"], location={"type": "string"},
                      plant_types={"type": "array", "items": {"type": "string", "enum": kinds}})
    asked = said("Find the best local nurseries in Toronto with a good variety of annual plants.")
    checked = ground(nursery, {"location": "Toronto", "plant_types": kinds}, asked, Grounds(now=NOW))
    assert checked.args == {"location": "Toronto", "plant_types": ["Annual"]}
    both = ground(nursery, {"location": "Toronto", "plant_types": kinds}, said("shrubs and trees in Toronto"),
                  Grounds(now=NOW))
    assert both.args["plant_types"] == ["Shrub", "Tree"]
    none = ground(nursery, {"location": "Toronto", "plant_types": ["Tree"]}, said("nurseries in Toronto"),
                  Grounds(now=NOW))
    assert none.args == {"location": "Toronto"} and none.dropped == ["plant_types"]  # the tool's default
    required = {**nursery, "required": ["location", "plant_types"]}
    kept = ground(required, {"location": "Toronto", "plant_types": ["Tree"]}, said("nurseries in Toronto"),
                  Grounds(now=NOW))
    assert kept.args["plant_types"] == ["Tree"]


def test_a_value_padded_with_its_arguments_own_name_is_the_users_words():
    found = _schema(["discovery"], discovery={"type": "string"})
    assert ground(found, {"discovery": "Neutron discovery"}, said("Who discovered the neutron?"), Grounds(now=NOW)
                  ).args == {"discovery": "Neutron"}
    assert ground(found, {"discovery": "penicillin discovery"}, said("Tell me about the discovery of penicillin"),
                  Grounds(now=NOW)).args == {"discovery": "penicillin discovery"}
    paint = _schema(["room"], room={"type": "string"})
    assert ground(paint, {"room": "Living room"}, said("the most popular paint color for living rooms"),
                  Grounds(now=NOW)).args == {"room": "Living room"}


def test_a_common_noun_after_a_name_is_the_arguments_own_word_not_part_of_the_name():
    lawsuit = _schema(["case_number", "court_location"], case_number={"type": "string"},
                      court_location={"type": "string"},
                      details={"type": "array", "items": {"type": "string", "enum": ["charges", "court_updates"]}})
    asked = said("Find details about lawsuit case numbered 'LAX2019080202' in the Los Angeles court.")
    checked = ground(lawsuit, {"case_number": "LAX2019080202", "court_location": "Los Angeles court",
                               "details": ["court_updates"]}, asked, Grounds(now=NOW))
    # the court is where the case is, no wish for the court's updates
    assert checked.args == {"case_number": "LAX2019080202", "court_location": "Los Angeles"}
    hall = _schema(["venue"], venue={"type": "string"})  # a capital is part of the name
    assert ground(hall, {"venue": "Royal Albert Hall"}, said("Concerts at the Royal Albert Hall"),
                  Grounds(now=NOW)).args == {"venue": "Royal Albert Hall"}


def test_a_choice_inside_a_name_another_argument_holds_is_not_asked_for():
    museum = _schema(["museum"], museum={"type": "string"}, features={
        "type": "array", "items": {"type": "string", "enum": ["timings", "exhibitions", "history"]}})
    asked = said("Get me information about Natural History Museum in London including timings and exhibitions.")
    checked = ground(museum, {"museum": "Natural History Museum", "features": ["timings", "exhibitions", "history"]},
                     asked, Grounds(now=NOW))
    assert checked.args["features"] == ["timings", "exhibitions"]
    told = said("The history and timings of the Natural History Museum")
    assert ground(museum, {"museum": "Natural History Museum", "features": ["history", "timings"]}, told,
                  Grounds(now=NOW)).args["features"] == ["history", "timings"]


def test_the_one_choice_the_message_writes_out_is_the_choice():
    specs = _schema(["identifier"], identifier={"type": "string"},
                    search_type={"type": "string", "enum": ["MPN", "ItemNo", "SKU", "PartNumber"], "default": "MPN"})
    asked = said("retrieve just the specifications for part with the MPN identifier 3pak7?")
    assert ground(specs, {"identifier": "3pak7", "search_type": "PartNumber"}, asked, Grounds(now=NOW)).args == \
        {"identifier": "3pak7", "search_type": "MPN"}
    units = ["celsius", "fahrenheit", "kelvin"]
    convert = _schema(["value", "from_unit", "to_unit"], value={"type": "number"},
                      from_unit={"type": "string", "enum": units}, to_unit={"type": "string", "enum": units})
    told = ground(convert, {"value": 100, "from_unit": "fahrenheit", "to_unit": "celsius"},
                  said("What is 100 F in celsius?"), Grounds(now=NOW))
    assert told.args == {"value": 100, "from_unit": "fahrenheit", "to_unit": "celsius"}  # celsius is the other's


def test_an_address_is_the_one_the_user_wrote_not_one_the_model_added_to():
    fetch = _schema(["url"], url={"type": "string"})
    asked = said("information on the device connector versions from https://example.com/versions.json?")
    assert ground(fetch, {"url": "https://example.com/versions.json?params"}, asked, Grounds(now=NOW)).args == \
        {"url": "https://example.com/versions.json"}
    split = ground(fetch, {"url": "https://example.com/versions.json"},
                   said("get https://example.com/versions.json?limit=5"), Grounds(now=NOW))
    assert split.args == {"url": "https://example.com/versions.json"}  # cut short is the model's to do


def test_a_neighbours_choice_is_not_said_twice_and_a_written_code_is_used_for_a_code():
    recipe = _schema(["diet", "dish"], dish={"type": "string"},
                     diet={"type": "array", "items": {"type": "string", "enum": ["Gluten Free", "Vegan"]}})
    assert ground(recipe, {"diet": ["Gluten Free"], "dish": "Gluten-Free Cookie"},
                  said("Find a gluten-free cookie recipe."), Grounds(now=NOW)).args["dish"] == "Cookie"
    weight = _schema(["compound"], compound={"type": "string", "description": "The molecular formula of the compound."})
    assert ground(weight, {"compound": "Glucose"}, said("the molecular weight of Glucose (C6H12O6)"),
                  Grounds(now=NOW)).args == {"compound": "C6H12O6"}
    assert ground(weight, {"compound": "Glucose"}, said("the molecular weight of Glucose (a sugar)"),
                  Grounds(now=NOW)).args == {"compound": "Glucose"}
    assert ground(weight, {"compound": "C6H12O6"}, said("the molecular weight of glucose (C6H12O6)"),
                  Grounds(now=NOW)).args == {"compound": "C6H12O6"}  # the name is no code for its code


def test_a_file_name_the_message_writes_is_used_as_written():
    append = _schema(["path", "text"], path={"type": "string"}, text={"type": "string"})
    checked = ground(append, {"path": "note house.md", "text": "call the plumber"},
                     said("Append 'call the plumber' to my note house.md"), Grounds(now=NOW))
    assert checked.args == {"path": "house.md", "text": "call the plumber"}
    nested = ground(append, {"path": "file Projects/tars.md", "text": "ship it"},
                    said("add 'ship it' to the file Projects/tars.md."), Grounds(now=NOW))
    assert nested.args["path"] == "Projects/tars.md"
    spaced = ground(append, {"path": "My Notes.md", "text": "x"}, said("append x to My Notes.md"), Grounds(now=NOW))
    assert spaced.args["path"] == "My Notes.md"  # no word of it is a file name by itself: kept as written


def test_an_optional_switch_the_message_does_not_touch_keeps_its_default():
    write = _schema(["path", "content"], path={"type": "string"}, content={"type": "string"},
                    overwrite={"type": "boolean"})
    checked = ground(write, {"path": "ideas.md", "content": "build a bird feeder", "overwrite": True},
                     said("Create a note called ideas.md with the text 'build a bird feeder'"), Grounds(now=NOW))
    assert checked.args == {"path": "ideas.md", "content": "build a bird feeder"} and checked.dropped == ["overwrite"]
    told = ground(write, {"path": "ideas.md", "content": "x", "overwrite": True},
                  said("write x to ideas.md, overwrite it"), Grounds(now=NOW))
    assert told.args["overwrite"] is True
    speed = _schema(["height"], height={"type": "number"}, include_air_resistance={"type": "boolean"})
    kept = ground(speed, {"height": 100, "include_air_resistance": False},
                  said("the final speed of an object dropped from 100 m without air resistance"), Grounds(now=NOW))
    assert kept.args == {"height": 100, "include_air_resistance": False}  # said, so the model's reading stands
    rain = _schema(["city"], city={"type": "string"}, include_precipitation={"type": "boolean"})
    for asked in ("the weather in Oslo, and don't forget the precipitation", "Oslo weather, never fail to include "
                  "precipitation"):
        assert ground(rain, {"city": "Oslo", "include_precipitation": False}, said(asked), Grounds(now=NOW)).args == \
            {"city": "Oslo", "include_precipitation": True}, asked
    for asked in ("Oslo weather, do not show me the precipitation", "I forget, don't include precipitation in Oslo"):
        assert ground(rain, {"city": "Oslo", "include_precipitation": True}, said(asked), Grounds(now=NOW)).args == \
            {"city": "Oslo", "include_precipitation": False}, asked
    for asked in ("Oslo weather, no rush, include the precipitation", "not urgent: Oslo with the precipitation"):
        assert ground(rain, {"city": "Oslo", "include_precipitation": False}, said(asked), Grounds(now=NOW)).args == \
            {"city": "Oslo", "include_precipitation": True}, asked
    required = {**write, "required": ["path", "content", "overwrite"]}
    assert ground(required, {"path": "ideas.md", "content": "x", "overwrite": False}, said("x in ideas.md"),
                  Grounds(now=NOW)).args["overwrite"] is False


def test_user_is_a_word_a_user_can_mean():
    query = _schema(["table"], table={"type": "string", "description": "Name of the table to query."})
    checked = ground(query, {"table": "user"}, said("Find records in database in user table where age is over 25"),
                     Grounds(now=NOW))
    assert checked.question is None and checked.args == {"table": "user"}
    assert ground(query, {"table": "user"}, said("find the records"), Grounds(now=NOW)).missing == ["table"]


def test_one_date_phrase_fills_one_date_argument(monkeypatch):
    from tars.tools import dates

    between = next(t for t in dates.date_tools() if t.name == "days_between")
    asked = said("How many days until Christmas?")
    checked = ground(between.parameters, {"to_date": "2026-12-25", "from_date": "2026-12-25"}, asked,
                     Grounds(now=NOW))
    assert checked.question is None and checked.args == {"to_date": "2026-12-25"}
    monkeypatch.setattr(dates, "now", lambda: NOW)
    assert between.func(**checked.args)["days"] == 30  # from today, the tool's default
    span = {"type": "object", "properties": {"start": {"type": "string", "format": "date"},
                                             "end": {"type": "string", "format": "date"}}}
    since = ground(span, {"start": "2026-12-25", "end": "2026-12-25"}, said("what happened since Christmas 2025?"),
                   Grounds(now=NOW))
    assert since.question is None and since.args == {"start": "2025-12-25"}
    assert find("buy christmas gifts", NOW) == []  # a holiday in running text is a date only when said as one


def test_a_date_is_written_in_the_layout_its_description_asks_for():
    search = _schema(["company"], company={"type": "string"}, start_date={
        "type": "string", "description": "Start of the date range of the filing, in the format of MM-DD-YYY."})
    asked = said("Search for lawsuits against 'Google' filed after January 1, 2021 in California.")
    for written in ("2021-11-25", "2021-01-01", "01-01-2021"):  # wrong, right in ISO, right in the layout
        checked = ground(search, {"company": "Google", "start_date": written}, asked, Grounds(now=NOW))
        assert checked.args == {"company": "Google", "start_date": "01-01-2021"}, written
    day_first = _schema(["when"], when={"type": "string", "description": "the day, as DD/MM/YYYY"})
    assert ground(day_first, {"when": "2026-11-26"}, said("book it for tomorrow"), Grounds(now=NOW)).args == \
        {"when": "26/11/2026"}
    # an example day with no clock time asks for the day alone, though the message says "afternoon"
    flight = _schema(["date"], date={"type": "string", "description": "The date of the flight, e.g. 2030-01-31."})
    assert ground(flight, {"date": "2026-11-26 15:00"}, said("a flight tomorrow afternoon"), Grounds(now=NOW)).args \
        == {"date": "2026-11-26"}


def test_dates_written_with_a_month_name_are_read_in_any_year():
    price = _schema(["date"], date={"type": "string", "description": "Date of the price. Format: yyyy-mm-dd."})
    for text in ("the stock price at closing March.11, 2022", "on March 11th, 2022", "on 11 March 2022"):
        assert [w.date for _, w in find(text, NOW)] == [dt.date(2022, 3, 11)], text
        # the model's wrong date gives way to the message's one date
        assert ground(price, {"date": "2022-11-25"}, said(text), Grounds(now=NOW)).args == {"date": "2022-03-11"}


def test_only_a_path_argument_is_cut_to_a_file_name_and_percent_signs_ask_for_percent():
    from tars.pipeline.value_forms import as_fraction, file_name, percents

    assert file_name("content", "Upgrade to Python 3.11", "add a task: upgrade to python 3.11") == \
        "Upgrade to Python 3.11"
    assert file_name("notes", "bring the slides.pptx", "notes: bring the slides.pptx") == "bring the slides.pptx"
    said = percents("a rate of 5%")
    for description in ("Annual interest rate in %", "Tax percentage, rounded to 2 decimal places"):
        assert as_fraction("rate", {"type": "number", "description": description}, 5, said) == 5
    assert as_fraction("rate", {"type": "number", "description": "The rate in decimal form."}, 5, said) == 0.05


def test_since_a_holiday_is_the_last_one_and_to_the_easter_brunch_is_no_date():
    now = dt.datetime(2026, 11, 25, 14, tzinfo=dt.UTC)
    assert [w.date for _, w in find("how many days since Christmas?", now)] == [dt.date(2025, 12, 25)]
    assert [w.date for _, w in find("how many days until Christmas?", now)] == [dt.date(2026, 12, 25)]
    assert find("invite Bob to the Easter brunch", now) == []
    assert [w.date for _, w in find("when is Thanksgiving?", now)] == [dt.date(2026, 11, 26)]
    assert find("the party is christmas themed", now) == []
    assert [w.date for _, w in find("days since new year", now)] == [dt.date(2026, 1, 1)]


@pytest.mark.parametrize("text, days", [
    # a stretch of days starts at the next one, not the last: "from" opens it, it is no "since"
    ("how many days from christmas to new year?", [dt.date(2026, 12, 25), dt.date(2027, 1, 1)]),
    ("between halloween and christmas", [dt.date(2027, 10, 31), dt.date(2027, 12, 25)]),
    # its end is the first one after its start
    ("days from easter to christmas", [dt.date(2027, 3, 28), dt.date(2027, 12, 25)]),
    ("from christmas 2025 to new year", [dt.date(2025, 12, 25), dt.date(2026, 1, 1)]),
    # the end's year is the stretch's: the christmas just before that new year
    ("from christmas to new year 2030", [dt.date(2029, 12, 25), dt.date(2030, 1, 1)]),
])
def test_two_holidays_bound_a_stretch_of_days(text, days):
    now = dt.datetime(2026, 11, 25, 14, tzinfo=dt.UTC)
    assert [w.date for _, w in find(text, now)] == days


def test_a_currency_argument_takes_the_code_of_the_currency_named():
    from tars.pipeline.value_forms import as_code

    prop = {"type": "string", "description": "The currency to convert from."}
    assert as_code("from_currency", prop, "Japanese Yen") == "JPY"
    assert as_code("from_currency", prop, "canadian dollars") == "CAD"
    assert as_code("from_currency", prop, "EUR") == "EUR"
    assert as_code("to_currency", prop, "us_dollars") == "USD"  # a model's identifier form
    assert as_code("from_currency", prop, "gold coins") == "gold coins"  # names no currency: left alone
    assert as_code("city", {"type": "string"}, "Japanese Yen") == "Japanese Yen"  # not a currency argument
    assert as_code("currency_name", {"type": "string", "description": "The currency's name."}, "euro") == "euro"


def test_a_city_gets_its_state_where_the_argument_asks_for_city_and_state():
    from tars.pipeline.value_forms import with_state

    asks = {"type": "string", "description": "The city and state, e.g. Denver, CO"}
    assert with_state(asks, "Chicago") == "Chicago, IL"
    assert with_state({"description": "Where, in the format City, State."}, "San Francisco") == "San Francisco, CA"
    assert with_state(asks, "Chicago, Illinois") == "Chicago, Illinois"  # already placed
    assert with_state(asks, "Springfield") == "Springfield"  # not a city tars can place
    assert with_state({"description": "The city, e.g. Paris, France"}, "Chicago") == "Chicago"  # no state asked
    assert with_state({"description": "City name and country code, e.g. Berlin, DE"}, "Chicago") == "Chicago"


def test_a_value_does_not_repeat_a_neighbours_span_of_numbers():
    from tars.pipeline.value_forms import unrepeated

    assert unrepeated("league", "Serie A 2019-2020", {"season": "2019-2020"}) == "Serie A"
    assert unrepeated("project", "Sprint 2", {"priority": 2}) == "Sprint 2"  # a number alone is no span
    assert unrepeated("new", "I have a dog and a cat", {"old": "I have a dog"}) == "I have a dog and a cat"
    assert unrepeated("city", "Mexico City", {}) == "Mexico City"
    assert unrepeated("content", "Report 2019-2020", {"period": "2019-2020"}) == "Report 2019-2020"  # free text


def test_a_date_in_a_described_layout_is_cut_from_the_task_and_fills_one_date_argument():
    task = _schema(["content", "due"], content={"type": "string"},
                   due={"type": "string", "description": "When it is due, as MM-DD-YYYY."})
    checked = ground(task, {"content": "call mom tomorrow", "due": "11-26-2026"}, said("call mom tomorrow"),
                     Grounds(now=NOW))
    assert checked.args == {"content": "call mom", "due": "11-26-2026"}
    span = _schema([], start_date={"type": "string", "description": "first day, MM-DD-YYYY"},
                   end_date={"type": "string", "description": "last day, MM-DD-YYYY"})
    both = {"start_date": "12-25-2026", "end_date": "12-25-2026"}
    assert ground(span, both, said("what is planned until Christmas?"), Grounds(now=NOW)).args == \
        {"end_date": "12-25-2026"}


def test_until_counts_only_before_the_date():
    span = _schema([], start={"type": "string", "format": "date"}, end={"type": "string", "format": "date"})
    both = {"start": "2025-12-25", "end": "2025-12-25"}
    # "until" elsewhere in the message does not make the date an end
    asked = said("what did I log from Christmas, so I know what to keep until I tidy up?")
    assert ground(span, both, asked, Grounds(now=NOW)).args == {"start": "2025-12-25"}
    # the nearest word before the date in its sentence tells, however far back
    ahead = {"start": "2026-12-25", "end": "2026-12-25"}
    assert ground(span, ahead, said("How many days until my birthday on December 25?"), Grounds(now=NOW)).args == \
        {"end": "2026-12-25"}
    assert ground(span, ahead, said("I work from home. How many days before my trip on December 25?"),
                  Grounds(now=NOW)).args == {"end": "2026-12-25"}


def test_only_a_count_of_days_is_counted_in_days():
    from tars.pipeline.value_forms import counts_days

    names = ("days", "num_days", "ndays", "dayCount", "forecast_days", "number_of_days", "day_offset")
    assert [n for n in names if counts_days(n, {})] == list(names)
    assert counts_days("forecast_day", {"description": "Number of days to forecast."})
    assert not any(counts_days(n, {}) for n in ("day", "birthday", "weekday", "day_of_week", "holiday"))
    assert not counts_days("day", {"description": "Day of the month."})
    month_day = _schema([], day={"type": "integer"})  # the 2nd of the month, not two weeks of days
    assert ground(month_day, {"day": 2}, said("remind me on the 2nd, in two weeks"), Grounds(now=NOW)).args == \
        {"day": 2}


def test_a_two_digit_year_layout_writes_two_digits():
    short = _schema(["when"], when={"type": "string", "description": "the day, as DD/MM/YY"})
    for written in ("2026-11-26", "26/11/2026", "26/11/26"):
        assert ground(short, {"when": written}, said("book it for tomorrow"), Grounds(now=NOW)).args == \
            {"when": "26/11/26"}, written


def test_a_coordinate_written_west_or_south_is_negative():
    distance = _schema(["coord1", "coord2"], coord1={"type": "array", "items": {"type": "number"}},
                       coord2={"type": "array", "items": {"type": "number"}}, unit={"type": "string"})
    asked = said("Distance between (33.4484 N, 112.0740 W) and (34.0522 N, 118.2437 W) in miles")
    checked = ground(distance, {"coord1": [33.4484, 112.074], "coord2": [34.0522, -118.2437], "unit": "miles"},
                     asked, Grounds(now=NOW))
    assert checked.args == {"coord1": [33.4484, -112.074], "coord2": [34.0522, -118.2437], "unit": "miles"}
    point = _schema([], latitude={"type": "number"}, longitude={"type": "number"})
    assert ground(point, {"latitude": 33.9, "longitude": 18.4}, said("the weather at 33.9° S, 18.4° E"),
                  Grounds(now=NOW)).args == {"latitude": -33.9, "longitude": 18.4}
    same = ground(point, {"latitude": 10.5, "longitude": 10.5}, said("elevation at 10.5 N, 10.5 W"), Grounds(now=NOW))
    assert same.args == {"latitude": 10.5, "longitude": 10.5}  # which one is west cannot be told: left as written
    bulb = _schema(["watts"], watts={"type": "number"})  # a unit, not a side of the world
    assert ground(bulb, {"watts": 60}, said("a 60 W bulb"), Grounds(now=NOW)).args == {"watts": 60}


def test_an_hour_said_on_the_twelve_hour_clock_is_an_hour_of_the_day():
    late = _schema(["location"], location={"type": "string"}, operating_hours={"type": "integer"})
    asked = said("Find a vegan restaurant in Oslo that is open until at least 11 PM.")
    assert ground(late, {"location": "Oslo", "operating_hours": 11}, asked, Grounds(now=NOW)).args == \
        {"location": "Oslo", "operating_hours": 23}
    assert ground(late, {"location": "Oslo", "operating_hours": 9}, said("open at 9 am in Oslo"),
                  Grounds(now=NOW)).args == {"location": "Oslo", "operating_hours": 9}
    both = _schema([], open_hour={"type": "integer"}, close_hour={"type": "integer"})
    assert ground(both, {"open_hour": 9, "close_hour": 9}, said("open from 9 am until 9 pm"), Grounds(now=NOW)).args \
        == {"open_hour": 9, "close_hour": 9}  # which 9 is which cannot be told: left as the model wrote them
    stay = _schema([], hours={"type": "integer"})
    assert ground(stay, {"hours": 3}, said("How much for 3 hours if I arrive at 3 pm?"), Grounds(now=NOW)).args == \
        {"hours": 3}  # 3 is also said as a count
    count = _schema(["guests"], guests={"type": "integer"})  # a number that is no hour stays
    assert ground(count, {"guests": 11}, said("a table for 11 at 11 PM"), Grounds(now=NOW)).args == {"guests": 11}
    dial = _schema(["hours", "minutes"], hours={"type": "integer", "description": "The hour on the clock face."},
                   minutes={"type": "integer"})
    hands = said("What will be the angle between the hour and minute hands of a clock at 6:30 PM?")
    for hour in (6, 18):  # a clock's hand shows 6, whichever the model wrote
        assert ground(dial, {"hours": hour, "minutes": 30}, hands, Grounds(now=NOW)).args == {"hours": 6, "minutes": 30}


def test_a_height_in_feet_and_inches_is_counted_in_inches_where_inches_are_asked_for():
    person = _schema(["weight", "height"], weight={"type": "integer", "description": "Weight in lbs."},
                     height={"type": "integer", "description": "Height of the person in inches."})
    asked = said("Predict diabetes for a person with weight 150lbs and height 5ft 10in")
    assert ground(person, {"weight": 150, "height": 5}, asked, Grounds(now=NOW)).args == {"weight": 150, "height": 70}
    assert ground(person, {"weight": 150, "height": 70}, asked, Grounds(now=NOW)).args == {"weight": 150, "height": 70}
    for written in ("5 foot 10", "5'10", "5 feet and 10 inches"):
        assert ground(person, {"weight": 150, "height": 5}, said(f"150lbs and {written}"), Grounds(now=NOW)).args == \
            {"weight": 150, "height": 70}, written
    two = said("I am 5ft 10in and my wife is 5ft 4in, 150lbs")  # whose 5 it is cannot be told
    assert ground(person, {"weight": 150, "height": 5}, two, Grounds(now=NOW)).args == {"weight": 150, "height": 5}
    in_feet = _schema(["height"], height={"type": "number", "description": "Height in feet."})
    assert ground(in_feet, {"height": 5}, said("a 5 ft 10 in fence"), Grounds(now=NOW)).args == {"height": 5}


def test_next_month_is_a_date_the_user_gave_not_a_detail_to_ask_for():
    concerts = _schema(["location", "date"], location={"type": "string"},
                       date={"type": "string", "description": "The date, YYYY-MM-DD."}, genre={"type": "string"})
    asked = said("Get information about the pop concerts in New York for next month.")
    checked = ground(concerts, {"location": "New York", "date": "2026-11-25", "genre": "Pop"}, asked, Grounds(now=NOW))
    assert checked.question is None and checked.args == {"location": "New York", "date": "2026-12-01", "genre": "Pop"}


def test_thousands_written_with_commas_are_one_number_not_a_percentage_said_both_ways():
    rates = _schema(["start", "rates"], start={"type": "integer"},
                    rates={"type": "array", "items": {"type": "number"}, "description": "Inflation rate per year."})
    asked = said("I started with $1,000 and inflation was 1%, 2% and 3% in those years.")
    assert ground(rates, {"start": 1000, "rates": [1, 2, 3]}, asked, Grounds(now=NOW)).args == \
        {"start": 1000, "rates": [0.01, 0.02, 0.03]}


def test_two_numbers_the_model_swapped_go_back_where_the_message_or_description_puts_them():
    spot = _schema(["long", "lat"], long={"type": "string", "description": "The longitude."},
                   lat={"type": "string", "description": "The latitude."})
    asked = said("Which time zone is at latitude 35.22 and longitude -80.75?")
    assert ground(spot, {"long": "35.22", "lat": "-80.75"}, asked, Grounds(now=NOW)).args == \
        {"long": "-80.75", "lat": "35.22"}
    larger = "The first number. This should be the larger number."
    lcm = _schema(["a", "b"], a={"type": "integer", "description": larger},
                  b={"type": "integer", "description": "The second number."})
    asked = said("One loop repeats every 18 beats and the other every 24: when do they line up?")
    assert ground(lcm, {"a": 18, "b": 24}, asked, Grounds(now=NOW)).args == {"a": 24, "b": 18}
    plain = _schema(["a", "b"], a={"type": "integer"}, b={"type": "integer"})  # no order asked: the model's stands
    assert ground(plain, {"a": 18, "b": 24}, asked, Grounds(now=NOW)).args == {"a": 18, "b": 24}


def test_a_list_the_message_writes_keeps_the_users_order():
    sort = _schema(["array"], array={"type": "array", "items": {"type": "integer"}})
    asked = said("I have these numbers [34, 2, 56, 7, 9, 12] and need them in descending order.")
    assert ground(sort, {"array": [9, 7, 56, 2, 34, 12]}, asked, Grounds(now=NOW)).args == \
        {"array": [34, 2, 56, 7, 9, 12]}


def test_a_word_a_switch_shares_with_other_arguments_does_not_name_it():
    tax = _schema(["amount"], amount={"type": "number"},
                  tax_exempt={"type": "boolean", "description": "Whether the purchase is tax-exempt."},
                  apply_special_tax={"type": "boolean", "description": "Apply special tax rules."})
    asked = said("I bought a laptop for $999 in California. What's the total including tax?")
    assert ground(tax, {"amount": 999, "tax_exempt": True, "apply_special_tax": True}, asked,
                  Grounds(now=NOW)).args == {"amount": 999}
    exempt = said("The $999 laptop is tax exempt: what's the total?")
    assert ground(tax, {"amount": 999, "tax_exempt": True}, exempt, Grounds(now=NOW)).args == \
        {"amount": 999, "tax_exempt": True}


def test_a_function_argument_is_the_expression_not_the_curves_name():
    curves = {"type": "object", "required": ["function1", "function2"], "properties": {
        "function1": {"type": "string"}, "function2": {"type": "string"}}}
    checked = ground(curves, {"function1": "y=3x+2", "function2": "f(x) = 2x + 3"},
                     said("Find the intersection points of the functions y=3x+2 and f(x) = 2x + 3."), Grounds(now=NOW))
    assert checked.args == {"function1": "3x+2", "function2": "2x + 3"}
    # an equation keeps both its sides
    solve = {"type": "object", "required": ["equation"], "properties": {"equation": {"type": "string"}}}
    assert ground(solve, {"equation": "y=3x+2"}, said("Solve y=3x+2 for x"), Grounds(now=NOW)).args == \
        {"equation": "y=3x+2"}


def test_a_century_the_message_counts_is_that_count_not_a_year():
    history = {"type": "object", "required": ["country", "century"], "properties": {
        "country": {"type": "string"}, "century": {"type": "integer", "description": "Century as an integer."}}}
    for year in (1600, 1700):
        checked = ground(history, {"country": "France", "century": year},
                         said("Who were the monarchs of France during the 17th century?"), Grounds(now=NOW))
        assert checked.args == {"country": "France", "century": 17}
    # a year the message does not count as this century stays the model's
    checked = ground(history, {"country": "France", "century": 1900},
                     said("Who were the monarchs of France during the 17th century?"), Grounds(now=NOW))
    assert checked.args["century"] == 1900


def test_a_number_past_any_float_is_never_passed():
    growth = {"type": "object", "required": ["year1_revenue", "year2_revenue"], "properties": {
        "year1_revenue": {"type": "number"}, "year2_revenue": {"type": "number"}}}
    checked = ground(growth, {"year1_revenue": 500000, "year2_revenue": float("inf")},
                     said("In 2018 their revenue was $500,000 and in 2019 it increased to $750,000."), Grounds(now=NOW))
    assert checked.args == {"year1_revenue": 500000} and checked.missing == ["year2_revenue"]
    assert checked.question is not None


def test_a_language_code_is_said_by_the_languages_name():
    speech = {"type": "object", "required": ["text"], "properties": {
        "text": {"type": "string"},
        "language": {"type": "string", "enum": ["en-US", "es-ES", "de-DE"], "default": "en-US"}}}
    checked = ground(speech, {"text": "I am a pretty girl"},
                     said("Convert 'I am a pretty girl' into spoken audio in Spanish"), Grounds(now=NOW))
    assert checked.args == {"text": "I am a pretty girl", "language": "es-ES"}
    checked = ground(speech, {"text": "I am a pretty girl", "language": "de-DE"},
                     said("Convert 'I am a pretty girl' into spoken audio"), Grounds(now=NOW))
    assert checked.args == {"text": "I am a pretty girl"}  # no language named: the tool's default
