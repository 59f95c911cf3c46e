"""llama.cpp in-process through xllamacpp: one loaded server per (GGUF, options), shared by the
whole process, each with one worker thread so blocking calls never run on the event loop.

``xllamacpp.Server`` answers OpenAI-style chat requests in-process
(``handle_chat_completions``) and also listens on 127.0.0.1 (``address``), so the same loaded
model can serve OpenAI-compatible HTTP clients (with the random ``api_key``).

Prefix reuse: each request sends ``cache_prompt``, so the slot's KV cache serves the longest
common prefix with the previous prompt, and llama.cpp's host-memory prompt cache
(``cache_ram_mib``, 8 GiB by default) keeps earlier prompts too: two roles alternating on one
model (governor, sensor, governor…) both find their static prefix cached (measured: 735 of
736 prompt tokens cached on the third call of A, B, A).
"""

from __future__ import annotations

import os
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, cast

from sentinel.errors import InvalidInput
from sentinel.llm.errors import ModelNotInstalledError

RUNTIME_PACKAGE = "xllamacpp"


@dataclass(frozen=True, slots=True)
class RuntimeOptions:
    """How to load a model. Part of the cache key: equal options share one loaded model."""

    n_ctx: int = 4096
    threads: int | None = None
    """CPU threads for generation and prompt evaluation; None means every idle core
    (:func:`idle_cores`, read when the model loads)."""
    n_parallel: int = 1
    """Concurrent sequences (slots); requests beyond them queue inside llama.cpp."""

    def __post_init__(self) -> None:
        if self.n_ctx < 256:
            raise InvalidInput("n_ctx", self.n_ctx, "must be at least 256")
        if self.threads is not None and self.threads < 1:
            raise InvalidInput("threads", self.threads, "must be at least 1")
        if self.n_parallel < 1:
            raise InvalidInput("n_parallel", self.n_parallel, "must be at least 1")

    @property
    def resolved_threads(self) -> int:
        """The thread count to load with: ``threads``, else the cores idle now."""
        return self.threads or idle_cores()


def idle_cores(cores: int | None = None, load: float | None = None) -> int:
    """The cores other work leaves free: every core less the busy ones by the 1-minute load
    average (whole cores; at least one).

    llama.cpp's threads meet at a barrier after every layer: one thread of two preempted by
    another process leaves the other spinning, so on a busy machine a thread per core is many
    times slower than fewer threads (measured on this project's 2-core machine: a chat turn of
    12 s on a quiet machine took 200 s and 216 CPU seconds beside one other busy process;
    1 thread does not collapse). ``cores`` and ``load`` default to this machine's.
    """
    cores = cores if cores is not None else os.cpu_count() or 1
    if load is None:
        try:
            load = os.getloadavg()[0]
        except (OSError, AttributeError):  # no load average on this platform
            return cores
    return max(1, min(cores, cores - int(load)))


