"""Path patterns for declared writes and subscriptions."""

from __future__ import annotations

import pytest

from sentinel.store.paths import compile_pattern, covers, path_of, touches


def test_covers_allows_paths_at_or_below_the_pattern() -> None:
    pattern = compile_pattern("agents.*.should_act")
    assert covers(pattern, ("agents", "translator", "should_act"))
    assert covers(pattern, ("agents", "translator", "should_act", "x"))
    assert not covers(pattern, ("agents", "translator"))
    assert not covers(pattern, ("agents", "translator", "status"))


def test_touches_also_matches_changes_above_the_pattern() -> None:
    pattern = compile_pattern("agents.*")
    assert touches(pattern, ("agents", "x"))
    assert touches(pattern, ("agents", "x", "y"))
    assert touches(pattern, ("agents",))
    assert touches(pattern, ())
    assert not touches(pattern, ("document",))


def test_patterns_reject_empty_segments() -> None:
    with pytest.raises(ValueError, match="empty segment"):
        compile_pattern("a..b")
    with pytest.raises(ValueError, match="empty segment"):
        compile_pattern("")


def test_path_of_joins_keys_as_text() -> None:
    assert path_of(("items", 3, "name")) == "items.3.name"
    assert path_of(()) == ""
