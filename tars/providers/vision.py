"""Which models see images, and the images of tool results in each request shape.

Claude models all take images. An Ollama model does when `/api/show` lists the `vision`
capability. Other models (OpenAI-compatible servers, GGUF files) are judged by name, since their
APIs do not say; a text-only model reads only the tool result's text, which names each image's
type, size and saved file.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from tars.messages import Attachment, Message

__all__ = ["named_for_vision", "anthropic_result_content", "image_turn"]

_VISION_NAMES = re.compile(
    r"gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-5|o[134](?:-|$)|vision|[-_.]vl\b|vl[-_:]|llava|bakllava|moondream|"
    r"gemma3|gemma-3|pixtral|minicpm-v|qwen2\.5vl|qwen2-vl|claude|gemini|mistral-small3\.[12]|granite3\.2-vision",
    re.IGNORECASE)
IMAGE_NOTE = "The images returned by the tool calls above, in order."


def named_for_vision(model: str) -> bool:
    """Whether a model's name marks it as one that takes images (for APIs that do not say)."""
    return bool(_VISION_NAMES.search(model))


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


def image_turn(results: Sequence[Message], shape: str) -> dict[str, Any] | None:
    """A user turn carrying the images of a run of tool results (tool messages cannot carry them):
    `shape` "ollama" puts them in `images`, "openai" in `image_url` content parts."""
    images = [pair for message in results for pair in _images(message)]
    if not images:
        return None
    if shape == "ollama":
        return {"role": "user", "content": IMAGE_NOTE, "images": [data for _, data in images]}
    return {"role": "user", "content": [{"type": "text", "text": IMAGE_NOTE}, *(
        {"type": "image_url", "image_url": {"url": f"data:{a.mime_type};base64,{data}"}} for a, data in images)]}
