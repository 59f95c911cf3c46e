"""Drafts behave like the objects they stand in for, log every change, and never touch the
committed state."""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from sentinel.store import DraftError, apply_changes, invert
from sentinel.store.draft import DraftSession, finalize, open_draft
from tests.store.model import Inner, Item, Model, programs, run_program, sample_model

PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def draft_run(state: Any, mutate: Any) -> tuple[Any, DraftSession]:
    session = DraftSession("test")
    root = open_draft(state, session)
    try:
        mutate(root)
        new = finalize(root)
    finally:
        session.close()
    return new, session


@PROPERTY
@given(programs)
def test_a_program_on_a_draft_matches_plain_python_and_leaves_the_original_untouched(
    program: list[tuple[Any, ...]],
) -> None:
    original = sample_model()
    pristine = copy.deepcopy(original)
    expected = copy.deepcopy(original)
    run_program(expected, program)

    new, session = draft_run(original, lambda draft: run_program(draft, program))

    assert new == expected
    assert original == pristine
    assert apply_changes(original, session.changes) == expected
    assert apply_changes(new, invert(session.changes)) == pristine


@PROPERTY
@given(programs)
def test_untouched_subtrees_are_shared_between_old_and_new_state(
    program: list[tuple[Any, ...]],
) -> None:
    original = sample_model()
    new, session = draft_run(original, lambda draft: run_program(draft, program))
    touched = {change.location[0] for change in session.changes}
    for name in ("items", "prices", "inner", "groups"):
        if name not in touched:
            assert getattr(new, name) is getattr(original, name)


def test_writing_one_item_copies_only_the_path_to_it() -> None:
    original = sample_model()

    def mutate(draft: Model) -> None:
        draft.items[1].qty = 20

    new, _ = draft_run(original, mutate)
    assert new is not original
    assert new.items is not original.items
    assert new.items[1] is not original.items[1]
    assert new.items[0] is original.items[0]
    assert new.items[2] is original.items[2]
    assert new.items[1].tags is original.items[1].tags
    assert new.prices is original.prices
    assert new.inner is original.inner


def test_a_node_written_back_to_what_it_was_stays_the_same_object() -> None:
    original = sample_model()

    def mutate(draft: Model) -> None:
        draft.items.sort(key=lambda item: item.name)  # already sorted
        price = draft.prices["p1"]
        draft.prices["p1"] = 5.0
        draft.prices["p1"] = price
        draft.inner.flags.add("new")
        draft.inner.flags.discard("new")

    new, _ = draft_run(original, mutate)
    assert new is original


def test_draft_passes_isinstance_checks_for_the_types_it_stands_in_for() -> None:
    def check(draft: Model) -> None:
        assert isinstance(draft, Model)
        assert isinstance(draft.items, list)
        assert isinstance(draft.prices, dict)
        assert isinstance(draft.inner.flags, set)
        assert isinstance(draft.items[0], Item)

    draft_run(sample_model(), check)


def test_writing_an_equal_value_changes_nothing_but_counts_as_a_write() -> None:
    original = sample_model()

    def mutate(draft: Model) -> None:
        draft.title = "t"
        draft.inner.note = "n"

    new, session = draft_run(original, mutate)
    assert new is original
    assert session.changes == []
    assert session.written == [("title",), ("inner", "note")]


def test_consecutive_writes_to_one_path_collapse_and_cancel_out() -> None:
    def mutate(draft: Model) -> None:
        draft.count = 1
        draft.count = 2
        draft.title = "x"
        draft.title = "t"

    _, session = draft_run(sample_model(), mutate)
    assert [(c.path, c.before, c.after) for c in session.changes] == [("count", 0, 2)]


def test_a_node_moved_within_the_action_keeps_later_edits() -> None:
    def mutate(draft: Model) -> None:
        item = draft.items.pop(0)
        draft.items.append(item)
        item.qty = 99

    new, session = draft_run(sample_model(), mutate)
    assert [(i.name, i.qty) for i in new.items] == [("b", 2), ("c", 3), ("a", 99)]
    assert [c.path for c in session.changes] == ["items.0", "items.2", "items.2.qty"]


def test_a_node_written_to_a_second_place_is_stored_as_its_current_value() -> None:
    def mutate(draft: Model) -> None:
        draft.items.append(draft.items[0])  # the state is a tree: this stores a copy
        draft.items[0].qty = 50

    new, _ = draft_run(sample_model(), mutate)
    assert new.items[0].qty == 50
    assert new.items[3].qty == 1
    assert new.items[3] is not new.items[0]


