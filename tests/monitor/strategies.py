"""Hypothesis strategies shared by the scheduling tests: clocks and next_check texts."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import strategies as st

nows = st.datetimes(
    min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)
)

duration_texts = st.builds(
    lambda amount, unit, prefix: f"{prefix}{amount} {unit}",
    st.one_of(st.integers(0, 5000), st.floats(0, 500, allow_nan=False).map(lambda f: round(f, 2))),
    st.sampled_from(["minutes", "m", "hours", "h", "days", "weeks", "seconds"]),
    st.sampled_from(["", "in ", "about ", "every "]),
)
calendar_texts = st.builds(
    lambda day, hour: f"{day} {hour}",
    st.sampled_from(
        ["tomorrow", "today", "Monday", "next Friday", "sunday", "tonight", "this wed"]
    ),
    st.sampled_from(["", "9am", "at 14:00", "noon", "11:59 pm", "at 0:00", "evening"]),
)
