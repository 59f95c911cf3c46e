"""``/health``: whether the database answers, and the running version."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from sentinel.api.dependencies import State
from sentinel.api.version import sentinel_version

router = APIRouter(tags=["health"])


class Health(BaseModel):
    """``ok`` when the database answered, else ``degraded`` (with status 503)."""

    status: str
    database: str
    version: str


@router.get("/health", response_model=Health, responses={503: {"model": Health}})
async def health(state: State) -> Health | JSONResponse:  # 503 carries a Health too
    """Database reachability and version."""
    try:
        async with state.db.engine.connect() as connection:
            await connection.execute(text("SELECT 1"))
    except (SQLAlchemyError, OSError) as error:
        body = Health(
            status="degraded", database=f"unreachable: {error}", version=sentinel_version()
        )
        return JSONResponse(body.model_dump(), status_code=503)
    return Health(status="ok", database=state.db.backend, version=sentinel_version())
