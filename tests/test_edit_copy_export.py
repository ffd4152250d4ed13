"""/edit and Ctrl-X Ctrl-E, /copy, /export in the real `tars chat` (a pseudo-terminal), and
`tars history list|show|export|rm` over pipes, against the local Ollama-protocol server."""

from __future__ import annotations

import base64
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pexpect
from pty_chat import PROMPT, spawn_chat
from servers.ollama import OllamaServer, echo

from tars.messages import Message
from tars.repl.store import ConversationStore
from tars.transcript import code_blocks, conversation_markdown

ANSWER = "Two ways:\n\n```python\nprint('one')\n```\n\nand\n\n```sh\necho two\n```\n"
OSC52 = re.compile(r"\x1b\]52;c;([A-Za-z0-9+/=]*)\x07")


def script(path: Path, body: str) -> Path:
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return path


def user_messages(server: OllamaServer) -> list[str]:
    return [[m["content"] for m in r.body["messages"] if m["role"] == "user"][-1]
            for r in server.requests_to("/api/chat")]


def test_edit_sends_what_the_editor_saved_and_ctrl_x_ctrl_e_edits_the_prompt(tmp_path: Path):
    editor = script(tmp_path / "fake-editor", 'if [ -s "$1" ]; then sed -i "s/draft/draft plus more/" "$1"; '
                                               'else printf "written in the editor\\nsecond line\\n" > "$1"; fi')
    with OllamaServer(default=echo) as server:
        child = spawn_chat(server, cwd=tmp_path, VISUAL=str(editor), EDITOR="false")
        try:
            child.send("/edit\r")
            child.expect_exact("echo: written in the editor")
            child.expect_exact(PROMPT)
            child.send("my draft")
            child.sendcontrol("x")
            child.sendcontrol("e")
            child.expect_exact("my draft plus more")
            child.send("\r")
            child.expect_exact("echo: my draft plus more")
            child.expect_exact(PROMPT)
        finally:
            child.close()
    assert user_messages(server) == ["written in the editor\nsecond line", "my draft plus more"]


def test_an_editor_that_fails_sends_nothing(tmp_path: Path):
    with OllamaServer(default=echo) as server:
        child = spawn_chat(server, cwd=tmp_path, VISUAL="false")
        try:
            child.send("/edit\r")
            child.expect_exact("nothing sent")
            child.expect_exact(PROMPT)
        finally:
            child.close()
    assert server.requests_to("/api/chat") == []


def test_copy_sends_osc52_and_feeds_a_clipboard_program(tmp_path: Path):
    clip = tmp_path / "clipboard.txt"
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script(bin_dir / "xclip", f'cat > "{clip}"')
    with OllamaServer() as server:
        server.script(ANSWER)
        child = spawn_chat(server, cwd=tmp_path, DISPLAY=":0", PATH=f"{bin_dir}:{os.environ['PATH']}")
        try:
            child.send("/copy\r")
            child.expect_exact("no answer to copy yet")
            child.send("two ways please\r")
            child.expect_exact("echo two")
            child.expect_exact(PROMPT)
            child.send("/copy\r")
            child.expect(OSC52)
            assert base64.b64decode(child.match.group(1)).decode() == ANSWER.rstrip("\n")  # as stored
            child.expect_exact("via xclip and OSC 52")
            assert clip.read_text() == ANSWER.rstrip("\n")
            child.send("/copy code 2\r")
            child.expect(OSC52)
            assert base64.b64decode(child.match.group(1)).decode() == "echo two\n"
            child.expect_exact("code block 2 of 2")
            child.send("/copy code 3\r")
            child.expect_exact("the last answer has 2 code blocks")
            child.expect_exact(PROMPT)
        finally:
            child.close()
    assert clip.read_text() == "echo two\n"


def test_export_writes_the_conversation_as_markdown(tmp_path: Path):
    (tmp_path / "notes").mkdir()
    with OllamaServer() as server:
        server.script(ANSWER, "Second answer.")
        child = spawn_chat(server, cwd=tmp_path)
        try:
            for text, seen in (("two ways please", "echo two"), ("and again", "Second answer.")):
                child.send(text + "\r")
                child.expect_exact(seen)
                child.expect_exact(PROMPT)
            child.send("/export\r")
            child.expect_exact("exported 4 messages to ")
            child.expect_exact(PROMPT)
            child.send("/export notes/out.md\r")
            child.expect_exact("exported 4 messages to notes/out.md")
            child.expect_exact(PROMPT)
        finally:
            child.close()
    default = next(tmp_path.glob("tars-chat-*.md"))
    text = (tmp_path / "notes" / "out.md").read_text()
    assert text == default.read_text()
    assert text.startswith("# two ways please\n")
    assert "## You\n\ntwo ways please\n\n## tars\n\nTwo ways:" in text and "```sh\necho two\n```" in text
    assert text.rstrip().endswith("## tars\n\nSecond answer.")
    assert stat.S_IMODE(default.stat().st_mode) == 0o600


