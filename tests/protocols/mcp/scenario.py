"""The session every transport's test drives: every tool and resource of Sentinel's MCP
server, through the official client, with the errors a model would make."""

from __future__ import annotations

from typing import Any

from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult

WORLD = "research-power-bank-recall"
QUESTION = "What happened with the VX-30 power bank recall?"
RESEARCH_MODEL = "extractive"
TOOLS = {
    "create_monitor",
    "list_monitors",
    "get_monitor",
    "pause_monitor",
    "resume_monitor",
    "run_monitor_now",
    "delete_monitor",
    "run_research",
    "query_state",
    "search_memories",
    "add_memory",
}
SPEC = {"query": "Tell me when the VX-40 power bank ships", "criteria": "when it ships"}


def data(result: CallToolResult) -> dict[str, Any]:
    """The structured content of a successful call."""
    assert not result.is_error, result.content
    assert isinstance(result.structured_content, dict)
    return result.structured_content


def problem(result: CallToolResult, status: int) -> dict[str, Any]:
    """The API problem a failed call carries, checked to have ``status``."""
    assert result.is_error, result.structured_content
    assert isinstance(result.structured_content, dict), result.content
    body = result.structured_content
    assert body["status"] == status, body
    assert {"type", "title", "detail"} <= body.keys()
    return body


async def exercise_every_tool(client: Client) -> dict[str, Any]:
    """Call every tool and read every resource; return what later checks compare."""
    listed = await client.list_tools()
    assert {tool.name for tool in listed.tools} == TOOLS
    assert all(tool.description for tool in listed.tools)

    created = data(await client.call_tool("create_monitor", SPEC))
    monitor_id = created["id"]
    assert created["state"] == "active"
    assert created["action_criteria"] == "when it ships"
    assert len(created["signing_secret"]) == 64, "shown once, on create"
    refused = problem(
        await client.call_tool("create_monitor", SPEC | {"min_interval": "banana"}), 422
    )
    assert "min_interval" in refused["detail"]

    page = data(await client.call_tool("list_monitors", {"limit": 10}))
    assert [item["id"] for item in page["items"]] == [monitor_id]
    assert page["next_offset"] is None
    detail = data(await client.call_tool("get_monitor", {"monitor_id": monitor_id}))
    assert detail["monitor"]["id"] == monitor_id
    assert "signing_secret" not in detail["monitor"]
    assert (detail["latest_state"], detail["runs"]) == (None, [])
    missing = problem(await client.call_tool("get_monitor", {"monitor_id": 999}), 404)
    mistyped = problem(await client.call_tool("get_monitor", {"monitor_id": "abc"}), 422)
    assert [error["field"] for error in mistyped["errors"]] == ["monitor_id"]

    paused = data(await client.call_tool("pause_monitor", {"monitor_id": monitor_id}))
    assert paused["state"] == "paused"
    twice = problem(await client.call_tool("pause_monitor", {"monitor_id": monitor_id}), 409)
    asleep = problem(await client.call_tool("run_monitor_now", {"monitor_id": monitor_id}), 422)
    assert asleep["detail"] == f"invalid monitor {monitor_id}: is paused, not active"
    resumed = data(await client.call_tool("resume_monitor", {"monitor_id": monitor_id}))
    assert resumed["state"] == "active"
    due = data(await client.call_tool("run_monitor_now", {"monitor_id": monitor_id}))
    assert due["next_run_at"] == due["updated_at"]  # due at the moment it was asked

    rows = data(await client.call_tool("query_state", {"sql": "SELECT id, state FROM monitors"}))
    assert rows == {"columns": ["id", "state"], "rows": [[monitor_id, "active"]]}
    write = problem(await client.call_tool("query_state", {"sql": "DELETE FROM monitors"}), 403)

    memory = data(
        await client.call_tool(
            "add_memory", {"text": "My sister Ana lives in Porto", "tags": ["family"]}
        )
    )
    found = data(await client.call_tool("search_memories", {"query": "Where does Ana live?"}))
    assert [hit["memory"]["id"] for hit in found["hits"]] == [memory["id"]]
    empty = problem(await client.call_tool("add_memory", {"text": ""}), 422)

    progress: list[str] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append(message or "")

    asked = {"question": QUESTION}
    research = data(await client.call_tool("run_research", asked, progress_callback=on_progress))
    report = research["report"]
    assert report["sources"]
    assert "VX-30" in report["executive_summary"]
    assert research["question"] == QUESTION
    assert any(line.startswith("researching:") for line in progress)
    blank = problem(await client.call_tool("run_research", {"question": "   "}), 422)

    resources = await client.list_resources()
    assert [str(r.uri) for r in resources.resources] == ["sentinel://monitors"]
    templates = await client.list_resource_templates()
    assert [t.uri_template for t in templates.resource_templates] == [
        "sentinel://monitors/{monitor_id}/state"
    ]
    listing = await client.read_resource("sentinel://monitors")
    state = await client.read_resource(f"sentinel://monitors/{monitor_id}/state")
    try:
        await client.read_resource("sentinel://monitors/999/state")
    except MCPError as error:
        unknown = error.error.message
    else:
        raise AssertionError("an unknown monitor's state was read")

    deleted = data(await client.call_tool("delete_monitor", {"monitor_id": monitor_id}))
    assert deleted == {"id": monitor_id, "deleted": True}
    gone = problem(await client.call_tool("get_monitor", {"monitor_id": monitor_id}), 404)
    return {
        "monitor_id": monitor_id,
        "refused": refused,
        "missing": missing,
        "mistyped": mistyped,
        "twice": twice,
        "write": write,
        "empty": empty,
        "blank": blank,
        "gone": gone,
        "listing": listing.contents[0],
        "state": state.contents[0],
        "unknown": unknown,
    }
