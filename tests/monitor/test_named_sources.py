"""The pages a monitor names and the fields its state declares, as the spec validates them."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from sentinel.errors import InvalidInput
from sentinel.monitor.models import InvalidMonitorSpec, parse_monitor_spec
from sentinel.monitor.named_sources import MAX_URL_CHARS, MAX_URLS, urls_in_text
from sentinel.monitor.service import monitor_changes, new_monitor
from sentinel.storage import GovernorKind, MonitorRecord, MonitorState, NotifyBehavior

NOW = datetime(2025, 9, 1, tzinfo=UTC)


def problems(**fields: Any) -> list[tuple[str, str]]:
    with pytest.raises(InvalidMonitorSpec) as caught:
        parse_monitor_spec({"query": "Tell me when it ships", "criteria": "it ships", **fields})
    return caught.value.problems


@pytest.mark.parametrize(
    ("text", "urls"),
    [
        ("the price on https://shop.example/p/1.", ["https://shop.example/p/1"]),
        ("on https://shop.example/p/1, then", ["https://shop.example/p/1"]),
        ("(see https://shop.example/p/1)", ["https://shop.example/p/1"]),
        ("the wiki https://en.example/Foo_(bar) says", ["https://en.example/Foo_(bar)"]),
        ("is it out? https://x.example/a?b=1!", ["https://x.example/a?b=1"]),
        (
            '"http://x.example/q" and <https://y.example/>',
            ["http://x.example/q", "https://y.example/"],
        ),
        ("twice: https://x.example https://x.example", ["https://x.example"]),
        ("ftp://x.example/file, mailto:a@b.example, http:// alone", []),
    ],
)
def test_urls_are_read_from_the_mission_without_the_sentence_around_them(
    text: str, urls: list[str]
) -> None:
    assert urls_in_text(text) == urls


def test_the_mission_s_pages_join_the_given_ones_once() -> None:
    spec = parse_monitor_spec(
        {
            "query": "Tell me when the price on https://shop.example/p/1 drops below $300",
            "urls": [" https://shop.example/p/2 ", "https://shop.example/p/1"],
        }
        | {"criteria": "it drops"}
    )
    assert spec.urls == ["https://shop.example/p/2", "https://shop.example/p/1"]
    assert new_monitor(spec).urls == spec.urls


@pytest.mark.parametrize(
    ("urls", "message"),
    [
        (["file:///etc/passwd"], "'file:///etc/passwd' is not an http:// or https:// URL"),
        (["javascript:alert(1)"], "is not an http:// or https:// URL"),
        (["https://"], "'https://' has no host name"),
        (["https://x.example:99999/"], "is not a valid URL"),
        (["https://x.example/a b"], "contains whitespace"),
        ([""], "a URL must not be empty"),
        (["https://x.example/" + "a" * MAX_URL_CHARS], f"the limit is {MAX_URL_CHARS}"),
        ([f"https://x{i}.example/" for i in range(MAX_URLS + 1)], f"the limit is {MAX_URLS}"),
    ],
)
def test_a_bad_url_is_named(urls: list[str], message: str) -> None:
    [(field, problem)] = problems(urls=urls)
    assert field == "urls"
    assert message in problem


def test_the_mission_s_urls_count_towards_the_limit() -> None:
    urls = [f"https://x{i}.example/" for i in range(MAX_URLS)]
    with pytest.raises(InvalidMonitorSpec, match=f"urls: 21 URLs; the limit is {MAX_URLS}"):
        parse_monitor_spec(
            {"query": "What changed on https://mission.example/?", "criteria": "c", "urls": urls}
        )


def test_fields_are_read_from_name_type_text_or_objects() -> None:
    spec = parse_monitor_spec(
        {
            "query": "q",
            "criteria": "c",
            "fields": ["price_usd:Number", {"name": "released_on", "type": "date"}],
        }
    )
    assert [(f.name, f.type) for f in spec.fields] == [
        ("price_usd", "number"),
        ("released_on", "date"),
    ]
    assert new_monitor(spec).fields == [
        {"name": "price_usd", "type": "number"},
        {"name": "released_on", "type": "date"},
    ]


@pytest.mark.parametrize(
    ("fields", "where", "message"),
    [
        (["price"], "fields", "'price' is not name:type"),
        (["price:money"], "fields.0.type", "'number', 'string', 'boolean' or 'date'"),
        (["2x:number"], "fields", "'2x' is not a field name"),
        (["a.b:number"], "fields", "'a.b' is not a field name"),
        (["a:number", "a:string"], "fields", "'a' is declared twice"),
        ([{"name": "a", "type": "number", "unit": "usd"}], "fields.0.unit", "Extra inputs"),
        ([f"f{i}:string" for i in range(31)], "fields", "the limit is 30"),
    ],
)
def test_a_bad_field_is_named(fields: list[Any], where: str, message: str) -> None:
    [(field, problem)] = problems(fields=fields)
    assert field == where
    assert message in problem


def record(**changes: Any) -> MonitorRecord:
    values: dict[str, Any] = {
        "id": 1,
        "name": "sonora",
        "original_query": "Tell me when the price on https://shop.example/p/1 drops",
        "current_query": "Tell me when the price on https://shop.example/p/1 drops",
        "action_criteria": "it drops",
        "notify_behavior": NotifyBehavior.ONCE,
        "channels": [],
        "state": MonitorState.ACTIVE,
        "next_run_at": NOW,
        "last_run_at": None,
        "run_count": 0,
        "consecutive_failures": 0,
        "min_interval_s": 900,
        "max_interval_s": 86400,
        "governor_kind": GovernorKind.LLM,
        "governor_rules": None,
        "context": {},
        "lease_owner": None,
        "lease_expires_at": None,
        "created_at": NOW,
        "updated_at": NOW,
        "urls": ["https://shop.example/p/1"],
        "fields": [{"name": "price_usd", "type": "number"}],
    }
    return MonitorRecord(**(values | changes))


def test_an_update_replaces_the_urls_and_keeps_the_mission_s_page() -> None:
    changes = monitor_changes(record(), {"urls": ["https://shop.example/p/9"]})
    assert changes["urls"] == ["https://shop.example/p/9", "https://shop.example/p/1"]
    assert changes["fields"] == [{"name": "price_usd", "type": "number"}]


def test_an_update_without_urls_or_fields_keeps_them() -> None:
    changes = monitor_changes(record(), {"name": "renamed"})
    assert changes["urls"] == ["https://shop.example/p/1"]
    assert changes["fields"] == [{"name": "price_usd", "type": "number"}]


def test_an_update_with_a_bad_url_is_refused() -> None:
    with pytest.raises(InvalidInput, match="not an http:// or https:// URL"):
        monitor_changes(record(), {"urls": ["gopher://x.example/"]})
