"""The OpenAI-style chat shape (`role` / `content` / `tool_calls` dicts) that OpenAI-compatible
servers, Ollama and GGUF chat templates all take; the few ways they differ are a `ChatShape`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tars.events import ToolCall
from tars.messages import Message

if TYPE_CHECKING:
    from tars.providers.text_tools import TextTools

__all__ = ["OLLAMA", "OPENAI", "TEMPLATE", "ChatShape", "chat_messages", "chat_tools"]


@dataclass(frozen=True)
class ChatShape:
    """Where one consumer of the chat shape departs from the OpenAI API."""

    json_arguments: bool = False  # call arguments as a JSON string rather than an object
    ids: bool = True  # calls carry `id` and `type`, results `tool_call_id`
    result_name: str | None = None  # the key that names the tool on a result
    error_prefix: bool = False  # an error result says so in its text (the API has no flag for it)
    null_content: bool = False  # an assistant turn with only calls has `content: null`
    name: str = "openai"  # how a turn carries images (tars.providers.vision.image_turn)


OPENAI = ChatShape(json_arguments=True, null_content=True)
OLLAMA = ChatShape(ids=False, result_name="tool_name", error_prefix=True, name="ollama")
TEMPLATE = ChatShape(result_name="name")  # what GGUF chat templates (llama.cpp) read


def chat_tools(tools: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Neutral {name, description, parameters} specs -> function tools."""
    return [{"type": "function", "function": {
        "name": t["name"], "description": t.get("description") or t["name"],
        "parameters": t.get("parameters") or {"type": "object", "properties": {}}}} for t in tools]


def chat_messages(messages: Sequence[Message], system: str = "", shape: ChatShape = OPENAI, *,
                  text_tools: TextTools | None = None, images: bool = False) -> list[dict[str, Any]]:
    """tars messages -> chat messages, the system prompt first. With `text_tools` calls and results
    are written as text, for a model that takes no `tools`. With `images` (a model that sees them)
    a user message carries its own images, and the images of a run of tool results follow it in a
    user turn."""
    out: list[dict[str, Any]] = [{"role": "system", "content": system}] if system else []
    run: list[Message] = []  # the tool results since the last other message
    for i, message in enumerate(messages):
        if message.role == "tool":
            out.append(text_tools.result(message) if text_tools else _result(message, shape))
            run.append(message)
            if images and (i + 1 == len(messages) or messages[i + 1].role != "tool"):
                from tars.providers.vision import image_turn

                if (turn := image_turn(run, shape.name)) is not None:
                    out.append(turn)
            continue
        run = []
        if message.role == "assistant" and message.tool_calls:
            out.append(text_tools.calls(message) if text_tools else {
                "role": "assistant", "content": message.content or (None if shape.null_content else ""),
                "tool_calls": [_call(call, shape) for call in message.tool_calls]})
        elif images and message.role == "user" and message.attachments:
            from tars.providers.vision import user_turn

            out.append(user_turn(message, shape.name))
        else:
            out.append({"role": message.role, "content": message.content})
    return out


def _call(call: ToolCall, shape: ChatShape) -> dict[str, Any]:
    arguments = json.dumps(call.arguments, ensure_ascii=False) if shape.json_arguments else call.arguments
    function = {"function": {"name": call.name, "arguments": arguments}}
    return {"id": call.id, "type": "function", **function} if shape.ids else function


def _result(message: Message, shape: ChatShape) -> dict[str, Any]:
    content = f"Error: {message.content}" if shape.error_prefix and message.is_error else message.content
    result: dict[str, Any] = {"role": "tool", "content": content}
    if shape.ids:
        result["tool_call_id"] = message.tool_call_id
    if shape.result_name:
        result[shape.result_name] = message.name or ""
    return result
