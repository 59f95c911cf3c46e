"""A monitor asked for over A2A reads the pages its request names: in the text, or as the data
part's ``urls``."""

from __future__ import annotations

import pytest

from sentinel.monitor.models import InvalidMonitorSpec
from sentinel.protocols.a2a.executor import monitor_view
from sentinel.protocols.a2a.requests import monitor_spec, read_request
from tests.monitor.test_named_sources import record


def test_a_text_request_reads_the_page_it_names() -> None:
    request = read_request("Tell me when the price on https://shop.example/p/1 is under $300.")
    assert monitor_spec(request).urls == ["https://shop.example/p/1"]


def test_a_data_request_carries_urls_and_fields() -> None:
    data = {
        "query": "Tell me when the Sonora QC Ultra is under $300",
        "urls": ["https://shop.example/p/1"],
        "fields": ["price_usd:number"],
    }
    spec = monitor_spec(read_request("", data))
    assert spec.urls == ["https://shop.example/p/1"]
    assert [(f.name, f.type) for f in spec.fields] == [("price_usd", "number")]


def test_a_bad_url_in_the_data_part_is_refused() -> None:
    data = {"query": "Tell me when it ships", "urls": ["gopher://x.example/"]}
    with pytest.raises(InvalidMonitorSpec, match="not an http:// or https:// URL"):
        monitor_spec(read_request("", data))


def test_the_caller_learns_which_pages_the_monitor_reads() -> None:
    view = monitor_view(record(urls=["https://shop.example/p/1"]))
    assert view["urls"] == ["https://shop.example/p/1"]
