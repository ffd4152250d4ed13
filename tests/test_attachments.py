"""`tars ask -a PATH|URL` as scripts use it, against the local protocol servers: what reached the
model (a text file under its header, an image as an image), the refusals (exit 2, one line, no
request made), URLs through web_read's guard, and attachments kept with a saved conversation."""

from __future__ import annotations

import base64
import os
import subprocess
import sys
from pathlib import Path

import pytest
from servers.anthropic import AnthropicServer
from servers.ollama import TEXT_AND_VISION_MODELS, OllamaServer, echo
from servers.openai_compat import OpenAICompatServer
from servers.webpages import ARTICLE_FACT, INJECTION, WebServer

from tars.config import DEFAULT_CLAUDE_MODEL

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(200))


@pytest.fixture
def server():
    with OllamaServer(models=TEXT_AND_VISION_MODELS, default=echo) as srv:
        yield srv


def tars(*args: str, model: str = "ollama:text", stdin: str | None = None, **extra: str,
         ) -> subprocess.CompletedProcess:
    env = dict(os.environ, TARS_MODEL_DEFAULT=model, TARS_MODEL_REMOTE="none")
    env.update(extra)
    return subprocess.run([sys.executable, "-m", "tars", *args], input=stdin, capture_output=True, text=True,
                          env=env, timeout=60, stdin=subprocess.DEVNULL if stdin is None else None)


def chats(server: OllamaServer) -> list[dict]:
    return [r.body for r in server.requests_to("/api/chat")]


def last_user(server: OllamaServer) -> dict:
    return [m for m in chats(server)[-1]["messages"] if m["role"] == "user"][-1]


