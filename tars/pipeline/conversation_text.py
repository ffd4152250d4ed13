"""What a conversation says, as words, numbers, resolved dates and switches: what grounding checks
an argument against (`tars.pipeline.grounding`).

An argument is the user's when its words are in the conversation (stemmed, so "reminding" is
"remind"), its number is one the user wrote or implied ("5%" is 0.05 too, "11 PM" the hour 23),
its date is one of the dates the words resolve to, or its site is one the conversation names.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Collection, Sequence

from tars import currencies, places
from tars.messages import Message, latest_user_text
from tars.pipeline import value_forms as forms
from tars.pipeline.codes import language_of
from tars.routing import learned
from tars.tools import date_phrases, when

__all__ = ["ConversationText", "content_stems", "norm"]

_WORD = re.compile(r"[^\W_]+")
_GROUPED = re.compile(r"(?<![\d.,])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!,?\d)")  # thousands written with commas
# words that say what to do rather than what with: "remind me", "add a task" give no task text
_NOT_CONTENT = frozenset("""a an the to of for in on at by and or with my me i you your it this that please
is are was be do does myself remind reminder reminders task tasks todo add create make new set note notes
remember save store write something thing stuff item latest message earlier conversation""".split())

# the verbs of a boolean's name ("include_dividends", "is_public"), not what it switches
_SWITCH_VERBS = frozenset("is has include includes use enable enabled allow show get return with only consider "
                          "considering account".split())
# verbs that a negation turns into a yes: "don't forget the precipitation", "never fail to include"
_UNDONE = frozenset("forget forgetting fail miss omit hesitate".split())
# words a negation reaches across: "don't" reads as "don" "t"; "not … the precipitation"
_FILLER = frozenset({"t", "the", "a", "an"})
# words that turn a named switch off
_NEGATORS = frozenset("""without no not exclude excluding ignore ignoring skip never nor don doesn didn dont disable
few seldom rarely hardly""".split())
# "a few" is some, not few: read as a word no negator is
_SOME = re.compile(r"(?i)\ba\s+few\b")


def _stem(word: str) -> str:
    return word[:5] if len(word) > 5 else word.rstrip("s")


# ("reminding" says no more than "remind"); the prompt's own labels ("Latest user message") too, all but
# "user", which names a thing as often as the person ("the user table")
_NOT_CONTENT_STEMS = frozenset(_stem(w) for w in _NOT_CONTENT)


def norm(text: str) -> str:
    return " ".join(_WORD.findall(text.casefold()))


def content_stems(text: str) -> set[str]:
    """The stems of what `text` is about, without the words that ask or point ("my", "remember")."""
    return {stem for word in norm(text).split() if len(word) > 1 and (stem := _stem(word)) not in _NOT_CONTENT_STEMS}


def _conversation(messages: Sequence[Message]) -> str:
    parts = [m.content for m in messages if m.content]
    parts += [str(v) for m in messages for c in m.tool_calls for v in c.arguments.values()]
    return "\n".join(parts)


def _user_text(messages: Sequence[Message]) -> str:
    return "\n".join(m.content for m in messages if m.role == "user" and m.content)


class ConversationText:
    """The conversation as words, numbers and resolved dates, for membership tests."""

    def __init__(self, messages: Sequence[Message], now: dt.datetime) -> None:
        text = _conversation(messages)
        self.folded = text.casefold().replace("www.", "")
        self.norm = f" {norm(text)} "
        words = self.norm.split()
        self.stems = {_stem(w) for w in words}
        self.forms = frozenset(learned.stem(w) for w in words)  # its words without plural endings
        self.numbers = {float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", text)}
        self.numbers |= {float(n.replace(",", "")) for n in _GROUPED.findall(text)}  # "$200,000" is 200000
        self.numbers |= {float(n) for w, n in when.NUMBER_WORDS.items()
                         if len(w) > 2 and " " not in w and f" {w} " in self.norm}
        said = _user_text(messages)
        self.numbers |= {round(p / 100, 12) for p in forms.percents(said, rate=True)}  # "5%" grounds the rate 0.05 too
        self.numbers |= forms.scaled(said)  # "$1.2M" grounds 1200000
        # "112.07 W" is -112.07, "11 PM" the hour 23, "5ft 10in" 70 inches
        self.numbers |= {-n for n in forms.southwest(said)} | set(forms.clock_hours(said).values()) | \
            set(forms.feet_and_inches(said).values())
        self.said = said
        self.found = date_phrases.find(said, now)
        self.dates = [w for _, w in self.found]
        # a count of days the words imply ("tomorrow" = 1, "two weeks" = 14, "the next month" = 30), for
        # day-count arguments
        spans = set(forms.periods(self.norm).values())
        self.days = {float(abs((w.date - now.date()).days)) for w in self.dates} | spans
        last = latest_user_text(messages)
        self.last = last
        self.request = norm(last)
        self.codes = set(currencies.codes_named(said))  # "British pounds" gives the code GBP
        self.countries = places.country_forms(said)  # "the U.S." gives "USA" and "United States" too
        self.states = places.states_named(said)  # "San Francisco" gives its state, "CA" or "California"

    def gives_state(self, code: str) -> bool:
        """Whether the conversation places something in the US state `code` ("ca"): by its code, its
        name, or a large city of it."""
        return code in self.states or re.search(rf"\b{code.upper()}\b", self.said) is not None \
            or f" {places.US_STATES.get(code, code)} " in self.norm

    def names_site(self, host: str) -> bool:
        """Whether the conversation names the site `host` as a whole ("example.com", not "ample.com",
        "t.co" in "reddit.com" or "org" in "python.org")."""
        return re.search(rf"(?<![\w.-]){re.escape(host)}(?![\w-]|\.\w)", self.folded) is not None

    def says_token(self, value: str) -> bool:
        """A short symbol the user wrote as it is: the card "A", the chord 'vi', the grade "B+"."""
        token = value.strip()
        if not token or len(token) > 4 or " " in token:
            return False
        written = rf"(?<![\w'\"]){re.escape(token)}(?![\w'\"])"
        quoted = rf"(['\"]){re.escape(token)}\1"
        symbol = any(c.isupper() or c.isdigit() or not c.isalnum() for c in token)
        if token in ("A", "I"):  # also words: a sentence that opens with one does not write the symbol
            written = rf"(?<=\w\s){token}(?![\w'\"])"
        return bool(re.search(quoted, self.said) or (symbol and re.search(written, self.said)))

    def abbreviates(self, value: str) -> bool:
        """Whether `value` is a code for a name the user wrote: its letters in that name and its first
        letter opening it ("MSFT" for Microsoft, "AAPL" for Apple), or the initials of the name's words
        ("IBM" for International Business Machines)."""
        code = value.strip()
        if not (2 <= len(code) <= 5 and code.isalpha() and code.isupper()):
            return False
        letters = set(code.lower())
        for run in re.findall(r"[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*", self.said):
            names = run.split()
            if "".join(n[0] for n in names) == code:
                return True
            if any(n[0] == code[0] and letters <= set(n.lower()) for n in names):
                return True
        return False

    def switch(self, name: str, value: bool, shared: Collection[str] = ()) -> bool | None:
        """What the user sets a boolean argument to: on where they name what it switches ("with
        details", "including the precipitation"), off where a clause names it negated within three
        words ("without air resistance", "do not show me the precipitation"; "don't forget" is no
        negation), None where they do not name it; `value` where the name says nothing to look for.
        A word `shared` with the other arguments' names is what the tool is about, no name of the
        switch: "how much tax" names neither `tax_exempt` nor `apply_special_tax`."""
        words = [w for w in forms.label_words(name) if w not in _SWITCH_VERBS]
        if not words:
            return value
        # its words in any form: "stats" is said by "statistics", "details" by "detailed"
        named = [learned.stem(w) for w in words if _stem(w) not in _NOT_CONTENT_STEMS]
        named = [n for n in named if n not in shared] or named
        for clause in re.split(r"[.!?;:,\n]+", self.said):  # "no rush, include the precipitation" is on
            said = [w for w in norm(_SOME.sub("some", clause)).split() if w not in _FILLER]
            for i, word in enumerate(said):
                if any(learned.said_in(n, frozenset({learned.stem(word)})) for n in named):
                    return not _negates(said[max(0, i - 3):i])
        return None

    def names(self, choice: str) -> bool:
        """Whether the conversation writes `choice` whole, short and common words too: of a closed
        set of choices, "like new" names the condition "New"."""
        written = norm(choice)
        return bool(written) and f" {written} " in self.norm

    def says_choice(self, choice: str) -> bool:
        """Whether the conversation says one of a closed set of choices: every word of it, the whole
        of it however short ("like new"), or its first letters ("carbs"); a choice of one or two
        characters only as the symbol it is (the base "A", not the "a" of "a DNA sequence"); a
        language's code by the language's name ("in Spanish" says "es-ES")."""
        if (language := language_of(choice)) is not None and f" {language} " in self.norm:
            return True
        if len(choice.strip()) <= 2:
            return self.says_token(choice)
        return self.has_words(choice, every=True) or self.names(choice) or self.shortens(choice)

    def shortens(self, choice: str) -> bool:
        """Whether the conversation writes a one-word `choice` by its first letters ("carbs" for
        "Carbohydrates", "info" for "Information"): a word of four letters or more that opens it."""
        word = norm(choice)
        return len(word) >= 8 and " " not in word and any(
            4 <= len(short) <= len(word) - 3 and word.startswith(short)
            for short in {w.removesuffix("s") for w in self.norm.split()})

    def unpadded(self, value: str, label: list[str]) -> str:
        """`value` without the words of its argument's name (`label`) at its edges that the conversation
        does not say, or says as the common noun after a name: "Neutron discovery" for `discovery` is
        the neutron the user asked about, "Los Angeles court" for `court_location` is Los Angeles."""
        words = value.split()
        named = {_stem(w) for w in label}

        def padding(word: str) -> bool:  # the name's word, in a form the user did not write ("rooms" is "room")
            return _stem(norm(word)) in named and learned.stem(norm(word)) not in self.forms

        def common(head: list[str], word: str) -> bool:  # "the Los Angeles court" for `court_location`
            return _stem(norm(word)) in named and all(w[:1].isupper() for w in head) and re.search(
                r"\b" + r"\s+".join(map(re.escape, head)) + rf"\s+{re.escape(word.lower())}\b", self.said) is not None

        while len(words) > 1 and (padding(words[-1]) or common(words[:-1], words[-1])):
            words.pop()
        while len(words) > 1 and padding(words[0]):
            words.pop(0)
        return " ".join(words) if len(words) < len(value.split()) else value

    def has_words(self, value: str, *, every: bool) -> bool:
        words = [w for w in norm(value).split() if _stem(w) not in _NOT_CONTENT_STEMS]
        if not words:
            return False  # "remind me", "task": nothing the user asked for
        if f" {' '.join(words)} " in self.norm:
            return True
        present = [_stem(w) in self.stems for w in words]
        return all(present) if every else any(present)


def _negates(words: list[str]) -> bool:
    """Whether a negator among `words` turns what follows off: "don't include", but not "don't
    forget" or "never fail to" (a verb right after the negator that undoes it)."""
    for j, word in enumerate(words):
        if word in _NEGATORS and not (j + 1 < len(words) and words[j + 1] in _UNDONE):
            return True
    return False
