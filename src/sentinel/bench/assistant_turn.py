"""The assistant's chat turn: what the framework costs, what a real model costs, and what
parallel actions save.

- Framework overhead: whole turns (memories → persona → reason → plan → act → answer →
  suggestions → receipt) on the scripted model, which answers instantly, over a SQLite
  database in a temporary folder (BM25 memories: the embedding model's cost is the memory
  benchmark's). Two plans: nothing to do (``DONE``), and three read actions in parallel.
  Reported as p50 / p95 / mean milliseconds per turn.
- Embedded model: the fixed set of chat tasks (``assistant_tasks.TASKS``, one conversation)
  on the local llama.cpp model (default qwen2.5-coder-0.5b, the default settings: 3 rounds at
  most), per turn: seconds to the first ``content`` event and to ``done``, model calls,
  tokens, task success; and their p50s.
- Sequential vs parallel: the same 3-action plan run by the runtime one at a time and
  concurrently, side by side in this process, repeated; reported as medians and their ratio.
  Two plans: three database reads (SEARCH_MEMORIES, LIST_TASKS, QUERY_STATE on SQLite), and
  three RESEARCH actions whose runner waits like a remote call (``--remote-ms``, default 100).
"""

from __future__ import annotations

import asyncio
import dataclasses
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
from sentinel.assistant.chat.schemas import PlannedAction
from sentinel.assistant.chat.settings import ChatSettings
from sentinel.bench.assistant_cli import (
    CliTurn,
    Mode,
    cli_json,
    cli_modes,
    cli_table,
    run_cli_tasks,
)
from sentinel.bench.assistant_memory import _commit
from sentinel.bench.assistant_tasks import TaskTurn, run_tasks, summary
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
    embedded: list[TaskTurn]
    plans: list[PlanComparison]
    model: str | None = None
    threads: int | None = None
    threads_from: str = "--threads"
    """What chose ``threads``: the option, or the idle cores when the model loaded."""
    cli: dict[str, list[CliTurn]] = dataclasses.field(default_factory=dict)
    """Turns through the real CLI, a new process each (``assistant_cli``), by mode."""

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
            "load_average": _load(),
            "scripted": [asdict(x) for x in self.scripted],
            "embedded": {
                "model": self.model,
                "threads": self.threads,
                "threads_from": self.threads_from,
                "summary": summary(self.embedded),
                "turns": [t.row() for t in self.embedded],
            },
            "cli": {mode: cli_json(turns) for mode, turns in self.cli.items()},
            "plans": [{**asdict(x), "speedup": round(x.speedup, 2)} for x in self.plans],
        }


def _load() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:  # pragma: no cover - platforms without it
        return None


def scripted_model(plan: list[PlannedAction]) -> ScriptedModel:
    """A model that answers at once: a decision (persona, ``plan`` then DONE, two
    suggestions), and the answer."""
    steps = [step.model_dump() for step in plan] + [{"action": "DONE", "parameters": {}}]
    decision = {
        "persona": "MENTOR",
        "confidence": 0.9,
        "reasoning": "a lookup",
        "actions": steps,
        "suggestions": ["Call Ana?", "Plan the week?"],
    }

    def reply(request: ScriptedRequest) -> Any:
        if request.output is None:
            return "Ana lives in Porto; you have two open tasks." if request.streamed else "ok"
        return decision

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
    remote_ms: float = 100.0,
    write: Callable[[TurnBenchResult], None] | None = None,
) -> TurnBenchResult:
    """Measure; ``model`` (the embedded one, say) adds the fixed set's rows (``write`` sees
    the result so far after every one of them)."""
    with tempfile.TemporaryDirectory(prefix="sentinel-bench-turn-") as folder:
        db = await open_database(sqlite_url(Path(folder) / "bench.db"))
        try:
            return await _measure(db, turns, repeats, model, remote_ms, write)
        finally:
            await db.close()


