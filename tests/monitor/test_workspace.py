"""The run's store: the sensor's actions and their limits, the actuator's notify."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from sentinel.agents import Agent, AgentState
from sentinel.errors import InvalidInput
from sentinel.monitor.workspace import (
    SENSOR,
    SENSOR_ACTIONS,
    MisplacedFields,
    QuoteRef,
    RunAgents,
    RunState,
    SensorConfig,
    Workspace,
    build_run_store,
    lift_misplaced_fields,
)
from sentinel.store import Store
from tests.monitor.pipeline_fixtures import Sim

NEWSROOM = "http://www.apple.example/newsroom/iphone-17"


@pytest.fixture
async def sim() -> AsyncIterator[Sim]:
    world = Sim.of("iphone-release", start=datetime(2025, 9, 10, tzinfo=UTC))
    yield world
    await world.close()


def store_for(sim: Sim, *, max_fetches: int = 2, cited: tuple[str, ...] = ()) -> Store[RunState]:
    async def never(config: SensorConfig) -> str:
        raise AssertionError("no model in these tests")

    agent = Agent(SENSOR, actions=SENSOR_ACTIONS, config=SensorConfig(), generate=never)
    workspace = Workspace(
        mission=sim.scenario.mission,
        query=sim.scenario.mission,
        now=sim.clock.now(),
        run_count=0,
        previous_state=None,
        previous=None,
        cited=cited,
        max_fetches=max_fetches,
        num_results=8,
    )
    initial = RunState(RunAgents(AgentState.for_agent(agent)), workspace)
    return build_run_store(initial, sim.search, sim.fetcher)


async def test_fetch_reads_only_pages_search_returned(sim: Sim) -> None:
    store = store_for(sim)
    with pytest.raises(InvalidInput, match="neither a search hit"):
        await store.dispatch_async("fetch", url=NEWSROOM)

    await store.dispatch_async("search", query="iPhone 17 Apple newsroom")
    await store.dispatch_async("fetch", url=NEWSROOM)

    assert NEWSROOM in store.state.workspace.pages


async def test_spending_the_page_budget_withdraws_search_and_fetch(sim: Sim) -> None:
    store = store_for(sim, max_fetches=1)
    await store.dispatch_async("search", query="iPhone 17")

    await store.dispatch_async("fetch", url=store.state.workspace.hits[0].url)

    available = store.state.agents.sensor.currently_available_actions
    assert "fetch" not in available
    assert "search" not in available
    assert "report_state" in available
    with pytest.raises(InvalidInput, match="budget"):
        await store.dispatch_async("fetch", url=store.state.workspace.hits[1].url)


async def test_an_unreachable_page_is_recorded_not_raised(sim: Sim) -> None:
    store = store_for(sim, cited=("http://www.apple.example/no-such-page",))

    await store.dispatch_async("fetch", url="http://www.apple.example/no-such-page")

    failure = store.state.workspace.failed["http://www.apple.example/no-such-page"]
    assert failure.category == "provider"
    assert "HTTP 404" in failure.message


async def test_report_state_ends_the_turn_and_keeps_only_quotes_found_on_the_pages(
    sim: Sim,
) -> None:
    store = store_for(sim)
    await store.dispatch_async("search", query="iPhone 17 Apple newsroom")
    await store.dispatch_async("fetch", url=NEWSROOM)

    store.dispatch(
        "report_state",
        updated_state={"announced": True},
        evidence=[
            QuoteRef(page=1, quote="Apple today announced iPhone 17"),
            QuoteRef(page=7, quote="Apple today announced iPhone 17"),
        ],
    )

    report = store.state.workspace.report
    assert report is not None
    assert [e.url for e in report.output.evidence] == [NEWSROOM]
    assert report.dropped_evidence == ("'Apple today announced iPhone 17': there is no page 7",)
    assert store.state.agents.sensor.should_act is False


async def test_report_fields_nested_in_the_state_are_lifted_out_of_it(sim: Sim) -> None:
    store = store_for(sim)
    await store.dispatch_async("search", query="iPhone 17 Apple newsroom")
    await store.dispatch_async("fetch", url=NEWSROOM)

    store.dispatch(
        "report_state",
        updated_state={
            "announced": True,
            "evidence": [{"page": 1, "quote": "Apple today announced iPhone 17"}, "a stray"],
            "volatility_hint": "days",
            "query_update": None,
        },
    )

    report = store.state.workspace.report
    assert report is not None
    assert report.output.updated_state == {"announced": True}
    assert [(e.url, e.quote) for e in report.output.evidence] == [
        (NEWSROOM, "Apple today announced iPhone 17")
    ]
    assert report.output.volatility_hint == "days"
    assert report.dropped_evidence == ("'a stray': not a {page, quote} object",)


def test_lifting_leaves_a_state_without_report_fields_as_it_is() -> None:
    state = {"price_usd": 279.99, "in_stock": True}

    clean, lifted = lift_misplaced_fields(state)

    assert clean is state
    assert lifted == MisplacedFields()


def test_notify_records_the_notification_for_the_actuator(sim: Sim) -> None:
    store = store_for(sim)

    store.dispatch("notify", title="iPhone 17", message="It is out.")

    assert store.state.workspace.notification is not None
    assert store.state.workspace.notification.message == "It is out."


async def test_a_reported_value_whose_quote_is_wrong_gets_the_page_line_that_states_it(
    sim: Sim,
) -> None:
    store = store_for(sim)
    await store.dispatch_async("search", query="iPhone 17 Apple newsroom")
    await store.dispatch_async("fetch", url=NEWSROOM)

    store.dispatch(
        "report_state",
        updated_state={"starting_price_usd": 799},
        evidence=[QuoteRef(page=1, quote="iPhone 17 costs seven hundred dollars")],
    )

    report = store.state.workspace.report
    assert report is not None
    assert len(report.dropped_evidence) == 1
    [located] = report.output.evidence
    assert located.url == NEWSROOM
    assert "799" in located.quote
    assert report.located == (f"{located.quote[:60]!r} ({NEWSROOM})",)