def test_methods_and_properties_of_the_dataclass_run_against_the_draft() -> None:
    @dataclass
    class Counter:
        value: int = 0
        history: list[int] = field(default_factory=list)

        def bump(self, by: int) -> None:
            self.history.append(self.value)
            self.value += by

        @property
        def doubled(self) -> int:
            return self.value * 2

        @doubled.setter
        def doubled(self, total: int) -> None:
            self.value = total // 2

    original = Counter()

    def mutate(draft: Counter) -> None:
        draft.bump(3)
        assert draft.doubled == 6
        draft.doubled = 10

    new, session = draft_run(original, mutate)
    assert (new.value, new.history) == (5, [0])
    assert (original.value, original.history) == (0, [])
    assert [c.path for c in session.changes] == ["history.0", "value"]


def test_a_validating_setattr_still_rejects_bad_writes() -> None:
    @dataclass
    class Guarded:
        limit: int = 3

        def __setattr__(self, name: str, value: Any) -> None:
            if name == "limit" and value < 0:
                raise ValueError(f"limit must be >= 0, not {value}")
            object.__setattr__(self, name, value)

    original = Guarded()
    session = DraftSession("test")
    draft = open_draft(original, session)
    with pytest.raises(ValueError, match="limit must be >= 0"):
        draft.limit = -1
    assert original.limit == 3
    assert session.changes == []


def test_a_draft_used_after_its_action_ended_raises() -> None:
    kept: list[Any] = []
    draft_run(sample_model(), kept.append)
    with pytest.raises(DraftError, match="used after it ended"):
        kept[0].title = "late"
    with pytest.raises(DraftError):
        _ = kept[0].items[0]


def test_a_read_only_view_refuses_writes_and_names_the_path() -> None:
    view = open_draft(sample_model(), DraftSession("fetch", readonly=True))
    assert view.items[1].name == "b"
    with pytest.raises(DraftError, match=r"'fetch' tried to write 'items\.1\.name'"):
        view.items[1].name = "x"


def test_list_operations_are_logged_with_their_index() -> None:
    def mutate(draft: Model) -> None:
        draft.items.insert(0, Item("z"))
        draft.items[2].tags.extend(["p", "q"])
        del draft.items[1]
        draft.items.sort(key=lambda item: item.name)

    new, session = draft_run(sample_model(), mutate)
    assert [i.name for i in new.items] == ["b", "c", "z"]
    assert [(c.path, c.op) for c in session.changes] == [
        ("items.0", "insert"),
        ("items.2.tags.0", "insert"),
        ("items.2.tags.1", "insert"),
        ("items.1", "delete"),
        ("items", "set"),
    ]


def test_dict_and_set_operations_are_logged() -> None:
    def mutate(draft: Model) -> None:
        draft.prices.update({"p1": 9.0, "p3": 3.0})
        assert draft.prices.pop("p2") == 2.5
        draft.inner.flags |= {"g", "h"}
        draft.groups.setdefault("g", []).append(3)

    new, session = draft_run(sample_model(), mutate)
    assert new.prices == {"p1": 9.0, "p3": 3.0}
    assert new.inner.flags == {"f", "g", "h"}
    assert [(c.path, c.op, c.before, c.after) for c in session.changes] == [
        ("prices.p1", "set", 1.0, 9.0),
        ("prices.p3", "insert", None, 3.0),
        ("prices.p2", "delete", 2.5, None),
        ("inner.flags", "set", {"f"}, {"f", "g", "h"}),
        ("groups.g.2", "insert", None, 3),
    ]


def test_dict_keys_that_are_not_identifiers_keep_their_exact_location() -> None:
    @dataclass
    class Pages:
        seen: dict[str, int] = field(default_factory=dict)

    def mutate(draft: Pages) -> None:
        draft.seen["https://example.com/a.html"] = 1

    _, session = draft_run(Pages(), mutate)
    (change,) = session.changes
    assert change.location == ("seen", "https://example.com/a.html")
    assert change.path == "seen.https://example.com/a.html"


def test_values_recorded_in_changes_are_not_mutated_by_later_writes() -> None:
    def mutate(draft: Model) -> None:
        draft.inner = Inner("fresh")
        draft.inner.flags.add("later")

    _, session = draft_run(sample_model(), mutate)
    first = session.changes[0]
    assert first.path == "inner"
    assert first.after == Inner("fresh")
    assert session.changes[1].path == "inner.flags"


def test_dataclasses_helpers_accept_drafts() -> None:
    @dataclass
    class Config:
        context: str = ""
        temperature: float = 0.2

    @dataclass
    class Agent:
        current: Config = field(default_factory=Config)

    original = Agent()

    def mutate(draft: Agent) -> None:
        assert dataclasses.is_dataclass(draft.current)
        assert [f.name for f in dataclasses.fields(draft.current)] == ["context", "temperature"]
        draft.current = dataclasses.replace(draft.current, context="new")

    new, session = draft_run(original, mutate)
    assert new.current == Config("new", 0.2)
    assert type(new.current) is Config
    assert original.current == Config()
    assert [c.path for c in session.changes] == ["current"]
