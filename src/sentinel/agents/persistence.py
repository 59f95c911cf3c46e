"""Saving the app's state to a file while it runs: debounced, atomic, and final on shutdown.

Committed states are never mutated (the store builds a new tree per action), so the state a
save captures can be serialised in a worker thread while agents keep acting.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sentinel.store import Store


class SnapshotWriter:
    """Writes ``store``'s state to ``path`` at most once per ``every_s`` after changes.

    A background save that fails is handed to ``on_error`` (the app adds it to its errors);
    the final save in ``close`` raises.
    """

    def __init__(
        self,
        store: Store[Any],
        path: str | os.PathLike[str],
        *,
        every_s: float,
        on_error: Callable[[Exception], None],
    ) -> None:
        self.store = store
        self.on_error = on_error
        self.path = Path(path)
        self.every_s = every_s
        self.saves = 0
        self._pending: asyncio.Task[None] | None = None
        self._waiting = False

    def mark_dirty(self) -> None:
        """Note a change; a save follows within ``every_s`` (one save covers many changes)."""
        if self._pending is None or self._pending.done():
            self._pending = asyncio.get_running_loop().create_task(
                self._save_later(), name="sentinel-snapshot"
            )

    async def _save_later(self) -> None:
        self._waiting = True
        try:
            await asyncio.sleep(self.every_s)
        finally:
            self._waiting = False
        try:
            await self.save()
        except Exception as exc:
            self.on_error(exc)

    async def save(self) -> Path:
        """Write the current state now (atomically: temp file, fsync, rename)."""
        target = await asyncio.to_thread(self.store.save_snapshot, self.path)
        self.saves += 1
        return target

    async def close(self) -> None:
        """Drop a scheduled save, let one in progress finish, then write the final state."""
        pending = self._pending
        if pending is not None and not pending.done():
            # Cancelling a save mid-write would leave its thread running and racing ours.
            if self._waiting:
                pending.cancel()
            await asyncio.gather(pending, return_exceptions=True)
        await self.save()
