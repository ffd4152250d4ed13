"""Families learned from tools the router was not written for (MCP servers, plug-ins).

A tool's name words and the content words of its description become the family's vocabulary
("get_current_time", "Convert time between timezones" -> time, timezone, convert). A message that
uses that vocabulary, grounded in the user's here-and-now, escalates. A few well-known kinds of
server (time, calendar) also bring hand-written cues (`cues.servers`), found through their vocabulary.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

from tars.routing.cues.servers import SERVER_KINDS
from tars.routing.family import Cue, Family, Topic, cues

__all__ = ["VERBS", "NAME_NOUNS", "WORD", "stem", "stems", "same_root", "words", "name_words", "learn_family",
           "coverage", "initials", "CODE_DOMAIN", "said_in"]

WORD = re.compile(r"[a-z][a-z0-9']+")  # a word of lower-cased text
# getHTTPResponse: get HTTP Response; one lower-case letter before capitals is part of the word (fMRI, iPhone)
_CAMEL = re.compile(r"(?<=[A-Za-z0-9][a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")

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
VERBS = frozenset("""
read write create delete remove list search find get set update add move copy edit open close run send fetch
convert make check show start stop save load post put insert query lookup look describe fill click navigate
take select execute call invoke generate apply merge push pull sync upload download share publish
calculate calc compute estimate determine predict identify analyze analyse retrieve obtain perform
play translate sort classify extract
""".split())
_SENTENCE_END = re.compile(r"(?<=[a-z0-9)])[.!?](?:\s|$)|\n")

# Words users write for what descriptions call otherwise.
_SYNONYMS = {"repo": "repository", "repos": "repository", "folder": "directory", "folders": "directory",
             "dir": "directory", "pr": "pull", "prs": "pull", "mail": "email", "e-mail": "email",
             "cmd": "command", "msg": "message", "msgs": "message", "img": "image", "pwd": "password",
             "qty": "quantity", "max": "maximum", "min": "minimum", "avg": "average", "num": "number",
             "mean": "average", "film": "movie", "films": "movie", "matrices": "matrix", "indices": "index",
             "vertices": "vertex"}
# Short forms that tool names use and messages do not ("mat_mul"); a message's "mat" is a mat.
_NAME_SHORT = {"mat": "matrix", "mul": "multiply", "mult": "multiply", "div": "divide", "freq": "frequency",
               "vol": "volume"}
# Nouns whose plural ends in "ies" but whose singular ends in "ie" (most are "y": cities, queries).
_IE_NOUNS = frozenset("movie cookie calorie zombie rookie selfie hippie prairie smoothie brownie freebie".split())
# Nouns ending in "s" whose plural adds "es" (most "-ses" plurals are of "-se" words: cases, bases).
_S_NOUNS = frozenset("bus gas status virus bonus campus census focus alias atlas canvas lens chorus corpus".split())
_IS_PLURALS = frozenset("diagnoses prognoses crises oases".split())
# Vocabulary that makes a family about code, so coding words in a message are its topic, not a distractor.
CODE_DOMAIN = frozenset({"github", "gitlab", "git", "repository", "commit", "branch", "pull", "sql", "database",
                         "docker", "kubernetes", "container", "jira", "sentry", "pipeline", "deploy"})


def stem(word: str) -> str:
    """A light plural/possessive stripper, enough to match "timezones" with "timezone"."""
    word = word.removesuffix("'s").strip("'")
    if word in _SYNONYMS:
        return _SYNONYMS[word]
    if len(word) > 4 and word.endswith("ies"):
        return word[:-1] if word[:-1] in _IE_NOUNS else word[:-3] + "y"
    if word.endswith(("yses", "theses")) or word in _IS_PLURALS:  # analyses, hypotheses: -is nouns
        return word[:-2] + "is"
    if len(word) > 4 and word.endswith("es") and (word.endswith(("sses", "xes", "zzes", "tzes", "ches", "shes"))
                                                  or word[:-2] in _S_NOUNS):
        return word[:-2]  # not cases or sizes, whose singular ends in "e"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) and word not in _S_NOUNS:
        return word[:-1]
    return word


def stems(text: str) -> frozenset[str]:
    """The stems of every word of a text, stop words too ("what", "my" say how a message asks)."""
    return frozenset(stem(w) for w in WORD.findall(text.lower()))


def words(text: str) -> list[str]:
    """Content-word stems of a text."""
    return [stem(w) for w in WORD.findall(text.lower()) if w not in _STOP and len(w) > 2]


# Combining forms that open compound words in tool names ("geodistance", "biodiversity"); a plain word's
# ending is no such compound ("transaction" is no action, "unsubscribe" no subscribe).
_COMBINING = ("geo", "bio", "micro", "macro", "photo", "hydro", "thermo", "electro", "astro", "eco", "auto",
              "tele", "multi", "neuro", "aero", "cyber", "nano")

# Name words that say nothing of a tool's subject ("get_details", "weather_api") ...
_VAGUE = frozenset("detail detailed info information data api db lib util utils service helper manager controller "
                   "handler runner executor processor client".split())
# ... and words that narrow it without naming it ("find_best", "latest", "by_criteria", the "geo" of geo_distance).
QUALIFIERS = _VAGUE | frozenset("latest nearby current recent specific general all criteria brief summary overview "
                                "basic full quick advanced best top future past single".split()) | frozenset(_COMBINING)
# Name phrases that qualify like one word: the "time" of get_all_time_goals is no subject.
_QUALIFYING = re.compile(r"(?i)(?:all|real)[_\- ]?time")


_DOING = ("or", "ors", "ion", "ions")  # the endings of a verb's doer or doing


def is_verb(word: str) -> bool:
    """A verb, or a noun of its doer or its doing: "calculator", "calculation", "conversion"
    (not "computer" or "performance": those name things)."""
    return word in VERBS or (word.endswith(_DOING) and any(same_root(word, verb) for verb in VERBS))


# Fields of study that open tool names as a namespace would ("math_lcm", "physics_calc_velocity"): the rest says
# what the tool does, and a message about it need not name the field.
_SUBJECT_AREAS = frozenset("math maths mathematics stat stats statistic statistics physics chemistry chem biology "
                          "geometry algebra calculus finance financial economics econ".split())


# Nouns that say nothing in a description ("returns the data") but name a tool's subject in its name
# (`function_lookup`, `get_population_data`).
NAME_NOUNS = frozenset("function functions data value values type types text content information info user users"
                       .split())


def name_words(name: str) -> list[str]:
    """Words of a tool name, without its server prefix: "time__get_current_time" -> ["time"]."""
    base = name.split("__", 1)[-1].split(".", 1)[-1]
    return [_NAME_SHORT.get(w) or stem(w)
            for w in WORD.findall(" ".join(re.split(r"[_\-.\s]+", _CAMEL.sub(" ", base))).lower())
            if len(w) > 2 and (w not in _STOP or w in NAME_NOUNS)]


def learn_family(name: str, tools: Iterable[tuple[str, str]]) -> Family:
    """A family from (tool name, description) pairs.

    Name words weigh 2 and the words of a description's first sentence 1 (the rest of a
    description is mostly usage notes); verbs weigh 0.5 wherever they come from."""
    # each tool's name words and the words of its description's first sentence, read once
    read = [(tool_name, name_words(_QUALIFYING.sub("", _VERSIONED.sub("", tool_name))),
             words(_SENTENCE_END.split(description, 1)[0]))
            for tool_name, description in tools]
    keywords: dict[str, float] = {}
    for _, named, first in read:
        for word in first:
            keywords.setdefault(word, 1.0)
        for word in named:  # a qualifier ("best", "latest") says no more than a description's word
            keywords[word] = 1.0 if word in QUALIFIERS else 2.0
    for word in words(name.replace("_", " ").replace("-", " ")):  # the server's own name: "github"
        keywords[word] = 2.0
    # what each tool is about: a kind of server is one whose tool is wholly about its subject
    # ("get_current_time"), not one that mentions it ("light_travel_time") or one a namespace puts
    # elsewhere ("kinematics.calculate_time")
    subjects = [frozenset(w for w in (*named, *_namespace(tool_name)) if w not in VERBS and w not in NAME_NOUNS)
                for tool_name, named, _ in read]
    keywords = {w: (0.5 if w in VERBS else weight) for w, weight in keywords.items()}
    hand_written: list[Cue] = []
    negatives: list[Cue] = []
    vocab = set(keywords)
    for kind in SERVER_KINDS:
        if any(subject and subject <= kind.trigger for subject in subjects):
            hand_written += cues(*kind.cues)
            negatives += cues(*kind.negatives)
    if hand_written:  # hand-written cues know the phrasing; bare words only add up
        keywords = {word: min(weight, 1.0) for word, weight in keywords.items()}
    topics: dict[str, Topic] = {}
    for tool_name, named, first in () if hand_written else read:  # hand-written cues know better
        # a namespace ("math" of math.factorial) backs the name like its description does, and is
        # the topic when the rest is a bare verb (entropy_change.calculate)
        space = _namespace(tool_name)
        verbs = frozenset(w for w in named if is_verb(w))
        own = [w for w in named if w not in verbs]
        if len(own) > 1 and own[0] in _SUBJECT_AREAS:  # "math_factorial" is math.factorial spelled with "_"
            space, own = space | {own[0]}, own[1:]
        # a qualifier ("get_details", "find_nearby") leaves the subject to the namespace: sculpture.get_details;
        # a name of qualifiers alone is about them ("basic_info", "summary.generate")
        subject = [w for w in (*own, *space) if not is_verb(w)]
        # a name that is a bare verb ("translate", "sort_list") is about doing it: its verb is its
        # topic, said only by a message that opens with it ("Translate 'hello' into French")
        topic = (frozenset(w for w in own if w not in QUALIFIERS)
                 or frozenset(w for w in subject if w not in QUALIFIERS)
                 or frozenset(w for w in subject if w not in _VAGUE) or frozenset(own) or verbs)
        if topic:
            gist = frozenset(first) | space
            topics[tool_name] = Topic(topic, gist - VERBS - topic, verbs)
    return Family(name, cues=tuple(hand_written), negatives=tuple(negatives), keywords=keywords, learned=True,
                  code_domain=bool(vocab & CODE_DOMAIN), topics=topics)


# A service and version that open a name as a namespace would: "Movies_3_" of Movies_3_FindMovies.
_VERSIONED = re.compile(r"^([A-Za-z]+)_\d+_(?=[A-Za-z])")


def _namespace(tool_name: str) -> frozenset[str]:
    """The content words of a name's namespace: "legal_case" of legal_case.fetch, "movies" of Movies_3_FindMovies."""
    if "." in tool_name:  # "ProductCategoryController" is three words, as in the name's own part
        return frozenset(words(" ".join(re.split(r"[_\-.]+", _CAMEL.sub(" ", tool_name.rsplit(".", 1)[0])))))
    versioned = _VERSIONED.match(tool_name)
    return frozenset(words(versioned.group(1))) if versioned else frozenset()


