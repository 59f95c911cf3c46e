"""An OpenAI-compatible embeddings endpoint (a faithful fake on loopback) as the embedder."""

from __future__ import annotations

import pytest

from sentinel.assistant.memory import MemoryService, MemorySettings, RetrievalMode
from sentinel.assistant.memory.remote import OpenAIEmbedder
from sentinel.assistant.memory.service import default_embedder
from sentinel.errors import ConfigError
from sentinel.storage import Database
from tests.llm.fake_openai import FakeOpenAIServer, Reply


def embeddings(*vectors: list[float]) -> Reply:
    return Reply(
        body={
            "object": "list",
            "model": "nomic-embed-text",
            "data": [
                {"object": "embedding", "index": i, "embedding": v} for i, v in enumerate(vectors)
            ],
            "usage": {"prompt_tokens": 3, "total_tokens": 3},
        }
    )


async def test_memories_are_embedded_by_the_endpoint_and_searched(db: Database) -> None:
    replies = [
        embeddings([3.0, 4.0, 0.0]),
        embeddings([0.0, 0.0, 2.0]),
        embeddings([0.6, 0.8, 0.1]),
    ]
    async with FakeOpenAIServer(*replies) as server:
        settings = MemorySettings(
            embeddings="openai",
            embeddings_base_url=server.base_url,
            embeddings_model="nomic-embed-text",
            embeddings_dimensions=3,
        )
        embedder, notice = default_embedder(settings)
        assert notice is None
        assert isinstance(embedder, OpenAIEmbedder)
        memories = MemoryService(db, settings=settings, embedder=embedder)
        ana = await memories.create("alice", "Ana lives in Porto")
        await memories.create("alice", "The MOT is due in June")
        found = await memories.search("alice", "where is my sister?")
    assert found.mode is RetrievalMode.HYBRID
    assert [h.memory.id for h in found.hits] == [ana.id]
    assert found.hits[0].dense_rank == 1
    assert [r.path for r in server.received] == ["/v1/embeddings"] * 3
    first = server.received[0].body
    assert (first["model"], first["input"]) == ("nomic-embed-text", ["Ana lives in Porto"])


async def test_a_reply_of_the_wrong_shape_degrades_search_to_bm25(db: Database) -> None:
    async with FakeOpenAIServer(embeddings([1.0, 0.0])) as server:
        embedder = OpenAIEmbedder(base_url=server.base_url, model="m", dimensions=3)
        memories = MemoryService(db, embedder=embedder)
        found = await memories.search("alice", "Porto")
    assert found.mode is RetrievalMode.BM25
    assert "expected (1, 3)" in str(found.notice)


def test_remote_embeddings_need_their_settings() -> None:
    with pytest.raises(ConfigError, match="BASE_URL"):
        default_embedder(MemorySettings(embeddings="openai"))
