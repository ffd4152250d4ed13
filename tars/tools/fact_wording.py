"""Memory items in the third person: "my cat is called Miso" is kept as "The user's cat is called Miso".

A remembered line is read later with no conversation around it, by a model that is told it is
about the user; "I drink coffee" or "my sister" would then read as the model's own. Only the
first person singular is rewritten ("I", "me", "my", "mine", "myself"), with the verb after "I"
agreeing ("I drink" -> "the user drinks"); everything else is kept as written.
"""

from __future__ import annotations

import re

__all__ = ["also_said", "third_person", "second_person", "is_question", "statement", "replaces", "home_of"]

_WH = r"(?:what|who|whom|whose|which|where|when|why|how)"
_AUX = r"(?:do|does|did|is|are|was|were|can|could|would|will|should|have|has|had)"
_QUESTION = re.compile(
    rf"^\s*(?:{_WH}(?:'s|'re)?\s+(?:my|your)\b"
    rf"|{_WH}(?:\s+\w+){{0,3}}?\s+{_AUX}\s+(?:you|i|my|the|we|it|he|she|they)\b"
    rf"|{_WH}'s\b|(?:do|does|did|can|could|would|will|have|has)\s+(?:you|i)\b"
    r"|(?:is|are|was|were)\s+(?:my|the user'?s?|i|you|there)\b"
    r"|(?:tell me|remind me) (?:what|who|where|when|which|how|about)\b)", re.IGNORECASE)
_TOKEN = re.compile(r"\w+(?:['’]\w+)?|\s+|[^\w\s]")
_CONTRACTIONS = {"i'm": "the user is", "i've": "the user has", "i'll": "the user will", "i'd": "the user would"}
_OBJECT = {"me": "the user", "my": "the user's", "mine": "the user's", "myself": "the user"}
_IRREGULAR = {"am": "is", "have": "has", "do": "does", "go": "goes", "don't": "doesn't", "haven't": "hasn't",
              "was": "was", "wasn't": "wasn't", "were": "was"}
_MODALS = frozenset("""can could will would shall should may might must did didn't can't cannot won't wouldn't
couldn't shouldn't mustn't""".split())
_ADVERBS = frozenset("""also always never often usually still just really only already sometimes now currently
mostly generally normally rarely seldom actually""".split())
# irregular past tenses, which take no "s" after "the user"
_PAST = frozenset("""went had did made bought saw got gave took came knew thought told said ran wrote ate drank met
left lost found felt kept began became brought sold sent spent built paid put cut set let hit won grew flew drove
rode sang swam slept woke wore broke chose forgot spoke stole taught understood""".split())
_PRESENT_EED = frozenset("need feed bleed breed heed speed seed weed proceed exceed succeed".split())


def _is_past(word: str) -> bool:
    """Whether a verb after "I" is in the past ("moved", "went"), which "the user" takes unchanged."""
    return word in _PAST or (word.endswith("ed") and word not in _PRESENT_EED)


def _agree(verb: str) -> str:
    low = verb.lower()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if low in _MODALS or low in _ADVERBS or not low.isalpha() or _is_past(low):
        return verb  # "I moved", "I went": the past is the same for "the user"
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if low.endswith("y") and len(low) > 1 and low[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def third_person(text: str) -> str:
    """`text` with the speaker ("I", "my", ...) made "the user" (capitalised where it opens `text`)."""
    tokens = _TOKEN.findall(text)
    out: list[str] = []
    agree_next = False
    for token in tokens:
        low = token.lower().replace("’", "'")
        if token.isspace() or not (token[0].isalnum() or token[0] == "_"):
            out.append(token)
            if not token.isspace():
                agree_next = False
            continue
        if agree_next:
            out.append(_agree(token))
            # an adverb between "I" and the verb ("I always drink") keeps the verb waiting
            agree_next = low in _ADVERBS
            continue
        if low in _CONTRACTIONS:
            out.append(_CONTRACTIONS[low])
        elif low == "i":
            out.append("the user")
            agree_next = True
        elif low in _OBJECT:
            out.append(_OBJECT[low])
        else:
            out.append(token)
    result = "".join(out)
    if result.startswith("the user") and not text.lstrip().startswith("the user"):
        return "The user" + result[len("the user"):]
    return result


# a verb after "the user", back as "you" says it: "the user drinks" -> "you drink"
_YOU_IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go", "doesn't": "don't", "hasn't": "haven't",
                  "isn't": "aren't", "was": "were", "wasn't": "weren't"}


