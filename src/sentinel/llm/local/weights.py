"""Finding, assembling and verifying a registered model's GGUF file.

Package files are located through ``importlib.metadata`` (never a hard-coded path, and without
importing the packages). A chunked model is assembled into ``<home>/models/<name>.gguf``
through a temporary file and ``os.replace``, so a crash never leaves a half-written model.
The sha256 is checked once; a sidecar remembers the verified size and mtime so later loads
skip the hashing.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from sentinel.config import get_settings
from sentinel.llm.errors import CorruptModelError, ModelNotInstalledError
from sentinel.llm.local.registry import ModelSpec, WeightFile

_CHUNK = 8 * 1024 * 1024
_locks: dict[str, threading.Lock] = {}
_locks_guard = threading.Lock()


@dataclass(frozen=True, slots=True)
class WeightStatus:
    """What ``sentinel models list`` shows, found without hashing anything."""

    name: str
    installed: bool
    verified: bool
    path: Path | None
    size: int | None
    missing: tuple[str, ...]


def models_dir(home: Path | None = None) -> Path:
    """Where assembled models and verification sidecars live."""
    return (home or get_settings().home) / "models"


def locate(file: WeightFile) -> Path | None:
    """The installed path of ``file``, or None when its distribution or the file is missing."""
    try:
        dist = metadata.distribution(file.distribution)
    except metadata.PackageNotFoundError:
        return None
    path = Path(str(dist.locate_file(file.path)))
    return path if path.is_file() else None


def status(spec: ModelSpec, home: Path | None = None) -> WeightStatus:
    """Whether the model is installed and already verified (cheap: stats, no hashing)."""
    try:
        sources = _sources(spec)
    except ModelNotInstalledError as exc:
        return WeightStatus(spec.name, False, False, None, spec.size, exc.missing)
    target = _target(spec, sources, home)
    verified = _sidecar_matches(spec, target, home)
    size = target.stat().st_size if target.is_file() else _total_size(sources)
    return WeightStatus(spec.name, True, verified, target if target.is_file() else None, size, ())


def weights_path(spec: ModelSpec, *, home: Path | None = None, recheck: bool = False) -> Path:
    """The model's verified GGUF file, assembling it first if needed.

    Raises ModelNotInstalledError (with the pip command) when packages are missing and
    CorruptModelError when the bytes do not hash to the registered sha256. ``recheck``
    hashes again even when the sidecar says the file was verified.
    """
    sources = _sources(spec)
    with _lock_for(spec.name):
        target = _target(spec, sources, home)
        if not recheck and _sidecar_matches(spec, target, home):
            return target
        # An unpinned model is checked against the hash recorded at its first assembly.
        expected = spec.sha256 or _recorded_hash(spec, home)
        if spec.assembled:
            digest = _assemble(spec, sources, target, expected)
        else:
            digest = _hash_file(target)
            _check_digest(spec, expected, digest)
        _write_sidecar(spec, target, digest, home)
        return target


def verify(spec: ModelSpec, *, home: Path | None = None) -> Path:
    """Hash the model's GGUF now (whatever the sidecar says) and return its path.

    An assembled file that no longer matches is assembled again from the installed chunks;
    raises like ``weights_path`` when packages are missing or the bytes are wrong.
    """
    sources = _sources(spec)
    with _lock_for(spec.name):
        target = _target(spec, sources, home)
        expected = spec.sha256 or _recorded_hash(spec, home)
        if target.is_file():
            digest = _hash_file(target)
            if expected is None or digest == expected:
                _write_sidecar(spec, target, digest, home)
                return target
            if not spec.assembled:
                _check_digest(spec, expected, digest)
    return weights_path(spec, home=home, recheck=True)


def _sources(spec: ModelSpec) -> list[Path]:
    sources = [locate(f) for f in spec.files]
    missing = [f.distribution for f, path in zip(spec.files, sources, strict=True) if path is None]
    if missing:
        installed = len(missing) < len(spec.files)
        command = spec.reinstall_command if installed else spec.install_command
        raise ModelNotInstalledError(spec.name, list(dict.fromkeys(missing)), command)
    return [path for path in sources if path is not None]


def _target(spec: ModelSpec, sources: list[Path], home: Path | None) -> Path:
    """Where the usable GGUF is: assembled under the home, or the single installed file."""
    return models_dir(home) / f"{spec.name}.gguf" if spec.assembled else sources[0]


def _assemble(spec: ModelSpec, sources: Iterable[Path], target: Path, expected: str | None) -> str:
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=target.parent, prefix=f".{spec.name}.", suffix=".part")
    tmp = Path(tmp_name)
    try:
        digest = hashlib.sha256()
        with os.fdopen(fd, "wb") as out:
            for source in sources:
                with source.open("rb") as chunk_file:
                    while block := chunk_file.read(_CHUNK):
                        digest.update(block)
                        out.write(block)
            out.flush()
            os.fsync(out.fileno())
        _check_digest(spec, expected, digest.hexdigest())
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    return digest.hexdigest()


def _check_digest(spec: ModelSpec, expected: str | None, digest: str) -> None:
    if expected is not None and digest != expected:
        raise CorruptModelError(spec.name, expected, digest, spec.reinstall_command)


def _hash_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(_CHUNK):
            digest.update(block)
    return digest.hexdigest()


def _sidecar(spec: ModelSpec, home: Path | None) -> Path:
    return models_dir(home) / f"{spec.name}.verified.json"


def _recorded_hash(spec: ModelSpec, home: Path | None) -> str | None:
    try:
        value = json.loads(_sidecar(spec, home).read_text()).get("sha256")
    except (OSError, ValueError, AttributeError):
        return None
    return value if isinstance(value, str) else None


def _sidecar_matches(spec: ModelSpec, target: Path, home: Path | None) -> bool:
    try:
        record = json.loads(_sidecar(spec, home).read_text())
        stat = target.stat()
    except (OSError, ValueError):
        return False
    expected = spec.sha256 or record.get("sha256")
    return bool(
        record.get("path") == str(target)
        and record.get("size") == stat.st_size
        and record.get("mtime_ns") == stat.st_mtime_ns
        and record.get("sha256") == expected
    )


def _write_sidecar(spec: ModelSpec, target: Path, digest: str, home: Path | None) -> None:
    stat = target.stat()
    record = {
        "path": str(target),
        "size": stat.st_size,
        "mtime_ns": stat.st_mtime_ns,
        "sha256": digest,
    }
    sidecar = _sidecar(spec, home)
    sidecar.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=sidecar.parent, prefix=f".{spec.name}.", suffix=".json")
    with os.fdopen(fd, "w") as out:
        json.dump(record, out)
    os.replace(tmp_name, sidecar)


def _total_size(sources: Iterable[Path]) -> int:
    return sum(path.stat().st_size for path in sources)


def _lock_for(name: str) -> threading.Lock:
    with _locks_guard:
        return _locks.setdefault(name, threading.Lock())
