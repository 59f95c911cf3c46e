"""A model loaded in the home's model server, reached on loopback with the server's key.

The requests and replies are exactly those of the in-process model (llama.cpp's own
OpenAI-style chat endpoint answers both), so the local provider does not care which it
talks to. A server that went away (killed, stopped) raises :class:`ServerGone`, which the
provider answers by finding or starting a server again, once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from sentinel.llm.errors import ModelRequestError, ServerGone
from sentinel.llm.local.endpoint import Endpoint, FileLock

CONNECT_TIMEOUT_S = 5.0
"""Loopback answers at once; a server that does not accept within this is gone or stuck.
Reads have no timeout: a reply on a busy 2-core machine can take minutes, as in-process."""

CONCURRENT_REQUESTS = 4
"""Requests in flight from one process (llama.cpp queues those beyond its slots)."""


class RemoteModel:
    """A handle on a running model server; holds the server's users lock while open, so
    the server stays up for as long as this process may use it."""

    def __init__(self, endpoint: Endpoint, users: FileLock) -> None:
        self.endpoint = endpoint
        self._users = users
        self._executor = ThreadPoolExecutor(
            max_workers=CONCURRENT_REQUESTS, thread_name_prefix="llm-server"
        )
        self._client = httpx.Client(
            base_url=endpoint.url,
            headers={"Authorization": f"Bearer {endpoint.api_key}"},
            timeout=httpx.Timeout(None, connect=CONNECT_TIMEOUT_S),
            trust_env=False,  # loopback: never through a proxy from the environment
        )

    @property
    def label(self) -> str:
        """How errors name the server."""
        return f"local:{self.endpoint.model} (model server, pid {self.endpoint.pid})"

    @property
    def executor(self) -> ThreadPoolExecutor:
        """The threads requests block on."""
        return self._executor

    @property
    def usable(self) -> bool:
        """False once closed."""
        return not self._client.is_closed

    def check(self) -> None:
        """One authenticated request: raises when the key is refused or nobody answers."""
        try:
            response = self._client.get("/v1/models")
        except httpx.HTTPError as exc:
            raise ServerGone(self.label, f"does not answer at {self.endpoint.url}: {exc}") from exc
        if response.status_code != 200:
            raise ModelRequestError(
                self.label,
                f"refused the key of its endpoint file (HTTP {response.status_code})",
                status=response.status_code,
            )

    def chat(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """One chat completion (blocking)."""
        try:
            response = self._client.post("/v1/chat/completions", json=dict(body))
        except httpx.HTTPError as exc:
            raise ServerGone(self.label, f"stopped answering: {exc}", retryable=True) from exc
        return _reply(response.status_code, response.text)

    def chat_stream(
        self, body: Mapping[str, Any], on_chunk: Callable[[dict[str, Any]], bool]
    ) -> None:
        """One streamed completion (blocking); closing the response when ``on_chunk``
        returns True makes llama.cpp stop generating."""
        try:
            with self._client.stream(
                "POST", "/v1/chat/completions", json={**body, "stream": True}
            ) as response:
                if response.status_code != 200:
                    on_chunk(_reply(response.status_code, response.read().decode()))
                    return
                for line in response.iter_lines():
                    payload = line.removeprefix("data:").strip()
                    if not line.startswith("data:") or not payload:
                        continue
                    if payload == "[DONE]":
                        return
                    if on_chunk(json.loads(payload)):
                        return
        except httpx.HTTPError as exc:
            raise ServerGone(self.label, f"stopped answering: {exc}", retryable=True) from exc

    def close(self) -> None:
        """Stop using the server (it may leave once idle)."""
        self._client.close()
        self._executor.shutdown(wait=False)
        self._users.release()


def answers(endpoint: Endpoint) -> bool:
    """Whether ``endpoint`` answers an authenticated request with its key."""
    try:
        response = httpx.get(
            f"{endpoint.url}/v1/models",
            headers={"Authorization": f"Bearer {endpoint.api_key}"},
            timeout=CONNECT_TIMEOUT_S,
            trust_env=False,
        )
    except httpx.HTTPError:
        return False
    return response.status_code == 200


def _reply(status: int, text: str) -> dict[str, Any]:
    """The reply as the in-process call returns it: the completion, or an ``error`` object
    (which the provider raises with its status)."""
    try:
        body = json.loads(text)
    except ValueError:
        body = None
    if status == 200 and isinstance(body, dict):
        return body
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        return {"error": {"code": status, **body["error"]}}
    return {"error": {"code": status, "message": text[:500] or f"HTTP {status}"}}
