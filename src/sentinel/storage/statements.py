"""Counting and collecting the SQL a piece of code sends, from SQLAlchemy's engine events.

```python
with StatementLog(db) as log:
    await engine.tick()
log.statements      # every statement, with its parameters, as the driver received it
log.transactions    # committed transactions
```

The engine benchmark divides both by the runs it made; the query-plan test explains every
collected statement, so a new query on the hot path is checked without being listed anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection

from sentinel.storage.database import Database

# Statements of the connection's own housekeeping, not of the code under observation.
_HOUSEKEEPING = ("BEGIN", "PRAGMA", "SAVEPOINT", "RELEASE", "ROLLBACK", "COMMIT", ";")


@dataclass(frozen=True, slots=True)
class Statement:
    """One statement as sent to the driver; ``many`` for an executemany."""

    sql: str
    parameters: Any
    many: bool

    @property
    def verb(self) -> str:
        """SELECT, UPDATE, INSERT, DELETE or WITH."""
        return self.sql.lstrip().split(None, 1)[0].upper()


@dataclass
class StatementLog:
    """Records the statements and the transactions of ``db`` while entered (one engine, any
    task). A transaction is counted when it ends: committed, or rolled back (a read-only unit
    of work, ``Database.reading``, ends with a rollback)."""

    db: Database
    statements: list[Statement] = field(default_factory=list)
    transactions: int = 0

    def __enter__(self) -> StatementLog:
        event.listen(self.db.engine.sync_engine, "before_cursor_execute", self._statement)
        event.listen(self.db.engine.sync_engine, "commit", self._commit)
        event.listen(self.db.engine.sync_engine, "rollback", self._commit)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        event.remove(self.db.engine.sync_engine, "before_cursor_execute", self._statement)
        event.remove(self.db.engine.sync_engine, "commit", self._commit)
        event.remove(self.db.engine.sync_engine, "rollback", self._commit)

    def reset(self) -> None:
        """Forget what was recorded so far."""
        self.statements.clear()
        self.transactions = 0

    def _statement(
        self,
        connection: Connection,
        cursor: Any,
        statement: str,
        parameters: Any,
        context: Any,
        executemany: bool,
    ) -> None:
        if statement.lstrip().upper().startswith(_HOUSEKEEPING):
            return
        self.statements.append(Statement(statement, parameters, executemany))

    def _commit(self, connection: Connection) -> None:
        self.transactions += 1
