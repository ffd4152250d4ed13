"""Note tools' arguments, read from a request that names the note ("what's in my trip note?",
"add "check passport" to my trip note", "create a note called trip with the packing list").

The embedded model asked for "my trip note" asked back for the note's path, though the vault has
trip.md: the user's name for a note is its path without the extension, which the vault adds.
Anything less plain is left to the model (None).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["NOTE_APPEND", "NOTE_DAILY", "NOTE_EDIT", "NOTE_READ", "NOTE_WRITE", "NOTES_LIST", "NOTES_LISTED",
           "NOTES_SEARCH", "append_asked", "daily_asked", "edit_asked", "list_asked", "read_asked", "search_asked",
           "write_asked"]

NOTE_READ, NOTE_APPEND, NOTE_WRITE, NOTES_LIST = "note_read", "note_append", "note_write", "notes_list"  # tools
NOTE_EDIT, NOTES_SEARCH, NOTE_DAILY = "note_edit", "notes_search", "note_daily"

# asking which notes there are: "list my notes", "what notes do I have" (not "... to sing", "the
# notes of the melody"); the router's cue is made of this too
NOTES_LISTED = (r"(?:\b(?:list|show|see|view|browse)(?: me)? (?:all |all of )?my notes\b|"
                r"\b(?:what|which|how many) notes (?:do|have|did) i (?:have|got|keep|written)\b(?! to\b)|"
                r"\bnotes do i have\b(?! to\b))")
# ... and nothing more: which folder, or which notes, is not said
_ALL_LISTED = re.compile(rf"^(?:(?:please|can you|could you|ok|so|now|and)[,\s]+)*{NOTES_LISTED}(?:,? please)?"
                         r"\s*[?.!]*$", re.IGNORECASE)

# "my trip note", "the groceries note", "my note trip.md", "the note called trip"
_NAME = r"[\w][\w./-]*(?: [\w][\w./-]*)?"
_NOTE = (rf"(?:(?:my|the) (?:note (?:(?:called|named|titled) )?[\"']?(?P<after>{_NAME})[\"']?|"
         rf"notes? (?:called|named|titled) [\"']?(?P<called>{_NAME})[\"']?|[\"']?(?P<before>{_NAME})[\"']? note))")
_END = r"(?:,? please)?\s*[?.!]*$"
# a text as the request gives it: in double or single quotes, or bare
_TEXT = r"(?:\"[^\"]+\"|'[^']+'|[^\"']+?)"
_READ = re.compile(rf"^(?:(?:please|can you|could you)\s+)*(?:what(?:'s| is) in|show(?: me)?|read(?: me)?|open)"
                   rf" {_NOTE}{_END}", re.IGNORECASE)
_APPEND = re.compile(rf"^(?:(?:please|can you|could you)\s+)*(?:add|append|put|jot down|write) (?P<text>{_TEXT}) "
                     rf"(?:to|in|into|on(?:to)?) {_NOTE}{_END}", re.IGNORECASE)
# "create a note called trip with the packing list", "write a note named groceries: eggs, milk"
_WRITE = re.compile(r"^(?:(?:please|can you|could you)\s+)*(?:create|write|make|start|add|new)(?: me)? "
                    rf"(?:a )?(?:new )?note (?:called|named|titled) [\"']?(?P<called>{_NAME})[\"']?"
                    r"(?:\s*[:\u2014-]\s*|\s+(?:with|saying|that says|containing)\s+(?:the (?:text|words?) )?)"
                    r"(?P<content>\S.*?)\s*$", re.IGNORECASE)
# content that points at something else ("what we discussed", "this", "today's weather"): a model
# must write it out, not tars copy the pointer
_REFERS = re.compile(r"^(?:what|whatever|everything|all (?:of )?(?:that|this|the)|this|that|these|those|it|them|"
                     r"the (?:above|following|result|answer|list|output|same)|today'?s|my )\b|\b(?:you|we|our|us)\b",
                     re.IGNORECASE)
# words in a note's place that name none: "my daily note", "my notes please", "my note too"
_NOT_NAMES = frozenset("""daily today's todays latest last new next first other same please too again also as now
then here there folder vault it this that one""".split())


def _name(match: re.Match[str]) -> str | None:
    groups = match.groupdict()
    name = (groups.get("after") or groups.get("called") or groups.get("before") or "").strip()
    return None if any(word in _NOT_NAMES for word in name.lower().split()) else name


def read_asked(message: str) -> dict[str, Any] | None:
    """note_read's path from "what's in my trip note?" and its like (the note to be shown), or None."""
    match = _READ.match(" ".join(message.split()))
    name = match and _name(match)
    return {"path": name, "show": True} if name else None


