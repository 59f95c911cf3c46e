"""Memories: stored per owner, indexed at once on every write, retrieved by hybrid search.

```python
memories = MemoryService(db)                       # embedder: packaged MiniLM if installed
record = await memories.create("alice", "My sister Ana lives in Porto", tags=["family"])
found = await memories.search("alice", "where does my sister live?")
found.mode, found.notice                           # HYBRID, None  (or BM25, "…no embedding…")
[hit.memory.text for hit in found.hits]            # top_k best, each hit.score >= min_score
```
"""

from sentinel.assistant.memory.models import MemoryHit, MemoryRecord, Retrieval, RetrievalMode
from sentinel.assistant.memory.service import MemoryService
from sentinel.assistant.memory.settings import MemorySettings

__all__ = [
    "MemoryHit",
    "MemoryRecord",
    "MemoryService",
    "MemorySettings",
    "Retrieval",
    "RetrievalMode",
]
