"""Loading the settings for a command, and telling the user once what an untrusted `.env` could not set."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tars.config import Config

__all__ = ["load_settings"]

_told: set[str] = set()


def load_settings(flags: Mapping[str, str] | None = None) -> Config:
    """`load_config(flags)`; a notice on stderr (once per process) names the guarded settings that
    the working folder's untrusted .env tried to set and were ignored."""
    from tars.config import load_config
    from tars.safe_text import terminal_safe

    config = load_config(flags)
    notice = config.ignored_notice()
    if notice and notice not in _told:
        _told.add(notice)
        print(terminal_safe(f"tars: {notice}"), file=sys.stderr)
    return config
