"""The research page: a question starts a job; its page streams progress over the UI's SSE
route (the API's stream under the session) and shows the report with linked citations."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from sentinel.api import create_app
from sentinel.api.ui.report import cited, report_view
from sentinel.research.runlog import RunLog
from sentinel.storage import Database
from tests.api.ui.helpers import post_form
from tests.asgi import asgi_client

REPORT: dict[str, Any] = {
    "kind": "research_report",
    "question": "Who won?",
    "report": {
        "topic": "Who won the Calder Marathon",
        "executive_summary": "Kiprono won in 2:04:31 [1], a record [2] <b>!</b> [7]",
        "sections": [
            {
                "section_title": "Result",
                "content": "Kiprono won in 2:04:31 [1].",
                "claims": [
                    {
                        "text": "Kiprono won in 2:04:31.",
                        "citations": [
                            {
                                "source": 1,
                                "quote": 'Kiprono <won> in "2:04:31"',
                                "start": 4,
                                "end": 30,
                            },
                            {"source": 9, "quote": "no such source", "start": 0, "end": 14},
                        ],
                    }
                ],
            }
        ],
        "sources": [
            {"title": "Official results", "url": "http://www.caldermarathon.example/results"},
            {"title": "Bad link", "url": "javascript:alert(1)"},
        ],
    },
    "queries": ["calder marathon winner"],
    "model_calls": 3,
}


async def runner(question: str, log: RunLog) -> dict[str, Any]:
    log.record("start", "planner", question=question)
    log.record("search", "searcher", query="calder marathon winner")
    await asyncio.sleep(0)
    return REPORT | {"question": question}


@pytest.fixture
async def research_client(api_db: Database) -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(api_db, research_runner=runner, rate_per_minute=10_000)
    async with asgi_client(app) as client:
        yield client


async def test_a_question_becomes_a_job_whose_page_shows_the_cited_report(
    research_client: httpx.AsyncClient,
) -> None:
    started = await post_form(research_client, "/research", {"question": "  Who   won? "})
    assert (started.status_code, started.headers["location"]) == (303, "/research/1")
    events = await research_client.get("/research/1/events")
    assert events.headers["content-type"].startswith("text/event-stream")
    kinds = re.findall(r"^event: (\w+)", events.text, re.M)
    assert kinds == ["progress", "progress", "end"]
    assert '"query": "calder marathon winner"' in events.text
    page = (await research_client.get("/research/1")).text
    assert '<h1 class="question">Who won?</h1>' in page
    assert 'data-events="/research/1/events"' in page
    assert '<a class="cite" href="#source-1">[1]</a>' in page
    assert '<li id="source-1"><a href="http://www.caldermarathon.example/results"' in page
    assert 'href="javascript' not in page
    assert "&lt;b&gt;!&lt;/b&gt; [7]" in page
    # A checked sentence shows its passage on hover, and its part the quotes to expand.
    assert (
        'Kiprono won in 2:04:31. <a class="cite" href="#source-1" '
        'title="“Kiprono &lt;won&gt; in &#34;2:04:31&#34;”">[1]</a>'
    ) in page
    assert "<summary>Quoted from the sources</summary>" in page
    assert "<q>Kiprono &lt;won&gt; in &#34;2:04:31&#34;</q>" in page
    assert "no such source" not in page


async def test_an_empty_question_is_refused_on_the_form(
    research_client: httpx.AsyncClient,
) -> None:
    shown = await post_form(research_client, "/research", {"question": "   "})
    assert shown.status_code == 422
    assert "invalid question &#39;   &#39;: is empty" in shown.text
    assert (await research_client.get("/research/1")).status_code == 404


def test_citations_link_only_to_sources_that_exist() -> None:
    assert str(cited("a [1] b [3] <i>", 2)) == (
        'a <a class="cite" href="#source-1">[1]</a> b [3] &lt;i&gt;'
    )
    view = report_view(REPORT)
    assert [s["url"] for s in view["sources"]] == [
        "http://www.caldermarathon.example/results",
        None,
    ]


async def test_the_research_page_lists_the_questions_asked_newest_first(
    research_client: httpx.AsyncClient,
) -> None:
    assert "Your recent questions" not in (await research_client.get("/research")).text
    await post_form(research_client, "/research", {"question": "Who won?"})
    await post_form(research_client, "/research", {"question": "Who <i>lost</i>?"})

    page = (await research_client.get("/research")).text

    second = page.index('<a href="/research/2">Who &lt;i&gt;lost&lt;/i&gt;?</a>')
    first = page.index('<a href="/research/1">Who won?</a>')
    assert second < first
