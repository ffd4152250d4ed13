"""Families learned from tools the router was not written for (MCP servers, plug-ins).

A tool's name words and the content words of its description become the family's vocabulary
("get_current_time", "Convert time between timezones" -> time, timezone, convert). A message that
uses that vocabulary, grounded in the user's here-and-now, escalates. A few well-known kinds of
server (time, calendar) also bring hand-written cues, found through their vocabulary, not their names.
"""

from __future__ import annotations

import re
from typing import Iterable

from tars.routing.family import Cue, Family

__all__ = ["stem", "words", "name_words", "learn_family", "LEXICON", "CODE_DOMAIN"]

_WORD = re.compile(r"[a-z][a-z0-9']+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")

# Words that say nothing about what a tool is for.
_STOP = frozenset("""
a about above after again against all also an and any are as at be because been before being below between
both but by can could did do does doing down during each either else etc e.g eg for from further get gets
getting given gives had has have having he her here hers him his how i if in into is it its itself just
let lets like may me might more most must my no nor not now of off on once one only or other our out over
own per same she should so some such than that the their them then there these they this those through to
too under until up upon use used uses using very via was we were what when where which while who whom why
will with within without would you your yours
tool tools server servers mcp api apis function call calls return returns returned result results response
request requests value values data info information object objects field fields param params parameter
parameters argument arguments input inputs output outputs optional required default defaults specific
specified given provide provided provides based current currently available new list lists set sets create
creates update updates delete deletes name names id ids type types string number integer boolean format
formatted json text content contents item items entry entries user users query run runs make makes
support supports allow allows e g i.e ie example examples thing things way ways one two three first
""".split())

# Verbs say what a tool does, not what it is about: alone they are weak evidence ("I read a book").
_VERBS = frozenset("""
read write create delete remove list search find get set update add move copy edit open close run send fetch
convert make check show start stop save load post put insert query lookup look describe fill click navigate
take select execute call invoke generate apply merge push pull sync upload download share publish
""".split())
_SENTENCE_END = re.compile(r"(?<=[a-z0-9)])[.!?](?:\s|$)|\n")

# Hand-written cues for well-known kinds of server, keyed by the vocabulary that reveals them.
_TIME = (
    (3, r"\bwhat (?:time|hour)(?: is|'s) it\b|\bwhat'?s the hour\b|\bwhat'?s the (?:current |local )?time\b|"
        r"\bwhat is the (?:current |local )?time\b"),
    (3, r"\b(?:current|local|exact) time\b|\btime (?:difference|zones?)\b|\btimezones?\b|\bo'?clock\b"),
    (3, r"^(?:the )?(?:current |local )?time (?:in|at|over in|now in)\b|\btime (?:is it|it is) (?:in|there|now)\b"),
    (3, r"\bis it (?:still |already )?(?:after|before|past) (?:midnight|noon|\d)|"
        r"\bis it (?:still |already )?(?:the )?(?:morning|night|late|early|evening|afternoon|daytime|night-?time|dark|"
        r"middle of the (?:night|day)|bedtime|business hours|working hours|office hours|"
        r"midnight|noon|"
        r"lunchtime)\b.{0,20}\bin\b"),
    (3, r"\b(?:convert|what'?s|what is|when is)\b.{0,30}\b(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)|\d{1,2}:\d\d|noon|"
        r"midnight)\b.{0,30}\b(?:time|in|to)\b"),
    (3, r"\b(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)|\d{1,2}:\d\d)\s+(?:[a-z]+ ){1,2}time\b|\bin (?:[a-z]+ ){1,2}time\b"),
    (3, r"\bwhat(?:'s| is) (?:the |today's )?date(?: today)?\b|\bwhat day is (?:it|today)\b|\btoday'?s date\b|"
        r"\bdaylight sav(?:ing|ings)\b"),
    (2, r"\b(?:how long|how many (?:hours|minutes)) (?:until|till|to) (?:midnight|noon|\d)"),
    (2, r"\b(?:utc|gmt|est|edt|cst|cdt|pst|pdt|cet|cest|bst|jst|ist|aest|iana)\b|\btime (?:in|at|there|now|"
        r"here)\b|\bhours? (?:ahead|behind)\b"),
)
_TIME_NEG = (
    (3, r"\btime (?:complexity|dilation|travel|period|series|signature|management|machine|crystal|frame|limit|"
        r"out)s?\b"),
    (3, r"\bspace-?time\b|\b(?:run|compile|load|up|screen|down|lead|half|life|bed|prime|day|spare|free|over|part|"
        r"full)[- ]?time\b"),
)
_CALENDAR = (
    (3, r"\bmy (?:calendar|schedule|agenda|meetings?|appointments?|events?)\b|\bam i (?:free|busy|available)\b"),
    (3, r"\b(?:book|schedule|set up|arrange|move|cancel|reschedule) (?:a |an |the |my )?(?:meeting|call|"
        r"appointment|event)\b"),
    (2, r"\b(?:meetings?|appointments?|events?|calendar)\b"),
)
LEXICON: tuple[tuple[frozenset[str], tuple, tuple], ...] = (
    (frozenset({"time", "timezone", "clock"}), _TIME, _TIME_NEG),
    (frozenset({"calendar", "event", "meeting", "appointment"}), _CALENDAR, ()),
)


