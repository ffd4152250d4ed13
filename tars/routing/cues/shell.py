"""Cues for running a command in the user's working folder (`shell_run`).

Only explicit requests count: "run `make test`", "run the command …", "in the shell", "git status
here". Questions about how a command works ("how do I use git rebase") stay with the primary.
"""

from __future__ import annotations

from tars.routing.family import Family, cues

__all__ = ["SHELL"]

SHELL = Family(
    "shell",
    does="run shell commands in this folder, asking you first",
    names=frozenset({"shell"}),
    prefixes=("shell_",),
    anchors=frozenset({"shell"}),
    code_domain=True,  # "run git status": a command to run, not a coding question
    cues=cues(
        (3, r"\b(?:run|execute|exec)\b[^`]{0,20}`[^`]+`"),
        (3, r"\b(?:run|execute)(?: the| this| that| a)?(?: shell)? command\b|\bshell command\b"),
        (3, r"\b(?:in|from|with|using) (?:the|a|my) (?:shell|terminal)\b"),
        (3, r"^(?:please )?(?:run|execute) (?:git|ls|make|pytest|npm|cargo|df|du|uname|whoami|pwd|docker)\b"),
        (2, r"\b(?:run|execute) (?:git|ls|make|pytest|npm|cargo|df|du|uname|whoami|pwd|docker)\b"),
        (3, r"^(?:ls|df|du|uname|ps)(?: -{1,2}[\w-]+)+\s*$|^git (?:status|log|diff|branch)(?: -{1,2}[\w-]+)*\s*$"),
        (2, r"\bgit (?:status|log|diff|branch)\b|\b(?:which|what) files are (?:here|in this (?:folder|directory))\b"),
    ),
    negatives=cues(
        (3, r"\bhow (?:do|can|should|would) (?:i|you|we|one)\b|\bwhat does\b|\bexplain\b|\bwhat is the difference\b"),
    ),
)
