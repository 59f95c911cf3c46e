"""The crash campaign on one database: a real ``sentinel worker`` subprocess (the embedded
engine, ``--lease`` short) killed with SIGKILL once per trial and restarted.

Each trial adds ``monitors`` notify-once monitors (each reads its own page on the bench's
loopback server, asks the bench's scripted model, and notifies its own signature-verifying
webhook), arms one kill point chosen by the seeded RNG — a random moment, the j-th governor
request, or the j-th webhook POST (the request is left unanswered) — kills the running worker
there, starts a new one, and waits until every monitor of the trial has completed and its
delivery is settled (or a bound of several lease periods passes). The last worker is stopped
with SIGTERM; what the receiver got is classified in :mod:`sentinel.bench.crash.report`.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from sentinel.bench.crash.world import CrashWorld, Slot, WorldServer
from sentinel.errors import ConfigError
from sentinel.monitor.models import parse_monitor_spec
from sentinel.monitor.service import new_monitor, spec_input, typed_channels
from sentinel.storage import Database, DeliveryStatus, MonitorState, open_database
from sentinel.storage.settings import sqlite_url

KILL_POINTS = ("moment", "governor", "webhook")
DEFAULT_PG_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"
STARTUP_TIMEOUT_S = 120.0  # importing the stack on a busy 2-core machine takes a while
POLL_S = 0.25
# Runs spread over the trial: the fetcher spaces requests to one host 1 s apart.
MOMENT_S_PER_MONITOR = 1.0


@dataclass(frozen=True)
class CrashOptions:
    """How big a campaign is."""

    trials: int = 20
    monitors: int = 10
    seed: int = 0
    lease_s: float = 4.0
    concurrency: int = 2
    settle_s: float | None = None
    """How long a trial may take after its kill before what is missing counts (default: two
    minutes, ten leases and two seconds a monitor: workers start slowly on a busy machine)."""

    @property
    def settle_timeout_s(self) -> float:
        if self.settle_s is not None:
            return self.settle_s
        return 120.0 + 10 * self.lease_s + 2 * self.monitors


@dataclass
class Trial:
    """One kill: where it was aimed and what it hit."""

    number: int
    point: str
    target: int | float
    """The j-th event of that kind in the trial, or the seconds after the monitors were added."""
    killed_at: str = ""
    """What the kill hit (``governor``, ``webhook``, ``moment``), or ``""`` if it never fired."""
    seconds_to_settle: float | None = None
    monitor_ids: dict[int, int] = field(default_factory=dict)
    """Number within the trial -> monitor id."""


@dataclass(frozen=True)
class MonitorOutcome:
    """What the database says about one monitor at the end of its trial."""

    slot: Slot
    monitor_id: int
    state: str
    leased: bool
    deliveries: tuple[str, ...]
    runs: tuple[str, ...]


@dataclass
class CampaignResult:
    """Everything one database's campaign observed."""

    database: str
    options: CrashOptions
    trials: list[Trial]
    outcomes: list[MonitorOutcome]
    world: CrashWorld
    leases_left: int = 0
    last_worker_exit: int | None = None
    seconds: float = 0.0


# -- the database --------------------------------------------------------------------------


@asynccontextmanager
async def scratch_database(backend: str, folder: Path, pg_server: str) -> AsyncIterator[str]:
    """The URL of a new, migrated database: a SQLite file in ``folder``, or a PostgreSQL
    database on ``pg_server`` created for this campaign and dropped after it."""
    if backend == "sqlite":
        url = sqlite_url(folder / "crash.db")
        await (await open_database(url)).close()
        yield url
        return
    try:
        import asyncpg
    except ImportError:  # pragma: no cover - the postgres extra is missing
        raise ConfigError("--database postgresql needs the postgres extra (asyncpg)") from None
    name = f"sentinel_crash_{os.getpid()}_{time.time_ns():x}"
    try:
        admin = await asyncpg.connect(pg_server, timeout=5)
    except (OSError, asyncpg.PostgresError) as error:
        raise ConfigError(f"PostgreSQL at {pg_server} is unreachable: {error}") from None
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    base = pg_server.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1)
    url = f"{base}/{name}"
    try:
        await (await open_database(url)).close()
        yield url
    finally:
        admin = await asyncpg.connect(pg_server, timeout=5)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()


