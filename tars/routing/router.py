"""The tool-intent router: does this message need tools, and which ones.

`Router` holds what it knows about the current tools (built-in families, families learned from MCP
servers, literal tool names) and decides in well under a millisecond, with no network. It can
follow a `ToolRegistry`: `registry.subscribe(router.update_tools)`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tars.routing.capabilities import capabilities_asked, capabilities_told
from tars.routing.concepts import kinds
from tars.routing.cues import BUILTIN_FAMILIES
from tars.routing.cues.exact import MONEY_ASKED
from tars.routing.decision import SURE, THRESHOLD, Band, Decision, band_of
from tars.routing.family import Family
from tars.routing.given import given
from tars.routing.learned import (
    NAME_NOUNS,
    VERBS,
    WORD,
    coverage,
    initials,
    learn_family,
    name_words,
    said_in,
    stem,
    words,
)
from tars.routing.learned import stems as message_stems
from tars.routing.no_tool import no_tool_answer
from tars.routing.signals import Signals, read_signals
from tars.tools.calc import CALCULATOR
from tars.tools.fact_wording import is_question

if TYPE_CHECKING:
    from tars.tools.base import Tool

__all__ = ["Router", "Decision", "THRESHOLD", "SURE", "Band", "band_of"]  # the decision's, from one place

# Telling the user to set tools up takes more than one sure cue, which can be a word in passing
# ("count the lines in README.md" is no note); "add milk to my todo list" clears it.
_SET_UP_BAR = SURE + 0.5
# ... and a message that asks for something (after any polite opening, `Signals.lead`): "add …",
# "what did I write …", not "here are my notes …"
_ASKS = re.compile(
    r"(?:add|create|make|put|remind|jot|note|log|save|write|append|list|show|read|open|search|find|look|check|"
    r"mark|complete|tick|finish|close|delete|remove|cross|take|change|replace|get|fetch|google|convert|what|what's|whats|"
    r"which|when|where|do|did|"
    r"have|has|is|are|any|how|tell)\b"
    rf"|{MONEY_ASKED}")  # "50 dollars in euros" asks for a rate as plainly
# ... but not for advice, which a model gives without the tools: "what's the best way to organise my todo list?"
# (asked up front: "remind me to suggest a restaurant" is a request)
_ADVICE = re.compile(
    r"(?:what(?:'s| is| are|'re)? (?:the |some |a )?(?:best|good|better|right|"
    r"easiest|nice)\b|how (?:should|can|could|do|would|to)\b|should (?:i|we)\b|do you think\b|"
    r"what (?:can|could|should) (?:i|we)\b|(?:any )?(?:tips|ideas|suggestions)\b|suggest\b|is it (?:better|worth))")
# a message about something an earlier turn found ("that page", "read it"): the router sees one message,
# so a request that may be about a page already read is no sign that a missing tool is wanted
_REFERS_BACK = re.compile(r"\b(?:that|this|the|those|these) (?:page|article|site|website|link|post|url|result)s?\b|"
                          r"\b(?:it|them)\b")
# a statement about the user, which is told, not asked: "I live in Lisbon", "my cat is called Tom"
_STATES = re.compile(r"^(?:i|i'm|i am|i've|i have|we|we're|we are|my|our)\b"
                     r"(?!.*\b(?:you|your|need|want|forgot|forget|remind|recall|remember|memory|tell|find)\b)")
# Two things a learned tool is about (its name's or first sentence's words, not its verbs), though not its
# name, make a request near it: unsure, so a model decides ("switch the air conditioner to dry mode").
_NEAR = 2.5
_MARGIN = 1.0  # a family this far behind the sure best one is a word in passing ("add … to today's journal")
# A learned family needs more than a hand-written cue to be sure: at SURE itself the model still has its say
# (may call no tool), since a description's words also fit requests near its topic ("type of blood cells").
_LEARNED_SURE = SURE + 0.5
# A command verb opening the message: with a learned family's noun it reads as a request to its tools.
_IMPERATIVE = re.compile(
    r"^(?:create|open|list|show|find|search|get|add|make|start|stop|read|write|delete|remove|close|check|"
    r"look up|send|book|convert|run|fetch|cancel|reschedule|move|rename|upload|download|post|file)\b"
)


@dataclass(frozen=True)
class _Index:
    """Everything derived from one tool set; rebuilt whole and swapped, so reads need no lock."""

    literals: dict[str, str]  # lower-case wire name or alias -> wire name
    families: tuple[tuple[Family, tuple[str, ...]], ...]  # family, its tools
    family_of: dict[str, str]  # wire name -> family name
    vocab: dict[str, frozenset[str]]  # wire name -> its words, to order hints

    @classmethod
    def build(cls, tools: Iterable[Tool]) -> _Index:
        literals: dict[str, str] = {}
        builtin: dict[str, list[str]] = {}
        learned: dict[str, list[tuple[str, str]]] = {}
        family_of: dict[str, str] = {}
        vocab: dict[str, frozenset[str]] = {}
        for tool in tools:
            name = tool.name
            description = tool.description or ""
            for literal in _literal_forms(name, tool.aliases):
                literals[literal] = name
            own = frozenset(name_words(name))
            vocab[name] = own | frozenset(words(description))
            declared = tool.family
            fam = _builtin_family_of(name, declared, set(own))
            if fam is not None:
                builtin.setdefault(fam.name, []).append(name)
                family_of[name] = fam.name
                continue
            source = tool.source
            key = declared or (source if source and source != "builtin" else None) or _prefix(name)
            learned.setdefault(key, []).append((name, description))
            family_of[name] = key
        families = [(f, tuple(builtin[f.name])) for f in BUILTIN_FAMILIES if f.name in builtin]
        families += [(learn_family(k, pairs), tuple(n for n, _ in pairs)) for k, pairs in learned.items()]
        return cls(literals, tuple(families), family_of, vocab)


# Name words that qualify a tool of a family without changing what it is about.
_PLAIN = frozenset({"current", "today", "daily", "hourly", "now", "local", "live", "latest", "all", "my"})


def _builtin_family_of(name: str, family: str | None, words: set[str]) -> Family | None:
    """The built-in family a tool belongs to: by its `family`, its name prefix, then its name's words."""
    for fam in BUILTIN_FAMILIES:
        if family and family.lower() in fam.names:
            return fam
    if family:  # an explicit family that is not ours is a learned one
        return None
    for fam in BUILTIN_FAMILIES:  # "todoist_" opens a name; "calculate" is one ("calculate_triangle_area" is not)
        if any(name.startswith(p) if p.endswith("_") else name == p for p in fam.prefixes):
            return fam
    base = name.split("__", 1)[-1]  # a dotted namespace stays: "legal_case.fetch" is about legal cases
    topic = {w for w in name_words(base.replace(".", "_")) if w not in VERBS | _PLAIN | NAME_NOUNS}
    for fam in BUILTIN_FAMILIES:  # every word that says what it is about is the family's: "get_current_weather"
        if words & fam.anchors and topic <= fam.anchors:  # not "calculate_final_temperature"
            return fam
    return None


