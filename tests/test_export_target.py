"""/export never writes where the user did not mean: no folders made, no file or link replaced unasked."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest
from rich.console import Console

from tars.config import load_config
from tars.providers.scripted import ScriptedProvider
from tars.repl.app import Repl, load_command_modules
from tars.repl.store import ConversationStore
from tars.session import Session

load_command_modules()


@pytest.fixture
def chat() -> tuple[Repl, Console]:
    session = Session(load_config(environ={}), primary=ScriptedProvider([["Lima is in Peru."]], model="script"))
    console = Console(file=io.StringIO(), width=200)
    repl = Repl(session, console, ConversationStore())
    repl.turn("where is Lima?")
    return repl, console


def export(chat: tuple[Repl, Console], arg: str) -> list[str]:
    repl, console = chat
    console.file.seek(0)
    console.file.truncate()
    repl.command(f"/export {arg}")
    return console.file.getvalue().splitlines()


def test_a_folder_that_does_not_exist_is_said_and_nothing_is_made(chat, tmp_path: Path) -> None:
    lines = export(chat, "notes/out.md")
    assert len(lines) == 1 and "no folder notes" in lines[0] and "nothing written" in lines[0]
    assert not (tmp_path / "notes").exists()


def test_a_symlink_is_refused_and_left_as_it_was(chat, tmp_path: Path) -> None:
    target = tmp_path / "journal.md"
    target.write_text("my own notes\n")
    (tmp_path / "out.md").symlink_to(target)
    lines = export(chat, "out.md")
    assert len(lines) == 1 and "symbolic link" in lines[0] and "nothing written" in lines[0]
    assert (tmp_path / "out.md").is_symlink() and target.read_text() == "my own notes\n"
    (tmp_path / "gone.md").symlink_to(tmp_path / "missing.md")  # a link to nothing is a link too
    assert "symbolic link" in export(chat, "gone.md")[0] and not (tmp_path / "missing.md").exists()


def test_an_existing_file_is_kept_when_the_chat_cannot_ask(chat, tmp_path: Path) -> None:
    (tmp_path / "out.md").write_text("my own notes\n")
    lines = export(chat, "out.md")
    assert len(lines) == 1 and "exists" in lines[0] and "nothing written" in lines[0]
    assert (tmp_path / "out.md").read_text() == "my own notes\n"


@pytest.mark.parametrize(("answer", "replaced"), [("y", True), ("", False)])
def test_an_existing_file_is_replaced_only_when_the_user_says_yes(chat, tmp_path: Path, monkeypatch,
                                                                   answer: str, replaced: bool) -> None:
    import prompt_toolkit

    asked: list[str] = []
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(prompt_toolkit, "prompt", lambda text: asked.append(text) or answer)
    out = tmp_path / "out.md"
    out.write_text("my own notes\n")
    os.chmod(out, 0o640)
    lines = export(chat, "out.md")
    assert asked == ["replace out.md? [y/N] "]
    if replaced:
        assert out.read_text().startswith("# where is Lima?") and "exported 2 messages to out.md" in lines[-1]
        assert out.stat().st_mode & 0o777 == 0o640  # a replaced file keeps its mode
    else:
        assert out.read_text() == "my own notes\n" and "nothing written" in lines[-1]


def test_a_new_file_in_an_existing_folder_is_written_private(chat, tmp_path: Path) -> None:
    (tmp_path / "notes").mkdir()
    assert export(chat, "notes/out.md") == ["exported 2 messages to notes/out.md"]
    written = tmp_path / "notes" / "out.md"
    assert written.read_text().startswith("# where is Lima?") and written.stat().st_mode & 0o777 == 0o600
