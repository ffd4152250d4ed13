"""Cues for the user's own data: tasks (Todoist), memory (facts about the user), notes (the vault).

Each cue is an intent (a verb with its object, a question about the user's own things) rather than
a keyword: "put X on my list", "what's my sister's name", "what did I write about". Negative cues
mark the textbook, coding and idiom uses of the same words ("asyncio task", "memory leak").
"""

from __future__ import annotations

from tars.routing.family import Family, cannot_do, cues, hints
from tars.tools.birthdays import BIRTHDAY_ASKED
from tars.tools.memory_requests import CHANGED, FACT_STATED, OWN, TAKEN_BACK, UPDATE_STATED
from tars.tools.note_requests import NOTES_LISTED

__all__ = ["TASKS", "MEMORY", "NOTES"]

# asking what is on the user's list, and nothing more: "what tasks do I have today?", "any reminders
# for tomorrow?" (not "what tasks do I need for a visa", "any tasks for kids to do at home")
_WHEN_DUE = r"(?: (?:today|tonight|tomorrow|this \w+|next \w+|on \w+day|\w+day))?"
_TASKS_ASKED = (rf"\b(?:what|which|how many) (?:tasks|to-?dos|reminders) (?:do|did) i have(?: (?:left|open|pending|"
                rf"due|on|planned))?(?: to do)?{_WHEN_DUE}\s*[?.!]*$|"
                rf"\bany (?:tasks|to-?dos|reminders)(?: (?:left|due|open|pending))?(?: (?:for|on))?{_WHEN_DUE}"
                r"\s*[?.!]*$")

_LIST = (r"(?:to-?do(?:s| list)?|tasks?|list|shopping(?: list)?|grocer(?:y|ies)(?: list)?|todos?|agenda|reminders?|"
         r"inbox|todoist)(?!(?:\s+list)?\s+notes?\b)")  # "my shopping (list) note" is a note's name

# A request to add or be reminded: the day it names is the new task's due date, not a day to look at.
_NOT_ADDING = (r"^(?!.*\bremind me\b|.*\bnew (?:task|to-?do|reminder)\b|(?:(?:can|could|would|will) you |please )*"
               r"(?:add|put|stick|pop|jot|schedule|create|set a reminder|don'?t let me forget)\b).*?")


# a reminder of something to do, at a time said later: "remind me what I need to pack tomorrow
# morning", "remind me who I have to call at 3pm" (not "remind me what time my flight is tomorrow")
_TO_BE_REMINDED = (r"remind me (?:what|who|where|which) (?:i|we) (?:need|have|must|should|ought|want|got) to\b"
                   r"(?=.*\b(?:tomorrow|tonight|later|at noon|at \d|in (?:an?|\d+) (?:minutes?|hours?)|on "
                   r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|this (?:morning|afternoon|evening)|next week))")

