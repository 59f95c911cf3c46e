"""The rule language: CEL, the spellings of rules written before it, the fields a rule reads
and the kinds it reads them as, and how a bad rule is explained."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sentinel.errors import InvalidInput
from sentinel.monitor.governing.rule_syntax import InvalidRule, parse_rule


@pytest.mark.parametrize(
    ("rule", "cel"),
    [
        # Rules written before CEL: translated token by token.
        ("announced == true", "announced == true"),
        ("price_usd <= 99.5 and in_stock == true", "price_usd <= 99.5 && in_stock == true"),
        ("a or b AND NOT c", "a || b && ! c"),
        ("status = 'late'", 'status == "late"'),
        ("version != none", "version != null"),
        ("flag == TRUE", "flag == true"),
        ('products.0.sku == "X"', 'products[0].sku == "x"'),
        ("x NOT IN [1, 2]", "!(x  in [1, 2])"),
        ("exists(note)", "(note != null)"),
        ("price < 5.", "price < 5.0"),
        ("changed(version)", 'changed("version")'),
        ("price < prev(price)", 'price < prev("price")'),
        ('contains(title, "Beta")', 'contains(title, "beta")'),
        # CEL as it is (text literals folded: text compares case-insensitively).
        ("price_usd < 300", "price_usd < 300"),
        ("in_stock && !(status in ['Sold out'])", 'in_stock && !(status in ["sold out"])'),
        ('title.contains("Beta") || size(tags) > 2', 'title.contains("beta") || size(tags) > 2'),
        ('tags.exists(t, t == "iOS")', 'tags.exists(t, t == "ios")'),
        (r'title.matches(r"^Beta \d")', r'title.matches(r"(?i)^Beta \d")'),
        ("price_usd * 2 < 300 && tags[1] == 'x'", 'price_usd * 2.0 < 300 && tags[1] == "x"'),
        ("released < '2025-10-01'", 'released < timestamp("2025-10-01T00:00:00Z")'),
    ],
)
def test_rules_are_read_as_cel(rule: str, cel: str) -> None:
    assert parse_rule(rule).cel == cel


@pytest.mark.parametrize(
    ("rule", "kinds"),
    [
        ("price_usd < 300", {"price_usd": "number"}),
        ("300 > price_usd", {"price_usd": "number"}),
        ("price_usd * 2 <= 600", {"price_usd": "number"}),
        ("in_stock == true", {"in_stock": "boolean"}),
        ("announced", {"announced": "boolean"}),
        ("a && !b || (c)", {"a": "boolean", "b": "boolean", "c": "boolean"}),
        ("status == 'delayed'", {"status": "string"}),
        ('status in ["delayed", "cancelled"]', {"status": "string"}),
        ('title.startsWith("Beta")', {"title": "string"}),
        ("released < '2025-10-01'", {"released": "date"}),
        ('"ios" in tags', {"tags": "list"}),
        ("price < prev(price)", {"price": "any"}),
        ("prev(price) > 300 && price <= 300", {"price": "number"}),
        ("price < 300 || price == 'free'", {"price": "any"}),
        ("changed(version)", {"version": "any"}),
        ("product.price < 100", {"product.price": "number"}),
    ],
)
def test_the_kind_of_each_field_comes_from_how_the_rule_compares_it(
    rule: str, kinds: dict[str, str]
) -> None:
    assert parse_rule(rule).kinds == kinds


def test_the_parsed_rule_lists_the_fields_it_reads_once_each_and_how() -> None:
    parsed = parse_rule(
        "price <= 99.5 and in_stock == true and price > prev(price) and changed(version)"
    )

    assert parsed.paths == ("price", "in_stock", "version")
    assert parsed.current == ("price", "in_stock")
    assert parsed.previous == ("price",)
    assert parsed.changed == ("version",)


def test_fields_are_confirmed_by_the_cel_parse_and_macro_variables_are_not_fields() -> None:
    parsed = parse_rule('tags.exists(t, t == "ios") && a["b"].c == 2 && products[0].sku == "x"')

    assert parsed.paths == ("tags", "a.b.c", "products.0.sku")
    assert set(parsed.program.variables()) >= {"tags", "a", "products"}


def test_a_rule_is_compiled_once_per_text() -> None:
    assert parse_rule("price_usd < 301") is parse_rule("price_usd < 301")


def test_string_escapes_are_read() -> None:
    assert parse_rule(r"s == 'It\'s \"OK\"'").cel == 's == "it\'s \\"ok\\""'


@pytest.mark.parametrize(
    ("rule", "position", "expected"),
    [
        ("price <", 7, "the rule ends too soon, expecting a value"),
        ("price < 100 and", 15, "or a list) (read as CEL: price < 100 &&)"),
        ("a b", 2, "extraneous input 'b' expecting the end of the rule"),
        ("", 0, "expected a condition"),
        ("== 3", 0, "extraneous input '=='"),
        ('"abc', 0, "unterminated string"),
        ("price < $5", 8, "unexpected character '$'"),
        ("foo(x)", 0, "unknown function 'foo'; known: "),
        ("changed(1)", 8, "changed() takes a field name, e.g. changed(price)"),
        ("prev(price + 1) > 3", 5, "prev() takes a field name"),
        ("(a or b", 7, "missing ')' at the end"),
        ("5", 0, "the rule reads no field"),
        ("true", 0, "the rule reads no field"),
        ("contains(title 'beta')", 15, "expecting ')'"),
        ("a = = 1", 4, "(read as CEL: a == == 1)"),
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


@settings(max_examples=400, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(list("abxy_019 .,()[]{}<>=!&|?:+-*/%'\"\\$")) | st.characters(),
        max_size=40,
    )
)
def test_any_text_parses_or_is_refused_with_an_invalid_rule(text: str) -> None:
    try:
        parsed = parse_rule(text)
    except InvalidRule as error:
        position = error.position
    else:
        position = 0
        assert parsed.paths
    assert 0 <= position <= len(text)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "price",
                "not",
                "and",
                "or",
                "in",
                "(",
                ")",
                "[",
                "]",
                ",",
                "<",
                "=",
                "==",
                "1",
                "'a'",
                ".",
                "0",
                "prev",
                "changed",
                "exists",
                "contains",
                "has",
                "!",
                "&&",
                "-",
            ]
        ),
        max_size=12,
    )
)
def test_any_sequence_of_the_languages_words_parses_or_is_refused(words: list[str]) -> None:
    text = " ".join(words)
    position = 0
    try:
        parse_rule(text)
    except InvalidRule as error:
        position = error.position
    assert 0 <= position <= len(text)
