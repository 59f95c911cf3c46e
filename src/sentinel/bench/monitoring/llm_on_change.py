"""``llm-on-change-<interval>``: a fixed-interval diff that asks a model only when a page changed.

How changedetection.io's AI rules work: the watches and the comparison of
:mod:`sentinel.bench.monitoring.diff_fixed` (every watched URL fetched at a fixed interval, the
page's whole visible text compared with the last snapshot after collapsing whitespace), but a
change does not notify by itself: the pages that changed at this check (up to
:data:`~sentinel.bench.monitoring.llm_fixed.MAX_PAGES`, in watch order) go to a model with the
condition, and only its "met" notifies. Notification follows ``llm-fixed``: with ``notify:
once`` the first "met" notifies and the monitor stops; with ``always`` a "met" notifies unless
its facts equal those of the previous "met", and a "not met" resets that memory.

The model is asked at no other time, so it costs nothing on a quiet page — and once per check
on a page whose furniture (ads, relative times) changes at every fetch, as a user who set no
filter would see. The first fetch of a watch is its baseline. In oracle-facts mode the judge
is the oracle of ``llm-fixed`` (the ground truth of the check's time, quoting the pages shown).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import timedelta

from sentinel.bench.monitoring.diff_fixed import text_hash, watched_urls
from sentinel.bench.monitoring.harness import ScenarioWorld
from sentinel.bench.monitoring.llm_fixed import (
    JUDGE_INSTRUCTIONS,
    JUDGE_MAX_TOKENS,
    MAX_PAGES,
    Judgement,
    answer_key,
    judge_prompt,
    judge_responder,
)
from sentinel.bench.monitoring.oracle_facts import ORACLE_MODEL_NAME
from sentinel.bench.monitoring.policy import (
    BenchContext,
    PolicyResult,
    fixed_rounds,
    fixed_times,
    policy_seed,
)
from sentinel.errors import ModelOutputError, ProviderError
from sentinel.llm import LanguageModel, Message, ScriptedModel
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.sim import Scenario
from sentinel.sim.app import Request
from sentinel.web.extract import extract_html

__all__ = ["LLMOnChangePolicy", "page_record"]


def page_record(url: str, html: bytes, digest: str) -> PageRecord:
    """What the model is shown of a changed page: its main content, as the fetcher extracts
    it."""
    extraction = extract_html(html.decode("utf-8", "replace"), url)
    return PageRecord(
        url=url,
        final_url=url,
        title=extraction.title,
        text=extraction.text,
        fingerprint=digest,
        published=extraction.published,
    )


@dataclass(frozen=True)
class LLMOnChangePolicy:
    """Fixed-interval diff of every watched URL; a model judges only the checks with a change."""

    interval: timedelta
    name: str
    description: str = "fixed interval diff; the model judges only when a page changed"

    async def run(self, scenario: Scenario, ctx: BenchContext) -> PolicyResult:
        """Check every watch at every interval; ask the model when one changed."""
        started = time.perf_counter()
        env = ScenarioWorld.open(scenario, seed=ctx.seed, search=ctx.search)
        judge: LanguageModel
        if ctx.sensor.oracle:
            oracle = ctx.sensor.oracle_for(
                scenario, env.clock, policy_seed(ctx.seed, scenario, self.name)
            )
            judge = ScriptedModel(judge_responder(oracle), name=ORACLE_MODEL_NAME)
        else:
            judge = ctx.sensor.real_model("sensor")
        app = env.world.asgi_app
        result = PolicyResult()
        snapshots: dict[tuple[str, str], str] = {}
        watches = watched_urls(scenario)
        counts = {"fetch_errors": 0, "changed_checks": 0, "model_failures": 0}
        previous: str | None = None
        with result.tracking_usage():
            for moment in fixed_times(scenario, self.interval, seed=ctx.seed):
                env.clock.set(moment)
                result.runs += 1
                changed: list[PageRecord] = []
                for host, path in watches:
                    result.pages += 1
                    response = await app.handle(
                        Request("GET", host, path, {}, {"user-agent": "changedetection.io"})
                    )
                    if response.status != 200 or response.hold:
                        counts["fetch_errors"] += 1
                        continue
                    digest = text_hash(response.body)
                    before = snapshots.get((host, path))
                    snapshots[(host, path)] = digest
                    if before is not None and before != digest:
                        changed.append(page_record(f"http://{host}{path}", response.body, digest))
                if not changed:
                    continue
                counts["changed_checks"] += 1
                try:
                    completion = await judge.complete(
                        [
                            Message.system(JUDGE_INSTRUCTIONS),
                            Message.user(judge_prompt(scenario, moment, changed[:MAX_PAGES])),
                        ],
                        output=Judgement,
                        max_tokens=JUDGE_MAX_TOKENS,
                    )
                except (ProviderError, ModelOutputError) as error:
                    counts["model_failures"] += 1
                    result.record(moment, f"model failed: {error}")
                    continue
                judgement: Judgement = completion.parsed
                if not judgement.condition_met:
                    previous = None
                    continue
                key = answer_key(judgement)
                if key != previous:
                    result.notifications.append(moment)
                    result.record(moment, f"notified: {judgement.answer or judgement.facts}")
                previous = key
                if scenario.notify == "once":
                    break
        await env.aclose()
        result.notes.update(counts)
        result.notes["watches"] = len(watches)
        result.wall_s = time.perf_counter() - started
        return result

    def cost_hint(self, scenario: Scenario) -> float:
        """Checks times watches, and a model call now and then."""
        return fixed_rounds(scenario, self.interval) * len(watched_urls(scenario)) * 2
