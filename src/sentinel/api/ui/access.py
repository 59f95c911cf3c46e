"""Access to the web UI: who the viewer is, the login redirect, and the CSRF check of posts.

Pages are open exactly when the API is (no active key on a loopback server); otherwise they
need a session opened with an active API key on ``/login``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated
from urllib.parse import parse_qsl, quote, urlsplit

from fastapi import Depends, Request
from starlette.datastructures import FormData

from sentinel.api.state import ApiState, api_state
from sentinel.api.ui.session import COOKIE, CSRF_FIELD, CSRF_HEADER, Session, Signer
from sentinel.errors import InvalidInput, SentinelError
from sentinel.owners import LOCAL_OWNER
from sentinel.storage.api_keys import ApiKeyRecord, ApiKeyRepository

FORM_TYPE = "application/x-www-form-urlencoded"
MAX_FORM_BYTES = 64 * 1024


@dataclass(frozen=True, slots=True)
class Viewer:
    """The person behind a request: their session (possibly just issued), its CSRF token, and
    whether keys are required (then ``key_name`` names the key they signed in with)."""

    session: Session
    csrf: str
    keys_required: bool
    key_name: str | None = None
    issued: bool = False
    # Whose monitors and research jobs the pages show: the key's owner, or the local user.
    owner: str = LOCAL_OWNER


class LoginRequired(SentinelError):
    """The page needs a session opened with an active API key."""

    def __init__(self, next_path: str) -> None:
        self.next_path = next_path
        super().__init__("sign in with an API key")


class CsrfRejected(SentinelError):
    """A form post without this session's CSRF token, or from another origin."""


def ui_signer(request: Request) -> Signer:
    """The app's session signer."""
    signer = request.app.state.sentinel_ui_signer
    assert isinstance(signer, Signer)
    return signer


async def keys_required(state: ApiState) -> bool:
    """Whether the server requires API keys right now (as the API does)."""
    if not state.open_without_keys:
        return True
    async with state.db.transaction() as tx:
        return await ApiKeyRepository(tx.session).any_active()


async def active_key(state: ApiState, key_id: int) -> ApiKeyRecord | None:
    """Key ``key_id`` if it exists and is not revoked."""
    async with state.db.transaction() as tx:
        for key in await ApiKeyRepository(tx.session).list():
            if key.id == key_id and key.active:
                return key
    return None


async def optional_viewer(request: Request) -> Viewer:
    """The viewer, issuing an anonymous session when there is none (for the login page)."""
    state = api_state(request)
    signer = ui_signer(request)
    now = state.clock.now()
    session = signer.load(request.cookies.get(COOKIE), now)
    required = await keys_required(state)
    key = None
    if session is not None and session.key_id is not None:
        key = await active_key(state, session.key_id)
        if key is None:  # revoked since: the session is over
            session = None
    issued = session is None
    if session is None:
        session = Session.new(now)
    return Viewer(
        session,
        signer.csrf_token(session),
        required,
        key.name if key is not None else None,
        issued,
        owner=key.owner if key is not None else LOCAL_OWNER,
    )


async def viewer(request: Request) -> Viewer:
    """The viewer of a page; raises ``LoginRequired`` when keys are required and the session
    was not opened with an active one."""
    seen = await optional_viewer(request)
    if seen.keys_required and seen.key_name is None:
        raise LoginRequired(_here(request))
    return seen


def _here(request: Request) -> str:
    path = request.url.path
    return path + (f"?{request.url.query}" if request.url.query else "")


def safe_next(target: str | None) -> str:
    """A path on this server to go to after login; anything else (another host, a scheme,
    ``//host``) becomes the dashboard."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return "/"
    return target


def login_url(next_path: str) -> str:
    """The login page, returning to ``next_path`` afterwards."""
    return "/login" if next_path == "/" else f"/login?next={quote(next_path, safe='/')}"


async def read_form(request: Request) -> FormData:
    """The fields of a urlencoded form post (the only kind the UI's forms send); any other
    body reads as an empty form, which then fails the CSRF check."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != FORM_TYPE:
        return FormData()
    body = await request.body()
    if len(body) > MAX_FORM_BYTES:
        raise InvalidInput("form", f"{len(body)} bytes", f"is larger than {MAX_FORM_BYTES} bytes")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidInput("form", "…", "is not UTF-8") from None
    # The UI's forms send each field once; a repeated field keeps its last value.
    return FormData(dict(parse_qsl(text, keep_blank_values=True, max_num_fields=100)))


async def checked_form(request: Request, seen: Viewer) -> FormData:
    """The posted form, once its CSRF token and origin are this session's and this server's."""
    form = await read_form(request)
    token = form.get(CSRF_FIELD) or request.headers.get(CSRF_HEADER)
    signer = ui_signer(request)
    if seen.issued or not signer.check_csrf(
        seen.session, token if isinstance(token, str) else None
    ):
        raise CsrfRejected("the form has expired or did not come from this site; reload the page")
    origin = request.headers.get("origin")
    if origin is not None and origin != "null":
        own = f"{request.url.scheme}://{request.url.netloc}"
        if origin != own:
            raise CsrfRejected(f"a form posted from {origin} is not accepted")
    elif origin == "null":
        raise CsrfRejected("a form posted from an opaque origin is not accepted")
    return form


CurrentViewer = Annotated[Viewer, Depends(viewer)]
AnyViewer = Annotated[Viewer, Depends(optional_viewer)]
