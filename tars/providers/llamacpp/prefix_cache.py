"""Reusing evaluated prompts: llama.cpp's state for recent prompts, kept in memory and on disk.

On a busy machine reading the prompt is most of a small model's time (a 400-token tool prompt
costs seconds), and tars's prompts repeat: every pipeline step starts with the same instructions,
every chat turn with the conversation so far. llama.cpp by itself only reuses a prefix of the one
prompt it evaluated last. `PrefixCache` keeps the model state of the last few prompts (just the
KV cells, about 12 KB a token for the default model) and, before a prompt is evaluated, restores
the one sharing the longest prefix; llama.cpp then evaluates only the rest. Entries also go to the
cache folder, so a one-shot `tars ask` starts where the previous one left off. A state file that
does not match (another model, another llama.cpp, a damaged file) is dropped, never loaded.
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import json
import os
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["PrefixCache", "caching_llama", "cache_key"]

_MAGIC = b"TARSKV1\n"
_ENTRIES = 6  # prompts kept: a chat's answer prompt plus the pipeline's steps, with room to spare
_MIN_GAIN = 32  # tokens; restoring costs about as much as evaluating a few dozen
_MEMORY_BYTES = 96 << 20  # states kept in memory, in all (a 4096-token prompt is about 48 MB)
_DISK_BYTES = 16 << 20  # larger states (long chats) stay in memory only: writing them costs more than it saves


@dataclass
class _Entry:
    tokens: list[int]
    path: Path | None
    state: bytes | None = None  # loaded on first use when it came from disk


def _common(a: list[int], b: list[int]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def cache_key(model_path: Path, n_ctx: int, version: str) -> str:
    """Entries are only valid for the same model file, window and llama.cpp build."""
    st = model_path.stat()
    raw = f"{model_path.resolve()}|{st.st_size}|{st.st_mtime_ns}|{n_ctx}|{version}"
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


class PrefixCache:
    """The last few prompt states of one loaded model; `folder` None keeps them in memory only."""

    def __init__(self, folder: Path | None, *, entries: int = _ENTRIES) -> None:
        self.folder = folder
        self.limit = entries
        self._entries: list[_Entry] | None = None  # most recently used last
        self._lock = threading.Lock()
        self.restored = 0  # tokens not evaluated thanks to the cache, for the bench

    # -- entries ------------------------------------------------------------------------------
    def _load_index(self) -> list[_Entry]:
        if self._entries is None:
            self._entries = []
            if self.folder is not None and self.folder.is_dir():
                files = sorted(self.folder.glob("*.kv"), key=lambda p: p.stat().st_mtime)
                for path in files[-self.limit:]:
                    tokens = _read_header(path)
                    if tokens is None:
                        with contextlib.suppress(OSError):
                            path.unlink()
                    else:
                        self._entries.append(_Entry(tokens, path))
        return self._entries

    def best(self, tokens: list[int]) -> tuple[_Entry | None, int]:
        """The entry sharing the longest prefix with `tokens`, and how long that prefix is."""
        best, length = None, 0
        for entry in self._load_index():
            n = _common(entry.tokens, tokens)
            if n > length:
                best, length = entry, n
        return best, length

    # -- with a model -------------------------------------------------------------------------
    def restore(self, llm: Any, tokens: list[int]) -> int:
        """Put the best-matching state into `llm` when it beats what `llm` holds; returns the
        number of prompt tokens restored (0 when nothing was restored)."""
        with self._lock:
            current = _common(list(llm.input_ids[: llm.n_tokens]), tokens)
            entry, length = self.best(tokens)
            if entry is None or length < current + _MIN_GAIN:
                return 0
            state = entry.state if entry.state is not None else _read_state(entry.path)
            if state is None or not _set_state(llm, entry.tokens, state):
                self._drop(entry)
                return 0
            entry.state = state
            self._touch(entry)
            self.restored += length
            return length

    def save(self, llm: Any, tokens: list[int]) -> None:
        """Remember the state `llm` holds now: exactly the evaluated prompt `tokens`."""
        with self._lock:
            entries = self._load_index()
            for entry in entries:
                if entry.tokens == tokens:
                    self._touch(entry)
                    return
            state = _get_state(llm)
            if state is None:
                return
            entry = _Entry(list(tokens), None, state)
            if self.folder is not None and len(state) <= _DISK_BYTES:
                entry.path = _write(self.folder, entry.tokens, state)
            entries.append(entry)
            while len(entries) > self.limit:
                self._drop(entries[0])
            for old in entries[:-1]:  # over the memory budget: the oldest go (those on disk stay there)
                if self._memory() <= _MEMORY_BYTES:
                    break
                if old.path is not None:
                    old.state = None
                else:
                    self._drop(old)

    def _memory(self) -> int:
        return sum(len(e.state) for e in self._load_index() if e.state is not None)

    def _touch(self, entry: _Entry) -> None:
        entries = self._load_index()
        entries.remove(entry)
        entries.append(entry)
        if entry.path is not None:
            with contextlib.suppress(OSError):
                os.utime(entry.path)

    def _drop(self, entry: _Entry) -> None:
        entries = self._load_index()
        if entry in entries:
            entries.remove(entry)
        if entry.path is not None:
            with contextlib.suppress(OSError):
                entry.path.unlink()


# -- llama.cpp state ---------------------------------------------------------------------------
def _get_state(llm: Any) -> bytes | None:
    """The context's state (KV cells in use) without llama-cpp-python's copy of every logit row."""
    import llama_cpp

    size = int(llama_cpp.llama_state_get_size(llm._ctx.ctx))
    buffer = (ctypes.c_uint8 * size)()
    written = int(llama_cpp.llama_state_get_data(llm._ctx.ctx, buffer, size))
    return bytes(buffer)[:written] if 0 < written <= size else None


def _set_state(llm: Any, tokens: list[int], state: bytes) -> bool:
    import llama_cpp

    buffer = (ctypes.c_uint8 * len(state)).from_buffer_copy(state)
    try:
        if int(llama_cpp.llama_state_set_data(llm._ctx.ctx, buffer, len(state))) != len(state):
            return False
    except Exception:  # noqa: BLE001  a state llama.cpp cannot take is only a missed shortcut
        return False
    llm.input_ids[: len(tokens)] = tokens
    llm.n_tokens = len(tokens)
    llm._requires_eval = True  # the restored logits are not fresh: llama.cpp re-reads one token
    return True


# -- files: a header line of tokens, then the state ----------------------------------------------
def _write(folder: Path, tokens: list[int], state: bytes) -> Path | None:
    header = json.dumps({"tokens": tokens, "size": len(state)}).encode()
    name = hashlib.sha256(header).hexdigest()[:20] + ".kv"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")  # private (0600)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(_MAGIC + len(header).to_bytes(4, "little") + header + state)
            os.replace(tmp, folder / name)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError:
        return None  # a cache that cannot be written is only slower
    return folder / name


def _read_header(path: Path) -> list[int] | None:
    try:
        with path.open("rb") as fh:
            if fh.read(len(_MAGIC)) != _MAGIC:
                return None
            length = int.from_bytes(fh.read(4), "little")
            header = json.loads(fh.read(length))
            if path.stat().st_size != len(_MAGIC) + 4 + length + header["size"]:
                return None
            tokens = header["tokens"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return tokens if isinstance(tokens, list) and all(isinstance(t, int) for t in tokens) else None


def _read_state(path: Path | None) -> bytes | None:
    if path is None:
        return None
    try:
        data = path.read_bytes()
        length = int.from_bytes(data[len(_MAGIC): len(_MAGIC) + 4], "little")
        header = json.loads(data[len(_MAGIC) + 4: len(_MAGIC) + 4 + length])
        state = data[len(_MAGIC) + 4 + length:]
    except (OSError, ValueError):
        return None
    return state if data.startswith(_MAGIC) and len(state) == header.get("size") else None


def caching_llama(llama_class: type, cache: PrefixCache, **kwargs: Any) -> Any:
    """A `Llama` whose prompts go through `cache`: restored before evaluation, saved after it."""

    class CachingLlama(llama_class):  # type: ignore[misc]
        prefix_cache = cache

        def generate(self, tokens: Any, *args: Any, **kw: Any) -> Any:
            prompt = [int(t) for t in tokens]
            cache.restore(self, prompt)
            saved = False
            for token in super().generate(prompt, *args, **kw):
                if not saved:  # the prompt is evaluated and nothing else yet: its state is the entry
                    saved = True
                    cache.save(self, prompt)
                yield token

    return CachingLlama(**kwargs)