def coverage(family: Family, stems: frozenset[str], lead: str = "",
             instances: frozenset[str] = frozenset()) -> tuple[float, str, bool]:
    """How squarely a message names what one of the family's tools is about: the content words of
    the tool's name are in it ("area of a triangle" for `calculate_triangle_area`), all of them, or
    all but one with its description's words, or the tool's own verb opening the message (`lead`:
    "Calculate the probability…" for `calculate_binomial_probability`), to back the rest, or all but
    one of three or more ("humidity and temperature" for `humidity_temperature_forecast`).
    A word named only by what the message's words are `instances` of ("house" for property) needs
    its description's words to back it, or it is only partly said.
    Returns (cue weight, the tool's name or, when it was only partly said, the message's words that
    said it, whether it was only partly said: then a model should decide), or (0, "", False)."""
    best, said, partly = 0.0, "", False
    direct = stems - instances  # what the message's own words say
    for name, (topic, gist, verbs) in family.topics.items():
        named = [word for word in topic if said_in(word, stems)]
        backing = min(sum(said_in(word, stems) for word in gist), 2)
        missing = len(topic) - len(named)
        if not named or missing > 1:
            continue
        part = bool(missing) and backing < 2
        kind_only = not backing and any(not said_in(word, direct) for word in named)
        by_verb = bool(lead) and any(said_in(verb, frozenset({lead})) for verb in verbs)
        if (part and len(named) < 2 and not by_verb) or (topic <= verbs and not by_verb):
            continue
        weight = min(2.5 + 0.5 * (len(named) - 1) + 0.5 * (2 if part else backing) - 1.0 * missing, 4.5)
        if weight > best:
            best, partly = weight, part or kind_only
            said = (lead if by_verb else " ".join(sorted(named))) if partly else name
    return best, said, partly


