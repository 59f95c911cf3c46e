"""The rule language's syntax: what parses, and how a bad rule is explained."""

from __future__ import annotations

import re

import pytest

from sentinel.errors import InvalidInput
from sentinel.monitor.governing.rule_syntax import (
    And,
    Changed,
    Compare,
    Contains,
    In,
    InvalidRule,
    ListOf,
    Literal_,
    Not,
    Or,
    Path,
    Prev,
    Truthy,
    parse_rule,
)


@pytest.mark.parametrize(
    ("rule", "tree"),
    [
        ("announced == true", Compare("==", Path(("announced",)), Literal_(True))),
        ("price_usd < 100", Compare("<", Path(("price_usd",)), Literal_(100))),
        ("version != null", Compare("!=", Path(("version",)), Literal_(None))),
        ("status = 'late'", Compare("==", Path(("status",)), Literal_("late"))),
        ("product.price < 1e2", Compare("<", Path(("product", "price")), Literal_(100.0))),
        ('products.0.sku == "X"', Compare("==", Path(("products", "0", "sku")), Literal_("X"))),
        ("not announced", Not(Truthy(Path(("announced",))))),
        ("changed(version)", Changed(Path(("version",)))),
        ('contains(title, "beta")', Contains(Path(("title",)), Literal_("beta"))),
        ("price < prev(price)", Compare("<", Path(("price",)), Prev(Path(("price",))))),
        (
            'status in ["delayed", "cancelled"]',
            In(Path(("status",)), ListOf(("delayed", "cancelled")), negated=False),
        ),
        ("x NOT IN [1, 2]", In(Path(("x",)), ListOf((1, 2)), negated=True)),
    ],
)
def test_rules_parse_into_the_expected_tree(rule: str, tree: object) -> None:
    assert parse_rule(rule).root == tree


def test_and_binds_tighter_than_or_and_parentheses_override() -> None:
    a, b, c = (Truthy(Path((name,))) for name in "abc")
    assert parse_rule("a or b and c").root == Or((a, And((b, c))))
    assert parse_rule("(a or b) and c").root == And((Or((a, b)), c))


def test_keywords_are_case_insensitive() -> None:
    assert parse_rule("A AND NOT B").root == And((Truthy(Path(("A",))), Not(Truthy(Path(("B",))))))


def test_the_parsed_rule_lists_the_paths_it_reads_once_each() -> None:
    parsed = parse_rule("price <= 99.5 and in_stock == true and price > prev(price)")
    assert parsed.paths == ("price", "in_stock")


def test_string_escapes_are_read() -> None:
    assert parse_rule(r"s == 'it\'s \"ok\"'").root == Compare(
        "==", Path(("s",)), Literal_('it\'s "ok"')
    )


@pytest.mark.parametrize(
    ("rule", "position", "expected"),
    [
        ("price <", 7, "expected a value"),
        ("price < 100 and", 15, "expected a value"),
        ("a b", 2, "expected 'and', 'or' or end of rule, found 'b'"),
        ("", 0, "expected a condition"),
        ("== 3", 0, "found '=='"),
        ('"abc', 0, "unterminated string"),
        ("price < $5", 8, "unexpected character '$'"),
        ("foo(x)", 0, "unknown function 'foo'"),
        ("changed(1)", 8, "a field name inside changed()"),
        ("x in [a]", 6, "a constant in the list"),
        ("(a or b", 7, "expected ')'"),
        ("5", 1, "a comparison operator"),
        ("contains(title 'beta')", 15, "expected ','"),
    ],
)
def test_invalid_rules_name_the_text_position_and_expectation(
    rule: str, position: int, expected: str
) -> None:
    with pytest.raises(InvalidRule, match=re.escape(expected)) as caught:
        parse_rule(rule)
    assert caught.value.position == position
    assert caught.value.rule == rule
    assert isinstance(caught.value, InvalidInput)
    assert f"at position {position}" in str(caught.value)


def test_deep_nesting_is_refused_with_a_message_not_a_recursion_error() -> None:
    with pytest.raises(InvalidRule, match="nested deeper"):
        parse_rule("not " * 50 + "x")
    with pytest.raises(InvalidRule, match="nested deeper"):
        parse_rule("(" * 50 + "x" + ")" * 50)


def test_an_oversized_rule_is_refused() -> None:
    with pytest.raises(InvalidRule, match="longer than"):
        parse_rule("a and " * 200 + "b")
