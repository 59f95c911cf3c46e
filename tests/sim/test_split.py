"""The fixed dev/test split: the rule, and what it does to the bundled library."""

from __future__ import annotations

import hashlib

import pytest

from sentinel.errors import InvalidInput
from sentinel.sim import bundled_ids, bundled_scenarios
from sentinel.sim.split import TUNED_ON, in_split, split_of


def test_the_scenarios_tuned_on_are_dev_whatever_their_hash() -> None:
    assert len(TUNED_ON) == 22
    assert set(bundled_ids()) >= TUNED_ON
    assert {split_of(i) for i in TUNED_ON} == {"dev"}
    # Some of them would be test by the hash rule: the list is what keeps them in dev.
    assert any(hashlib.sha256(i.encode()).digest()[0] % 2 for i in TUNED_ON)


@pytest.mark.parametrize(
    ("scenario_id", "split"),
    [
        ("quiet-shop", "test"),  # sha256 starts with an odd byte
        ("gizmo-launch", "dev"),  # an even one
        ("ticket-resale-restock", "test"),
        ("café-hours", split_of("café-hours")),  # any text: utf-8
    ],
)
def test_other_ids_split_on_the_parity_of_the_first_sha256_byte(
    scenario_id: str, split: str
) -> None:
    first = hashlib.sha256(scenario_id.encode("utf-8")).digest()[0]
    assert split_of(scenario_id) == split == ("test" if first % 2 else "dev")


def test_the_bundled_library_has_a_test_split_with_every_kind_of_world() -> None:
    scenarios = bundled_scenarios()
    test = in_split(scenarios, "test")
    dev = in_split(scenarios, "dev")
    assert len(test) + len(dev) == len(scenarios)
    assert len(scenarios) - len(TUNED_ON) >= 60
    assert len(test) >= 25
    assert not {s.id for s in test} & TUNED_ON
    assert any(not any(e.condition for e in s.events) for s in test)  # noise-only
    assert any(s.notify == "always" for s in test)
    assert any(s.notify == "once" and s.events for s in test)


def test_in_split_keeps_order_and_all_keeps_everything() -> None:
    scenarios = bundled_scenarios()
    assert in_split(scenarios, "all") == scenarios
    assert [s.id for s in in_split(scenarios, "test")] == [
        s.id for s in scenarios if split_of(s.id) == "test"
    ]
    with pytest.raises(InvalidInput, match="dev, test or all"):
        in_split(scenarios, "train")
