"""``sentinel memories``: the assistant's memories of the local user — list, add, edit, delete,
search. Every change is searchable at once (the same service the chat and the API use)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Annotated, Literal, TypeVar

import typer
from rich.markup import escape
from rich.table import Table

from sentinel.assistant.views import memory_view, retrieval_view
from sentinel.cli import common
from sentinel.cli.common import database, print_json, run, stderr, stdout, when
from sentinel.owners import LOCAL_OWNER, check_owner

# The service (and its search index: numpy, bm25s) loads only for the commands that use it.
if TYPE_CHECKING:
    from sentinel.assistant.memory import MemoryRecord, MemoryService, Retrieval

app = typer.Typer(no_args_is_help=True)
T = TypeVar("T")

OwnerOption = Annotated[
    str, typer.Option("--owner", help="Whose memories (default: the local user).")
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]
TagsOption = Annotated[
    list[str] | None, typer.Option("--tag", "-t", help="A tag (repeat for several).")
]


def with_memories(
    work: Callable[[MemoryService], Awaitable[T]], *, embedder: Literal["auto"] | None = "auto"
) -> T:
    """``work`` on the memory service over the configured database, its errors reported for
    people; ``embedder=None`` (listing, deleting) loads no embedding model."""

    from sentinel.assistant.memory import MemoryService

    async def main() -> T:
        # Memories never change a monitor: no engine listener.
        async with database(listen=False) as db:
            return await work(MemoryService(db, clock=common.cli_clock(), embedder=embedder))

    return run(main)


def print_changed(done: str, record: MemoryRecord, *, as_json: bool) -> None:
    """The memory just added or edited: JSON, or ``<done> #id: text``."""
    if as_json:
        print_json(memory_view(record))
    else:
        stdout.print(f"{done} #{record.id}: {escape(record.text)}", soft_wrap=True)


@app.command("list")
def list_memories(
    owner: OwnerOption = LOCAL_OWNER,
    tag: Annotated[str | None, typer.Option("--tag", help="Only memories with this tag.")] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, max=1000)] = 50,
    as_json: JsonOption = False,
) -> None:
    """The memories, most recently updated first."""

    async def main() -> list[MemoryRecord]:
        # Straight from the table, as MemoryService.list reads it: no search index to load.
        async with database(listen=False) as db, db.transaction() as tx:
            return await tx.memories.list(check_owner(owner), tag=tag, limit=limit)

    records = run(main)
    if as_json:
        print_json([memory_view(r) for r in records])
        return
    if not records:
        stdout.print('No memories yet: add one with `sentinel memories add "…"`.')
        return
    table = Table("id", "memory", "tags", "links", "updated")
    for record in records:
        table.add_row(
            str(record.id),
            escape(record.text),
            escape(", ".join(record.tags)),
            ", ".join(map(str, record.links)),
            when(record.updated_at),
        )
    stdout.print(table)


@app.command()
def add(
    text: Annotated[str, typer.Argument(help="What to remember.")],
    tags: TagsOption = None,
    owner: OwnerOption = LOCAL_OWNER,
    as_json: JsonOption = False,
) -> None:
    """Remember something (indexed for search at once)."""
    record = with_memories(lambda m: m.create(owner, text, tags=tags or []))
    print_changed("Remembered", record, as_json=as_json)


@app.command()
def edit(
    memory_id: Annotated[int, typer.Argument(help="The memory's id (see `memories list`).")],
    text: Annotated[str | None, typer.Option("--text", help="The new text.")] = None,
    tags: TagsOption = None,
    owner: OwnerOption = LOCAL_OWNER,
    as_json: JsonOption = False,
) -> None:
    """Change a memory's text and/or tags (``--tag`` replaces all tags)."""
    record = with_memories(lambda m: m.update(owner, memory_id, text=text, tags=tags))
    print_changed("Updated", record, as_json=as_json)


@app.command()
def delete(
    memory_id: Annotated[int, typer.Argument(help="The memory's id.")],
    owner: OwnerOption = LOCAL_OWNER,
) -> None:
    """Forget a memory (its tags and links go with it)."""
    with_memories(lambda m: m.delete(owner, memory_id), embedder=None)
    stdout.print(f"Deleted memory #{memory_id}.")


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="What to look for, in your own words.")],
    top_k: Annotated[int | None, typer.Option("--top-k", min=1, max=100)] = None,
    min_score: Annotated[float | None, typer.Option("--min-score", min=0.0, max=1.0)] = None,
    owner: OwnerOption = LOCAL_OWNER,
    as_json: JsonOption = False,
) -> None:
    """The memories best matching QUERY (hybrid BM25 + dense; BM25 only without a model)."""
    found: Retrieval = with_memories(
        lambda m: m.search(owner, query, top_k=top_k, min_score=min_score)
    )
    if as_json:
        print_json(retrieval_view(found))
        return
    if found.notice:
        stderr.print(f"[yellow]{escape(found.notice)}[/]")
    if not found.hits:
        stdout.print(f"No memory scores {found.min_score} or more for that ({found.mode.value}).")
        return
    table = Table("id", "score", "memory", "tags", title=f"{found.mode.value} search")
    for hit in found.hits:
        table.add_row(
            str(hit.memory.id),
            f"{hit.score:.2f}",
            escape(hit.memory.text),
            escape(", ".join(hit.memory.tags)),
        )
    stdout.print(table)
