"""Sentinel behind the protocols other programs speak: MCP (tools for a model) and A2A
(agent to agent). Each lives in its own subpackage on its official SDK, an optional extra."""