def append_asked(message: str) -> dict[str, Any] | None:
    """note_append's path and text from 'add "check passport" to my trip note', or None."""
    match = _APPEND.match(" ".join(message.split()))
    name = match and _name(match)
    if not match or not name:
        return None
    text = match["text"].strip()
    if text == _unquoted(text) and _REFERS.search(text):  # "add it to my trip note": what "it" is, a model reads
        return None
    return {"path": name, "text": _unquoted(text)}


def _unquoted(text: str) -> str:
    """`text` without the quotes that only wrap it ("'build a bird feeder'"); quotes inside stay."""
    text = text.strip()
    if len(text) > 1 and text[0] == text[-1] and text[0] in "\"'“”‘’" and text[0] not in text[1:-1]:
        return text[1:-1]
    if len(text) > 1 and (text[0], text[-1]) in (("“", "”"), ("‘", "’")):
        return text[1:-1]
    return text


_POLITE = r"^(?:(?:please|can you|could you|now|ok|okay|and|then)[,\s]+)*"
# "delete the milk line in my shopping note", "remove 'call Bob' from my todo note"
_REMOVE = re.compile(rf"{_POLITE}(?:delete|remove|erase|cross out|cross off|take out|take off|strike off|strike out|"
                     rf"strike)\s+"
                     rf"(?:the (?:line |item |entry )?)?(?P<old>{_TEXT})"
                     rf"(?: (?:line|item|entry))?\s+(?:from|in|out of|off|on)\s+{_NOTE}{_END}", re.IGNORECASE)
# "cross bread off my shopping note", "take the milk line out of the shopping note" (not "take the
# phone number out of my contacts note", which asks to read it)
_OFF = re.compile(rf"{_POLITE}(?:(?:cross|strike|scratch)(?=.*\s(?:off|out of)\s)|"
                  rf"take(?=.*\s(?:off|(?:line|item|entry) out of)\s))\s+"
                  rf"(?:the (?:line |item |entry )?)?(?!(?:my|your|a|an)\b)(?P<old>{_TEXT})"
                  rf"(?: (?:line|item|entry))?\s+(?:off|out of)\s+{_NOTE}{_END}", re.IGNORECASE)
# "change eggs to 12 eggs in my shopping note", "replace 'Tuesday' with 'Wednesday' in the trip note"
_REPLACE = re.compile(rf"{_POLITE}(?:change|replace|correct)\s+(?P<old>{_TEXT})\s+"
                      rf"(?:to|with|into)\s+(?P<new>{_TEXT})\s+(?:in|on)\s+{_NOTE}{_END}",
                      re.IGNORECASE)
# what names a place in the note, not its text: "the last line", "the duplicates", "everything"
_PLACE_WORDS = re.compile(r"^(?:(?:the )?(?:last|first|second|third|top|bottom|final|next|previous|empty|blank|"
                          r"duplicate|same|other)\b|(?:the )?(?:lines?|words?|date|dates|links?|sentences?|"
                          r"paragraphs?|headings?|titles?|typos?|spaces?)\b|(?:the )?duplicates?$|about\b|every|all\b|"
                          r"it$|them$|this$|that$|everything$)", re.IGNORECASE)
# a second change in the same breath: "change eggs to 12 eggs and milk to oat milk"
_SECOND = re.compile(r"\b(?:and|then)\b.*\b(?:to|with)\b", re.IGNORECASE)


def edit_asked(message: str) -> dict[str, Any] | None:
    """note_edit's path and text from "delete the milk line in my shopping note" or "change eggs to
    12 eggs in my shopping note", or None. (Offered only note_append, the embedded model added the
    request itself to a new note.)"""
    text = " ".join(message.split())
    match = _REMOVE.match(text) or _OFF.match(text) or _REPLACE.match(text)
    name = match and _name(match)
    if not match or not name:
        return None
    old = _unquoted(match["old"])
    new = _unquoted(match["new"]) if match.re is _REPLACE else ""
    if not old or _PLACE_WORDS.match(old) or (new and (_PLACE_WORDS.match(new) or _SECOND.search(new))):
        return None
    return {"path": name, "old": old, "new": new} if new else {"path": name, "old": old}


