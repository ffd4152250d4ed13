"""The built-in tool families and the cues that say a message wants one of them.

Each cue is an intent (a verb with its object, a question about the user's own things) rather than
a keyword: "put X on my list", "will it rain", "what did I write about". Weights: 3 decides alone,
2 needs a grounding signal (today, here, my, a place), 1 only adds up; 3.5 and 4 mark a named
destination or resource ("to my todo list", a URL, "search the web") that outranks another family's
cue in the same message. Negative cues mark the textbook and idiom uses of the same words
("weather fronts", "memory leak", "binary search").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["Cue", "Family", "BUILTIN_FAMILIES", "builtin_family_of"]


@dataclass(frozen=True, slots=True)
class Cue:
    weight: float
    pattern: re.Pattern[str]


@dataclass(frozen=True)
class Family:
    """A group of tools the router can recognise a need for."""

    name: str
    cues: tuple[Cue, ...]
    negatives: tuple[Cue, ...] = ()
    names: frozenset[str] = frozenset()  # values of Tool.family that mean this family
    prefixes: tuple[str, ...] = ()  # tool-name prefixes of its built-in tools
    anchors: frozenset[str] = frozenset()  # name words that pull an MCP tool into this family
    hints: dict[str, re.Pattern[str]] = field(default_factory=dict)  # tool name -> what asks for it
    keywords: dict[str, float] = field(default_factory=dict)  # learned vocabulary: stem -> weight
    learned: bool = False
    code_domain: bool = False  # about code (a GitHub server): coding words are its topic, not a distractor


def _cues(*pairs: tuple[float, str]) -> tuple[Cue, ...]:
    return tuple(Cue(w, re.compile(p)) for w, p in pairs)


def _hints(**patterns: str) -> dict[str, re.Pattern[str]]:
    return {name: re.compile(p) for name, p in patterns.items()}


_LIST = (r"(?:to-?do(?:s| list)?|tasks?|list|shopping(?: list)?|grocer(?:y|ies)(?: list)?|todos?|agenda|reminders?|"
         r"inbox|todoist)")

TASKS = Family(
    "tasks",
    names=frozenset({"tasks", "task", "todo", "todos", "todoist", "reminders"}),
    prefixes=("todoist_", "task_", "todo_"),
    anchors=frozenset({"todoist", "todo", "task", "tasks", "reminder", "reminders"}),
    cues=_cues(
        (3.5, r"\btodoist\b"),
        (3, r"\b(?:remind|reminde|remnd|nudge|prod)(?:er)? me\b(?!,? (?:what|how|who|why|which|where|of what))|"
            r"\b(?:be|get|being) reminded\b"),
        (3, r"\b(?:have i got|do i have|i have|is there|got) anything (?:to do|on|due|planned|scheduled|left)\b"),
        (3, r"\bwhat (?:do|have|did) i (?:have|got|plan|want|mean|intend|need) (?:on|going on|planned|scheduled|"
            r"lined up|to do)\b|\b(?:the|that|this) \"…\" (?:task|to-?do|reminder|item)\b"),
        (3, r"\b(?:set|add|create|make|schedule|log|record|jot|note) (?:a |an |another )?(?:new )?(?:reminder|task|"
            r"to-?do)\b"),
        (3, r"\b(?:the|that) [\w\s'\"…-]{1,30} (?:one|task|thing|item|job) is (?:done|finished|complete|sorted|dealt "
            r"with)\b"),
        (3, r"\b(?:delete|remove|cancel|clear) (?:the |my |that |this )?(?:reminder|task|to-?do)\b|"
            r"^what'?s on (?:today|tomorrow|tonight|this \w+|next \w+|for \w+|\w+day)\b|"
            r"^add (?!(?:up|a|an|the|\d+|more|some|another|details?|examples?|comments?|context|explanations?|"
            r"tests?|type|types|docstrings?|emojis?|citations?|sources|bullet|headings?|logging|"
            r"error)\b)[\w'-]+(?: (?!(?:to|into|onto|in|on|with|plus|from)\b)[\w'-]+){0,3}"
            r"\s*[.!]?$"),
        (3, r"\bnew (?:task|to-?do|reminder)\b|^(?:to-?do|task|reminder|grocery list|shopping list|"
            r"groceries)s?\s*(?::|-|\s(?!lists?\b|apps?\b|is\b|are\b|means?\b|vs\b))|\bas an? (?:task|to-?do|"
            r"reminder)\b"),
        (2, r"\b(?:make sure (?:that )?i|remember to)\b|^before i forget\b"),
        (3.5, r"\b(?:add|put|stick|throw|pop|write|get|include|jot|note|chuck|bung|slap|whack|"
              r"shove)\b.{1,60}?\b(?:to|on|onto|in|into) (?:my |"
              r"the |our )?" + _LIST + r"\b"),
        (3, r"\b(?:my|our|today's|tomorrow's|upcoming|open|pending|remaining) (?:to-?dos?|tasks|reminders|"
            r"to-?do list|list)\b"),
        (3, r"\b(?:mark|check|tick|cross|strike|scratch)\b.{0,40}?\b(?:done|complete|completed|finished|off)\b"),
        (3, r"\bcomplete (?:the |my |that |this )?(?!(?:the )?following).{0,30}?\b(?:task|to-?do|item)\b|"
            r"^(?:complete|finish|tick off|"
            r"check off|close out|mark)\s+\"…\""),
        (3, r"\b(?:what'?s|what is|anything|something|what do i have|what have i got|"
            r"what else is) (?:left )?(?:on|in) (?:my|the|today's|tomorrow's|this week's|next week's) (?:plate|"
            r"list|agenda|schedule|to-?do)"),
        (3.5, r"\b(?:remove|delete|drop|take|strike|clear|cross|scratch|knock|get rid of)\b.{1,40}?\b(?:from|"
              r"off) (?:my |"
              r"the |our )?" + _LIST + r"\b"),
        (2.5, r"^add \"…\""),
        (3, r"\bwhat'?s left (?:to do|on|for)\b|\b(?:left|still) to do\b"),
        (3, r"\bwhat (?:do|did|should|must) i (?:still |else |really )?(?:have|need|got) to (?:do|get done|finish|"
            r"buy|get|pick up|pay|prepare|bring)\b"),
        (2, r"\bi (?:still )?(?:(?:need|have|ought|got) to|must|gotta|should)\b.{3,60}\b(?:today|tonight|tomorrow|"
            r"tmrw|by|before|until|on \w+day|this (?:week|month|weekend)|next (?:week|month)|the \d+(?:st|nd|rd|"
            r"th))\b"),
        (2, r"\b(?:track|keep track of|follow up on) (?:that|this|it)\b|\bkeep track\b|\b(?:forgetting|forgotten|"
            r"forgot|"
            r"forget) to (?:do|buy|pay|call|get|send|finish)\b"),
        (2, r"\bwhat'?s (?:on deck|on tap|on the cards|in store|planned|scheduled|lined up|pending|outstanding)\b|"
            r"\b(?:have|"
            r"got) (?:planned|scheduled|lined up)\b"),
        (3, r"\bwhat (?:am i|should i be|do i have to be|must i be) (?:supposed|meant|scheduled|planning|working|"
            r"doing|focusing|busy)\b|\boverdue\b|\bdon'?t let me forget\b"),
        (3, r"\b(?:need|have|got|must) to remember to\b"),
        (3, r"\b(?:recu[ée]rdame|erinnere mich|rappelle-moi|ricordami|lembre-me|mi lista|ma liste|meine liste|"
            r"tareas?|aufgaben?|t[âa]ches?)\b"),
        (2, r"\b(?:to-?dos?|to-?do list|tasks?|reminders?|due|deadlines?|chores?|errands?|shopping list|"
            r"grocery list|groceries)\b"),
        (2, r"\b(?:add|put) (?:that|this|it)\b|^(?:add|schedule|remind(?! me,? (?:what|how|who|why|which|where|"
            r"of)))\b"),
        (3, r"^add\s*:"),
        (2, r"\b(?:pending|outstanding|urgent|pressing)\b|\bmy (?:schedule|agenda|day|week|plans?|errands|chores|"
            r"priorities)\b|"
            r"\bcoming up\b|\bwhat'?s next\b|\bpriority [1-4]\b|\bp[1-4]\b"),
        (3, r"^add (?:call|buy|pay|email|book|pick up|mow|clean|fix|send|renew|cancel|order|get|finish|schedule|"
            r"visit|return|water|feed|wash|prepare|submit|print|sign|file|text|ring|phone|contact|ask|tell|bring|"
            r"collect|drop off)\b"),
        (3, r"\b(?:close|clear|knock) (?:it|that|this)(?: one)? (?:out|off)\b"),
        (2, r"\b(?:done|finished) with (?:the|my)\b"),
        (2, r"\bi(?:'ve| have)? (?:finished|done|completed) (?:the|my)\b"),
        (1, r"\b(?:i need to|i have to|i must|i gotta)\b"),
    ),
    negatives=_cues(
        (3, r"^(?:add|sum) (?:up )?-?[\d.]+ (?:and|to|\+|plus|with)\b"),
        (3, r"\breminder (?:emails?|letters?|messages?|templates?|notices?|texts?|notifications? in)\b|\b(?:email|"
            r"letter|message) templates?\b"),
        (3, r"\b(?:asyncio|celery|background|cron|gradle|async|scheduled|parallel|multi-?) tasks?\b"),
        (3, r"\b(?:best|good|favou?rite|recommended|free) (?:to-?do|task|reminder)s? (?:app|apps|manager|tool|"
            r"software)\b"),
        (3, r"\b(?:task|to-?do) (?:manager|management|queue|scheduler|runner)\b"),
    ),
    hints=_hints(
        todoist_add_task=r"\b(?:add|put|stick|pop|remind|new|create|set|schedule|need to|have to|"
                         r"don't let me forget|remember to|todo:|task:|include|recu[ée]rdame)\b",
        todoist_today=r"\b(?:today|tonight|this (?:morning|afternoon|evening)|now|on my plate|supposed to|"
                      r"what'?s left)\b",
        todoist_upcoming=r"\b(?:tomorrow|week|upcoming|next|coming up|due|overdue|monday|tuesday|wednesday|"
                         r"thursday|friday|saturday|sunday)\b",
        todoist_complete_task=r"\b(?:done|complete|completed|finished|check(?:ed)? (?:it )?off|tick|cross|mark|"
                              r"close)\b",
    ),
)

WEATHER = Family(
    "weather",
    names=frozenset({"weather"}),
    prefixes=("weather_",),
    anchors=frozenset({"weather", "forecast", "meteo", "rain", "temperature"}),
    cues=_cues(
        (3, r"\bquel temps\b|\bqu[ée] tiempo\b|\bwie ist das wetter\b|\b(?:gonna|going to) be (?:hot|cold|warm|"
            r"chilly|freezing|sunny|rainy|windy|nice|stormy|humid|cloudy|wet|icy|clear|dry|foggy|overcast|bright)\b"),
        (3, r"\b(?:weather|wether|wheather|weahter|wather|whether like|forecast|forcast|forecats|wett?er|"
            r"m[ée]t[ée]o|clima|tiempo (?:hace|hoy|mañana))\b"),
        (2, r"\b(?:umbrella|brolly)\b|\braincoat\b|\brain jacket\b"),
        (3, r"\b(?:will|is|was) it (?:going to |gonna |supposed to |likely to )?(?:be |stay |get |turn )?(?:too |"
            r"very |really |so )?(?:rain|snow|pour|drizzl|"
            r"hail|storm|thunder|sunny|cloudy|overcast|windy|hot|cold|warm|chilly|freez|humid|foggy|nice|clear|"
            r"icy|frosty|wet|dry|below|above|muggy|boiling|cool)"),
        (3, r"\bhow (?:hot|cold|warm|chilly|windy|humid|sunny|wet|nice|bad)\b.{0,12}\b(?:is it|will it|it is|it's|"
            r"it'll|is it going|out|outside|today|tomorrow)"),
        (3, r"\b(?:need|bring|wear|take|pack|grab|put on)\b.{0,20}\b(?:umbrella|brolly|sunscreen|sunblock|raincoat|"
            r"jacket|coat|gloves|scarf|boots|wellies|layers?|shorts|sweater|hoodie|hat|sunglasses|thermals|"
            r"warm clothes)\b"),
        (3, r"\b(?:will|would|am) i (?:going to |gonna )?(?:get|be) (?:wet|soaked|drenched|rained on|cold|"
            r"sunburn(?:ed|t)?|too hot|freezing)\b"),
        (3, r"\b(?:what'?s|how'?s|how is|what is) it (?:like |looking |going to be |gonna be )?(?:outside|"
            r"out there|out)\b|\bnice (?:out|outside)\b"),
        (3, r"\b(?:does it|it) looks? like (?:rain|snow|a storm|a (?:nice|good|bad|wet|dry|sunny|rainy) day)\b"),
        (3, r"\b(?:good|nice|great|bad|perfect) (?:day|weather|time|evening|morning|afternoon) (?:for|to) (?:a |"
            r"an )?(?:walk|run|jog|bike|"
            r"ride|cycle|hike|picnic|barbecue|bbq|beach|swim|sail|fly|kite|garden|dry)"),
        (3, r"\b(?:storms?|rain|snow|showers|front|heat ?wave|cold snap|frost|hail|"
            r"thunderstorms?)\b.{0,10}\b(?:coming|on (?:the|its) way|expected|headed|approaching|rolling in|due)\b"),
        (3, r"\b(?:the )?(?:high|low|highs|lows) (?:today|tonight|tomorrow|this|for|on)\b|\bchance of (?:rain|"
            r"snow|showers|storms?)\b"),
        (2, r"\b(?:temperature|temp|degrees|humidity|uv index|wind ?chill|wind speed|precipitation|pollen count|"
            r"air quality|sunrise|sunset|conditions)\b"),
        (3, r"\b(?:coat|jacket|umbrella|shorts|sweater|t-?shirt|sunscreen|hat|gloves)(?: kind of| sort of)? "
            r"(?:day|weather|night|morning|evening)\b"),
        (2, r"\b(?:sky|skies)\b|\bice\b(?! (?:cream|cubes?|age|hockey|skating|tea|breakers?|berg))|\bblack ice\b|"
            r"\b(?:sun|clouds|"
            r"rain\w*|snow\w*|storms?|stormy|thunder\w*|lightning|sunny|sunshine|cloudy|overcast|windy|foggy|fog|"
            r"freezing|chilly|humid|muggy|hail|drizzle|showers|heatwave|heat wave|frost\w*|sleet|blizzard|tornado|"
            r"hurricane|icy)\b"),
        (2, r"\b(?:hot|cold|warm|cool) (?:out|outside|today|tonight|tomorrow)\b|\b(?:wind|winds|breeze|breezy|"
            r"gusts?|gusty)\b|\bscorcher\b|\bbucketing\b|\bpouring\b|\bnippy\b|\bt-?shirt weather\b|\blayer up\b"),
        (2, r"\b(?:llov\w*|lluvia|nieve|nevar[aá]?|pleuvoir|pleut|pluie|neige|regnet|regen|schnee\w*|piove|"
            r"pioggia|sonnig|soleil)\b"),
    ),
    negatives=_cues(
        (3, r"\b(?:forgot|lost|left|broke|bought) my (?:umbrella|brolly|raincoat|jacket|coat)\b|"
            r"\bgot (?:soaked|drenched|wet|sunburn(?:ed|t)?)\b"),
        (3, r"\bunder the weather\b|\bweather(?:ed|ing)? (?:the|this|that) (?:storm|crisis)\b|\bbrainstorm"),
        (3, r"\bweather (?:fronts?|systems?|patterns?|balloons?|stations?|vanes?|maps?|models?)\b|\bclimate\b"),
        (3, r"\b(?:sales|revenue|demand|budget|financial|cash ?flow|time[- ]series|arima|traffic|inventory|"
            r"forecasting)\b"),
        (3, r"\b(?:average|annual|yearly)\b|\bweather\b.{0,20}\b(?:in|on) (?:a|an) (?!hour|minute|bit|few|couple)"),
        (3, r"\b(?:on|of) (?:mars|venus|jupiter|saturn|neptune|uranus|mercury|pluto|titan|the sun|the moon|"
            r"other planets)\b"),
        (3, r"\b(?:calculate|compute|energy|joules?|\d+ ?kg|heat capacity|specific heat|thermodynamics?|"
            r"mixed with|celsius to|fahrenheit to|to celsius|to fahrenheit)\b"),
        (3, r"\b(?:cook|bake|roast|grill|oven|fridge|freezer|chicken|beef|pork|steak|turkey|meat|fever|cpu|gpu|"
            r"thermostat|pool|bath|aquarium|sous vide)\b"),
        (3, r"\b(?:rainiest|sunniest|hottest|coldest|wettest|driest|windiest|snowiest|warmest|cloudiest)\b"
            r"(?!.{0,25}\b(?:today|tomorrow|tonight|this week|this weekend)\b)"),
        (3, r"\b(?:boiling|melting|freezing|dew) point\b|\bbody temperature\b|\bcolor temperature\b|"
            r"\broom temperature\b"),
        (3, r"\b(?:snowflake|snowball|snow white|purple rain|rain ?man|rainbow table|storm troopers?)\b"),
    ),
    hints=_hints(
        weather_now=r"\b(?:now|currently|current|outside|out there|is it|how'?s|what'?s it like|right now|"
                    r"temperature|at the moment|raining|snowing)\b",
        weather_forecast=r"\b(?:forecast|tomorrow|tonight|later|will|week|weekend|going to|gonna|"
                         r"this (?:afternoon|evening)|next|hourly|umbrella|monday|tuesday|wednesday|thursday|"
                         r"friday|saturday|sunday|chance)\b",
    ),
)

MEMORY = Family(
    "memory",
    names=frozenset({"memory", "memories", "profile"}),
    prefixes=("memory_",),
    anchors=frozenset({"memory", "memories", "remember", "recall", "memorize"}),
    cues=_cues(
        (3, r"\b(?:remember|remeber|remmber|rember) (?:that|this|my|i|i'm|i am|i've|we|our|for (?:next time|later|"
            r"the future)|it)\b"),
        (3, r"\b(?:please )?(?:do )?remember\s*[.!]?$|\bremember:|^(?:please )?remember\s*[,;:-](?!\s*(?:keep|"
            r"make) (?:it|this|that|them)\b)"),
        (3, r"\bdon'?t forget\s*[.!]?$|\b(?:keep|bear) (?:that |this |it )?in mind\b|\bdon'?t forget (?:that|i|"
            r"i'm|my|about my|we)\b"),
        (3, r"\b(?:memori[sz]e|store|save|record) (?:this|that|it|the fact|my)\b.{0,20}?\b(?:fact|about me|my|"
            r"i)\b|\bstore this\b"),
        (3, r"\bwhat (?:do|else do|did) you have (?:on|about) (?:me|file)\b|\b(?:know|remember|recall|stored|"
            r"saved|kept|on file|learned|noted)\b.{0,20}\babout (?:me|my|us)\b"),
        (2, r"^(?:update|fyi|btw)\s*[:,-]|\bi(?:'m| am) now\b|\bi(?:'m| am) (?:now )?working (?:at|for)\b|"
            r"\b(?:anymore|any more|no longer)\b|\b(?:please )?update(?: it| that)?\s*[.!]?$"),
        (3, r"\bdo you (?:still )?(?:remember|know|recall|have)\b.{0,30}\b(?:my|me|where i|what i|who i|when i|"
            r"how i)\b"),
        (3, r"\bwhat (?:\w+ )?(?:did|have|had) i (?:told|tell|said|say|mention|mentioned|shared)\b|"
            r"\b(?:where|when|who|how) (?:did|have) i (?:say|said|tell|told you|mention)\b"),
        (3, r"\bfrom (?:your )?(?:memory|memories)\b|\bscratch that\b.{0,30}\b(?:about me|about my|my)\b"),
        (3, r"^(?:please )?(?:forget|erase|stop remembering)\b|\b(?:forget|erase|delete|remove|wipe|drop|clear|"
            r"stop remembering)\b.{0,40}?\b(?:you know|you remember|memory|memories|about me|about my|that i|"
            r"i told you|what i said|everything)\b"),
        (3, r"\b(?:from now on|going forward|in (?:the )?future|for (?:the )?future(?: reference)?|next time)\b|"
            r"\b(?:always|never) (?:answer|reply|respond|use|call|address|write|speak|talk)\b"),
        (3.5, r"\babout me\s*:"),
        (3, r"\b(?:stop|quit) calling me\b|\bcall me \w+ (?:instead|from now on)\b"),
        (2, r"\bi prefer\b"),
        (3, r"^call me\b|\bi go by\b|\bmy name is\b|\bmerke dir\b|\brecuerda que\b|\bsouviens-toi\b"),
        (2, r"\btell me my\b"),
        (2, r"^(?:what|when|where|who|which|how old|how tall)(?:'s| is| are| was|'re| were)? my\b(?! (?:rights|"
            r"options|chances|odds|priorities|schedule|agenda|plans?|tasks|to-?dos?|list|day|week|alternatives|"
            r"obligations|responsibilities|duties|symptoms|risks))"),
        (2, r"^i (?:prefer|dislike|can'?t stand|don'?t (?:like|eat|drink))\b|^i(?:'m| am) (?:a |"
            r"an )?(?:vegetarian|vegan|allergic|left-handed|teacher|nurse|doctor|developer|student)\b"),
        (2, r"\b(?:what|which) \w+ (?:do|did) i (?:drive|own|like|prefer|use|eat|play|support|live|work)\b|"
            r"\bwhere do i (?:live|work)\b"),
        (2, r"\b(?:update|change|correct|fix) (?:that|this|it|my|your (?:notes|memory|info|records?) (?:on|"
            r"about) me)\b"),
        (2, r"\bi (?:moved|switched|changed|started|quit|live|work|go) (?:to|jobs|at|in|by)\b|\bi(?:'m|"
            r" am) (?:not |no longer )?(?:allergic|vegetarian|vegan|left-handed|right-handed|lactose|diabetic|"
            r"married|divorced|single)\b"),
        (2, r"\bmy (?:name|wife|husband|partner|spouse|son|daughter|kids?|children|dog|cat|pet|birthday|"
            r"anniversary|favou?rite|address|phone|email|employee|blood|license|car|boss|mom|mum|dad|mother|"
            r"father|sister|brother|friend)\b.{0,30}\b(?:is|are|was|were)\b(?!.*\?)"),
        (2, r"\b(?:the )?(?:name|birthday|age|address|number|email|breed) of my\b"),
        (3, r"\bi (?:told|mentioned|said to|gave) you\b|\bwhat i (?:said|told you|mentioned)\b"),
        (1, r"\b(?:remember|forget|recall|memory|preferences?)\b"),
    ),
    negatives=_cues(
        (3, r"\bmemory (?:leaks?|usage|allocation|management|footprint|bandwidth|cards?|sticks?|chips?|safety|"
            r"errors?|limit)\b"),
        (3, r"\b(?:ram|rom|vram|gpu|heap|cache|swap|gigabytes?|gb|mb)\b|\b(?:human|long-term|short-term|working|"
            r"muscle|photographic) memory\b"),
        (3, r"\bremember (?:when|the (?:\w+ )?(?:war|year|day|time|moon|wall|game|election|battle|revolution|"
            r"crash))\b|\bforgetting curve\b"),
        (3, r"\b(?:can|do|will) you (?:remember|recall) (?:things|anything|stuff|conversations?|between)\b"),
    ),
    hints=_hints(
        memory_remember=r"\b(?:(?<!you )(?<!you still )remember|keep in mind|don't forget|from now on|"
                        r"going forward|always|never|call me|"
                        r"go by|store|memori[sz]e|my name is|i'm|i am|is|are)\b",
        memory_update=r"\b(?:update|actually|changed|moved|switched|correct|now|instead|no longer|anymore)\b",
        memory_forget=r"\b(?:(?<!don't )(?<!dont )(?<!not )(?<!never )forget|erase|delete|remove|wipe|drop|clear|"
                      r"stop remembering)\b",
        memory_recall=r"\b(?:what do you (?:know|remember)|what'?s my|what is my|do you (?:remember|know)|"
                      r"what did i (?:tell|say)|what have i told|my preferences|when is my|where do i|"
                      r"what \w+ do i|you (?:know|remember|recall|have)|i (?:told|said|mentioned))\b"
                      r"|^(?:what|when|where|who|which|how old)\b.{0,40}\bmy\b",
        memory_search=r"\b(?:search|find|anything about|look up)\b",
    ),
)

NOTES = Family(
    "notes",
    names=frozenset({"notes", "note", "vault", "obsidian", "journal"}),
    prefixes=("note_", "notes_"),
    anchors=frozenset({"note", "notes", "journal", "vault", "obsidian", "diary", "notebook"}),
    cues=_cues(
        (3, r"\b(?:daily|today'?s|yesterday'?s|tomorrow's|monday's|weekly) (?:notes?|journal|log|entry|page)\b"),
        (3.5, r"\b(?:to|in|into|on) (?:my|today's|the daily|the) (?:\w+ )?(?:note|notes|journal|vault|diary|"
              r"notebook)\b"),
        (3, r"\bmy (?:\w+ |\"…\" )?(?:notes?|journal|vault|diary|notebook|log)\b|\b(?:in|from|to|into) (?:the |"
            r"my )?(?:vault|obsidian)\b"),
        (3, r"\bjot\b|\b(?:write|note|put|get|take|scribble) (?:this |that |it )?down\b|^(?:new|quick) note\b"),
        (3, r"\b(?:take|make|create|write|add|start|open|leave) (?:a |an |another |the |new )?(?:quick |short |"
            r"new )?(?:note|journal entry|diary entry|log entry|entry)\b"),
        (3, r"\b(?:the|my|this|that|a) (?:\w+ )?note (?:about|on|called|titled|named|where|with|from|for)\b|"
            r"\bnote (?:to self|that i)\b"),
        (3, r"\bwhat (?:did|have|had) i (?:written|write|jot(?:ted)?|noted?|logged?|journal(?:l?ed)?|put down)\b|"
            r"\bsave (?:this|that|it|\"…\") (?:as|in|to) (?:a |my |the )?(?:note|journal)\b|"
            r"\bas a (?:new )?note\b|\b(?:in|to|into) a (?:new )?note\b"),
        (3, r"^(?:log|journal|note)(?: down)?(?: (?:that|this|it)\b|\s*:)|^(?:log|journal|jot)\b(?! (?:in|out|on|"
            r"off|into|file|level|scale|the (?:output|result|error|response)|errors?|messages?|output))|^append\b|"
            r"\bappend (?:this |that |it )?to\b"),
        (3, r"\b(?:search|look through|check|grep|scan|go through) (?:the |my )?(?:vault|notes|journal|notebook|"
            r"diary)\b"),
        (3, r"(?<![\w/-])[\w/-]+\.md\b|\bnotiz\b|\bnota (?:diaria|del día)\b"),
        (2, r"\b(?:notes?|journal|diary|notebook|entry) (?:on|about|for|from|called|titled)\b|\bjournal\b"),
        (2, r"\bobsidian\b|\bvault\b"),
    ),
    negatives=_cues(
        (3, r"\bmusical notes?\b|\boctave\b|\bchords?\b|\bkey of\b|\b(?:high|low|quarter|eighth|half|whole|"
            r"sixteenth) notes?\b|\bpiano\b|\bguitar\b"),
        (3, r"\bnote[- ]?taking\b|\b(?:journal|research) (?:article|paper|submission|impact|publication)\b|"
            r"\bobsidian (?:rock|stone|glass)\b"),
        (3, r"\b(?:take|taking|make|making) (?:better |good |effective )?notes (?:in|during|for|at|while) (?:a |"
            r"the )?(?:lecture|class|meeting|meetings|school|exams?)\b|\bcornell\b"),
        (3, r"\b(?:write|jot|note|put) down (?:the |a |an |all )?(?:steps|formula|equation|example|list of|proof|"
            r"derivation|answer|solution|process|procedure|instructions)\b"),
        (3, r"\b(?:write|draft|compose|send) (?:a |an )?(?:quick |short |thank[- ]you |nice )?note (?:to|"
            r"for) (?:my |the |our )?(?:neighbou?rs?|boss|teacher|landlord|mom|mum|dad|wife|husband|friend|"
            r"colleagues?|team|kids?|son|daughter|parents?|family|manager|client|customer|sister|brother)\b"),
        (3, r"\b(?:write|put|jot) (?:it|this|that|them) down as (?:a |an )?(?:bullet|list|table|paragraph|summary|"
            r"numbered)|\b(?:as|in|into) (?:a )?(?:bullet(?:ed)? list|numbered list|table|bullets)\b"),
        (3, r"\bbank ?notes?\b|\bsticky notes?\b|\brelease notes\b|\bfootnotes?\b|\bpatch notes\b|\bliner notes\b"),
    ),
    hints=_hints(
        note_daily=r"\b(?:daily|today'?s|today|journal|log|jot|diary)\b",
        note_read=r"\b(?:read|open|show|what'?s in|what is in|what did i write|look at|from (?:monday|yesterday))\b",
        note_write=r"\b(?:create|new note|write (?:a|the) note|save (?:this|that|it) as|note called|note titled|"
                   r"make a note|take a note)\b",
        note_append=r"\b(?:append|add to|put (?:this|that|it) in|add (?:this|that|it) to|to the \w+ note|"
                    r"(?:in|to|into) my \w+ note)\b",
        notes_search=r"\b(?:search|find|any notes|notes (?:on|about)|what did i (?:write|jot|note) about|"
                     r"where i wrote|where did i (?:write|put|note|save|jot)|check my notes)\b",
    ),
)

WEB = Family(
    "web",
    names=frozenset({"web", "search", "fetch", "browser", "internet"}),
    prefixes=("web_",),
    anchors=frozenset({"web", "fetch", "url", "browse", "browser", "http", "webpage", "websearch", "internet",
                       "google", "bing", "brave"}),
    cues=_cues(
        (4, r"\bhttps?://\S+|\bwww\.\S+|(?<![@\w.-])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|dev|ai|co|gov|"
            r"edu|uk|de|fr|info|news|app|blog|me|tv|us|eu|ca|au)\b(?:/\S*)?"),
        (4, r"\b(?:search|look|check|find|browse)\b.{0,40}?\b(?:online|on the (?:web|internet|net)|on google|"
            r"the web|the internet)\b"),
        (3, r"^(?:google|bing|search|look up|lookup|browse|web search)\b(?! (?:for )?(?:my|our|in my|your|it|"
            r"this|that|them|the above|above)\b)(?! (?:the|this) (?:notes|vault|journal|list|document|file|code|"
            r"answer|text|reply|response))"),
        (3, r"\b(?:news|headlines?|breaking)\b(?! (?:cycle|value|media|literacy|writing|anchor|outlet|industry|"
            r"business|agenc|organi))|\b(?:top|main|big|front-page) (?:stories|story|headlines)\b|"
            r"\bthe latest (?:on|about|with|from|in)\b|\bwhat'?s (?:happening|going on) (?:in|with|at)\b|"
            r"\bwhat happened (?:in|at|to|with|during) [\w\s'-]{2,40}\b(?:today|yesterday|last night|this week|"
            r"this morning)\b"),
        (2, r"\b(?:buzz|hype|rumou?rs?|gossip|chatter)\b|\bwho(?:'s| is) (?:performing|playing|headlining|speaking|"
            r"competing|running|starring)\b"),
        (3, r"\bwhat time (?:does|do|is|will) (?:the )?[\w\s'-]{2,30} (?:open|close|start|begin|kick off|air|land|"
            r"depart|leave)\b"),
        (2, r"\bdid (?:the )?[\w'-]+(?: [\w'-]+){0,3} (?:win|lose|score)\b|\btrending\b|"
            r"\bwhat did [\w\s'-]{2,40} (?:say|announce|decide|tweet|post)\b"),
        (3, r"\bwhere(?:'s| is| are) the (?:nearest|closest)\b"),
        (3, r"^(?:find|search for|look for|show me)\b.{0,30}"
            r"\b(?:restaurants?|places?|hotels?|bars?|caf[eé]s?|shops?|stores?|pharmac(?:y|ies)|gyms?|hostels?|"
            r"museums?|bakery|bakeries)\b"),
        (3, r"\bwhat'?s the score\b|\bscores? (?:of|in|for|from) (?:the |last night'?s |"
            r"today'?s )?[\w\s'-]{1,30}(?:game|match|fixture|race|final)\b|\bwho(?:'s| is) (?:ahead|leading|"
            r"winning)\b|\bpolls?\b|\bwho (?:won|is winning|'s winning|scored)\b.{0,40}\b(?:game|match|race|final|"
            r"election|tonight|last night|today|yesterday|cup|series|award|prize|nobel|oscars?|grammys?|emmys?|"
            r"title|championship|tournament|league|trophy|medal|contest|vote|this year|this season)\b|"
            r"\bwho'?s winning\b"),
        (3, r"\bwhat (?:are|is) (?:people|everyone|folks|critics|reviewers|reddit|twitter|the internet) saying\b"),
        (2, r"^find out\b"),
        (3, r"\bis (?:the )?[\w\s'-]{2,40} (?:out|released|available|open|down) (?:yet|(?:right )?now|today|"
            r"currently)\b"),
        (3, r"\b(?:is|are) (?:there )?(?:a |any )?new [\w\s'-]{1,40}\b(?:out|released|available|coming)\b"),
        (3, r"\b(?:opening hours|open (?:today|now|on)|reviews? (?:of|for|like|say|saying)|near me|nearby|"
            r"tickets for|showtimes?)\b"),
        (2, r"\b(?:stock|share) prices?\b|\bstock market\b|\b(?:the )?markets?\b|\b(?:nasdaq|dow jones|s&p|ftse|dax|"
            r"nikkei)\b|\bprice of\b|\bexchange rate\b|\b(?:bitcoin|btc|"
            r"ethereum|eth|crypto)\b|\btrading at\b"),
        (2, r"\b(?:latest|newest|most recent|recent|trending|this week's|today's|current|"
            r"the new)\b.{0,25}\b(?:news|headlines?|releases?|version|updates?|results?|scores?|prices?|trends?|"
            r"movies?|films?|episodes?|seasons?|albums?|songs?|games?|products?|phones?|iphone|pixel|models?|"
            r"articles?|research|developments?|polls?|standings|events?|reviews?|rates?|figures|numbers|stats)\b"),
        (2, r"\bhow much (?:is|are|does|do|did|would) (?:a |an |the )?\w+|\b(?:costs?|prices?|priced|reviews?|"
            r"ratings?)\b"),
        (2, r"^check (?:what|whether|if|how|when|who|online|the (?:news|headlines|price|score|reviews?|status))\b"),
        (2, r"\bhow did (?:the )?[\w\s'-]{2,30} (?:do|play|fare|finish|get on)\b|\bupdates? (?:on|about|from|"
            r"for)\b|\b(?:results?|standings|release date|box office|playing|showing|on tv|schedule for)\b"),
        (3, r"\b(?:anything|something) new (?:about|on|with|from|regarding)\b|\b(?:bitcoin|btc|ethereum|eth|"
            r"crypto|stocks?|shares?|euro|dollar|pound|yen|peso|franc|rupee|gold|oil|silver)\b.{0,10}"
            r"\b(?:at|worth|trading|doing)\b"),
        (3, r"\b(?:any|latest|recent|new) (?:updates?|news) (?:on|about|from|regarding)\b|"
            r"\b(?:current|reigning) (?:world )?(?:record|champion|record holder|title holder|leader|standings|"
            r"rankings?)\b"),
        (2, r"\bwho(?:'s| is) (?:the )?(?:current |new |reigning )?(?:ceo|president|prime minister|pm|chancellor|"
            r"king|queen|pope|champion|leader|owner|coach|manager|head|mayor|governor|chair\w*)\b"),
        (2, r"\bwhat'?s new (?:on|at|with|in|from)\b(?! (?:you|u|yourself)\b)|\b(?:usd|eur|gbp|jpy|cny|chf|cad|"
            r"aud|inr|dollars?|euros?|pounds?|yen)\b.{0,12}\b(?:to|in|vs|against)\b.{0,12}\b(?:usd|eur|gbp|jpy|"
            r"cny|chf|cad|aud|inr|dollars?|euros?|pounds?|yen|rate)\b|\brates?\b"),
        (2, r"\b(?:look up|lookup|search for)\b"),
        (3, r"\bfind (?:me )?(?:some |a few )?(?:recent |latest |new |good |the best )?(?:info|information|"
            r"articles?|sources|reviews|news|links|papers|posts|videos|results)\b"),
    ),
    negatives=_cues(
        (3, r"\b(?:in|within|from) (?:this|the following|my|that|the) (?:sentence|text|paragraph|string|list|"
            r"document|passage|array)\b|^(?:search|find|look) (?:for )?(?:the )?(?:word|letter|phrase|string|"
            r"pattern)\b"),
        (3, r"\b(?:binary|linear|depth-first|breadth-first|a\*|full-text|fuzzy|tree|graph) search\b|"
            r"\bsearch (?:algorithm|engine|tree|query|bar|space|term)s?\b"),
        (3, r"\bhistory of\b|\bwhat (?:is|are) (?:a |an |the )?(?:url|website|web ?page|search engine|browser|"
            r"internet)s?\b"),
        (3, r"\blatest (?:version of (?:http|html|tcp|the internet)|trends in (?:history|philosophy))\b|"
            r"\bnews cycle\b"),
    ),
    hints=_hints(
        web_read=r"\bhttps?://|\bwww\.|\b[a-z0-9-]+\.(?:com|org|net|io|dev|ai|co|gov|edu|uk|de|fr|info|news|app|"
                 r"blog|me|tv|us|eu|ca|au)\b|\b(?:read|summari[sz]e|tl;?dr|fetch|open) (?:this|that|the) "
                 r"(?:page|article|link|site|post|url)\b",
        web_search=r"\b(?:search|google|look up|lookup|latest|news|headlines?|price|score|who won|winning|find|"
                   r"online|reviews?|yet|opening hours|updates?|results?|trending|current|open|closed?|stocks?|"
                   r"market|rates?|playing|happening|polls?)\b",
    ),
)

BUILTIN_FAMILIES: tuple[Family, ...] = (TASKS, WEATHER, MEMORY, NOTES, WEB)


def builtin_family_of(name: str, family: str | None, words: set[str]) -> Family | None:
    """The built-in family a tool belongs to: by its `family`, its name prefix, then its name's words."""
    for fam in BUILTIN_FAMILIES:
        if family and family.lower() in fam.names:
            return fam
    if family:  # an explicit family that is not ours is a learned one
        return None
    for fam in BUILTIN_FAMILIES:
        if name.startswith(fam.prefixes):
            return fam
    for fam in BUILTIN_FAMILIES:
        if words & fam.anchors:
            return fam
    return None
