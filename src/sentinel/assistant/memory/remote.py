"""An OpenAI-compatible ``/v1/embeddings`` endpoint as the memory service's embedder.

``SENTINEL_ASSISTANT_MEMORY_EMBEDDINGS=openai`` with ``…_EMBEDDINGS_BASE_URL`` (e.g. Ollama's
``http://127.0.0.1:11434/v1``), ``…_EMBEDDINGS_MODEL``, ``…_EMBEDDINGS_DIMENSIONS`` and, if
needed, ``…_EMBEDDINGS_API_KEY``. Vectors are L2-normalised here (endpoints differ on that),
and a reply of the wrong shape is an error, which the memory service turns into a BM25-only
search that says so.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray
from openai import AsyncOpenAI

from sentinel.errors import ConfigError, ProviderError

TIMEOUT_S = 30.0


class OpenAIEmbedder:
    """Embeddings from an OpenAI-compatible endpoint."""

    def __init__(
        self, *, base_url: str, model: str, dimensions: int, api_key: str | None = None
    ) -> None:
        if not base_url or not model or dimensions < 1:
            raise ConfigError(
                "remote embeddings need SENTINEL_ASSISTANT_MEMORY_EMBEDDINGS_BASE_URL, "
                "_MODEL and _DIMENSIONS"
            )
        self.model = model
        self._dimensions = dimensions
        self._client = AsyncOpenAI(
            base_url=base_url, api_key=api_key or "unused", timeout=TIMEOUT_S, max_retries=1
        )

    @property
    def name(self) -> str:
        """``openai:<model>`` (stored with each vector)."""
        return f"openai:{self.model}"

    @property
    def dimensions(self) -> int:
        """As configured; a reply of another length is refused."""
        return self._dimensions

    async def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """One unit vector per text, in order."""
        if not texts:
            return np.empty((0, self._dimensions), np.float32)
        reply = await self._client.embeddings.create(model=self.model, input=list(texts))
        rows = sorted(reply.data, key=lambda item: item.index)
        matrix = np.asarray([row.embedding for row in rows], dtype=np.float32)
        if matrix.shape != (len(texts), self._dimensions):
            raise ProviderError(
                "embeddings",
                f"the endpoint answered shape {matrix.shape}, "
                f"expected {(len(texts), self._dimensions)}",
            )
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        unit: NDArray[np.float32] = matrix / np.clip(norms, 1e-12, None)
        return unit