def _literal_forms(name: str, aliases: Iterable[str]) -> list[str]:
    """Names a user may write for a tool; bare dictionary words ("fetch") are cues, not names."""
    forms = [name, *aliases]
    if "__" in name:
        forms.append(name.replace("__", ".", 1))
    return [f.lower() for f in forms if len(f) >= 3 and re.search(r"[_.\-0-9]", f)]


def _prefix(name: str) -> str:
    parts = name_words(name)
    return name.split("__", 1)[0] if "__" in name else (parts[0] if parts else name)


class Router:
    """Decides per message whether tools are needed, learning new families as tools change."""

    def __init__(self, tools: Iterable[Tool] = ()) -> None:
        self._index = self._missing = _Index.build(())
        self._why: dict[str, str] = {}
        self.update_tools(tools)

    def update_tools(self, tools: Iterable[Tool]) -> None:
        """Relearn from a tool set; tools marked `unavailable` are learned only to tell the user
        what to set up when a message wants them."""
        tools = list(tools)
        missing = [t for t in tools if t.unavailable]
        self._why = {t.name: t.unavailable or "" for t in missing}
        self._index = _Index.build([t for t in tools if not t.unavailable])
        self._missing = _Index.build(missing)

    @property
    def families(self) -> list[str]:
        return [fam.name for fam, _ in self._index.families]

    def _calculator(self) -> tuple[str, bool] | None:
        """The calculator's family and whether it is local, when the calculator is offered."""
        family = self._index.family_of.get(CALCULATOR)
        return None if family is None else (family, any(f.local for f, _ in self._index.families if f.name == family))

    def decide(self, message: str, *, attached: str = "") -> Decision:
        """Whether `message` wants tools, which, and why; independent of the configured models.
        A message that surely wants tools which are not set up says what the user must set; one
        that no tool here does at all ("set a timer") gets tars's answer that it cannot.
        `attached`: the text that came with the message (files, pages, piped input)."""
        if capabilities_asked(message) and not attached.strip():  # "help" with a traceback is about the traceback
            return Decision(needs_tools=False, family=None, tool_hints=(), reason="asks what tars can do",
                            told=capabilities_told(self._index.families, self._missing.families, self._why))
        decision = self._decided(message, attached)
        if decision.family is None and not decision.needs_tools and not decision.told \
                and (cannot := no_tool_answer(message)):
            told, able = cannot
            if doers := [name for name, vocab in self._index.vocab.items() if vocab & able]:
                # a tool here may do it after all, though no cue named it: a model decides
                return Decision(needs_tools=True, family=self._index.family_of[doers[0]], tool_hints=tuple(doers),
                                score=THRESHOLD, reason=f"asks what {doers[0]!r} may do")
            return Decision(needs_tools=False, family=None, tool_hints=(), told=told,
                            reason="no tool here does what it asks")
        return decision

    def _decided(self, message: str, attached: str) -> Decision:
        sig = read_signals(message)
        decision = given(_decide(self._index, message, sig), message, attached, self._calculator())
        if not self._why:
            return decision
        wanted = _decide(self._missing, message, sig)
        if wanted.told and not decision.needs_tools:  # what no tool does, set up or not
            return wanted
        if decision.told:  # ... and what the set-up tools cannot do is no sign that missing ones are wanted
            return decision
        body = sig.text[sig.lead:]
        if decision.needs_tools:  # a family's set-up tool, unless the message points at one that is not
            # ... or asks for a missing family far more surely, by its name ("add eggs to my shopping
            # note": not a task; "add call Bob to my todo note" names both, and goes to the one set up)
            outweighed = wanted.family != decision.family and wanted.score >= _SET_UP_BAR \
                and wanted.score >= decision.score + _MARGIN and _named(self._missing, wanted.family, body) \
                and not _named(self._index, decision.family, body)
            if not outweighed and (wanted.family != decision.family or _pointed(self._index, decision.family, body)
                                   or not _pointed(self._missing, wanted.family, body) or _REFERS_BACK.search(body)):
                return decision
        elif wanted.score < _SET_UP_BAR:
            return decision
        if not _ASKS.match(body) or _ADVICE.match(body):
            return decision
        why = "; ".join(dict.fromkeys(self._why[n] for n in wanted.tool_hints if n in self._why))
        return Decision(needs_tools=False, family=wanted.family, tool_hints=wanted.tool_hints,
                        reason=f"{wanted.reason}; its tools are not set up", unavailable=why)