async def _measure(
    db: Database,
    turns: int,
    repeats: int,
    model: LanguageModel | None,
    remote_ms: float,
    write: Callable[[TurnBenchResult], None] | None,
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
    plans_done = await _plans(busy, remote_ms, repeats)
    name = model.name if model else None

    def partial(rows: list[TaskTurn]) -> None:
        if write is not None:
            write(TurnBenchResult(scripted, list(rows), plans_done, name))

    embedded: list[TaskTurn] = []
    if model is not None:
        embedded = await run_tasks(deps_for(model), write=partial)
    return TurnBenchResult(scripted, embedded, plans_done, name)


async def _plans(busy: ChatDeps, remote_ms: float, repeats: int) -> list[PlanComparison]:
    research = [
        PlannedAction(action="RESEARCH", parameters={"question": f"question {i}"}) for i in range(3)
    ]
    return [
        await _compare(busy, "3 database reads (SQLite)", READS, repeats),
        await _compare(busy, f"3 RESEARCH, {remote_ms:g} ms remote each", research, repeats),
    ]


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
        console.print(_tasks_table(result))
    for mode, turns in result.cli.items():
        console.print(cli_table(mode, turns, result.model, result.threads))
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


def _tasks_table(result: TurnBenchResult) -> Table:
    real = Table(
        "query",
        "first content s",
        "turn s",
        "calls",
        "prompt tok (cached)",
        "completion tok",
        "rounds",
        "success",
        title=f"Chat turns, {result.model} ({result.threads or 'all'} threads), fixed set",
    )
    for turn in result.embedded:
        real.add_row(
            turn.query[:48],
            "-" if turn.first_content_s is None else f"{turn.first_content_s}",
            f"{turn.turn_s}",
            str(turn.model_calls),
            f"{turn.prompt_tokens} ({turn.cached_tokens})",
            str(turn.completion_tokens),
            str(turn.iterations),
            "yes" if turn.success else "no",
        )
    return real


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
    remote_ms: Annotated[
        float, typer.Option(help="Latency of the remote RESEARCH runner, ms.", min=0)
    ] = 100.0,
    threads: Annotated[
        int | None, typer.Option(help="llama.cpp threads (1 is best on a busy machine).", min=1)
    ] = None,
    cli: Annotated[
        str,
        typer.Option(
            help="The fixed set through the real CLI, a new `sentinel chat` process a turn: "
            "server, in-process, both (comma-separated) or none."
        ),
    ] = "server,in-process",
) -> None:
    """Chat turn latency: framework overhead on the scripted model (p50/p95), a turn on the
    embedded model (in one process, and each turn a new `sentinel chat` process), and a
    3-action plan run sequentially vs in parallel."""
    from sentinel.llm import LocalModel, RuntimeOptions, allow_real_models
    from sentinel.llm.local import LoadedModel

    options = RuntimeOptions(threads=threads)
    chosen = None if model in (None, "none") else LocalModel(model, options=options)
    modes = cli_modes(cli) if chosen is not None else []

    def save(result: TurnBenchResult) -> None:
        if output is not None:
            output.write_text(json.dumps(result.to_json(), indent=2) + "\n", encoding="utf-8")

    def partial(result: TurnBenchResult) -> None:  # a run stopped early keeps its turns
        save(dataclasses.replace(result, threads=threads))

    async def main() -> TurnBenchResult:
        with allow_real_models():
            return await run_turn_benchmark(
                turns=turns, repeats=repeats, model=chosen, remote_ms=remote_ms, write=partial
            )

    result = dataclasses.replace(asyncio.run(main()), threads=threads)
    loaded = chosen.load_sync() if threads is None and chosen is not None else None
    if isinstance(loaded, LoadedModel):  # the model is loaded already: this is no load
        result = dataclasses.replace(result, threads=loaded.threads, threads_from="idle cores")
    for mode in modes:
        assert model is not None

        def cold(turns: list[CliTurn], mode: Mode = mode, so_far: TurnBenchResult = result) -> None:
            save(dataclasses.replace(so_far, cli={**so_far.cli, mode: list(turns)}))

        cold_turns = run_cli_tasks(mode, model=model, threads=threads, write=cold)
        result = dataclasses.replace(result, cli={**result.cli, mode: cold_turns})
    render_turn_benchmark(result, Console())
    save(result)
