"""The database handle: engine, units of work, read-only queries.

```python
db = await open_database()                    # migrates to head first
async with db.transaction() as tx:            # one transaction, all or nothing
    run = await tx.runs.start(monitor.id, scheduled_at=due, started_at=now)
    ...
    await tx.states.append(monitor.id, state=..., run_id=run.id, now=now)
    await tx.runs.finish(run.id, outcome, finished_at=now)
    await tx.outbox.enqueue(...)
    await tx.monitors.record_run(monitor.id, owner, ran_at=now, next_run_at=later)
```

Never open a transaction while holding another in the same task: on SQLite the second waits
for the first, which is waiting for the second.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from sentinel.errors import ConfigError
from sentinel.owners import LOCAL_OWNER
from sentinel.storage.a2a_task_monitors import TaskMonitorRepository
from sentinel.storage.changes import MonitorChange, MonitorListener, ObservedMonitorRepository
from sentinel.storage.engine import create_engine, parse_database_url, read_only_engine
from sentinel.storage.jobs import ResearchJobRepository
from sentinel.storage.look_batch import LookBatcher
from sentinel.storage.memories import MemoryRepository
from sentinel.storage.migrate import upgrade_engine
from sentinel.storage.monitors import MonitorRepository
from sentinel.storage.outbox import OutboxRepository
from sentinel.storage.readonly import QueryResult, check_limit, query_postgresql, query_sqlite
from sentinel.storage.receipts import ReceiptRepository
from sentinel.storage.runs import RunRepository
from sentinel.storage.settings import default_database_url
from sentinel.storage.states import StateVersionRepository
from sentinel.storage.tasks import TaskRepository


@dataclass(slots=True)
class Transaction:
    """The repositories of one unit of work, sharing its session (and so its transaction).

    ``changes`` lists the monitor lifecycle changes made in it (see ``sentinel.storage.changes``).
    """

    session: AsyncSession
    changes: list[MonitorChange] = field(default_factory=list)
    # Whose monitors (and their runs, states, deliveries) it sees; None: every owner's.
    owner: str | None = None
    monitors: MonitorRepository = field(init=False)
    states: StateVersionRepository = field(init=False)
    runs: RunRepository = field(init=False)
    outbox: OutboxRepository = field(init=False)
    memories: MemoryRepository = field(init=False)
    tasks: TaskRepository = field(init=False)
    receipts: ReceiptRepository = field(init=False)
    research_jobs: ResearchJobRepository = field(init=False)
    task_monitors: TaskMonitorRepository = field(init=False)

    def __post_init__(self) -> None:
        self.monitors = ObservedMonitorRepository(self.session, self.changes, self.owner)
        self.states = StateVersionRepository(self.session, self.owner)
        self.runs = RunRepository(self.session, self.owner)
        self.outbox = OutboxRepository(self.session, self.owner)
        self.memories = MemoryRepository(self.session)
        self.tasks = TaskRepository(self.session)
        self.receipts = ReceiptRepository(self.session)
        self.research_jobs = ResearchJobRepository(self.session)
        self.task_monitors = TaskMonitorRepository(self.session)


class Database:
    """A migrated database: units of work and read-only SQL on one engine.

    ``listener``, when set, is told about the monitor lifecycle changes of each committed
    transaction (how the Temporal engine learns that a monitor was created, paused…).
    """

    def __init__(self, engine: AsyncEngine, url: URL) -> None:
        self.engine = engine
        self.url = url
        self.listener: MonitorListener | None = None
        # Looks that end together are written together (group commit; see look_batch).
        self.looks = LookBatcher(self)
        self._sessions = async_sessionmaker(engine, expire_on_commit=False)
        self._readers = async_sessionmaker(read_only_engine(engine), expire_on_commit=False)

    @property
    def backend(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.url.get_backend_name()

    @asynccontextmanager
    async def transaction(self, owner: str | None = None) -> AsyncIterator[Transaction]:
        """One unit of work: committed when the block ends, rolled back if it raises. With an
        ``owner``, its monitor repositories see that owner's rows only (what every request
        of an API key's holder uses; see ``sentinel.storage.ownership``)."""
        async with self._sessions() as session, session.begin():
            tx = Transaction(session, owner=owner)
            yield tx
        if tx.changes and self.listener is not None:
            await self.listener.monitors_changed(tuple(tx.changes))

    @asynccontextmanager
    async def reading(self, owner: str | None = None) -> AsyncIterator[Transaction]:
        """A read-only unit of work for pages and API reads: a consistent snapshot that never
        makes a writer wait (SQLite: a DEFERRED begin under WAL; PostgreSQL: READ ONLY, where
        a write raises). Rolled back at the end; never write through it. ``owner`` scopes
        it as it does :meth:`transaction`."""
        async with self._readers() as session:
            try:
                yield Transaction(session, owner=owner)
            finally:
                await session.rollback()

    async def query_readonly(
        self, sql: str, *, owner: str = LOCAL_OWNER, limit: int = 1000, timeout_s: float = 5.0
    ) -> QueryResult:
        """Run one read-only statement over ``owner``'s monitors, state_versions, runs,
        deliveries and notifications (see ``sentinel.storage.owned_views``). Writes, DDL,
        PRAGMA writes, ATTACH and several statements raise
        ``ReadOnlyQueryError`` naming what was refused; other failures raise ``QueryFailed``.
        """
        check_limit(limit)
        if self.backend == "sqlite":
            return await query_sqlite(
                self._sqlite_path(), sql, owner=owner, limit=limit, timeout_s=timeout_s
            )
        return await query_postgresql(
            self.engine, sql, owner=owner, limit=limit, timeout_s=timeout_s
        )

    async def close(self) -> None:
        """Close every pooled connection."""
        await self.engine.dispose()

    def _sqlite_path(self) -> Path:
        database = self.url.database
        if not database or database == ":memory:" or database.startswith("file:"):
            raise ConfigError(
                f"read-only queries need a SQLite database file, not {database or ':memory:'!r}"
            )
        return Path(database)


async def open_database(
    url: str | URL | None = None, *, migrate: bool = True, echo: bool = False
) -> Database:
    """Open the database at ``url`` (default: ``default_database_url()``), migrated to head."""
    parsed = parse_database_url(url if url is not None else default_database_url())
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(parsed, echo=echo)
    if migrate:
        await upgrade_engine(engine)
    return Database(engine, parsed)
