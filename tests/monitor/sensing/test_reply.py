"""The sensor's reply is typed after the previous state: keys kept, types kept, all nullable."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from sentinel.monitor.sensing.reply import SensorReply, reply_model
from sentinel.monitor.sensing.schema import schema_for


def reply(state: dict[str, Any]) -> dict[str, Any]:
    return {
        "action": "report_state",
        "payload": {
            "updated_state": state,
            "evidence": [],
            "volatility_hint": None,
            "query_update": None,
        },
    }


def test_a_first_run_gets_the_open_reply() -> None:
    assert reply_model(None) is SensorReply
    assert reply_model({}) is SensorReply


def test_the_schema_types_each_previous_key_as_its_value_was() -> None:
    model = reply_model({"announced": False, "price": 379.99, "hours": {"Mon": "9-5"}, "x": None})

    schema = json.dumps(model.model_json_schema())

    state = model.model_json_schema()["$defs"]["ReportedState"]
    assert "required" not in state  # a page may not say
    assert state["properties"]["announced"]["anyOf"] == [{"type": "boolean"}, {"type": "null"}]
    assert '"additionalProperties": true' in schema


def test_a_reply_keeps_the_state_keys_as_written_and_may_add_new_ones() -> None:
    model = reply_model({"announced": False, "json": "x", "model_name": "y"})

    parsed = model.model_validate(
        reply({"announced": True, "json": None, "model_name": "z", "on_sale": "Sep 19"})
    )

    dumped = json.loads(parsed.model_dump_json(by_alias=True))
    assert dumped["payload"]["updated_state"] == {
        "announced": True,
        "json": None,
        "model_name": "z",
        "on_sale": "Sep 19",
    }


def test_a_value_of_the_wrong_type_is_refused() -> None:
    model = reply_model({"announced": False, "release_date": None})

    with pytest.raises(ValidationError, match="announced"):
        model.model_validate(reply({"announced": "2025-09-06 00:00 UTC", "release_date": None}))


def test_a_key_left_out_stays_out_of_the_reported_state() -> None:
    model = reply_model({"availability": "InStock", "price_usd": 1599})

    parsed = model.model_validate(reply({"availability": "OutOfStock"}))

    dumped = json.loads(parsed.model_dump_json(by_alias=True, exclude_unset=True))
    assert dumped["payload"]["updated_state"] == {"availability": "OutOfStock"}


# -- with a state schema: exactly its keys ----------------------------------------------------

SCHEMA = schema_for("price_usd < 300 and in_stock", [{"name": "released", "type": "date"}])


def test_a_schema_reply_requires_exactly_the_schema_keys_each_nullable() -> None:
    model = reply_model({"Price": 279.99}, SCHEMA)

    state = model.model_json_schema()["$defs"]["SchemaState"]
    assert state["required"] == ["released", "price_usd", "in_stock"]
    assert state["additionalProperties"] is False
    assert state["properties"]["price_usd"]["anyOf"] == [
        {"type": "integer"},
        {"type": "number"},
        {"type": "null"},
    ]
    assert state["properties"]["in_stock"]["anyOf"] == [{"type": "boolean"}, {"type": "null"}]
    assert state["properties"]["released"]["anyOf"][0] == {"format": "date", "type": "string"}
    assert model.state_keys == ("released", "price_usd", "in_stock")


def test_a_schema_reply_keeps_the_values_and_nulls_as_reported() -> None:
    model = reply_model(None, SCHEMA)

    parsed = model.model_validate(
        reply({"price_usd": 279.99, "in_stock": None, "released": "2025-09-09"})
    )

    dumped = json.loads(parsed.model_dump_json(by_alias=True, exclude_unset=True))
    assert dumped["payload"]["updated_state"] == {
        "price_usd": 279.99,
        "in_stock": None,
        "released": "2025-09-09",
    }


@pytest.mark.parametrize(
    ("state", "problem"),
    [
        ({"Price": 279.99, "price_usd": None, "in_stock": None, "released": None}, "Price"),
        ({"price_usd": 279.99, "in_stock": True}, "released"),
        ({"price_usd": "279.99 USD", "in_stock": True, "released": None}, "price_usd"),
        ({"price_usd": 279.99, "in_stock": "perhaps", "released": None}, "in_stock"),
        ({"price_usd": 279.99, "in_stock": True, "released": "next week"}, "released"),
    ],
)
def test_a_schema_reply_refuses_other_keys_missing_keys_and_wrong_types(
    state: dict[str, Any], problem: str
) -> None:
    model = reply_model(None, SCHEMA)

    with pytest.raises(ValidationError, match=problem):
        model.model_validate(reply(state))


def test_the_open_reply_has_no_fixed_keys() -> None:
    assert SensorReply.state_keys is None
    assert reply_model({"a": 1}).state_keys is None