TASKS = Family(
    "tasks",
    does="add, list and complete your Todoist tasks",
    names=frozenset({"tasks", "task", "todo", "todos", "todoist", "reminders"}),
    prefixes=("todoist_", "task_", "todo_"),
    anchors=frozenset({"todoist", "todo", "task", "tasks", "reminder", "reminders"}),
    cues=cues(
        (3.5, r"\btodoist\b"),
        (3, r"\b(?:remind|reminde|remnd|nudge|prod)(?:er)? me\b(?!,? (?:what|how|who|why|which|where|of what))|"
            r"\b(?:be|get|being) reminded\b|"
            r"\b" + _TO_BE_REMINDED),
        (3, r"\b(?:have i got|do i have|i have|is there|got) anything (?:to do|on|due|planned|scheduled|left)\b"),
        (3, r"\bwhat (?:do|have|did) i (?:have|got|plan|want|mean|intend|need) (?:on|going on|planned|scheduled|"
            r"lined up|to do)\b|\b(?:the|that|this) \"…\" (?:task|to-?do|reminder|item)\b"),
        (3, r"\b(?:set|add|create|make|schedule|log|record|jot|note) (?:a |an |another )?(?:new )?(?:reminder|task|"
            r"to-?do)\b"),
        (3, r"\b(?:the|that) [\w\s'\"…-]{1,30} (?:one|task|thing|item|job) is (?:done|finished|complete|sorted|dealt "
            r"with)\b"),
        (3, r"\b(?:delete|remove|cancel|clear) (?:the |my |that |this )?(?:reminder|task|to-?do)\b|"
            r"^what'?s on (?:today|tomorrow|tonight|this \w+|next \w+|for \w+|\w+day)\b|"
            r"^add (?!(?:up|a|an|the|these|those|them|this|that|it|all|everything|\d+|more|some|another|details?|"
            r"examples?|comments?|context|explanations?|"
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
        (3.5, _TASKS_ASKED),
        (3, r"\bcomplete (?:the |my |that |this )?(?!(?:the )?following).{0,30}?\b(?:task|to-?do|item)\b|"
            r"^(?:complete|finish|tick off|"
            r"check off|close out|mark|scratch|cross off|strike|delete|remove)\s+\"…\"|"
            r"\b(?:done|finished|completed) (?:with )?\"…\""),
        (3, r"\b(?:what'?s|what is|anything|something|what do i have|what have i got|"
            r"what else is) (?:left )?(?:on|in) (?:my|the|today's|tomorrow's|this week's|next week's) (?:plate|"
            r"list|agenda|schedule|to-?do|docket|slate|calendar)"),
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
        (3, r"\b(?:anything|something) (?:i )?(?:should|must|need to|ought to) (?:be )?(?:doing|working on|do)\b|"
            r"^(?:list|show|display|get)\b.{0,20}\b(?:tasks|to-?dos|reminders)\b"),
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
    negatives=cues(
        (3, r"^(?:add|sum) (?:up )?-?[\d.]+ (?:and|to|\+|plus|with)\b"),
        (3, r"\breminder (?:emails?|letters?|messages?|templates?|notices?|texts?|notifications? in)\b|\b(?:email|"
            r"letter|message) templates?\b"),
        (3, r"\b(?:asyncio|celery|background|cron|gradle|async|scheduled|parallel|multi-?) tasks?\b"),
        (3, r"\b(?:best|good|favou?rite|recommended|free) (?:to-?do|task|reminder)s? (?:app|apps|manager|tool|"
            r"software)\b"),
        (3, r"\b(?:task|to-?do) (?:manager|management|queue|scheduler|runner)\b"),
        # what a goal takes: "what tasks do I have to do to get a visa"
        (3, r"\b(?:what|which) (?:tasks|steps|things) (?:do|would|will|did) (?:i|you|we) (?:have|need) to (?:do|"
            r"complete|finish) (?:to|in order to|for|before)\b"),
        # a note is what is changed: "cross bread off my shopping list note" (not "remind me to write a
        # note", nor a task that mentions one)
        (3, r"^(?!.*\b(?:remind(?:er)?|tasks?|to-?dos?(?! note)|to-?do list)\b).*\b(?:to|on|onto|in|into|from|off|"
            r"out of) (?:my|the|our) (?:[\w-]+ ){0,2}note\W*$"),
    ),
    hints=hints(
        todoist_add_task=r"\b(?:add|put|stick|pop|remind|new|create|set|schedule|need to|have to|"
                         r"don't let me forget|remember to|todo:|task:|include|recu[ée]rdame)\b",
        todoist_today=_NOT_ADDING + r"\b(?:today|tonight|this (?:morning|afternoon|evening)|now|on my plate|"
                                    r"supposed to|what'?s left)\b",
        todoist_upcoming=_NOT_ADDING + r"\b(?:tomorrow|week|upcoming|next|coming up|due|overdue|monday|tuesday|"
                                       r"wednesday|thursday|friday|saturday|sunday)\b",
        todoist_complete_task=r"\b(?:done|complete|completed|finished|check(?:ed)? (?:it )?off|tick|cross|mark|"
                              r"close)\b",
    ),
)



MEMORY = Family(
    "memory",
    does="remember what you tell me, and recall it in later conversations",
    names=frozenset({"memory", "memories", "profile"}),
    prefixes=("memory_",),
    anchors=frozenset({"memory", "memories", "remember", "recall", "memorize"}),
    stores={"memory_remember": "memory_recall"},
    cues=cues(
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
            r"\b(?:have|did) i (?:ever )?(?:mentioned|mention|told you|tell you|said)\b|"
            r"\b(?:hang|hold) on to (?:this|that)\b|\bmake a mental note\b|"
            r"\b(?:where|when|who|how) (?:did|have) i (?:say|said|tell|told you|mention)\b"),
        (3, r"\bfrom (?:your )?(?:memory|memories)\b|\bscratch that\b.{0,30}\b(?:about me|about my|my)\b"),
        (3, r"^(?:please )?(?:forget|erase|stop remembering)\b|\b(?:forget|erase|delete|remove|wipe|drop|clear|"
            r"stop remembering)\b.{0,40}?\b(?:you know|you remember|memory|memories|about me|about my|that i|"
            r"i told you|what i said|everything)\b"),
        (3, r"\b(?:from now on|going forward|in (?:the )?future|for (?:the )?future(?: reference)?|next time)\b|"
            r"\b(?:always|never) (?:answer|reply|respond|use|call|address|write|speak|talk)\b"),
        (4, r"\babout me\s*:"),
        (3.5, r"\b(?:note|remember|keep in mind|bear in mind) that i(?:'m| am)? (?:prefer|like|love|hate|allergic|"
              r"vegetarian|vegan|don't|do not|always|never|usually|can't)\b"),
        (3, r"\b(?:stop|quit) calling me\b|\bcall me \w+ (?:instead|from now on)\b"),
        (2, r"\bi prefer\b"),
        (3, r"^call me\b|\bi go by\b|\bmy name is\b|\bmerke dir\b|\brecuerda que\b|\bsouviens-toi\b"),
        (2, r"\btell me my\b"),
        (3, r"^(?:what|who|when)(?:'s| is| was) my [\w-]+'s (?:name|birthday|number|address|email|age|job|"
            r"phone)\b"),
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
        # a fact about the user that replaces one: "actually my dentist is Dr. Park now"
        (4, rf"(?=.*(?:{CHANGED})){UPDATE_STATED}"),
        # a message that is one lasting fact about the user, told plainly: "I live in Lisbon"
        (3.5, FACT_STATED),
        # a question about the user's own life: only memory can know ("where do I live?")
        (3, r"^(?:where|which city|what city|what country|what town) do (?:i|we) (?:live|work|study)\b"
            r"(?! .*\b(?:should|could|best|cheapest)\b)"),
        # a question about the user's own people and things: only memory can know ("who is my sister?")
        (3, rf"^(?:what|who|where|when|which|how old)(?:'s| is| are| was| were)? (?:my|our) {OWN}\b|"
            rf"^(?:where|what|when) (?:does|did|do) (?:my|our) {OWN} (?:live|work|study|drive|do for (?:a )?living|"
            rf"go to (?:school|college|university)|grow up|move|say|tell|like|prefer|call|meet)\b"
            rf"(?! .*\b(?:mean|means|why|how|should|when (?:he|she|it|they))\b)"),
        # someone's birthday asked about: what memory holds of it (recall counts the days to it)
        (6, BIRTHDAY_ASKED),  # specific enough to outweigh the textbook frame of "how many days"
        (3, r"\bi (?:told|mentioned|said to|gave) you\b|\bwhat i (?:said|told you|mentioned)\b"),
        # the user's own facts asked back: "remind me what my wifi password is", "what am I allergic to?"
        # (not a reminder to be set: "remind me who I need to call at 3pm")
        (3, r"^(?:(?:can|could) you )?(?!" + _TO_BE_REMINDED + r")remind me (?:(?:what|who|where|which|how old) "
            r"(?:my|our|i)|when (?:my|our|is my))\b|"
            r"^(?:what|which \w+) am i (?:allergic|intolerant|sensitive) to\b|"
            r"^am i (?:allergic|intolerant) to [\w-]+(?: [\w-]+){0,2}[?.!]*$|"
            r"^what (?:car )?do i (?:drive|own)\s*[?.!]*$"),
        # taking back what was just remembered: "don't remember that", "forget that"
        (3.5, TAKEN_BACK),
        (1, r"\b(?:remember|forget|recall|memory|preferences?)\b"),
    ),
    negatives=cues(
        # a change of mind about anything: "oh forget it", "never mind, forget about it"
        (3, r"^(?:(?:oh|ok|okay|never ?mind|nah|no|meh)[,!.]?\s+)*forget (?:it|about it)\W*$"),
        # erasing a note is the notes' business (which say they cannot), not memory's
        (3, r"^(?:please )?(?:erase|delete|remove|forget|wipe) (?:my |the |that |this )?(?:\w+ )?note\b"),
        (3, r"\bmemory (?:leaks?|usage|allocation|management|footprint|bandwidth|cards?|sticks?|chips?|safety|"
            r"errors?|limit)\b"),
        (3, r"\b(?:ram|rom|vram|gpu|heap|cache|swap|gigabytes?|gb|mb)\b|\b(?:human|long-term|short-term|working|"
            r"muscle|photographic) memory\b"),
        (3, r"\bremember (?:when|the (?:\w+ )?(?:war|year|day|time|moon|wall|game|election|battle|revolution|"
            r"crash))\b|\bforgetting curve\b"),
        (3, r"\b(?:can|do|will) you (?:remember|recall) (?:things|anything|stuff|conversations?|between)\b"),
    ),
    hints=hints(
        memory_remember=rf"(?:{FACT_STATED})|"
                        rf"^(?!(?=.*(?:{CHANGED})){UPDATE_STATED})(?!.*\b(?:don'?t|do not) (?:remember|save|keep|"
                        r"store)\b)(?:.*?)\b(?:(?<!you )(?<!you still )remember|"
                        r"(?:keep|bear) (?:that |this |it )?in mind|don't forget|from now on|going forward|always|"
                        r"never|call me|go by|store|memori[sz]e|my name is|i'm|i am|is|are)\b",
        memory_update=r"\b(?:update|actually|changed|moved|switched|correct|(?<!from )now(?! on)|instead|"
                      r"no longer|anymore)\b",
        memory_forget=r"\b(?:(?<!don't )(?<!dont )(?<!not )(?<!never )forget|erase|delete|remove|wipe|drop|clear|"
                      r"stop remembering)\b|" + TAKEN_BACK,
        memory_recall=r"\b(?:what do you (?:know|remember)|what'?s my|what is my|do you (?:remember|know)|remind me|"
                      r"am i|what do i|"
                      r"what did i (?:tell|say)|what have i told|my preferences|when is my|where do i|"
                      r"what \w+ do i|you (?:know|remember|recall|have)|i (?:told|said|mentioned))\b"
                      r"|^(?:what|when|where|who|which|how old)\b.{0,40}\bmy\b|" + BIRTHDAY_ASKED,
        memory_search=r"\b(?:search|find|anything about|look up)\b",
    ),
)




NOTES = Family(
    "notes",
    does="read, write, add to, edit, list and search your notes",
    names=frozenset({"notes", "note", "vault", "obsidian", "journal"}),
    prefixes=("note_", "notes_"),
    anchors=frozenset({"note", "notes", "journal", "vault", "obsidian", "diary", "notebook"}),
    cues=cues(
        (3, r"\b(?:daily|today'?s|yesterday'?s|tomorrow's|monday's|weekly) (?:notes?|journal|log|entry|page)\b"),
        (3.5, r"\b(?:to|in|into|on) (?:my|today's|the daily|the) (?:\w+ ){0,2}(?:note|notes|journal|vault|diary|"
              r"notebook)\b|\b(?:from|out of|off) (?:my|the) (?:\w+ ){0,2}note\b(?!s)"),
        (3, r"\bmy (?:\w+ |\"…\" )?(?:notes?|journal|vault|diary|notebook|log)\b|\b(?:in|from|to|into) (?:the |"
            r"my )?(?:vault|obsidian)\b"),
        (3, r"\bjot\b|\b(?:write|note|put|get|take|scribble) (?:this |that |it )?down\b|^(?:new|quick) note\b"),
        (3, r"\b(?:take|make|create|write|add|start|open|leave) (?:a |an |another |the |new )?(?:quick |short |"
            r"new )?(?:note|journal entry|diary entry|log entry|entry)\b"),
        # a note acted on by name: "delete the groceries note" (which the note tools cannot do: told so)
        (3, r"^(?:please )?(?:erase|delete|remove|trash|rename|move|archive|wipe|open|read|show(?: me)?) (?:my |the |"
            r"that |this )?(?:[\w.-]+ ){1,2}note\s*[.!?]*$"),
        # a note asked for outright: enough to say so when the notes are not set up
        # (not "write a note thanking Sarah": a text to compose, which a model writes)
        (4.5, r"^(?:make|take|save|create|start|jot down) (?:me )?(?:a|an|another) (?:new |quick |short )?"
              r"note\b(?!s)(?! (?:to|for) (?:my|the|our|a|an|him|her|them)\b)"),
        (3, r"\b(?:the|my|this|that|a) (?:\w+ )?note (?:about|on|called|titled|named|where|with|from|for)\b|"
            r"\bnote (?:to self|that i)\b"),
        (3.5, r"\bwhat i (?:wrote|jotted|noted|put|logged)(?: down)? (?:about|on|regarding|for)\b"),
        (3.5, NOTES_LISTED + r"|\b(?:list|show|see|view|browse)(?: me)? (?:all |all of )?my \w+ notes\b|"
              r"\b(?:read|open|show)(?: me)? my (?!(?:sick|doctor'?s|cover|suicide|thank[- ]you|love) note)"
              r"(?:\w+ ){0,2}note\b"),
        (3, r"\bwhat (?:did|have|had) i (?:written|write|jot(?:ted)?|noted?|logged?|journal(?:l?ed)?|put down)\b|"
            r"\b(?:anything|something) (?:written|jotted|noted) down\b|"
            r"\bsave (?:this|that|it|\"…\") (?:as|in|to) (?:a |my |the )?(?:note|journal)\b|"
            r"\bas a (?:new )?note\b|\b(?:in|to|into) a (?:new )?note\b"),
        (3, r"^(?:log|journal|note)(?: down)?(?: (?:that|this|it)\b|\s*:)|^(?:log|journal|jot)\b(?! (?:in|out|on|"
            r"off|into|file|level|scale|the (?:output|result|error|response)|errors?|messages?|output)|"
            r"\s*(?:\(|base \d|(?:of )?-?\d+(?:\.\d+)?\s*(?:$|[?.!)]|[-+*/^×÷])))|^append\b|"
            r"\bappend (?:this |that |it )?to\b"),
        (3, r"\b(?:search|look through|check|grep|scan|go through) (?:the |my )?(?:vault|notes|journal|notebook|"
            r"diary)\b|^(?:do i have )?any notes (?:about|on|mentioning)\b"),
        (3, r"(?<![\w/-])[\w/-]+\.md\b|\bnotiz\b|\bnota (?:diaria|del día)\b"),
        (2, r"\b(?:notes?|journal|diary|notebook|entry) (?:on|about|for|from|called|titled)\b|\bjournal\b"),
        (2, r"\bobsidian\b|\bvault\b"),
    ),
    negatives=cues(
        (3, r"\bmusical notes?\b|\boctave\b|\bchords?\b|\bkey of\b|\bscales?\b|\b[A-Ga-g](?:#|♯|♭| sharp| flat)? "
            r"(?:major|minor)\b|\b(?:high|low|quarter|eighth|half|whole|"
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
        (3, r"\bbank ?notes?\b|\bsticky notes?\b|\brelease notes\b|\bfootnotes?\b|\bpatch notes\b|\bliner notes\b|"
            r"\b(?:sick|cover|suicide|doctor'?s|delivery|credit|promissory|love|ransom|thank[- ]you|speaker) notes?\b"),
    ),
    # no note tool deletes, renames or moves a note: a small model shown the note tools read it out instead
    cannot=cannot_do((r"^(?:(?:please|can you|could you|then|and|now|ok|okay|so)[,!]?\s+)*"
                      r"(?:delete|remove|erase|trash|rename|move|archive|forget|wipe)\b"
                      r"(?!.{0,60}\b(?:from|in|of|out of|off|inside) (?:the |my |this |that |all )?(?:\w+ ){0,2}"
                      r"(?:all )?(?:notes?|note's|journal|diary)\b)(?!.{0,40}\bnote's\b)",
                      "I can't do that: my note tools read, write, add to, list and search notes, but none "
                      "deletes, renames or moves one. Do it in your notes folder.")),
    hints=hints(
        note_daily=r"\b(?:daily|today'?s|today|journal|log|jot|diary)\b",
        note_read=r"(?!.*" + NOTES_LISTED + r")\b(?:read|open|show|what'?s in|what is in|what did i write|look at|"
                  r"from (?:monday|yesterday))\b",
        # all of them: not those about something or from somewhere
        notes_list=NOTES_LISTED + r"(?! (?:about|on|regarding|mentioning|that|which|with|containing|for|from)\b)",
        note_write=r"\b(?:create|new note|write (?:a|the) note|save (?:this|that|it) as|note called|note titled|"
                   r"make a note|take a note)\b",
        # a change inside a note: "delete the milk line in my shopping note", "change eggs to 12 eggs in …"
        note_edit=r"^(?:(?:please|can you|could you|now|ok|okay|and|then)[,\s]+)*(?:delete|remove|erase|"
                  r"cross|take (?:out|off)|strike|scratch|change|replace|correct|edit|fix)\b.{1,80}\b"
                  r"(?:from|in|out of|off|on) (?:the |my |this |that )?(?:\w+ ){0,2}note\b",
        # (not "what's in my trip note", which asks to read it)
        note_append=r"\b(?:append|add to|put (?:this|that|it) in|add (?:this|that|it) to|to the \w+ note|"
                    r"(?:to|into) my (?:\w+ ){1,2}note|(?<!what's )(?<!what is )(?<!whats )in my (?:\w+ ){1,2}note)\b",
        notes_search=r"\b(?:search|find|any notes|notes (?:\w+ ){0,3}(?:on|about|regarding|mentioning)|"
                     r"what did i (?:write|jot|note) about|"
                     r"where i wrote|what i (?:wrote|jotted|noted)|where did i (?:write|put|note|save|jot)|"
                     r"check my notes)\b",
    ),
)
