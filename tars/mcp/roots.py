"""Roots: the folders tars tells MCP servers they may work in.

By default a server gets the working folder; an entry's `"roots": [...]` replaces that (`[]`
offers none). Folders added in a session (`/mcp roots add DIR`) go to every server, and each
change is announced to the running servers with `notifications/roots/list_changed`.
"""

from __future__ import annotations

from pathlib import Path

from tars.mcp.config import ServerConfig

__all__ = ["Roots"]


class Roots:
    """Each server's roots: its configured folders (or the working folder), plus session additions."""

    def __init__(self, cwd: Path | None = None) -> None:
        self.cwd = cwd or Path.cwd()
        self.added: list[Path] = []

    def for_server(self, config: ServerConfig) -> list[Path]:
        base = [self.cwd] if config.roots is None else [self._resolve(r) for r in config.roots]
        return list(dict.fromkeys([*base, *self.added]))

    def add(self, folder: str) -> Path:
        path = self._resolve(folder)
        if not path.is_dir():
            raise ValueError(f"not a folder: {path}")
        if path not in self.added:
            self.added.append(path)
        return path

    def remove(self, folder: str) -> Path:
        path = self._resolve(folder)
        if path not in self.added:
            raise ValueError(f"{path} was not added in this session")
        self.added.remove(path)
        return path

    def _resolve(self, folder: str) -> Path:
        path = Path(folder).expanduser()
        return (path if path.is_absolute() else self.cwd / path).resolve()
