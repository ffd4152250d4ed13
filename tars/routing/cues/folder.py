"""Cues for facts about the working folder that only counting can give (`folder_stats`).

"How many lines of python are in this folder?", "the biggest file here": a model cannot see the
folder, so it must not answer these from its own guess. Questions about files in general ("how many
lines should a function have") name no folder and stay with the model.
"""

from __future__ import annotations

from tars.routing.family import Family, cues

__all__ = ["FOLDER"]

_HERE = r"(?:here|in (?:this|the current|my current|my|the) (?:folder|directory|dir|repo|repository|project|codebase))"

FOLDER = Family(
    "folder",
    names=frozenset({"folder"}),
    prefixes=("folder_stats",),
    asked_as_textbook=True,  # "how many files are in this folder" reads like a general question
    code_domain=True,  # "lines of python here": the language is what to count, not a coding question
    local=True,
    cues=cues(
        (3, rf"\b(?:how many|count(?: the)?|number of|total)\b.{{0,30}}\b(?:files?|lines?|loc)\b.{{0,30}}\b{_HERE}\b"),
        (3, rf"\b(?:biggest|largest|smallest|heaviest) files?\b.{{0,20}}\b{_HERE}\b|"
            rf"\bhow (?:big|large) is (?:this|the current|my) (?:folder|directory|repo|repository|project|codebase)\b"),
    ),
    negatives=cues((3, r"\bhow (?:do|can|should|would) (?:i|you|we|one)\b|\bwhat does\b|\bexplain\b|\bshould\b")),
)