def _disagree(verb: str) -> str:
    low = verb.lower()
    if low in _YOU_IRREGULAR:
        return _YOU_IRREGULAR[low]
    if low in _MODALS or low in _ADVERBS or not low.isalpha() or not low.endswith("s") or low.endswith("ss"):
        return verb
    if low.endswith("ies") and len(low) > 4:
        return verb[:-3] + "y"
    if low.endswith(("shes", "ches", "xes", "zes", "oes", "sses")):
        return verb[:-2]
    return verb[:-1]


def second_person(text: str) -> str:
    """A remembered line told back to the user: "The user's cat is called Miso" -> "Your cat is
    called Miso", "Anna thinks the user is funny" -> "Anna thinks you are funny" (the reverse of
    `third_person`). "The user" before a word that is no verb ("the user table") is left as it is."""
    def swap(match: re.Match[str]) -> str:
        word = "your" if match["owner"] else "you"
        word = word.capitalize() if match["lead"][0] == "T" else word
        if match["owner"]:
            return word
        adverbs, after = match["adverbs"] or "", match["after"]
        low = (after or "").lower()
        if after is None or low in _YOU_IRREGULAR or low in _MODALS or low in _FOLLOWS_AN_OBJECT or adverbs:
            return f"{word} {adverbs}{_disagree(after)}" if after else word
        if _is_past(low):  # "the user moved": the past is the same for "you"
            return f"{word} {after}"
        if low.endswith("s") and not low.endswith("ss"):  # a verb after its subject; "told the user lots" keeps it
            subject = _CLAUSE_OPENS.search(text[: match.start()]) is not None
            return f"{word} {_disagree(after) if subject else after}"
        return match[0]  # "the user table", "call the user Bob": no "you" in that

    return _THE_USER.sub(swap, text)


# "the user", then (when it is no owner) any adverbs and the word after them
_THE_USER = re.compile(
    r"\b(?P<lead>[Tt]he user)(?:(?P<owner>'s)\b|(?: (?P<adverbs>(?:(?:also|always|never|often|usually|still|"
    r"just|really|only|already|sometimes) )*)(?P<after>[A-Za-z']+)\b))?")
# where a clause may open, so that "the user" right after it is its subject
_CLAUSE_OPENS = re.compile(r"(?:^|\b(?:and|but|so|because|when|that|if|while|since|though|only|thinks?|thought|"
                           r"says?|said|knows?|knew|believes?|believed|feels?|felt|hopes?|hoped|wants?|wanted|"
                           r"reckons?|told me|guess(?:es)?)\s|[,;:.]\s)\s*$")
# words after "the user" when it is an object or stands alone: "told the user about it", "with the user and Ana"
_FOLLOWS_AN_OBJECT = frozenset("about to for from with and or in on at by of as than that who".split())


def is_question(text: str) -> bool:
    """Whether `text` asks something ("what do you remember about my cat?") rather than states it.

    A question is recalled, never stored: "When I travel I take the train" states, "where do I
    live" asks."""
    text = text.strip()
    return text.endswith("?") or bool(_QUESTION.match(text))


# what asks to keep a fact rather than states it: "remember that", ", keep that in mind"
_KEEP_LEAD = re.compile(r"^\s*(?:(?:also|and|oh|btw|by the way)[,\s]+)?(?:please\s+)?"
                        r"(?:(?:do\s+)?remember|don'?t forget|note|keep in mind|bear in mind)"
                        r"(?:\s+that)?\s*[:,]?\s+", re.IGNORECASE)
