"""`/usage`: the tokens and cost of the last turn and of the whole conversation, per model, and
the date of the price table the cost comes from."""

from __future__ import annotations

from tars.repl.commands import CommandContext, command
from tars.usage import dollars, prices

__all__: list[str] = []


@command("usage", help="tokens and cost of the last turn and of this conversation, and the price table's date")
def _usage(ctx: CommandContext, arg: str) -> None:
    usage = ctx.session.usage
    rows: list[tuple[str, str]] = []
    if usage.turns:
        last = usage.turns[-1]
        rows.append(("last turn", f"{last.total().tokens_text()} · {last.cost().text(label=True)}"))
        total = usage.total()
        turns = len(usage.turns)
        rows.append(("conversation", f"{turns} turn{'s' if turns != 1 else ''} · {total.total().tokens_text()} · "
                                     f"{total.cost().text(label=True)}"))
        for used in total.models.values():
            rows.append((f"  {used.model}", f"{used.tokens_text()} · {used.cost_text()}"))
    else:
        rows.append(("conversation", "no turns yet"))
    table = prices()
    rows.append(("prices", f"Claude list prices as of {table.as_of} ({len(table.models)} models); local models "
                           "cost nothing"))
    warn = ctx.session.config.cost_warn
    rows.append(("warning", f"at {dollars(warn)} per conversation (TARS_COST_WARN)" if warn
                 else "off (set TARS_COST_WARN to a dollar amount)"))
    ctx.table(rows)
