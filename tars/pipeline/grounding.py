"""Arguments from the conversation, not from the model's imagination: checked after the executor.

A small model fills every field it sees: a project the user never named, a date it computed
wrongly, a place copied from somewhere. After the executor answers, tars checks each argument
against the conversation: relative dates are resolved by tars (`tars.tools.when`), an optional
value the conversation does not contain is dropped (the tool's default applies), and a required
value the message does not give becomes one short question instead of an invented call.
Values the schema itself offers (enums, booleans) are choices, not inventions, and are kept.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any
from urllib.parse import urlsplit

from tars import places
from tars.config import Config
from tars.errors import DateError
from tars.messages import Message, latest_user_text
from tars.pipeline import date_layouts as layouts
from tars.pipeline import value_forms as forms
from tars.pipeline.choices import choices_of, named_choice, said_choices
from tars.pipeline.codes import takes_code, written_code
from tars.pipeline.conversation_text import ConversationText, norm
from tars.pipeline.date_args import dates_in_order, is_date_arg, one_date_one_arg, span_said, strip_dates
from tars.pipeline.directions import in_order
from tars.pipeline.mentioned import named_value
from tars.pipeline.misplaced import add_said_choices, add_said_kind, strip_named, take_said_defaults
from tars.pipeline.reordered import as_listed, unswapped
from tars.pipeline.schema_props import prop_of, properties_of
from tars.routing.learned import stem
from tars.tools import date_phrases
from tars.tools.web import urls_written

__all__ = ["Grounds", "Grounded", "ground", "is_date_arg", "is_place_arg", "takes_place", "date_notes",
           "prop_of", "properties_of", "question_for", "required_sets"]

_PLACE_NAMES = frozenset({"location", "place", "city", "where", "town"})


@dataclass(frozen=True)
class Grounds:
    """What the executor may rely on beyond the message: the moment and the user's default place.

    `now` pins the clock (the bench, tests); None means the real clock at each call."""

    place: str | None = None
    now: dt.datetime | None = None
    # where memory says the user lives, looked up when no place is set (it may be told mid-chat)
    home: Callable[[], str | None] | None = field(default=None, compare=False)

    def moment(self, messages: Sequence[Message] = ()) -> dt.datetime:
        """The moment relative dates count from: the clock's, on the day the user last said it is
        ("today is Tuesday April 25th 2023")."""
        now = self.now or dt.datetime.now().astimezone()
        for message in reversed(messages):
            if message.role == "user" and (said := date_phrases.stated_today(message.content, now)):
                return dt.datetime.combine(said[0], now.timetz())
        return now

    def default_place(self) -> str | None:
        """The place a request that names none is about: the one set, else where the user lives."""
        return self.place or (self.home() if self.home is not None else None)

    @classmethod
    def from_config(cls, config: Config, *, home: Callable[[], str | None] | None = None) -> Grounds:
        place = config.place or None
        if not place and config.lat is not None and config.lon is not None:
            place = f"latitude {config.lat}, longitude {config.lon}"
        return cls(place=place, home=home)


@dataclass
class Grounded:
    """The checked arguments; `missing` names required arguments the conversation did not give."""

    args: dict[str, Any]
    dropped: list[str] = field(default_factory=list)
    resolved: dict[str, str] = field(default_factory=dict)  # argument -> the words it was resolved from
    missing: list[str] = field(default_factory=list)
    question: str | None = None
    # whether any argument holds what the user gave (their words, a number they wrote, a date they
    # named, their default place), not only values the model chose: a switch, a choice, a year it
    # assumed; a call with no arguments left has nothing to check, and counts as given
    given: bool = False


def takes_place(schema: dict[str, Any]) -> bool:
    """Whether a tool's schema has a place argument (the default place can stand in for it)."""
    props = properties_of(schema)
    return any(is_place_arg(n, p) for n, p in props.items() if isinstance(p, dict))


def is_place_arg(name: str, prop: dict[str, Any]) -> bool:
    return name.lower() in _PLACE_NAMES and forms.types_of(prop) <= {"string", "null"}


