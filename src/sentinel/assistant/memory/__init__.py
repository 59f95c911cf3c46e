"""Memories: stored per owner, indexed at once on every write, retrieved by hybrid search.

```python
memories = MemoryService(db)                       # embedder: packaged MiniLM if installed
record = await memories.create("alice", "My sister Ana lives in Porto", tags=["family"])
found = await memories.search("alice", "where does my sister live?")
found.mode, found.notice                           # HYBRID, None  (or BM25, "…no embedding…")
[hit.memory.text for hit in found.hits]            # top_k best, each hit.score >= min_score
```
"""

from typing import TYPE_CHECKING

from sentinel.lazy import lazy_exports

if TYPE_CHECKING:
    from sentinel.assistant.memory.models import (
        MemoryHit,
        MemoryRecord,
        Retrieval,
        RetrievalMode,
    )
    from sentinel.assistant.memory.service import MemoryService
    from sentinel.assistant.memory.settings import MemorySettings

# The service loads the search index (numpy, bm25s): a command that lists memories or a
# module that needs only the records' types does not pay for it (sentinel.lazy).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "MemoryHit": "sentinel.assistant.memory.models",
        "MemoryRecord": "sentinel.assistant.memory.models",
        "Retrieval": "sentinel.assistant.memory.models",
        "RetrievalMode": "sentinel.assistant.memory.models",
        "MemoryService": "sentinel.assistant.memory.service",
        "MemorySettings": "sentinel.assistant.memory.settings",
    },
)

__all__ = [
    "MemoryHit",
    "MemoryRecord",
    "MemoryService",
    "MemorySettings",
    "Retrieval",
    "RetrievalMode",
]
