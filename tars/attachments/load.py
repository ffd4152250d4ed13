"""Loading what the user attaches (`tars ask -a`, `/attach`, `@path`): a file or an http(s) URL.

Text is read as text; a PNG, JPEG, GIF or WebP image (known by its bytes, whatever its name) is
copied into `attachments/` in the data dir, so the stored conversation keeps it after the original
moves; anything else is refused with what it looks like, a folder with a hint, and anything over
TARS_ATTACH_MAX_BYTES with both sizes. URLs are fetched by `web_read`'s fetcher behind the same
address guard (internal addresses only when TARS_WEB_ALLOW_HOSTS names them).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from tars.attachments.compose import Attached, size_words
from tars.attachments.kinds import IMAGE_TYPES, binary_kind, image_type, text_of
from tars.errors import AttachmentError
from tars.messages import Attachment

if TYPE_CHECKING:
    from tars.config import Config

__all__ = ["load", "is_url", "attachments_dir", "forget"]

_EXTENSIONS = {"image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/webp": ".webp"}
SETTING = "TARS_ATTACH_MAX_BYTES"


def is_url(source: str) -> bool:
    return source.lower().startswith(("http://", "https://"))


def attachments_dir() -> Path:
    from tars.paths import data_dir

    return data_dir() / "attachments"


def load(source: str, config: Config) -> Attached:
    """The attachment `source` names (a path or an http(s) URL); AttachmentError says why not."""
    source = source.strip()
    if not source:
        raise AttachmentError("nothing to attach: give a file path or an http(s) URL")
    if is_url(source):
        return _load_url(source, config)
    return _load_file(source, config.attach_max_bytes)


def _too_big(name: str, size: int, cap: int, *, at_least: bool = False) -> AttachmentError:
    more = "more than " if at_least else ""
    return AttachmentError(f"{name} is {more}{size_words(size)}, over the attachment limit of {size_words(cap)} "
                           f"({SETTING} to change it)")


def _load_file(name: str, cap: int) -> Attached:
    path = Path(os.path.expanduser(name))
    try:
        info = path.stat()
    except FileNotFoundError:
        raise AttachmentError(f"{name}: no such file") from None
    except OSError as exc:
        raise AttachmentError(f"{name}: cannot read it ({exc.strerror or exc})") from None
    if path.is_dir():
        raise AttachmentError(f"{name} is a folder: attach the files in it one by one "
                              f"({name.rstrip('/')}/FILE), or pipe what you need (e.g. `ls {name} | tars ask …`)")
    if not path.is_file():
        raise AttachmentError(f"{name} is not a regular file (a device, socket or pipe); pipe it to tars ask instead")
    if info.st_size > cap:
        raise _too_big(name, info.st_size, cap)
    try:
        with path.open("rb") as fh:
            data = fh.read(cap + 1)
    except OSError as exc:
        raise AttachmentError(f"{name}: cannot read it ({exc.strerror or exc})") from None
    if len(data) > cap:  # it grew since it was measured
        raise _too_big(name, len(data), cap, at_least=True)
    return _from_bytes(name, data)


def _from_bytes(name: str, data: bytes, *, page_url: str | None = None, ctype: str = "",
                charset: str = "utf-8") -> Attached:
    mime = image_type(data)
    if mime is not None:
        return Attached(kind="image", name=name, size=len(data), image=_save_image(name, data, mime))
    if page_url is not None:
        return _page(name, data, page_url, ctype, charset)
    text = text_of(data)
    if text is None:
        raise AttachmentError(f"{name} is {binary_kind(data)}, not text or an image: only text files and "
                              "PNG, JPEG, GIF or WebP images can be attached")
    return Attached(kind="file", name=name, size=len(data), text=text)


def _save_image(name: str, data: bytes, mime: str) -> Attachment:
    from tars.atomic import atomic_write

    path = attachments_dir() / (hashlib.sha256(data).hexdigest()[:24] + _EXTENSIONS[mime])
    try:
        if not path.exists():
            atomic_write(path, data)  # a new file is private (0600)
    except OSError as exc:
        raise AttachmentError(f"cannot keep a copy of {name} in {path.parent}: {exc.strerror or exc}") from None
    return Attachment(mime_type=mime, path=str(path), size=len(data), name=os.path.basename(name.rstrip("/")) or name)


def forget(paths: Iterable[str], keep: Collection[str]) -> None:
    """Remove tars's copies of attached images at `paths` that no stored conversation `keep`s (a
    deleted conversation's, an unsaved `tars ask`'s); a path outside the attachments dir is never
    touched, whatever a database says."""
    home = attachments_dir().resolve()
    for path in set(paths) - set(keep):
        copy = Path(path)
        if copy.resolve().parent == home:
            with contextlib.suppress(OSError):  # already gone, or another tars removed it
                copy.unlink()


def _load_url(url: str, config: Config) -> Attached:
    from tars.errors import ToolError
    from tars.tools.netguard import Guard
    from tars.tools.web import TEXT_TYPES, allowed_hosts, fetch

    cap = config.attach_max_bytes
    try:
        final, ctype, body, charset = fetch(url, Guard(allowed_hosts(config)), types=TEXT_TYPES + IMAGE_TYPES,
                                            max_bytes=cap + 1)
    except ToolError as exc:
        raise AttachmentError(f"cannot attach {url[:200]}: {exc}") from None
    if len(body) > cap:
        raise _too_big(url[:200], len(body), cap, at_least=True)
    return _from_bytes(url, body, page_url=final, ctype=ctype, charset=charset)


def _page(name: str, body: bytes, final: str, ctype: str, charset: str) -> Attached:
    from tars.tools.web import extract, wrap_untrusted

    title, text = extract(body, ctype, charset, final)
    if not text.strip():
        raise AttachmentError(f"{name[:200]} has no readable text")
    page = f"Title: {' '.join(title.split())[:300]}\n\n{text}" if title.strip() else text
    return Attached(kind="page", name=name, size=len(body), text=wrap_untrusted(page, final))
