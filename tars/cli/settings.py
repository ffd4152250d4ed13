"""Loading the settings for a command, and telling the user once what a working folder's untrusted
files (`.env`, the instruction file) could not do."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tars.config import Config
    from tars.roles import Role
    from tars.session import Session

__all__ = ["load_settings", "load_role", "instruct", "tell_once"]

_told: set[str] = set()


def tell_once(notice: str) -> None:
    """One line on stderr, once per process."""
    from tars.safe_text import terminal_safe

    if notice not in _told:
        _told.add(notice)
        print(terminal_safe(f"tars: {notice}"), file=sys.stderr)


def load_settings(flags: Mapping[str, str] | None = None, *, role: Role | None = None) -> Config:
    """`load_config(flags, role=role)`; a notice on stderr (once per process) names the guarded
    settings that the working folder's untrusted .env tried to set and were ignored, another the
    TARS_ variables that are no setting at all, and one each folder variable set where it is not used."""
    from tars.config import load_config

    config = load_config(flags, role=role)
    for notice in (*config.unused, config.ignored_notice(), config.unknown_notice(), config.unread_notice()):
        if notice:
            tell_once(notice)
    return config


def load_role(name: str | None) -> Role | None:
    """The role `--role` names (None without the flag); unknown or broken is an error, exit 2."""
    if name is None:
        return None
    from tars.roles import load_role as load

    return load(name)


def instruct(session: Session, *, role: Role | None, system: str | None) -> None:
    """What the user adds to the system prompt: the role, the trusted project file, --system."""
    from tars.project_instructions import load_project_instructions

    if role is not None:
        session.use_role(role)
    project = load_project_instructions(Path.cwd(), session.config.instructions_max_chars)
    if project.notice:
        tell_once(project.notice)
    if project.text and project.path is not None:
        session.use_project_instructions(project.text, project.path.name)
    if system:
        session.add_system(system)
