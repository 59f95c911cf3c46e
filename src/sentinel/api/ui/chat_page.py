"""The chat page: talk to the assistant as the signed-in owner (the local user on an open
server), watching each turn stream in — persona, actions with their results, the answer,
clickable suggestions and the receipt.

The page posts the conversation as JSON to ``/chat/stream``, which answers the same
server-sent events as ``POST /api/v1/chat/agentic/stream``, under the page's session instead
of an API key: the session must be valid (signed in when keys exist) and the request must
carry the session's CSRF token in ``X-CSRF-Token`` from this server's origin. Its refusals
are problem documents (the page's script shows their ``detail``), not HTML pages.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import ValidationError

from sentinel.api.chat_stream import event_stream
from sentinel.api.chat_turns import chat_model_name, chat_turn
from sentinel.api.dependencies import State
from sentinel.api.problems import FieldProblem, problem_response
from sentinel.api.ui.access import (
    CsrfRejected,
    CurrentViewer,
    LoginRequired,
    checked_form,
    viewer,
)
from sentinel.api.ui.memory_pages import viewer_owner
from sentinel.api.ui.render import page, secure_headers
from sentinel.api.ui.routing import UiRoute
from sentinel.assistant.chat.events import MAX_ITERATIONS_CAP, MAX_MESSAGE_CHARS, ChatRequest

router = APIRouter(route_class=UiRoute, include_in_schema=False)
stream_router = APIRouter(include_in_schema=False)
MAX_BODY_BYTES = 8 * 1024 * 1024


@router.get("/chat")
async def chat_page(request: Request, viewer: CurrentViewer, state: State) -> Response:
    """The conversation (empty: it lives in the browser tab) and the message box."""
    return page(
        request,
        "chat.html",
        viewer,
        owner=await viewer_owner(state, viewer),
        model=chat_model_name(request),
        limit=MAX_MESSAGE_CHARS,
        max_iterations=MAX_ITERATIONS_CAP,
    )


@stream_router.post("/chat/stream")
async def chat_stream(request: Request, state: State) -> Response:
    """One turn of the page's conversation, as server-sent events."""
    try:
        seen = await viewer(request)
        await checked_form(request, seen)  # a JSON body: the token comes from the header
    except LoginRequired as needed:
        return secure_headers(problem_response(401, f"{needed}: open /login", kind="login"))
    except CsrfRejected as rejected:
        return secure_headers(problem_response(403, str(rejected), kind="csrf"))
    body = await request.body()
    if len(body) > MAX_BODY_BYTES:
        return problem_response(413, f"the conversation is larger than {MAX_BODY_BYTES} bytes")
    try:
        chat = ChatRequest.model_validate_json(body)
    except ValidationError as invalid:
        errors = [
            FieldProblem(
                field=".".join(str(part) for part in item["loc"]) or "body",
                message=str(item["msg"]).removeprefix("Value error, "),
            )
            for item in invalid.errors()
        ]
        detail = "; ".join(f"{e.field}: {e.message}" for e in errors)
        return problem_response(422, detail, kind="invalid-input", errors=errors)
    owner = await viewer_owner(state, seen)
    return secure_headers(event_stream(chat_turn(request)(chat, owner)))
