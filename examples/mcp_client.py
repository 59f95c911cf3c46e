"""Talk to Sentinel the way an MCP-capable assistant does: over stdio, with the official client.

    python examples/mcp_client.py

Starts ``sentinel mcp`` as a subprocess (exactly what an assistant's ``mcpServers``
configuration does) on a fresh, temporary SENTINEL_HOME, then lists its tools, creates a
monitor, makes a mistake on purpose to show the error a model gets back, reads the monitor
resources, queries the state with read-only SQL and researches a question. Research runs
inside a simulated world with the extractive model, so the program runs anywhere, offline.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
import tempfile
from pathlib import Path

from mcp import Client, StdioServerParameters
from mcp.types import CallToolResult


def sentinel_command() -> str:
    """The ``sentinel`` next to this Python (its virtual environment), else on PATH."""
    beside = Path(sys.executable).with_name("sentinel")
    return str(beside) if beside.exists() else (shutil.which("sentinel") or "sentinel")


def structured(result: CallToolResult) -> dict:
    """The JSON a tool answered (data, or the problem details of an error)."""
    assert isinstance(result.structured_content, dict), result.content
    return result.structured_content


async def main(home: Path) -> None:
    server = StdioServerParameters(
        command=sentinel_command(),
        args=["mcp", "--world", "research-power-bank-recall", "--research-model", "extractive"],
        env={"SENTINEL_HOME": str(home)},
    )
    async with Client(server) as sentinel:
        tools = await sentinel.list_tools()
        print("tools:", ", ".join(sorted(tool.name for tool in tools.tools)))

        monitor = structured(
            await sentinel.call_tool(
                "create_monitor",
                {"query": "Tell me when Voltix ships the VX-40", "min_interval": "6 hours"},
            )
        )
        print(f"created monitor {monitor['id']}: {monitor['name']!r}, {monitor['state']}")

        mistake = await sentinel.call_tool("create_monitor", {"query": "x", "notify": "sometimes"})
        problem = structured(mistake)
        print(f"refused (isError={mistake.is_error}, {problem['status']}): {problem['errors']}")

        listing = await sentinel.read_resource("sentinel://monitors")
        monitors = json.loads(listing.contents[0].text)
        print(f"resource sentinel://monitors: {len(monitors)} monitor(s)")
        state = await sentinel.read_resource(monitors[0]["state_uri"])
        print(f"resource {monitors[0]['state_uri']}: {state.contents[0].text}")

        rows = structured(
            await sentinel.call_tool("query_state", {"sql": "SELECT name, state FROM monitors"})
        )
        print("query_state:", rows["rows"])

        research = structured(
            await sentinel.call_tool(
                "run_research", {"question": "What happened with the VX-30 power bank recall?"}
            )
        )
        report = research["report"]
        print(f"report: {report['topic']} ({len(report['sources'])} sources)")
        print("summary:", report["executive_summary"])


if __name__ == "__main__":
    with tempfile.TemporaryDirectory(prefix="sentinel-mcp-") as folder:
        asyncio.run(main(Path(folder)))
