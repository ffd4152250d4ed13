"""The router's decision once what a message is about is known: the text, file or table that came
with it (attached, piped or pasted below), or a file it names that is not here.
"""

from __future__ import annotations

from pathlib import Path

from tars.attachments.counts import counts_told
from tars.attachments.ranking import ranked_told
from tars.attachments.shown import shown_told
from tars.routing.decision import SURE, Decision
from tars.tools.calc import CALCULATOR
from tars.tools.calc_requests import aggregate_of
from tars.tools.file_info import FILE_INFO, contents_asked, files_named

__all__ = ["given"]


def given(decision: Decision, message: str, attached: str, calculator: tuple[str, bool] | None) -> Decision:
    """`decision` once what the message is about is known: what a file says, when the file came with
    it (attached or pasted below) or is no file here ("what does package.json do?" in general), is
    the model's to read or tell; numbers that came with it are summed by the calculator (`calculator`:
    its family's name and whether it is local, None when it is not offered), and its words, lines
    or top row found by tars."""
    if attached and (told := counts_told(message, attached)):
        return Decision(needs_tools=False, family=None, tool_hints=(), told=told,
                        reason="a count of the text that came with the message: tars counts it")
    if attached and (told := shown_told(message, attached)):
        return Decision(needs_tools=False, family=None, tool_hints=(), told=told,
                        reason="the text that came with the message, asked for as it is: tars shows it")
    if attached and (told := ranked_told(message, attached)):
        return Decision(needs_tools=False, family=None, tool_hints=(), told=told,
                        reason="the top or bottom row of the table that came with the message: tars finds it")
    if decision.tool_hints == (FILE_INFO,) and contents_asked(message):
        if attached.strip() or "\n" in message.strip():
            return Decision(needs_tools=False, family=None, tool_hints=(),
                            reason="what the file says is given: the model reads it")
        if not any(Path(name).is_file() for name in files_named(message)):  # looked for in the working folder
            return Decision(needs_tools=False, family=None, tool_hints=(),
                            reason="no such file in the working folder: a question about such files")
    if calculator and not decision.needs_tools and attached and aggregate_of(message, attached):
        family, local = calculator
        return Decision(needs_tools=True, family=family, tool_hints=(CALCULATOR,), score=SURE, local=local,
                        reason=f"{family} cue: a figure of the numbers that came with the message")
    return decision