def _named(index: _Index, family: str | None, body: str) -> bool:
    """Whether `body` says one of `family`'s own names ("note", "todo")."""
    words = set(WORD.findall(body))
    return any(fam.name == family and words & fam.names for fam, _ in index.families)


def _pointed(index: _Index, family: str | None, body: str) -> list[str]:
    """The tools of `family` in `index` whose hint pattern `body` matches ("search …" is web_search)."""
    return [name for fam, names in index.families if fam.name == family for name in names
            if (pattern := fam.hints.get(name)) is not None and pattern.search(body)]


def _decide(index: _Index, message: str, sig: Signals) -> Decision:
    """The decision for `message` (whose signals are `sig`) with the tools of `index`."""
    named = _literal_hits(message.lower(), index.literals)
    if named:
        family = index.family_of.get(named[0])
        mates = [n for fam, names in index.families if fam.name == family for n in names]
        return Decision(needs_tools=True, family=family, tool_hints=tuple(dict.fromkeys([*named, *mates])),
                        score=99.0,
                        reason=f"tool name {named[0]!r} mentioned")
    body = sig.text[sig.lead:]
    stems = message_stems(body)
    # a learned tool's name may abbreviate the message's words ("gcd"): their initials,
    # and the kinds its words are instances of ("euros": currency), both worked out once
    learned = any(fam.topics for fam, _ in index.families)
    instances = kinds(body, stems) - stems if learned else frozenset()
    spelled = stems | initials(body) | instances if learned else stems
    opening = WORD.match(body)
    lead = stem(opening.group(0)) if opening else ""  # "calculate …": a learned tool's own verb
    scored = []
    for fam, names in index.families:
        score, label, weight = _score(fam, sig, body, stems, spelled, lead, instances)
        if score >= THRESHOLD:
            scored.append((score, weight, fam, names, label))
    if not scored:
        return Decision(needs_tools=False, family=None, tool_hints=(), reason=_no_cue_reason(sig))
    scored.sort(key=lambda item: (-item[0], -item[1]))  # ties go to the more specific cue
    score, _, best, _, label = scored[0]
    if best.hints_decide and any(p.search(body) for p in best.hints.values()):
        score = max(score, SURE)  # its hint patterns name the tool: as sure as a cue can be
        scored[0] = (score, *scored[0][1:])
    if best.learned and SURE <= score < _LEARNED_SURE:  # words read from a description, not written for it
        score = SURE - 0.5
    if told := next((t for p, t in best.cannot if p.search(body)), None):
        return Decision(needs_tools=False, family=best.name, tool_hints=(), told=told,
                        reason=f"{best.name} cue: {label!r}, but no {best.name} tool does what it asks")
    if band_of(score) == "sure":  # a clearly weaker cue of another family is not what is asked
        scored = [item for item in scored if band_of(item[0]) == "sure" and item[0] >= score - _MARGIN]
    hints: list[str] = []
    for _, _, fam, names, cue in scored:  # a tool whose name the message says is the one it wants
        hints += [cue] if cue in names else _order_hints(fam, names, body, stems, index.vocab,
                                                         sure=band_of(score) == "sure")
    if is_question(message):  # a question is recalled, never stored
        stores = {n for _, _, fam, _, _ in scored for n in fam.stores}  # the storing tools' names
        hints = [h for h in hints if h not in stores] or [n for n in scored[0][3] if n not in stores]
    elif _STATES.match(body):  # "I live in Lisbon" tells; a small model had recalled it
        recalls = {n for _, _, fam, _, _ in scored for n in fam.stores.values()}  # the recalling tools' names
        hints = [h for h in hints if h not in recalls] or hints
    label = label if len(label) <= 40 else label[:39] + "…"
    reason = f"{best.name} cue: {label!r}"
    if sig.deixis and sig.deixis not in label:
        reason += f" + {sig.deixis!r}"
    return Decision(needs_tools=True, family=best.name, tool_hints=tuple(dict.fromkeys(hints)),
                    reason=reason, score=score, local=best.local)


