"""Reading a NAME=value settings file (`config.env`, a working folder's `.env`) with python-dotenv."""

from __future__ import annotations

from pathlib import Path

from tars.errors import ConfigError

__all__ = ["read_env_file", "env_file_bytes", "env_values"]


def read_env_file(path: Path, unread: list[str] | None = None) -> dict[str, str]:
    """A NAME=value file's settings. A line it cannot read is a config error naming it; with
    `unread` (a working folder's .env, which may be another tool's), it is put there, the rest read."""
    content = env_file_bytes(path)
    return env_values(content, path, unread) if content else {}


def env_file_bytes(path: Path) -> bytes:
    """A settings file's bytes, read once so that what is checked (for trust) is what is used;
    nothing when there is no such file, a config error when it cannot be read."""
    if not path.is_file():
        return b""
    try:
        return path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror})") from exc


def env_values(content: bytes, path: Path, unread: list[str] | None = None) -> dict[str, str]:
    """The settings of a NAME=value file's `content`, read once (what is checked for trust is what is
    used); `path` names it in messages. See `read_env_file`."""
    import io
    import logging

    from dotenv import dotenv_values
    from dotenv.parser import parse_stream

    try:
        text = content.decode("utf-8")
        bad = [f"{path}:{b.original.line}" for b in parse_stream(io.StringIO(text)) if b.error]
        if bad and unread is None:
            raise ConfigError(f"{bad[0]}: cannot read this line; write NAME=value")
        if unread is not None:
            unread += bad
        logging.getLogger("dotenv.main").disabled = True  # what it cannot read is told above, with the file
        # a working folder's file does not expand ${VAR}: it would read the user's secrets into settings
        # it may set ("TARS_PLACE=${ANTHROPIC_API_KEY}", then shown and sent); the user's own file may
        values = dotenv_values(stream=io.StringIO(text), interpolate=unread is None)
        return {k: v for k, v in values.items() if v is not None}
    except ConfigError:
        raise
    except Exception as exc:  # a garbled file is a config error, not a crash
        raise ConfigError(f"{path}: cannot read ({exc})") from exc
