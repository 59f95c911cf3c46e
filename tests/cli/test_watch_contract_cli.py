"""The sentence a new user types, on a shop page served on 127.0.0.1, through the real CLI:
``watch add`` prints the contract it compiled, a run on the page at £449.99 does not notify,
and a run on the page at £399.99 notifies a webhook whose body names £399.99 — on the scripted
model and on the default embedded one. The page states its price in JSON-LD and in its text
(beside a struck-through old price, reviews quoting other prices and other products'), so the
code reads it and no model is asked."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import sentinel.llm
from sentinel.llm import ScriptedModel, forbid_real_models
from sentinel.llm.local import LocalModel
from tests.cli.test_watch_cli import home, invoke, sqlite_template
from tests.monitor.pipeline_fixtures import qwen
from tests.notify.receiver import LoopbackReceiver
from tests.web.loopback import LoopbackServer, Reply, Request

__all__ = ["home", "qwen", "sqlite_template"]

SENTENCE = "Tell me when the ASUS Dual RTX 5060 Ti 16GB drops below £420 at PixelParts"
PAGE = Path(__file__).parents[1] / "fixtures" / "pages" / "pixelparts-gpu.html"
PATH = "/p/asus-dual-rtx-5060-ti-16gb"


@dataclass
class ShopPage:
    """The PixelParts page at one price; a new price is a new version (new ETag)."""

    price: str = "449.99"
    served: list[Request] = field(default_factory=list)

    def answer(self, request: Request) -> Reply:
        self.served.append(request)
        etag = f'"gpu-{self.price}"'
        if request.headers.get("if-none-match") == etag:
            return Reply(304, b"", {"ETag": etag})
        html = PAGE.read_text(encoding="utf-8").replace("{{PRICE}}", self.price)
        return Reply(200, html, {"Content-Type": "text/html; charset=utf-8", "ETag": etag})


@pytest.fixture
def shop(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[ShopPage, str]]:
    monkeypatch.setenv("SENTINEL_FETCH_ALLOW_HOSTS", "127.0.0.1")
    server = LoopbackServer().start()
    page = ShopPage()
    server.routes[PATH] = page.answer
    yield page, server.url(PATH)
    server.stop()


@pytest.fixture
def receiver() -> Iterator[LoopbackReceiver]:
    with LoopbackReceiver() as running:
        yield running


def watch_the_price_fall(page: ShopPage, url: str, receiver: LoopbackReceiver) -> dict[str, Any]:
    added = invoke("watch", "add", SENTENCE, "--url", url, "--webhook", f"{receiver.url}/hook")
    assert added.exit_code == 0, added.output
    assert "subject: ASUS Dual RTX 5060 Ti 16GB at PixelParts" in added.stdout
    assert 'price < 420.0 && currency == "GBP"' in added.stdout

    first = invoke("watch", "run", "1", "--here")
    assert first.exit_code == 0, first.output
    assert "Notification" not in first.stdout, "£449.99 is not below £420"
    assert "price = 449.99" in first.stdout

    page.price = "399.99"
    second = invoke("watch", "run", "1", "--here")
    assert second.exit_code == 0, second.output
    assert "Notification: delivered" in second.stdout
    [delivery] = receiver.requests
    body: dict[str, Any] = delivery.json()
    return body


def test_the_pixelparts_sentence_notifies_at_399_99_on_the_scripted_model(
    home: Path,
    shop: tuple[ShopPage, str],
    receiver: LoopbackReceiver,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    model = ScriptedModel([])  # any call would fail the run: none is expected
    monkeypatch.setattr(sentinel.llm, "get_model", lambda role=None, **_: model)
    with forbid_real_models():
        body = watch_the_price_fall(*shop, receiver)
    assert "£399.99" in body["message"]
    assert body["facts"] == {"price": 399.99, "currency": "GBP"}
    [reading, _currency] = body["readings"]
    assert (reading["field"], reading["value"], reading["source"]) == ("price", 399.99, "json-ld")
    assert reading["url"] == shop[1]
    assert "399.99 GBP" in reading["quote"]
    assert model.calls == []


@pytest.mark.model
@pytest.mark.timeout(600)
def test_the_pixelparts_sentence_notifies_at_399_99_on_the_embedded_model(
    home: Path,
    shop: tuple[ShopPage, str],
    receiver: LoopbackReceiver,
    qwen: LocalModel,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = 0
    complete = qwen.complete

    async def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        return await complete(*args, **kwargs)

    monkeypatch.setattr(qwen, "complete", counted)
    monkeypatch.setattr(sentinel.llm, "get_model", lambda role=None, **_: qwen)
    body = watch_the_price_fall(*shop, receiver)
    assert "£399.99" in body["message"]
    assert calls == 0, "the page's own data answers every field"
