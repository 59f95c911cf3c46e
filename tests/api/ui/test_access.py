"""Who may use the UI: open like the API while no key exists, behind a key-login once one
does (a signed HttpOnly cookie, never the key), and every form post CSRF-checked."""

from __future__ import annotations

from datetime import timedelta

import httpx
import pytest

from sentinel.api.ui.access import safe_next
from sentinel.api.ui.session import COOKIE, Session, Signer
from sentinel.storage import Database
from sentinel.storage.api_keys import ApiKeyRepository
from tests.api.conftest import START
from tests.api.ui.helpers import csrf, post_form


async def _key(db: Database) -> tuple[int, str]:
    async with db.transaction() as tx:
        record, token = await ApiKeyRepository(tx.session).create("browser", now=START)
    return record.id, token


async def test_once_a_key_exists_pages_redirect_to_the_login(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    await _key(api_db)
    for path, target in [
        ("/", "/login"),
        ("/monitors/3?from=1&to=2", "/login?next=/monitors/3%3Ffrom%3D1%26to%3D2"),
    ]:
        response = await client.get(path)
        assert (response.status_code, response.headers["location"]) == (303, target)
    polled = await client.get("/partials/monitors", headers={"HX-Request": "true"})
    assert (polled.status_code, polled.headers["hx-redirect"]) == (401, "/login")


async def test_signing_in_with_a_key_opens_a_session_until_the_key_is_revoked(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    key_id, token = await _key(api_db)
    await _key(api_db)  # another key stays active: keys are still required after the revoke
    wrong = await post_form(client, "/login", {"key": "not-a-key", "next": "/research"})
    assert wrong.status_code == 401
    assert "invalid or revoked API key" in wrong.text
    signed_in = await post_form(client, "/login", {"key": token, "next": "/research"})
    assert (signed_in.status_code, signed_in.headers["location"]) == (303, "/research")
    cookie = signed_in.headers["set-cookie"]
    assert "HttpOnly" in cookie
    assert "SameSite=lax" in cookie.replace("Lax", "lax")
    assert token not in cookie
    assert (await client.get("/")).status_code == 200
    async with api_db.transaction() as tx:
        await ApiKeyRepository(tx.session).revoke(key_id, now=START)
    assert (await client.get("/")).status_code == 303


async def test_signing_out_ends_the_session(client: httpx.AsyncClient, api_db: Database) -> None:
    _, token = await _key(api_db)
    await post_form(client, "/login", {"key": token})
    out = await post_form(client, "/logout", {}, token_from="/")
    assert (out.status_code, out.headers["location"]) == (303, "/login")
    assert (await client.get("/")).status_code == 303


async def test_a_form_post_without_the_sessions_token_is_refused(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    await csrf(client)  # a session exists, but the post does not carry its token
    missing = await client.post("/monitors/new", data={"query": "watch this"})
    forged = await client.post("/monitors/new", data={"query": "watch this", "csrf_token": "x"})
    assert missing.status_code == forged.status_code == 403
    token = await csrf(client)
    elsewhere = await client.post(
        "/monitors/new",
        data={"query": "watch this", "csrf_token": token},
        headers={"Origin": "https://evil.example"},
    )
    assert elsewhere.status_code == 403
    assert "evil.example" in elsewhere.text
    as_json = await client.post("/monitors/new", json={"query": "x", "csrf_token": token})
    assert as_json.status_code == 403
    async with api_db.transaction() as tx:
        assert await tx.monitors.find(limit=5) == []


async def test_a_token_of_another_session_is_refused(
    client: httpx.AsyncClient, app: object
) -> None:
    token = await csrf(client)
    transport = httpx.ASGITransport(app=app)  # type: ignore[arg-type]
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as other:
        await csrf(other)
        refused = await other.post("/monitors/new", data={"query": "q", "csrf_token": token})
    assert refused.status_code == 403


def test_cookies_are_signed_and_expire() -> None:
    signer = Signer(b"k" * 32)
    session = Session("abc", 4, int(START.timestamp()))
    value = signer.dump(session)
    assert signer.load(value, START) == session
    assert signer.load(value.replace(".4.", ".5."), START) is None  # another key id: forged
    assert Signer(b"j" * 32).load(value, START) is None  # another server's secret
    assert signer.load(value, START + timedelta(days=8)) is None
    assert signer.load("garbage", START) is None
    assert signer.load(None, START) is None
    assert COOKIE == "sentinel_session"


@pytest.mark.parametrize(
    ("target", "safe"),
    [
        ("/monitors/2", "/monitors/2"),
        ("//evil.example/x", "/"),
        ("https://evil.example", "/"),
        ("/\\evil.example", "/"),
        (None, "/"),
    ],
)
def test_login_returns_only_to_this_server(target: str | None, safe: str) -> None:
    assert safe_next(target) == safe
