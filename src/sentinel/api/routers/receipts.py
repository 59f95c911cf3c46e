"""``/receipts``: the caller's hash-chained decision receipts and the chain's verification."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request

from sentinel.api.dependencies import MAX_ID, MAX_OFFSET
from sentinel.api.owners import Owner, Receipts
from sentinel.api.pagination import Limit, Page, offset_page
from sentinel.api.problems import PROBLEM_RESPONSES
from sentinel.api.view import RecordView

router = APIRouter(prefix="/receipts", tags=["receipts"], responses=PROBLEM_RESPONSES)


class ReceiptOut(RecordView):
    """One receipt: its place in the chain, its hashes and what it attests."""

    seq: int
    kind: str
    prev_hash: str
    hash: str
    payload: dict[str, Any]
    created_at: datetime


class VerificationOut(RecordView):
    """The walk of the caller's chain: ``ok``, receipts checked, the first broken link."""

    ok: bool
    checked: int
    broken_seq: int | None
    problem: str | None
    head_hash: str | None


@router.get("")
async def list_receipts(
    request: Request,
    owner: Owner,
    ledger: Receipts,
    limit: int = Limit,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET, description="Receipts to skip.")] = 0,
) -> Page[ReceiptOut]:
    """The caller's receipts, newest first."""
    rows = await ledger.list(owner, limit=limit + 1, offset=offset)
    return offset_page(request, [ReceiptOut.of(r) for r in rows], limit=limit, offset=offset)


@router.get("/verify")
async def verify_receipts(owner: Owner, ledger: Receipts) -> VerificationOut:
    """Recompute the caller's chain and name the first broken link, if any."""
    return VerificationOut.of(await ledger.verify(owner))


@router.get("/{seq}")
async def get_receipt(
    seq: Annotated[int, Path(ge=1, le=MAX_ID, description="The receipt's place in the chain.")],
    owner: Owner,
    ledger: Receipts,
) -> ReceiptOut:
    """One of the caller's receipts by its seq."""
    return ReceiptOut.of(await ledger.get(owner, seq))
