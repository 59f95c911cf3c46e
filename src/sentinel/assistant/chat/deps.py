"""What a turn needs: the database, the model, the assistant's services, the settings.

```python
db = await open_database()
deps = ChatDeps.open(db)                       # the SENTINEL_LLM_ASSISTANT model
async for event in stream_turn(request, owner="alice", deps=deps):
    ...
```

Build one per process (or per server) and share it between turns: the memory service keeps
each owner's index in memory, and the action runtime its store.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from sentinel.assistant.chat.actions import ResearchRunner, local_index_research
from sentinel.assistant.chat.runtime import ActionRuntime
from sentinel.assistant.chat.scripted import scripted_chat_model
from sentinel.assistant.chat.settings import ChatSettings
from sentinel.assistant.memory import MemoryService, MemorySettings
from sentinel.assistant.memory.embedding import Embedder
from sentinel.assistant.tasks import TaskService
from sentinel.clock import Clock, SystemClock
from sentinel.llm import LanguageModel, ScriptedModel, get_model
from sentinel.receipts import ReceiptLedger
from sentinel.storage import Database


@dataclass
class ChatDeps:
    """The services of the chat flow. ``research`` answers the RESEARCH action."""

    db: Database
    model: LanguageModel
    memories: MemoryService
    tasks: TaskService
    ledger: ReceiptLedger
    settings: ChatSettings
    research: ResearchRunner
    clock: Clock
    runtime: ActionRuntime = field(init=False)

    def __post_init__(self) -> None:
        self.runtime = ActionRuntime(self, self.settings.disabled_actions)

    @classmethod
    def open(
        cls,
        db: Database,
        *,
        model: LanguageModel | None = None,
        settings: ChatSettings | None = None,
        memories: MemoryService | None = None,
        embedder: Embedder | Literal["auto"] | None = "auto",
        research: ResearchRunner | None = None,
        clock: Clock | None = None,
    ) -> ChatDeps:
        """Deps on ``db``: ``model`` defaults to the assistant role's
        (``SENTINEL_LLM_ASSISTANT``, else ``SENTINEL_LLM``), ``settings`` to the
        ``SENTINEL_ASSISTANT_CHAT_*`` environment, ``memories`` to a memory service with
        ``embedder`` (the packaged MiniLM when installed), ``research`` to the configured
        research models over ``SENTINEL_SEARCH_FOLDER``."""
        clock = clock or SystemClock()
        settings = settings or ChatSettings()
        if memories is None:
            memory_settings = MemorySettings().model_copy(
                update={"top_k": settings.memory_top_k, "min_score": settings.memory_min_score}
            )
            memories = MemoryService(db, settings=memory_settings, clock=clock, embedder=embedder)
        model = model if model is not None else get_model("assistant")
        if isinstance(model, ScriptedModel) and model.fill:
            # SENTINEL_LLM=scripted without a script fills schemas with example values; the
            # chat's own scripted model gives a sensible turn (see assistant.chat.scripted).
            model = scripted_chat_model(name=model.name)
        return cls(
            db=db,
            model=model,
            memories=memories,
            tasks=TaskService(db, clock=clock),
            ledger=ReceiptLedger(db, clock=clock),
            settings=settings,
            research=research or local_index_research,
            clock=clock,
        )
