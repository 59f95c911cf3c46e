"""``/research``: start a research job, read its status and result, follow it over SSE."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Path
from pydantic import BaseModel, Field
from sse_starlette import EventSourceResponse, ServerSentEvent

from sentinel.api.dependencies import MAX_ID, State
from sentinel.api.owners import Owner
from sentinel.api.problems import PROBLEM_RESPONSES, Conflict
from sentinel.api.research_jobs import JobStatus, ResearchJob
from sentinel.errors import InvalidInput
from sentinel.research.run import MAX_QUESTION_CHARS

router = APIRouter(prefix="/research", tags=["research"], responses=PROBLEM_RESPONSES)
JobId = Annotated[int, Path(ge=1, le=MAX_ID, description="The research job's id.")]


class ResearchRequest(BaseModel):
    """The question to research."""

    question: str = Field(min_length=1, max_length=MAX_QUESTION_CHARS)

    def normalized_question(self) -> str:
        """The question with its whitespace collapsed; ``InvalidInput`` if nothing is left."""
        question = " ".join(self.question.split())
        if not question:
            raise InvalidInput("question", self.question, "is empty")
        return question


class ResearchJobView(BaseModel):
    """A job's status; ``error`` says why a failed job failed."""

    id: int
    question: str
    status: JobStatus
    created_at: datetime
    finished_at: datetime | None
    events: int
    error: str | None

    @classmethod
    def of(cls, job: ResearchJob) -> ResearchJobView:
        """The view of ``job``."""
        return cls(
            id=job.id,
            question=job.question,
            status=job.status,
            created_at=job.created_at,
            finished_at=job.finished_at,
            events=len(job.events),
            error=job.error,
        )


@router.post("", status_code=202)
async def start_research(body: ResearchRequest, state: State, owner: Owner) -> ResearchJobView:
    """Start researching a question in the background; follow it with the returned id."""
    return ResearchJobView.of(await state.research.start(owner, body.normalized_question()))


@router.get("/{job_id}")
async def get_research(job_id: JobId, state: State, owner: Owner) -> ResearchJobView:
    """A job's status."""
    return ResearchJobView.of(await state.research.get(owner, job_id))


@router.get("/{job_id}/result")
async def get_research_result(job_id: JobId, state: State, owner: Owner) -> dict[str, Any]:
    """The report payload of a succeeded job (409 while running or after a failure)."""
    job = await state.research.get(owner, job_id)
    if job.result is None:
        reason = "is still running" if not job.done else f"failed: {job.error}"
        raise InvalidJobState(job, reason)
    return job.result


@router.get(
    "/{job_id}/events",
    response_class=EventSourceResponse,
    responses={200: {"content": {"text/event-stream": {}}, "description": "Progress events."}},
)
async def follow_research(job_id: JobId, state: State, owner: Owner) -> EventSourceResponse:
    """Progress as server-sent events (``progress``, one per run-log event), then ``end``
    with the job's final status."""
    job = await state.research.get(owner, job_id)

    async def events() -> AsyncIterator[ServerSentEvent]:
        async for event in job.follow():
            yield ServerSentEvent(json.dumps(event, default=str), event="progress")
        yield ServerSentEvent(ResearchJobView.of(job).model_dump_json(), event="end")

    return EventSourceResponse(events())


class InvalidJobState(Conflict):
    """The job is not in a state that has what was asked."""

    def __init__(self, job: ResearchJob, reason: str) -> None:
        super().__init__(f"research job {job.id} {reason}")
