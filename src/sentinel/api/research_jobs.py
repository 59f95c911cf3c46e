"""Research jobs of the API: run in this process as background tasks, followed by polling
or over server-sent events, kept in memory (the newest ``MAX_JOBS``).

A job's runner gets the question and a ``RunLog`` whose events become the job's progress;
it returns the report payload (``sentinel.research.report_payload``).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from sentinel.clock import Clock
from sentinel.errors import SentinelError
from sentinel.research.runlog import Event, RunLog
from sentinel.storage import RecordNotFound

log = logging.getLogger(__name__)
ResearchRunner = Callable[[str, RunLog], Awaitable[dict[str, Any]]]
MAX_JOBS = 100


class JobStatus(StrEnum):
    """Where a job is."""

    RUNNING = "running"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


@dataclass(slots=True)
class ResearchJob:
    """One question being (or having been) researched."""

    id: int
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


class ResearchJobs:
    """The jobs of one server; each runs as an asyncio task of its event loop."""

    def __init__(self, runner: ResearchRunner, clock: Clock) -> None:
        self.runner = runner
        self.clock = clock
        self._jobs: dict[int, ResearchJob] = {}
        self._ids = itertools.count(1)
        self._tasks: set[asyncio.Task[None]] = set()

    def start(self, question: str) -> ResearchJob:
        """Start researching ``question`` in the background."""
        job = ResearchJob(id=next(self._ids), question=question, created_at=self.clock.now())
        self._jobs[job.id] = job
        for old in sorted(self._jobs)[:-MAX_JOBS]:
            if self._jobs[old].done:
                del self._jobs[old]
        task = asyncio.create_task(self._run(job), name=f"research-{job.id}")
        # The loop keeps only weak references to tasks: hold them until they end.
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return job

    def recent(self, limit: int = 20) -> list[ResearchJob]:
        """The newest jobs first, at most ``limit`` (jobs live in this process only)."""
        return [self._jobs[job_id] for job_id in sorted(self._jobs, reverse=True)[:limit]]

    def get(self, job_id: int) -> ResearchJob:
        """The job, or ``RecordNotFound``."""
        job = self._jobs.get(job_id)
        if job is None:
            raise RecordNotFound("research job", job_id)
        return job

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
            job.notify()


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
