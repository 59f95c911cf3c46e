"""``sentinel sim``: list the library, validate scenario files, serve a world."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from typer.testing import CliRunner

from sentinel.cli.sim import app
from sentinel.sim import bundled_ids
from tests.sim.conftest import SCENARIO_YAML

runner = CliRunner()
LIBRARY = Path(str(resources.files("sentinel.sim").joinpath("scenarios")))


def test_list_shows_every_bundled_scenario() -> None:
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line.split()[0] for line in lines] == bundled_ids()
    assert any("iphone-release" in line and "once" in line for line in lines)


def test_validate_accepts_the_bundled_library() -> None:
    result = runner.invoke(app, ["validate", str(LIBRARY)])
    assert result.exit_code == 0, result.output
    assert result.output.count("OK ") == len(bundled_ids())


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "        title: Gizmo Support\n",
            "        title: Gizmo Support\n        colour: red\n",
            "sites[0].pages[1].colour: unknown key",
        ),
        ("noise: [slow]", "noise: [glitter]", "sites[0].pages[1].noise[0]: Input should be"),
        ("start: 2025-08-01T00:00:00Z", "start: 2025-08-01T25:00:00Z", "start: Input should be"),
        ("notify: once\n", "", "notify: required field is missing"),
    ],
)
def test_validate_rejects_a_broken_file_naming_file_and_field(
    tmp_path: Path, old: str, new: str, expected: str
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(SCENARIO_YAML.replace(old, new, 1), encoding="utf-8")
    good = tmp_path / "good.yaml"
    good.write_text(SCENARIO_YAML, encoding="utf-8")
    result = runner.invoke(app, ["validate", str(good), str(broken)])
    assert result.exit_code == 1
    assert f"OK {good}" in result.output
    assert f"{broken}: {expected}" in result.output


def test_validate_fails_on_missing_paths_and_empty_directories(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", str(tmp_path / "nope.yaml"), str(tmp_path)])
    assert result.exit_code == 1
    assert "no such file or directory" in result.output
    assert "no scenario files" in result.output


@pytest.mark.network
def test_serve_prints_how_to_browse_and_serves_the_world(tmp_path: Path) -> None:
    command = [
        sys.executable,
        "-c",
        "from sentinel.cli.main import run; run()",
        "sim",
        "serve",
        "iphone-release",
        "--port",
        "0",
        "--at",
        "2025-09-10T00:00:00Z",
    ]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    ) as process:
        try:
            _check_served_world(process)
        finally:
            process.send_signal(signal.SIGINT)
            try:
                _, errors = process.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                _, errors = process.communicate()
    assert "Traceback" not in errors
    assert process.returncode in (0, 128 + signal.SIGINT, -signal.SIGINT)  # Ctrl+C conventions


def _check_served_world(process: subprocess.Popen[str]) -> None:
    assert process.stdout is not None
    banner: list[str] = []
    while not banner or "Press Ctrl+C" not in banner[-1]:
        line = process.stdout.readline()
        assert line, f"the command ended early: {banner}"
        banner.append(line)
    browse = next(line for line in banner if line.startswith("Browse:"))
    match = re.search(r"(http://127\.0\.0\.1:\d+)/__world/", browse)
    assert match, banner
    url = match.group(1)
    assert banner[0].startswith("Simulated world at 2025-09-10 00:00 UTC")
    index = _get_when_ready(f"{url}/__world/")
    assert "iphone-release" in index.text
    page = httpx.get(f"{url}/__site/www.apple.example/newsroom/iphone-17", timeout=5)
    assert "available Friday, September 19" in page.text
    proxied = httpx.get("http://www.apple.example/iphone", proxy=url, timeout=5)
    assert proxied.status_code == 200
    sentinel_line = next(line for line in banner if line.startswith("Sentinel:"))
    _research_through_the_proxy(sentinel_line.removeprefix("Sentinel:").split())


def _research_through_the_proxy(settings: list[str]) -> None:
    """Sentinel itself, configured as the banner says, searches and reads the served world
    (its hosts exist only behind the proxy: resolving them locally would fail)."""
    env = {**os.environ, **dict(setting.split("=", 1) for setting in settings)}
    question = "When is the iPhone 17 available?"
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from sentinel.cli.main import run; run()",
            "research",
            question,
            "--search",
            "searxng",
            "--model",
            "extractive",
            "--max-iters",
            "1",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    sources = [source["url"] for source in json.loads(done.stdout)["sources"]]
    assert sources
    assert "http://www.apple.example/newsroom/iphone-17" in sources
    assert all(str(urlsplit(source).hostname).endswith(".example") for source in sources)


def _get_when_ready(url: str) -> httpx.Response:
    last: Exception | None = None
    for _ in range(100):
        try:
            return httpx.get(url, timeout=5)
        except httpx.ConnectError as exc:  # the banner comes just before the server starts
            last = exc
            time.sleep(0.05)
    raise AssertionError(f"the server never answered: {last}")
