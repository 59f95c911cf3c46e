"""Another A2A agent as a source: ask it, and read its answer as a cited document.

``ask_agent(url, question)`` sends one message with the official client (its card resolved
at the well-known path, an API key sent the way the card's security schemes say) and waits
for the task to end; the answer is the text of its final message and of its artifacts (data
parts as JSON), cited by the agent's URL.

``A2ASourceSearch`` plugs agents in where a search provider goes: each search asks every
agent the query and returns the answers as hits ahead of the wrapped provider's own (whose
hits fill the rest); ``A2AReader`` (research) and ``AnswerFetcher`` (monitor runs) read an
answer's URL back from those answers and any other URL with what they wrap — so a report or
a monitor's evidence cites the agent like any page. ``with_agents`` builds research tools,
``monitor_sources`` the run hook for monitors created with ``--a2a-source``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

import httpx
from a2a.client import (
    A2ACardResolver,
    A2AClientError,
    AuthInterceptor,
    ClientCallContext,
    ClientCallInterceptor,
    ClientConfig,
    CredentialService,
    create_client,
)
from a2a.helpers import get_data_parts, get_text_parts, new_text_message
from a2a.types.a2a_pb2 import Part, Role, SendMessageRequest, Task, TaskState
from a2a.utils.errors import A2AError

from sentinel.errors import InvalidInput, ProviderError
from sentinel.monitor.run import MonitorSources
from sentinel.monitor.workspace import PageFetcher
from sentinel.notify.specs import validate_webhook_url
from sentinel.protocols.a2a import CONTEXT_KEY, agent_urls
from sentinel.research.reading import Page, PageReader
from sentinel.research.tools import ResearchTools
from sentinel.storage import MonitorRecord
from sentinel.web.fetch_result import FetchResult, Validators
from sentinel.web.fingerprint import content_fingerprint
from sentinel.web.search.base import SearchHit, SearchInput, SearchProvider

PROVIDER = "a2a"
MAX_ANSWER_CHARS = 20_000


class ApiKeyCredentials(CredentialService):
    """One API key for every security scheme the agent's card declares."""

    def __init__(self, key: str) -> None:
        self.key = key

    async def get_credentials(
        self, security_scheme_name: str, context: ClientCallContext | None
    ) -> str | None:
        """The key, whatever the scheme."""
        return self.key


@dataclass(frozen=True)
class AgentAnswer:
    """What an agent answered: its URL (the citation), its name, the text, the task's end."""

    url: str
    agent: str
    text: str
    state: str


async def ask_agent(
    url: str,
    question: str,
    *,
    api_key: str | None = None,
    http: httpx.AsyncClient | None = None,
    timeout_s: float = 300.0,
) -> AgentAnswer:
    """Ask the A2A agent at ``url`` and wait for its answer (a blocking ``SendMessage``).

    Raises ``ProviderError`` naming the agent when it cannot be reached, refuses, or ends the
    task in another state than completed.
    """
    base = validate_webhook_url(url).rstrip("/")
    owned = http is None
    client_http = http or httpx.AsyncClient(timeout=httpx.Timeout(timeout_s))
    interceptors: list[ClientCallInterceptor] = (
        [AuthInterceptor(ApiKeyCredentials(api_key))] if api_key else []
    )
    try:
        card = await A2ACardResolver(client_http, base).get_agent_card()
        agent = await create_client(
            card, ClientConfig(httpx_client=client_http, streaming=False), interceptors
        )
        try:
            request = SendMessageRequest(message=new_text_message(question, role=Role.ROLE_USER))
            task: Task | None = None
            texts: list[str] = []
            async for event in agent.send_message(request, context=ClientCallContext()):
                if event.HasField("task"):
                    task = event.task
                elif event.HasField("message"):
                    texts.extend(_texts(event.message.parts))
        finally:
            await agent.close()
    except (A2AClientError, A2AError, httpx.HTTPError) as exc:
        raise ProviderError(PROVIDER, f"{base}: {exc}", retryable=True) from exc
    finally:
        if owned:
            await client_http.aclose()
    state = "completed"
    if task is not None:
        state = TaskState.Name(task.status.state).removeprefix("TASK_STATE_").lower()
        if task.status.HasField("message"):
            texts.extend(_texts(task.status.message.parts))
        for artifact in task.artifacts:
            texts.extend(_texts(artifact.parts))
    if state != "completed":
        raise ProviderError(PROVIDER, f"{base} ended the task {state}: {' '.join(texts)[:300]}")
    text = "\n\n".join(t for t in texts if t.strip())[:MAX_ANSWER_CHARS]
    if not text:
        raise ProviderError(PROVIDER, f"{base} answered nothing")
    return AgentAnswer(url=base, agent=card.name or base, text=text, state=state)


