"""A small scenario exercising every feature of the world, and worlds built on it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import httpx
import pytest

from sentinel.clock import VirtualClock
from sentinel.sim import Scenario, World, parse_scenario

START = datetime(2025, 8, 1, tzinfo=UTC)
ANNOUNCED = datetime(2025, 9, 9, 17, tzinfo=UTC)

SCENARIO_YAML = """\
id: gadget-launch
title: Gadget 3 launch date announced
mission: Tell me when Gizmo announces the Gadget 3 release date
notify: once
start: 2025-08-01T00:00:00Z
end: 2025-10-01T00:00:00Z
sites:
  - host: www.gizmo.example
    kind: official
    pages:
      - path: /newsroom/gadget-3
        title: Gizmo Newsroom
        noise: [rotating_ads, relative_timestamp, cookie_banner, markup_churn, trending_box]
        timeline:
          - at: 2025-08-01T00:00:00Z
            body: |
              # Gadget 3 is coming

              Gizmo is putting the finishing touches on Gadget 3, the thinnest device the
              company has ever made. The launch date will be announced here first, along with
              pricing for every region where Gadget 3 will be sold.

              Until then, sign up for updates and we will let you know as soon as we can share
              more about the new camera, the all-day battery and the recycled aluminium body.
          - at: 2025-08-20T09:00:00Z
            body: |
              # Gadget 3 is coming

              Gizmo is putting the finishing touches on Gadget 3, the thinnest device the
              company has ever made. The launch date will be announced here first, along with
              pricing for every region where Gadget 3 will be sold.

              Until then, sign up for updates. Our September keynote will be streamed live on
              this page and in the Gizmo app, with sign language interpretation.
          - at: 2025-09-09T17:00:00Z
            body: |
              # Gizmo announces Gadget 3, available September 19

              Gizmo today announced Gadget 3, its thinnest device yet. Gadget 3 will be
              available from Friday, September 19, starting at $799, with pre-orders opening
              this Friday, September 12.

              The new camera system pairs a 48-megapixel main sensor with a telephoto lens, and
              the battery lasts a full day of heavy use. The body is made from recycled
              aluminium.
            jsonld: {"@type": "Product", "name": "Gadget 3", "releaseDate": "2025-09-19"}
        jsonld: {"@type": "WebPage", "name": "Gizmo Newsroom"}
        outages:
          - {from: 2025-08-10T00:00:00Z, to: 2025-08-10T06:00:00Z, status: 503}
          - {from: 2025-08-11T00:00:00Z, to: 2025-08-11T01:00:00Z, status: timeout}
      - path: /support
        title: Gizmo Support
        noise: [slow]
        timeline:
          - at: 2025-07-01T00:00:00Z
            body: |
              Find answers about your Gizmo devices, repairs and warranty. Our support team
              answers within one business day. Repairs are free within the first year.
        outages:
          - {from: 2025-08-12T00:00:00Z, to: 2025-08-12T02:00:00Z, status: 500}
          - {from: 2025-08-13T00:00:00Z, to: 2025-08-13T02:00:00Z, status: 404}
  - host: techwire.example
    kind: news
    pages:
      - path: /2025/09/gizmo-gadget-3-keynote
        title: Gizmo sets Gadget 3 keynote for September 9
        noise: [relative_timestamp, trending_box]
        timeline:
          - at: 2025-08-20T12:00:00Z
            body: |
              Gizmo has sent out invitations for a keynote on September 9, where the company is
              widely expected to unveil Gadget 3. The invitation, titled "Thin is in", shows a
              sliver of brushed aluminium against a dark background.

              Analysts expect a release about ten days after the event, in line with previous
              launches, and a price close to that of Gadget 2.
      - path: /2025/08/heatwave-data-centres
        title: Heatwave pushes data centres to their limits
        timeline:
          - at: 2025-08-05T08:00:00Z
            body: |
              Operators across the region throttled workloads on Tuesday as temperatures
              passed 38 degrees. Cooling systems designed a decade ago were never meant for
              this, engineers say, and water restrictions make evaporative cooling harder.
events:
  - at: 2025-09-09T17:00:00Z
    condition: true
    facts: {release_date: 2025-09-19, price_usd: 799}
"""

NEWSROOM = "http://www.gizmo.example/newsroom/gadget-3"
SUPPORT = "http://www.gizmo.example/support"
KEYNOTE = "http://techwire.example/2025/09/gizmo-gadget-3-keynote"
HEATWAVE = "http://techwire.example/2025/08/heatwave-data-centres"


@pytest.fixture
def scenario() -> Scenario:
    return parse_scenario(SCENARIO_YAML, "gadget.yaml")


@pytest.fixture
def clock() -> VirtualClock:
    return VirtualClock(START)


@pytest.fixture
def world(scenario: Scenario, clock: VirtualClock) -> World:
    return World.from_scenario(scenario, clock, seed=7, slow_delay=0.05, timeout_hold=0.5)


@pytest.fixture
async def client(world: World) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=world.transport(), timeout=2.0) as client:
        yield client
