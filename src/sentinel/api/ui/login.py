"""Signing in to the web UI with an API key, and out again."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from sentinel.api.dependencies import State
from sentinel.api.ui.access import AnyViewer, Viewer, checked_form, safe_next
from sentinel.api.ui.render import page, redirect, with_session
from sentinel.api.ui.routing import UiRoute
from sentinel.api.ui.session import COOKIE, Session
from sentinel.storage.api_keys import ApiKeyRepository

router = APIRouter(route_class=UiRoute, include_in_schema=False)


@router.get("/login")
async def login_form(request: Request, viewer: AnyViewer, next: str | None = None) -> Response:
    """The key box (the dashboard straight away when no key is needed or one is signed in)."""
    target = safe_next(next)
    if not viewer.keys_required or viewer.key_name is not None:
        return with_session(request, redirect(target), viewer)
    return page(request, "login.html", viewer, next=target, problem=None)


@router.post("/login")
async def login(request: Request, viewer: AnyViewer, state: State) -> Response:
    """Open a session with a valid API key; the key itself is never stored in the cookie."""
    form = await checked_form(request, viewer)
    raw_next = form.get("next")
    target = safe_next(raw_next if isinstance(raw_next, str) else None)
    # Guessing keys costs the same requests as any other API call.
    state.limiter.check(
        f"login:{request.client.host if request.client else '-'}", state.monotonic()
    )
    token = form.get("key")
    record = None
    if isinstance(token, str) and token.strip():
        async with state.db.transaction() as tx:
            record = await ApiKeyRepository(tx.session).authenticate(token.strip())
    if record is None:
        return page(
            request,
            "login.html",
            viewer,
            status_code=401,
            next=target,
            problem="invalid or revoked API key",
        )
    session = Session.new(state.clock.now(), key_id=record.id)
    signed_in = Viewer(session, "", True, record.name, issued=True)
    return with_session(request, redirect(target), signed_in)


@router.post("/logout")
async def logout(request: Request, viewer: AnyViewer) -> Response:
    """End the session."""
    await checked_form(request, viewer)
    response = redirect("/login")
    response.delete_cookie(COOKIE, path="/")
    return response
