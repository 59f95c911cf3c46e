"""The create form's pages to read (one URL per line) and state fields (one name:type per
line): stored like ``watch add --url/--field`` stores them, problems shown next to the box."""

from __future__ import annotations

import httpx
import pytest

from sentinel.storage import Database
from tests.api.ui.helpers import field_problems, post_form

QUERY = "Tell me when the Sonora QC Ultra is under $300 at Voltmart"
PAGE = "https://voltmart.example/p/sonora-qc-ultra"


async def test_pages_and_fields_are_stored_and_shown(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    form = (await client.get("/monitors/new")).text
    assert 'name="urls"' in form
    assert 'name="fields"' in form
    created = await post_form(
        client,
        "/monitors/new",
        {
            "query": QUERY,
            "notify": "once",
            "urls": f"{PAGE}\n\n https://other.example/p/1 ",
            "fields": "price_usd:number\nin_stock:boolean",
            "rules": "price_usd < 300",
        },
    )
    assert created.status_code == 303, created.text
    async with api_db.transaction() as tx:
        [monitor] = await tx.monitors.find()
    assert monitor.urls == [PAGE, "https://other.example/p/1"]
    assert monitor.fields == [
        {"name": "price_usd", "type": "number"},
        {"name": "in_stock", "type": "boolean"},
    ]
    page = (await client.get(created.headers["location"])).text
    assert f'<a href="{PAGE}" rel="noopener noreferrer">{PAGE}</a>' in page
    assert "<code>price_usd:number</code>" in page


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"urls": "ftp://x.example/a"}, "urls", "is not an http:// or https:// URL"),
        ({"fields": "price:money"}, "fields", "Input should be"),
        ({"fields": "price"}, "fields", "is not name:type"),
    ],
)
async def test_a_bad_page_or_field_is_shown_next_to_its_box(
    client: httpx.AsyncClient, api_db: Database, fields: dict[str, str], field: str, message: str
) -> None:
    shown = await post_form(client, "/monitors/new", {"query": QUERY, **fields})
    assert shown.status_code == 422
    assert message in " ".join(field_problems(shown.text).get(field, []))
    async with api_db.transaction() as tx:
        assert await tx.monitors.find() == []
