"""Unset llama.cpp threads are the cores other work leaves idle (no model is loaded)."""

from __future__ import annotations

import os

import pytest

from sentinel.llm.local import RuntimeOptions
from sentinel.llm.local.runtime import idle_cores


@pytest.mark.parametrize(
    ("cores", "load", "threads"),
    [(2, 0.3, 2), (2, 0.99, 2), (2, 1.2, 1), (2, 4.0, 1), (8, 2.5, 6), (1, 0.0, 1)],
)
def test_unset_threads_are_the_idle_cores(cores: int, load: float, threads: int) -> None:
    assert idle_cores(cores, load) == threads


def test_set_threads_are_kept_and_unset_ones_read_this_machine() -> None:
    assert RuntimeOptions(threads=3).resolved_threads == 3
    assert 1 <= RuntimeOptions().resolved_threads <= (os.cpu_count() or 1)
