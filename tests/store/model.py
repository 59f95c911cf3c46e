"""A small state tree and random mutation programs, shared by the store's property tests.

``run_program`` applies a program with ordinary Python operations, so it runs the same on a
plain object (the reference semantics) and on a store draft (the code under test).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st


@dataclass
class Item:
    name: str
    qty: int = 0
    tags: list[str] = field(default_factory=list)


@dataclass
class Inner:
    note: str = ""
    flags: set[str] = field(default_factory=set)


@dataclass
class Model:
    title: str = ""
    count: int = 0
    items: list[Item] = field(default_factory=list)
    prices: dict[str, float] = field(default_factory=dict)
    inner: Inner = field(default_factory=Inner)
    groups: dict[str, list[int]] = field(default_factory=dict)


def sample_model() -> Model:
    return Model(
        title="t",
        items=[Item("a", 1, ["x"]), Item("b", 2), Item("c", 3, ["y", "z"])],
        prices={"p1": 1.0, "p2": 2.5},
        inner=Inner("n", {"f"}),
        groups={"g": [1, 2]},
    )


Step = tuple[Any, ...]

_names = st.sampled_from(["a", "b", "c", "d", "e"])
_keys = st.sampled_from(["p1", "p2", "p3"])
_index = st.integers(min_value=0, max_value=6)
_small = st.integers(min_value=-3, max_value=3)

steps: st.SearchStrategy[Step] = st.one_of(
    st.tuples(st.just("set_title"), _names),
    st.tuples(st.just("inc"), _small),
    st.tuples(st.just("append_item"), _names),
    st.tuples(st.just("insert_item"), _index, _names),
    st.tuples(st.just("pop_item"), _index),
    st.tuples(st.just("set_qty"), _index, _small),
    st.tuples(st.just("tag_item"), _index, _names),
    st.tuples(st.just("untag_item"), _index),
    st.tuples(st.just("replace_item"), _index, _names),
    st.tuples(st.just("move_item"), _index, _index),
    st.tuples(st.just("copy_item"), _index),
    st.tuples(st.just("sort_items")),
    st.tuples(st.just("reverse_items")),
    st.tuples(st.just("del_slice"), _index, _index),
    st.tuples(st.just("clear_items")),
    st.tuples(st.just("set_price"), _keys, st.floats(0, 10, allow_nan=False)),
    st.tuples(st.just("del_price"), _keys),
    st.tuples(st.just("set_note"), _names),
    st.tuples(st.just("add_flag"), _names),
    st.tuples(st.just("discard_flag"), _names),
    st.tuples(st.just("group_append"), _names, _small),
    st.tuples(st.just("group_pop"), _names),
    st.tuples(st.just("swap_items"), _index, _index),
)
programs = st.lists(steps, max_size=12)


def run_program(state: Model, program: list[Step]) -> None:
    """Apply ``program`` to ``state`` in place."""
    for step in program:
        _run_step(state, step)


def _run_step(state: Model, step: Step) -> None:
    kind, *args = step
    items = state.items
    size = len(items)
    if kind == "set_title":
        state.title = args[0]
    elif kind == "inc":
        state.count += args[0]
    elif kind == "append_item":
        items.append(Item(args[0]))
    elif kind == "insert_item":
        items.insert(args[0], Item(args[1]))
    elif kind == "set_price":
        state.prices[args[0]] = args[1]
    elif kind == "del_price":
        state.prices.pop(args[0], None)
    elif kind == "set_note":
        state.inner.note = args[0]
    elif kind == "add_flag":
        state.inner.flags.add(args[0])
    elif kind == "discard_flag":
        state.inner.flags.discard(args[0])
    elif kind == "group_append":
        state.groups.setdefault(args[0], []).append(args[1])
    elif kind == "group_pop":
        state.groups.pop(args[0], None)
    elif kind == "sort_items":
        items.sort(key=lambda item: (item.name, item.qty))
    elif kind == "reverse_items":
        items.reverse()
    elif kind == "clear_items":
        items.clear()
    elif kind == "del_slice":
        del items[args[0] : args[1]]
    elif size == 0:
        return  # the remaining steps address an existing item
    elif kind == "pop_item":
        items.pop(args[0] % size)
    elif kind == "set_qty":
        items[args[0] % size].qty = args[1]
    elif kind == "tag_item":
        items[args[0] % size].tags.append(args[1])
    elif kind == "untag_item":
        tags = items[args[0] % size].tags
        if tags:
            tags.pop(0)
    elif kind == "replace_item":
        items[args[0] % size] = Item(args[1])
    elif kind == "move_item":
        moved = items.pop(args[0] % size)
        items.insert(args[1], moved)
        moved.qty += 10  # an edit after the move must land in the tree
    elif kind == "copy_item":
        items.append(copy.deepcopy(items[args[0] % size]))
    elif kind == "swap_items":
        i, j = args[0] % size, args[1] % size
        items[i], items[j] = items[j], items[i]
    else:
        raise AssertionError(f"unknown step {kind!r}")
