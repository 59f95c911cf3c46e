"""The state schema: the fields a monitor's rule reads and those its owner declares."""

from __future__ import annotations

import pytest

from sentinel.errors import InvalidInput
from sentinel.monitor.sensing.schema import (
    SchemaField,
    StateSchema,
    parse_fields,
    schema_for,
)


def fields(schema: StateSchema | None) -> list[tuple[str, str]]:
    assert schema is not None
    return [(item.name, item.kind) for item in schema.fields]


def test_a_monitor_without_rule_or_declared_fields_has_no_schema() -> None:
    assert schema_for(None) is None
    assert schema_for(None, []) is None


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("price_usd < 300", [("price_usd", "number")]),
        (
            "in_stock == true and price_usd <= 99.5",
            [("in_stock", "boolean"), ("price_usd", "number")],
        ),
        ('status in ["delayed", "cancelled"]', [("status", "string")]),
        ("released < '2025-10-01'", [("released", "date")]),
        ('"ios" in tags', [("tags", "list")]),
        ("announced", [("announced", "boolean")]),
        ("prev(opening_hours) != null and changed(opening_hours)", [("opening_hours", "any")]),
        ("product.price < 100", [("product", "any")]),
        ("price < prev(price)", [("price", "any")]),
    ],
)
def test_the_rule_gives_the_fields_and_their_kinds(
    rule: str, expected: list[tuple[str, str]]
) -> None:
    assert fields(schema_for(rule)) == expected


def test_declared_fields_come_first_and_type_the_rules_untyped_fields() -> None:
    schema = schema_for(
        "price < prev(price) and in_stock",
        [{"name": "seller", "type": "string"}, {"name": "price", "type": "number"}],
    )

    assert fields(schema) == [
        ("seller", "string"),
        ("price", "number"),
        ("in_stock", "boolean"),
    ]
    assert schema is not None
    assert schema.kinds() == {"seller": "string", "price": "number", "in_stock": "boolean"}
    assert schema.describe() == "seller (text), price (a number), in_stock (true or false)"


def test_declared_fields_alone_make_a_schema() -> None:
    schema = schema_for(None, [SchemaField(name="release_date", kind="date")])

    assert fields(schema) == [("release_date", "date")]


def test_a_declared_type_the_rule_contradicts_is_refused() -> None:
    with pytest.raises(
        InvalidInput, match="'price': is declared string, but the rule reads it as number"
    ):
        schema_for("price < 300", [{"name": "price", "type": "string"}])


@pytest.mark.parametrize(
    ("items", "problem"),
    [
        ([{"name": "price usd", "type": "number"}], "a field name is a letter or _"),
        ([{"name": "1st", "type": "number"}], "a field name is a letter or _"),
        (
            [{"name": "price", "type": "money"}],
            "a field type is one of number, string, boolean, date",
        ),
        ([{"name": "price", "type": "list"}], "a field type is one of"),
        ([{"name": "price", "kind": "number"}], 'each field is {"name": ..., "type": ...}'),
        ([{"name": "a"}, {"name": "A"}], "is declared twice"),
        ([{"name": f"f{i}"} for i in range(31)], "at most 30 fields"),
    ],
)
def test_bad_declared_fields_are_refused_naming_the_problem(
    items: list[dict[str, str]], problem: str
) -> None:
    with pytest.raises(InvalidInput, match=problem):
        parse_fields(items)


def test_a_declared_field_without_type_is_text() -> None:
    assert parse_fields([{"name": "seller"}]) == (SchemaField(name="seller", kind="string"),)
