"""The sensor's policy: the scripted reads, the pre-filter's verdict, then one model call.

:class:`SensorPolicy` is the generating function of the sensor agent
(:mod:`sentinel.monitor.sensing.sensor`). Its first steps need no model: read the monitor's
named pages (with conditional requests), or search with its query and fetch the pages
:func:`~sentinel.monitor.sensing.sources.choose_sources` picks — first only the few
:func:`~sentinel.monitor.sensing.sources.probe_sources` picks, in a probe. Then it judges what
came back with the pre-filter (:mod:`sentinel.monitor.sensing.prefilter`): skip (nothing
changed), nothing read (and why), or sense. Only to sense is the model asked, once, for the
``report_state`` call under a JSON grammar; a monitor with a contract has its fields read from
the pages by code instead (:mod:`sentinel.monitor.reading`), the model asked only to choose
among candidates the code could not settle. A model that fails ends the run's steps; the
failure is kept for the result.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC
from typing import Any, Literal

from sentinel.agents import Generation
from sentinel.llm import LanguageModel, Message
from sentinel.monitor.contract.model import Contract
from sentinel.monitor.failures import EXPECTED_ERRORS, RunFailure, classify_error
from sentinel.monitor.prompts import SENSOR_INSTRUCTIONS
from sentinel.monitor.reading.read import read_contract
from sentinel.monitor.scheduling.anchors import page_lines
from sentinel.monitor.sensing.prefilter import PrefilterDecision, SourceSnapshot, prefilter
from sentinel.monitor.sensing.reply import REPORT_MAX_TOKENS, reply_model
from sentinel.monitor.sensing.schema import StateSchema
from sentinel.monitor.sensing.sources import (
    choose_sources,
    probe_sources,
    query_terms,
    snapshot_of,
)
from sentinel.monitor.workspace import (
    MAX_QUOTE_CHARS,
    RunState,
    SensorConfig,
    Workspace,
)
from sentinel.store import Store

NOTHING_READ = (
    "search found nothing to read: add --url, or configure a search provider "
    "(SENTINEL_SEARCH) or put documents in SENTINEL_SEARCH_FOLDER"
)
"""Why a run read nothing, with what fixes it (shown by ``watch run``, ``show``, ``history``
and the monitor's web page)."""


@dataclass(frozen=True)
class _Verdict:
    """How the scripted part of the policy judged the run: ``sense`` (ask the model) or why
    not."""

    status: Literal["sense", "skipped", "empty", "failed"]
    reason: str
    prefilter: PrefilterDecision
    failure: RunFailure | None = None


@dataclass
class SensorPolicy:
    """The sensor's generating function: scripted search and fetches, the pre-filter, then the
    model for ``report_state`` (see the module documentation).

    A monitor with named pages reads them all, in order, and searches only when
    ``Workspace.searches`` says so (its own sources come through search: A2A agents); a page
    confirmed unchanged by a 304 is read in full only when the run senses after all.

    ``force`` senses even when the pre-filter would skip (the last governed run failed, so its
    state still waits for a decision). ``probe`` first re-reads only the pages
    :func:`~sentinel.monitor.sensing.sources.probe_sources` picks; when those show a change the run
    reads in full before it senses, so the model and the stored baseline always see a full
    read.
    """

    model: LanguageModel
    force: bool = False
    probe: bool = False
    schema: StateSchema | None = None
    contract: Contract | None = None
    max_tokens: int = REPORT_MAX_TOKENS
    store: Store[RunState] | None = None
    verdict: _Verdict | None = None
    model_failure: RunFailure | None = None
    model_calls: int = 0
    _plan: list[str] | None = field(default=None, repr=False)

    async def __call__(self, config: SensorConfig) -> Generation:
        """The next step: a scripted action, the model's ``report_state``, or ``finish``."""
        if self.store is None:
            raise RuntimeError("SensorPolicy is not bound to a store")
        workspace = self.store.state.workspace
        available = self.store.state.agents.sensor.currently_available_actions
        scripted = self._scripted_step(workspace, available)
        if scripted is not None:
            return Generation(json.dumps(scripted))
        if self.verdict is None:
            self.verdict = self._judge(workspace)
        if self.verdict.status != "sense" or self.model_failure is not None:
            return Generation(json.dumps({"action": "finish", "payload": {}}))
        unread = workspace.unread_confirmed()
        if unread and "fetch" in available:
            # Sensing after all: the model reads every page, unchanged ones included.
            return Generation(
                json.dumps({"action": "fetch", "payload": {"url": unread[0], "fresh": True}})
            )
        if self.contract is not None:
            return await self._read_contract(self.contract)
        return await self._ask_model(config)

    async def _read_contract(self, contract: Contract) -> Generation:
        """The ``report_state`` call of a monitor with a contract: its fields read from the
        pages by code (:mod:`sentinel.monitor.reading`), the model asked only to choose among
        candidates the code could not settle."""
        assert self.store is not None
        workspace = self.store.state.workspace
        pages = workspace.page_list()
        reading = await read_contract(contract, pages, model=self.model, now=workspace.now)
        self.model_calls += reading.model_calls
        numbers = {page.url: number for number, page in enumerate(pages, start=1)}
        evidence = [
            {"page": numbers[r.url], "quote": shortened_quote(r.quote)}
            for r in reading.readings
            if r.verified and r.url in numbers and r.quote
        ]
        unique = list({json.dumps(item, sort_keys=True): item for item in evidence}.values())
        payload = {
            "updated_state": reading.state(),
            "evidence": unique,
            "volatility_hint": None,
            "query_update": None,
            "readings": [r.model_dump(mode="json") for r in reading.readings],
        }
        usage = dict(reading.usage) if reading.usage else None
        return Generation(json.dumps({"action": "report_state", "payload": payload}), usage=usage)

    def _scripted_step(
        self, workspace: Workspace, available: frozenset[str]
    ) -> dict[str, Any] | None:
        tried = set(workspace.pages) | set(workspace.confirmed) | set(workspace.failed)
        named = [url for url in workspace.named if url not in tried]
        if named and "fetch" in available:
            return {"action": "fetch", "payload": {"url": named[0]}}
        if workspace.named and not workspace.searches:
            return None
        if not workspace.searched and "search" in available:
            return {"action": "search", "payload": {"query": workspace.query}}
        if self._plan is None:
            self._plan = self._probe_plan(workspace) if self.probe else None
            self.probe = self._plan is not None
            self._plan = self._plan or self._full_plan(workspace)
        pending = self._pending(workspace)
        if not pending and self.probe and self._probe_changed(workspace):
            self.probe = False
            self._plan = self._full_plan(workspace)
            pending = self._pending(workspace)
        if pending and "fetch" in available:
            return {"action": "fetch", "payload": {"url": pending[0]}}
        return None

    def _full_plan(self, workspace: Workspace) -> list[str]:
        return choose_sources(
            workspace.hits,
            cited=workspace.cited,
            previous=workspace.previous,
            limit=workspace.max_fetches,
            named=query_terms(workspace.mission),
        )

    def _probe_plan(self, workspace: Workspace) -> list[str] | None:
        plan = probe_sources(
            workspace.hits,
            cited=workspace.cited,
            previous=workspace.previous,
            named=query_terms(workspace.mission),
        )
        return plan[: workspace.max_fetches] if plan else None

    def _pending(self, workspace: Workspace) -> list[str]:
        assert self._plan is not None
        tried = set(workspace.pages) | set(workspace.confirmed) | set(workspace.failed)
        pending = [url for url in self._plan if url not in tried]
        return pending[: max(0, workspace.max_fetches - workspace.fetches)]

    def _probe_changed(self, workspace: Workspace) -> bool:
        return not self._prefilter(workspace).skip

    def _prefilter(self, workspace: Workspace) -> PrefilterDecision:
        return prefilter(workspace.previous, run_snapshot(workspace), probe=self.probe)

    def _judge(self, workspace: Workspace) -> _Verdict:
        decision = self._prefilter(workspace)
        if decision.skip and not self.force:
            return _Verdict("skipped", decision.reason, decision)
        if workspace.pages or workspace.confirmed:
            reason = decision.reason if not decision.skip else "sensing again: " + decision.reason
            return _Verdict("sense", reason, decision)
        failure = workspace.search_failure or next(iter(workspace.failed.values()), None)
        if failure is not None:
            return _Verdict(
                "failed", f"nothing could be read: {failure.message}", decision, failure
            )
        return _Verdict("empty", NOTHING_READ, decision)

    async def _ask_model(self, config: SensorConfig) -> Generation:
        messages = [
            Message.system(SENSOR_INSTRUCTIONS),
            Message.user(config.context),
            *(Message(m.role, m.content) for m in config.messages),
        ]
        self.model_calls += 1
        try:
            previous = self.store.state.workspace.previous_state if self.store else None
            output = reply_model(previous, self.schema)
            completion = await self.model.complete(
                messages, output=output, max_tokens=self.max_tokens
            )
        except EXPECTED_ERRORS as error:
            self.model_failure = classify_error(error)
            return Generation(json.dumps({"action": "finish", "payload": {}}))
        usage = completion.usage
        return Generation(
            completion.parsed.model_dump_json(by_alias=True, exclude_unset=True),
            usage={
                "model_calls": usage.requests,
                "prompt_tokens": usage.prompt_tokens,
                "completion_tokens": usage.completion_tokens,
                "cached_tokens": usage.cached_tokens,
                "model_s": round(completion.latency_s, 3),
            },
        )


def shortened_quote(quote: str) -> str:
    """A reading's quote cut to the report's quote limit at a word (a prefix is still verbatim:
    a free slot's quote goes on with the times it lists)."""
    if len(quote) <= MAX_QUOTE_CHARS:
        return quote
    cut = quote[:MAX_QUOTE_CHARS]
    return cut[: cut.rfind(" ")] if " " in cut else cut


def run_snapshot(workspace: Workspace) -> SourceSnapshot:
    """What the run read so far, with the dated lines of its pages (for later schedules)."""
    today = workspace.now.astimezone(UTC).date()
    lines = page_lines(workspace.pages, workspace.mission, today=today)
    return snapshot_of(
        workspace.pages,
        workspace.failed,
        workspace.hits,
        lines,
        confirmed=workspace.confirmed,
        named=workspace.named,
        now=workspace.now,
    )
