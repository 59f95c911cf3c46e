"""Reading A2A requests: which skill, the monitor's condition (or the question to ask), the
chat body; any text or data gets a request or a typed refusal, never another exception."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sentinel.errors import InvalidInput
from sentinel.protocols.a2a.requests import (
    CONDITION_QUESTION,
    NeedsInput,
    Skill,
    chat_request,
    has_condition,
    monitor_spec,
    read_request,
    research_question,
)


@pytest.mark.parametrize(
    ("text", "skill"),
    [
        ("Tell me when the iPhone 17 is announced", Skill.MONITOR),
        ("please notify me if Kestrel 2 ships", Skill.MONITOR),
        ("Let me know as soon as tickets are on sale", Skill.MONITOR),
        ("Watch the Voltmart headphones", Skill.MONITOR),
        ("keep an eye on the EU AI Act", Skill.MONITOR),
        ("Who won the Calder marathon?", Skill.RESEARCH),
        ("When is the next launch?", Skill.RESEARCH),  # a question, not a request to watch
    ],
)
def test_the_skill_is_inferred_from_the_phrasing(text: str, skill: Skill) -> None:
    assert read_request(text).skill is skill


def test_a_named_skill_wins_and_an_unknown_one_is_refused() -> None:
    assert read_request("Tell me when X ships", metadata={"skill": "research"}).skill is (
        Skill.RESEARCH
    )
    assert read_request("", {"skill": "chat", "messages": []}).skill is Skill.CHAT
    with pytest.raises(InvalidInput, match="not one of this agent's skills"):
        read_request("hello", metadata={"skill": "teleport"})


def test_data_parts_select_monitor_or_chat() -> None:
    assert read_request("", {"query": "Tell me when X ships"}).skill is Skill.MONITOR
    assert read_request("", {"messages": [{"role": "user", "content": "hi"}]}).skill is Skill.CHAT


def test_an_empty_or_oversized_message_is_refused() -> None:
    with pytest.raises(InvalidInput, match="no text and no data"):
        read_request("   ")
    with pytest.raises(InvalidInput, match="longer than"):
        read_request("x" * 5000)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tell me when the price drops", True),
        ("Notify me if it rains", True),
        ("Alert me once it ships", True),
        ("Tell me as soon as it is out", True),
        ("Watch the Kestrel 2 launch", False),
        ("Tell me when", False),
    ],
)
def test_a_condition_is_when_if_once_or_as_soon_as_followed_by_words(
    text: str, expected: bool
) -> None:
    assert has_condition(text) is expected


def test_a_monitor_without_a_condition_needs_input_and_the_answer_is_its_criteria() -> None:
    request = read_request("Watch the Kestrel 2 launch")
    with pytest.raises(NeedsInput) as asked:
        monitor_spec(request)
    assert asked.value.question == CONDITION_QUESTION
    spec = monitor_spec(request, answer="when its release date is announced")
    assert (spec.query, spec.criteria) == (
        "Watch the Kestrel 2 launch",
        "when its release date is announced",
    )


def test_a_json_spec_is_validated_like_the_api() -> None:
    spec = monitor_spec(read_request("", {"query": "Tell me when X ships", "notify": "always"}))
    assert (spec.notify.value, spec.criteria) == ("always", "Tell me when X ships")
    with pytest.raises(NeedsInput):
        monitor_spec(read_request("", {"query": "X 2.0"}))  # no condition, no criteria
    with pytest.raises(InvalidInput, match="notify"):
        monitor_spec(read_request("", {"query": "Tell me when X ships", "notify": "never"}))


def test_research_and_chat_requests() -> None:
    assert research_question(read_request("", {"question": " Why? "})) == "Why?"
    with pytest.raises(InvalidInput, match="question"):
        research_question(read_request("", {"question": 42}))
    body = {"messages": [{"role": "user", "content": "hi"}], "use_agentic": False}
    assert chat_request(read_request("", body)).use_agentic is False
    assert chat_request(read_request("hello", metadata={"skill": "chat"})).query == "hello"
    with pytest.raises(InvalidInput, match=r"messages\.0\.role"):
        chat_request(read_request("", {"messages": [{"role": "robot", "content": "hi"}]}))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(max_size=200),
    data=st.dictionaries(
        st.sampled_from(["query", "question", "messages", "skill", "notify", "criteria"])
        | st.text(max_size=8),
        json_values,
        max_size=4,
    ),
    metadata=st.dictionaries(st.just("skill") | st.text(max_size=5), json_values, max_size=2),
)
def test_any_input_is_a_request_or_a_typed_refusal(
    text: str, data: dict[str, Any], metadata: dict[str, Any]
) -> None:
    try:
        request = read_request(text, data, metadata)
        if request.skill is Skill.MONITOR:
            monitor_spec(request)
        elif request.skill is Skill.RESEARCH:
            research_question(request)
        else:
            chat_request(request)
    except (InvalidInput, NeedsInput):
        pass
