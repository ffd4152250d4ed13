"""The compact status lines of a turn: tool calls, their results, notices and the footer.

Pure text functions, so `tars chat` (dim, on the console) and `tars ask` (on stderr) say the
same thing, and tests can check the words without a terminal.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["call_line", "confirm_line", "result_line", "footer_line", "short_args"]


def _value(value: Any, width: int) -> str:
    """One argument value as JSON, at most about `width` characters; a long string is cut inside
    its quotes and a long list or object before its closing bracket, so the line stays readable."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    if len(text) <= width:
        return text
    if isinstance(value, str):
        room = max(width - 3, 1)
        head = value[:room]
        while len(head) > 1 and len(json.dumps(head, ensure_ascii=False)) - 2 > room:
            head = head[:-1]  # escapes take room too; never cut one in half
        return f"{json.dumps(head, ensure_ascii=False)[:-1]}…\""
    if text[0] in "[{":
        return f"{text[: max(width - 2, 1)]}…{text[-1]}"
    return text[: width - 1] + "…"


def short_args(arguments: dict[str, Any], width: int = 60) -> str:
    """`key="value", n=3` cut to about `width` characters."""
    parts: list[str] = []
    used = 0
    for key, value in arguments.items():
        part = f"{key}={_value(value, 32)}"
        if used + len(part) > width and parts:
            parts.append("…")
            break
        parts.append(part)
        used += len(part) + 2
    return ", ".join(parts)


def call_line(name: str, arguments: dict[str, Any]) -> str:
    """`⚙ weather_now(place="Lima")`"""
    return f"⚙ {name}({short_args(arguments)})"


def confirm_line(name: str, arguments: dict[str, Any]) -> str:
    """The call as it is asked about: every argument in full (the user approves what runs, not a
    summary of it); a shell command is shown as the line it is: `⚙ shell_run $ rm -r build`."""
    if name == "shell_run" and isinstance(arguments.get("command"), str):
        return f"⚙ {name} $ {arguments['command']}"
    full = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False, default=str)}" for k, v in arguments.items())
    return f"⚙ {name}({full})"


def result_line(result: Any, width: int = 76) -> str:
    """`  ↳ {"temp_c": 21, …}` — one line, errors marked (ToolResult.summary does the cutting).
    An error gets more room: it usually says what to do (set a token, pass --yes)."""
    return f"  ↳ {result.summary(width * 3 if result.is_error else width)}"


def footer_line(turn: Any) -> str:
    """`claude:claude-sonnet-4-6 · escalated · 812 in / 96 out tokens · $0.0039 · context 61% of 8,192`,
    from a `tars.session.Turn`: the cost when a Claude model answered, the context use once the
    prompt takes over half the window."""
    parts = [turn.model or "no model answered"]
    if turn.model == "tars" and not turn.rounds:  # tars's own answer: what no tool does, a count, a setup
        parts.append("no model asked")
    if turn.escalated:
        parts.append("escalated")
    if turn.fell_back:
        parts.append("fell back to the primary")
    if turn.tool_results:
        n = len(turn.tool_results)
        parts.append(f"{n} tool call{'s' if n != 1 else ''}")
    if turn.input_tokens == 0 and turn.output_tokens == 0:  # tars read and ran the call itself
        parts.append("no model tokens")
    elif turn.input_tokens is not None or turn.output_tokens is not None:
        parts.append(f"{turn.input_tokens if turn.input_tokens is not None else '?'} in / "
                     f"{turn.output_tokens if turn.output_tokens is not None else '?'} out tokens")
    elif turn.rounds:
        parts.append("tokens not reported")
    usage = turn.usage
    if any(m.billing == "claude" for m in usage.models.values()):  # a local model's cost is no news
        parts.append(usage.cost().text(label=True))
    if turn.context_window and turn.context_tokens is not None and turn.context_tokens > turn.context_window / 2:
        parts.append(f"context {turn.context_tokens / turn.context_window:.0%} of {turn.context_window:,}")
    if turn.interrupted:
        parts.append("interrupted")
    return " · ".join(parts)
