"""Family-independent signals in a message: deixis, personal reference, general-knowledge and coding frames.

A message needs a tool when it is about the user's own world (their list, their notes, the weather
where they are, now). These signals say how "personal/current" a message is and how much it reads
like a textbook or coding question instead; the family cues in `families.py` are weighed against them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Signals", "read_signals", "normalise", "clip"]

# Intent is stated at the start or the end of a long paste; the middle only costs time.
_HEAD, _TAIL = 600, 300

_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")

# Time and place relative to the speaker: "today", "tomorrow at 5pm", "this weekend", "outside", "right now".
_DEIXIS = re.compile(
    r"\b(?:today|tonight|tomorrow|tommorow|tomorow|tmrw|tmr|2moro|2morrow|2day|2nite|yesterday|last night|"
    r"last (?:week(?:end)?|month)|"
    r"this (?:morning|afternoon|evening|week(?:end)?|month|year)|next (?:week(?:end)?|month|year|" + _DAY + r")|"
    r"(?:on |this |every )?" + _DAY + r"|"
    r"right now|now|rn|currently|at the moment|atm|later|soon|tonite|this (?:wk|wknd|season)|wknd|asap|these days|"
    r"here|outside|out there|nearby|near me|around here|"
    r"(?:at|by|around|before|after|until|till) \d{1,2}(?::\d\d)?\s*(?:am|pm|o'?clock)|\d{1,2}(?::\d\d)?\s*(?:am|pm)|"
    r"at \d{1,2}(?::\d\d)?(?! ?(?:degrees?|°|%|kg|km|m\b|miles|percent|celsius|fahrenheit))|noon|midnight|"
    r"(?:on )?the \d{1,2}(?:st|nd|rd|th)|(?:the )?(?:first|1st|last) (?:day )?of (?:the )?month|"
    r"in (?:an|one|two|three|\d+) (?:minutes?|hours?|days?|weeks?)|"
    r"latest|newest|current|the new|today's|tonight's|tomorrow's|yesterday's|this week's|"
    r"mañana|hoy|morgen|heute|demain|aujourd'hui|domani|oggi|" + _MONTH + r" \d{1,2}(?:st|nd|rd|th)?)\b"
)

# The user's own things: "my list", "for me", "do I have", "am I supposed to".
_PERSONAL = re.compile(
    r"\b(?:my|(?<!tell )(?<!give )(?<!show )(?<!let )(?<!help )(?<!excuse )(?<!write )(?<!make )(?<!draft )"
    r"(?<!send )(?<!teach )(?<!find )(?<!get )(?<!buy )(?<!cook )(?<!create )(?<!generate )(?<!recommend )"
    r"(?<!suggest )(?<!explain )(?<!compose )(?<!told )(?<!asked )(?<!gave )(?<!sent )(?<!showed )me|mine|myself|"
    r"our|ours|us|do i have|"
    r"have i got|i (?:still |really |also )?(?:have|need) to|i've got|i got to|"
    r"am i|should i|i'm|i am|i've|i'll|did i|have i|had i|i did|i wrote|i said|i told|"
    r"i (?:moved|switched|changed|started|quit|live|work|go by|prefer|take|drive|own)|"
    r"(?:do|did) i (?:like|prefer|drive|own|eat|use|live|work|want)|i (?:haven't|have not|didn't|did not|still|"
    r"already))\b"
)

# A textbook frame. Weak ones ("what is...", "who...") yield to any grounding, a place included
# ("what is the temperature in Lima"); strong ones ("why...", "explain...") only to "my"/"today".
_GENERAL_WEAK = re.compile(
    r"^(?:how (?:many|much|long|far|big|old|tall|deep|fast)\b|what (?:is|are|was|were|does|do|did|makes)\b|"
    r"what'?s (?:a |an )|who\b|when (?:was|were|did)\b|where (?:is|are|was|were|do|does|did)\b|which\b|"
    r"tell me (?:about|a|something)|can you tell me (?:about|what|why|how))"
)
_GENERAL_STRONG = re.compile(
    r"^(?:why\b|how (?:do|does|did|can|could|would|come|to)\b|what (?:causes|happens|happened to|would)\b|"
    r"what'?s (?:the (?:difference|meaning|definition|origin|history|point|purpose|best way))|"
    r"explain|define|describe|summari[sz]e the|is it true|difference between|meaning of|history of|"
    r"in general|can you explain|calculate|compute|solve|simplify|integrate|differentiate|prove|predict|"
    r"estimate|derive|evaluate)"
)
_GENERAL_STRONG_ANY = re.compile(
    r"\b(?:the theory of|the concept of|definition of|what causes|how do you (?:say|spell|pronounce)|"
    r"the (?:\w+ )?(?:word|term|synonym|antonym|opposite|translation|spelling|plural|etymology) (?:for|of)|"
    r"why (?:is|are|does|do|did) (?:that|this|it)|how come|is (?:it|that|this) (?:true|a myth|real)|"
    r"(?:what|how) (?:is|are|do you say) [\w\s'\"…]{1,30} in (?:portuguese|spanish|french|german|italian|japanese|"
    r"chinese|russian|arabic|dutch|korean|latin|hindi|greek|turkish|polish|swedish))\b"
    r"|\b(?:is|are|was|were) (?:[\w'-]+ ){0,4}(?:made|formed|created|produced|calculated|measured|determined|"
    r"predicted|invented|built)\s*\??$"
)
# Words that say the answer does not depend on now or on the user, whatever else the message says.
_TIMELESS = re.compile(
    r"\b(?:in general|(?<!i )(?:generally|usually|typically|normally)|on average|ever recorded|of all time|in history|"
    r"historically|scientific(?:ally)?|in theory|in the (?:books?|novels?|movies?|films?|story|stories|series|"
    r"games?|show|comics?|anime|lore|bible))\b"
)
_URL = re.compile(
    r"\bhttps?://\S+|\bwww\.\S+|(?<![@\w.-])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|dev|ai|co|gov|edu|uk|de|"
    r"fr|info|news|app|blog|me|tv|us|eu|ca|au)\b(?:/\S*)?"
)
# Quoted text is content (a task's title, a phrase asked about), not the user's request.
_QUOTED = re.compile(r"(?<![\w'])'[^'\n]{1,80}'(?![\w'])|\"[^\"\n]{1,160}\"")

# Asking for advice about one's own things is still a general question: "how should I organise my tasks?"
_ADVICE = re.compile(
    r"^(?:how (?:should|can|could|do|would|to) (?:i |we )?(?!get|check|see|find out|know)|(?:any )?tips\b|"
    r"what'?s (?:the best|a good|a better|an easy|the easiest) way|what are (?:some )?(?:good |the best )?ways|"
    r"should i\b(?! (?:bring|wear|take|pack|"
    r"need))(?!.{0,60}\b(?:weather|rain|snow|umbrella|forecast|wind))|"
    r"is it better|advice on|best practices?)"
)
_ADVICE_ANY = re.compile(
    r"\b(?:best|good|recommended|favou?rite|top|decent) (?:\w+ )?(?:apps?|software|tools?|services?|websites?|sites?|"
    r"extensions?|plugins?|brands?|books?|methods?|techniques?)\b"
)

_CODE_WORDS = (
    r"python|javascript|typescript|java|golang|rust|c\+\+|c#|kotlin|swift|ruby|php|perl|haskell|scala|"
    r"sql|bash|powershell|regexp?|regex(?:es)?|html|css|json|yaml|xml|apis?|sdk|functions?|methods?|"
    r"class(?:es)?|variables?|strings?|substrings?|arrays?|list comprehension|dict(?:ionary|ionaries)?|"
    r"tuples?|pandas|numpy|dataframes?|django|flask|react|vue|node\.?js|npm|pip|git|docker|compilers?|"
    r"compiled?|syntax|stack ?traces?|exceptions?|tracebacks?|typeerror|valueerror|keyerror|segfault|"
    r"asyncio|async|await|threads?|recursion|algorithms?|big-?o|time complexity|unit tests?|debug(?:ger)?|"
    r"refactor|endpoints?|http requests?|requests library|(?:my|the|this|your|some|in|of|python|js|java|"
    r"source) code|coding|scripts?|programs?|programming|"
    r"repo(?:sitory)?|queue|celery|cron|excel|spreadsheet formula|llm|sampling|parser|cli|library|"
    r"bugs? in (?:this|my|the)|quer(?:y|ies)|database|db|datetime|timestamp|unix time|epoch|snippet|source|"
    r"compile|boolean|integer|float|loop|lambda"
)
_CODE = re.compile(r"\b(?:" + _CODE_WORDS + r")\b|```|\bdef |\(\)|=>|(?<![\w.])\w+\.\w+\(|;\s*$")
# Asking for code: "write a function...", "implement...", "how do I X in python".
_CODE_LEAD = re.compile(
    r"^(?:write(?!(?: this| that| it)? down)|implement|code|create|generate|build|make|refactor|debug|fix|"
    r"optimi[sz]e|port|parse|translate|convert)\b(?! (?:a |an |the |me a )?(?:task|to-?do|reminder|note|entry|journal))"
    r"[^.?!]{0,60}?\b(?:" + _CODE_WORDS + r"|app|bot|program|cli|tool|query|parser|website|web ?page|component|"
    r"module|test)\b"
)
# Creative writing is answered by the model itself whatever its subject.
_CREATIVE = re.compile(
    r"(?:^|[,;.!]\s*|\b(?:and|so|just) )(?:write|compose|make up|create|give me|tell me)(?: me)? (?:a |an |some |"
    r"another )?(?:short |funny |little |good )?"
    r"(?:poem|haiku|limerick|story|song|essay|sonnet|joke|rap|verse|riddle|tweet|slogan|speech|toast|blog post|"
    r"post|article|paragraph|caption|description)s?\b"
)

# What a polite or chatty opening looks like; family "lead" verbs are matched after it.
_PREAMBLE = re.compile(
    r"^(?:(?:hey|hi|hello|ok|okay|so|um|yo|oh|and|also|now|quick one|quick question)\b[\s,!.:-]*)*"
    r"(?:tars\b[\s,:!-]*)?(?:(?:please|pls|plz|kindly)\s+)?"
    r"(?:(?:can|could|would|will) (?:you|u)\s+(?:please\s+|pls\s+)?(?:first\s+|also\s+|then\s+|now\s+)?)?"
    r"(?:(?:i want|i'd like|i need|i would like) you to\s+|(?:i want|i'd like|i would like) to\s+)?"
    r"(?:please\s+|pls\s+)?(?:go (?:and |ahead and )?)?(?:let'?s\s+)?"
)

_PLACE = re.compile(r"\b(?:in|at|near|from) ((?:[A-Z][\w'’.-]+)(?: [A-Z][\w'’.-]+)*)")
_NOT_PLACES = frozenset(
    "python java javascript typescript rust go excel react linux windows macos mac ios android english "
    "german french spanish italian chinese japanese markdown sql bash c json html css i the a my "
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june july "
    "august september october november december todoist obsidian google celsius fahrenheit kelvin".split()
)


@dataclass(frozen=True, slots=True)
class Signals:
    """What one message looks like, before any family is considered."""

    text: str  # lower-cased, quotes and whitespace normalised
    lead: int  # offset where the request starts, after greetings and "could you please"
    deixis: str | None  # the first time/place-relative phrase, e.g. "tomorrow"
    place: str | None  # a capitalised place after in/at/near/from ("Lima")
    personal: bool
    general: int  # reads like a textbook question: 0 no, 1 weakly ("what is"), 2 strongly ("why", "explain")
    timeless: bool  # "usually", "in general": not about now, whatever else it says
    url: bool
    advice: bool  # asks how to do something, even about one's own things
    code: float  # 0; 1 (a code word), 2.5 (several); 4 (asks for code, or a how-to with code words)
    creative: bool

    @property
    def grounded(self) -> bool:
        """About the user's own here-and-now rather than the world in general."""
        return bool(self.deixis or self.place or self.personal or self.url)

    @property
    def textbook(self) -> bool:
        """A general-knowledge question that nothing personal or current outweighs."""
        if self.timeless:
            return True
        if self.general == 2:
            return not (self.deixis or self.personal or self.url)
        return self.general == 1 and not self.grounded


