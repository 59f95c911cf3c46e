"""``sentinel bench …``: each benchmark module under sentinel.bench exposes ``command``, a
typer-annotated function; it is imported only when that benchmark runs."""

from __future__ import annotations

import typer

from sentinel.cli.lazy import LazyCommand, lazy_group

# Each help is the first paragraph of the benchmark's `command` docstring.
BENCHES: tuple[LazyCommand, ...] = (
    LazyCommand(
        "store",
        "sentinel.bench.store:command",
        "Action throughput of the Store against deepcopy + DeepDiff per action (the seed's).",
    ),
    LazyCommand(
        "llm",
        "sentinel.bench.llm:command",
        "Local model speed, structured-extraction quality with and without the JSON grammar,\n"
        "and the speed-up from a cached static prefix.",
    ),
    LazyCommand(
        "sensing",
        "sentinel.cli.bench_sensing:command",
        "A monitor reading real-shaped pages end to end: watch add, a run on BEFORE, a run on\n"
        "AFTER, on 127.0.0.1; right decisions, false alerts, misses, model calls, tokens, seconds.",
    ),
    LazyCommand(
        "research",
        "sentinel.bench.research:command",
        "Research quality on canned questions over simulated worlds with ground truth.",
    ),
    LazyCommand(
        "monitor",
        "sentinel.bench.monitor:command",
        "Sentinel against diff-based and fixed-interval LLM monitoring on simulated worlds.",
    ),
    LazyCommand(
        "assistant",
        "sentinel.bench.assistant:command",
        "The assistant: memory retrieval (recall@5 and MRR of BM25, dense and hybrid; cost as\n"
        "memories grow) and chat turn latency (scripted p50/p95, the embedded model, a 3-action\n"
        "plan sequential vs parallel).",
    ),
    LazyCommand(
        "cli",
        "sentinel.bench.cli_reads:command",
        "CPU seconds of the read commands (watch list, watch show, memories list, tasks list),\n"
        "each a new process, and of the imports every one of them pays.",
    ),
    LazyCommand(
        "demo",
        "sentinel.bench.demo_wall:command",
        "Wall time of `sentinel demo` (what `make demo` runs), each a new process, with its\n"
        "model calls and the load it met.",
    ),
    LazyCommand(
        "engine",
        "sentinel.bench.engine:command",
        "The embedded engine's cost per monitor run as monitors grow (1k to 100k).",
    ),
    LazyCommand(
        "engine-temporal",
        "sentinel.bench.engine_temporal:command",
        "The Temporal engine's overhead per monitor run beside the embedded engine's.",
    ),
    LazyCommand(
        "crash",
        "sentinel.bench.crash:command",
        "Kill a real worker (SIGKILL) at random moments, restart it, and count every expected\n"
        "notification at a signature-verifying receiver: once, twice under the same key, under a\n"
        "new key, lost or stuck.",
    ),
)

app = typer.Typer(no_args_is_help=True, cls=lazy_group(*BENCHES))
