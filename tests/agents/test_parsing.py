"""parse_action_call: finding the one action object in whatever a model wrote."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sentinel.agents import ActionCall, ActionParseError, parse_action_call
from sentinel.errors import ModelOutputError


def test_plain_json_object_parses():
    call = parse_action_call('{"action": "add_note", "payload": {"text": "hi"}}')
    assert call == ActionCall("add_note", {"text": "hi"})


def test_json_in_a_fenced_block_inside_prose_parses():
    body = '{"action": "add_note", "payload": {"text": "a"}}'
    text = f"Sure! I will add it.\n```json\n{body}\n```\nDone."
    assert parse_action_call(text) == ActionCall("add_note", {"text": "a"})


def test_bare_object_inside_prose_parses():
    text = 'I think {"action": "finish", "payload": {}} is right {not json}'
    assert parse_action_call(text) == ActionCall("finish", {})


def test_the_object_with_an_action_key_wins_over_other_objects():
    text = 'context {"note": 1} then {"action": "finish"}'
    assert parse_action_call(text).action == "finish"


@pytest.mark.parametrize("payload", ["", ', "payload": null'])
def test_missing_or_null_payload_means_no_arguments(payload):
    assert parse_action_call(f'{{"action": "finish"{payload}}}').payload == {}


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("I cannot decide.", "no JSON object"),
        ('{"act": "finish"}', 'no "action" key'),
        ('{"action": 3}', '"action" must be a non-empty string'),
        ('{"action": "  "}', '"action" must be a non-empty string'),
        ('{"action": "x", "payload": [1, 2]}', '"payload" must be a JSON object'),
        ('{"action": "x", "payload": ', "no JSON object"),
    ],
)
def test_unusable_replies_raise_an_error_that_keeps_the_raw_text(text, problem):
    with pytest.raises(ActionParseError, match=problem) as caught:
        parse_action_call(text)
    assert caught.value.raw == text
    assert isinstance(caught.value, ModelOutputError)
    assert '{"action": "<name>"' in str(caught.value)  # the model is reminded of the format


names = st.from_regex(r"[a-z][a-z_.]{0,20}", fullmatch=True)
payloads = st.dictionaries(st.text(min_size=1, max_size=8), st.text(max_size=20) | st.integers())
prose = st.text(alphabet=st.characters(exclude_characters="{}`"), max_size=40)


@given(name=names, payload=payloads, before=prose, after=prose, fenced=st.booleans())
def test_any_call_wrapped_in_prose_round_trips(name, payload, before, after, fenced):
    body = json.dumps({"action": name, "payload": payload})
    text = f"{before}\n```json\n{body}\n```\n{after}" if fenced else f"{before} {body} {after}"
    assert parse_action_call(text) == ActionCall(name, payload)
