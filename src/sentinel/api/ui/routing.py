"""Routes of the web UI: errors become pages, not problem documents.

``UiRoute`` renders a ``SentinelError`` raised by a page or its dependencies as an HTML page
with the status the API would give: a login redirect, 403 for a rejected form, 404 for a
missing record, 409 for a state that forbids the action, 422 for bad input.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request
from fastapi.responses import Response
from fastapi.routing import APIRoute

from sentinel.api.problems import Conflict
from sentinel.api.ui.access import CsrfRejected, LoginRequired, login_url
from sentinel.api.ui.render import page, redirect
from sentinel.errors import InvalidInput, SentinelError
from sentinel.storage import InvalidTransition, RecordNotFound, TransitionConflict

Handler = Callable[[Request], Coroutine[Any, Any, Response]]


def error_status(error: SentinelError) -> int:
    """The HTTP status of an expected error, as the API maps it."""
    if isinstance(error, CsrfRejected):
        return 403
    if isinstance(error, RecordNotFound):
        return 404
    if isinstance(error, InvalidTransition | TransitionConflict | Conflict):
        return 409
    if isinstance(error, InvalidInput):
        return 422
    return 500


class UiRoute(APIRoute):
    """An ``APIRoute`` whose expected errors are rendered as pages."""

    def get_route_handler(self) -> Handler:
        handler = super().get_route_handler()

        async def guarded(request: Request) -> Response:
            try:
                return await handler(request)
            except LoginRequired as needed:
                if request.headers.get("hx-request"):
                    # htmx follows HX-Redirect with a full page load.
                    return Response(status_code=401, headers={"HX-Redirect": "/login"})
                return redirect(login_url(needed.next_path))
            except SentinelError as error:
                status = error_status(error)
                return page(request, "error.html", None, status_code=status, error=str(error))

        return guarded