_KEEP_TAIL = re.compile(r"[\s,;.-]*(?:please\s+)?(?:(?:keep|bear) (?:that|this|it) in mind|remember (?:that|this|it)|"
                        r"don'?t forget(?: (?:that|this|it))?)(?:,?\s*please)?\s*[.!]*\s*$", re.IGNORECASE)


# a sentence ends at . ! or ?, but not after a title or an abbreviation ("Dr. Lee", "5 Elm St. in Leeds")
_NOT_AN_END = "".join(rf"(?<!\b{word}\.)" for word in ("dr", "mr", "mrs", "ms", "st", "jr", "sr", "mt", "vs", "prof",
                                                         "e.g", "i.e"))
_SENTENCES = re.compile(rf"(?<=[.!?]){_NOT_AN_END}\s+", re.IGNORECASE)


def sentences(text: str) -> list[str]:
    """`text` in sentences."""
    return [s for s in _SENTENCES.split(text.strip()) if s.strip()]
_KEEPING = re.compile(r"\b(?:remember|forget|in mind|from now on|always|never)\b", re.IGNORECASE)


def statement(text: str, about: str = "") -> str:
    """The fact a message states, without the words that ask to keep it: "My sister lives in Porto,
    keep that in mind" -> "My sister lives in Porto". Of several sentences, the one `about` is in
    (the model's own words), else the one that asks to keep something."""
    parts = sentences(text)
    if len(parts) > 1:
        text = next((s for s in parts if about and about.lower() in s.lower()), None) \
            or next((s for s in parts if _KEEPING.search(s)), text)
    kept = _KEEP_LEAD.sub("", text.strip()[:2000], count=1).strip()
    head, tail = kept[:-200], kept[-200:]  # the asking words end it: a bounded search, however long
    kept = (head + _KEEP_TAIL.sub("", tail)).strip()
    return kept[:1].upper() + kept[1:] if kept else text.strip()


# "The user's dentist is Dr. Patel": one thing of the user's and its value. Not "is called" (two
# sisters may each be called something), not a place or state ("is in the blue notebook", "is not
# ..."), not a plural ("the user's kids are ...").
_ATTRIBUTE = re.compile(r"^(?P<subject>the user's (?:[\w'’-]+ ){0,3}?[\w-]+) is (?:now |actually |really )?"
                        r"(?!(?:called|named|known|also|"
                        r"not|no longer|in|at|on|under|inside|near|by|behind|with|from|somewhere|one of|among|"
                        r"either|both|now)\b)(?P<value>[^,;]+?)(?:\s+now)?\.?$", re.IGNORECASE)
# things with one value: "favourite colour is blue" is replaced by "green", "birthday is 3 May" by "4 May"
_ONE_VALUE = re.compile(r"\b(?:favou?rite [\w-]+(?: [\w-]+)?|blood type|star sign|shoe size|birthday|date of birth|"
                        r"anniversary|name|middle name|nickname|email|email address|phone number|number|address|"
                        r"postcode|zip code|age|height|weight)$")
# people one may have several of: a second one is one more, not a correction
_SEVERAL = frozenset("""friend neighbour neighbor kid child son daughter sister brother cousin colleague coworker
co-worker client patient student teacher aunt uncle niece nephew grandchild classmate teammate""".split())
# a secret: "hunter2" is replaced by "swordfish", not by "written on the router"
_CODE = re.compile(r"\b(?:password|passcode|pin|code)$")
# someone who has a title: "Dr. Lee" is replaced by "Dr. Patel" (not by "Korean" or "great")
_TITLED = re.compile(r"^(?i:dr|mr|mrs|ms|miss|prof|professor)\b\.?\s+[A-Z]")


# words British and American English spell apart: a fact kept one way is found asked the other
_SPELLED = {"favourite": "favorite", "colour": "color", "flavour": "flavor", "grey": "gray", "centre": "center",
            "theatre": "theater", "metre": "meter", "litre": "liter", "neighbour": "neighbor", "mum": "mom",
            "programme": "program", "jewellery": "jewelry", "pyjamas": "pajamas", "aluminium": "aluminum"}
