"""The activity trace of one run: what was searched, fetched, decided and sent, with durations
and token usage. It is stored with the run (``runs.trace``), shown by the UI, hashed by receipts.

Entries are JSON objects with at least ``step`` (``load``, ``search``, ``fetch``, ``sensor``,
``prefilter``, ``sitemap``, ``follow``, ``persist``, ``govern``, ``grounding``, ``dedupe``,
``notify``, ``schedule``, ``error``), ``summary`` (one line for people) and ``at`` (the run's
clock). The sensor's steps come from the agent runtime's own trace records, kept whole
(``agent``, ``activation``, ``agent_step``, ``action``, ``payload``, ``result``, ``error``,
``refused``, ``output``, ``usage``, ``duration_s``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sentinel.agents import TraceRecord
from sentinel.monitor.workspace import Workspace

MAX_OUTPUT_CHARS = 4000


@dataclass
class StepNote:
    """What a timed step reports once it knows: its summary line and details."""

    summary: str = ""
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass
class RunTrace:
    """An append-only list of trace entries stamped with the run's clock."""

    clock: Callable[[], datetime]
    entries: list[dict[str, Any]] = field(default_factory=list)

    def add(
        self,
        step: str,
        summary: str,
        *,
        duration_s: float | None = None,
        **detail: Any,
    ) -> None:
        """Append one entry."""
        entry: dict[str, Any] = {"step": step, "summary": summary, "at": self.clock().isoformat()}
        if duration_s is not None:
            entry["duration_s"] = round(duration_s, 4)
        entry.update({key: value for key, value in detail.items() if value is not None})
        self.entries.append(entry)

    @contextmanager
    def timed(self, step: str) -> Iterator[StepNote]:
        """Time a step; the entry is added when the block ends (with ``error`` if it raised)."""
        note = StepNote()
        started = time.perf_counter()
        try:
            yield note
        except BaseException as exc:
            note.detail["error"] = f"{type(exc).__name__}: {exc}"
            raise
        finally:
            summary = note.summary or step
            self.add(step, summary, duration_s=time.perf_counter() - started, **note.detail)

    def add_sensor(self, records: Iterable[TraceRecord], workspace: Workspace) -> None:
        """Append the sensor agent's steps, each with a summary read from the workspace."""
        for record in records:
            entry = record.model_dump(mode="json", exclude_none=True)
            if record.output is not None and len(record.output) > MAX_OUTPUT_CHARS:
                entry["output"] = record.output[:MAX_OUTPUT_CHARS] + "…"
            entry["agent_step"] = entry.pop("step")
            step = record.action if record.action in ("search", "fetch") else "sensor"
            entry.update(step=step, summary=_summarize(record, workspace))
            entry["at"] = self.clock().isoformat()
            entry["started_at"] = record.started_at.isoformat()
            self.entries.append(entry)

    def to_json(self) -> list[dict[str, Any]]:
        """The entries, as stored."""
        return list(self.entries)


def _summarize(record: TraceRecord, workspace: Workspace) -> str:
    if record.refused:
        return f"refused {record.action!r}: {record.error}"
    if record.error is not None:
        return f"{record.action or 'step'} failed: {record.error}"
    payload = record.payload or {}
    if record.action == "search":
        if workspace.search_failure is not None:
            return f"search {payload.get('query')!r} failed: {workspace.search_failure.message}"
        return f"searched {payload.get('query')!r}: {len(workspace.hits)} hits"
    if record.action == "fetch":
        url = str(payload.get("url"))
        if url in workspace.confirmed and not payload.get("fresh"):
            return f"{url} not modified (304 to the stored validators): nothing downloaded"
        page = workspace.pages.get(url)
        if page is not None:
            cached = " (not modified)" if page.not_modified else ""
            return f"read {url}{cached}: {page.title or 'untitled'}"
        failure = workspace.failed.get(url)
        return f"could not read {url}: {failure.message if failure else 'unknown error'}"
    if record.action == "report_state":
        report = workspace.report
        if report is None:
            return "reported a state"
        keys = ", ".join(sorted(report.output.updated_state)) or "no fields"
        return f"reported a state ({keys}) with {len(report.output.evidence)} quote(s)"
    if record.action == "finish":
        return "finished"
    return record.result or record.action or "step"
