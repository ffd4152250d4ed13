"""An MCP tool result's content as what the model sees: text, media as files, resources, links.

Images and audio are decoded and saved under the cache dir (`mcp-media/`, its newest
`MAX_MEDIA_FILES` files within `MAX_MEDIA_BYTES` kept); the text names each one (`[image:
image/png, 12 KB, saved at …]`) and images travel as attachments, which models that see images
receive as images (see `tars.providers.vision`). Base64 never enters the text: a
structured result that repeats media blocks is dropped, and any long base64 run left in text is
replaced by its size. Embedded text resources become text; resource links are listed by name.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

from tars.atomic import atomic_write
from tars.messages import Attachment
from tars.tools.base import MediaOutput

__all__ = ["MAX_MEDIA_BYTES", "MAX_MEDIA_FILES", "MAX_RESULT_CHARS", "render_result", "media_dir", "save_media",
           "scrub_base64"]

MAX_RESULT_CHARS = 16000
MAX_MEDIA_FILES = 200  # mcp-media keeps the newest files within both bounds; older ones go as a new one is saved
MAX_MEDIA_BYTES = 200 * 1024 * 1024
_BASE64_RUN = re.compile(r"(?:data:[\w/+.-]+;base64,)?[A-Za-z0-9+/]{800,}={0,2}")
_EXTENSIONS = {"image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/webp": ".webp",
               "audio/wav": ".wav", "audio/x-wav": ".wav", "audio/mpeg": ".mp3", "audio/ogg": ".ogg",
               "application/pdf": ".pdf"}


def media_dir() -> Path:
    from tars.paths import cache_dir

    return cache_dir() / "mcp-media"


def render_result(content: list[Any], structured: Any = None) -> Any:
    """A CallToolResult's content for the model: a string, a JSON value, or MediaOutput with files.

    Structured content is returned as-is (a JSON value) when the blocks add nothing beyond its
    JSON; otherwise the text is joined. Long output is cut to ~16,000 characters, saying so.
    """
    attachments: list[Attachment] = []
    parts = [_block_text(block, attachments) for block in content]
    text = "\n".join(p for p in parts if p)
    has_media = any(getattr(b, "type", "") in ("image", "audio") for b in content)
    if structured is not None and not has_media and (not text or _same_json(text, structured)):
        dumped = scrub_base64(json.dumps(structured, ensure_ascii=False, default=str))
        if len(dumped) <= MAX_RESULT_CHARS and dumped == json.dumps(structured, ensure_ascii=False, default=str):
            return structured
        return _cut(dumped)
    if structured is not None and not has_media and not any(getattr(b, "type", "") == "text" for b in content):
        text = "\n".join(filter(None, [json.dumps(structured, ensure_ascii=False, default=str), text]))
    text = _cut(scrub_base64(text)) if text else "(no output)"
    return MediaOutput(text, tuple(attachments)) if attachments else text


def scrub_base64(text: str) -> str:
    """Replace long base64 runs (an image pasted as text) by their size: they only cost context."""
    def one(match: re.Match[str]) -> str:
        run = match.group(0)
        if len(set(run[:800])) < 20:  # a long word or a line of one character, not encoded bytes
            return run
        return f"[base64 data, {_size_words(len(run) * 3 // 4)}, omitted]"

    return _BASE64_RUN.sub(one, text)


def save_media(data: str, mime_type: str) -> tuple[Path | None, int]:
    """Decode base64 media and save it under the cache dir by content hash: (path or None, bytes)."""
    try:
        raw = base64.b64decode(data, validate=False)
    except (binascii.Error, ValueError, TypeError):
        return None, len(data) * 3 // 4
    path = media_dir() / (hashlib.sha256(raw).hexdigest()[:20] + _EXTENSIONS.get(mime_type, ".bin"))
    try:
        if path.exists():
            os.utime(path)  # the same media again: it counts as new
        else:
            atomic_write(path, raw)  # a new file is private (0600)
    except OSError:
        return None, len(raw)
    _prune_media(path)
    return path, len(raw)


def _prune_media(saved: Path) -> None:
    """Remove the oldest media files past MAX_MEDIA_FILES or MAX_MEDIA_BYTES, never `saved` itself
    (a stored conversation that names a removed file is sent its text, without the image)."""
    entries = []
    try:
        total = saved.stat().st_size
        for entry in os.scandir(saved.parent):  # dotfiles are atomic_write's temporary files
            if entry.name.startswith(".") or entry.path == str(saved):
                continue
            with contextlib.suppress(OSError):  # another tars may be removing it
                if entry.is_file(follow_symlinks=False):
                    info = entry.stat(follow_symlinks=False)
                    entries.append((info.st_mtime, info.st_size, entry.path))
    except OSError:
        return
    count = 1
    for _, size, path in sorted(entries, reverse=True):
        count, total = count + 1, total + size
        if count > MAX_MEDIA_FILES or total > MAX_MEDIA_BYTES:
            with contextlib.suppress(OSError):
                os.unlink(path)


def _media(kind: str, data: str, mime_type: str, attachments: list[Attachment]) -> str:
    path, size = save_media(data, mime_type)
    if path is None:
        return f"[{kind}: {mime_type}, {_size_words(size)}, could not be saved]"
    attachments.append(Attachment(mime_type=mime_type, path=str(path), size=size))
    return f"[{kind}: {mime_type}, {_size_words(size)}, saved at {path}]"


def _block_text(block: Any, attachments: list[Attachment]) -> str:
    match getattr(block, "type", ""):
        case "text":
            return str(block.text)
        case "image":
            return _media("image", block.data, block.mime_type, attachments)
        case "audio":
            return _media("audio", block.data, block.mime_type, attachments)
        case "resource_link":
            title = getattr(block, "title", None) or block.name
            named = f"{title} ({block.name})" if title != block.name else block.name
            return f"[resource link: {named} <{block.uri}>]"
        case "resource":
            res = block.resource
            if getattr(res, "text", None) is not None:
                return f"[resource {res.uri}]\n{res.text}"
            mime = res.mime_type or "application/octet-stream"
            kind = "image" if mime.startswith("image/") else "audio" if mime.startswith("audio/") else "file"
            return _media(f"resource {res.uri}, {kind}", res.blob, mime, attachments)
        case other:
            return f"[{other or 'unknown'} content]"


def _cut(text: str) -> str:
    if len(text) <= MAX_RESULT_CHARS:
        return text
    return text[:MAX_RESULT_CHARS] + f"\n[… cut: {len(text) - MAX_RESULT_CHARS} more characters]"


def _same_json(text: str, structured: Any) -> bool:
    try:
        return bool(json.loads(text) == structured)
    except ValueError:
        return False


def _size_words(n: int) -> str:
    return f"{n / 1024:.0f} KB" if n >= 1024 else f"{n} bytes"
