"""The sentence compiled into a contract by code: the common shapes, in four languages."""

from __future__ import annotations

import pytest

from sentinel.monitor.contract import compile_sentence
from sentinel.monitor.contract.from_rules import contract_from_rules


@pytest.mark.parametrize(
    ("sentence", "condition", "subject", "site"),
    [
        (
            "Tell me when the ASUS Dual RTX 5060 Ti 16GB drops below £420 at PixelParts",
            'price < 420.0 && currency == "GBP"',
            "ASUS Dual RTX 5060 Ti 16GB",
            "PixelParts",
        ),
        (
            "Tell me if the Burrline Pro grinder goes under $150 at BeanGear",
            'price < 150.0 && currency == "USD"',
            "Burrline Pro grinder",
            "BeanGear",
        ),
        (
            "Tell me when the Sonora QC Ultra headphones cost less than $300 at Voltmart",
            'price < 300.0 && currency == "USD"',
            "Sonora QC Ultra headphones",
            "Voltmart",
        ),
        (
            "Notify me when the Kindle Scribe drops to €299 or less",
            'price <= 299.0 && currency == "EUR"',
            "Kindle Scribe",
            None,
        ),
        (
            "Let me know when the Arc lamp is at most 1.299,00 €",
            'price <= 1299.0 && currency == "EUR"',
            "Arc lamp",
            None,
        ),
        (
            "Préviens-moi quand le prix de la Kobo Clara passe sous 120 €",
            'price < 120.0 && currency == "EUR"',
            "Kobo Clara",
            None,
        ),
        (
            "Sag mir Bescheid, wenn die Sony WH-1000XM5 unter 250 € fällt",
            'price < 250.0 && currency == "EUR"',
            "Sony WH-1000XM5",
            None,
        ),
        (
            "Avísame cuando el iPhone 16 baje de 700 €",
            'price < 700.0 && currency == "EUR"',
            "iPhone 16",
            None,
        ),
        (
            "Tell me each time diesel at the Ridgeway Fuel station drops under €1.55",
            'price < 1.55 && currency == "EUR"',
            "diesel at the Ridgeway Fuel station",
            None,
        ),
        (
            "Alert me each time Nutrabel HA formula 800g is back in stock at Greenleaf Pharmacy",
            "in_stock",
            "Nutrabel HA formula 800g",
            "Greenleaf Pharmacy",
        ),
        (
            "Benachrichtige mich, wenn die PlayStation 5 Pro wieder auf Lager ist",
            "in_stock",
            "PlayStation 5 Pro",
            None,
        ),
        ("Tell me when I can actually order the Fjord Phone 3", "in_stock", "Fjord Phone 3", None),
        (
            "Tell me if the Aerostride 90 Dune is available in EU size 44 at Kickvault",
            "in_stock",
            "Aerostride 90 Dune in EU size 44",
            "Kickvault",
        ),
        (
            "Tell me when Tidewater 3.0 is released",
            'version_at_least(version, "3.0") && !prerelease',
            "Tidewater 3.0",
            None,
        ),
        (
            "Tell me when a version newer than 2.4 of Pandas is released",
            'version_newer(version, "2.4") && !prerelease',
            "Pandas",
            None,
        ),
        (
            "Tell me when the Paylane Payments API incident is resolved",
            'status in ["resolved", "operational"]',
            "Paylane Payments API incident",
            None,
        ),
        (
            "Tell me if the Lakeside Open final is cancelled",
            "cancelled",
            "Lakeside Open final",
            None,
        ),
        (
            "Tell me when the city approves the retractable roof for Victoria Stadium",
            'decision == "approved"',
            "retractable roof for Victoria Stadium",
            None,
        ),
        (
            "Tell me when the Crestfield Festival announces the dates for 2026",
            "date != null",
            "Crestfield Festival for 2026",
            None,
        ),
        (
            "Tell me whenever a table for two is available at Maison Lune on Saturday 14 June",
            "available",
            "table for two on Saturday 14 June",
            "Maison Lune",
        ),
    ],
)
def test_common_shapes_compile_by_code(
    sentence: str, condition: str, subject: str, site: str | None
) -> None:
    contract = compile_sentence(sentence)
    assert contract is not None
    assert (contract.condition, contract.subject.name, contract.subject.site) == (
        condition,
        subject,
        site,
    )
    assert contract.origin == "code"


