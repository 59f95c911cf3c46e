"""The turn's decision receipt: what was asked, who answered, why, what was done, at what cost.

One per turn, appended to the owner's hash chain (``ReceiptLedger``) and announced as the
``receipt`` event. Actions are recorded with their parameters and the digest of their result
(or their error); the answer by its digest.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

from sentinel.assistant.chat.events import ChatEvent
from sentinel.assistant.chat.state import Turn
from sentinel.errors import SentinelError
from sentinel.receipts import ActionDigest, ReceiptPayload, TokenUsage, digest


def turn_receipt(turn: Turn) -> ReceiptPayload:
    """The receipt payload of a finished turn."""
    usage = turn.usage.total
    return ReceiptPayload(
        query=turn.query,
        persona=turn.persona.value,
        reasoning=list(turn.reasoning),
        actions=[
            ActionDigest.of(o.action, o.parameters, o.result, error=o.error) for o in turn.outcomes
        ],
        answer_digest=digest(turn.answer),
        model=turn.deps.model.name,
        usage=TokenUsage(
            prompt_tokens=usage.prompt_tokens, completion_tokens=usage.completion_tokens
        ),
        details={
            "iterations": turn.iterations,
            "confidence": turn.confidence,
            "stated_confidence": turn.stated_confidence,
            "suggestions": turn.suggestions,
            "errors": turn.errors,
            "removed_claims": turn.removed_claims,
            "memories": [hit["memory"]["id"] for hit in turn.memories],
        },
    )


async def sign_receipt(turn: Turn) -> AsyncIterator[ChatEvent]:
    """Append the receipt and announce it."""
    yield turn.status("receipt", "Recording the decision receipt...")
    try:
        record = await turn.deps.ledger.append(turn.owner, turn_receipt(turn))
    except SentinelError as exc:
        yield turn.error("receipt", f"the receipt could not be recorded: {exc}")
        return
    yield ChatEvent(
        "receipt", {"seq": record.seq, "hash": record.hash, "prev_hash": record.prev_hash}
    )
