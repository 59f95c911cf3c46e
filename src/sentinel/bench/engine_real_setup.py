"""The setup of ``sentinel bench engine --runner real``: the world, the worker's settings, the
monitors.

:func:`loopback_world` starts the world (:mod:`sentinel.bench.engine_real_world`: the pages and
the stand-in model) in a child process, :func:`worker_environment` sets the variables a
``sentinel worker`` would be started with for it, and :func:`create_monitors` stores the
monitors in bulk, each naming its page on the world: half decide by a rule
(``changed(price_usd)``), half by the model, half notify once and half always, each with one
webhook channel. The measured sample (:func:`sample_of`) holds the four kinds in equal shares
(:func:`kind_of`). The measuring is :mod:`sentinel.bench.engine_real`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sentinel.bench.engine_scale import IDLE_FOR
from sentinel.clock import SystemClock
from sentinel.errors import InvalidInput
from sentinel.storage import Database, GovernorKind, NewMonitor, NotifyBehavior

CREATE_CHUNK = 5000
RULE = "changed(price_usd)"
WEBHOOK = {"kind": "webhook", "url": "http://127.0.0.1:9/hook", "timeout_s": 10.0}


@contextmanager
def loopback_world() -> Iterator[str]:
    """The world's server in a child process; yields its base URL (``http://127.0.0.1:P``)."""
    child = subprocess.Popen(
        [sys.executable, "-m", "sentinel.bench.engine_real_world"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    try:
        assert child.stdout is not None
        line = child.stdout.readline().decode().strip()
        if not line.isdigit():
            raise InvalidInput("bench world", line, "did not start (no port printed)")
        yield f"http://127.0.0.1:{line}"
    finally:
        assert child.stdin is not None
        child.stdin.close()
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        if child.stdout is not None:
            child.stdout.close()


@contextmanager
def worker_environment(base: str, folder: Path) -> Iterator[None]:
    """The variables a ``sentinel worker`` would be started with for this world."""
    wanted = {
        "SENTINEL_LLM": "openai",
        "SENTINEL_LLM_BASE_URL": f"{base}/v1",
        "SENTINEL_LLM_API_KEY": "bench",
        "SENTINEL_LLM_MODEL": "bench-stand-in",
        "SENTINEL_SEARCH": "local",
        "SENTINEL_SEARCH_FOLDER": str(folder),
        "SENTINEL_FETCH_ALLOW_HOSTS": "127.0.0.1",
    }
    saved = {key: os.environ.get(key) for key in wanted}
    os.environ.update(wanted)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def sample_of(monitors: int, runs: int) -> list[int]:
    """The indices of the ``runs`` monitors run, spread evenly over the ``monitors``."""
    count = min(runs, monitors)
    return [index * monitors // count for index in range(count)]


def kind_of(index: int, sample: dict[int, int]) -> int:
    """0–3: rules or model governor, notify once or always (:func:`create_monitors`). A
    sampled monitor takes its kind from its rank in the sample, so the sample holds the four
    kinds in equal shares whatever its stride."""
    return sample.get(index, index) % 4


async def create_monitors(
    db: Database, count: int, base: str, sample: list[int] | None = None
) -> list[int]:
    """``count`` monitors each naming its page (see the module documentation), idle for a
    month, created in bulk in one transaction; the ``sample`` (indices) has the four kinds in
    equal shares."""
    ranks = {index: rank for rank, index in enumerate(sample or [])}
    clock = SystemClock()
    due = clock.now() + IDLE_FOR
    stamp = f"{time.time_ns():x}"
    ids: list[int] = []
    async with db.transaction() as tx:
        for start in range(0, count, CREATE_CHUNK):
            news = [
                NewMonitor(
                    name=f"real-{stamp}-{index}",
                    original_query=f"Tell me when the price of widget {index} changes",
                    action_criteria="the price changed",
                    notify_behavior=(
                        NotifyBehavior.ONCE if kind_of(index, ranks) < 2 else NotifyBehavior.ALWAYS
                    ),
                    governor_kind=(
                        GovernorKind.RULES if kind_of(index, ranks) % 2 == 0 else GovernorKind.LLM
                    ),
                    governor_rules=RULE if kind_of(index, ranks) % 2 == 0 else None,
                    channels=[WEBHOOK],
                    urls=[f"{base}/p/{index}"],
                    fields=[{"name": "price_usd", "type": "number"}],
                    min_interval_s=300,
                    first_run_at=due,
                )
                for index in range(start, min(count, start + CREATE_CHUNK))
            ]
            ids += await tx.monitors.create_many(news, now=clock.now())
    return ids