def _texts(parts: Iterable[Part]) -> list[str]:
    items = list(parts)
    texts = get_text_parts(items)
    texts += [json.dumps(data, ensure_ascii=False, indent=1) for data in get_data_parts(items)]
    return texts


class A2ASourceSearch:
    """A search provider asking A2A agents first, then ``fallback`` (optional)."""

    name = PROVIDER

    def __init__(
        self,
        agents: list[str],
        fallback: SearchProvider | None = None,
        *,
        api_key: str | None = None,
        http: httpx.AsyncClient | None = None,
    ) -> None:
        self.agents = agent_urls(agents)
        self.fallback = fallback
        self.api_key = api_key
        self.http = http
        self.answers: dict[str, AgentAnswer] = {}

    async def search(self, query: SearchInput) -> list[SearchHit]:
        """Each agent's answer to ``query`` as a hit, then the fallback's hits."""
        hits: list[SearchHit] = []
        for url in self.agents:
            answer = await ask_agent(url, query.query, api_key=self.api_key, http=self.http)
            self.answers[answer.url] = answer
            title = f"{answer.agent}: {query.query}"
            hits.append(
                SearchHit(title=title, url=answer.url, snippet=answer.text[:300], provider=PROVIDER)
            )
        if self.fallback is not None and len(hits) < query.num_results:
            more = query.model_copy(update={"num_results": query.num_results - len(hits)})
            hits.extend(await self.fallback.search(more))
        return hits[: query.num_results]


class A2AReader:
    """Reads agents' answers from ``source``; other URLs with ``fallback``."""

    def __init__(self, source: A2ASourceSearch, fallback: PageReader) -> None:
        self.source = source
        self.fallback = fallback

    async def read(self, url: str) -> Page:
        """The agent's latest answer for its URL, else the fallback's page."""
        answer = self.source.answers.get(url.rstrip("/"))
        if answer is None:
            return await self.fallback.read(url)
        return Page(url=answer.url, final_url=answer.url, title=answer.agent, text=answer.text)


class _AgentsOnly:
    """The reader behind agents used alone: every hit is an agent's answer."""

    async def read(self, url: str) -> Page:
        raise InvalidInput("url", url, "is not an A2A agent's answer (no other source is set)")


def with_agents(
    tools: ResearchTools | None, agents: list[str], *, api_key: str | None = None
) -> ResearchTools:
    """Research tools asking ``agents`` first, then searching and reading with ``tools``
    (or the agents alone when ``tools`` is None); ``tools``' clients are closed with them."""
    source = A2ASourceSearch(agents, tools.search if tools else None, api_key=api_key)
    reader = A2AReader(source, tools.reader if tools else _AgentsOnly())
    return ResearchTools(source, reader, list(tools.closers) if tools else [])


class AnswerFetcher:
    """A monitor run's fetcher: agents' answers from ``source``, other pages from ``pages``."""

    def __init__(self, source: A2ASourceSearch, pages: PageFetcher) -> None:
        self.source = source
        self.pages = pages

    async def fetch(self, url: str, *, validators: Validators | None = None) -> FetchResult:
        """The agent's latest answer as a fetched page (its URL the citation), or the page
        (conditional with ``validators``)."""
        answer = self.source.answers.get(url.rstrip("/"))
        if answer is None:
            return await self.pages.fetch(url, validators=validators)
        return FetchResult(
            url=answer.url,
            final_url=answer.url,
            status=200,
            content_type="text/plain",
            title=answer.agent,
            text=answer.text,
            fingerprint=content_fingerprint(answer.text, title=answer.agent),
            fetched_at=datetime.now(UTC),
            elapsed_s=0.0,
        )


def monitor_sources(api_key: str | None = None) -> MonitorSources:
    """The ``RunServices.extra_sources`` hook: a monitor whose context names A2A agents
    (``a2a_sources``, set by ``sentinel watch add --a2a-source``) asks them on every search."""

    def sources(
        monitor: MonitorRecord, search: SearchProvider, fetcher: PageFetcher
    ) -> tuple[SearchProvider, PageFetcher]:
        agents = monitor.context.get(CONTEXT_KEY) or []
        if not agents:
            return search, fetcher
        source = A2ASourceSearch(list(agents), search, api_key=api_key)
        return source, AnswerFetcher(source, fetcher)

    return sources
