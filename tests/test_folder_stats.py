"""`folder_stats`: the working folder's files, lines and sizes counted (never guessed), its router
family, and `tars ask` in a folder through a local model server."""

from __future__ import annotations

from pathlib import Path

import pytest
from asking import ask_json
from servers.ollama import OllamaServer

from tars.tools.folder import FolderError, folder_stats, kind_in


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "app.py").write_text("import os\nprint(os.getcwd())\n")
    (tmp_path / "pkg" / "util.py").write_text("x = 1\ny = 2\nz = 3")  # no newline at the end: still 3 lines
    (tmp_path / "README.md").write_text("# demo\n")
    (tmp_path / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0" + b"\0" * 200)
    for hidden in (".git", ".venv", "node_modules"):  # not the user's files: left out, and said so
        (tmp_path / hidden).mkdir()
        (tmp_path / hidden / "big.py").write_text("pass\n" * 1000)
    return tmp_path


def test_counts_one_kind_of_file_by_its_language(project):
    out = folder_stats("python", root=project)
    assert (out["files"], out["lines"]) == (2, 5)
    assert out["confirmation"] == (f"2 Python files in {project} and below: 5 lines, 46 bytes in all; the biggest "
                                   "is app.py (29 bytes). Left out: .git, .venv, node_modules.")
    for kind in ("py", ".py", "*.py", "Python files", "python code"):
        assert folder_stats(kind, root=project)["files"] == 2, kind


def test_every_file_binary_ones_counted_but_not_their_lines(project):
    out = folder_stats(None, root=project)
    assert out["files"] == 4 and out["text_files"] == 3 and out["lines"] == 6
    assert out["biggest"][0] == {"path": "logo.png", "bytes": 211, "lines": None}
    assert "6 lines (in the 3 text files)" in out["confirmation"]
    assert folder_stats("files", root=project)["files"] == 4  # what a model writes for "every file"


def test_kinds_that_gather_others(project):
    for code in ("code", "all code", "lines of code", "source code"):
        assert folder_stats(code, root=project)["confirmation"].startswith("2 source code files in "), code
    assert folder_stats("docs", root=project)["files"] == 1  # README.md
    (project / "pkg" / "test_util.py").write_text("def test_x():\n    assert True\n")
    (project / "pkg" / "test_data.csv").write_text("a,b\n")  # data for the tests, not a test
    assert folder_stats("tests", root=project)["files"] == folder_stats("unit tests", root=project)["files"] == 1


def test_nothing_matching_and_unreadable_kinds(project):
    assert folder_stats("rust", root=project)["confirmation"].startswith("0 Rust files in ")
    with pytest.raises(FolderError, match="cannot tell which files 'the important ones' means"):
        folder_stats("the important ones", root=project)


@pytest.mark.parametrize("message", [
    "how many lines of python are in this folder?", "how many files are in this directory?",
    "what's the biggest file here?", "count the lines of code in this repo", "how big is this folder?",
])
def test_questions_about_the_folder_get_the_counter_on_the_primary(router, message):
    decision = router.decide(message)
    assert decision.family == "folder" and decision.tool_hints == ("folder_stats",) and decision.local, decision


@pytest.mark.parametrize("message", [
    "how many lines should a python function have?", "how do I count lines in a file with wc?",
    "write a script that counts the files in a folder", "what is the biggest file system?",
    "how many lines of code is the linux kernel?", "count the lines of code in this snippet: def f(): pass",
    "how many lines of python do I need for a web server?",
])
def test_questions_about_files_in_general_do_not_route_there(router, message):
    assert router.decide(message).family != "folder"


def test_tars_ask_in_a_folder_answers_with_the_count(project):
    with OllamaServer() as ollama:
        ollama.script('{"tool": "folder_stats", "args": {"kind": "python"}}')
        out = ask_json("how many lines of python are in this folder?", ollama.url, cwd=project)
        assert [c["name"] for c in out["tool_calls"]] == ["folder_stats"]
        assert out["answer"].startswith("2 Python files in ") and "5 lines" in out["answer"]
        assert ollama.requests_to("/api/chat") == []  # the message named the kind: no model was asked


def test_a_kind_the_model_leaves_out_is_taken_from_the_message(project):
    """The small model wrote no kind for "lines of code": every file was counted, data and all."""
    (project / "data.json").write_text("[\n1,\n2\n]\n")
    with OllamaServer() as ollama:
        ollama.script('{"tool": "folder_stats", "args": {}}')
        out = ask_json("how many lines of code are in this project?", ollama.url, cwd=project)
        assert out["tool_calls"][0]["arguments"] == {"kind": "code"}
        assert out["answer"].startswith("2 source code files in ")


@pytest.mark.parametrize("message,kind", [
    ("how many lines of code are in this project?", "code"), ("how many python files are there", "python"),
    ("count the *.md files", "*.md"), ("how big are the .log files here", "log"), ("lines of go code", "go"),
    ("how many c files", "c"), ("how many lines of source code", "source"),
    # none, clearly ("") or unclearly: several, some left out (None): a model reads these
    ("how many files are in this folder", ""), ("how many files will go to the server", ""),
    ("how many tests do I have", ""), ("lines of python and markdown", None), ("how many js and ts files", None),
    ("how many non-python files are here", None), ("lines of code here excluding tests", None),
])
def test_the_kind_a_message_names(message, kind):
    assert kind_in(message) == kind
