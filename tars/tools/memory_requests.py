"""Memory tools' arguments, read from a request that states them: what a question asks about
("what is my cat called?" -> cat), the fact to keep ("remember that my dentist is Dr. Lee"), and
the fact that replaces one ("actually my dentist is Dr. Park now").

The embedded model kept "remember that my dentist is Dr. Lee" as "Dr. Lee is the dentist, and you
remember that your dentist is Dr. Lee", and echoed "actually my dentist is Dr. Park now" back
without changing anything. Anything less plain is left to the model (None).
"""

from __future__ import annotations

import re
from typing import Any

from tars.tools.birthdays import birthday_of
from tars.tools.fact_wording import is_question, sentences, statement, third_person

__all__ = ["CHANGED", "FACT_STATED", "MEMORY_FORGET", "MEMORY_REMEMBER", "MEMORY_UPDATE", "OWN", "ROLES",
           "TAKEN_BACK", "UPDATE_STATED", "bare_thing", "forget_asked", "recall_asked", "remember_asked",
           "update_asked"]

MEMORY_REMEMBER, MEMORY_UPDATE, MEMORY_FORGET = "memory_remember", "memory_update", "memory_forget"  # tools

# the user's own people and things, which only memory can know about (the router's cue for a question
# about them is made of this too)
OWN = (r"(?:name|wife|husband|partner|spouse|son|daughter|kids?|children|dog|cat|pet|birthday|anniversary|"
        r"favou?rite [\w-]+|address|phone number|email address|employee (?:id|number)|blood type|licen[cs]e plate|"
        r"car|boss|mom|mum|dad|mother|father|sister|brother|grand(?:ma|pa|mother|father)|aunt|uncle|cousin|niece|"
        r"nephew|friend|best friend|neighbou?r|doctor|dentist|wifi(?: password)?|locker|parking spot|"
        r"[\w-]+'s (?:name|birthday|number|address|email|age|job))")

# one of them with nothing said of it ("my wifi password", "my wife's birthday")
_BARE_THING = re.compile(rf"(?i:the user's|my|our) (?P<thing>{OWN})")


def bare_thing(fact: str) -> str | None:
    """What a fact to keep is about when it only names one of the user's things ("my wifi password"
    -> "your wifi password"); None for a fact that says something of it ("my cat Tom")."""
    match = _BARE_THING.fullmatch(third_person(" ".join(fact.split()).rstrip(".!")))
    return f"your {match['thing']}" if match else None


# what a question about the user's own things asks about: "what do you remember about my cat?",
# "what's my wife's birthday?", "what is my cat called?", "where does my sister live?"
_ASKED_ABOUT = re.compile(
    r"(?:\babout (?:my |our |the )?(?P<about>[\w'-]+(?: [\w'-]+){0,2}?)|"
    r"^(?:what|who|where|when|which)(?:'s| is| are| was| were)? (?:my|our) (?P<mine>[\w'-]+(?: [\w'-]+){0,2}?)"
    r"(?: (?:called|named|again|now))?|"
    r"^(?:where|what|when) (?:does|did|do) (?:my|our) (?P<does>[\w'-]+) (?:live|work|do|drive|like|study|go|"
    r"grow|move|say|tell|prefer|call|meet)\b(?! .*\b(?:mean|means|why|how|should|when (?:he|she|it|they))\b)"
    r"(?: [\w'-]+){0,4})\s*[?.!]*\s*$", re.IGNORECASE)


def recall_asked(message: str) -> dict[str, Any] | None:
    """memory_recall's query from a question about one thing (a small model left it out and listed
    every fact of a kind); anything else is the model's to read."""
    if who := birthday_of(message):  # "how many days until Ana's birthday?": what memory has of Ana
        return {"query": who}
    if not is_question(message):
        return None
    match = _ASKED_ABOUT.search(message.strip())
    thing = match and (match["about"] or match["mine"] or match["does"])
    if not thing or thing.lower() in ("me", "myself", "us", "you", "yourself", "it", "that", "this"):
        return None
    return {"query": thing}


# a request to keep one fact: "remember that my dentist is Dr. Lee", "my sister lives in Porto, keep
# that in mind"; not "remember to buy milk" (a task) nor "remember when…" (a question of sorts)
_KEEP = re.compile(r"^(?:(?:also|and|oh|btw|please)[,\s]+)*(?:remember|don'?t forget|keep in mind|bear in mind)"
                   r"(?: that)?[:,]?\s+(?!to\b|when\b|how\b|what\b|where\b|who\b|why\b|if\b|this\b|that\b)|"
                   r"[,;.-]\s*(?:please\s+)?(?:(?:keep|bear) (?:that|this|it) in mind|remember (?:that|this|it))"
                   r"\W*$", re.IGNORECASE)
# what goes on past the fact ("… so don't suggest meat recipes"): which part to keep is the model's to read
_MORE = re.compile(r"\b(?:so|therefore|hence|thus|please|don'?t|dont|do not|can you|could you|make sure)\b",
                   re.IGNORECASE)
_RULE = re.compile(r"^(?:always|never|from now on|going forward|in future|in the future)\b", re.IGNORECASE)


# the user's name said plainly: "hi, my name is Sam", "call me Sam" (kept pinned: every answer may use it)
_NAME = re.compile(r"^(?:(?:hi|hello|hey)(?: there)?[,!.]?\s+)?(?:my name is|my name's|call me|you can call me|"
                   r"i'?m called|i am called) (?P<name>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?)\s*[.!]*$")


