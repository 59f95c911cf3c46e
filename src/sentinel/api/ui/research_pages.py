"""The research page: ask a question, watch its progress stream in (the API's server-sent
events, here under the page's session), read the report with clickable citations."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response
from sse_starlette import EventSourceResponse

from sentinel.api.dependencies import State
from sentinel.api.routers.research import JobId, ResearchRequest, follow_research
from sentinel.api.ui.access import CurrentViewer, checked_form
from sentinel.api.ui.render import page, redirect
from sentinel.api.ui.report import report_view
from sentinel.api.ui.routing import UiRoute
from sentinel.errors import InvalidInput
from sentinel.research.run import MAX_QUESTION_CHARS

router = APIRouter(route_class=UiRoute, include_in_schema=False)


@router.get("/research")
async def research_form(request: Request, viewer: CurrentViewer, state: State) -> Response:
    """The question box, and the viewer's recent questions."""
    return page(
        request,
        "research.html",
        viewer,
        question="",
        problem=None,
        limit=MAX_QUESTION_CHARS,
        jobs=await state.research.recent(viewer.owner),
    )


@router.post("/research")
async def start(request: Request, viewer: CurrentViewer, state: State) -> Response:
    """Start researching; follow the job on its page."""
    form = await checked_form(request, viewer)
    raw = form.get("question")
    text = raw if isinstance(raw, str) else ""
    question = " ".join(text.split())
    problem = None
    if not question:
        problem = str(InvalidInput("question", text, "is empty"))
    elif len(question) > MAX_QUESTION_CHARS:
        problem = str(
            InvalidInput(
                "question", question[:60] + "…", f"is longer than {MAX_QUESTION_CHARS} characters"
            )
        )
    if problem is not None:
        return page(
            request,
            "research.html",
            viewer,
            status_code=422,
            question=text[:MAX_QUESTION_CHARS],
            problem=problem,
            limit=MAX_QUESTION_CHARS,
            jobs=await state.research.recent(viewer.owner),
        )
    ResearchRequest(question=question)  # the API's own check of the request
    job = await state.research.start(viewer.owner, question)
    return redirect(f"/research/{job.id}")


@router.get("/research/{job_id}")
async def job_page(
    request: Request, job_id: JobId, viewer: CurrentViewer, state: State
) -> Response:
    """A job: its progress (streamed by the page's script) and, once done, its report."""
    job = await state.research.get(viewer.owner, job_id)
    report = report_view(job.result) if job.result is not None else None
    return page(request, "research_job.html", viewer, job=job, report=report)


@router.get("/research/{job_id}/events")
async def job_events(job_id: JobId, viewer: CurrentViewer, state: State) -> EventSourceResponse:
    """The job's progress events: the API's stream, for a page signed in by cookie."""
    return await follow_research(job_id, state, viewer.owner)
