"""Which stored conversation `--continue` and `--session NAME` mean, for `tars chat` and `tars ask`:
the last one, a stored one by number or name, or a new one with that name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tars.repl.store import ConversationStore

__all__ = ["Opened", "open_conversation"]


@dataclass(frozen=True)
class Opened:
    """The conversation to go on with: `id` None is a new unnamed one (created when first saved);
    `existing` says whether it has messages to restore."""

    id: int | None
    existing: bool
    what: str  # "continuing #3 'plans' (12 messages", "new conversation 'plans'", ...

    def note(self, extra: str = "") -> str:
        """What to tell the user; `extra` joins the message count (", the first 8 summarised")."""
        return f"{self.what}{extra})" if self.existing else self.what


def open_conversation(store: ConversationStore, *, resume: bool, name: str | None) -> Opened:
    """Resolve the flags; a name that no conversation has starts a new conversation with it."""
    from tars.errors import UsageError

    if name:
        found = store.find(name, prefix=False)  # "work" is new even when "workshop" exists
        if found is not None:
            return Opened(found.id, True, f"continuing #{found.id} {found.title!r} ({found.messages} messages")
        if name.isdigit():
            raise UsageError(f"no stored conversation #{name} (tars chat, then /history)")
        return Opened(store.create(name=name), False, f"new conversation {name!r}")
    if resume:
        found = store.latest()
        if found is not None:
            return Opened(found.id, True, f"continuing #{found.id} {found.title!r} ({found.messages} messages")
        return Opened(None, False, "no earlier conversation: starting a new one")
    return Opened(None, False, "")
