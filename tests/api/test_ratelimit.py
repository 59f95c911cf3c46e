"""Per-caller token buckets: a burst up to the limit, then 429 with Retry-After."""

from __future__ import annotations

import pytest
from fastapi import HTTPException

from sentinel.api import create_app
from sentinel.api.ratelimit import RateLimiter
from sentinel.storage import Database
from sentinel.storage.api_keys import ApiKeyRepository
from tests.api.conftest import START
from tests.api.helpers import problem
from tests.asgi import asgi_client


def test_a_bucket_refills_at_its_rate() -> None:
    limiter = RateLimiter(per_minute=2)
    limiter.check("a", now=0.0)
    limiter.check("a", now=0.0)
    with pytest.raises(HTTPException) as refused:
        limiter.check("a", now=1.0)
    assert refused.value.status_code == 429
    assert refused.value.headers == {"Retry-After": "29"}
    limiter.check("b", now=1.0)
    limiter.check("a", now=30.0)


async def test_the_api_answers_429_per_key(api_db: Database) -> None:
    async with api_db.transaction() as tx:
        _, first = await ApiKeyRepository(tx.session).create("one", now=START)
        _, second = await ApiKeyRepository(tx.session).create("two", now=START)
    app = create_app(api_db, rate_per_minute=3)
    async with asgi_client(app) as client:
        for _ in range(3):
            ok = await client.get("/api/v1/monitors", headers={"X-API-Key": first})
            assert ok.status_code == 200
        refused = await client.get("/api/v1/monitors", headers={"X-API-Key": first})
        problem(refused, 429)
        assert int(refused.headers["retry-after"]) >= 1
        other = await client.get("/api/v1/monitors", headers={"X-API-Key": second})
        assert other.status_code == 200


def test_a_limit_of_zero_never_refuses() -> None:
    limiter = RateLimiter(per_minute=0)
    for _ in range(1000):
        limiter.check("a", now=0.0)
    assert limiter.buckets == {}