def remember_asked(message: str) -> dict[str, Any] | None:
    """memory_remember's fact (and kind) from a request to keep one, in the user's own words, or from
    the user's name said plainly (the embedded model kept "hi, my name is Sam" as "Sam, my name is Sam")."""
    text = " ".join(message.split())
    if name := _NAME.match(text[:1].lower() + text[1:]):
        return {"text": f"My name is {name['name']}", "kind": "pinned"}
    if _FACT.match(text) and not _CHANGED.search(text):  # a fact told plainly is kept in its words
        return {"text": text.rstrip(".!")}
    if len(text) > 300 or is_question(text) or not _KEEP.search(text) or len(sentences(text)) > 1:
        return None
    fact = statement(text)
    if not fact or fact.lower() == text.lower() or _MORE.search(fact):
        return None
    return {"text": fact, "kind": "rule"} if _RULE.match(fact) else {"text": fact}  # a fact by default


# a role the user has one of, whose holder a new fact replaces: "actually my dentist is Dr. Park now",
# "my address is now 5 Elm St" (not "my dog is now 3", which adds to what is known of the dog)
ROLES = (r"(?:dentist|doctor|gp|vet|boss|manager|landlord|landlady|address|home address|phone number|number|"
         r"email|email address|employer|job|job title|wifi password|favou?rite [\w-]+|pharmacy|bank|gym|school|"
         r"university|team|company)")
# the router's cue for memory_update is this very pattern: one decision, read once
UPDATE_STATED = (rf"^(?:(?:actually|correction|update|oh|btw)[,:]?\s+)*(?P<subject>my {ROLES}) (?P<verb>is|are) "
                 r"(?:now )?(?P<value>(?!no longer\b|not\b)[^?,;]{1,80}?)(?P<now> now| these days| from now on)?"
                 r"\s*[.!]*$")
_UPDATE = re.compile(UPDATE_STATED, re.IGNORECASE)
# a sign that it replaces what was known: "actually …", "… is now …", "… now" (the router's cue too)
CHANGED = r"^(?:actually|correction|update)\b|\b(?:is|are) now\b|\b(?:now|these days)\W*$"
_CHANGED = re.compile(CHANGED, re.IGNORECASE)
# a message that is nothing but one lasting fact about the user: "I live in Lisbon", "my cat is called
# Tom", "my dentist is Dr. Lee", "I'm allergic to nuts", "my favourite colour is green" (not "I work at
# a bank and need a cover letter", "my dog is sick", "I work at home today" nor "I live in fear")
FACT_STATED = (rf"^(?:(?:oh|btw|by the way|fyi|also)[,:]?\s+)*(?:i (?:live|study) (?:in|near)|i work (?:at|for|as)|"
               rf"i(?:'m| am) from|i (?:grew up|was born) in|i moved to|i(?:'m| am) (?:allergic to|a vegetarian|"
               rf"vegetarian|a vegan|vegan|left-handed|lactose intolerant|diabetic)|"
               rf"my {OWN}(?:'s name is| (?:is|are) (?:called|named))|my favou?rite [\w-]+(?: [\w-]+)? (?:is|are)|"
               rf"my (?:birthday|date of birth|(?:wedding )?anniversary|blood type|shoe size|middle name|nickname|"
               rf"star sign) is|"
               rf"my {ROLES} is(?= (?:dr|mr|mrs|ms|prof)\b|\s+\d)) (?!(?:called|named)\b)"
               rf"(?!.*\b(?:and|but|so|because|can|could|should|what|how|why|which|when|where|who|whose|help|need|"
               rf"want|not|no|never|important|secret|private|today|tomorrow|tonight|now|soon|away|fear|hope|home|"
               rf"over|ruined|coming|closed|cancell?ed|postponed)\b)(?=[^,;?!]*\w)[^,;?!]{{1,40}}?[.!]*$")
_FACT = re.compile(FACT_STATED, re.IGNORECASE)


def update_asked(message: str) -> dict[str, Any] | None:
    """memory_update's item and new text from a fact that says it replaces one ("actually my
    dentist is Dr. Park now": the item about "my dentist", now "My dentist is Dr. Park")."""
    text = " ".join(message.split())
    match = _UPDATE.match(text)
    if match is None or not _CHANGED.search(text):
        return None
    new = f"{match['subject']} {match['verb']} {match['value']}"
    return {"old": match["subject"], "new": new[:1].upper() + new[1:]}


# taking back what was just remembered: "don't remember that", "oops, forget that" (the router's cue too)
# (not "never mind, forget it", "undo that" or "scratch that": a change of mind about anything)
TAKEN_BACK = (r"^(?:(?:no|oh|oops|wait|actually|sorry)[,!.]?\s+)*(?:please\s+)?"
              r"(?:(?:don'?t|do not) (?:remember|save|keep|store) (?:that|this|it)|forget (?:that|this))"
              r"(?: please)?\s*[.!]*$")

# forgetting one thing of the user's: "forget my dentist", "please stop remembering my old address"
_FORGET = re.compile(r"^(?:please\s+)?(?:forget|erase|delete|remove|stop remembering)(?: about| what you know about)?"
                     r" (?P<what>(?:my|our) [\w' -]{1,40}?)\s*[.!]*$", re.IGNORECASE)


def forget_asked(message: str) -> dict[str, Any] | None:
    """memory_forget's text for a request to forget one thing of the user's ("my dentist"), or None.
    (A small model passed the whole request, "forget my dentist", which no memory says.)"""
    match = _FORGET.match(" ".join(message.split()))
    return {"text": match["what"]} if match else None