async def add_monitors(
    db: Database, world: CrashWorld, base: str, trial: int, count: int
) -> dict[int, int]:
    """Trial ``trial``'s monitors, as ``watch add --url PAGE --webhook HOOK`` makes them; their
    secrets go to the receiver. Number within the trial -> monitor id."""
    ids: dict[int, int] = {}
    async with db.transaction() as tx:
        for number in range(count):
            data = spec_input(
                f"Tell me when build {trial}.{number} ships",
                name=f"crash {trial}/{number}",
                criteria="when the build has shipped, with its release code",
                urls=[f"{base}/page/{trial}/{number}"],
            )
            channels = typed_channels(webhook=[f"{base}/hook/{trial}/{number}"])
            new = new_monitor(parse_monitor_spec(data), channels=channels)
            record = await tx.monitors.create(new, now=datetime.now(UTC))
            ids[number] = record.id
            world.secrets[(trial, number)] = await tx.monitors.signing_secret(record.id)
    return ids


async def read_outcomes(db: Database, trial: Trial) -> list[MonitorOutcome]:
    """The trial's monitors as the database has them now."""
    outcomes = []
    async with db.transaction() as tx:
        for number, monitor_id in trial.monitor_ids.items():
            monitor = await tx.monitors.get(monitor_id)
            deliveries = await tx.outbox.find(monitor_id=monitor_id)
            runs = await tx.runs.for_monitor(monitor_id)
            outcomes.append(
                MonitorOutcome(
                    slot=(trial.number, number),
                    monitor_id=monitor_id,
                    state=monitor.state.value,
                    leased=monitor.lease_expires_at is not None,
                    deliveries=tuple(d.status.value for d in deliveries),
                    runs=tuple(
                        r.status.value + (f":{r.error_category}" if r.error_category else "")
                        for r in reversed(runs)
                    ),
                )
            )
    return outcomes


def settled(outcomes: list[MonitorOutcome]) -> bool:
    """Every monitor completed, released, and its deliveries final."""
    open_statuses = {DeliveryStatus.PENDING.value, DeliveryStatus.SENDING.value}
    return all(
        o.state == MonitorState.COMPLETED.value
        and not o.leased
        and o.deliveries
        and not open_statuses.intersection(o.deliveries)
        for o in outcomes
    )


async def leases_left(db: Database) -> int:
    """Monitors and deliveries still claimed (after the last worker stopped: should be 0)."""
    async with db.transaction() as tx:
        sending = await tx.outbox.find(status=DeliveryStatus.SENDING, limit=10_000)
        monitors = await tx.monitors.find(limit=1_000_000)
    return len(sending) + sum(1 for m in monitors if m.lease_expires_at is not None)


# -- the worker ----------------------------------------------------------------------------


def worker_env(url: str, server: str, home: Path) -> dict[str, str]:
    """The environment of a worker on the bench's world: the database, the scripted model
    behind an OpenAI-compatible endpoint, loopback fetches allowed; nothing else from the
    caller's SENTINEL_* settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SENTINEL_")}
    (home / "documents").mkdir(parents=True, exist_ok=True)
    return env | {
        "PYTHONUNBUFFERED": "1",
        "SENTINEL_HOME": str(home),
        "SENTINEL_DATABASE_URL": url,
        "SENTINEL_ENGINE": "embedded",
        "SENTINEL_LLM": "openai",
        "SENTINEL_LLM_BASE_URL": f"{server}/v1",
        "SENTINEL_LLM_API_KEY": "crash-bench",
        "SENTINEL_LLM_MODEL": "crash-scripted",
        "SENTINEL_SEARCH": "local",
        "SENTINEL_SEARCH_FOLDER": str(home / "documents"),
        "SENTINEL_FETCH_ALLOW_HOSTS": "127.0.0.1",
        "SENTINEL_NOTIFY_ALLOW_HOSTS": "127.0.0.1",
    }


class Worker:
    """One ``sentinel worker`` process, its output in ``log``."""

    def __init__(self, env: dict[str, str], options: CrashOptions, log: Path) -> None:
        self.log = log
        command = [
            sys.executable,
            "-c",
            "from sentinel.cli.main import run; run()",
            "worker",
            "--lease",
            f"{options.lease_s:g}",
            "--delivery-lease",
            f"{options.lease_s:g}",
            "--poll",
            "0.2",
            "--grace",
            "10",
            "--concurrency",
            str(options.concurrency),
        ]
        with log.open("ab") as out:
            self.process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)

    @property
    def pid(self) -> int:
        return self.process.pid

    async def ready(self) -> None:
        """Wait until the worker says it is running (bounded)."""
        deadline = time.monotonic() + STARTUP_TIMEOUT_S
        while "running (concurrency" not in self.log.read_text(errors="replace"):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the worker did not start; its log:\n{self.log.read_text()}")
            await asyncio.sleep(POLL_S)

    def kill(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)

    async def stop(self) -> int:
        """SIGTERM, then its exit code (SIGKILL after a bound)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return await asyncio.to_thread(self.process.wait, 60)
        except subprocess.TimeoutExpired:
            self.process.kill()
        return self.process.wait()