def write_asked(message: str) -> dict[str, Any] | None:
    """note_write's path and content from "create a note called trip with the packing list", or None.
    (A small model wrote it to notes/trip.md: a folder the user never named.)"""
    match = _WRITE.match(" ".join(message.split()))
    name = match and _name(match)
    if not match or not name or _REFERS.search(match["content"]):
        return None
    return {"path": name, "content": _unquoted(match["content"])}


def list_asked(message: str) -> dict[str, Any] | None:
    """notes_list's arguments for "list my notes" or "what notes do I have?": none (the whole vault),
    or None when more is said. (A small model listed a folder named after the last note.)"""
    return {} if _ALL_LISTED.match(" ".join(message.split())) else None


# what to look for in the notes: "search my notes for passport", "what did I write about the trip?"
_SEARCH = re.compile(rf"{_POLITE}(?:(?:search|grep|check|look through|go through) (?:(?:my|the|all (?:my|the)) )?"
                     r"(?:notes|vault|journal) (?:for|about) (?P<a>.+?)|(?:find|look for) (?P<b>.+?) in (?:my|the) "
                     r"(?:notes|vault|journal)|what (?:did|have) i (?:write|written|jot(?:ted)?|note(?:d)?)(?: down)? "
                     r"(?:about|on|regarding) (?P<c>.+?)|(?:do i have )?any notes (?:about|on|mentioning) (?P<d>.+?))"
                     rf"(?: in my notes)?{_END}", re.IGNORECASE)
# a pointer, not words to look for: "what did I write about it?", "search my notes for that"
_POINTER = re.compile(r"^(?:it|that|this|them|those|these|what we (?:said|discussed)|everything|anything)$",
                      re.IGNORECASE)


def search_asked(message: str) -> dict[str, Any] | None:
    """notes_search's query from "search my notes for passport" or "what did I write about the
    trip?" (a small model searched for the whole question), or None."""
    match = _SEARCH.match(" ".join(message.split()))
    if match is None:
        return None
    query = next(g for g in match.groups() if g)
    if re.search(r"[?;]|,\s|\s(?:and|then)\s+(?:what|how|is|are|summari[sz]e|tell)\b", query, re.IGNORECASE):
        return None  # more is asked after it: "… about the trip? Summarise it"
    query = re.sub(r"^(?:the (?:word|words|phrase|term)|anything (?:about|on)|the|my|a|an)\s+", "", query,
                   flags=re.IGNORECASE)
    query = _unquoted(re.sub(r"\s+in my (?:journal|diary|notebook)$", "", query, flags=re.IGNORECASE).strip())
    return {"query": query} if query and not _POINTER.match(query) else None


# today's note: "add buy stamps to today's note", "jot down: call the plumber"; read: "what's in
# today's note?", "what did I jot down today?"
_TODAY = r"(?:today'?s|my daily|the daily|my today'?s|my) (?:daily )?(?:note|journal|log|diary|page)(?: for today)?"
_DAILY_ADD = re.compile(rf"{_POLITE}(?:(?:add|append|put|write|jot down|log|note down) (?P<a>{_TEXT}) "
                        rf"(?:to|in|into|on(?:to)?) {_TODAY}|(?:jot|note|log|write)(?: (?:this|that|it))?"
                        rf"(?: down)?\s*:\s*(?P<b>.+?))\s*$", re.IGNORECASE)
_DAILY_READ = re.compile(rf"{_POLITE}(?:(?:what(?:'s| is) in|show(?: me)?|read(?: me)?|open) (?:today'?s|my daily|"
                         r"the daily) (?:daily )?(?:note|journal|log|diary|page)|what (?:did|have) i (?:jot(?:ted)?|"
                         rf"note(?:d)?|write|written|log(?:ged)?)(?: down)? today){_END}", re.IGNORECASE)


_POINTED = re.compile(r"^(?:the|your|that|this) [\w-]+$", re.IGNORECASE)  # "the summary", "your answer"


def daily_asked(message: str) -> dict[str, Any] | None:
    """note_daily's text from "add buy stamps to today's note" (a small model kept "to today's note"
    in the text), none from "what's in today's note?" (read it), or None."""
    text = " ".join(message.split())
    if _DAILY_READ.match(text):
        return {}
    match = _DAILY_ADD.match(text)
    if match is None:
        return None
    written = match["a"] or match["b"]
    said = _unquoted(written)
    # "add it / the summary / your answer to today's note": what that is, a model reads from the chat
    if not said or (said == written and (_REFERS.search(said) or _POINTED.match(said))):
        return None
    return {"text": said}