def _literal_hits(text: str, literals: dict[str, str]) -> list[str]:
    """Tool names written as whole tokens, in order of appearance (substring search: fast on long pastes)."""
    found: list[tuple[int, str]] = []
    for literal, name in literals.items():
        start = text.find(literal)
        while start >= 0:
            end = start + len(literal)
            if _boundary(text, start - 1, -1) and _boundary(text, end, 1):
                found.append((start, name))
                break
            start = text.find(literal, start + 1)
    return list(dict.fromkeys(name for _, name in sorted(found)))


def _boundary(text: str, i: int, step: int) -> bool:
    """True when text[i] does not continue a name: "weather_now." ends the name, "weather_now_x" does not."""
    if i < 0 or i >= len(text):
        return True
    char = text[i]
    if char.isalnum() or char == "_":
        return False
    if char in ".-":  # a joiner only when a name character follows it outward
        return _boundary(text, i + step, step) if 0 <= i + step < len(text) else True
    return True


def _score(fam: Family, sig: Signals, body: str, stems: frozenset[str], spelled: frozenset[str], lead: str = "",
           instances: frozenset[str] = frozenset()) -> tuple[float, str, float]:
    """How strongly `body` asks for `fam`: the best cue, a little for corroboration, then context
    (`spelled`: the message's stems with the initials of its word runs and the kinds its words are
    `instances` of, for learned tools' names).

    Returns (score, the best cue's text, the best cue's weight)."""
    best, label, count, at_lead, whole = 0.0, "", 0, False, False
    for cue in fam.cues:
        match = cue.pattern.search(body)
        if match is None:
            continue
        count += 1
        at_lead = at_lead or (match.start() == 0 and cue.weight >= 3)
        # a cue that is the whole message ("what is the weather like?") is no textbook question
        whole = whole or (match.start() == 0 and match.end() >= len(body.rstrip()) and cue.weight >= 4)
        if cue.weight > best:
            best, label = cue.weight, match.group(0)
    if fam.keywords:
        for word in stems & fam.keywords.keys():
            count += 1
            if fam.keywords[word] > best:
                best, label = fam.keywords[word], word
        at_lead = at_lead or (best >= 2 and _IMPERATIVE.match(body) is not None)
    covered, said, partly = coverage(fam, spelled, lead, instances) if fam.topics else (0.0, "", False)
    unsure = False  # the tool's name is only partly said: a model decides
    if covered:  # the message names what one tool is about: a textbook frame is its subject (not a how-to)
        count += 1
        if covered > best:
            # partly named: the tool is a guess, so `said` is the message's words, no hint over its mates'
            best, label, unsure = covered, said, partly
    if count == 0:
        return 0.0, "", 0.0
    score = best + 0.5 * min(count - 1, 2) + (1.0 if at_lead else 0.0)
    if len(body.split()) <= 2 and best >= 2:  # a terse command: "tasks", "forecast?", "rain later?"
        score += 1.0
    elif covered and not unsure and len(body.split()) <= 4:
        score += 0.5
    score += min((1.0 if sig.deixis or sig.place else 0.0) + (1.0 if sig.personal else 0.0), 1.5)
    # the learned tool's own words the message says: three or more make its coding words the tool's
    # subject ("the `runIt` method of a debug session"), not a coding question, unless code is asked for
    near = sorted(w for w in fam.keywords.keys() if w not in VERBS and said_in(w, stems)) if fam.learned else []
    its_subject = len(near) >= 3 and sig.code < 4
    asked_how = sig.advice and not (sig.deixis or sig.place)
    if asked_how and covered and not unsure:  # "how to obtain the case details of R vs Adams": a model decides
        asked_how, unsure = False, True
    if (sig.textbook and not (covered or fam.asked_as_textbook or whole)) or asked_how:
        score -= 3.0 if sig.timeless else 2.0  # "in general" outweighs even a clock time
    if not (fam.code_domain or its_subject) and not (sig.code < 2 and sig.deixis):  # "the latest python release today"
        # a tool's subject said in a textbook frame is no coding question: "the derivative of the function 3x^2"
        # ... nor are coding words beside all a tool is about, unless code itself is asked for
        named_all = covered and not unsure and sig.code < 4
        score -= 0.0 if (covered and sig.general and not sig.advice) or named_all else sig.code
    if sig.creative:
        score -= 3.0
    for cue in fam.negatives:
        if cue.pattern.search(body):
            score -= cue.weight
            break
    if unsure:
        score = min(score, SURE - 0.5)
    if fam.learned and score < THRESHOLD and best < _NEAR:  # the frame's penalties and bonuses still count
        if len(near) >= 2:
            score, label = min(score - best + _NEAR, SURE - 0.5), " ".join(near)
    return score, label.strip(), best


