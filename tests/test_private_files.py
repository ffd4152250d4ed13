"""Private files: memory, notes, history, the sessions database and state are created 0600 even
under a permissive umask; temp files a killed writer left behind are removed by the next write."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pexpect
from servers.ollama import OllamaServer, echo


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _tars(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    # umask 022, as most shells have it: files would be 0644 unless tars makes them private
    return subprocess.run(["bash", "-c", 'umask 022; exec "$@"', "tars", sys.executable, "-m", "tars", *args],
                          capture_output=True, text=True, env={**os.environ, **env}, timeout=60,
                          stdin=subprocess.DEVNULL)


def test_memory_and_notes_are_created_private(tars_home: Path, tmp_path: Path):
    vault = tmp_path / "vault"
    vault.mkdir()
    env = {"TARS_NOTES_DIR": str(vault), "TARS_MODEL_REMOTE": "none", "TARS_TOOL_POLICY": "note_write=auto"}
    remembered = _tars("tools", "call", "memory_remember", json.dumps({"text": "my dog is called Biscuit"}), env=env)
    assert remembered.returncode == 0, remembered.stderr
    written = _tars("tools", "call", "note_write", json.dumps({"path": "plans/trip.md", "content": "Lisbon\n"}),
                    env=env)
    assert written.returncode == 0, written.stderr + written.stdout
    appended = _tars("tools", "call", "note_append", json.dumps({"path": "log.md", "text": "met Ana"}), env=env)
    assert appended.returncode == 0, appended.stderr + appended.stdout
    assert _mode(tars_home / "data" / "memory" / "memory.md") == 0o600
    assert _mode(vault / "plans" / "trip.md") == 0o600
    assert _mode(vault / "log.md") == 0o600


def test_history_and_sessions_are_created_private(tars_home: Path):
    with OllamaServer(default=echo) as server:
        env = dict(os.environ, TARS_MODEL_DEFAULT="ollama:test", OLLAMA_HOST=server.url, TARS_MODEL_REMOTE="none",
                   TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1")
        child = pexpect.spawn("bash", ["-c", f'umask 022; exec "{sys.executable}" -m tars chat'], env=env,
                              encoding="utf-8", dimensions=(40, 120), timeout=30)
        try:
            child.expect_exact("› ")
            child.send("hello there\r")
            child.expect_exact("echo: hello there")
            child.expect_exact("› ")
            child.sendcontrol("d")
            child.expect(pexpect.EOF)
        finally:
            child.close()
    for name in ("chat_history", "sessions.db"):
        assert _mode(tars_home / "data" / name) == 0o600, name


def test_a_temp_file_left_by_a_killed_writer_is_removed_on_the_next_write(tars_home: Path, tmp_path: Path):
    vault = tmp_path / "vault"
    vault.mkdir()
    # a real writer, killed in the middle of a big atomic write of a note
    writer = subprocess.Popen([sys.executable, "-c", (
        "import os, sys, time\n"
        "import tars.atomic as atomic\n"
        "real = os.fsync\n"
        "def stuck(fd):\n"
        "    print('writing', flush=True); time.sleep(60)\n"
        "atomic.os.fsync = stuck\n"
        f"atomic.atomic_write(__import__('pathlib').Path({str(vault / 'log.md')!r}), 'x' * 5_000_000)\n")],
        stdout=subprocess.PIPE, text=True)
    assert writer.stdout.readline().strip() == "writing"
    leftovers = [p for p in vault.iterdir() if p.name.endswith(".tmp")]
    assert len(leftovers) == 1 and leftovers[0].stat().st_size >= 5_000_000
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    old = vault / ".trip.md.k3j4h5g6.tmp"  # an older tars's temp file, a day old
    old.write_text("stale")
    os.utime(old, (time.time() - 86400, time.time() - 86400))
    mine = vault / ".notes.txt.tmp"  # not of tars's naming: never touched
    mine.write_text("the user's")
    done = _tars("tools", "call", "note_append", json.dumps({"path": "log.md", "text": "met Ana"}),
                 env={"TARS_NOTES_DIR": str(vault), "TARS_MODEL_REMOTE": "none"})
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in vault.iterdir() if p.name.endswith(".tmp")) == [".notes.txt.tmp"]
    assert (vault / "log.md").read_text().strip().endswith("met Ana")
