"""The scenario format: a mission, a window of time, sites whose pages change, and ground truth.

A scenario is authored in YAML (see the bundled library in ``sentinel/sim/scenarios``)::

    id: iphone-release
    title: iPhone 17 release date announced
    mission: Tell me when Apple announces the iPhone 17 release date
    criteria: Apple has officially announced the release date   # optional; defaults to mission
    notify: once                                                  # once | always
    start: 2025-08-01T00:00:00Z
    end: 2025-10-01T00:00:00Z
    sites:
      - host: www.apple.example
        kind: official          # official | news | rumor | shop | blog | forum | social
        pages:
          - path: /newsroom/iphone-17
            title: Apple Newsroom
            noise: [rotating_ads, relative_timestamp]     # optional
            timeline:                                     # body is markdown
              - at: 2025-08-01T00:00:00Z
                body: No announcement yet.
              - at: 2025-09-09T17:00:00Z
                body: Apple today announced iPhone 17, available Friday, September 19.
                jsonld: {"@type": "Product", "name": "iPhone 17"}   # optional, per version
            jsonld: {}                                    # optional, for versions without one
            outages:                                      # optional
              - {from: 2025-08-10T00:00:00Z, to: 2025-08-10T06:00:00Z, status: 503}
    events:                     # ground truth: when the mission's condition turns true or false
      - at: 2025-09-09T17:00:00Z
        condition: true
        facts: {release_date: 2025-09-19, price_usd: 799}
    lookalikes: ["iPhone 16"]   # optional (research): phrases only a look-alike's text states

A page does not exist before its first timeline entry. A body whose first line is a level-one
heading (``# Headline``) gives that version its own headline; otherwise the page title is used.
Unknown keys are errors everywhere. Checks that span several fields (sorting, the window, unique
hosts) live in :func:`scenario_issues`; :mod:`sentinel.sim.loader` runs both.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Annotated, Any, Literal, TypeVar, get_args

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)

SiteKind = Literal["official", "news", "rumor", "shop", "blog", "forum", "social"]
NoiseKind = Literal[
    "rotating_ads", "relative_timestamp", "cookie_banner", "markup_churn", "trending_box", "slow"
]
NOISE_KINDS: tuple[str, ...] = get_args(NoiseKind)
SITE_KINDS: tuple[str, ...] = get_args(SiteKind)

_HOST = re.compile(
    r"^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$"
)
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC)


# Times must carry a zone in the file (``Z`` or an offset) and are normalized to UTC.
UtcDatetime = Annotated[AwareDatetime, AfterValidator(_utc)]


def _status(value: object) -> object:
    """An outage status: an HTTP error code (4xx/5xx) or the word ``timeout``."""
    if value == "timeout":
        return value
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError(f"status must be a 4xx/5xx code or 'timeout', not {value!r}")
    try:
        code = int(value)
    except ValueError:
        raise ValueError(f"status must be a 4xx/5xx code or 'timeout', not {value!r}") from None
    if not 400 <= code <= 599:
        raise ValueError(f"status must be a 4xx/5xx code or 'timeout', not {value!r}")
    return code


OutageStatus = Annotated[int | Literal["timeout"], BeforeValidator(_status)]


def _json_fact(value: object) -> object:
    # Facts are compared as JSON by the benchmarks: dates become ISO strings.
    if isinstance(value, datetime):
        return _utc(value).isoformat().replace("+00:00", "Z") if value.tzinfo else value.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): _json_fact(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_fact(v) for v in value]
    return value


def _non_empty(value: tuple[Any, ...]) -> tuple[Any, ...]:
    # An after-validator rather than min_length: pydantic would also report a list whose items
    # failed validation as "too short", doubling every error.
    if not value:
        raise ValueError("must have at least one entry")
    return value


_T = TypeVar("_T")
NonEmpty = Annotated[tuple[_T, ...], AfterValidator(_non_empty)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Version(_Strict):
    """One state of a page, from ``at`` until the next version."""

    at: UtcDatetime
    body: str = Field(description="Markdown; a leading '# Headline' line becomes the headline.")
    jsonld: dict[str, Any] | None = None

    @property
    def headline(self) -> str | None:
        """The body's leading level-one heading, if it has one."""
        first = self.body.lstrip().split("\n", 1)[0]
        if first.startswith("# "):
            return first[2:].strip() or None
        return None

    @property
    def markdown(self) -> str:
        """The body without its leading headline."""
        if self.headline is None:
            return self.body
        return self.body.lstrip().split("\n", 1)[1] if "\n" in self.body.lstrip() else ""


