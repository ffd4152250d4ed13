"""Where tars keeps its files: the user's config, data and cache folders (each overridable by env)."""

from __future__ import annotations

import os
from pathlib import Path


def config_dir() -> Path:
    from platformdirs import user_config_dir

    return Path(os.environ.get("TARS_CONFIG_DIR") or user_config_dir("tars"))


def data_dir() -> Path:
    from platformdirs import user_data_dir

    return Path(os.environ.get("TARS_DATA_DIR") or user_data_dir("tars"))


def cache_dir() -> Path:
    from platformdirs import user_cache_dir

    return Path(os.environ.get("TARS_CACHE_DIR") or user_cache_dir("tars"))