# Apostrophes people skip when typing fast: "whats", "dont", "im".
_CONTRACTIONS = re.compile(
    r"\b(what|how|where|who|when|that|there|it)s\b|\b(do|does|did|is|are|was|ca|wo)nt\b|\b(i)(m|ve)\b"
)


def _apostrophe(match: re.Match[str]) -> str:
    if match.group(1):
        return match.group(1) + "'s"
    if match.group(2):
        return match.group(2) + "n't"
    return match.group(3) + "'" + match.group(4)


def normalise(message: str) -> str:
    """Lower-case, straighten quotes, collapse whitespace, restore dropped apostrophes ("whats" -> "what's")."""
    text = message.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    return _CONTRACTIONS.sub(_apostrophe, " ".join(text.lower().split()))


def clip(message: str) -> str:
    """The parts of a long message that carry its request: the first and last few hundred characters."""
    if len(message) <= _HEAD + _TAIL:
        return message
    return message[:_HEAD] + " … " + message[-_TAIL:]


def _place(raw: str) -> str | None:
    for match in _PLACE.finditer(raw):
        words = match.group(1).split()
        if words and words[0].lower().strip(".'’") not in _NOT_PLACES:
            return match.group(1)
    return None


_SENTENCE_BREAK = re.compile(r"[.!?;:]+\s+|\s+-+\s+")


