"""The incremental parser: prose streams out as it arrives, tool markup never does.

One scanner serves both `parse` (feed everything, then finish) and streaming, so the two agree
for every split of the input. In prose it holds back only a suffix that may still become an
opener (`<tool_ca…`); a block is held until its end is known, then becomes calls (or, for weak
markups such as a ```json fence that is not a call, prose again).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from tars.events import Event, ReasoningDelta, TextDelta, ToolCall, ToolCallEvent, fold
from tars.toolcalls.markup import Context, Markup, Outcome, Region, ToolSet

__all__ = ["StreamParser"]

_log = logging.getLogger(__name__)
_HEADER_REST = re.compile(r"(?:all|python)\n|[\w.\-]+\n\s*\{")  # the rest of a Functionary header
_HEADER_SO_FAR = re.compile(r"[\w.\-]*(?:\n\s*)?")


class _Trim:
    """Drops leading and trailing white space of one channel without delaying anything else."""

    def __init__(self) -> None:
        self.started = False
        self.pending = ""
        self.skip = False

    def cut(self) -> None:
        """A call was removed here: the white space on both sides of it goes too."""
        self.pending, self.skip = "", True

    def add(self, text: str) -> str:
        if self.skip:
            text = text.lstrip()
            if not text:
                return ""
            self.skip = False
        if not self.started:
            text = text.lstrip()
            if not text:
                return ""
            self.started = True
        joined = self.pending + text
        core = joined.rstrip()
        self.pending = joined[len(core):]
        return core


@lru_cache(maxsize=64)
def _prefixes(openers: tuple[str, ...]) -> tuple[frozenset[str], int]:
    """Every proper prefix of the openers, and the longest prefix length."""
    found = {op[:k] for op in openers for k in range(1, len(op))}
    return frozenset(found), max((len(p) for p in found), default=0)


def _hold_index(buf: str, start: int, openers: tuple[str, ...]) -> int | None:
    """Earliest index from which the buffer's tail is a proper prefix of some opener."""
    prefixes, longest = _prefixes(openers)
    for k in range(min(longest, len(buf) - start), 0, -1):
        if buf[-k:] in prefixes:
            return len(buf) - k
    return None


