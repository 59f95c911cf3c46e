"""Shared steps of the API tests."""

from __future__ import annotations

from typing import Any

import httpx

SPEC: dict[str, Any] = {
    "query": "Tell me when the iPhone 17 is announced",
    "criteria": "when Apple announces it",
    "channels": ["https://example.com/hook"],
}
PROBLEM = "application/problem+json"


async def create(client: httpx.AsyncClient, **fields: Any) -> dict[str, Any]:
    """Create a monitor from ``SPEC`` with ``fields`` changed; return its JSON."""
    response = await client.post("/api/v1/monitors", json=SPEC | fields)
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def problem(response: httpx.Response, status: int) -> dict[str, Any]:
    """The problem document of ``response``, checked to have ``status`` and the RFC shape."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == PROBLEM
    body: dict[str, Any] = response.json()
    assert body["status"] == status
    assert {"type", "title", "detail"} <= body.keys()
    return body
