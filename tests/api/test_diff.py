"""State diffs: JSON Pointer paths of added, removed and changed values."""

from __future__ import annotations

from sentinel.api.diff import diff_documents


def test_nested_objects_are_compared_path_by_path() -> None:
    diff = diff_documents({"a": {"b": 1, "c": 2}}, {"a": {"b": 1, "c": 3, "d/e": 4}})
    assert [(c.path, c.before, c.after) for c in diff.changed] == [("/a/c", 2, 3)]
    assert [c.path for c in diff.added] == ["/a/d~1e"]
    assert diff.removed == []


def test_lists_of_another_length_change_as_a_whole() -> None:
    diff = diff_documents({"x": [1, 2]}, {"x": [1, 2, 3]})
    assert [(c.path, c.after) for c in diff.changed] == [("/x", [1, 2, 3])]


def test_a_type_change_is_a_change_even_when_equal() -> None:
    diff = diff_documents({"x": 1}, {"x": True})
    assert [c.path for c in diff.changed] == ["/x"]


def test_identical_documents_have_no_differences() -> None:
    diff = diff_documents({"a": [1, {"b": None}]}, {"a": [1, {"b": None}]})
    assert (diff.added, diff.removed, diff.changed) == ([], [], [])
