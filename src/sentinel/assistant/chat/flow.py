"""A chat turn, start to end: ``stream_turn(request, owner=..., deps=...)``.

    memories ─▶ decide (persona + reasoning + plan, one call) ─▶ act (parallel) ─▶ answer
                   ▲                                                   │
                   └── NEED_MORE, or a read learned something new ◀────┘
                       (≤ 3 rounds, within the turn's time budget; never after DONE)
    answer (streamed, claims checked) ─▶ suggestions ─▶ receipt ─▶ done

Each stage (``steps``, ``receipt``) is an async generator of events filling one ``Turn``;
this module only chains them (a stage that raises becomes an ``error`` event and the
next stage runs), filters what the request did not ask to see
(``stream_status``, ``include_reasoning``) and always ends with ``done``.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable

from sentinel.assistant.chat.actions import UsageMeter
from sentinel.assistant.chat.deps import ChatDeps
from sentinel.assistant.chat.events import ChatEvent, ChatRequest
from sentinel.assistant.chat.receipt import sign_receipt
from sentinel.assistant.chat.state import Turn
from sentinel.assistant.chat.steps import answer, react, retrieve_memories, suggest
from sentinel.owners import check_owner

log = logging.getLogger(__name__)
Stage = Callable[[Turn], AsyncIterator[ChatEvent]]

STAGES: tuple[Stage, ...] = (
    retrieve_memories,
    react,
    answer,
    suggest,
    sign_receipt,
)
DIRECT: tuple[Stage, ...] = (retrieve_memories, answer, sign_receipt)
"""``use_agentic: false``: a plain answer from the memories, no persona, plan or actions."""


async def stream_turn(
    request: ChatRequest, *, owner: str, deps: ChatDeps
) -> AsyncIterator[ChatEvent]:
    """Run one turn for ``owner`` and stream its events (see ``events`` for their data)."""
    owner = check_owner(owner)
    usage = UsageMeter()
    turn = Turn(request, owner, deps, turn_id=deps.runtime.open(owner, usage), usage=usage)
    try:
        for stage in STAGES if request.use_agentic else DIRECT:
            try:
                async for event in stage(turn):
                    if _wanted(request, event):
                        yield event
            except Exception as exc:  # a bug or a broken database: visible, and the turn goes on
                log.exception("chat turn stage %s failed", stage.__name__)
                problem = f"internal error: {type(exc).__name__}: {exc}"
                yield turn.error(stage.__name__, problem)
    finally:
        deps.runtime.close(turn.turn_id)
    yield ChatEvent("done", {"duration_ms": turn.duration_ms(), "iterations": turn.iterations})


def _wanted(request: ChatRequest, event: ChatEvent) -> bool:
    if event.event == "status":
        return request.stream_status
    if event.event == "reasoning":
        return request.include_reasoning
    return True