def _sentences(body: str) -> list[str]:
    """The body from each sentence start on, so "I'm learning about X. Why does..." shows its frame.
    Only anchored patterns are matched against these, so a long paste stays linear."""
    return [body] + [body[m.end():] for m in _SENTENCE_BREAK.finditer(body)]


def _unwrapped(message: str) -> str:
    """A message that is one quotation is the request itself, not a quote inside one."""
    text = message.strip()
    if len(text) > 2 and text[0] == text[-1] and text[0] in "'\"" and text[0] not in text[1:-1]:
        return text[1:-1]
    return message


def read_signals(message: str) -> Signals:
    """Compute the family-independent signals of `message` (a few regex searches)."""
    message = clip(_unwrapped(message))
    text = _QUOTED.sub('"…"', normalise(message))
    lead = _PREAMBLE.match(text)
    start = lead.end() if lead else 0
    body = text[start:]
    deixis = _DEIXIS.search(text)
    code_hits = len(set(_CODE.findall(_URL.sub(" ", text))))
    code = 0.0
    starts = _sentences(body)
    strong = bool(_GENERAL_STRONG_ANY.search(body)) or any(_GENERAL_STRONG.match(s) for s in starts)
    weak = any(_GENERAL_WEAK.match(s) for s in starts)
    if any(_CODE_LEAD.match(s) for s in starts) or (code_hits and (strong or weak)):
        code = 4.0
    elif code_hits:
        code = 1.0 if code_hits == 1 else 2.5  # one code word may be a topic; several are a coding question
    return Signals(
        text=text,
        lead=start,
        deixis=deixis.group(0) if deixis else None,
        place=_place(" ".join(message.split())),
        personal=bool(_PERSONAL.search(text)),
        general=2 if strong else 1 if weak else 0,
        advice=bool(_ADVICE_ANY.search(body)) or any(_ADVICE.match(s) for s in starts),
        timeless=bool(_TIMELESS.search(text)),
        url=bool(_URL.search(text)),
        code=code,
        creative=bool(_CREATIVE.search(body)),
    )