def _order_hints(fam: Family, names: tuple[str, ...], body: str, stems: frozenset[str],
                 vocab: dict[str, frozenset[str]], *, sure: bool = False) -> list[str]:
    """The family's tools the message points at (by hint pattern or shared words): when the router
    is `sure` of the family, the one it points at most clearly (ties kept), otherwise those at least
    half as clearly as the best; all if none stand out."""
    ranked = []
    if fam.hints_decide:
        matched = [name for name in names if (p := fam.hints.get(name)) is not None and p.search(body)]
        if matched:
            return matched
    for name in names:
        pattern = fam.hints.get(name)
        hit = 2.0 if pattern is not None and pattern.search(body) else 0.0
        hit += len(stems & vocab.get(name, frozenset())) * (0.5 if pattern is not None else 1.0)
        ranked.append((hit, name))
    top = max((hit for hit, _ in ranked), default=0.0)
    floor = top - 0.25 if sure else top / 2  # a word shared in passing is no match beside a pattern that asks
    chosen = [name for hit, name in sorted(ranked, key=lambda r: -r[0]) if hit > 0 and hit >= floor]
    return chosen or list(names)


def _no_cue_reason(sig: Signals) -> str:
    if sig.code >= 4:
        return "no tool cue (a coding question)"
    if sig.textbook:
        return "no tool cue (a general question)"
    return "no tool cue"
