"""`file_info`: one file of the working folder, its size, lines and last change, read by tars."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from servers.ollama import OllamaServer

from tars.tools.file_info import file_info, file_named
from tars.tools.folder import FolderError


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "app.log").write_text("line one\nline two\nerror: disk full\nline four\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.py").write_text("print('hi')")
    (tmp_path / "image.png").write_bytes(b"\x89PNG\0\0\0binary")
    (tmp_path / ".env").write_text("TOKEN=secret\n")
    outside = tmp_path.parent / f"{tmp_path.name}-outside.txt"
    outside.write_text("not yours\n")
    os.symlink(outside, tmp_path / "link.txt")
    return tmp_path


def test_a_text_file_is_counted_and_dated(folder):
    info = file_info("app.log", root=folder)
    assert (info["lines"], info["words"], info["bytes"]) == (4, 9, 45)
    assert info["confirmation"].startswith("app.log: 4 lines, 9 words, 45 bytes; last changed ")
    assert "@app.log in chat" in info["confirmation"]
    assert file_info("src/main.py", root=folder)["lines"] == 1  # a last line without its newline counts
    binary = file_info("image.png", root=folder)
    assert binary["lines"] is None and "a binary file" in binary["confirmation"]


@pytest.mark.parametrize("path,why", [
    ("../outside.txt", "outside the working folder"), ("/etc/passwd", "outside the working folder"),
    (".env", "hidden"), ("link.txt", "outside the working folder"), ("src", "it is a folder"),
    ("missing.txt", "there is no file"), ("bad\0name", "give the name"),
])
def test_nothing_outside_hidden_or_missing_is_read(folder, path, why):
    with pytest.raises(FolderError, match=why):
        file_info(path, root=folder)


@pytest.mark.parametrize("message,path", [
    ("how many lines in app.log?", "app.log"), ("how big is src/main.py", "src/main.py"),
    ("when was README.md last changed?", "README.md"), ("compare a.txt and b.txt", None),
    ("how big is this folder?", None), ("email me at sam@example.com", None),
])
def test_the_file_a_message_names(message, path):
    assert file_named(message) == (None if path is None else {"path": path})


@pytest.mark.parametrize("message", [
    "summarize app.log", "what's in app.log?", "what does src/main.py do?", "any errors in app.log?",
    "explain app.log", "read app.log and tell me what failed", "fix the bug in src/main.py",
])
def test_what_a_file_says_is_told_as_not_read_with_how_to_attach_it(folder, router, message, monkeypatch):
    monkeypatch.chdir(folder)
    decision = router.decide(message)
    assert decision.tool_hints == ("file_info",), decision
    args = file_named(message)
    assert args is not None and args["contents"] is True
    told = file_info(args["path"], root=folder, contents=True)["confirmation"]
    assert told.startswith(f"I have not read {args['path']} (") and "To have it read, attach it: @" in told


def test_a_file_that_is_not_here_is_asked_about_in_general(folder, router, monkeypatch):
    monkeypatch.chdir(folder)
    for message in ("what does package.json do?", "explain Cargo.toml", "what does setup.py do?"):
        assert not router.decide(message).needs_tools, message  # the model explains such files
    # what the file says pasted below the request is the model's to read
    assert not router.decide("summarize app.log:\n\n```\nstarting\nerror: disk full\n```").needs_tools


def test_a_question_about_an_attached_file_is_the_models_to_answer_from_it(router, folder, monkeypatch):
    monkeypatch.chdir(folder)
    assert router.decide("summarize app.log", attached="```\nerror: disk full\n```").needs_tools is False
    assert router.decide("what's in app.log?", attached="```\nerror: disk full\n```").needs_tools is False
    # a count is still exact, attached or not
    assert router.decide("how many lines in app.log?", attached="```\nerror: disk full\n```").tool_hints == \
        ("file_info",)


@pytest.mark.parametrize("message", ["how do I read a .log file", "explain how logging works"])
def test_questions_about_files_in_general_name_no_file(router, message):
    assert router.decide(message).family != "folder"


def test_tars_ask_reads_a_file_only_when_it_is_attached(folder):
    """Without the file attached tars says it has not read it (the embedded model made up a summary);
    attached, the model gets its text and answers."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent), "TARS_MODEL_REMOTE": "none",
           "TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "TARS_TOOL_MODE": "pipeline",
           "TARS_DATA_DIR": str(folder / "data")}
    with OllamaServer() as ollama:
        env["OLLAMA_HOST"] = ollama.url
        ollama.script("The log reports that the disk is full.")

        def ask(*args: str) -> dict:
            proc = subprocess.run([sys.executable, "-m", "tars", "ask", "--json", *args], cwd=folder, env=env,
                                  stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
            assert proc.returncode == 0, proc.stderr
            return json.loads(proc.stdout)

        unread = ask("summarize app.log")
        assert unread["answer"].startswith("I have not read app.log (4 lines")
        assert ollama.requests_to("/api/chat") == []  # no model was asked to guess
        read = ask("-a", "app.log", "summarize app.log")
        assert read["answer"] == "The log reports that the disk is full."
        sent = ollama.requests_to("/api/chat")[-1].json["messages"][-1]["content"]
        assert "error: disk full" in sent


@pytest.mark.parametrize("message,tool", [
    ("how many lines in app.log?", "file_info"), ("how big is app.log?", "file_info"),
    ("when was app.log last modified?", "file_info"),
    ("how many lines are in archive.tar.gz", "file_info"), ("count the lines in ./app.log", "file_info"),
    ("how many lines of python are in this folder?", "folder_stats"), ("list the files here", "folder_list"),
    # a file named in passing in a question about the folder
    ("how many lines of python are in this folder besides setup.py?", "folder_stats"),
    ("list the files here except README.md", "folder_list"),
])
def test_questions_about_one_file_get_its_facts_not_a_guess(router, message, tool):
    decision = router.decide(message)
    assert decision.needs_tools and decision.tool_hints == (tool,), decision


@pytest.mark.parametrize("message", [
    "how big is node.js", "how large is the Next.js bundle typically?", "how big is the U.S.?",
    "how big is a blue whale, e.g. the largest?", "how long is the flight to St.Louis", "what is node.js?",
])
def test_names_of_other_things_are_no_files(router, message):
    assert router.decide(message).family != "folder"


def test_a_file_is_read_as_it_is_not_as_its_size_says(tmp_path):
    status = file_info("self/status", root=Path("/proc"))  # /proc says 0 bytes
    assert status["bytes"] == 0 and status["lines"] > 5
    (tmp_path / "w.txt").write_text("hello")
    assert file_info("w.txt", root=tmp_path)["confirmation"].startswith("w.txt: 1 line, 1 word, 5 bytes;")


def test_a_name_that_reorders_the_line_is_shown_escaped(tmp_path):
    (tmp_path / "evil\u202etxt.exe").write_text("x")
    assert file_info("evil\u202etxt.exe", root=tmp_path)["confirmation"].startswith("'evil\\u202etxt.exe': ")
