"""Folder settings as a user writes them: `~` means the home folder in every one of them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tars(*args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    return subprocess.run([sys.executable, "-m", "tars", *args], capture_output=True, text=True, cwd=cwd,
                          env=full, stdin=subprocess.DEVNULL, timeout=60)


def test_a_tilde_in_any_folder_setting_means_the_home_folder(tmp_path: Path):
    home, work = tmp_path / "home", tmp_path / "work"
    (home / "conf").mkdir(parents=True)
    (home / "vault").mkdir()
    work.mkdir()
    (home / "conf" / "config.env").write_text("TARS_PLACE=Lisbon\n")
    env = {"HOME": str(home), "TARS_CONFIG_DIR": "~/conf", "TARS_DATA_DIR": "~/data", "TARS_CACHE_DIR": "~/cache",
           "TARS_MODEL_DIR": "~/models", "TARS_NOTES_DIR": "~/vault", "TARS_MEMORY_DIR": "~/mem",
           "TARS_DAILY_FOLDER": "~/vault/Journal"}
    shown = tars("config", "--json", cwd=work, env=env)
    assert shown.returncode == 0, shown.stderr
    data = json.loads(shown.stdout)
    places = {what: row["path"] for what, row in data["paths"].items()}
    assert places["config"] == str(home / "conf") and places["data"] == str(home / "data")
    assert places["cache"] == str(home / "cache") and places["model"].startswith(str(home / "models") + "/")
    assert places["notes"] == str(home / "vault") and places["memory"] == str(home / "mem")
    assert {"name": "TARS_PLACE", "value": "Lisbon", "source": str(home / "conf" / "config.env")} in data["settings"]

    remembered = tars("tools", "call", "memory_remember", '{"text": "I like tea"}', cwd=work, env=env)
    daily = tars("tools", "call", "note_daily", '{"text": "walked the dog"}', cwd=work, env=env)
    assert remembered.returncode == 0 and daily.returncode == 0, (remembered.stdout, daily.stdout)
    assert "likes tea" in (home / "mem" / "memory.md").read_text()
    (note,) = (home / "vault" / "Journal").iterdir()
    assert "walked the dog" in note.read_text()
    assert not list(work.iterdir()) and not (home / "vault" / "~").exists()  # no folder named "~" anywhere


def test_a_daily_folder_outside_the_vault_is_one_line_naming_the_setting(tmp_path: Path):
    (tmp_path / "vault").mkdir()
    env = {"HOME": str(tmp_path), "TARS_NOTES_DIR": "~/vault", "TARS_DAILY_FOLDER": "~/elsewhere"}
    done = tars("tools", "list", cwd=tmp_path, env=env)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("tars: TARS_DAILY_FOLDER: ") and str(tmp_path / "vault") in done.stderr


def _without_folders(**env: str) -> dict[str, str]:
    """The environment with no folder set in it (the test's own folders are cleared), plus `env`."""
    kept = {k: v for k, v in os.environ.items() if k not in ("TARS_DATA_DIR", "TARS_CACHE_DIR", "TARS_MODEL_DIR")}
    return {**kept, "PYTHONPATH": str(ROOT), **env}


def run_clean(*args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tars", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, stdin=subprocess.DEVNULL, timeout=60)


def test_folders_set_in_config_env_are_used_and_the_environment_wins(tmp_path: Path):
    home, work = tmp_path / "home", tmp_path / "work"
    (home / "conf").mkdir(parents=True)
    work.mkdir()
    (home / "conf" / "config.env").write_text("TARS_DATA_DIR=~/d\nTARS_CACHE_DIR=~/c\nTARS_MODEL_DIR=~/m\n")
    env = _without_folders(HOME=str(home), TARS_CONFIG_DIR=str(home / "conf"))
    shown = run_clean("config", "--json", cwd=work, env=env)
    assert shown.returncode == 0 and shown.stderr == "", shown.stderr
    places = {what: row["path"] for what, row in json.loads(shown.stdout)["paths"].items()}
    assert places["data"] == str(home / "d") and places["cache"] == str(home / "c")
    assert places["model"].startswith(str(home / "m") + "/")
    remembered = run_clean("tools", "call", "memory_remember", '{"text": "I like tea"}', cwd=work, env=env)
    assert remembered.returncode == 0 and (home / "d" / "memory" / "memory.md").is_file()
    moved = run_clean("config", "--json", cwd=work, env={**env, "TARS_DATA_DIR": str(tmp_path / "mine")})
    assert json.loads(moved.stdout)["paths"]["data"]["path"] == str(tmp_path / "mine")


def test_a_folder_setting_that_cannot_take_effect_where_it_is_written_is_told_once(tmp_path: Path):
    home, work = tmp_path / "home", tmp_path / "work"
    (home / "conf").mkdir(parents=True)
    work.mkdir()
    (home / "conf" / "config.env").write_text("TARS_CONFIG_DIR=~/elsewhere\n")
    (work / ".env").write_text("TARS_DATA_DIR=/tmp/somewhere\n")
    env = _without_folders(HOME=str(home), TARS_CONFIG_DIR=str(home / "conf"))
    done = run_clean("tools", "list", cwd=work, env=env)
    assert done.returncode == 0
    assert done.stderr.splitlines() == [
        f"tars: TARS_CONFIG_DIR in {home / 'conf' / 'config.env'} is not used: that file is read from the "
        "config folder, so only the environment can move it",
        f"tars: TARS_DATA_DIR in {work / '.env'} is not used: a working folder's .env cannot move tars's "
        f"folders; set it in the environment or in {home / 'conf' / 'config.env'}",
    ], done.stderr
    shown = run_clean("config", cwd=work, env=env)
    assert "TARS_CONFIG_DIR in " in shown.stdout and shown.stderr == ""
