"""``sentinel bench assistant``: the assistant's two benchmarks, memory retrieval and the chat
turn, run one after the other (``--part`` runs one of them)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer

from sentinel.bench.assistant_memory import memory_command
from sentinel.bench.assistant_turn import turn_command

Part = Literal["all", "memory", "turn"]


def command(
    part: Annotated[
        str, typer.Option("--part", help="all, memory (retrieval quality and cost) or turn.")
    ] = "all",
    output: Annotated[
        Path | None,
        typer.Option(
            "--json",
            help="Also write the result as JSON: this file for one part; with --part all, "
            "FILE's name with -memory and -turn before its suffix.",
        ),
    ] = None,
    sizes: Annotated[
        str, typer.Option("--sizes", help="Memory: comma-separated index sizes for the cost table.")
    ] = "10,100,1000,10000",
    split: Annotated[
        str, typer.Option("--split", help="Memory: which split's quality to print (dev or test).")
    ] = "test",
    dataset: Annotated[
        Path | None,
        typer.Option(
            "--dataset",
            help="Memory: a LoCoMo or LongMemEval file to measure on instead of the vault "
            "(the user's own copy; nothing is downloaded).",
        ),
    ] = None,
    haystacks: Annotated[
        str | None,
        typer.Option(
            "--haystacks",
            help="Memory, with --dataset: which haystacks (positions 0-4 or ids conv-26,...).",
        ),
    ] = None,
    cache: Annotated[
        Path | None,
        typer.Option("--cache", help="Memory, with --dataset: a folder to keep its vectors in."),
    ] = None,
    turns: Annotated[int, typer.Option(help="Turn: scripted turns per plan.", min=1)] = 200,
    repeats: Annotated[int, typer.Option(help="Turn: runs of each plan, each way.", min=1)] = 30,
    model: Annotated[
        str | None,
        typer.Option(help="Turn: local model for the real-model rows ('none' to skip)."),
    ] = "qwen2.5-coder-0.5b",
    remote_ms: Annotated[
        float, typer.Option(help="Turn: latency of the remote RESEARCH runner, ms.", min=0)
    ] = 100.0,
    threads: Annotated[
        int | None, typer.Option(help="Turn: llama.cpp threads (1 is best on a busy machine).")
    ] = None,
    cli: Annotated[
        str,
        typer.Option(
            help="Turn: the fixed set through the real CLI, a new `sentinel chat` process a "
            "turn: server, in-process, both (comma-separated) or none."
        ),
    ] = "server,in-process",
) -> None:
    """The assistant: memory retrieval (recall@5 and MRR of BM25, dense and hybrid; cost as
    memories grow) and chat turn latency (scripted p50/p95, the embedded model, a 3-action
    plan sequential vs parallel)."""
    if part not in ("all", "memory", "turn"):
        raise typer.BadParameter(f"{part!r} is not one of all, memory, turn", param_hint="--part")

    def named(suffix: str) -> Path | None:
        if output is None or part != "all":
            return output
        return output.with_name(f"{output.stem}-{suffix}{output.suffix}")

    if part in ("all", "memory"):
        memory_command(
            output=named("memory"),
            sizes=sizes,
            split=split,
            dataset=dataset,
            haystacks=haystacks,
            cache=cache,
        )
    if part in ("all", "turn"):
        turn_command(
            output=named("turn"),
            turns=turns,
            repeats=repeats,
            model=model,
            remote_ms=remote_ms,
            threads=threads,
            cli=cli,
        )