class StreamParser:
    """Feed raw model text in chunks; get TextDelta / ReasoningDelta / ToolCallEvent events."""

    def __init__(self, format: str | None = None, tools: ToolSet | Iterable[Any] | None = None, *,
                 model: str | None = None, thinking: bool | None = None) -> None:
        """`thinking`: True when the prompt opened a think block (text before `</think>` is
        reasoning), False when the server already splits reasoning off (Ollama does), None to
        decide from the model name."""
        from tars.toolcalls.detect import resolve_format

        fmt = resolve_format(format, model)
        self.format = fmt.name
        _log.debug("tool-call format %s (asked %r, model %r)", fmt.name, format, model)
        self.sniffed: str | None = None
        self._markups: tuple[Markup, ...] = fmt.markups
        self._regions: tuple[Region, ...] = fmt.regions
        self._strong = tuple(m for m in self._markups if not m.weak and m.kind == "call")
        offered = tools if tools is None or isinstance(tools, ToolSet) else ToolSet(tools)
        self._ctx = Context(format=fmt.name, tools=offered, parse_inner=self._parse_inner)
        self._buf = ""
        self._pos = 0
        thinks_first = fmt.thinks_first(model) if thinking is None else thinking
        self._mode = "pending" if thinks_first else "text"
        self._call_ends_thinking = fmt.call_ends_thinking(model)
        self._trim_calls = fmt.trims_calls(model)
        self._opener = fmt.prompt_opener if self.format != "auto" else ""
        self._region: Region | None = None
        self._text = _Trim()
        self._reasoning = _Trim()
        self._done = False
        self.calls: list[ToolCall] = []
        self.errors: list[str] = []

    def _parse_inner(self, text: str) -> Outcome:
        """Markup found inside a block, parsed whole by a fresh parser of the same format and tools."""
        inner = StreamParser(None if self.format == "auto" else self.format, self._ctx.tools)
        reply = fold(inner.feed(text) + inner.finish())
        return Outcome(calls=[(c.name, c.arguments) for c in reply.tool_calls], text=reply.text,
                       notes=list(inner.errors))

    # -- public ---------------------------------------------------------------------------
    def feed(self, chunk: str) -> list[Event]:
        if self._done:
            raise RuntimeError("StreamParser.feed after finish")
        self._buf += chunk
        if not self._restore_opener(final=False):
            return []
        return self._run(final=False)

    def finish(self) -> list[Event]:
        events = [] if self._done else (self._restore_opener(final=True) and self._run(final=True)) or []
        self._done = True
        return events

    def _restore_opener(self, final: bool) -> bool:
        """Put back the header opener the prompt ended with when the output starts with the rest
        of a header; False while the start of the output cannot tell yet."""
        if not self._opener:
            return True
        if not final and _HEADER_SO_FAR.fullmatch(self._buf):
            return False
        if _HEADER_REST.match(self._buf):
            self._buf = self._opener + self._buf
        self._opener = ""
        return True

    # -- emitting -------------------------------------------------------------------------
    def _say(self, events: list[Event], text: str) -> None:
        if text and (out := self._text.add(text)):
            events.append(TextDelta(text=out))

    def _think(self, events: list[Event], text: str) -> None:
        if text and (out := self._reasoning.add(text)):
            events.append(ReasoningDelta(text=out))

    def _apply(self, events: list[Event], markup: Markup, raw: str, outcome: Outcome) -> None:
        tools = self._ctx.tools
        if markup.weak and (outcome.reject or not outcome.calls or (
                tools is not None and any(tools.resolve(n) is None for n, _ in outcome.calls))):
            if outcome.incomplete:
                self.errors.extend(outcome.errors)
            self._say(events, raw)  # not unmistakably a call: it stays prose, verbatim
            return
        if outcome.reject:  # not a call after all (a call that never completes): prose, never run
            self.errors.extend(outcome.errors)
            self._say(events, raw)
            return
        self.errors.extend(outcome.errors + outcome.notes)
        self._think(events, outcome.reasoning)
        if self._trim_calls and markup.kind == "call" and not outcome.text:
            self._text.cut()
        self._say(events, outcome.text)
        for name, arguments in outcome.calls:
            wire = name if tools is None else tools.resolve(name)
            if wire is None:
                self.errors.append(f"dropped a call to {name!r}: not an offered tool")
                continue
            call = ToolCall(name=wire, arguments=arguments)
            self.calls.append(call)
            self.sniffed = self.sniffed or markup.family
            events.append(ToolCallEvent(call=call))

    # -- scanning -------------------------------------------------------------------------
    def _run(self, final: bool) -> list[Event]:
        events: list[Event] = []
        step = {"text": self._step_text, "region": self._step_region, "pending": self._step_pending}
        while step[self._mode](events, final):
            pass
        return events

    def _find(self, final: bool, items: Iterable[Markup | Region]) -> tuple[str, int, Any] | None:
        """The earliest opener at or after the cursor: ("open", i, item), or ("hold", i, None)
        when the text there may still become one."""
        buf, start = self._buf, self._pos
        best: tuple[int, int, str, Any] | None = None  # (index, -len, kind, item); hold sorts first
        openers = []
        for item in items:
            op = item.opener
            openers.append(op)
            accept = getattr(item, "accept", None)
            i = buf.find(op, start)
            while i >= 0 and (best is None or i <= best[0]):
                verdict = True if accept is None else accept(buf, i, final, self._ctx)
                cand: tuple[int, int, str, Any]
                if verdict is None:
                    cand = (i, -10**9, "hold", None)
                elif verdict:
                    cand = (i, -len(op), "open", item)
                else:
                    i = buf.find(op, i + 1)
                    continue
                best = cand if best is None or cand[:2] < best[:2] else best
                break
        if not final and (h := _hold_index(buf, start, tuple(openers))) is not None:
            cand = (h, -10**9, "hold", None)
            best = cand if best is None or cand[:2] < best[:2] else best
        return None if best is None else (best[2], best[0], best[3])

    def _step_text(self, events: list[Event], final: bool) -> bool:
        found = self._find(final, (*self._markups, *self._regions))
        if found is None:
            self._say(events, self._buf[self._pos:])
            self._pos = len(self._buf)
            return False
        kind, i, item = found
        self._say(events, self._buf[self._pos:i])
        self._pos = i
        if kind == "hold":
            return False
        body_start = i + len(item.opener)
        if isinstance(item, Region):
            self._pos, self._mode, self._region = body_start, "region", item
            return True
        end = item.end(self._buf, body_start, final)
        if end is None:
            if not final:
                return False
            end = len(self._buf)
        self._apply(events, item, self._buf[i:end], item.handle(self._buf[body_start:end], self._ctx))
        self._pos = end
        return True

    def _step_region(self, events: list[Event], final: bool) -> bool:
        assert self._region is not None  # region mode is entered with the region it is in
        buf, closers = self._buf, self._region.closers
        hits = [(j, c) for c in closers if (j := buf.find(c, self._pos)) >= 0]
        if hits:
            j, closer = min(hits)
            self._think(events, buf[self._pos:j])
            self._pos, self._mode = j + len(closer), "text"
            return True
        hold = None if final else _hold_index(buf, self._pos, tuple(closers))
        stop = len(buf) if hold is None else hold
        self._think(events, buf[self._pos:stop])
        self._pos = stop
        return False

    def _step_pending(self, events: list[Event], final: bool) -> bool:
        """The prompt may have opened a think block: hold everything until `</think>` (all
        before it was reasoning), a tool-call opener (likewise), or the end (it was prose)."""
        buf = self._buf
        lead = buf[self._pos:].lstrip()
        if any(lead.startswith(r.opener) for r in self._regions):
            self._mode = "text"  # an explicit <think>: the ordinary path handles it
            return True
        if not final and any(r.opener.startswith(lead) for r in self._regions):
            return False
        closers = {c for r in self._regions for c in r.closers}
        hits = [(j, len(c)) for c in closers if (j := buf.find(c, self._pos)) >= 0]
        hits += [(j, -1) for m in self._strong if (j := buf.find(m.opener, self._pos)) >= 0]
        if hits:
            j, skip = min(hits)
            if skip < 0 and not self._call_ends_thinking:
                self._mode = "text"  # a call before any </think>: there was no thinking
                return True
            skip = max(skip, 0)
            self._think(events, buf[self._pos:j])
            self._pos, self._mode = j + skip, "text"
            return True
        if final:
            self._mode = "text"
            return True
        return False
