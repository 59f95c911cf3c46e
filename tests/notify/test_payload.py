"""The notification payload: one JSON shape for every channel."""

from __future__ import annotations

from datetime import datetime

import pytest
from pydantic import ValidationError

from sentinel.notify import EvidenceQuote, NotificationPayload
from tests.storage.helpers import T0


def payload(**changes: object) -> NotificationPayload:
    fields: dict[str, object] = {
        "monitor_id": 3,
        "monitor_name": "iPhone 17",
        "run_id": 12,
        "title": "iPhone 17 announced",
        "message": "Apple will announce the iPhone 17 on 9 September.\\nSource: apple.com",
        "facts": {"announced": True, "date": "2026-09-09"},
        "evidence": [{"url": "https://www.apple.com/newsroom/x", "quote": "on September 9"}],
        "state_version": 4,
        "created_at": T0,
    }
    return NotificationPayload.model_validate({**fields, **changes})


def test_the_json_document_has_the_documented_shape() -> None:
    document = payload().to_json()
    assert document == {
        "monitor_id": 3,
        "monitor_name": "iPhone 17",
        "run_id": 12,
        "title": "iPhone 17 announced",
        "message": "Apple will announce the iPhone 17 on 9 September.\\nSource: apple.com",
        "facts": {"announced": True, "date": "2026-09-09"},
        "evidence": [{"url": "https://www.apple.com/newsroom/x", "quote": "on September 9"}],
        "readings": [],
        "state_version": 4,
        "created_at": "2026-01-01T12:00:00Z",
    }
    assert NotificationPayload.model_validate(document) == payload()


def test_text_rendering_leads_with_the_message_then_facts_and_sources() -> None:
    text = payload(message="It is announced.").as_text()
    assert text.splitlines() == [
        "It is announced.",
        "",
        "announced: True",
        "date: 2026-09-09",
        "",
        "Source: https://www.apple.com/newsroom/x",
    ]
    assert payload().evidence == [
        EvidenceQuote(url="https://www.apple.com/newsroom/x", quote="on September 9")
    ]


def test_a_naive_creation_time_or_empty_message_is_refused() -> None:
    with pytest.raises(ValidationError, match="timezone-aware"):
        payload(created_at=datetime(2026, 1, 1))
    with pytest.raises(ValidationError, match="message"):
        payload(message="")