def test_a_text_file_arrives_under_a_header_naming_it(server: OllamaServer, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("buy milk\nfix the ``` fence\n")
    done = tars("ask", "-a", "notes.txt", "summarise", OLLAMA_HOST=server.url)
    assert done.returncode == 0, done.stderr
    text = last_user(server)["content"]
    assert text.startswith("summarise\n\n[attached file: notes.txt, 27 bytes]\n````\nbuy milk\n")
    assert text.endswith("fix the ``` fence\n````")  # the file cannot close its own block


def test_files_and_piped_stdin_travel_together(server: OllamaServer, tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# A\n")
    (tmp_path / "b.py").write_text("print(1)\n")
    done = tars("ask", "-a", "a.md", "--attach", "b.py", "compare", stdin="piped text\n", OLLAMA_HOST=server.url)
    assert done.returncode == 0, done.stderr
    text = last_user(server)["content"]
    assert text.index("```\npiped text\n```") < text.index("[attached file: a.md") \
        < text.index("[attached file: b.py")


def test_a_file_named_with_at_in_the_question_is_attached_as_in_chat(server: OllamaServer, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("buy milk\n")
    done = tars("ask", "what does @notes.txt say? see @gone.md and @dataclass", OLLAMA_HOST=server.url)
    assert done.returncode == 0, done.stderr
    done = tars("ask", "what does @notes.txt say? see @gone.md and @dataclass; what is the @/ alias in vite?",
                OLLAMA_HOST=server.url)
    assert done.returncode == 0, done.stderr
    text = last_user(server)["content"]
    assert text.startswith("what does @notes.txt say? see @gone.md and @dataclass; what is the @/ alias in vite?\n\n"
                           "[attached file: notes.txt, ")
    assert "buy milk" in text and text.count("[attached") == 1
    assert "@gone.md: no such file, sent as text" in done.stderr
    # a question piped in is content: the files it names are not read
    done = tars("ask", "-", stdin="what does @notes.txt say?", OLLAMA_HOST=server.url)
    assert done.returncode == 0, done.stderr
    assert "buy milk" not in last_user(server)["content"]


def test_an_image_reaches_an_ollama_vision_model_as_an_image(server: OllamaServer, tmp_path: Path) -> None:
    (tmp_path / "shot.txt").write_bytes(PNG)  # known by its bytes, not its name
    done = tars("ask", "-a", "shot.txt", "what is this?", model="ollama:llava", OLLAMA_HOST=server.url)
    assert done.returncode == 0, done.stderr
    user = last_user(server)
    assert [base64.b64decode(i) for i in user["images"]] == [PNG]
    assert user["content"] == "what is this?\n\n[attached image: shot.txt, image/png, 208 bytes]"


def test_an_images_copy_lives_as_long_as_a_stored_conversation_needs_it(server: OllamaServer, tmp_path: Path,
                                                                           tars_home: Path) -> None:
    copies = tars_home / "data" / "attachments"
    (tmp_path / "shot.png").write_bytes(PNG)
    asked = tars("ask", "-a", "shot.png", "what is this?", model="ollama:llava", OLLAMA_HOST=server.url)
    assert asked.returncode == 0, asked.stderr
    assert [base64.b64decode(i) for i in last_user(server)["images"]] == [PNG]
    assert not list(copies.glob("*"))  # an unsaved question keeps no copy of the screenshot
    for name in ("pics", "more pics"):  # saved twice: each conversation is sent it again later
        saved = tars("ask", "-s", name, "-a", "shot.png", "what is this?", model="ollama:llava", OLLAMA_HOST=server.url)
        assert saved.returncode == 0, saved.stderr
    (copy,) = copies.glob("*.png")
    assert copy.read_bytes() == PNG
    history = [sys.executable, "-m", "tars", "history", "rm", "--yes"]
    assert subprocess.run([*history, "pics"], capture_output=True, timeout=60).returncode == 0
    assert copy.exists()  # "more pics" still shows it
    assert subprocess.run([*history, "more pics"], capture_output=True, timeout=60).returncode == 0
    assert not copy.exists()  # deleting the conversation deletes the copy of its image


def test_an_image_reaches_claude_as_an_image_block(tmp_path: Path) -> None:
    (tmp_path / "cat.png").write_bytes(PNG)
    with AnthropicServer() as server:
        server.script("a cat")
        done = tars("ask", "-a", "cat.png", "describe", model=f"claude:{DEFAULT_CLAUDE_MODEL}",
                    ANTHROPIC_API_KEY="k", ANTHROPIC_BASE_URL=server.url)
        assert done.returncode == 0, done.stderr
        (user,) = server.requests[-1].body["messages"]
    image, text = user["content"]
    assert image == {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                                 "data": base64.b64encode(PNG).decode()}}
    assert text["type"] == "text" and "[attached image: cat.png, image/png" in text["text"]


def test_an_image_reaches_an_openai_compatible_vision_model_as_image_url(tmp_path: Path) -> None:
    (tmp_path / "cat.png").write_bytes(PNG)
    with OpenAICompatServer() as server:
        server.script("a cat")
        done = tars("ask", "-a", "cat.png", "describe", model="openai:gpt-4o-mini",
                    TARS_OPENAI_BASE_URL=server.url + "/v1")
        assert done.returncode == 0, done.stderr
        user = [m for m in server.requests[-1].body["messages"] if m["role"] == "user"][-1]
    text, image = user["content"]
    assert text["type"] == "text" and text["text"].startswith("describe")
    assert image["image_url"]["url"] == "data:image/png;base64," + base64.b64encode(PNG).decode()


@pytest.mark.parametrize(("model", "label"), [("ollama:text", "ollama:text"),
                                              ("llamacpp:smollm2-135m", "llamacpp:smollm2-135m")])
def test_a_text_only_model_refuses_an_image_before_any_request(server: OllamaServer, tmp_path: Path,
                                                                model: str, label: str) -> None:
    (tmp_path / "cat.png").write_bytes(PNG)
    done = tars("ask", "-a", "cat.png", "describe", model=model, OLLAMA_HOST=server.url)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"tars: {label} takes no images, so cat.png cannot be sent: attach images with a model that takes them "
        "(Claude, an Ollama vision model, an OpenAI-compatible vision model), chosen with -m/--model or "
        "TARS_MODEL_DEFAULT"]
    assert chats(server) == [] and done.stdout == ""


def test_an_image_goes_to_the_remote_when_only_the_remote_takes_images(server: OllamaServer,
                                                                      tmp_path: Path) -> None:
    (tmp_path / "cat.png").write_bytes(PNG)
    done = tars("ask", "-a", "cat.png", "describe", "--remote", "ollama:llava", OLLAMA_HOST=server.url)
    assert done.returncode == 0, done.stderr
    assert [c["model"] for c in chats(server)] == ["llava"] and last_user(server)["images"]


def test_an_image_stays_with_a_primary_that_takes_images_when_the_remote_does_not(server: OllamaServer,
                                                                                  tmp_path: Path) -> None:
    (tmp_path / "sky.png").write_bytes(PNG)
    done = tars("ask", "-a", "sky.png", "what is the weather in Lima right now?", "--remote", "ollama:text",
                model="ollama:llava", OLLAMA_HOST=server.url)
    assert done.returncode == 0, done.stderr
    assert {c["model"] for c in chats(server)} == {"llava"}  # the text-only remote was never asked
    # every model answer (not a constrained pipeline step, which reads the request as text) sees the image
    answers = [c for c in chats(server) if not c.get("format")]
    assert all(any(m.get("images") for m in c["messages"]) for c in answers)


@pytest.mark.parametrize(("make", "message"), [
    (lambda p: None, "tars: thing: no such file"),
    (lambda p: p.mkdir(), "tars: thing is a folder: attach the files in it one by one (thing/FILE), "
                          "or pipe what you need (e.g. `ls thing | tars ask …`)"),
    (lambda p: p.write_bytes(b"%PDF-1.7\n\x00\x01binary"),
     "tars: thing is a PDF document, not text or an image: only text files and PNG, JPEG, GIF or WebP "
     "images can be attached"),
    (lambda p: p.write_bytes(b"\x00\x01\x02\xff\xfe"),
     "tars: thing is binary data, not text or an image: only text files and PNG, JPEG, GIF or WebP "
     "images can be attached"),
    (lambda p: p.write_text("x" * 2000), "tars: thing is 2 KB, over the attachment limit of 1000 bytes "
                                         "(TARS_ATTACH_MAX_BYTES to change it)"),
])
def test_refusals_are_one_line_exit_2_and_ask_no_model(server: OllamaServer, tmp_path: Path, make,
                                                       message: str) -> None:
    make(tmp_path / "thing")
    done = tars("ask", "-a", "thing", "look", OLLAMA_HOST=server.url, TARS_ATTACH_MAX_BYTES="1000")
    assert (done.returncode, done.stderr.strip().splitlines()) == (2, [message])
    assert chats(server) == []


def test_a_url_is_read_through_the_web_guard(server: OllamaServer) -> None:
    with WebServer() as web:
        url = web.url
        refused = tars("ask", "-a", f"{web.url}/article", "summarise", OLLAMA_HOST=server.url)
        assert refused.returncode == 2 and "internal address" in refused.stderr
        assert "TARS_WEB_ALLOW_HOSTS" in refused.stderr and chats(server) == []

        done = tars("ask", "-a", f"{web.url}/article", "-a", f"{web.url}/image.png", "summarise",
                    model="ollama:llava", OLLAMA_HOST=server.url, TARS_WEB_ALLOW_HOSTS="127.0.0.1")
    assert done.returncode == 0, done.stderr
    user = last_user(server)
    text = user["content"]
    assert f"[attached page: {url}/article, " in text and ARTICLE_FACT in text
    fence = text.index("<<<UNTRUSTED WEB CONTENT")
    assert fence < text.index(INJECTION) < text.index("<<<END UNTRUSTED WEB CONTENT>>>")
    assert f"[attached image: {url}/image.png, image/png" in text
    assert base64.b64decode(user["images"][0]).startswith(b"\x89PNG")


def test_attachments_are_kept_with_the_conversation(server: OllamaServer, tmp_path: Path) -> None:
    (tmp_path / "cat.png").write_bytes(PNG)
    (tmp_path / "notes.txt").write_text("the notes\n")
    first = tars("ask", "-s", "pics", "-a", "cat.png", "-a", "notes.txt", "describe", model="ollama:llava",
                 OLLAMA_HOST=server.url)
    assert first.returncode == 0, first.stderr
    (tmp_path / "cat.png").unlink()  # the conversation keeps its own copy

    shown = tars("history", "show", "pics")
    assert "[attached image: cat.png, image/png, 208 bytes]" in shown.stdout
    assert "[attached file: notes.txt, 10 bytes]" in shown.stdout

    again = tars("ask", "--continue", "and its colour?", model="ollama:llava", OLLAMA_HOST=server.url)
    assert again.returncode == 0, again.stderr
    earlier = [m for m in chats(server)[-1]["messages"] if m["role"] == "user"][0]
    assert [base64.b64decode(i) for i in earlier["images"]] == [PNG]


def test_a_sessions_database_from_before_attachments_still_opens(tars_home: Path) -> None:
    import sqlite3

    from tars.messages import Attachment, Message
    from tars.repl.store import ConversationStore

    path = tars_home / "data" / "sessions.db"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE conversations (id INTEGER PRIMARY KEY, name TEXT, created REAL NOT NULL,
                                    updated REAL NOT NULL, model TEXT NOT NULL DEFAULT '');
        CREATE TABLE messages (conversation_id INTEGER NOT NULL, seq INTEGER NOT NULL, role TEXT NOT NULL,
            content TEXT NOT NULL, tool_calls TEXT NOT NULL DEFAULT '[]', tool_call_id TEXT, name TEXT,
            is_error INTEGER NOT NULL DEFAULT 0, interrupted INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (conversation_id, seq));
        INSERT INTO conversations VALUES (1, 'old', 0, 0, '');
        INSERT INTO messages (conversation_id, seq, role, content) VALUES (1, 0, 'user', 'hello');
    """)
    db.commit()
    db.close()
    store = ConversationStore(path)
    assert store.load(1) == [Message(role="user", content="hello")]
    image = Attachment(mime_type="image/png", path="/x/cat.png", size=3, name="cat.png")
    store.save(1, [Message(role="user", content="look", attachments=(image,))])
    assert store.load(1)[0].attachments == (image,)
    store.close()


@pytest.mark.parametrize(("data", "mime"), [
    (b"\x89PNG\r\n\x1a\n....", "image/png"),
    (b"\xff\xd8\xff\xe0\x00\x10JFIF", "image/jpeg"),
    (b"GIF89a\x01\x00\x01\x00", "image/gif"),
    (b"RIFF\x24\x00\x00\x00WEBPVP8 ", "image/webp"),
])
def test_images_are_known_by_their_bytes_whatever_their_name(tmp_path: Path, data: bytes, mime: str) -> None:
    from tars.attachments import load
    from tars.config import load_config

    (tmp_path / "picture.txt").write_bytes(data)
    (tmp_path / "notes.png").write_text("not a picture at all\n")
    image = load("picture.txt", load_config())
    assert (image.kind, image.image and image.image.mime_type) == ("image", mime)
    assert Path(image.image.path).read_bytes() == data  # a private copy, kept with the conversation
    assert oct(Path(image.image.path).stat().st_mode & 0o777) == "0o600"
    assert load("notes.png", load_config()).kind == "file"


def test_a_legacy_8_bit_text_file_is_text(tmp_path: Path) -> None:
    from tars.attachments import load
    from tars.config import load_config

    (tmp_path / "old.txt").write_bytes("café, naïve\r\n".encode("cp1252"))
    assert load("old.txt", load_config()).text == "café, naïve\r\n"


def test_a_failed_remote_does_not_fall_back_to_a_primary_that_cannot_see_the_image(server: OllamaServer,
                                                                                   tmp_path: Path) -> None:
    (tmp_path / "cat.png").write_bytes(PNG)
    with AnthropicServer() as remote:
        remote.script({"error": 529})
        done = tars("ask", "-a", "cat.png", "describe", "--remote", f"claude:{DEFAULT_CLAUDE_MODEL}",
                    OLLAMA_HOST=server.url, ANTHROPIC_API_KEY="k", ANTHROPIC_BASE_URL=remote.url)
    assert done.returncode == 1 and "overloaded" in done.stderr.lower()
    assert chats(server) == []  # the text-only primary never answered about a picture it cannot see
