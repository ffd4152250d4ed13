"""`/attach` and `@path` in the real `tars chat` in a pseudo-terminal, against the local Ollama
server: what reached the model, Tab completion of `@` paths, e-mail addresses and missing files
left as text, and refusals that send nothing while the chat goes on."""

from __future__ import annotations

import base64
from pathlib import Path

import pexpect
import pytest
from pty_chat import PROMPT, chat
from servers.ollama import TEXT_AND_VISION_MODELS, OllamaServer, echo

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(100))


@pytest.fixture
def server():
    with OllamaServer(models=TEXT_AND_VISION_MODELS, default=echo) as srv:
        yield srv


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "notes.txt").write_text("buy milk\n")
    (tmp_path / "cat.png").write_bytes(PNG)
    (tmp_path / "src").mkdir()
    return tmp_path


def send(child: pexpect.spawn, text: str, expect: str) -> None:
    child.send(text + "\r")
    child.expect_exact(expect)
    child.expect_exact(PROMPT)


def user_messages(server: OllamaServer) -> list[dict]:
    chats = server.requests_to("/api/chat")
    return [m for m in chats[-1].body["messages"] if m["role"] == "user"] if chats else []


def test_attach_then_at_path_reach_the_model(server: OllamaServer, files: Path) -> None:
    with chat(server, width=160, TARS_MODEL_DEFAULT="ollama:llava") as child:
        send(child, "/attach notes.txt", "attached file: notes.txt, 9 bytes: it goes with your next message")
        send(child, "/attach", "attached to your next message: file: notes.txt, 9 bytes")
        send(child, "summarise", "echo: summarise")
        text = user_messages(server)[-1]["content"]
        assert text == "summarise\n\n[attached file: notes.txt, 9 bytes]\n```\nbuy milk\n```"

        send(child, "what is in @cat.png?", "echo: what is in @cat.png?")
        user = user_messages(server)[-1]
        assert [base64.b64decode(i) for i in user["images"]] == [PNG]
        assert user["content"].endswith("[attached image: cat.png, image/png, 108 bytes]")
        send(child, "/attach", "nothing attached")  # what /attach added went with one message only


def test_at_completes_paths_and_emails_and_missing_files_stay_text(server: OllamaServer, files: Path) -> None:
    with chat(server, width=160, TARS_MODEL_DEFAULT="ollama:text") as child:
        child.send("read @no")
        child.send("\t")
        child.expect_exact("@notes.txt")
        send(child, "", "echo: read @notes.txt")
        assert "[attached file: notes.txt, 9 bytes]" in user_messages(server)[-1]["content"]

        send(child, "mail bob@notes.txt and see @gone.md or @dataclass", "no such file, sent as text")
        text = user_messages(server)[-1]["content"]
        assert text == "mail bob@notes.txt and see @gone.md or @dataclass"


def test_refusals_send_nothing_and_the_chat_goes_on(server: OllamaServer, files: Path) -> None:
    with chat(server, width=160, TARS_MODEL_DEFAULT="ollama:text") as child:
        send(child, "look at @src", "src is a folder: attach the files in it one by one")
        send(child, "/attach src", "src is a folder")
        send(child, "what is @cat.png", "ollama:text takes no images, so cat.png cannot be sent")
        assert server.requests_to("/api/chat") == []
        send(child, "hello", "echo: hello")


def test_an_image_attached_and_never_sent_leaves_no_copy(server: OllamaServer, files: Path,
                                                         tars_home: Path) -> None:
    copies = tars_home / "data" / "attachments"
    with chat(server, width=160, TARS_MODEL_DEFAULT="ollama:llava") as child:
        send(child, "/attach cat.png", "it goes with your next message")
        assert len(list(copies.glob("*.png"))) == 1
        send(child, "/attach clear", "attachments dropped")
        assert not list(copies.glob("*.png"))  # dropped: its copy too
        send(child, "/attach cat.png", "it goes with your next message")
        child.sendcontrol("d")  # leaving with it still attached
        child.expect(pexpect.EOF)
    assert not list(copies.glob("*.png"))
    assert server.requests_to("/api/chat") == []
