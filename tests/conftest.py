"""Shared test fixtures: every test runs with its own config, data and cache folders."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

# A shell starts a background job (`make test &`) with Ctrl-C ignored, and the tars processes the
# tests start would inherit that: give them Python's own Ctrl-C, which the Ctrl-C tests rely on.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Settings a developer's shell may carry that must not leak into tests.
_LEAKY_PREFIXES = ("TARS_", "ANTHROPIC_", "OLLAMA_", "TODOIST_", "DEFAULT_LAT", "DEFAULT_LON")


@pytest.fixture(autouse=True)
def tars_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point tars's config/data/cache dirs at a fresh temporary folder and clear leaky settings."""
    for key in list(os.environ):
        if key.startswith(_LEAKY_PREFIXES):
            monkeypatch.delenv(key, raising=False)
    home = tmp_path / "tars-home"
    for sub in ("config", "data", "cache"):
        (home / sub).mkdir(parents=True)
    monkeypatch.setenv("TARS_CONFIG_DIR", str(home / "config"))
    monkeypatch.setenv("TARS_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("TARS_CACHE_DIR", str(home / "cache"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.chdir(tmp_path)
    return home


@pytest.fixture(scope="module")
def router():
    """The keyword router over the built-in tools as a new user has them, nothing configured (no
    Todoist token, no notes folder, no search URL). A test module may define its own."""
    from tars.config import load_config
    from tars.routing import Router
    from tars.tools.builtin import builtin_tools

    return Router(builtin_tools(load_config(environ={})))
