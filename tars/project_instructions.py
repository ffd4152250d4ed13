"""A project's instruction file: `TARS.md` (or else `AGENTS.md`) in the working folder.

It joins the system prompt of every turn, so it is a working folder's file speaking to the model
with the user's voice: like `./.env` and `./.mcp.json` it counts only once the user trusted its
content (`tars trust`, `tars.trust`). Only the working folder itself is looked at, not its parents.
It is capped (TARS_INSTRUCTIONS_MAX_CHARS, cut at a line end) since it costs context every turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tars.trust import INSTRUCTION_FILES, TrustList

__all__ = ["INSTRUCTION_FILES", "ProjectInstructions", "find_instruction_file", "load_project_instructions"]


@dataclass(frozen=True)
class ProjectInstructions:
    """The text to use ("" when none), its file, and what the user should hear about it."""

    text: str = ""
    path: Path | None = None
    notice: str | None = None


def find_instruction_file(folder: Path) -> Path | None:
    return next((folder / name for name in INSTRUCTION_FILES if (folder / name).is_file()), None)


def load_project_instructions(folder: Path, max_chars: int, trust: TrustList | None = None) -> ProjectInstructions:
    """The working folder's instruction file if trusted (capped); else a notice saying it was ignored."""
    path = find_instruction_file(folder) if max_chars > 0 else None
    if path is None:
        return ProjectInstructions()
    try:
        content = path.read_bytes()  # read once: the text used is the text whose trust was checked
    except OSError:
        content = None  # what cannot be read cannot have been trusted
    if content is None or not (trust or TrustList()).is_trusted(path, content):
        return ProjectInstructions(path=path, notice=(
            f"ignored {path}: a project's instruction file speaks to the model for you; review it, then run "
            "`tars trust` there to use it"))
    text = content.decode("utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n").strip()  # as read_text
    if len(text) <= max_chars:
        return ProjectInstructions(text=text, path=path)
    cut = text[:max_chars]
    cut = cut[:cut.rfind("\n")] if "\n" in cut else cut
    return ProjectInstructions(text=cut.rstrip(), path=path, notice=(
        f"{path} has {len(text):,} characters; only the first {len(cut):,} join the system prompt "
        "(TARS_INSTRUCTIONS_MAX_CHARS)"))
