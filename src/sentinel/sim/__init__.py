"""The simulated world: Sentinel's test bed and benchmark ground.

Scenarios (YAML, see :mod:`sentinel.sim.scenario`) describe sites whose pages change over
virtual time, with noise, outages and ground truth. A :class:`World` serves them over real HTTP
or in process, with a SearXNG-compatible search engine in front. Applications never import
this package: it plugs in as a search endpoint and an HTTP transport.
"""

from sentinel.sim.loader import (
    ScenarioError,
    bundled_ids,
    bundled_scenarios,
    load_bundled,
    load_scenario,
    parse_scenario,
    resolve_scenario,
)
from sentinel.sim.scenario import Event, Outage, Page, Scenario, Site, Version
from sentinel.sim.view import PageView
from sentinel.sim.world import DEFAULT_SEARCH_HOST, World

__all__ = [
    "DEFAULT_SEARCH_HOST",
    "Event",
    "Outage",
    "Page",
    "PageView",
    "Scenario",
    "ScenarioError",
    "Site",
    "Version",
    "World",
    "bundled_ids",
    "bundled_scenarios",
    "load_bundled",
    "load_scenario",
    "parse_scenario",
    "resolve_scenario",
]
