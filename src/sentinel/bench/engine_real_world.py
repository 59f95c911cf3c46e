"""The outside world of ``sentinel bench engine --runner real``: pages and a stand-in model.

One loopback HTTP server (``127.0.0.1``, a port of its own) in a child process, so that its
CPU is not counted in the worker's (the bench measures the worker process only):

- ``GET /p/<n>``: page ``n``, an HTML product page whose price is ``100 + version``. Each
  answer carries an ``ETag`` of the version; a request whose ``If-None-Match`` names the current
  version is answered ``304 Not Modified`` (the conditional look of a named source);
- ``POST /_bump``: a JSON list of page numbers whose version goes up by one (their price
  changes);
- ``GET /robots.txt``: 404 (everything may be read);
- ``POST /v1/chat/completions``: an OpenAI-compatible stand-in for the model. The sensor's
  request (its ``response_format`` names a ``SensorReply``) is answered with a ``report_state``
  call stating the price the page in the prompt shows, quoting it; the governor's request with
  a decision to act when the current price differs from the previous one, citing quote 1.

Keep-alive HTTP/1.1, as a real server (the fetcher's and the model client's connections are
reused). Run as ``python -m sentinel.bench.engine_real_world``: it prints its port on stdout,
then serves until its standard input closes.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
from typing import Any

PRICE_BASE = 100
_PRICE = re.compile(r"The price today is \$(\d+) per widget\.")
_STATE = re.compile(r"^(Previous|Current) state: (.*)$", re.MULTILINE)


def page_html(number: int, version: int) -> str:
    """Page ``number`` at ``version``: a small product page with its price."""
    price = PRICE_BASE + version
    return (
        f"<!doctype html><html><head><title>Widget {number}</title></head><body><main>"
        f"<h1>Widget {number}</h1><p>The widget {number} is a sturdy tool for everyday work.</p>"
        f"<p>The price today is ${price} per widget.</p><p>In stock. Ships in two days.</p>"
        "<p>Questions? Write to the shop; we answer within a day.</p></main></body></html>"
    )


def sensor_reply(prompt: str) -> dict[str, Any]:
    """The ``report_state`` call for a sensor prompt: the price on its first page, quoted."""
    found = _PRICE.search(prompt)
    price = int(found.group(1)) if found else None
    evidence = [{"page": 1, "quote": found.group(0)}] if found else []
    return {
        "action": "report_state",
        "payload": {
            "updated_state": {"price_usd": price},
            "evidence": evidence,
            "volatility_hint": None,
            "query_update": None,
        },
    }


def governor_reply(prompt: str) -> dict[str, Any]:
    """The decision for a governor prompt: act when the price changed (a first run, with no
    previous price, is the baseline)."""
    states = dict(_STATE.findall(prompt))
    previous, current = _price_of(states.get("Previous")), _price_of(states.get("Current"))
    act = previous is not None and current is not None and previous != current
    return {
        "reasoning": "The price changed." if act else "The price is the same.",
        "should_act": act,
        "answer": f"The price is now ${current}." if act else None,
        "facts": {"price_usd": current} if act else {},
        "evidence": [1] if act else [],
        "next_check": "15 minutes",
    }


def _price_of(text: str | None) -> int | None:
    if not text:
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    price = value.get("price_usd") if isinstance(value, dict) else None
    return price if isinstance(price, int) else None


def completion(request: dict[str, Any]) -> dict[str, Any]:
    """An OpenAI chat completion answering ``request`` (see the module documentation)."""
    prompt = "\n".join(str(m.get("content", "")) for m in request.get("messages", []))
    name = str(request.get("response_format", {}).get("json_schema", {}).get("name", ""))
    reply = sensor_reply(prompt) if "SensorReply" in name else governor_reply(prompt)
    return {
        "id": "chatcmpl-bench",
        "object": "chat.completion",
        "created": 1,
        "model": "bench-stand-in",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": json.dumps(reply)},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": len(prompt) // 4, "completion_tokens": 40, "total_tokens": 0},
    }


class World:
    """The pages' versions and the request counts (see the module documentation)."""

    def __init__(self) -> None:
        self.versions: dict[int, int] = {}
        self.counts = {"page": 0, "not_modified": 0, "model": 0}

    def answer(
        self, method: str, path: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, str, bytes, dict[str, str]]:
        """Status, content type, body and extra headers for one request."""
        if method == "GET" and path.startswith("/p/"):
            number = int(path[3:])
            version = self.versions.get(number, 0)
            etag = f'"v{version}"'
            self.counts["page"] += 1
            if headers.get("if-none-match") == etag:
                self.counts["not_modified"] += 1
                return 304, "text/html", b"", {"ETag": etag}
            html = page_html(number, version).encode()
            return 200, "text/html; charset=utf-8", html, {"ETag": etag}
        if method == "POST" and path == "/_bump":
            for number in json.loads(body):
                self.versions[int(number)] = self.versions.get(int(number), 0) + 1
            return 200, "application/json", b"{}", {}
        if method == "GET" and path == "/_counts":
            return 200, "application/json", json.dumps(self.counts).encode(), {}
        if method == "POST" and path.endswith("/chat/completions"):
            self.counts["model"] += 1
            reply = json.dumps(completion(json.loads(body))).encode()
            return 200, "application/json", reply, {}
        return 404, "text/plain", b"not found", {}

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Answer requests on one connection until the client closes it."""
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
                    return
                lines = head.decode("latin-1").split("\r\n")
                method, path = lines[0].split(" ")[:2]
                headers = {
                    k.strip().lower(): v.strip()
                    for k, _, v in (line.partition(":") for line in lines[1:] if line)
                }
                body = await reader.readexactly(int(headers.get("content-length", "0")))
                status, kind, payload, extra = self.answer(method, path, headers, body)
                head_lines = [
                    f"HTTP/1.1 {status} {'OK' if status == 200 else 'X'}",
                    f"Content-Type: {kind}",
                    f"Content-Length: {len(payload)}",
                    *(f"{key}: {value}" for key, value in extra.items()),
                ]
                writer.write(("\r\n".join(head_lines) + "\r\n\r\n").encode() + payload)
                await writer.drain()
        finally:
            writer.close()


async def main() -> None:
    """Serve on a free loopback port (printed) until standard input closes."""
    world = World()
    server = await asyncio.start_server(world.serve, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)
    server.close()


if __name__ == "__main__":
    asyncio.run(main())