class KillSwitch:
    """The armed kill point, shared with the server's threads: the worker is killed at the
    ``target``-th event of kind ``point``."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._worker: Worker | None = None
        self._point = ""
        self._target = 0
        self._seen = 0
        self.fired = threading.Event()
        self.hit = ""

    def arm(self, worker: Worker, point: str, target: int) -> None:
        with self._lock:
            self._worker, self._point, self._target, self._seen = worker, point, target, 0
            self.fired.clear()
            self.hit = ""

    def fire(self, what: str) -> None:
        with self._lock:
            if self._worker is None or self.fired.is_set():
                return
            self._worker.kill()
            self.hit = what
            self.fired.set()

    def __call__(self, event: str) -> None:
        with self._lock:
            if self.fired.is_set() or event != self._point:
                return
            self._seen += 1
            if self._seen < self._target:
                return
        self.fire(event)


# -- the campaign --------------------------------------------------------------------------


async def run_campaign(
    backend: str, options: CrashOptions, folder: Path, pg_server: str = DEFAULT_PG_SERVER
) -> CampaignResult:
    """The campaign on ``backend`` (sqlite or postgresql); logs and the SQLite file in
    ``folder``."""
    rng = random.Random(f"{options.seed}:{backend}")
    switch = KillSwitch()
    world = CrashWorld(interrupt=switch)
    started = time.monotonic()
    trials: list[Trial] = []
    outcomes: list[MonitorOutcome] = []
    async with scratch_database(backend, folder, pg_server) as url:
        db = await open_database(url, migrate=False)
        try:
            with WorldServer(world) as server:
                env = worker_env(url, server.url, folder / "home")
                log = folder / f"worker-{backend}.log"
                worker = Worker(env, options, log)
                await worker.ready()
                for number in range(options.trials):
                    trial = Trial(number, rng.choice(KILL_POINTS), 0)
                    trial.target = (
                        round(rng.uniform(0, options.monitors * MOMENT_S_PER_MONITOR), 2)
                        if trial.point == "moment"
                        else rng.randint(1, options.monitors)
                    )
                    switch.arm(worker, trial.point, int(trial.target))
                    trial.monitor_ids = await add_monitors(
                        db, world, server.url, number, options.monitors
                    )
                    await _kill(switch, trial)
                    trial.killed_at = switch.hit
                    worker.process.wait()
                    kill_time = time.monotonic()
                    worker = Worker(env, options, log)
                    await worker.ready()
                    found = await _settle(db, trial, options.settle_timeout_s)
                    trial.seconds_to_settle = round(time.monotonic() - kill_time, 1)
                    outcomes += found
                    trials.append(trial)
                exit_code = await worker.stop()
            left = await leases_left(db)
        finally:
            await db.close()
    return CampaignResult(
        database=backend,
        options=options,
        trials=trials,
        outcomes=outcomes,
        world=world,
        leases_left=left,
        last_worker_exit=exit_code,
        seconds=round(time.monotonic() - started, 1),
    )


async def _kill(switch: KillSwitch, trial: Trial) -> None:
    """Wait for the armed kill; a moment kill fires after its delay, an event kill whose event
    never comes fires when the trial's work is surely over (and counts as a moment)."""
    wait = float(trial.target) if trial.point == "moment" else STARTUP_TIMEOUT_S
    await asyncio.to_thread(switch.fired.wait, wait)
    switch.fire("moment")


async def _settle(db: Database, trial: Trial, timeout_s: float) -> list[MonitorOutcome]:
    """Poll until the trial's monitors are settled or ``timeout_s`` passes; their outcomes."""
    deadline = time.monotonic() + timeout_s
    while True:
        found = await read_outcomes(db, trial)
        if settled(found) or time.monotonic() > deadline:
            return found
        await asyncio.sleep(POLL_S * 2)