class ModelHandle(Protocol):
    """What the local provider talks to: a model loaded in this process
    (:class:`LoadedModel`) or in the home's model server
    (:class:`sentinel.llm.local.remote.RemoteModel`). Calls block: run them on ``executor``."""

    @property
    def executor(self) -> Executor:
        """The threads blocking calls run on."""
        ...

    @property
    def usable(self) -> bool:
        """False once closed (a model server this process stopped using)."""
        ...

    def chat(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """One chat completion (llama.cpp's OpenAI-style reply, or an ``error`` object)."""
        ...

    def chat_stream(
        self, body: Mapping[str, Any], on_chunk: Callable[[dict[str, Any]], bool]
    ) -> None:
        """One streamed completion; ``on_chunk`` returns True to stop early."""
        ...


@dataclass(frozen=True, slots=True)
class Activity:
    """What a loaded model has done so far, from llama.cpp's counters: a server is idle
    while ``decodes`` stays put and nothing is in progress."""

    decodes: int
    in_progress: int


class LoadedModel:
    """A model loaded into llama.cpp, with the single worker thread that talks to it."""

    def __init__(
        self,
        server: Any,
        path: Path,
        options: RuntimeOptions,
        load_s: float,
        api_key: str,
        threads: int,
    ) -> None:
        self._server = server
        self.api_key = api_key
        """The bearer token the loopback HTTP endpoint demands (in-process calls need none)."""
        self.path = path
        self.options = options
        self.threads = threads
        """The threads it loaded with (``options.threads``, else the cores idle then)."""
        self.load_seconds = load_s
        # One thread: llama.cpp serialises a slot anyway, and a single thread keeps the
        # default executor free for everything else.
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="llama-cpp")

    @property
    def executor(self) -> ThreadPoolExecutor:
        """The one thread blocking calls run on."""
        return self._executor

    @property
    def usable(self) -> bool:
        """Always: a model loaded in this process stays loaded."""
        return True

    @property
    def address(self) -> str:
        """The loopback base URL of the OpenAI-compatible HTTP endpoint (``…/v1``); clients
        must send ``api_key``."""
        return f"{self._server.listening_address}/v1"

    def chat(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """One blocking chat completion (call from a worker thread)."""
        return cast(dict[str, Any], self._server.handle_chat_completions(dict(body)))

    def chat_stream(
        self, body: Mapping[str, Any], on_chunk: Callable[[dict[str, Any]], bool]
    ) -> None:
        """One blocking streamed completion; ``on_chunk`` returns True to stop early."""
        self._server.handle_chat_completions({**body, "stream": True}, on_chunk)

    def activity(self) -> Activity:
        """llama.cpp's counters now (from its metrics, in-process: no HTTP)."""
        counters: dict[str, float] = {}
        for line in str(self._server.handle_metrics()).splitlines():
            name, _, value = line.partition(" ")
            if name.startswith("llamacpp:"):
                try:
                    counters[name.removeprefix("llamacpp:")] = float(value)
                except ValueError:
                    continue
        busy = counters.get("requests_processing", 0) + counters.get("requests_deferred", 0)
        return Activity(decodes=int(counters.get("n_decode_total", 0)), in_progress=int(busy))


_loaded: dict[tuple[str, RuntimeOptions], LoadedModel] = {}
_load_lock = threading.Lock()


def load(path: Path, options: RuntimeOptions) -> LoadedModel:
    """The process-wide loaded model for ``path`` and ``options`` (loading it once).

    Blocking and slow the first time: call it from a worker thread.
    """
    key = (str(path.resolve()), options)
    with _load_lock:
        loaded = _loaded.get(key)
        if loaded is None:
            loaded = _load(path, options)
            _loaded[key] = loaded
        return loaded


def loaded_models() -> list[LoadedModel]:
    """Every model loaded in this process."""
    with _load_lock:
        return list(_loaded.values())


def _load(path: Path, options: RuntimeOptions) -> LoadedModel:
    try:
        import xllamacpp
    except ImportError as exc:
        raise ModelNotInstalledError(
            "llama.cpp runtime", [RUNTIME_PACKAGE], f"pip install {RUNTIME_PACKAGE}"
        ) from exc
    params = xllamacpp.CommonParams()
    params.model.path = str(path)
    params.n_ctx = options.n_ctx
    params.n_parallel = options.n_parallel
    threads = options.resolved_threads
    params.cpuparams.n_threads = threads
    params.cpuparams_batch.n_threads = threads
    # No busy-waiting between steps: on a shared machine (2 cores, other processes) the
    # default poll=50 made generation ~10x slower (2.8 vs 33 tok/s measured on Qwen 0.5B).
    params.cpuparams.poll = 0
    params.cpuparams_batch.poll = 0
    params.warmup = True  # touch every weight now, not during the first request
    params.verbosity = 0
    params.cache_prompt = True
    # xllamacpp always opens the HTTP endpoint too: on loopback only, a random key keeps other
    # local users out, and nothing is served that the key-holders do not use (no web UI, no
    # slot files); the metrics are how a model server sees that it is idle.
    api_key = secrets.token_urlsafe(24)
    params.api_keys = [api_key]
    params.hostnames = ["127.0.0.1"]
    params.ui = False
    params.endpoint_slots = False
    params.endpoint_metrics = True
    started = time.perf_counter()
    server = xllamacpp.Server(params)
    return LoadedModel(server, path, options, time.perf_counter() - started, api_key, threads)