def date_notes(messages: Sequence[Message], now: dt.datetime) -> list[str]:
    """The latest message's date phrases as tars resolved them, for the executor's prompt."""
    last = latest_user_text(messages)
    return [f'"{phrase}" = {w.iso()} ({w.date:%A})' for phrase, w in date_phrases.find(last, now)]


def _check(name: str, prop: dict[str, Any], value: Any, text: ConversationText, now: dt.datetime,
           required: bool, shared: Collection[str] = ()) -> tuple[bool, Any, str | None]:
    """(grounded, value to use, the words a date was resolved from); `shared`: the words of the
    other arguments' names."""
    if isinstance(value, bool):  # a switch the message does not touch keeps its default (or the model's choice)
        state = text.switch(name, value, shared)
        return state is not None or required, value if state is None else state, None
    if "enum" in prop or "const" in prop or value in (choices_of(prop) or ()):
        return True, value, None  # a choice the schema offers
    if isinstance(value, float) and not math.isfinite(value):
        return False, value, None  # digits past any float: a number nobody said
    if isinstance(value, (int, float)):
        days = text.days if forms.counts_days(name, prop) else set()
        return required or float(value) in text.numbers | days, value, None
    if isinstance(value, str) and (host := _host(value)):  # an address is the user's (or a result's) or invented
        return text.names_site(host), _url_as_written(value, text.said), None
    if isinstance(value, str) and is_date_arg(name, prop):
        return _check_date(prop, value, text, now, required)
    if isinstance(value, str) and is_place_arg(name, prop) and _only_when(value, now):
        return False, value, None  # "this weekend" is when, not where
    if isinstance(value, str):
        every = not required or forms.is_file_name(value)  # "jigsaw_puzzle.jpg" for "create a jigsaw puzzle"
        said = text.has_words(value, every=every) or text.says_token(value) or value in text.codes \
            or places.country_key(value) in text.countries or places.country_key(value) in text.states \
            or (takes_code(name, prop) and text.abbreviates(value))
        return said, value, None
    if isinstance(value, list):
        items = [(v, _check(name, prop.get("items") or {}, v, text, now, required)) for v in value]
        if all(isinstance(v, str) for v in value):  # the words the user gave, without a description's "e.g. vegan"
            said_items = [held for _, (ok, held, _) in items if ok]
            return bool(said_items) or not value, said_items, None
        # an item with a made-up part (a field left out of it) is not the user's
        return all(ok and held == v for v, (ok, held, _) in items), value, None
    if isinstance(value, dict):  # a structure is the user's when what it holds is
        fields = prop.get("properties") or {}
        if not fields:
            return all(_check(k, {}, v, text, now, required)[0] for k, v in value.items()), value, None
        # a declared field the conversation does not give is left out, as an argument would be; the
        # structure stands when its required fields do ("ip": a made-up address beside the user's "advisoryId")
        needed = set(prop.get("required") or ())
        fields_read = {k: _check(k, prop_of(fields, k), v, text, now, required and k in needed)
                       for k, v in value.items()}
        kept = {k: held for k, (ok, held, _) in fields_read.items() if ok}
        return all(k in kept for k in needed & value.keys()) and (bool(kept) or not value), kept, None
    return True, value, None


_PLACED = re.compile(r"(?P<place>.+?),\s*(?P<state>[A-Z]{2})")


def _given(prop: dict[str, Any], value: Any, text: ConversationText) -> bool:
    """Whether a kept argument's value is one the user gave rather than one the model chose."""
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, str) and ("enum" in prop or value in (choices_of(prop) or ())):
        return text.says_choice(value)
    if isinstance(value, (int, float)):
        return float(value) in text.numbers | text.days
    return True  # a text, a date or a structure that grounding kept is the user's