class Outage(_Strict):
    """A span of time during which a page answers with an error or not at all."""

    start: UtcDatetime = Field(alias="from")
    to: UtcDatetime
    status: OutageStatus

    @model_validator(mode="after")
    def _ordered(self) -> Outage:
        if self.start >= self.to:
            raise ValueError(f"'from' ({self.start.isoformat()}) must be before 'to'")
        return self

    def covers(self, moment: datetime) -> bool:
        """Whether the outage is in effect at ``moment`` (``from`` inclusive, ``to`` exclusive)."""
        return self.start <= moment < self.to


class Page(_Strict):
    """A page at one path of a site: its title, its versions over time, noise and outages."""

    path: str
    title: str = Field(min_length=1)
    noise: tuple[NoiseKind, ...] = ()
    timeline: NonEmpty[Version]
    jsonld: dict[str, Any] | None = None
    outages: tuple[Outage, ...] = ()

    @field_validator("path")
    @classmethod
    def _path(cls, value: str) -> str:
        if not value.startswith("/"):
            raise ValueError(f"path {value!r} must start with '/'")
        if value.startswith("/__"):
            raise ValueError(f"path {value!r}: paths starting with '/__' are reserved")
        if any(c.isspace() for c in value) or "?" in value or "#" in value:
            raise ValueError(f"path {value!r} must not contain spaces, '?' or '#'")
        return value

    @field_validator("noise")
    @classmethod
    def _noise_unique(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        duplicates = sorted({n for n in value if value.count(n) > 1})
        if duplicates:
            raise ValueError(f"noise lists {', '.join(duplicates)} more than once")
        return value

    @field_validator("timeline")
    @classmethod
    def _sorted(cls, value: tuple[Version, ...]) -> tuple[Version, ...]:
        for i in range(1, len(value)):
            if value[i].at <= value[i - 1].at:
                raise ValueError(
                    f"entries must be sorted by 'at' without repeats: [{i}] at "
                    f"{value[i].at.isoformat()} is not after [{i - 1}] at "
                    f"{value[i - 1].at.isoformat()}"
                )
        return value

    def version_index(self, moment: datetime) -> int | None:
        """Index of the version in effect at ``moment``, or None before the first one."""
        current = None
        for i, version in enumerate(self.timeline):
            if version.at > moment:
                break
            current = i
        return current

    def outage_at(self, moment: datetime) -> Outage | None:
        """The outage in effect at ``moment``, if any."""
        return next((o for o in self.outages if o.covers(moment)), None)


class Site(_Strict):
    """A host name and the pages it serves."""

    host: str
    kind: SiteKind
    pages: NonEmpty[Page]

    @field_validator("host")
    @classmethod
    def _host(cls, value: str) -> str:
        if not _HOST.match(value):
            raise ValueError(
                f"host {value!r} must be a lowercase DNS name with a dot, e.g. news.example"
            )
        return value

    @field_validator("pages")
    @classmethod
    def _unique_paths(cls, value: tuple[Page, ...]) -> tuple[Page, ...]:
        seen: dict[str, int] = {}
        for i, page in enumerate(value):
            if page.path in seen:
                raise ValueError(f"path {page.path!r} appears twice: [{seen[page.path]}] and [{i}]")
            seen[page.path] = i
        return value

    @property
    def name(self) -> str:
        """A display name derived from the host: ``www.daily-ledger.example`` → Daily Ledger."""
        labels = [x for x in self.host.split(".")[:-1] if x not in {"www", "m", "blog", "shop"}]
        label = labels[0] if labels else self.host.split(".")[0]
        return " ".join(part.capitalize() for part in label.split("-"))


class Event(_Strict):
    """Ground truth: at ``at`` the mission's condition became ``condition``, with ``facts``."""

    at: UtcDatetime
    condition: bool
    facts: dict[str, Any] = Field(default_factory=dict)

    @field_validator("facts", mode="before")
    @classmethod
    def _facts(cls, value: object) -> object:
        if isinstance(value, dict) and "condition" in value:
            # A state's ``condition`` is whether the mission holds (the event's own field);
            # a fact of that name would take its place in every state the oracle reports.
            raise ValueError(
                "a fact may not be named 'condition' (the event's condition is its own field); "
                "rename it, e.g. 'conditions'"
            )
        return _json_fact(value) if isinstance(value, dict) else value


class Scenario(_Strict):
    """One mission in a simulated world, with the ground truth of when it is satisfied."""

    id: str
    title: str = Field(min_length=1)
    mission: str = Field(min_length=1)
    criteria: str | None = None
    notify: Literal["once", "always"]
    start: UtcDatetime
    end: UtcDatetime
    sites: NonEmpty[Site]
    events: tuple[Event, ...]
    lookalikes: tuple[str, ...] = Field(
        default=(),
        description="Research ground truth: phrases that only text about a look-alike of the "
        "question's subject states (a neighbouring application's number, another day's "
        "sailings); a report sentence stating one is about the wrong subject.",
    )

    @field_validator("id")
    @classmethod
    def _id(cls, value: str) -> str:
        if not _ID.match(value):
            raise ValueError(f"id {value!r} must be lowercase letters, digits and '-'")
        return value

    @property
    def action_criteria(self) -> str:
        """The criteria, or the mission when none were given."""
        return self.criteria or self.mission

    def condition_at(self, moment: datetime) -> bool:
        """The ground-truth value of the condition at ``moment`` (False before any event)."""
        value = False
        for event in self.events:
            if event.at > moment:
                break
            value = event.condition
        return value

    def pages(self) -> Iterator[tuple[Site, Page]]:
        """Every (site, page) pair of the scenario."""
        for site in self.sites:
            for page in site.pages:
                yield site, page


@dataclass(frozen=True)
class ScenarioIssue:
    """One problem found in a scenario: where (a dotted path) and what."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


def scenario_issues(scenario: Scenario) -> list[ScenarioIssue]:
    """Checks spanning several fields: window, ordering of events, unique hosts."""
    issues: list[ScenarioIssue] = []
    start, end = scenario.start, scenario.end
    if end <= start:
        issues.append(ScenarioIssue("end", f"{end.isoformat()} must be after start"))
        return issues
    hosts: dict[str, int] = {}
    for s, site in enumerate(scenario.sites):
        if site.host in hosts:
            issues.append(
                ScenarioIssue(
                    f"sites[{s}].host", f"{site.host!r} is also sites[{hosts[site.host]}]"
                )
            )
        hosts.setdefault(site.host, s)
        for p, page in enumerate(site.pages):
            where = f"sites[{s}].pages[{p}]"
            for v, version in enumerate(page.timeline):
                if version.at > end:
                    issues.append(
                        ScenarioIssue(
                            f"{where}.timeline[{v}].at",
                            f"{version.at.isoformat()} is after the scenario's end",
                        )
                    )
                # Only the first version may predate the window: later ones would never be seen.
                if v > 0 and version.at < start:
                    issues.append(
                        ScenarioIssue(
                            f"{where}.timeline[{v}].at",
                            f"{version.at.isoformat()} is before the scenario's start; only the "
                            "first entry may be",
                        )
                    )
            for o, outage in enumerate(page.outages):
                if outage.to <= start or outage.start >= end:
                    issues.append(
                        ScenarioIssue(f"{where}.outages[{o}]", "lies outside the scenario window")
                    )
            for o in range(1, len(page.outages)):
                if page.outages[o].start < page.outages[o - 1].to:
                    issues.append(
                        ScenarioIssue(
                            f"{where}.outages[{o}].from",
                            "outages must be sorted and must not overlap",
                        )
                    )
    for e, event in enumerate(scenario.events):
        if not start <= event.at <= end:
            issues.append(
                ScenarioIssue(f"events[{e}].at", f"{event.at.isoformat()} is outside start..end")
            )
        if e > 0 and event.at <= scenario.events[e - 1].at:
            issues.append(
                ScenarioIssue(f"events[{e}].at", "events must be sorted by 'at' without repeats")
            )
    return issues
