"""`file_info`: one file of the working folder, its size, lines and last change, read by tars."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("message,tool", [
    ("how many lines in app.log?", "file_info"), ("how big is app.log?", "file_info"),
    ("when was app.log last modified?", "file_info"), ("what's in app.log?", "file_info"),
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
