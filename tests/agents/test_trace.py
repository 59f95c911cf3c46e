"""Trace: a list of step records and live streams for any number of consumers."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from sentinel.agents import Trace, TraceRecord


def record(step: int, agent: str = "worker") -> TraceRecord:
    return TraceRecord(
        agent=agent,
        activation=1,
        step=step,
        action="add_note",
        result="ok",
        started_at=datetime.now(UTC),
        duration_s=0.0,
    )


def test_trace_reads_like_a_list():
    trace = Trace()
    trace.append(record(1))
    trace.append(record(1, agent="helper"))
    assert len(trace) == 2
    assert trace[0].agent == "worker"
    assert [r.agent for r in trace[-1:]] == ["helper"]
    assert trace.for_agent("helper") == [trace[1]]


async def test_every_stream_sees_every_record_and_ends_on_close():
    trace = Trace()

    async def consume() -> list[int]:
        return [r.step async for r in trace.stream()]

    consumers = [asyncio.create_task(consume()) for _ in range(3)]
    await asyncio.sleep(0)  # let the consumers start waiting
    for step in (1, 2, 3):
        trace.append(record(step))
        await asyncio.sleep(0)
    trace.close()
    assert await asyncio.gather(*consumers) == [[1, 2, 3]] * 3


async def test_a_stream_starts_now_unless_asked_to_replay():
    trace = Trace()
    trace.append(record(1))
    live, replayed = trace.stream(), trace.stream(replay=True)
    trace.append(record(2))
    trace.close()
    assert [r.step async for r in live] == [2]
    assert [r.step async for r in replayed] == [1, 2]


async def test_a_stream_opened_after_close_replays_and_ends():
    trace = Trace()
    trace.append(record(1))
    trace.close()
    assert [r.step async for r in trace.stream(replay=True)] == [1]
    with pytest.raises(RuntimeError, match="trace is closed"):
        trace.append(record(2))


def test_a_dropped_stream_is_forgotten():
    trace = Trace()
    stream = trace.stream()
    assert len(trace._streams) == 1
    del stream
    assert len(trace._streams) == 0
