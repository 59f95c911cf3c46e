"""The MCP server: Sentinel's tools and resources on the SDK's ``MCPServer``."""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer

from sentinel.api.version import sentinel_version
from sentinel.protocols.mcp.arguments import ArgumentProblems
from sentinel.protocols.mcp.backend import CallerOwner, McpBackend
from sentinel.protocols.mcp.knowledge_tools import knowledge_tools
from sentinel.protocols.mcp.monitor_tools import monitor_tools
from sentinel.protocols.mcp.resources import register_resources

INSTRUCTIONS = """\
Sentinel watches the web for you and researches questions.
- create_monitor: "tell me when …" — a monitor checks the web on its own schedule and notifies
  its channels when its criteria hold. list_monitors / get_monitor show what it found
  (get_monitor: latest state and recent runs); pause_monitor, resume_monitor,
  run_monitor_now, delete_monitor.
- run_research: a cited report on a question (takes a while).
- query_state: read-only SQL over the caller's monitors, state_versions, runs and deliveries.
- search_memories / add_memory: the user's memories.
Errors come back as problem details: read `detail` and `errors` and correct the call."""


def build_mcp_server(backend: McpBackend) -> MCPServer:
    """Sentinel's MCP server over ``backend``."""
    tools = [*monitor_tools(backend), *knowledge_tools(backend)]
    server: MCPServer = MCPServer(
        "sentinel",
        title="Sentinel",
        description="Monitors that watch the web, cited research and the user's memories.",
        instructions=INSTRUCTIONS,
        version=sentinel_version(),
        log_level="WARNING",
        tools=tools,
        middleware=[CallerOwner(), ArgumentProblems(tools)],
    )
    register_resources(server, backend)
    return server
