"""``get_model(role)``: the configured LanguageModel for a role (see sentinel.llm.settings)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from sentinel.llm.base import LanguageModel
from sentinel.llm.errors import LLMConfigError
from sentinel.llm.local.provider import DEFAULT_PARAMS, LocalModel
from sentinel.llm.local.runtime import RuntimeOptions
from sentinel.llm.scripted import ScriptedModel
from sentinel.llm.settings import LLMSettings, load_settings
from sentinel.llm.types import GenerationParams
from sentinel.pacing import RetryPolicy


def get_model(role: str | None = None, *, settings: LLMSettings | None = None) -> LanguageModel:
    """The model configured for ``role`` (sensor, governor, planner, analyzer, reporter,
    assistant) or the default model when ``role`` is None.

    Local models load lazily on first use and are shared process-wide. Raises LLMConfigError
    naming the variable when the configuration is invalid.
    """
    settings = settings or load_settings()
    choice = settings.choice(role)
    if choice.kind == "scripted":
        name = choice.model or "scripted"
        if settings.script is not None:
            return ScriptedModel.from_script(load_script(settings.script), name=name)
        return ScriptedModel.filling(name=name)
    if choice.kind == "local":
        return LocalModel(
            choice.model,
            options=RuntimeOptions(n_ctx=settings.n_ctx, threads=settings.threads),
            structured="instructions" if settings.structured == "instructions" else "schema",
            defaults=GenerationParams(
                max_tokens=settings.max_tokens or DEFAULT_PARAMS.max_tokens,
                temperature=(
                    DEFAULT_PARAMS.temperature
                    if settings.temperature is None
                    else settings.temperature
                ),
            ),
            server=settings.server == "auto",
            server_idle_s=settings.server_idle,
        )
    # Imported here: the openai SDK takes ~1 s to import and local-only runs never need it.
    from sentinel.llm.openai_compat import OpenAICompatibleModel

    return OpenAICompatibleModel(
        choice.model,
        base_url=choice.base_url,
        api_key=choice.api_key,
        headers=settings.headers,
        timeout=settings.timeout,
        max_concurrency=settings.max_concurrency,
        retry=RetryPolicy(max_attempts=settings.max_retries + 1),
        structured=settings.structured,
        defaults=GenerationParams(max_tokens=settings.max_tokens, temperature=settings.temperature),
    )


def load_script(path: Path) -> dict[str, Sequence[Any]]:
    """The replies of a scripted model from a YAML (or JSON) file: a mapping of output class
    names (and ``text``) to lists; ``LLMConfigError`` naming SENTINEL_LLM_SCRIPT otherwise."""
    try:
        script = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise LLMConfigError("SENTINEL_LLM_SCRIPT", str(path), f"cannot read it: {exc}") from None
    if not isinstance(script, dict) or not all(
        isinstance(key, str) and isinstance(replies, list) for key, replies in script.items()
    ):
        raise LLMConfigError(
            "SENTINEL_LLM_SCRIPT",
            str(path),
            'expected a mapping of output names (Decision, ..., "text") to lists of replies',
        )
    return script