# Words that join a clause, never a name's words: "grace is the" abbreviates nothing ("point of sale" does).
_CLAUSE = frozenset("is are was were be the an it this that you my your me we our".split())


def initials(text: str) -> frozenset[str]:
    """The initials of each run of two to four words ("greatest common divisor" -> gcd), for names
    that abbreviate what a message spells out."""
    said = WORD.findall(text.lower())
    first = [w[0] for w in said]
    return frozenset("".join(first[i:i + n]) for n in (2, 3, 4) for i in range(len(first) - n + 1)
                     if not _CLAUSE.intersection(said[i:i + n]))


def said_in(word: str, stems: frozenset[str]) -> bool:
    """`word` or a longer or shorter form of it ("predict" for prediction, "genetically" for genetic),
    or a name's four-letter short form of a long word ("prob" for probability, "calc" for calculate);
    usual three-letter ones ("cmd", "msg") are spelled out by `stem`."""
    if word in stems:
        return True
    if any(word.startswith(form) and word[len(form):] in stems for form in _COMBINING if len(word) >= len(form) + 5):
        return True  # a compound name word: "geodistance" for distance
    if len(word) == 4:
        return any(len(s) >= 7 and s.startswith(word) for s in stems)
    return len(word) >= 5 and any(len(s) >= 5 and (s.startswith(word) or word.startswith(s) or same_root(word, s))
                                  for s in stems)


# Endings that make another word of the same root: discover-ed/-er/-y, invent-ion/-or, histor-y/-ic.
_ENDINGS = frozenset("e ed er ers es ing ion ions ation ication or ors y ies ic ics ical al ous ious ist ists ive "
                     "ment ments ance ence ity ry ery ian ians".split()) | {""}

_SHIFTS = ({"t", "sion"}, {"de", "sion"}, {"t", "ssion"})  # convert/conversion, decide/decision
_STRONG = frozenset("ed er ers ing ion ions ious ation or ors ment".split())


def same_root(a: str, b: str) -> bool:
    """Whether two words are forms of one root ("discovered", "discoverer"): a root of six letters or
    more, or of five with endings that make verbs and their nouns (relig-ion, relig-ious); five-letter
    roots with weaker endings pair unrelated words (speci-al, speci-es; sever-al, sever-ity)."""
    if a[:5] != b[:5]:
        return False
    common = len(os.path.commonprefix([a, b]))
    for cut in range(common, 4, -1):
        x, y = a[cut:], b[cut:]
        if {x, y} in _SHIFTS or (x in _ENDINGS and y in _ENDINGS and (cut >= 6 or {x, y} <= _STRONG)):
            return True
    return False
