"""MCP results with media: images reach models that see images as images (Claude, Ollama vision
models, OpenAI-compatible vision models), text-only models read a placeholder naming the saved
file, base64 never enters any text, embedded text resources are text and resource links are listed."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from mcp_servers import FEATURES, PYTHON
from mcp_types import ImageContent, TextContent
from servers.anthropic import AnthropicServer
from servers.ollama import OllamaServer
from servers.openai_compat import OpenAICompatServer

from tars.config import DEFAULT_CLAUDE_MODEL, load_config
from tars.events import ToolCall
from tars.mcp.config import ServerConfig
from tars.mcp.content import render_result
from tars.mcp.manager import McpManager
from tars.messages import Message
from tars.modelspec import ModelSpec
from tars.providers import make_provider
from tars.providers.claude import ClaudeProvider
from tars.providers.ollama import OllamaProvider
from tars.tools.base import MediaOutput
from tars.tools.registry import ToolRegistry


@pytest.fixture
def media_result(tars_home):
    """The features server's `media` tool run through the registry, as a session would."""
    registry = ToolRegistry()
    servers = {"feat": ServerConfig(name="feat", transport="stdio", command=PYTHON, args=(str(FEATURES),))}
    manager = McpManager(servers, registry=registry, timeout=10)
    manager.start()
    assert manager.wait(20)
    try:
        yield registry.run(ToolCall(id="m1", name="feat__media", arguments={}))
    finally:
        manager.close()


def conversation(result) -> list[Message]:
    call = ToolCall(id="toolu_m1", name="feat__media", arguments={})
    return [Message(role="user", content="show me"),
            Message(role="assistant", tool_calls=(call,)),
            Message(role="tool", content=result.text, tool_call_id="toolu_m1", name="feat__media",
                    attachments=tuple(result.attachments))]


def test_media_blocks_become_saved_files_named_in_the_text_and_links_are_listed(media_result):
    assert not media_result.is_error and isinstance(media_result.output, MediaOutput)
    text = media_result.text
    lines = text.splitlines()
    assert lines[0].startswith("[image: image/png, 12 KB, saved at ") and lines[0].endswith(".png]")
    assert lines[1].startswith("[audio: audio/wav, 4 KB, saved at ")
    assert lines[2:4] == ["[resource notes://today]", "Buy milk."]
    assert lines[4] == "[resource link: The archive (archive) <notes://archive>]"
    assert len(text) < 1000  # no base64
    image = media_result.attachments[0]
    saved = Path(image.path)
    assert saved.read_bytes().startswith(b"\x89PNG") and oct(saved.stat().st_mode & 0o777) == "0o600"


def test_media_printed_as_json_is_its_text_and_files_not_a_python_repr(media_result):
    from tars.tools.base import jsonable

    shown = json.loads(json.dumps(jsonable(media_result.output)))
    assert shown["text"] == media_result.text
    assert [f["mime_type"] for f in shown["files"]] == ["image/png", "audio/wav"]
    assert Path(shown["files"][0]["path"]).is_file() and "MediaOutput(" not in json.dumps(shown)


def test_claude_gets_the_image_inside_the_tool_result(media_result):
    with AnthropicServer() as server:
        server.script("a red pixel")
        config = load_config(environ={"ANTHROPIC_API_KEY": "k", "ANTHROPIC_BASE_URL": server.url})
        list(ClaudeProvider(DEFAULT_CLAUDE_MODEL, config).stream(conversation(media_result)))
        (result_block,) = [b for m in server.requests[-1].body["messages"] for b in m["content"]
                           if b["type"] == "tool_result"]
    text, image = result_block["content"]  # the audio clip is not an image: only named in the text
    assert text["type"] == "text" and "[audio: audio/wav" in text["text"]
    assert image["type"] == "image" and image["source"]["media_type"] == "image/png"
    assert base64.b64decode(image["source"]["data"]).startswith(b"\x89PNG")


def test_an_ollama_vision_model_gets_images_and_a_text_model_only_the_placeholder(media_result):
    models = {"llava:7b": {"capabilities": ["completion", "vision"]},
              "qwen3:8b": {"capabilities": ["completion", "tools"]}}
    with OllamaServer(models=models) as server:
        server.script("a pixel", "no idea")
        config = load_config(environ={"OLLAMA_HOST": server.url})
        list(OllamaProvider("llava:7b", config).stream(conversation(media_result)))
        list(OllamaProvider("qwen3:8b", config).stream(conversation(media_result)))
        vision, text_only = (r.body["messages"] for r in server.requests if r.path == "/api/chat")
    (turn,) = [m for m in vision if m.get("images")]
    assert turn["role"] == "user" and base64.b64decode(turn["images"][0]).startswith(b"\x89PNG")
    assert not any(m.get("images") for m in text_only)
    tool_text = next(m["content"] for m in text_only if m["role"] == "tool")
    assert "[image: image/png, 12 KB, saved at" in tool_text
    assert len(json.dumps(text_only)) < 3000  # no base64 anywhere


def test_openai_compatible_vision_models_get_image_parts(media_result):
    with OpenAICompatServer() as server:
        server.script("a pixel", "text only")
        config = load_config().replace(openai_base_url=server.url + "/v1")
        for model in ("gpt-4o-mini", "qwen2.5-7b-instruct"):
            list(make_provider(ModelSpec("openai", model), config).stream(conversation(media_result)))
        vision, text_only = (r.body["messages"] for r in server.requests)
    parts = [p for m in vision if isinstance(m["content"], list) for p in m["content"]]
    assert any(p["type"] == "image_url" and p["image_url"]["url"].startswith("data:image/png;base64,")
               for p in parts)
    assert len(json.dumps(text_only)) < 3000


def test_structured_content_repeating_an_image_never_floods_the_text():
    png = base64.b64encode(b"\x89PNG" + bytes(range(256)) * 47).decode()
    out = render_result([ImageContent(type="image", data=png, mime_type="image/png")],
                        {"content": [{"type": "image", "data": png}]})
    assert isinstance(out, MediaOutput) and png[:100] not in out.text and len(out.text) < 400
    pasted = render_result([TextContent(type="text", text=f"here: {png}")])
    assert png[:100] not in pasted and "[base64 data, 12 KB, omitted]" in pasted
