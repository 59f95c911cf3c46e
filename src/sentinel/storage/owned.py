"""How much of each kind of data an owner has: what ``sentinel keys create`` tells the person
whose data a new key opens, and how it picks the first key's owner.

One person alone on a machine makes monitors, memories and tasks with the CLI, as
:data:`~sentinel.owners.LOCAL_OWNER`; the first key they create for ``sentinel serve`` should
open that same data, or their monitors seem to vanish the moment they sign in to the UI.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from sentinel.storage.jobs import ResearchJobRow
from sentinel.storage.memories import Memory
from sentinel.storage.models import Monitor
from sentinel.storage.tasks import UserTask


@dataclass(frozen=True, slots=True)
class OwnedData:
    """Counts of one owner's monitors, memories, tasks and research jobs."""

    owner: str
    monitors: int
    memories: int
    tasks: int
    research_jobs: int

    @property
    def empty(self) -> bool:
        """Whether the owner has none of them."""
        return not (self.monitors or self.memories or self.tasks or self.research_jobs)

    def describe(self) -> str:
        """E.g. "3 monitors, 2 memories and 1 task"; "no data yet" when empty."""
        parts = [
            f"{count} {noun if count == 1 else plural}"
            for count, noun, plural in (
                (self.monitors, "monitor", "monitors"),
                (self.memories, "memory", "memories"),
                (self.tasks, "task", "tasks"),
                (self.research_jobs, "research job", "research jobs"),
            )
            if count
        ]
        if not parts:
            return "no data yet"
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


async def owned_data(session: AsyncSession, owner: str) -> OwnedData:
    """What ``owner`` has (four counting queries)."""
    counts = []
    for column, model_owner in (
        (Monitor.id, Monitor.owner),
        (Memory.id, Memory.owner),
        (UserTask.id, UserTask.owner),
        (ResearchJobRow.id, ResearchJobRow.owner),
    ):
        found = await session.scalar(select(func.count(column)).where(model_owner == owner))
        counts.append(int(found or 0))
    return OwnedData(owner, *counts)
