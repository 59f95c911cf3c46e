"""Fixtures shared by the web tests: a loopback HTTP server (one per module) and a fake clock."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.loopback import FakeClock, LoopbackServer

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "web"


def fixture_json(name: str) -> Any:
    """A recorded provider response from tests/fixtures/web/search/."""
    return json.loads((FIXTURES / "search" / name).read_text())


def fixture_text(name: str) -> str:
    """An HTML (or other text) fixture from tests/fixtures/web/."""
    return (FIXTURES / name).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def _module_server() -> Iterator[LoopbackServer]:
    server = LoopbackServer().start()
    yield server
    server.stop()


@pytest.fixture
def server(_module_server: LoopbackServer) -> Iterator[LoopbackServer]:
    """The module's loopback server with no routes and no recorded requests."""
    _module_server.reset()
    yield _module_server
    _module_server.reset()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()
