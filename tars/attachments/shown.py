"""The text that came with a request, shown as it is when that is all the request asks ("what does
this file say?").

Asked what a two-line file said, the embedded model retold a remembered fact from its prompt as the
file's content. A short text file or piped input is shown by tars itself; a longer one, or anything
more asked of it ("what does this file say about X?"), goes to the model as usual.
"""

from __future__ import annotations

import re

from tars.attachments.counts import POLITE, one_text, without_at_files
from tars.safe_text import printable

__all__ = ["shown_told"]

MAX_SHOWN = 4_000  # characters shown as they are: a longer text is the model's to summarise
# only to see it: not "read this" (a letter to answer) nor "what does this say?" (a text in another
# language to read out in the user's), which a model reads
_SHOW = re.compile(
    POLITE + r"(?:what does (?:this|the|that) (?:file|attachment|document) say|"
    # "what's in @notes.txt?" is "what's" once the file it attaches is taken out (with its "in")
    r"what(?:'s| is) in (?:this|the|that) (?:file|attachment|document)|what'?s|"
    r"show(?: me)? (?:this|the|that) (?:file|attachment|document))"
    r"(?:,?\s+please)?\s*[?.!]*$", re.IGNORECASE)
_NAME = re.compile(r"^\[attached (?:input|file): (?P<name>.*), [^,\]]+\]$", re.MULTILINE)


def shown_told(request: str, attached: str) -> str | None:
    """The one short text that came with `request`, headed by its name, when the request asks only to
    see it; None otherwise."""
    text = one_text(attached)
    if text is None or len(text) > MAX_SHOWN or not _SHOW.match(without_at_files(request)):
        return None
    named = _NAME.search(attached)
    if not text.strip():
        return f"{printable(named['name'])} is empty." if named else "The text is empty."
    return f"{printable(named['name'])}:\n\n{text.strip()}" if named else f"It says:\n\n{text.strip()}"