_SPELLED_AS = {**_SPELLED, **{us: uk for uk, us in _SPELLED.items()}}


# ... and words a fact may use for what a question asks: "when is my birthday?" of "born on 14 July"
_SAID_OTHERWISE = {"birthday": "born", "born": "birthday"}


def also_said(text: str) -> list[str]:
    """Other words a fact may use for those of `text`: the other spelling ("favourite colour" ->
    favorite, color), "born" for a birthday."""
    words = re.findall(r"[a-z]+", text.casefold())
    return [_SPELLED_AS[w] for w in words if w in _SPELLED_AS] + [_SAID_OTHERWISE[w] for w in words
                                                                    if w in _SAID_OTHERWISE]


def _subject(match: re.Match[str]) -> str:
    return " ".join(_SPELLED.get(w, w) for w in match["subject"].casefold().split())


# where the user lives, as remembered: "The user lives in Lisbon", "Now the user lives in Évora" (not
# "in a small flat": each word of the place is capitalised, checked by `home_of`)
_HOME = re.compile(r"^(?i:(?:now,? )?the user (?:(?:now|currently|still) )?(?:lives|is (?:(?:now|currently|still) )?"
                   r"(?:living|based))) in (?P<place>[^\W\d_][\w'’.-]*(?:,? [^\W\d_][\w'’.-]*){0,3}?)"
                   r"(?i:\s+(?:now|currently))?\.?$")


def home_of(text: str) -> str | None:
    """The place a fact says the user lives in ("The user now lives in Porto"), or None."""
    match = _HOME.match(text)
    place = match["place"] if match else ""
    if place.endswith(".") and place.split()[-1].count(".") == 1:  # the sentence's full stop, not "D.C."
        place = place[:-1]
    return place if place and all(word[0].isupper() for word in place.replace(",", " ").split()) else None


# a fact that takes one back: "The user is not allergic to peanuts anymore", "… no longer drinks coffee"
_UNDONE = re.compile(r"^(?P<who>.+?) (?P<verb>is|are|has|have|does|do|was) (?:not|no longer) (?P<what>.+?)"
                     r"(?: (?:anymore|any more|now|these days))?\.?$", re.IGNORECASE)


def replaces(new: str, old: str) -> bool:
    """Whether the fact `new` is a new value of what `old` says: the same one thing of the user's
    that has one value ("The user's favourite colour is green" over "... blue"), a titled person in
    a role one has one of ("The user's dentist is Dr. Patel" over "Dr. Lee"), or a one-word code
    over another. "My wife is Spanish" adds to "my wife is Jane"; "my flight is 9am" to "my flight
    is BA123"; "my neighbour is Mrs. Jones" to "Mr. Smith"."""
    if home_of(new.strip()) and home_of(old.strip()):  # one home: "I live in Porto" after "… in Lisbon"
        return True
    if (undone := _UNDONE.match(new.strip())) and \
            f"{undone['who']} {undone['verb']} {undone['what']}".casefold() == old.strip().rstrip(".").casefold():
        return True  # "The user is not allergic to peanuts anymore" takes back "… is allergic to peanuts"
    said, had = _ATTRIBUTE.match(new.strip()), _ATTRIBUTE.match(old.strip())
    if re.search(r"\b(?:too|as well|also)\W*$", new, re.IGNORECASE):  # "… is sushi too": one more
        return False
    if not said or not had or _subject(said) != _subject(had):
        return False
    value, was = said["value"].strip(), had["value"].strip()
    if _CODE.search(_subject(said)):  # a password is any one word; a pin or a code has digits
        digits = not _subject(said).endswith("password") and not re.search(r"\d", value)
        return len(value.split()) == len(was.split()) == 1 and not digits
    if _ONE_VALUE.search(_subject(said)):  # one value, whatever its form: "the Beatles", then "Radiohead"
        return True
    # a titled person in a role one has one of ("dentist"), not a neighbour or a client
    return bool(_TITLED.match(value) and _TITLED.match(was)) and _subject(said).split()[-1] not in _SEVERAL

