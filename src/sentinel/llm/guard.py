"""A process-wide switch that makes any real model request an error (for test suites).

Real providers (local llama.cpp, OpenAI-compatible endpoints) call ``ensure_allowed`` before
each request; the scripted provider never does. The switch is the innermost active
``forbid_real_models()`` / ``allow_real_models()`` block, else the environment variable
``SENTINEL_ALLOW_MODEL_REQUESTS`` (``0``, ``false``, ``no``, ``off`` forbid), else allowed.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager

from sentinel.llm.errors import ModelRequestsForbidden

ENV_VAR = "SENTINEL_ALLOW_MODEL_REQUESTS"
_FALSE_WORDS = frozenset({"0", "false", "no", "off"})

# A stack, not a flag, so nested blocks restore what the outer block set. Process-wide on
# purpose: model calls may run in worker threads or tasks that do not share a context.
_overrides: list[bool] = []
_lock = threading.Lock()


def real_models_allowed() -> bool:
    """Whether real model requests are currently allowed."""
    with _lock:
        if _overrides:
            return _overrides[-1]
    return allowed_by_environment()


def allowed_by_environment(environ: Mapping[str, str] | None = None) -> bool:
    """What ``SENTINEL_ALLOW_MODEL_REQUESTS`` says (allowed when unset)."""
    value = (os.environ if environ is None else environ).get(ENV_VAR, "1")
    return value.strip().lower() not in _FALSE_WORDS


def ensure_allowed(model: str) -> None:
    """Raise ModelRequestsForbidden if real model requests are forbidden right now."""
    if not real_models_allowed():
        raise ModelRequestsForbidden(model)


@contextmanager
def _override(allowed: bool) -> Iterator[None]:
    with _lock:
        _overrides.append(allowed)
        depth = len(_overrides)
    try:
        yield
    finally:
        with _lock:
            del _overrides[depth - 1 :]


def forbid_real_models() -> AbstractContextManager[None]:
    """Within this block every real model request raises ModelRequestsForbidden."""
    return _override(False)


def allow_real_models() -> AbstractContextManager[None]:
    """Within this block real model requests are allowed, whatever the environment says."""
    return _override(True)
