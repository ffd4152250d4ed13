"""Where tars keeps its files: the user's config, data and cache folders (each overridable by env).

Every folder setting's value becomes a path through `folder` here, so `~` means the home folder
in each of them, whether set in the environment or in a settings file.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

__all__ = ["cache_dir", "config_dir", "data_dir", "env_folder", "folder"]


def folder(value: str) -> Path:
    """A folder setting's value as a path, with `~` (and `~user`) expanded."""
    return Path(value.strip()).expanduser()


def env_folder(name: str, environ: Mapping[str, str] | None = None) -> Path | None:
    """The folder the variable `name` sets in `environ`, else in the process's environment; None
    when it is unset or blank in both."""
    value = (environ or {}).get(name, "").strip() or os.environ.get(name, "").strip()
    return folder(value) if value else None


def config_dir(environ: Mapping[str, str] | None = None) -> Path:
    from platformdirs import user_config_dir

    return env_folder("TARS_CONFIG_DIR", environ) or Path(user_config_dir("tars"))


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    from platformdirs import user_data_dir

    return env_folder("TARS_DATA_DIR", environ) or Path(user_data_dir("tars"))


def cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    from platformdirs import user_cache_dir

    return env_folder("TARS_CACHE_DIR", environ) or Path(user_cache_dir("tars"))
