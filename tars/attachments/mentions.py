"""Files and pages a request names with `@` ("summarise @notes.txt"), in `tars chat` and `tars ask`.

An `@` counts only at the start of a word, so an e-mail address (`bob@example.com`) stays text;
`@server:uri` is an MCP resource (see `tars.repl.mcp_prompts`), and `@http(s)://…` a web page. An
`@word` that names no file stays text as typed (code such as `@dataclass` is common in questions);
`info` says so when it looks like a path. A file that exists but cannot be attached (a folder, a
binary, too large) raises AttachmentError, so nothing is sent without it. Only what the user typed
is read for mentions: piped text is content, and content chooses no file.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tars.attachments import Attached
    from tars.config import Config

__all__ = ["mentioned"]

_MENTION = re.compile(r"(?<![\w@])@([^\s@]+)")
_TRAILING = ".,;:!?)]}'\""


def _candidates(token: str) -> list[str]:
    """The token, then the token without trailing punctuation (`see @notes.txt.`)."""
    stripped = token.rstrip(_TRAILING)
    return [token, stripped] if stripped and stripped != token else [token]


def mentioned(text: str, config: Config, info: Callable[[str], None]) -> list[Attached]:
    """The files and pages `@` names in `text`, loaded; AttachmentError for one that cannot be."""
    from tars.attachments.load import is_url, load

    found: list[Attached] = []
    for token in dict.fromkeys(_MENTION.findall(text)):
        if is_url(token):
            found.append(load(token.rstrip(_TRAILING), config))
            continue
        if ":" in token.rstrip(_TRAILING):  # @server:uri, an MCP resource
            continue
        if re.fullmatch(r"[~./]+", token.rstrip(_TRAILING)):  # "the @/ alias": a folder's mark, no file named
            continue
        path = next((c for c in _candidates(token) if os.path.lexists(os.path.expanduser(c))), None)
        if path is None:
            if "/" in token or "." in token.rstrip(_TRAILING):
                info(f"@{token}: no such file, sent as text")
            continue
        found.append(load(path, config))
    return found
