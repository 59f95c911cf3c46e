"""The model server: one process that keeps a local model and its prompt cache warm for every
command of a home, and leaves once nobody has used it for a while.

Every CLI command is a new process. Loading the model in each one costs the load (about a
second) and, worse, the whole system prompt again: a ``sentinel chat`` turn evaluated its
~750-token decision prefix from scratch every time (9 s of a 26 s turn at one thread). A
model server started by the first command that needs the model keeps llama.cpp's prompt
cache across commands, so the next ones pay only for what is new in their prompts.

    python -m sentinel.llm.local.server --model qwen2.5-coder-0.5b --home ~/.local/share/sentinel

is what :func:`sentinel.llm.local.launch.attach` runs (``sentinel models server start`` too);
it prints to its log, publishes its endpoint only once the model answers, and on SIGTERM or
SIGINT, or after ``--idle`` seconds without a request while no process holds it, removes the
endpoint and exits. See ``sentinel.llm.local.endpoint`` for the files and the locks.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sentinel.errors import SentinelError
from sentinel.llm.local.endpoint import Endpoint, ServerFiles
from sentinel.llm.local.registry import get_spec
from sentinel.llm.local.runtime import Activity, LoadedModel, RuntimeOptions, load
from sentinel.llm.local.weights import weights_path

DEFAULT_IDLE_S = 600.0
"""How long a model server stays up without a request (``SENTINEL_LLM_SERVER_IDLE``)."""

POLL_S = 5.0
"""How often the server reads llama.cpp's counters (a quarter of a short idle time, at most)."""


@dataclass
class IdleWatch:
    """When a server has been idle long enough to leave: ``idle_s`` seconds during which
    llama.cpp decoded nothing and had nothing in progress."""

    idle_s: float
    last_active: float
    """When activity was last seen (any monotonic clock, in seconds)."""
    seen: Activity | None = None

    def observe(self, activity: Activity, now: float) -> bool:
        """Record the counters read at ``now``; True once idle for ``idle_s``."""
        moved = self.seen is not None and activity.decodes != self.seen.decodes
        if activity.in_progress or moved:
            self.last_active = now
        self.seen = activity
        return now - self.last_active >= self.idle_s

    def touch(self, now: float) -> None:
        """Count ``now`` as activity (a process still holds the server)."""
        self.last_active = now


async def serve_until_idle(
    loaded: LoadedModel,
    files: ServerFiles,
    idle_s: float,
    stop: asyncio.Event,
    *,
    now: Callable[[], float] = time.monotonic,
    poll_s: float = POLL_S,
) -> str:
    """Serve until ``stop`` is set or the model has been idle for ``idle_s`` with no process
    holding it; returns why it stopped (``"idle"`` or ``"stopped"``). The endpoint is removed
    before returning, under the users lock, so no process can start using it meanwhile."""
    watch = IdleWatch(idle_s, last_active=now())
    poll_s = min(poll_s, max(idle_s / 4, 0.05))
    while not stop.is_set():
        activity = await asyncio.to_thread(loaded.activity)
        if watch.observe(activity, now()):
            users = files.users_lock(shared=False, blocking=False)
            if users.acquire():
                try:
                    files.remove(os.getpid())
                finally:
                    users.release()
                return "idle"
            watch.touch(now())  # a process holds it: it may ask again at any moment
        try:
            await asyncio.wait_for(stop.wait(), timeout=poll_s)
        except TimeoutError:
            continue
    files.remove(os.getpid())
    return "stopped"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The server's options (what ``launch.server_command`` passes)."""
    parser = argparse.ArgumentParser(
        prog="python -m sentinel.llm.local.server",
        description="Keep a local model warm for the commands of a Sentinel home.",
    )
    parser.add_argument("--model", required=True, help="A registered local model.")
    parser.add_argument("--home", required=True, type=Path, help="The Sentinel home.")
    parser.add_argument("--n-ctx", type=int, default=4096, help="Context tokens.")
    parser.add_argument("--threads", type=int, default=None, help="Default: the idle cores.")
    parser.add_argument("--idle", type=float, default=DEFAULT_IDLE_S, help="Seconds idle.")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Load, publish, serve until idle or signalled; 1 (after printing why) if it cannot."""
    args = parse_args(argv)
    files = ServerFiles(args.home, args.model)
    try:
        spec = get_spec(args.model)
        options = RuntimeOptions(n_ctx=args.n_ctx, threads=args.threads)
        if args.idle <= 0:
            raise SentinelError(f"--idle must be positive, not {args.idle}")
        started = time.perf_counter()
        loaded = load(weights_path(spec, home=args.home), options)
    except SentinelError as exc:
        print(f"error: {exc}", file=sys.stderr, flush=True)
        return 1
    endpoint = Endpoint(
        pid=os.getpid(),
        url=loaded.address.removesuffix("/v1"),
        api_key=loaded.api_key,
        model=spec.name,
        n_ctx=options.n_ctx,
        threads=loaded.threads,
        n_parallel=options.n_parallel,
        idle_s=args.idle,
        started_at=time.time(),
    )
    files.write(endpoint)
    print(
        f"{spec.name} ready on {endpoint.url} (pid {endpoint.pid}, {endpoint.threads} threads, "
        f"loaded in {time.perf_counter() - started:.1f} s); leaves after {args.idle:g} s idle",
        flush=True,
    )

    async def run() -> str:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, stop.set)
        return await serve_until_idle(loaded, files, args.idle, stop)

    try:
        why = asyncio.run(run())
    finally:
        files.remove(os.getpid())
    print(f"{spec.name}: {why}, leaving", flush=True)
    return 0


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    # llama.cpp's own threads (its HTTP server, its slots) are not Python's to join: leave
    # at once rather than wait at interpreter shutdown for threads that never end.
    os._exit(code)
