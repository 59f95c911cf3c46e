"""Small scenarios for the monitoring benchmark's tests, written as a user would write them."""

from __future__ import annotations

from pathlib import Path

from sentinel.sim import Scenario, parse_scenario

LAUNCH = """\
id: gizmo-launch
title: Gizmo 2 launch date announced
mission: Tell me when Gizmo announces the Gizmo 2 launch date
criteria: Gizmo has officially announced the date Gizmo 2 goes on sale
notify: once
start: 2025-03-01T00:00:00Z
end: 2025-03-06T00:00:00Z
sites:
  - host: www.gizmo.example
    kind: official
    pages:
      - path: /news/gizmo-2
        title: Gizmo Newsroom
        timeline:
          - at: 2025-02-01T00:00:00Z
            body: |
              # Gizmo Newsroom

              There is no news about Gizmo 2 to share at this time. Press releases about
              Gizmo products are published here as soon as they are public.
          - at: 2025-03-03T12:00:00Z
            body: |
              # Gizmo 2 goes on sale March 20

              Gizmo today announced that Gizmo 2 will be available on Thursday, March 20,
              starting at $499. Pre-orders for Gizmo 2 open on Friday.
  - host: www.gadgetblog.example
    kind: blog
    pages:
      - path: /gizmo-2-rumours
        title: Gizmo 2 rumours
        timeline:
          - at: 2025-02-10T00:00:00Z
            body: |
              Rumours say the Gizmo 2 launch could come in March, but Gizmo has said
              nothing about a launch date yet.
events:
  - at: 2025-03-03T12:00:00Z
    condition: true
    facts: {launch_date: 2025-03-20, price_usd: 499}
"""

QUIET = """\
id: quiet-shop
title: Widget restock that never comes
mission: Tell me when the Acme widget is back in stock at the Acme store
notify: once
start: 2025-03-01T00:00:00Z
end: 2025-03-04T00:00:00Z
sites:
  - host: store.acme.example
    kind: shop
    pages:
      - path: /widget
        title: Acme Widget
        noise: [rotating_ads, relative_timestamp]
        timeline:
          - at: 2025-02-01T00:00:00Z
            body: |
              **$19.00** · **Out of stock** — the Acme widget is temporarily unavailable.
              Sign up to be told when the Acme widget is back.
events: []
"""

FLIPFLOP = """\
id: lamp-flipflop
title: Lumo lamp in stock, again and again
mission: Notify me whenever the Lumo lamp is in stock at the Lumo store
notify: always
start: 2025-03-01T00:00:00Z
end: 2025-03-05T00:00:00Z
sites:
  - host: store.lumo.example
    kind: shop
    pages:
      - path: /lamp
        title: Lumo Lamp
        timeline:
          - at: 2025-02-01T00:00:00Z
            body: "**$59.00** · **Out of stock** — the Lumo lamp is sold out for now."
          - at: 2025-03-01T12:00:00Z
            body: "**$59.00** · **In stock** — the Lumo lamp ships within two days."
          - at: 2025-03-02T12:00:00Z
            body: "**$59.00** · **Out of stock** — the Lumo lamp is sold out for now."
          - at: 2025-03-03T12:00:00Z
            body: "**$59.00** · **In stock** — the Lumo lamp ships within two days."
events:
  - at: 2025-03-01T12:00:00Z
    condition: true
    facts: {availability: InStock}
  - at: 2025-03-02T12:00:00Z
    condition: false
    facts: {availability: OutOfStock}
  - at: 2025-03-03T12:00:00Z
    condition: true
    facts: {availability: InStock}
"""

ALL = {"gizmo-launch": LAUNCH, "quiet-shop": QUIET, "lamp-flipflop": FLIPFLOP}


def scenario(text: str) -> Scenario:
    """Parse one of the texts above."""
    return parse_scenario(text, "test")


def write_library(directory: Path, *names: str) -> Path:
    """Write the named scenarios (all by default) as YAML files into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    for name in names or tuple(ALL):
        (directory / f"{name}.yaml").write_text(ALL[name])
    return directory
