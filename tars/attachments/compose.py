"""What the user attached to a message, and the one user message it all makes.

Piped stdin, text files, web pages and images all travel the same way: `user_message` puts the
request first, then each attachment under a header line naming it (`[attached file: notes.txt,
2 KB]`), text in a code fence a small model cannot mistake for the request, and images as
the message's `attachments`, which providers send as images to models that take them. The
header lines stay in the stored conversation, so `tars history show` names every attachment.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from tars.messages import Attachment, Message

__all__ = ["Attached", "copies_of", "fenced", "request_of", "requests_of", "size_words", "user_message"]

Kind = Literal["input", "file", "page", "image"]


def size_words(n: int) -> str:
    """A size as people read it: 812 bytes, 12 KB, 3.4 MB."""
    if n < 1024:
        return f"{n} byte{'s' if n != 1 else ''}"
    if n < 1024 * 1024:
        return f"{n / 1024:.0f} KB"
    return f"{n / (1024 * 1024):.1f} MB"


@dataclass(frozen=True)
class Attached:
    """One attachment, loaded: piped `input`, a text `file`, a web `page`, or an `image` (saved)."""

    kind: Kind
    name: str  # the path or URL as the user gave it ("stdin" for piped input)
    size: int  # bytes as read
    text: str = ""  # the content of input, a file or a page (a page already fenced as untrusted)
    image: Attachment | None = None

    @classmethod
    def piped(cls, text: str) -> Attached:
        return cls(kind="input", name="stdin", size=len(text.encode("utf-8", "replace")), text=text)

    @property
    def header(self) -> str:
        """The line that names it in the message (and in the stored conversation)."""
        if self.kind == "image" and self.image is not None:
            return f"[attached image: {self.name}, {self.image.mime_type}, {size_words(self.size)}]"
        return f"[attached {self.kind}: {self.name}, {size_words(self.size)}]"

    def block(self) -> str:
        """Its part of the message text: piped input and files in a code fence (a file under its
        header), which even a small model reads as the material, not as more instructions."""
        if self.kind == "input":  # piped text: the block the request is about
            return fenced(self.text)
        if self.kind == "file":
            return f"{self.header}\n{fenced(self.text)}"
        if self.kind == "page":
            return f"{self.header}\n{self.text}"
        return self.header


def copies_of(attached: Iterable[Attached]) -> list[str]:
    """tars's copies of the images among `attached`: what `load.forget` removes when nothing keeps them."""
    return [a.image.path for a in attached if a.image is not None]


def fenced(text: str) -> str:
    """`text` in a code fence longer than any run of backticks inside it, so the block ends where
    tars says, not where the text does. (A sentence saying where input starts and ends was echoed
    back by small models as if it were the input.)"""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}\n{text.rstrip(chr(10))}\n{fence}"


_BLOCK_START = re.compile(r"\n\n(?:```|\[attached (?:input|file|page|image): )")


def request_of(content: str) -> str:
    """The request of a user message `user_message` made: the text before its first attachment."""
    found = _BLOCK_START.search(content)
    return content[: found.start()] if found else content


def requests_of(messages: Sequence[Message]) -> list[str]:
    """The request of each user message of a conversation, in order."""
    return [request_of(m.content) for m in messages if m.role == "user"]


def user_message(request: str, attached: Sequence[Attached] = ()) -> Message:
    """The user's message: the request first, then every attachment, so that even a small model
    works on the content rather than on its own prompt. Images ride as the message's attachments."""
    parts = [request] + [a.block() for a in attached if a.kind != "input" or a.text.strip()]
    images = tuple(a.image for a in attached if a.image is not None)
    return Message(role="user", content="\n\n".join(parts), attachments=images)
