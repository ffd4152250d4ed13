"""`folder_list`: what is in the working folder, read by tars (a small model made up `file1.txt`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from asking import ask_json
from servers.ollama import OllamaServer

from tars.tools import folder_list as listing
from tars.tools.folder import FolderError
from tars.tools.folder_list import folder_list, listing_asked


@pytest.fixture
def project(tmp_path: Path) -> Path:
    tmp_path = tmp_path / "project"  # the test's own folder holds the tars home too
    (tmp_path / "src").mkdir(parents=True)
    (tmp_path / "src" / "main.py").write_text("print(1)\n")
    (tmp_path / "app.py").write_text("import os\n")
    (tmp_path / "README.md").write_text("# demo\n")
    (tmp_path / ".env").write_text("SECRET=1\n")
    (tmp_path / "outside").symlink_to("/etc")
    return tmp_path


def test_folders_first_then_files_with_sizes_hidden_ones_counted(project):
    out = folder_list(root=project)
    assert out["confirmation"] == (f"4 entries in {project}:\n- src/\n- app.py (10 bytes)\n- outside (a link)\n"
                                   "- README.md (7 bytes)\n1 hidden entry (names starting with a dot) not listed.")
    assert ".env" not in str(out) and out["hidden"] == 1


def test_one_kind_of_file_and_a_folder_inside(project):
    assert folder_list(kind="python", root=project)["confirmation"].startswith(
        f"1 Python file in {project}:\n- app.py (10 bytes)\n")
    assert folder_list("src", root=project)["confirmation"] == f"1 entry in {project / 'src'}:\n- main.py (9 bytes)"


@pytest.mark.parametrize("path,why", [("..", "outside the working folder"), ("/etc", "outside the working folder"),
                                      ("outside", "outside the working folder"), ("nope", "there is no folder"),
                                      ("\x00", "cannot read"), ("a" * 300, "there is no folder")])
def test_it_never_leaves_the_working_folder(project, path, why):
    with pytest.raises(FolderError, match=why):
        folder_list(path, root=project)


def test_a_name_with_a_newline_cannot_fake_a_line_of_the_listing(project):
    (project / "evil\n- secrets.txt (1 KB)").write_text("")
    told = folder_list(root=project)["confirmation"]
    assert "- 'evil\\n- secrets.txt (1 KB)' (0 bytes)" in told and "\n- secrets.txt" not in told


def test_a_long_folder_is_cut_and_says_so(project, monkeypatch):
    monkeypatch.setattr(listing, "MAX_ENTRIES", 3)
    for i in range(3):
        (project / f"f{i}.txt").write_text("x")
    told = folder_list(root=project)["confirmation"]
    assert told.count("\n- ") == 3 and "… and 4 more, not listed." in told


@pytest.mark.parametrize("message,args", [
    ("list the files in this folder", {}), ("what files are here?", {}),
    ("list the python files here", {"kind": "python"}),
    # another folder, named, or kinds that are unclear: the model reads which
    ("list the files in src/", None), ("what is in the docs folder", None), ("what is a folder?", None),
    ("list the files in the directory src", None), ("list the files under docs in this repo", None),
    ("what's in the docs folder here?", None), ("list the html and css files here", None),
])
def test_the_arguments_a_message_states(message, args):
    assert listing_asked(message) == args


@pytest.mark.parametrize("message,tool", [
    ("list the files in this folder", "folder_list"), ("what's in this folder?", "folder_list"),
    ("show me the python files in this repo", "folder_list"), ("what's in the src folder?", "folder_list"),
    ("ls", "folder_list"), ("how many files are in this folder", "folder_stats"),
    ("what's the biggest file here?", "folder_stats"),
    # a command to run is the shell's (it asks first)
    ("ls -la", "shell_run"), ("run git status", "shell_run"), ("git log --oneline", "shell_run"),
])
def test_asking_what_is_here_lists_it_and_commands_go_to_the_shell(router, message, tool):
    decision = router.decide(message)
    assert decision.needs_tools and decision.tool_hints == (tool,), decision


@pytest.mark.parametrize("message", ["how do I list files in python?", "what is a folder?",
                                     "how do I run git status?", "which files should a python project have?",
                                     # what a listing does not tell: what files say, or when they changed
                                     "which files here import requests?", "what is the newest file here?",
                                     "which files here changed since yesterday?"])
def test_questions_about_listing_in_general_stay_with_the_model(router, message):
    assert router.decide(message).family not in ("folder", "shell")


def test_tars_ask_lists_the_folder_and_asks_no_model(project):
    with OllamaServer() as ollama:
        ollama.script("The list of files in this folder is: [file1.txt, file2.txt, file3.txt]")
        out = ask_json("list the files in this folder", ollama.url, cwd=project)
        assert [c["name"] for c in out["tool_calls"]] == ["folder_list"]
        assert out["answer"].startswith(f"4 entries in {project}:\n- src/\n") and "file1.txt" not in out["answer"]
        assert ollama.requests_to("/api/chat") == []
