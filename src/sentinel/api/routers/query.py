"""``POST /query``: read-only SQL over monitors, state versions, runs and deliveries."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from sentinel.api.dependencies import State
from sentinel.api.problems import PROBLEM_RESPONSES, Problem
from sentinel.storage.readonly import MAX_ROWS

router = APIRouter(tags=["query"], responses={**PROBLEM_RESPONSES, 403: {"model": Problem}})


class QueryRequest(BaseModel):
    """One SQL statement and a row limit."""

    sql: str = Field(min_length=1, examples=["SELECT id, name, state FROM monitors"])
    limit: int = Field(default=1000, ge=1, le=MAX_ROWS)


class QueryResponse(BaseModel):
    """Column names and rows (JSON columns as JSON text)."""

    columns: list[str]
    rows: list[list[Any]]


@router.post("/query")
async def run_query(body: QueryRequest, state: State) -> QueryResponse:
    """Run one read-only statement; writes and DDL are refused with 403."""
    result = await state.db.query_readonly(body.sql, limit=body.limit)
    return QueryResponse(columns=result.columns, rows=[list(row) for row in result.rows])
