"""Call Sentinel from another agent over A2A, with the official A2A client (``a2a-sdk``).

    python examples/a2a_client.py

In real use Sentinel runs as ``sentinel serve`` (or ``sentinel a2a serve``) and the client
part below is all another agent needs. To run anywhere, offline, this program first starts
Sentinel's A2A agent itself on a free loopback port, over a throwaway database, researching a
simulated world with the extractive (scripted) model. Then, as a client, it:

1. reads the agent card at the well-known path;
2. streams a research question: progress arrives as status updates, the FinalReport as the
   ``final_report`` artifact;
3. asks to "watch" something without saying when: the task waits in ``input-required``, and
   the answer on the same task creates the monitor (id, state, next check).
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from a2a.client import A2ACardResolver, ClientConfig, create_client
from a2a.helpers import get_data_parts, get_message_text, new_text_message
from a2a.types.a2a_pb2 import Role, SendMessageRequest, Task, TaskState

from sentinel.cli.research import world_tools
from sentinel.protocols.a2a.server import create_a2a_app
from sentinel.research import ResearchModels, report_payload, run_research
from sentinel.research.extractive import extractive_model
from sentinel.research.runlog import RunLog
from sentinel.storage import open_database
from sentinel.storage.settings import sqlite_url

# -- the server side: Sentinel's A2A agent, as `sentinel a2a serve` runs it -----------------


async def research_in_a_simulated_world(question: str, log: RunLog) -> dict[str, Any]:
    """Research the bundled marathon world with the extractive model (offline, deterministic)."""
    async with world_tools("research-marathon-result") as tools:
        result = await run_research(
            question, tools, ResearchModels.single(extractive_model()), log=log
        )
    return report_payload(result)


@asynccontextmanager
async def sentinel_agent() -> AsyncIterator[str]:
    """Sentinel's A2A agent on a free loopback port; yields its base URL."""
    with tempfile.TemporaryDirectory() as folder:
        db = await open_database(sqlite_url(Path(folder) / "sentinel.db"))
        app = create_a2a_app(db, research_runner=research_in_a_simulated_world)
        config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning")
        server = uvicorn.Server(config)
        serving = asyncio.create_task(server.serve())
        while not server.started:
            if serving.done():
                await serving  # raises what stopped it
            await asyncio.sleep(0.02)
        port = server.servers[0].sockets[0].getsockname()[1]
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            server.should_exit = True
            await serving
            await db.close()


# -- the client side: what another agent does ----------------------------------------------


def ask(text: str, task: Task | None = None) -> SendMessageRequest:
    """A user message; on ``task`` when it continues one."""
    message = new_text_message(text, role=Role.ROLE_USER)
    if task is not None:
        message.task_id, message.context_id = task.id, task.context_id
    return SendMessageRequest(message=message)


def state_of(task: Task) -> str:
    """The task's state by its protocol name."""
    return TaskState.Name(task.status.state)


async def call_sentinel(url: str) -> None:
    """Read the card, stream a research question, then create a monitor in two turns."""
    async with httpx.AsyncClient(timeout=60.0) as http:
        card = await A2ACardResolver(http, url).get_agent_card()
        print(f"agent: {card.name} {card.version}, skills: {[s.id for s in card.skills]}")

        # Streaming: progress as status updates, the report as an artifact.
        streaming = await create_client(card, ClientConfig(httpx_client=http, streaming=True))
        async for event in streaming.send_message(ask("Who won the marathon?")):
            if event.HasField("status_update") and event.status_update.status.message.parts:
                state = TaskState.Name(event.status_update.status.state)
                print(f"  {state}: {get_message_text(event.status_update.status.message)}")
            if event.HasField("artifact_update"):
                [report] = get_data_parts(event.artifact_update.artifact.parts)
                print(f"artifact {event.artifact_update.artifact.name}: {report['topic']!r}")
                print(
                    f"  cites {len(report['sources'])} sources, first {report['sources'][0]['url']}"
                )
        await streaming.close()

        # Blocking calls: each answer is the task as it stopped.
        client = await create_client(card, ClientConfig(httpx_client=http, streaming=False))
        [first] = [e.task async for e in client.send_message(ask("Watch the Kestrel 2 launch"))]
        print(
            f"task {TaskState.Name(first.status.state)}: {get_message_text(first.status.message)}"
        )
        answer = ask("when its release date is announced", task=first)
        [done] = [e.task async for e in client.send_message(answer)]
        [monitor] = get_data_parts(done.artifacts[0].parts)
        print(f"task {TaskState.Name(done.status.state)}: {get_message_text(done.status.message)}")
        print(
            f"monitor #{int(monitor['id'])} is {monitor['state']}, criteria: {monitor['criteria']}"
        )
        await client.close()


async def main() -> None:
    async with sentinel_agent() as url:
        await call_sentinel(url)


if __name__ == "__main__":
    asyncio.run(main())
