"""What sensing produced: a :class:`SensorResult`, read by the run that follows.

:class:`~sentinel.monitor.sensing.sensor.Sensor` returns one for every run: the state the model
reported, or why there is none (the pre-filter skipped the run, nothing could be read, or the
sensor failed), with the source snapshot the next run's pre-filter compares against and the
run's store, whose pages and search hits the governor and the recording read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sentinel.agents import TraceRecord
from sentinel.monitor.failures import RunFailure
from sentinel.monitor.models import SensorOutput
from sentinel.monitor.sensing.prefilter import PrefilterDecision, SourceSnapshot
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.monitor.workspace import RunState, SensorReport
from sentinel.store import Store
from sentinel.web.search.base import SearchHit

SensorStatus = Literal["reported", "skipped", "empty", "failed"]


@dataclass(frozen=True)
class SensorResult:
    """What sensing produced.

    ``status``: ``reported`` (the model reported a state), ``skipped`` (the pre-filter saw no
    change; no model call), ``empty`` (nothing to read: search found no page), ``failed``
    (``failure`` says why). ``baseline`` is the source snapshot to store for the next run's
    pre-filter; ``store`` is the run's store, for the actuator's ``notify``.
    """

    status: SensorStatus
    reason: str
    store: Store[RunState]
    baseline: SourceSnapshot
    report: SensorReport | None = None
    prefilter: PrefilterDecision | None = None
    failure: RunFailure | None = None
    trace: tuple[TraceRecord, ...] = ()
    model_calls: int = 0

    @property
    def output(self) -> SensorOutput | None:
        """The reported (cleaned) sensor output, if any."""
        return self.report.output if self.report else None

    @property
    def pages(self) -> dict[str, PageRecord]:
        """The pages read this run, by requested URL."""
        return dict(self.store.state.workspace.pages)

    @property
    def hits(self) -> tuple[SearchHit, ...]:
        """The search hits of this run."""
        return self.store.state.workspace.hits
