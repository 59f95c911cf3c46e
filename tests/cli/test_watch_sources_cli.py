"""Watching a page a user names, through the real ``sentinel`` app: ``watch add --url`` and a
changedetection.io import each make a monitor that fetches the page from a server on
127.0.0.1 (allowed with ``SENTINEL_FETCH_ALLOW_HOSTS``), asks again with a conditional request
(a 304 costs no model call), and notifies a webhook when the price falls under the rule's
threshold. The worker's services are the configured ones; only the model is scripted."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import sentinel.llm
from sentinel.llm import ScriptedModel, forbid_real_models
from sentinel.llm.local import LocalModel
from sentinel.storage import GovernorKind, Transaction
from tests.cli.test_watch_cli import add, count_monitors, home, invoke, sqlite_template, with_db
from tests.monitor.pipeline_fixtures import qwen
from tests.monitor.shop_page import ShopPage, price_model
from tests.notify.receiver import LoopbackReceiver
from tests.web.loopback import LoopbackServer

__all__ = ["home", "qwen", "sqlite_template"]

MISSION = "Tell me when the Sonora QC Ultra is under $300"
RULE = "price_usd < 300"


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    running = LoopbackServer().start()
    yield running
    running.stop()


@pytest.fixture
def shop(server: LoopbackServer) -> ShopPage:
    page = ShopPage()
    page.serve(server)
    return page


@pytest.fixture
def model(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedModel]:
    """The scripted sensor every worker process of the test uses (the rules govern)."""
    scripted = price_model()
    monkeypatch.setattr(sentinel.llm, "get_model", lambda role=None, **_: scripted)
    with forbid_real_models():
        yield scripted


@pytest.fixture
def allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_FETCH_ALLOW_HOSTS", "127.0.0.1")


@pytest.fixture
def receiver() -> Iterator[LoopbackReceiver]:
    with LoopbackReceiver() as running:
        yield running


def run_here(monitor: str = "1") -> str:
    result = invoke("watch", "run", monitor, "--here")
    assert result.exit_code == 0, result.output
    return result.stdout


def watch_price_fall(
    shop: ShopPage,
    calls: Callable[[], int],
    receiver: LoopbackReceiver,
    model_calls: tuple[int, int] = (0, 0),
) -> None:
    """Three runs, each a process of its own: read; 304 (no model call); changed, notify.
    ``calls`` counts the sensor's model calls so far; ``model_calls`` is how many there are
    after the first and the third run: none for a monitor made with ``watch add --rules``
    (its rule's field is a price the page states once: its contract reads it by code), one
    each when the rule was set on a monitor without a contract (the sensor model reports)."""
    first = run_here()
    assert "succeeded" in first
    assert "Notification" not in first, "349.99 is not under 300"
    assert (shop.conditional(), calls()) == ([False], model_calls[0])

    second = run_here()
    assert "skipped-no-change" in second
    assert (shop.conditional(), calls()) == ([False, True], model_calls[0]), "a 304: no call"
    assert shop.served[1].headers["if-none-match"] == '"sonora-v1"'
    assert receiver.requests == []

    shop.publish("279.99")
    third = run_here()
    assert "succeeded" in third
    assert "Notification: delivered" in third
    # The look asks conditionally and sees new content; the full read that follows asks
    # again and the fetcher's cache answers its 304.
    assert (shop.conditional(), calls()) == ([False, True, True, True], model_calls[1])
    [delivery] = receiver.requests
    assert "279.99" in delivery.json()["message"]
    if receiver.secret is not None:  # checked with the secret `watch add` printed
        assert delivery.verdict == "processed", delivery.verdict


def test_a_monitor_added_with_url_reads_the_page_and_notifies_when_the_price_falls(
    home: Path,
    server: LoopbackServer,
    shop: ShopPage,
    model: ScriptedModel,
    allowed: None,
    receiver: LoopbackReceiver,
) -> None:
    url = server.url(shop.path)
    stored = add(MISSION, "--url", url, "--rules", RULE, "--webhook", f"{receiver.url}/hook")
    assert stored["urls"] == [url]
    receiver.secret = stored["signing_secret"]

    watch_price_fall(shop, lambda: len(model.calls), receiver)

    shown = invoke("watch", "show", "1")
    assert f"Reads: {url}" in shown.stdout


def test_a_changedetection_watch_reads_its_url_and_notifies_its_global_channel(
    home: Path,
    tmp_path: Path,
    server: LoopbackServer,
    shop: ShopPage,
    model: ScriptedModel,
    allowed: None,
    receiver: LoopbackReceiver,
) -> None:
    url = server.url(shop.path)
    datastore = {
        "watching": {
            "a1b2c3d4-0000": {
                "url": url,
                "title": "Sonora at Voltmart",
                "time_between_check": {"weeks": None, "days": None, "hours": 2, "minutes": None},
                "time_between_check_use_default": False,
                "notification_urls": [],
                "paused": False,
            }
        },
        "settings": {"application": {"notification_urls": [f"{receiver.url}/cd-hook"]}},
    }
    path = tmp_path / "url-watches.json"
    path.write_text(json.dumps(datastore))
    imported = invoke("watch", "import", str(path))
    assert imported.exit_code == 0, imported.output

    async def use_the_rule(tx: Transaction) -> None:
        [monitor] = await tx.monitors.find()
        assert (monitor.urls, monitor.max_interval_s) == ([url], 7200)
        assert [c["url"] for c in monitor.channels] == [f"{receiver.url}/cd-hook"]
        await tx.monitors.update(
            monitor.id,
            now=monitor.created_at,
            governor_kind=GovernorKind.RULES,
            governor_rules=RULE,
            action_criteria=RULE,
        )

    with_db(home, use_the_rule)

    watch_price_fall(shop, lambda: len(model.calls), receiver, model_calls=(1, 2))
    assert receiver.requests[0].path == "/cd-hook"


def test_without_the_setting_a_loopback_page_is_refused_naming_it(
    home: Path, server: LoopbackServer, shop: ShopPage, model: ScriptedModel
) -> None:
    add(MISSION, "--url", server.url(shop.path), "--rules", RULE)

    output = " ".join(run_here().split())  # one line, however the console wrapped it

    assert "Run 1 of monitor #1: failed" in output
    assert "loopback address" in output
    assert "SENTINEL_FETCH_ALLOW_HOSTS" in output
    assert shop.served == []
    assert model.calls == []


def test_a_bad_allow_hosts_entry_stops_the_worker_naming_it(
    home: Path, monkeypatch: pytest.MonkeyPatch, model: ScriptedModel
) -> None:
    monkeypatch.setenv("SENTINEL_FETCH_ALLOW_HOSTS", "127.0.0.1, intra net")
    add(MISSION, "--url", "https://shop.example/p/1", "--rules", RULE)

    result = invoke("watch", "run", "1", "--here")

    assert result.exit_code == 2
    assert "SENTINEL_FETCH_ALLOW_HOSTS: 'intra net' is neither a host name" in result.stderr


def test_the_mission_names_its_page_and_fields_are_stored(home: Path) -> None:
    stored = add(
        "Tell me when the price on https://shop.example/p/1. drops under $300",
        "--url",
        "https://shop.example/p/2",
        "--field",
        "price_usd:number",
        "--field",
        "in_stock:boolean",
    )
    assert stored["urls"] == ["https://shop.example/p/2", "https://shop.example/p/1"]
    assert stored["fields"] == [
        {"name": "price_usd", "type": "number"},
        {"name": "in_stock", "type": "boolean"},
    ]
    shown = invoke("watch", "show", "1").stdout
    assert "Fields: price_usd:number, in_stock:boolean" in shown


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        (
            "--url",
            "ftp://shop.example/p/1",
            "'ftp://shop.example/p/1' is not an http:// or https://",
        ),
        ("--url", "https:///p/1", "'https:///p/1' has no host name"),
        ("--field", "price", "'price' is not name:type"),
        ("--field", "price:money", "Input should be 'number', 'string', 'boolean' or 'date'"),
    ],
)
def test_a_bad_url_or_field_is_refused_in_one_line_and_nothing_is_stored(
    home: Path, option: str, value: str, message: str
) -> None:
    result = invoke("watch", "add", MISSION, option, value)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert count_monitors(home) == 0


def test_json_lines_with_a_byte_order_mark_import_and_export_keep_urls_and_fields(
    home: Path, tmp_path: Path
) -> None:
    line = {
        "query": "Tell me when the Sonora QC Ultra is under $300",
        "name": "sonora",
        "rules": RULE,
        "governor": "rules",
        "urls": ["https://shop.example/p/1"],
        "fields": [{"name": "price_usd", "type": "number"}],
    }
    source = tmp_path / "monitors.jsonl"
    source.write_bytes(b"\xef\xbb\xbf" + json.dumps(line).encode() + b"\n")

    imported = invoke("watch", "import", str(source))
    assert imported.exit_code == 0, imported.output
    exported = invoke("watch", "export")
    assert exported.exit_code == 0, exported.output

    [written] = [json.loads(text) for text in exported.stdout.splitlines()]
    assert written["urls"] == ["https://shop.example/p/1"]
    assert written["fields"] == [{"name": "price_usd", "type": "number"}]
    # From standard input too, the mark is skipped.
    again = invoke("watch", "import", "-", input="\ufeff" + json.dumps(line | {"name": "two"}))
    assert again.exit_code == 0, again.output
    assert count_monitors(home) == 2


@pytest.mark.model
@pytest.mark.timeout(1800)  # the embedded model is configured; the contract reads by code
def test_the_embedded_model_watches_a_named_page_and_notifies_a_verifying_receiver(
    home: Path,
    server: LoopbackServer,
    shop: ShopPage,
    allowed: None,
    receiver: LoopbackReceiver,
    qwen: LocalModel,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The README's rule with the default embedded model configured, through the CLI: the
    rule's field (``price_usd``) is a price the page states once, so its contract reads it
    by code and the model is never asked; the receiver checks the signature with the secret
    ``watch add`` printed."""
    calls = 0
    complete = qwen.complete

    async def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        return await complete(*args, **kwargs)

    monkeypatch.setattr(qwen, "complete", counted)
    monkeypatch.setattr(sentinel.llm, "get_model", lambda role=None, **_: qwen)
    url = server.url(shop.path)
    printed = invoke(
        "watch", "add", MISSION, "--url", url, "--rules", RULE, "--webhook", f"{receiver.url}/hook"
    )
    assert printed.exit_code == 0, printed.output
    [secret] = re.findall(r"Signing secret: (\S+)", printed.stdout)
    receiver.secret = secret

    watch_price_fall(shop, lambda: calls, receiver)
