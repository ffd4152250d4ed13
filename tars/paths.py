"""Where tars keeps its files: the user's config, data, cache and model folders.

Each is moved by its variable in the environment, else (but the config folder, where that file
is) in the user's `config.env`. Every folder setting's value becomes a path through `folder`
here, so `~` means the home folder in each of them.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

__all__ = ["FOLDERS", "cache_dir", "config_dir", "data_dir", "env_folder", "folder"]

# the variables that move tars's own folders: read before any setting, so no working folder's .env
FOLDERS = ("TARS_CONFIG_DIR", "TARS_DATA_DIR", "TARS_CACHE_DIR", "TARS_MODEL_DIR")
_read: dict[tuple[str, int, int], dict[str, str]] = {}  # config.env's folders, by its path, mtime, size


def folder(value: str) -> Path:
    """A folder setting's value as a path, with `~` (and `~user`) expanded."""
    return Path(value.strip()).expanduser()


def env_folder(name: str, environ: Mapping[str, str] | None = None) -> Path | None:
    """The folder the variable `name` sets in `environ`, else in the process's environment, else in
    config.env; None when it is set in none of them."""
    value = (environ or {}).get(name, "").strip() or os.environ.get(name, "").strip()
    if not value and name != "TARS_CONFIG_DIR":
        value = _config_file(environ).get(name, "").strip()
    return folder(value) if value else None


def _config_file(environ: Mapping[str, str] | None) -> dict[str, str]:
    """The folder variables the user's config.env sets ({} when it has none or cannot be read:
    loading the settings tells the user about a file it cannot read)."""
    path = config_dir(environ) / "config.env"
    try:
        stat = path.stat()
    except OSError:
        return {}
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    if key not in _read:
        from tars.envfile import read_env_file
        from tars.errors import ConfigError

        try:
            values = read_env_file(path)
        except (ConfigError, OSError):
            values = {}
        _read.clear()
        _read[key] = {k: v for k, v in values.items() if k in FOLDERS}
    return _read[key]


def config_dir(environ: Mapping[str, str] | None = None) -> Path:
    from platformdirs import user_config_dir

    return env_folder("TARS_CONFIG_DIR", environ) or Path(user_config_dir("tars"))


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    from platformdirs import user_data_dir

    return env_folder("TARS_DATA_DIR", environ) or Path(user_data_dir("tars"))


def cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    from platformdirs import user_cache_dir

    return env_folder("TARS_CACHE_DIR", environ) or Path(user_cache_dir("tars"))
