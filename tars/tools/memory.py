"""Long-term memory as one plain markdown file the user can read and edit (`memory.md`).

Sections hold the kinds of memory: `## Pinned` (always in the prompt), `## Facts` (semantic:
about the user and their world, put in the prompt when relevant) and `## Rules` (procedural:
how tars should behave, always in the prompt). One item per `- ` line. Other markdown files in
the folder are searched too. Items are found again by their text (exact, contained or fuzzy);
an ambiguous match is refused with the candidates rather than changing the wrong item.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tars.atomic import LOCK_NAME, decoded, update_file
from tars.errors import ToolError
from tars.tools import date_phrases, dates, when
from tars.tools.birthdays import counted
from tars.tools.fact_wording import also_said, home_of, is_question, replaces, second_person, third_person
from tars.tools.memory_file import (
    TEMPLATE,
    Item,
    inserted,
    joined,
    memory_chunks,
    parse,
    replaced,
)
from tars.tools.memory_requests import bare_thing
from tars.tools.search_index import SearchIndex

__all__ = ["MemoryStore", "MEMORY_RECALL", "remembered_home", "rules_only"]

_HEADING_LINE = "What you remember about the user (their memory file; use it, don't recite it):"
_RULES_TITLE = "Rules to follow"
MEMORY_RECALL = "memory_recall"  # the tool's name: the pipeline hands it what a question asks about

MAX_ITEM = 500


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.casefold()).split())


_FILLER = frozenset("a an the that is are was my i".split())


def _same(a: str, b: str) -> bool:
    """Duplicates: the same words in the same order, up to case, punctuation and filler ("the", "my",
    ...). Not fuzzy: "meeting at 3pm" and "meeting at 4pm" are different memories, and so are
    "Ben is older than Anna" and "Anna is older than Ben"."""
    wa, wb = _norm(a).split(), _norm(b).split()
    return wa == wb or [w for w in wa if w not in _FILLER] == [w for w in wb if w not in _FILLER]


def _said(what: str, text: str, sep: str = ": ") -> str:
    """The one sentence that confirms a change, told to the user ("Remembered: Your cat is called Miso.")."""
    text = second_person(text)
    return f"{what}{sep}{text}" + ("" if text.endswith((".", "!", "?")) else ".")


def _clean(text: str) -> str:
    text = " ".join(text.split())
    if not text:
        raise ToolError("memory text is empty")
    if len(text) > MAX_ITEM:
        raise ToolError(f"memory items are one line of at most {MAX_ITEM} characters; shorten it")
    return _dated(text)


# a day named from today ("tomorrow", "next friday", "in 3 days") means another day once it has passed
_FROM_TODAY = re.compile(rf"\b(?:today|tonight|tomorrow|yesterday|next|this|last|coming|in \w+ (?:days?|weeks?)|"
                         rf"{when.WEEKDAY})\b", re.IGNORECASE)


# ... but "next month" or "this year" names no one day, and a day told in the past tense ("my last
# day was friday") is not the next one of that name
_NO_ONE_DAY = re.compile(r"^(?:next|this|last|coming)\s+(?:year|month|week|weekend)$", re.IGNORECASE)
_PAST = re.compile(r"\b(?:was|were|had|did|went|came|left|ended|finished|started|began|happened)\b", re.IGNORECASE)


def _dated(text: str) -> str:
    """A fact with each day named from today given its date too, so it stays true after that day:
    "The user's exam is tomorrow" -> "The user's exam is tomorrow (Thursday 26 November 2026)"."""
    now = dates.now()
    for phrase, said in reversed(date_phrases.find(text, now)):
        at = text.find(phrase)
        if not _FROM_TODAY.search(phrase) or f"{said.date:%Y}" in text or _NO_ONE_DAY.match(phrase) \
                or re.search(r"\b(?:every|each)\s+$", text[:at], re.IGNORECASE):  # "every monday" is no day
            continue
        if said.date > now.date() and _PAST.search(text[:at]):
            continue
        text = f"{text[:at + len(phrase)]} ({said.date:%A %-d %B %Y}){text[at + len(phrase):]}"
    return text


def _recalled(texts: list[str], count: int) -> str:
    """Items recall shows, told to the user as they stand in memory (every one: a small model
    retelling them picked one of two conflicting facts and garbled who was speaking)."""
    more = f" ({count - len(texts)} more not shown.)" if count > len(texts) else ""
    return " ".join(_with_count(_said("", text, sep=""), text) for text in texts) + more


def _with_count(sentence: str, text: str) -> str:
    """A remembered birth date or birthday told with the age and the next birthday, counted by tars."""
    count = counted(text)
    return f"{sentence[:-1]} ({count}){sentence[-1]}" if count else sentence


class _NoMatch(ToolError):
    """No remembered item is like the one named."""


def _find(items: list[Item], query: str) -> Item:
    """The one item `query` names, as written or in the third person the items are kept in."""
    try:
        return _find_as_written(items, query)
    except ToolError:
        if third_person(query.strip()) == query.strip():
            raise
        return _find_as_written(items, third_person(query.strip()))


def _find_as_written(items: list[Item], query: str) -> Item:
    """The one item `query` names; ToolError listing candidates when none or several match."""
    q = _norm(query)
    exact = [it for it in items if _norm(it.text) == q]
    if len(exact) == 1:
        return exact[0]
    contained = exact or [it for it in items if q and (q in _norm(it.text))]
    if len(contained) == 1:
        return contained[0]
    pool = contained or items
    scored = sorted(((difflib.SequenceMatcher(None, q, _norm(it.text)).ratio(), it) for it in pool),
                    key=lambda p: -p[0])
    if not contained and scored and scored[0][0] >= 0.75 and (len(scored) == 1 or scored[0][0] - scored[1][0] >= 0.1) \
            and _respelled(q, _norm(scored[0][1].text)):
        return scored[0][1]
    candidates = [it.text for score, it in scored[:5] if contained or score >= 0.4]
    listed = "; ".join(f"{n}) {c}" for n, c in enumerate(candidates, 1))
    if not contained:
        raise _NoMatch(f"no memory matches {query!r}" + (f"; the closest: {listed}. Quote the one you mean exactly"
                                                         if candidates else "; use memory_recall to list what is "
                                                         "remembered"))
    raise ToolError(f"several memories could match {query!r}: {listed}. Quote the one you mean exactly.")


def _respelled(query: str, text: str) -> bool:
    """Whether each word of `query` is in `text` or spelled close to one of its words: a near match
    by letters alone would take "I live in Lisbon" for "lives in Braga", "doctor" for "dentist"."""
    said = text.split()
    return all(word in said or difflib.get_close_matches(word, said, n=1, cutoff=0.8) for word in query.split()
               if word not in _FILLER)


def _about(items: list[Item], subject: str, *, theirs: bool = False) -> Item:
    """The one item that says what `subject` ("my dentist") is: it starts with it ("The user's dentist
    is Dr. Lee"; not "The user's dentist's office is…" nor, by likeness, "The user's doctor…"), or
    is all of it ("my cat is called Miso"); with `theirs`, an item about the subject's own things
    counts too ("my sister": "The user's sister's birthday is …"), as for a forget, never for an update."""
    start = third_person(subject.strip().rstrip(".")).casefold() + " "
    starts = (start, start.rstrip() + "'s ") if theirs else (start,)
    about = [it for it in items if it.text.casefold().startswith(starts) or it.text.casefold() + " " == start]
    if not about:
        raise _NoMatch(f"no memory is about {subject.strip()!r}")
    if len(about) > 1:
        listed = "; ".join(f"{n}) {it.text}" for n, it in enumerate(about[:5], 1))
        raise ToolError(f"several memories are about {subject.strip()!r}: {listed}. Quote the one you mean exactly.")
    return about[0]


def _named(items: list[Item], text: str, *, theirs: bool = False) -> Item:
    """The item an update or a forget names: "my dentist" is the one about the dentist (`_about`),
    anything else the one it quotes or closely matches (`_find`)."""
    return _about(items, text, theirs=theirs) if text.strip().lower().startswith("my ") else _find(items, text)


_ASKING = frozenset("what whats who where when which how the and you your are was were does did remember know "
                    "about tell".split())


def _closest(found: list[Item], query: str) -> list[Item]:
    """Of the items a search found, those most about the question: about the thing whose it asks
    ("my cat's name": the cat's, not every name kept), or holding the most of its words ("my
    favourite food": not the favourite colour)."""
    asked = query.strip().casefold()
    owner = re.search(r"\b(?:my|our|the)\s+([a-z][\w-]*)'s\b", asked) or \
        re.match(r"^(?!(?:what|who|where|when|how|that|it|there|here|let)'s)([a-z][\w-]*)'s\b", asked)
    if owner and (about := [it for it in found if re.search(rf"\b{re.escape(owner[1])}\b", it.text.casefold())]):
        return about
    words = [w for w in re.findall(r"[a-z]+", asked) if len(w) > 2 and w not in _ASKING]

    def held(item: Item) -> int:
        text = item.text.casefold()
        return sum(any(re.search(rf"\b{form}", text) for form in (word, *also_said(word))) for word in words)

    counts = [held(item) for item in found]
    best = max(counts, default=0)
    return [it for it, count in zip(found, counts, strict=True) if count == best] if best >= 2 else found


# memory.md is the user's to edit: one saved by an editor in the Windows encoding is read as that
# (and written back as UTF-8 at the next change), not refused
_EDITOR_ENCODING = "cp1252"


def remembered_home(folder: Path) -> str | None:
    """The place memory (in `folder`) says the user lives in, the last one in memory.md (a new fact
    goes to the end of the facts); None when it says none. ("Moved to" is not read: "I moved to
    Linux" is no home.)"""
    try:
        items = parse(decoded((folder / "memory.md").read_bytes(), _EDITOR_ENCODING))
    except OSError:
        return None
    homes = [home for it in items if it.kind in ("fact", "pinned") and (home := home_of(it.text))]
    return homes[-1] if homes else None


class MemoryStore:
    """The memory folder: `memory.md` plus whatever else the user keeps there."""

    SOURCE = "memory"

    def __init__(self, folder: Path, index: SearchIndex) -> None:
        self.folder = folder
        self.file = folder / "memory.md"
        self.index = index

    def _update(self, change: Callable[[list[str]], list[str]]) -> None:
        def apply(old: str) -> str:
            return joined(change((old or TEMPLATE).splitlines()))

        update_file(self.file, apply, lock_path=self.folder / LOCK_NAME, fallback=_EDITOR_ENCODING)

    def items(self) -> list[Item]:
        try:
            return parse(decoded(self.file.read_bytes(), _EDITOR_ENCODING))
        except FileNotFoundError:
            return []

    def remember(self, text: str, kind: str = "fact") -> dict[str, Any]:
        if is_question(text):
            raise ToolError(f"{text.strip()!r} is a question, not something to remember: nothing was stored. "
                            "Answer it with memory_recall or memory_search.")
        if (said := re.match(r"^\s*(rule|pinned|fact)\s*:\s*(?=\S)", text, re.IGNORECASE)) and kind == "fact":
            kind, text = said[1].lower(), text[said.end():]  # "rule: always use celsius", as /remember reads it
        # a correction is kept as the fact it corrects to: "… is actually 13 March" is "… is 13 March"
        text = re.sub(r"\b(is|are|was|were) (?:actually|really) ", r"\1 ", third_person(_clean(text)), count=1)
        if kind == "fact" and (thing := bare_thing(text)):
            raise ToolError(f"{thing!r} names something to remember but says nothing of it: nothing was stored. "
                            f"Ask the user what to remember about {thing}.")
        outcome: dict[str, Any] = {}

        def change(lines: list[str]) -> list[str]:
            items = parse("\n".join(lines))
            for item in items:
                if _same(item.text, text):
                    outcome.update(status="already remembered", kind=item.kind, text=item.text,
                                   confirmation=_said("I already remember that", item.text))
                    return lines
            # "my dentist is Dr. Patel" over "The user's dentist is Dr. Lee": the new value replaces
            # the one old fact of that subject (a pinned one stays pinned), and the user is told what it was
            older = [it for it in items if kind in ("fact", "pinned") and it.kind in ("fact", "pinned")
                     and replaces(text, it.text)]
            if len(older) == 1:
                outcome.update(status="updated", old=older[0].text, kind=older[0].kind, text=text,
                               confirmation=_said(f"Updated: {second_person(older[0].text)} ->", text, sep=" "))
                return replaced(lines, older[0], text)
            outcome.update(status="remembered", kind=kind, text=text, confirmation=_said("Remembered", text))
            return inserted(lines, kind, text)

        self._update(change)
        return outcome

    def update(self, old: str, new: str, kind: str | None = None) -> dict[str, Any]:
        said, new = new, third_person(_clean(new))
        outcome: dict[str, Any] = {}

        def change(lines: list[str]) -> list[str]:
            item = _named(parse("\n".join(lines)), old)
            outcome.update(status="updated", old=item.text, text=new, kind=kind or item.kind,
                           confirmation=_said(f"Updated: {second_person(item.text)} ->", new, sep=" "))
            if kind and kind != item.kind:
                return inserted(lines[: item.line] + lines[item.line + 1:], kind, new)
            return replaced(lines, item, new)

        try:
            self._update(change)
        except _NoMatch:
            if _norm(old) not in _norm(said):
                raise
            # "my dentist is Dr. Park now" with nothing about a dentist remembered: a new fact, said whole
            outcome = self.remember(said, kind or "fact")
            subject = second_person(third_person(old.strip()))
            outcome["confirmation"] += f" (Nothing about {subject[:1].lower() + subject[1:]} was remembered before.)"
        return outcome

    def forget(self, text: str) -> dict[str, Any]:
        outcome: dict[str, Any] = {}

        def change(lines: list[str]) -> list[str]:
            item = _named(parse("\n".join(lines)), text, theirs=True)
            outcome.update(status="forgotten", kind=item.kind, text=item.text,
                           confirmation=_said("Forgotten", item.text))
            return lines[: item.line] + lines[item.line + 1:]

        self._update(change)
        return outcome

    def recall(self, query: str | None = None, kind: str | None = None, limit: int = 30) -> dict[str, Any]:
        # a pinned item is a fact kept in every prompt: asked for facts, it is one
        kinds = {"fact", "pinned"} if kind == "fact" else {kind}
        items = [it for it in self.items() if kind is None or it.kind in kinds]
        matched = items
        if query:
            wanted = {_norm(h.text) for h in self.search_hits(" ".join([query, *also_said(query)]), limit=limit)}
            q = _norm(query)
            matched = _closest([it for it in items if _norm(it.text) in wanted or q in _norm(it.text)], query)
        # no item shares a word with the question ("my favourite drink" beside "you prefer tea"):
        # every item is shown, so that nothing that answers it in other words is hidden
        shown = (matched or items)[:limit]
        told = _recalled([it.text for it in shown], len(matched or items))
        if not shown:
            told = f"Nothing in memory{f' mentions {query!r}' if query else ''}{f' among the {kind}s' if kind else ''}."
        elif query and not matched:
            told = f"Nothing in memory mentions {query!r}. All it has: {told}"
        else:
            told = f"From memory: {told}"
        return {"count": len(matched), "items": [{"kind": it.kind, "text": it.text} for it in shown],
                "truncated": len(matched or items) > len(shown), "file": str(self.file), "confirmation": told}

    def search_hits(self, query: str, *, limit: int = 8):
        self.index.refresh(self.SOURCE, self.folder, memory_chunks, recursive=False)
        return self.index.search(self.SOURCE, query, limit=limit)

    def search(self, query: str, limit: int = 8) -> dict[str, Any]:
        hits = self.search_hits(query, limit=limit)
        return {"query": query, "count": len(hits),
                "results": [{"file": h.path, "section": h.section, "snippet": h.snippet} for h in hits]}

    def context(self, user_text: str, budget: int) -> str | None:
        """Pinned items and rules, then facts relevant to `user_text`, within `budget` characters."""
        items = self.items()
        if not items or budget <= 0:
            return None
        lines = [f"- {it.text}" for it in items if it.kind == "pinned"]
        rules = [f"- {it.text}" for it in items if it.kind == "rule"]
        facts = {_norm(it.text): it.text for it in items if it.kind == "fact"}
        relevant = []
        if user_text.strip() and facts:
            relevant = [facts[n] for h in self.search_hits(user_text, limit=12) if (n := _norm(h.text)) in facts]
        body = [_HEADING_LINE]
        for title, group in (("Pinned", lines), (_RULES_TITLE, rules),
                             ("Relevant facts", [f"- {t}" for t in dict.fromkeys(relevant)])):
            if group:
                body += [f"{title}:", *group]
        if len(body) == 1:
            return None
        out, used = [], 0
        for line in body:
            if used + len(line) + 1 > budget:
                break
            out.append(line)
            used += len(line) + 1
        return "\n".join(out) if len(out) > 1 else None


def rules_only(paragraph: str) -> str | None:
    """A system-prompt paragraph without the memory in it but its rules: for a step that tells what
    tool results say, where a small model retold pinned facts ("The user's memory file contains
    the URL…") instead; what the user asked always to be done still holds. Other paragraphs are
    returned as they are; None for memory with no rules."""
    lines = paragraph.split("\n")
    if not lines or lines[0] != _HEADING_LINE:
        return paragraph
    start = next((i for i, line in enumerate(lines) if line == f"{_RULES_TITLE}:"), None)
    if start is None:
        return None
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].startswith("- ")), len(lines))
    return "\n".join(lines[start:end])
