"""End to end inside simulated worlds: the real SearXNG adapter and fetcher on the world's
in-process transport, scripted models, ground truth from the scenario."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from sentinel.clock import VirtualClock
from sentinel.research import (
    ReportDraft,
    ResearchModels,
    ResearchSettings,
    ResearchTools,
    citations_valid,
    extractive_model,
    run_research,
)
from sentinel.research.citations import report_text
from sentinel.sim import World, load_bundled
from tests.research.conftest import NodeScript, decision, draft, plan


@pytest.fixture
def fast() -> ResearchSettings:
    """Quick retries and no rate limits, as the package's ``fast``, but timeouts no busy
    machine reaches: nothing here tests a timeout, and the world answers in-process, so a
    wall-clock limit could only make a slow machine read fewer pages (issue 25: at load
    average 10 the extractive run read 1 page of 2 within its 10 s)."""
    return ResearchSettings(
        retry_base_delay_s=0.0,
        search_rate_per_s=None,
        analyze_when_covered=True,  # these tests follow the analyzer's decisions
        plan_with_model=True,  # and the planner's
        search_timeout_s=600,
        model_timeout_s=600,
        run_timeout_s=3600,
    )


def world_at(scenario_id: str, at: datetime | None = None) -> tuple[World, VirtualClock]:
    scenario = load_bundled(scenario_id)
    clock = VirtualClock(at or scenario.end)
    return World.from_scenario(scenario, clock), clock


def world_tools(world: World, clock: VirtualClock) -> ResearchTools:
    return ResearchTools.searxng_over(
        world.search_url, world.transport(), hosts=world.hosts, clock=clock.now
    )


async def test_the_extractive_baseline_writes_a_cited_report_from_the_world(
    fast: ResearchSettings,
) -> None:
    world, clock = world_at("research-power-bank-recall")
    question = world.scenarios[0].mission

    async with world_tools(world, clock) as tools:
        result = await run_research(
            question, tools, ResearchModels.single(extractive_model()), settings=fast
        )

    report = result.report
    assert citations_valid(report, result.retrieved)
    assert {s.url.split("/")[2] for s in report.sources} <= world.site_hosts
    assert len(result.domains) >= 2
    text = report_text(report)
    assert "VX-30" in text
    assert "refund" in text
    assert result.pages_read >= 2


async def test_a_scripted_run_loops_reads_pages_and_cites_them(fast: ResearchSettings) -> None:
    world, clock = world_at("research-chip-plant")
    script = NodeScript(
        plans=[plan("Quantra chip plant Tarrow")],
        decisions=[decision("CONTINUE", "Tarrow council business park"), decision("FINISH")],
        reports=[draft("Quantra invests 2.4 billion euros in Tarrow [1]. The council agrees [2].")],
    )

    async with world_tools(world, clock) as tools:
        result = await run_research(
            "Where will Quantra build its chip plant?", tools, script.models, settings=fast
        )

    assert result.queries == ("Quantra chip plant Tarrow", "Tarrow council business park")
    prompt = script.requests[ReportDraft][0].prompt
    assert "Quantra will invest 2.4 billion euros in a new semiconductor plant" in prompt
    assert all(source.url.startswith("http://www.") for source in result.report.sources)
    assert len(result.report.sources) == 2
    assert citations_valid(result.report, result.retrieved)


async def test_the_world_is_researched_as_it_was_at_the_virtual_time(
    fast: ResearchSettings,
) -> None:
    before_expansion = datetime(2025, 6, 1, tzinfo=UTC)
    world, clock = world_at("research-power-bank-recall", before_expansion)

    async with world_tools(world, clock) as tools:
        result = await run_research(
            "Which Voltix power banks were recalled?",
            tools,
            ResearchModels.single(extractive_model()),
            settings=fast,
        )

    text = report_text(result.report)
    assert "VX-20" in text
    assert "VX-30 power banks" not in text
    assert all("product-safety" not in url for url in result.retrieved)  # published later
