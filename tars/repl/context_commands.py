"""The context window at the prompt: `/context` (what the model is sent, in tokens and messages)
and `/compact [focus]` (make room now, keeping in full what the focus names)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tars.messages import Message
from tars.repl.commands import CommandContext, command

if TYPE_CHECKING:
    from tars.session import Session

__all__ = ["one_line", "summarised"]


@command("context", help="tokens the model is sent, split by part, and the messages in the context")
def _context(ctx: CommandContext, arg: str) -> None:
    from tars.providers.window import explain

    session = ctx.session
    budget = session.context_budget()
    sent = "the latest request" if session.meter.last is not None else "the next request, measured now"
    if budget.window:
        ctx.print(f"context: {budget.used:,} of {budget.window:,} tokens ({budget.share:.0%}) · {budget.model} "
                  f"· {sent}")
    else:
        ctx.print(f"context: {budget.used:,} tokens · {budget.model} has no window to keep to · {sent}")
    covered = session.context.compaction.covered
    notes = {"history": f"{budget.messages} messages",
             "summary": f"stands for the first {covered} messages" if budget.summary else "none yet"}
    rows = [(name, f"{tokens:,}", notes.get(name, "")) for name, tokens in budget.parts()]
    if budget.window:
        rows.append(("answer", f"{budget.reserve:,}", "kept free for the answer"))
        rows.append(("free", f"{max(0, budget.window - budget.reserve - budget.used):,}", ""))
    ctx.table(rows)
    reported = session.meter.reported
    counted = session.meter.how_counted(budget.model)
    ctx.info(counted + (f"; the model counted {reported:,} tokens in that request" if reported is not None else ""))
    how = explain(budget.model)
    if how:
        ctx.info(f"window: {how}")
    messages = session.messages
    if not messages:
        ctx.info("the context is empty")
        return
    summary = session.context.summary_message()
    if summary is not None:
        ctx.print(one_line(Message(role="user", content=session.context.compaction.summary), role="summary"))
    elided = session.context.compaction.elided
    for index in range(covered, len(messages)):
        ctx.print(one_line(messages[index]) + (" [elided]" if index in elided else ""))


@command("compact", help="make room in the context now, keeping in full what you name: /compact [focus]")
def _compact(ctx: CommandContext, arg: str) -> None:
    notices = ctx.session.compact(arg)
    if not notices:
        ctx.info("nothing to compact")
    for notice in notices:
        ctx.info(notice.text)
    if ctx.repl is not None:
        ctx.repl.save_quietly()


def one_line(m: Message, *, role: str | None = None) -> str:
    """A message as one line of a listing: role, text (cut), calls and marks."""
    text = " ".join(m.content.split())
    if m.tool_calls:
        text = (text + " " if text else "") + "→ " + ", ".join(c.name for c in m.tool_calls)
    if m.role == "tool":
        text = f"{m.name}: {text}"
    mark = " [interrupted]" if m.interrupted else ""
    text = text if len(text) <= 90 else text[:89] + "…"
    return f"{role or m.role:>9}  {text}{mark}"


def summarised(session: Session) -> str:
    """`, the first 30 summarised` for a conversation that was compacted, else nothing."""
    covered = session.context.compaction.covered
    return f", the first {covered} summarised" if covered else ""
