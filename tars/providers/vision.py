"""Which models see images, and the images of tool results and user messages in each request shape.

Claude models all take images. An Ollama model does when `/api/show` lists the `vision`
capability. OpenAI-compatible models are judged by name, since their APIs do not say; the
embedded GGUF models take none. A provider says so as `sees_images`. A text-only model reads only
the text, which names each image (a tool result's type, size and saved file; an attached image's
header line); an image the user attaches for such a model is refused before any request.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from tars.messages import Attachment, Message

__all__ = ["named_for_vision", "sees_images", "anthropic_result_content", "anthropic_user_content", "image_turn",
           "user_turn"]

_VISION_NAMES = re.compile(
    r"gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-5|o[134](?:-|$)|vision|[-_.]vl\b|vl[-_:]|llava|bakllava|moondream|"
    r"gemma3|gemma-3|pixtral|minicpm-v|qwen2\.5vl|qwen2-vl|claude|gemini|mistral-small3\.[12]|granite3\.2-vision",
    re.IGNORECASE)
IMAGE_NOTE = "The images returned by the tool calls above, in order."


def named_for_vision(model: str) -> bool:
    """Whether a model's name marks it as one that takes images (for APIs that do not say)."""
    return bool(_VISION_NAMES.search(model))


def sees_images(provider: object) -> bool:
    """Whether this provider's model takes images (a provider without `sees_images` takes none)."""
    return bool(getattr(provider, "sees_images", False))


def _images(message: Message) -> list[tuple[Attachment, str]]:
    return [(a, data) for a in message.attachments if a.is_image and (data := a.base64()) is not None]


def anthropic_result_content(message: Message, text: str) -> str | list[dict[str, Any]]:
    """A tool_result's content for Claude: its text, followed by its images as image blocks."""
    images = _images(message)
    if not images:
        return text
    return [{"type": "text", "text": text}, *(
        {"type": "image", "source": {"type": "base64", "media_type": a.mime_type, "data": data}}
        for a, data in images)]


def anthropic_user_content(message: Message) -> list[dict[str, Any]]:
    """A user message's blocks for Claude: its images as image blocks, then its text."""
    return [*({"type": "image", "source": {"type": "base64", "media_type": a.mime_type, "data": data}}
              for a, data in _images(message)),
            {"type": "text", "text": message.content or "(empty message)"}]


def _user(text: str, images: list[tuple[Attachment, str]], shape: str) -> dict[str, Any]:
    """A user turn with images: `shape` "ollama" puts them in `images`, "openai" in `image_url` parts."""
    if shape == "ollama":
        return {"role": "user", "content": text, "images": [data for _, data in images]}
    return {"role": "user", "content": [{"type": "text", "text": text}, *(
        {"type": "image_url", "image_url": {"url": f"data:{a.mime_type};base64,{data}"}} for a, data in images)]}


def image_turn(results: Sequence[Message], shape: str) -> dict[str, Any] | None:
    """A user turn carrying the images of a run of tool results (tool messages cannot carry them)."""
    images = [pair for message in results for pair in _images(message)]
    return _user(IMAGE_NOTE, images, shape) if images else None


def user_turn(message: Message, shape: str) -> dict[str, Any]:
    """A user message in the chat shape, its images (when their files are still there) included."""
    images = _images(message)
    return _user(message.content, images, shape) if images else {"role": "user", "content": message.content}