def test_a_threshold_keeps_its_amount_for_the_verifier() -> None:
    contract = compile_sentence("Tell me when the Lumina C5 costs less than $1,200 at HomeVolt")
    assert contract is not None
    assert contract.threshold == 1200.0
    assert contract.summary == "the price is below $1,200.00"


def test_a_release_candidate_counts_only_when_the_sentence_asks_for_one() -> None:
    final = compile_sentence("Tell me when Quillstore 5.0 is released (not a release candidate)")
    beta = compile_sentence("Tell me when the Quillstore 5.0 beta is released")
    assert final is not None
    assert beta is not None
    assert final.condition.endswith("&& !prerelease")
    assert beta.condition == 'version_at_least(version, "5.0")'


@pytest.mark.parametrize(
    "sentence",
    [
        "Tell me when Halcyon Air confirms that it is acquiring BlueKite Airlines",
        "Tell me who wins the Valmont Open chess tournament",
        "Tell me when the route 42 bus timetable changes",
        # A stream of items, not one subject with one price.
        "Send me every new two-bedroom flat in Riverside under €1,400 a month",
        "Tell me when Hollow Keep actually comes out on PC",
    ],
)
def test_sentences_with_no_field_form_have_no_contract(sentence: str) -> None:
    assert compile_sentence(sentence) is None


def test_separate_criteria_decide_and_the_sentence_names_the_subject() -> None:
    contract = compile_sentence("the Sonora QC Ultra at Voltmart", criteria="when it is under $300")
    assert contract is not None
    assert contract.condition == 'price < 300.0 && currency == "USD"'
    assert (contract.subject.name, contract.subject.site) == ("Sonora QC Ultra", "Voltmart")


def test_criteria_the_code_cannot_compile_leave_the_llm_governor_even_if_the_sentence_could() -> (
    None
):
    assert (
        compile_sentence(
            "Tell me when the Sonora QC Ultra is under $300",
            criteria="when reviewers say the battery got worse",
        )
        is None
    )


def test_a_rule_over_fields_a_page_states_becomes_the_contract() -> None:
    contract = contract_from_rules(
        "price_gbp < 420",
        "Tell me when the ASUS Dual RTX 5060 Ti 16GB drops below £420 at PixelParts",
    )
    assert contract is not None
    assert contract.condition == "price_gbp < 420"
    [field] = contract.fields
    assert (field.name, field.measure, field.currency) == ("price_gbp", "price", "GBP")
    assert contract.subject.name == "ASUS Dual RTX 5060 Ti 16GB"
    assert contract.origin == "rules"


def test_a_rule_over_other_fields_has_no_contract() -> None:
    assert contract_from_rules("seats_left > 0", "Tell me when seats open") is None
    assert contract_from_rules("product.price < 3", "Tell me when it is cheap") is None


@pytest.mark.parametrize(
    ("sentence", "subject"),
    [
        (
            "Tell me when the Riverside Public Library changes its opening hours",
            "Riverside Public Library",
        ),
        ("Let me know when Hartwell Pool changes its hours", "Hartwell Pool"),
        (
            "Sag mir, wenn die Stadtbibliothek Köln ihre Öffnungszeiten ändert",
            "Stadtbibliothek Köln",
        ),
        ("Préviens-moi quand la médiathèque de Lyon change ses horaires", "médiathèque de Lyon"),
        ("Avísame cuando la biblioteca de Sevilla cambia su horario", "biblioteca de Sevilla"),
        ("Tell me when the opening hours of Hartwell Pool change", "Hartwell Pool"),
        ("Notify me when Hartwell Pool's hours change", "Hartwell Pool"),
    ],
)
def test_a_place_changing_its_opening_hours_compiles_to_a_change_of_the_week(
    sentence: str, subject: str
) -> None:
    contract = compile_sentence(sentence)
    assert contract is not None
    assert contract.subject.name == subject
    assert contract.condition == "prev(opening_hours) != null && changed(opening_hours)"
    assert [(f.name, f.measure) for f in contract.fields] == [("opening_hours", "hours")]


def test_a_rule_over_the_opening_hours_reads_them_by_code() -> None:
    contract = contract_from_rules(
        "prev(opening_hours) != null and changed(opening_hours)",
        "Tell me when the Riverside Public Library changes its opening hours",
    )
    assert contract is not None
    assert contract.subject.name == "Riverside Public Library"
    assert contract.fields[0].measure == "hours"
