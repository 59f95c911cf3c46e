"""Retrieval settings: ``SENTINEL_ASSISTANT_MEMORY_*`` environment variables."""

from __future__ import annotations

from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class MemorySettings(BaseSettings):
    """How many memories a search returns and the least fused score they need.

    ``SENTINEL_ASSISTANT_MEMORY_TOP_K`` (default 5), ``SENTINEL_ASSISTANT_MEMORY_MIN_SCORE``
    (default 0.3; the score is the normalised RRF score described in ``fusion``),
    ``SENTINEL_ASSISTANT_MEMORY_EMBEDDINGS``: ``auto`` (the packaged MiniLM when installed, else
    BM25 only, with a notice), ``none`` (BM25 only) or ``openai`` (an OpenAI-compatible
    endpoint: ``…_EMBEDDINGS_BASE_URL``, ``_MODEL``, ``_DIMENSIONS``, ``_API_KEY``).
    """

    model_config = SettingsConfigDict(env_prefix="SENTINEL_ASSISTANT_MEMORY_", extra="ignore")

    top_k: int = Field(default=5, ge=1, le=100)
    min_score: float = Field(default=0.3, ge=0.0, le=1.0)
    embeddings: Literal["auto", "none", "openai"] = "auto"
    # For ``embeddings=openai``: an OpenAI-compatible /v1/embeddings endpoint.
    embeddings_base_url: str | None = None
    embeddings_model: str | None = None
    embeddings_dimensions: int = Field(default=0, ge=0, le=8192)
    embeddings_api_key: str | None = None
