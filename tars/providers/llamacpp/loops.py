"""Stopping a reply that starts over: a small model may write its whole answer again, and again.

A repetition penalty only looks a few dozen tokens back, so a block of paragraphs repeated as a
whole slips through it. `RepeatStop` watches paragraphs: while the paragraph being written could
still be a copy of an earlier long one it is held back, and once it is a copy the reply ends
there (the copy is never shown). Other text passes straight through.
"""

from __future__ import annotations

__all__ = ["RepeatStop"]

_MIN_CHARS = 60  # a paragraph shorter than this may well recur on purpose ("```", "Example:")


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


class RepeatStop:
    """Feed it the reply's text as it streams; `stopped` says the model began to repeat itself."""

    def __init__(self) -> None:
        self.stopped = False
        self._seen: set[str] = set()
        self._current = ""  # the paragraph being written
        self._held = ""  # its part not shown yet (it may be a repeat)
        self._holding = False
        self._free = False  # this paragraph already differs from every earlier one

    def feed(self, text: str) -> str:
        """The part of `text` that may be shown now ("" once `stopped`)."""
        out: list[str] = []
        for ch in text:
            if self.stopped:
                break
            out.append(self._char(ch))
        return "".join(out)

    def finish(self) -> str:
        """What is still held back when the reply ends (not a repeat after all)."""
        if self.stopped:
            return ""
        held, self._held = self._held, ""
        return held

    def _char(self, ch: str) -> str:
        self._current += ch
        if self._current.endswith("\n\n") and self._current.strip():
            return self._paragraph_end(ch)
        if self._free:
            return ch
        norm = _norm(self._current)
        if not norm:
            return ch
        if not any(p.startswith(norm) for p in self._seen):
            self._free, self._holding = True, False
            held, self._held = self._held + ch, ""
            return held
        if norm in self._seen:  # a whole earlier paragraph, written again
            self.stopped = True
            self._held = ""
            return ""
        self._holding = True
        self._held += ch
        return ""

    def _paragraph_end(self, ch: str) -> str:
        norm = _norm(self._current)
        if self._holding and norm in self._seen:
            self.stopped = True
            self._held = ""
            return ""
        if len(norm) >= _MIN_CHARS:
            self._seen.add(norm)
        held, self._held = self._held + ch, ""
        self._current, self._holding, self._free = "", False, False
        return held