def _number(value: Any) -> bool:
    """Whether a value is a number (a bool is a switch, not a number)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _unsaid_number(value: Any, text: ConversationText) -> bool:
    """A number the conversation does not hold (a required one is the model's to work out)."""
    return _number(value) and float(value) not in text.numbers


def _offers_choices(prop: dict[str, Any]) -> bool:
    """Whether an argument's values (or a list's items) are choices its schema offers."""
    items = prop.get("items")
    return bool(choices_of(prop) or (isinstance(items, dict) and choices_of(items)))


def _doubled(name: str, value: Any, args: dict[str, Any], text: ConversationText) -> bool:
    """A number the model gave two arguments that the user wrote once: one of them is not the user's."""
    if not _number(value):
        return False
    twin = any(other != name and _number(v) and v == value for other, v in args.items())
    written = str(int(value)) if float(value).is_integer() else str(value)
    return twin and len(re.findall(rf"(?<![\d.]){re.escape(written)}(?!\d|\.\d)", text.said)) == 1


def _own_state(value: Any, text: ConversationText) -> Any:
    """A place in a US state the conversation does not give as the place alone: "Tel Aviv, CA" was
    a description's example state ("e.g. San Francisco, CA") added to the user's "Tel Aviv"."""
    placed = _PLACED.fullmatch(value.strip()) if isinstance(value, str) else None
    if placed is None or (code := placed.group("state").lower()) not in places.US_STATES or text.gives_state(code):
        return value
    return placed.group("place")


# "my office in Palo Alto": a place of the user's, named by where it is
_THEIR_PLACE = re.compile(r"^(?i:my|our|his|her|their|the|a|an)\s+(?:[a-z'-]+\s+){0,3}?(?:in|at|near)\s+(?=[A-Z])")
_PLACE_WORDS = frozenset({"location", "place", "city", "town", "origin", "destination"})
_REGION = r",\s*([A-Z][\w.]*)(?:\s+([A-Z][\w.]*))?"  # ", USA", ", New York": a region after a place


def _place_as_said(name: str, value: Any, args: dict[str, Any], said: str) -> Any:
    """A place argument's value as the user placed it: without their own spot in it ("my home in
    San Francisco" is San Francisco to a tool, which cannot know where their home is), and, for a
    location, with the region they named it with where the model left that out ("New York" for
    "New York, USA"; a city argument is the city, and a region another argument holds is that one's)."""
    words = set(forms.label_words(name))
    if not isinstance(value, str) or not _PLACE_WORDS & words:
        return value
    value = _THEIR_PLACE.sub("", value.strip())
    if not words & {"location", "place"}:
        return value
    held = {places.country_key(v) for k, v in args.items() if k != name and isinstance(v, str)}
    for placed in re.finditer(rf"(?<!\w){re.escape(value)}{_REGION}", said):
        one, two = placed.groups()
        for region in (f"{one} {two}" if two else "", one):
            region = region if re.fullmatch(r"(?:[A-Z]\.){2,}", region) else region.rstrip(".")  # "D.C."
            if region and places.country_key(region) in places.REGIONS - held:
                return f"{value}, {region}"
    return value


def _only_when(value: str, now: dt.datetime) -> bool:
    """Whether `value` is wholly a date or time phrase ("this weekend", "Christmas"; not "Friday Harbor")."""
    try:
        return date_phrases.whole(value, now) is not None
    except DateError:  # "February 30": a day no calendar has is no place either, but no date to drop for
        return False


def _host(value: str) -> str | None:
    """The site a URL names, as people write it ("python.org" for https://www.python.org/x), or None."""
    if "://" not in value:
        return None
    host = (urlsplit(value.strip()).hostname or "").casefold().removeprefix("www.")
    return host or None


def _url_as_written(value: str, said: str) -> str:
    """The address the user wrote, where the model added to its end ("….json?params" for "….json?")."""
    written = urls_written(said)
    longer = [u for u in written if value != u and value.startswith(u)]
    return value if value in written or not longer else max(longer, key=len)


def _check_date(prop: dict[str, Any], value: str, text: ConversationText, now: dt.datetime,
                required: bool) -> tuple[bool, Any, str | None]:
    fmt, pattern = prop.get("format"), layouts.date_pattern(prop)
    said = layouts.read_date(value, pattern, now)
    if said is None:  # not a date tars reads ("every friday"): the words must be the user's
        return text.has_words(value, every=True), value, None
    if any(said == w for w in text.dates) or text.has_words(value, every=True):
        day = said  # the user's date ("today" in "90 days from today")
    elif len(text.dates) == 1:  # the model got the one date of the message wrong: use the user's
        day = text.dates[0]
    else:  # a date written in a way tars does not read ("06/01/2023") still counts when its parts are the user's
        return text.has_words(value, every=not required), value, None
    # an argument free to take words (no format or layout) gets a week or a month as the user said it
    if not fmt and not pattern and (span := span_said(day, text)):
        return True, span, None
    return True, layouts.write_date(day, fmt, pattern), value


def _echo(value: Any, name: str, args: dict[str, Any], base: set[str], text: ConversationText) -> bool:
    """An optional text that only repeats the request, or part of a required argument ("project":
    "rent" beside "content": "pay rent"): a small model's filler, not something the user gave."""
    if not isinstance(value, str) or not (said := norm(value)):
        return False
    if said == text.request:
        return True
    named, value_ = re.escape(norm(name)), re.escape(said)
    if re.search(rf"\b{named}\W+{value_}\b|\b{value_}\W+{named}\b", text.norm):
        return False  # named as what it is: "my Finance project", "project: Finance"
    return any(isinstance(v, str) and f" {said} " in f" {norm(v)} " for k, v in args.items()
               if k != name and k in base)


def _written_free(text: ConversationText, taken: Collection[str], choice: str) -> bool:
    """Whether the conversation writes `choice` out and no other argument holds it."""
    return text.names(choice) and choice not in taken


def _apart_from_names(name: str, value: Any, args: dict[str, Any], messages: Sequence[Message],
                      text: ConversationText, now: dt.datetime) -> ConversationText:
    """The conversation without the names the other arguments hold, for a list of choices: the
    "History" of "Natural History Museum" is no wish for the museum's history."""
    names = [v for k, v in args.items() if k != name and isinstance(v, str) and len(v.split()) >= 2
             and all(w[:1].isupper() for w in v.split()) and v in text.said]
    if not isinstance(value, list) or not names:
        return text
    pattern = re.compile("|".join(re.escape(n) for n in names))
    return ConversationText([Message(role=m.role, content=pattern.sub(" ", m.content)) if m.role == "user" else m
                             for m in messages], now)


def required_sets(schema: dict[str, Any]) -> tuple[set[str], list[list[str]]]:
    """The always-required names, and alternatives of which one must be given (anyOf/oneOf)."""
    base = set(schema.get("required") or ())
    alternatives = [list(b.get("required") or ()) for key in ("anyOf", "oneOf")
                    for b in schema.get(key) or () if isinstance(b, dict) and b.get("required")]
    return base, alternatives


def ground(schema: dict[str, Any], args: dict[str, Any], messages: Sequence[Message],
           grounds: Grounds | None = None, stated: Collection[str] = ()) -> Grounded:
    """Check `args` against the conversation: resolve dates, drop invented optional values, and
    name the required ones the conversation does not give (with the question to ask). A `stated`
    argument is what the user said, so every word of it must be in the conversation."""
    grounds = grounds or Grounds()
    now = grounds.moment(messages)
    props = properties_of(schema)
    base, alternatives = required_sets(schema)
    text = ConversationText(messages, now)
    out = Grounded(args={})
    name_words = {n: {stem(w) for w in forms.label_words(n)} for n in props}  # a switch's name beside the others'
    for name, value in args.items():
        prop = prop_of(props, name)
        value = _own_state(as_listed(forms.as_meant(name, prop, value, text.said), text.last), text)
        value = _place_as_said(name, value, args, text.said)
        if isinstance(value, str) and "enum" not in prop:
            value = written_code(name, prop, text.unpadded(value, forms.label_words(name)), text.said)
        shared = set().union(*(words for other, words in name_words.items() if other != name))
        # a choice written out that another argument holds is not this one's ("100 F in celsius")
        others = {v for k, v in args.items() if k != name and isinstance(v, str)}
        value = named_choice(prop, value, partial(_written_free, text, others))
        chosen = said_choices(prop, value, _apart_from_names(name, value, args, messages, text, now).says_choice,
                              shared)
        if chosen is None and name not in base:  # none of its choices said: the tool's default applies
            out.dropped.append(name)
            continue
        value = value if chosen is None else chosen  # required: the model's choice stands
        ok, value, phrase = _check(name, prop, value, text, now, name in base, shared)
        if (not ok or _unsaid_number(value, text) or _doubled(name, value, args, text)) \
                and (named := named_value(name, prop, text.last, props)) is not None:
            ok, value = True, named  # the message gives it by name: "a maximum cost of $50"
        if ok and name not in base and "enum" not in prop and _echo(value, name, args, base, text):
            ok = False
        if ok and name in stated and isinstance(value, str) and not text.has_words(value, every=True):
            ok = False  # "Sam is my name, and I am always keeping in mind …": more than the user said
        if ok:  # the user's value, in the form the argument asks for
            out.given = out.given or _given(prop, value, text)
            out.args[name] = forms.with_state(prop, value)
            if phrase is not None:
                out.resolved[name] = phrase
        else:
            out.dropped.append(name)
    out.given = add_said_choices(out.args, out.dropped, props, base, text) or out.given
    take_said_defaults(out.args, out.dropped, props, base, text)
    add_said_kind(out.args, out.dropped, props, base, text)
    chosen = [n for n in out.args if _offers_choices(prop_of(props, n))]
    for name, value in list(out.args.items()):  # said once: not also with a neighbour's season, range or choice
        if name not in out.resolved and name not in chosen:
            out.args[name] = forms.unrepeated(name, value, out.args, chosen)
    # "from Paris", "to Berlin"; "latitude 35.22": not the other way round
    out.args = unswapped(in_order(out.args, text.said), props, text.last)
    one_date_one_arg(out.args, out.resolved, out.dropped, props, base, text, now)
    dates_in_order(out.args, out.resolved, props, text, now)
    strip_dates(out.args, out.resolved, props, text, now)
    strip_named(out.args, out.resolved)
    needed = [n for n in schema.get("required") or () if n not in out.args]  # in the schema's order
    if alternatives and not any(all(n in out.args for n in alt) for alt in alternatives):
        needed += [n for n in min(alternatives, key=lambda alt: sum(n not in out.args for n in alt))
                   if n not in out.args]
    for name in dict.fromkeys(needed):
        prop = prop_of(props, name)
        if is_place_arg(name, prop) and (place := grounds.default_place()):
            out.args[name], out.given = place, True
            if name in out.dropped:
                out.dropped.remove(name)
        else:
            out.missing.append(name)
    if out.missing:
        out.question = question_for(out.missing, props)
    out.given = out.given or not out.args
    return out


# the words a description opens with that are no name: "The country", "A list of", "Name of"
_OPENERS = frozenset("""the a an this that these those which what whether how when where who your its their one some
any each every all name number amount list type kind date time value text id identifier title""".split())


def _mid_sentence(phrase: str) -> str:
    """A description's opening as it reads after "Could you tell me": "The country" becomes "the
    country"; a name ("Python version", "GitHub repository") keeps its capital."""
    first, _, rest = phrase.partition(" ")
    if first.lower() not in _OPENERS or not first[:1].isupper() or (len(first) > 1 and first.isupper()) \
            or rest[:1].isupper():  # "Time Machine volume": a name
        return phrase
    return first.lower() + (" " + rest if rest else "")


def question_for(missing: list[str], props: dict[str, Any]) -> str:
    wanted = []
    for name in missing:
        prop = prop_of(props, name)
        if is_place_arg(name, prop):
            wanted.append("which place you mean")
        elif is_date_arg(name, prop):
            wanted.append("when")
        elif name.lower() in ("url", "uri", "link", "href", "page_url") or prop.get("format") in ("uri", "url"):
            wanted.append("the address of the page you mean")
        elif desc := re.split(r"[,;(.:]", " ".join(str(prop.get("description") or "").split()))[0].strip():
            wanted.append(_mid_sentence(desc[:60]))  # its first clause: "the whole fact the user stated"
        else:
            wanted.append(f"what to use for {name}")
    return "Could you tell me " + " and ".join(wanted) + "?"
