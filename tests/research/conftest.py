"""Fakes for research tests: a scripted search provider and reader, and a scripted model
that answers each node by the output type it asks for."""

from __future__ import annotations

import asyncio
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest

from sentinel.errors import InvalidInput
from sentinel.llm import ScriptedModel, ScriptedRequest
from sentinel.research import (
    AnalyzerDecision,
    Page,
    ReportDraft,
    ResearchModels,
    ResearchPlan,
    ResearchSettings,
    ResearchTools,
    SearchHit,
    SearchInput,
)

Answer = Any  # a dict, raw text, an exception to raise, or a function of the request


def hit(url: str, title: str = "", snippet: str = "") -> SearchHit:
    """A search hit from the fake provider."""
    return SearchHit(title=title or url, url=url, snippet=snippet or FACT, provider="fake")


class FakeSearch:
    """Answers queries from a script: a list per call, an exception, or a slow answer.

    ``results`` maps a query word to the hits of any query containing it; ``script`` entries,
    when given, are used first, one per call.
    """

    name = "fake"

    def __init__(
        self,
        results: Mapping[str, list[SearchHit]] | None = None,
        *,
        script: Iterable[list[SearchHit] | BaseException | float] = (),
    ) -> None:
        self.results = dict(results or {})
        self.script: deque[list[SearchHit] | BaseException | float] = deque(script)
        self.calls: list[SearchInput] = []

    async def search(self, query: SearchInput) -> list[SearchHit]:
        """The scripted answer, else every hit whose key word is in the query."""
        self.calls.append(query)
        if self.script:
            step = self.script.popleft()
            if isinstance(step, BaseException):
                raise step
            if isinstance(step, float):
                await asyncio.sleep(step)  # slower than the gate allows
                return []
            return step[: query.num_results]
        words = query.query.casefold().split()
        found = [h for key, hits in self.results.items() if key in words for h in hits]
        return found[: query.num_results]


class FakeReader:
    """Pages by URL; a URL without a page fails like an unreachable one."""

    def __init__(self, pages: Mapping[str, str] | None = None) -> None:
        self.pages = dict(pages or {})
        self.read_urls: list[str] = []

    async def read(self, url: str) -> Page:
        """The page's text, or InvalidInput for an unknown URL."""
        self.read_urls.append(url)
        if url not in self.pages:
            raise InvalidInput("url", url, "no such page")
        return Page(url, url, f"Page {url}", self.pages[url])


class NodeScript:
    """A scripted model for the three model nodes: queued answers per output type.

    A node whose queue is empty gets its default (plan the question, FINISH, a one-section
    report citing [1]); ``requests`` keeps every request by output type.
    """

    def __init__(
        self,
        *,
        plans: Iterable[Answer] = (),
        decisions: Iterable[Answer] = (),
        reports: Iterable[Answer] = (),
    ) -> None:
        self.queues: dict[type, deque[Answer]] = {
            ResearchPlan: deque(plans),
            AnalyzerDecision: deque(decisions),
            ReportDraft: deque(reports),
        }
        self.requests: dict[type, list[ScriptedRequest]] = {t: [] for t in self.queues}
        self.model = ScriptedModel(self.answer, name="node-script")

    def answer(self, request: ScriptedRequest) -> Any:
        """The next answer for the node asking."""
        assert request.output in self.queues, f"unexpected output type {request.output}"
        self.requests[request.output].append(request)
        queue = self.queues[request.output]
        reply = queue.popleft() if queue else DEFAULTS[request.output]
        return reply(request) if callable(reply) else reply

    def calls(self, output: type) -> int:
        """How many requests asked for ``output``."""
        return len(self.requests[output])

    @property
    def models(self) -> ResearchModels:
        """Every node on this script."""
        return ResearchModels.single(self.model)


def plan(
    query: str = "repair vote", narrow: bool = False, freshness: str | None = None
) -> dict[str, Any]:
    """A planner answer."""
    return {"research_query": query, "narrow": narrow, "freshness": freshness}


def decision(status: str, next_query: str = "", missing: str = "") -> dict[str, Any]:
    """An analyzer answer."""
    return {"missing": missing, "status": status, "next_query": next_query}


FACT = "Parliament adopted the repair act with 412 votes in favour."
"""What every source says unless a test says otherwise (the default draft cites it)."""


def draft(
    *contents: str, summary: str = "Parliament adopted the repair act [1]."
) -> dict[str, Any]:
    """A reporter answer with one section per content."""
    return {
        "topic": "Topic",
        "executive_summary": summary,
        "sections": [
            {"section_title": f"Part {i}", "content": c}
            for i, c in enumerate(contents or ["The act passed with 412 votes in favour [1]."], 1)
        ],
    }


DEFAULTS: dict[type, Answer] = {
    ResearchPlan: plan(),
    AnalyzerDecision: decision("FINISH"),
    ReportDraft: draft(),
}

# Three domains, reachable with different words.
VOTE = [
    hit(
        "https://www.europarl.example/news/adopted",
        "Parliament adopts repair act",
        FACT,
    ),
    hit(
        "https://europarl.example/plenary",
        "Plenary agenda",
        "Parliament votes on the repair act on Wednesday.",
    ),
]
PRESS = [
    hit(
        "https://brusselsbeat.example/repair",
        "Repair act passes",
        "The repair act passed by 412 votes to 126, with 412 votes in favour.",
    )
]
BLOG = [
    hit(
        "https://repaircoalition.example/blog",
        "We did it",
        "The vote matters: Parliament adopted the repair act with 412 votes in favour.",
    )
]


@pytest.fixture
def fast() -> ResearchSettings:
    """Settings with quick retries and no rate limits."""
    return ResearchSettings(
        retry_base_delay_s=0.0,
        search_rate_per_s=None,
        analyze_when_covered=True,  # these tests follow the analyzer's decisions
        plan_with_model=True,  # and the planner's
        search_timeout_s=0.5,
        model_timeout_s=0.5,
        run_timeout_s=10,
    )


def tools(search: FakeSearch, reader: FakeReader | None = None) -> ResearchTools:
    """Tools over the fakes."""
    return ResearchTools(search, reader or FakeReader())


ToolsFactory = Callable[..., ResearchTools]


Receiver = tuple[str, list[tuple[dict[str, str], bytes]]]
"""A webhook receiver's URL and the (headers, body) of each request it got."""


class _Receiver(BaseHTTPRequestHandler):
    received: ClassVar[list[tuple[dict[str, str], bytes]]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.received.append((dict(self.headers), body))
        self.send_response(202)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        return None


@contextmanager
def serving_receiver() -> Iterator[Receiver]:
    """A webhook receiver on 127.0.0.1 that accepts every POST (202), while in the block."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Receiver)
    _Receiver.received = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/hook", _Receiver.received
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    """A running webhook receiver (see ``serving_receiver``)."""
    with serving_receiver() as running:
        yield running