# Words users write for what descriptions call otherwise.
_SYNONYMS = {"repo": "repository", "repos": "repository", "folder": "directory", "folders": "directory",
             "dir": "directory", "pr": "pull", "prs": "pull", "mail": "email", "e-mail": "email"}
# Vocabulary that makes a family about code, so coding words in a message are its topic, not a distractor.
CODE_DOMAIN = frozenset({"github", "gitlab", "git", "repository", "commit", "branch", "pull", "sql", "database",
                         "docker", "kubernetes", "container", "jira", "sentry", "pipeline", "deploy"})


def stem(word: str) -> str:
    """A light plural/possessive stripper, enough to match "timezones" with "timezone"."""
    word = word.removesuffix("'s").strip("'")
    if word in _SYNONYMS:
        return _SYNONYMS[word]
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith("es") and word[-3] in "sxz" or word.endswith(("ches", "shes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def words(text: str) -> list[str]:
    """Content-word stems of a text."""
    return [stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 2]


def name_words(name: str) -> list[str]:
    """Words of a tool name, without its server prefix: "time__get_current_time" -> ["time"]."""
    base = name.split("__", 1)[-1].split(".", 1)[-1]
    return words(" ".join(re.split(r"[_\-.\s]+", _CAMEL.sub(" ", base))))


def learn_family(name: str, tools: Iterable[tuple[str, str]]) -> Family:
    """A family from (tool name, description) pairs.

    Name words weigh 2 and the words of a description's first sentence 1 (the rest of a
    description is mostly usage notes); verbs weigh 0.5 wherever they come from."""
    keywords: dict[str, float] = {}
    for tool_name, description in tools:
        for word in words(_SENTENCE_END.split(description, 1)[0]):
            keywords.setdefault(word, 1.0)
        for word in name_words(tool_name):
            keywords[word] = 2.0
    for word in words(name.replace("_", " ").replace("-", " ")):  # the server's own name: "github"
        keywords[word] = 2.0
    keywords = {w: (0.5 if w in _VERBS else weight) for w, weight in keywords.items()}
    cues: list[Cue] = []
    negatives: list[Cue] = []
    vocab = set(keywords)
    for trigger, extra, negative in LEXICON:
        if vocab & trigger:
            cues += [Cue(w, re.compile(p)) for w, p in extra]
            negatives += [Cue(w, re.compile(p)) for w, p in negative]
    if cues:  # hand-written cues know the phrasing; bare words only add up
        keywords = {word: min(weight, 1.0) for word, weight in keywords.items()}
    return Family(name, cues=tuple(cues), negatives=tuple(negatives), keywords=keywords, learned=True,
                  code_domain=bool(vocab & CODE_DOMAIN))
