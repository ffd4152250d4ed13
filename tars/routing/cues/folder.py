"""Cues for facts about the working folder that only reading it can give (`folder_stats`, `folder_list`,
`file_info` for one file named in the message).

"How many lines of python are in this folder?", "the biggest file here": a model cannot see the
folder, so it must not answer these from its own guess. Questions about files in general ("how many
lines should a function have") name no folder and stay with the model.
"""

from __future__ import annotations

from tars.routing.family import Family, cues, hints
from tars.tools.file_info import CONTENTS_ASKED, FILE_NAME
from tars.tools.folder_list import WORKING_FOLDER

__all__ = ["FOLDER"]

_HERE = rf"(?:here|in {WORKING_FOLDER})"

# a question about one file by name: "how many lines in app.log?", "how big is data.csv"
_FILE_ASKED = (rf"(?:\b(?:how many (?:lines|words)|count the (?:lines|words)(?: in)?|how (?:big|large)(?: is)?|"
               rf"(?:the )?size of|line count|word count|when (?:was|did)|last (?:changed|modified|edited))\b.{{0,25}}"
               rf"{FILE_NAME}|{FILE_NAME}.{{0,25}}\b(?:how (?:big|large)|size|how many lines|line count|last "
               rf"(?:changed|modified))\b)")
_NOT_ONE_FILE = rf"^(?!.*{_FILE_ASKED})(?!.*{CONTENTS_ASKED})"

# what only counting answers; asked otherwise ("list", "what's in"), the folder's entries are listed
_COUNTING = r"\b(?:how many|count|number of|total|biggest|largest|smallest|heaviest|how (?:big|large)|lines?|loc)\b"

FOLDER = Family(
    "folder",
    does="list the files in this folder and count their lines",
    names=frozenset({"folder"}),
    prefixes=("folder_stats", "folder_list", "file_info"),
    asked_as_textbook=True,  # "how many files are in this folder" reads like a general question
    code_domain=True,  # "lines of python here": the language is what to count, not a coding question
    local=True,
    cues=cues(
        (3, rf"\b(?:how many|count(?: the)?|number of|total)\b.{{0,30}}\b(?:files?|lines?|loc)\b.{{0,30}}\b{_HERE}\b"),
        (3, rf"\b(?:biggest|largest|smallest|heaviest) files?\b.{{0,20}}\b{_HERE}\b|"
            rf"\bhow (?:big|large) is (?:this|the current|my) (?:folder|directory|repo|repository|project|codebase)\b"),
        # what is in it: "list the files here", "what's in this folder?", "show me the python files in this repo"
        (3, rf"\b(?:list|show(?: me)?|what(?:'s| is| are)?|which|any)\b.{{0,25}}\b(?:files?|folders?|"
            rf"directories|subfolders|contents?|entries)\b.{{0,20}}\b{_HERE}|"
            rf"\bwhat(?:'s| is) (?:in|inside) (?:this|the current|my current) (?:folder|directory|dir|repo|repository|"
            rf"project)\b|^ls\s*\??$"),
        # a folder inside it by name: "what's in the src folder?", "list the files in the docs directory"
        (3, r"\b(?:list|show(?: me)?|what(?:'s| is| are)?|which)\b.{0,25}\b(?:in|inside) (?:the |my )?[\w.-]+/? "
            r"(?:folder|directory|dir|subfolder)\b"),
        (3.5, _FILE_ASKED),
        # what a named file says: the file's facts, told as not read, with how to attach it (a note's
        # is the notes family's to read)
        (3, rf"^(?!.*\bnotes?\b(?!\.)).*{CONTENTS_ASKED}"),
    ),
    negatives=cues(
        (3, r"\bhow (?:do|can|should|would) (?:i|you|we|one)\b|"
            rf"^(?!.*{CONTENTS_ASKED}).*(?:\bwhat does\b|\bexplain\b)|\bshould\b"),
        # what neither a listing nor a count tells: what files say, do, or when they changed
        (3, _NOT_ONE_FILE + r".*\b(?:newest|oldest|latest|most recent|last modified|recently|changed|modified|edited|"
            r"imports?|importing|contains?|containing|mentions?|mentioning|uses|using|references?|depends?|calls?)\b"),
    ),
    hints=hints(folder_stats=_NOT_ONE_FILE + rf".*{_COUNTING}",
                folder_list=rf"{_NOT_ONE_FILE}(?!.*{_COUNTING}).*\b(?:list|show|what|which|any|ls)\b",
                file_info=rf"{_FILE_ASKED}|{CONTENTS_ASKED}"),
    hints_decide=True,
)
