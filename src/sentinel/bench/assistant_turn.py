"""The assistant's chat turn: what the framework costs, what a real model costs, and what
parallel actions save.

- Framework overhead: whole turns (memories → persona → reason → plan → act → answer →
  suggestions → receipt) on the scripted model, which answers instantly, over a SQLite
  database in a temporary folder (BM25 memories: the embedding model's cost is the memory
  benchmark's). Two plans: nothing to do (``DONE``), and three read actions in parallel.
  Reported as p50 / p95 / mean milliseconds per turn.
- Embedded model: whole turns on the local llama.cpp model (default qwen2.5-coder-0.5b, one
  iteration, short budgets), wall time, model calls and tokens.
- Sequential vs parallel: the same 3-action plan run by the runtime one at a time and
  concurrently, side by side in this process, repeated; reported as medians and their ratio.
  Two plans: three database reads (SEARCH_MEMORIES, LIST_TASKS, QUERY_STATE on SQLite), and
  three RESEARCH actions whose runner waits like a remote call (``--remote-ms``, default 100).
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from sentinel.assistant.chat.actions import UsageMeter
from sentinel.assistant.chat.deps import ChatDeps
from sentinel.assistant.chat.events import ChatMessage, ChatRequest
from sentinel.assistant.chat.flow import stream_turn
from sentinel.assistant.chat.schemas import (
    ActionPlan,
    PersonaChoice,
    PlannedAction,
    Reflection,
    Suggestions,
)
from sentinel.assistant.chat.settings import ChatSettings
from sentinel.bench.assistant_memory import _commit
from sentinel.llm import LanguageModel, ScriptedModel, ScriptedRequest
from sentinel.storage import Database, open_database
from sentinel.storage.settings import sqlite_url

OWNER = "bench"
QUESTION = "What do I know about Ana, and what are my open tasks?"
READS = [
    PlannedAction(action="SEARCH_MEMORIES", parameters={"query": "Ana"}),
    PlannedAction(action="LIST_TASKS", parameters={"status": "open"}),
    PlannedAction(action="QUERY_STATE", parameters={"sql": "SELECT name, state FROM monitors"}),
]


@dataclass(frozen=True, slots=True)
class Latency:
    """Milliseconds per turn (or per plan) over ``runs`` runs."""

    name: str
    runs: int
    p50_ms: float
    p95_ms: float
    mean_ms: float


@dataclass(frozen=True, slots=True)
class ModelTurn:
    """One turn on a real model."""

    model: str
    wall_s: float
    model_calls: int
    prompt_tokens: int
    completion_tokens: int
    iterations: int
    errors: list[str]


@dataclass(frozen=True, slots=True)
class PlanComparison:
    """The same plan run one at a time and concurrently."""

    plan: str
    repeats: int
    sequential_ms: float
    parallel_ms: float

    @property
    def speedup(self) -> float:
        """Sequential median over parallel median."""
        return self.sequential_ms / self.parallel_ms if self.parallel_ms > 0 else 0.0


@dataclass(frozen=True, slots=True)
class TurnBenchResult:
    """The whole run."""

    scripted: list[Latency]
    embedded: list[ModelTurn]
    plans: list[PlanComparison]

    def to_json(self) -> dict[str, object]:
        """The result with its metadata (what docs/benchmarks/assistant-turn.json holds)."""
        return {
            "benchmark": "assistant-turn",
            "at": datetime.now(UTC).isoformat(timespec="seconds"),
            "commit": _commit(),
            "machine": {
                "platform": platform.platform(),
                "cpus": os.cpu_count(),
                "python": platform.python_version(),
            },
            "scripted": [asdict(x) for x in self.scripted],
            "embedded": [asdict(x) for x in self.embedded],
            "plans": [{**asdict(x), "speedup": round(x.speedup, 2)} for x in self.plans],
        }


def scripted_model(plan: list[PlannedAction]) -> ScriptedModel:
    """A model that answers every step at once: the persona, ``plan``, done, two suggestions."""
    answers: dict[Any, Any] = {
        PersonaChoice: {"selected_mode": "MENTOR", "confidence": 0.9, "reasoning": "a lookup"},
        ActionPlan: {"actions": [step.model_dump() for step in plan]},
        Reflection: {"needs_more": False, "reason": "enough"},
        Suggestions: {"suggestions": ["Call Ana?", "Plan the week?"]},
    }

    def reply(request: ScriptedRequest) -> Any:
        if request.output is None:
            return "Ana lives in Porto; you have two open tasks." if request.streamed else "ok"
        return answers[request.output]

    return ScriptedModel(reply)


async def _seed(deps: ChatDeps) -> None:
    for i in range(50):
        await deps.memories.create(OWNER, f"Note {i}: Ana mentioned topic {i} on day {i % 7}")
    for title in ("Call Ana", "Book the Porto trip"):
        await deps.tasks.create(OWNER, title)


async def _turn(deps: ChatDeps, text: str = QUESTION, max_iterations: int = 3) -> list[str]:
    request = ChatRequest(
        messages=[ChatMessage(role="user", content=text)], max_iterations=max_iterations
    )
    return [e.event async for e in stream_turn(request, owner=OWNER, deps=deps)]


def _latency(name: str, samples: list[float]) -> Latency:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return Latency(
        name,
        len(samples),
        round(statistics.median(ordered) * 1000, 2),
        round(p95 * 1000, 2),
        round(statistics.fmean(ordered) * 1000, 2),
    )


async def _timed(run: Callable[[], Awaitable[object]], times: int) -> list[float]:
    samples = []
    for _ in range(times):
        started = time.perf_counter()
        await run()
        samples.append(time.perf_counter() - started)
    return samples


async def run_turn_benchmark(
    *,
    turns: int = 200,
    repeats: int = 30,
    model: LanguageModel | None = None,
    model_turns: int = 1,
    remote_ms: float = 100.0,
) -> TurnBenchResult:
    """Measure; ``model`` (the embedded one, say) adds the real-model rows."""
    with tempfile.TemporaryDirectory(prefix="sentinel-bench-turn-") as folder:
        db = await open_database(sqlite_url(Path(folder) / "bench.db"))
        try:
            return await _measure(db, turns, repeats, model, model_turns, remote_ms)
        finally:
            await db.close()


async def _measure(
    db: Database,
    turns: int,
    repeats: int,
    model: LanguageModel | None,
    model_turns: int,
    remote_ms: float,
) -> TurnBenchResult:
    async def remote_research(question: str) -> dict[str, Any]:
        await asyncio.sleep(remote_ms / 1000)
        return {"question": question, "report": {}, "iterations": 1}

    def deps_for(chat_model: LanguageModel, **settings: Any) -> ChatDeps:
        return ChatDeps.open(
            db,
            model=chat_model,
            settings=ChatSettings(**settings),
            embedder=None,
            research=remote_research,
        )

    done = [PlannedAction(action="DONE")]
    quiet = deps_for(scripted_model(done))
    await _seed(quiet)
    busy = deps_for(scripted_model(READS))
    await _turn(quiet), await _turn(busy)  # warm the memory index and the code paths
    scripted = [
        _latency("turn, plan DONE", await _timed(lambda: _turn(quiet), turns)),
        _latency("turn, 3 read actions in parallel", await _timed(lambda: _turn(busy), turns)),
    ]
    embedded = []
    if model is not None:
        real = deps_for(model, reasoning_tokens=64, answer_tokens=96, structured_tokens=256)
        for _ in range(model_turns):
            embedded.append(await _model_turn(real))
    research = [
        PlannedAction(action="RESEARCH", parameters={"question": f"question {i}"}) for i in range(3)
    ]
    plans = [
        await _compare(busy, "3 database reads (SQLite)", READS, repeats),
        await _compare(busy, f"3 RESEARCH, {remote_ms:g} ms remote each", research, repeats),
    ]
    return TurnBenchResult(scripted, embedded, plans)


async def _model_turn(deps: ChatDeps) -> ModelTurn:
    from sentinel.llm import UsageTracker

    started = time.perf_counter()
    request = ChatRequest(messages=[ChatMessage(role="user", content=QUESTION)], max_iterations=1)
    errors: list[str] = []
    iterations = 0
    with UsageTracker() as usage:
        async for event in stream_turn(request, owner=OWNER, deps=deps):
            if event.event == "error":
                errors.append(f"{event.data['stage']}: {event.data['error'][:120]}")
            if event.event == "done":
                iterations = int(event.data["iterations"])
    total = usage.total
    return ModelTurn(
        deps.model.name,
        round(time.perf_counter() - started, 2),
        total.requests,
        total.prompt_tokens,
        total.completion_tokens,
        iterations,
        errors,
    )


async def _compare(
    deps: ChatDeps, name: str, plan: list[PlannedAction], repeats: int
) -> PlanComparison:
    runtime = deps.runtime

    async def once(parallel: bool) -> None:
        turn = runtime.open(OWNER, UsageMeter())
        try:
            outcomes = await runtime.run_plan(turn, plan, parallel=parallel)
        finally:
            runtime.close(turn)
        failed = [o.error for o in outcomes if not o.ok]
        if failed:
            raise RuntimeError(f"benchmark plan failed: {failed}")

    sequential: list[float] = []
    parallel: list[float] = []
    for _ in range(repeats):  # interleaved, so drift hits both alike
        sequential += await _timed(lambda: once(False), 1)
        parallel += await _timed(lambda: once(True), 1)
    return PlanComparison(
        name,
        repeats,
        round(statistics.median(sequential) * 1000, 2),
        round(statistics.median(parallel) * 1000, 2),
    )


def render_turn_benchmark(result: TurnBenchResult, console: Console) -> None:
    """Print the three tables."""
    overhead = Table(
        "turn", "runs", "p50 ms", "p95 ms", "mean ms", title="Turn latency, scripted model"
    )
    for row in result.scripted:
        overhead.add_row(
            row.name, str(row.runs), f"{row.p50_ms}", f"{row.p95_ms}", f"{row.mean_ms}"
        )
    console.print(overhead)
    if result.embedded:
        real = Table(
            "model",
            "wall s",
            "calls",
            "prompt tok",
            "completion tok",
            "errors",
            title="Turn latency, embedded model (1 iteration)",
        )
        for turn in result.embedded:
            real.add_row(
                turn.model,
                f"{turn.wall_s}",
                str(turn.model_calls),
                str(turn.prompt_tokens),
                str(turn.completion_tokens),
                "; ".join(turn.errors) or "-",
            )
        console.print(real)
    plans = Table(
        "plan",
        "repeats",
        "sequential ms",
        "parallel ms",
        "speed-up",
        title="3-action plan: sequential vs parallel (medians, same process)",
    )
    for plan in result.plans:
        plans.add_row(
            plan.plan,
            str(plan.repeats),
            f"{plan.sequential_ms}",
            f"{plan.parallel_ms}",
            f"{plan.speedup:.2f}x",
        )
    console.print(plans)


def turn_command(
    output: Annotated[
        Path | None, typer.Option("--json", help="Also write the result as JSON to this file.")
    ] = None,
    turns: Annotated[int, typer.Option(help="Scripted turns per plan.", min=1)] = 200,
    repeats: Annotated[int, typer.Option(help="Runs of each plan, each way.", min=1)] = 30,
    model: Annotated[
        str | None,
        typer.Option(help="Local model for the real-model rows ('none' to skip)."),
    ] = "qwen2.5-coder-0.5b",
    model_turns: Annotated[int, typer.Option(help="Turns on the real model.", min=1)] = 1,
    remote_ms: Annotated[
        float, typer.Option(help="Latency of the remote RESEARCH runner, ms.", min=0)
    ] = 100.0,
    threads: Annotated[
        int | None, typer.Option(help="llama.cpp threads (1 is best on a busy machine).", min=1)
    ] = None,
) -> None:
    """Chat turn latency: framework overhead on the scripted model (p50/p95), a turn on the
    embedded model, and a 3-action plan run sequentially vs in parallel."""
    from sentinel.llm import LocalModel, RuntimeOptions, allow_real_models

    options = RuntimeOptions(threads=threads)
    chosen = None if model in (None, "none") else LocalModel(model, options=options)

    async def main() -> TurnBenchResult:
        with allow_real_models():
            return await run_turn_benchmark(
                turns=turns,
                repeats=repeats,
                model=chosen,
                model_turns=model_turns,
                remote_ms=remote_ms,
            )

    result = asyncio.run(main())
    render_turn_benchmark(result, Console())
    if output is not None:
        output.write_text(json.dumps(result.to_json(), indent=2) + "\n", encoding="utf-8")
