"""Settings every test shares.

Hypothesis's defaults time each example (a 200 ms deadline) and fail a test whose data is
slow to generate (``too_slow``): both measure the machine, not the code, and CI may run on a
busy 2-core machine. The profile below keeps every property and example count, and drops the
two checks that depend on speed.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "sentinel",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("sentinel")
