"""Fixtures of the demo tests: real model requests are errors unless a test is marked
``model``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sentinel.llm import allow_real_models, forbid_real_models


@pytest.fixture(autouse=True)
def no_real_models(request: pytest.FixtureRequest) -> Iterator[None]:
    """Forbid real model calls, except in tests marked ``model``."""
    marked = request.node.get_closest_marker("model")
    with allow_real_models() if marked else forbid_real_models():
        yield