def _stored(tars_home: Path) -> tuple[int, int]:
    store = ConversationStore(tars_home / "data" / "sessions.db")
    first = store.create(name="lunch plans")
    store.save(first, [Message(role="user", content="where to eat?"),
                       Message(role="assistant", content="Try the \x1b]0;pwned\x07 noodle bar.")])
    second = store.create()
    store.save(second, [Message(role="user", content="weather?"),
                        Message(role="assistant", tool_calls=()),
                        Message(role="assistant", content="Sunny.")])
    store.close()
    return first, second


def tars(*args: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tars", "history", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=60, input=stdin, stdin=None if stdin is not None else subprocess.DEVNULL)


def test_history_lists_shows_exports_and_removes(tars_home: Path, tmp_path: Path):
    first, second = _stored(tars_home)
    listed = tars("list", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert len(lines) == 2 and "weather?" in lines[0] and "lunch plans" in lines[1]

    shown = tars("show", "lunch", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("# lunch plans\n") and "Try the \x1b]0;pwned\x07 noodle bar." in shown.stdout

    exported = tars("export", str(first), "lunch.md", cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    assert (tmp_path / "lunch.md").read_text() == shown.stdout and "lunch.md" in exported.stderr

    missing = tars("show", "nosuch", cwd=tmp_path)
    assert missing.returncode == 2 and "no stored conversation 'nosuch'" in missing.stderr

    refused = tars("rm", str(first), cwd=tmp_path)
    assert refused.returncode == 2 and "--yes" in refused.stderr
    partly = tars("rm", "--yes", "lunch", cwd=tmp_path)  # "lunch" shows "lunch plans"; it deletes nothing
    assert partly.returncode == 2 and "no stored conversation 'lunch'" in partly.stderr
    removed = tars("rm", "--yes", str(first), cwd=tmp_path)
    assert removed.returncode == 0, removed.stderr
    assert [line.split()[0] for line in tars("list", cwd=tmp_path).stdout.splitlines()] == [str(second)]


def test_history_export_refuses_an_existing_file_unless_forced(tars_home: Path, tmp_path: Path):
    first, _ = _stored(tars_home)
    (tmp_path / "lunch.md").write_text("my own notes\n")
    refused = tars("export", str(first), "lunch.md", cwd=tmp_path)
    assert refused.returncode == 1
    assert len(refused.stderr.splitlines()) == 1 and "lunch.md" in refused.stderr and "--force" in refused.stderr
    assert (tmp_path / "lunch.md").read_text() == "my own notes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lunch.md", "tars-home"]  # no temporary file left

    forced = tars("export", "--force", str(first), "lunch.md", cwd=tmp_path)
    assert forced.returncode == 0, forced.stderr
    assert (tmp_path / "lunch.md").read_text().startswith("# lunch plans\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lunch.md", "tars-home"]


def test_history_show_at_a_terminal_never_obeys_stored_escapes(tars_home: Path, tmp_path: Path):
    _stored(tars_home)
    child = pexpect.spawn(sys.executable, ["-m", "tars", "history", "show", "lunch"], cwd=str(tmp_path),
                          encoding="utf-8", timeout=30)
    child.expect(pexpect.EOF)
    assert "noodle bar" in child.before and "\x1b]0;pwned" not in child.before


def test_code_blocks_and_markdown_keep_fences_apart():
    answer = "x\n````md\n```py\ninner\n```\n````\n~~~\ntilde\n~~~\n```\nopen to the end"
    assert code_blocks(answer) == ["```py\ninner\n```\n", "tilde\n", "open to the end\n"]
    tool = Message(role="tool", name="shell_run", content="has ``` inside", is_error=True)
    text = conversation_markdown([tool], title="t")
    assert "error from `shell_run`:\n\n````\nhas ``` inside\n````" in text
