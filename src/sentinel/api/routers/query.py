"""``POST /query``: read-only SQL over monitors, state versions, runs and deliveries."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from sentinel.api.dependencies import State
from sentinel.api.owners import Owner
from sentinel.api.problems import PROBLEM_RESPONSES, Problem
from sentinel.storage import Database, ReadOnlyQueryError
from sentinel.storage.readonly import MAX_ROWS

router = APIRouter(tags=["query"], responses={**PROBLEM_RESPONSES, 403: {"model": Problem}})


# A statement a person or a model writes fits in far less; a longer one is refused, not run.
MAX_SQL_CHARS = 10_000


class QueryRequest(BaseModel):
    """One SQL statement (at most ``MAX_SQL_CHARS`` characters) and a row limit."""

    sql: str = Field(
        min_length=1, max_length=MAX_SQL_CHARS, examples=["SELECT id, name, state FROM monitors"]
    )
    limit: int = Field(default=1000, ge=1, le=MAX_ROWS)


class QueryResponse(BaseModel):
    """Column names and rows (JSON columns as JSON text)."""

    columns: list[str]
    rows: list[list[Any]]


# PostgreSQL's reader role is never granted api_keys; SQLite's read-only connection refuses
# only the tables storage lists as secret, which does not (yet) include api_keys. SQLite has
# no dynamic SQL, so a statement that reads a table spells its name: refusing any statement
# containing it closes that gap here (a string literal containing it is refused too).
PRIVATE_TABLES = ("api_keys",)


@router.post("/query")
async def run_query(body: QueryRequest, state: State, owner: Owner) -> QueryResponse:
    """Run one read-only statement over the caller's monitors and their history; writes,
    DDL, other owners' rows and the API keys are refused with 403."""
    return await answer_query(state.db, body, owner)


async def answer_query(db: Database, body: QueryRequest, owner: str) -> QueryResponse:
    """The answer to one read-only query of ``owner`` (the API's and the MCP ``query_state``
    tool's): ``ReadOnlyQueryError`` for a write, DDL or the API keys."""
    lowered = body.sql.lower()
    for table in PRIVATE_TABLES:
        if table in lowered:
            raise ReadOnlyQueryError(body.sql, f"reading {table}", "API keys are private")
    result = await db.query_readonly(body.sql, owner=owner, limit=body.limit)
    return QueryResponse(columns=result.columns, rows=[list(row) for row in result.rows])
