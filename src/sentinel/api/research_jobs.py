"""Research jobs of the API: run in this process as background tasks, followed by polling
or over server-sent events, stored in the database (``research_jobs``) with their owner.

A job's row is written when it starts and when it ends, with its progress events and result,
so a restart keeps every finished job; a job the previous process left running is marked
failed, "interrupted by a restart", the first time this process reads or starts a job (see
``sentinel.storage.jobs``). While a job runs, this process holds it in memory and its
followers are woken by each event. Another owner's job is "not found".

A job's runner gets the question and a ``RunLog`` whose events become the job's progress;
it returns the report payload (``sentinel.research.report_payload``).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from sentinel.clock import Clock
from sentinel.errors import SentinelError
from sentinel.research.runlog import Event, RunLog
from sentinel.storage import Database
from sentinel.storage.jobs import ResearchJobRow

log = logging.getLogger(__name__)
ResearchRunner = Callable[[str, RunLog], Awaitable[dict[str, Any]]]
MAX_RECENT = 100


class JobStatus(StrEnum):
    """Where a job is."""

    RUNNING = "running"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


@dataclass(slots=True)
class ResearchJob:
    """One question being (or having been) researched."""

    id: int
    owner: str
    question: str
    created_at: datetime
    status: JobStatus = JobStatus.RUNNING
    finished_at: datetime | None = None
    events: list[Event] = field(default_factory=list)
    result: dict[str, Any] | None = None
    error: str | None = None
    _wake: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def done(self) -> bool:
        """Whether the job has finished, one way or the other."""
        return self.status is not JobStatus.RUNNING

    def notify(self) -> None:
        """Wake everyone following the job."""
        self._wake.set()
        self._wake = asyncio.Event()

    async def follow(self) -> AsyncIterator[Event]:
        """Every progress event, past and future, until the job is done."""
        sent = 0
        while True:
            wake = self._wake
            while sent < len(self.events):
                sent += 1
                yield self.events[sent - 1]
            if self.done:
                return
            await wake.wait()

    @classmethod
    def of_row(cls, row: ResearchJobRow) -> ResearchJob:
        """The job as stored (finished, or running in some process)."""
        return cls(
            id=row.id,
            owner=row.owner,
            question=row.question,
            created_at=row.created_at,
            status=JobStatus(row.status),
            finished_at=row.finished_at,
            events=list(row.events),
            result=row.result,
            error=row.error,
        )


class ResearchJobs:
    """The jobs of one server over its database; each runs as an asyncio task of its loop."""

    def __init__(
        self, runner: ResearchRunner, clock: Clock, db: Database, *, recover: bool = True
    ) -> None:
        """``recover`` False leaves jobs other processes left running alone (``sentinel mcp``
        over stdio runs beside a server whose jobs are alive)."""
        self.runner = runner
        self.clock = clock
        self.db = db
        self._running: dict[int, ResearchJob] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._recovered = not recover

    async def start(self, owner: str, question: str) -> ResearchJob:
        """Start researching ``question`` for ``owner`` in the background."""
        await self._recover()
        async with self.db.transaction() as tx:
            row = await tx.research_jobs.add(owner, question, now=self.clock.now())
        job = ResearchJob.of_row(row)
        self._running[job.id] = job
        task = asyncio.create_task(self._run(job), name=f"research-{job.id}")
        # The loop keeps only weak references to tasks: hold them until they end.
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return job

    async def recent(self, owner: str, limit: int = 20) -> list[ResearchJob]:
        """The owner's newest jobs first, at most ``limit`` (at most ``MAX_RECENT``)."""
        await self._recover()
        async with self.db.transaction() as tx:
            rows = await tx.research_jobs.recent(owner, min(limit, MAX_RECENT))
        return [self._running.get(row.id) or ResearchJob.of_row(row) for row in rows]

    async def get(self, owner: str, job_id: int) -> ResearchJob:
        """The owner's job, or ``RecordNotFound`` (another owner's job too)."""
        await self._recover()
        job = self._running.get(job_id)
        if job is not None and job.owner == owner:
            return job
        async with self.db.transaction() as tx:
            row = await tx.research_jobs.get(owner, job_id)
        return self._running.get(row.id) or ResearchJob.of_row(row)

    async def _recover(self) -> None:
        """Once per process: jobs left running by a stopped process failed, and say so."""
        if self._recovered:
            return
        self._recovered = True
        async with self.db.transaction() as tx:
            interrupted = await tx.research_jobs.fail_unfinished(now=self.clock.now())
        if interrupted:
            log.warning("%d research job(s) were interrupted by a restart", interrupted)

    async def close(self) -> None:
        """Cancel running jobs (the server is stopping)."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _run(self, job: ResearchJob) -> None:
        def on_event(event: Event) -> None:
            job.events.append(event)
            job.notify()

        try:
            job.result = await self.runner(job.question, RunLog(on_event=on_event))
            job.status = JobStatus.SUCCEEDED
        except SentinelError as error:
            job.error = str(error) or type(error).__name__
            job.status = JobStatus.FAILED
        except Exception as error:
            # Nobody awaits this task: an unexpected error must still end the job, visibly.
            log.exception("research job %d crashed", job.id)
            job.error = f"internal error: {type(error).__name__}: {error}"
            job.status = JobStatus.FAILED
        except asyncio.CancelledError:
            job.error = "cancelled: the server stopped"
            job.status = JobStatus.FAILED
            raise
        finally:
            job.finished_at = self.clock.now()
            await self._store_ending(job)
            self._running.pop(job.id, None)
            job.notify()

    async def _store_ending(self, job: ResearchJob) -> None:
        """Write how the job ended; if the database is gone (the server is stopping), the
        next process marks the job interrupted instead."""
        try:
            async with self.db.transaction() as tx:
                await tx.research_jobs.finish(
                    job.id,
                    status=job.status.value,
                    finished_at=job.finished_at or self.clock.now(),
                    # As the SSE stream sends them: values JSON cannot hold become text.
                    events=json.loads(json.dumps(job.events, default=str)),
                    result=job.result,
                    error=job.error,
                )
        except Exception:
            log.exception("could not store the end of research job %d", job.id)


async def configured_research(
    question: str, log: RunLog, *, model: str | None = None
) -> dict[str, Any]:
    """Research with the configured models (or every node on ``model``, as ``sentinel
    research --model`` takes it) over the documents folder, ``SENTINEL_SEARCH_FOLDER``, as
    ``sentinel research`` does by default."""
    from sentinel.research import (
        EmptyIndexError,
        ResearchModels,
        ResearchTools,
        report_payload,
        run_research,
    )

    try:
        tools = ResearchTools.home_index()
    except EmptyIndexError as error:  # the caller is remote: no server path, no CLI option
        raise error.for_remote_callers() from None
    async with tools:
        result = await run_research(question, tools, ResearchModels.configured(model), log=log)
    return report_payload(result)
