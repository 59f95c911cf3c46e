"""Which language model the demo runs: an embedded local model, loaded once, or the script.

Sensor and governor share one model object, so the weights are loaded once and llama.cpp's
prompt cache serves both roles' static prefixes. The local model answers under a JSON-schema
grammar (the ``local`` provider's default), so even the 0.5B model returns valid structures.
Before anything else the demo checks that the weights are installed and, if not, says which
command installs them.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass

from sentinel.demo.scripted import Reader, scripted_model
from sentinel.errors import ConfigError
from sentinel.llm import LanguageModel, LocalModel, RuntimeOptions
from sentinel.llm.local import get_spec, status
from sentinel.llm.settings import load_settings


class DemoModelMissing(ConfigError):
    """The demo's local model is not installed; the message names the install command."""

    def __init__(self, model: str, install_command: str) -> None:
        self.model = model
        self.install_command = install_command
        super().__init__(
            f"the demo's embedded model {model!r} is not installed; install it with "
            f"`{install_command}` (or run `sentinel demo --scripted` to see it without a model)"
        )


@dataclass(frozen=True)
class DemoModel:
    """The model both roles use, how the screen names it, and how long loading took."""

    model: LanguageModel
    label: str
    load_s: float = 0.0
    scripted: bool = False


def check_installed(name: str) -> None:
    """Raise :class:`DemoModelMissing` unless the local model ``name`` is installed (and
    InvalidInput, listing the known names, when ``name`` is not a registered model)."""
    spec = get_spec(name)
    if not status(spec).installed:
        raise DemoModelMissing(name, spec.install_command)


async def local_model(name: str) -> DemoModel:
    """The registered local model ``name``, verified and loaded (honours ``SENTINEL_LLM_N_CTX``
    and ``SENTINEL_LLM_THREADS``)."""
    check_installed(name)
    settings = load_settings()
    model = LocalModel(name, options=RuntimeOptions(n_ctx=settings.n_ctx, threads=settings.threads))
    started = time.perf_counter()
    await model.load()
    return DemoModel(model, model.label, time.perf_counter() - started)


def scripted_stand_in(readers: Mapping[str, Reader]) -> DemoModel:
    """The scripted stand-in (see :mod:`sentinel.demo.scripted`)."""
    label = "scripted (deterministic; reads only the prompts)"
    return DemoModel(scripted_model(readers), label, 0.0, scripted=True)
