"""What flows through one monitor run: sensor and governor inputs/outputs, and what a user creates.

The sensor perceives (query → structured state + evidence); the governor decides (states →
act or not, and when to look again). States are JSON objects whose shape the sensor chooses
for the domain: ``{"announced": true, "price_usd": 799}`` for a launch, ``{"version": "2.1.0"}``
for a release feed.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from sentinel.errors import InvalidInput
from sentinel.monitor.governing.rule_syntax import parse_rule
from sentinel.monitor.named_sources import (
    MAX_URLS,
    StateField,
    check_fields,
    check_urls,
    parse_field,
    url_problem,
    urls_in_text,
)
from sentinel.monitor.scheduling.bounds import MAX_INTERVAL, MIN_INTERVAL, ScheduleBounds
from sentinel.monitor.scheduling.durations import UnparseableDuration, parse_duration
from sentinel.monitor.sensing.schema import StateSchema
from sentinel.storage.enums import NotifyBehavior
from sentinel.text.storable import find_unstorable

MAX_QUERY_CHARS = 500
MAX_CRITERIA_CHARS = 2000
MAX_NAME_CHARS = 120
MAX_CHANNELS = 10
MAX_CHANNEL_CHARS = 2000
MAX_RULES_CHARS = 1000
MAX_TIMEZONE_CHARS = 64
# "name:type" as a command line or a form gives a field (the name is at most 64 characters).
MAX_FIELD_TEXT_CHARS = 100
SHORTEST_MIN_INTERVAL = timedelta(minutes=1)
LONGEST_MAX_INTERVAL = timedelta(days=365)

ActionType = Literal["notify", "none"]
GovernorKind = Literal["llm", "rules"]


class Evidence(BaseModel):
    """A quote from a page that supports a claim; only verbatim quotes from pages fetched this
    run survive grounding (see :mod:`sentinel.monitor.governing.grounding`)."""

    model_config = ConfigDict(frozen=True)

    url: str = Field(description="Address of the page the quote was read on.")
    quote: str = Field(description="Text copied verbatim from that page.")


class SensorContext(BaseModel):
    """What the sensor needs: the mission, the query to search with, what was known before."""

    original_query: str = Field(description="The mission, as the user wrote it; never changes.")
    current_query: str = Field(description="The search query now in use; may have been refined.")
    previous_state: dict[str, Any] | None = Field(
        default=None, description="The state the last run recorded; None on the first run."
    )
    run_count: int = Field(default=0, ge=0, description="Runs completed before this one.")
    now: datetime | None = Field(default=None, description="The run's clock, to reason on dates.")
    state_schema: StateSchema | None = Field(
        default=None, description="The fields to report (the rule's and declared ones), if any."
    )
    contract: dict[str, Any] | None = Field(
        default=None,
        description="The monitor's contract (sentinel.monitor.contract): its fields are read "
        "from the pages by code first, the model only choosing among candidates.",
    )


class SensorOutput(BaseModel):
    """What the sensor reports: the new state and the quotes it rests on. It never decides."""

    updated_state: dict[str, Any] = Field(
        description="Structured state representing current knowledge, shaped for the domain."
    )
    volatility_hint: str | None = Field(
        default=None,
        description="Signal about data freshness: 'changing rapidly', 'event in 3 days', etc.",
    )
    query_update: str | None = Field(
        default=None,
        description="Refined search query if a different approach would find better results.",
    )
    error: str | None = Field(default=None, description="What went wrong, if sensing failed.")
    evidence: list[Evidence] = Field(
        default_factory=list, description="Verbatim quotes supporting the state."
    )
    readings: list[dict[str, Any]] = Field(
        default_factory=list,
        description="A contract's readings: each field's value, quote, page, source and "
        "whether it was verified (sentinel.monitor.reading).",
    )


class GovernorContext(BaseModel):
    """What the governor decides from: the mission, the criteria, the states before and after."""

    original_query: str = Field(description="The mission.")
    action_criteria: str = Field(description="When to act, as the user wrote it.")
    previous_state: dict[str, Any] | None = Field(
        default=None, description="State before this sensing; None on the first run."
    )
    current_state: dict[str, Any] = Field(description="State just sensed.")
    volatility_hint: str | None = Field(default=None, description="From the sensor.")
    run_count: int = Field(default=0, ge=0, description="Runs completed before this one.")
    notify: NotifyBehavior = Field(default=NotifyBehavior.ONCE)
    evidence: list[Evidence] = Field(
        default_factory=list, description="The sensor's quotes, for the notification to cite."
    )
    now: datetime | None = Field(default=None, description="The run's clock, to reason on dates.")
    readings: list[dict[str, Any]] = Field(
        default_factory=list, description="The contract's readings (see SensorOutput)."
    )


class GovernorDecision(BaseModel):
    """What the governor decides. ``should_act`` is the decision; ``action_type`` follows it
    (``notify`` when acting, ``none`` otherwise) because notify is the only action today."""

    should_act: bool = Field(description="Whether the action criteria are met.")
    action_type: ActionType = Field(
        default="none", description="'notify' when acting, 'none' otherwise."
    )
    action_content: str | None = Field(
        default=None, description="The answer to tell the user, leading with the news."
    )
    next_check: str = Field(description="When to sense again: '6 hours', 'tomorrow 9am', ...")
    reasoning: str | None = Field(default=None, description="Why this decision was made.")
    facts: dict[str, Any] = Field(
        default_factory=dict,
        description="The facts the notification is about, e.g. {'price_usd': 89}; for dedupe.",
    )
    evidence: list[Evidence] = Field(
        default_factory=list, description="Verbatim quotes supporting the notification."
    )

    @field_validator("action_type", mode="before")
    @classmethod
    def _ignore_written_action_type(cls, value: Any) -> Any:
        # Models write null, "email", "webhook"...: the channels are the monitor's business, so
        # whatever was written, ``should_act`` alone decides (see _derive_action_type).
        return "none"

    @model_validator(mode="after")
    def _derive_action_type(self) -> GovernorDecision:
        self.action_type = "notify" if self.should_act else "none"
        return self


class MonitorSpec(BaseModel):
    """What a user creates: what to watch, when to be told, how, and how often to look."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    query: str = Field(description="What to watch, e.g. 'When will Apple announce iPhone 17?'")
    name: str | None = Field(default=None, description="A short label; defaults to the query.")
    criteria: str = Field(default="", description="When to be told, in words (LLM governor).")
    notify: NotifyBehavior = NotifyBehavior.ONCE
    channels: list[str] = Field(
        default_factory=list, description="Where to deliver; empty keeps the state only."
    )
    min_interval: timedelta = Field(default=MIN_INTERVAL, description="Never run sooner.")
    max_interval: timedelta = Field(default=MAX_INTERVAL, description="Never wait longer.")
    governor: GovernorKind = "llm"
    rules: str | None = Field(default=None, description="Rule for governor='rules'.")
    timezone: str = Field(default="UTC", description="IANA zone for 'tomorrow 9am'.")
    urls: list[str] = Field(
        default_factory=list,
        description="Pages to read on every run (http/https); URLs in the query are added.",
    )
    fields: list[StateField] = Field(
        default_factory=list,
        description="The state's fields: {'name': 'price_usd', 'type': 'number'} or "
        "'price_usd:number'; types number, string, boolean, date.",
    )
    requests_per_day: int | None = Field(
        default=None,
        ge=1,
        le=100_000,
        description="Page requests a day this monitor's looks may make (default: "
        "SENTINEL_WATCH_MONITOR_REQUESTS_PER_DAY).",
    )

    @field_validator("*", mode="before")
    @classmethod
    def _storable(cls, value: Any) -> Any:
        # A NUL is stored by SQLite and refused by PostgreSQL; refused here, on every backend.
        found = find_unstorable(value)
        if found is not None:
            where, problem = found
            raise ValueError(f"{where + ': ' if where else ''}{problem}")
        return value

    @field_validator("query")
    @classmethod
    def _check_query(cls, value: str) -> str:
        if not value:
            raise ValueError("must not be empty")
        if len(value) > MAX_QUERY_CHARS:
            raise ValueError(f"is {len(value)} characters; the limit is {MAX_QUERY_CHARS}")
        return value

    @field_validator("name")
    @classmethod
    def _check_name(cls, value: str | None) -> str | None:
        if value is not None and len(value) > MAX_NAME_CHARS:
            raise ValueError(f"is {len(value)} characters; the limit is {MAX_NAME_CHARS}")
        return value or None

    @field_validator("criteria")
    @classmethod
    def _check_criteria(cls, value: str) -> str:
        if len(value) > MAX_CRITERIA_CHARS:
            raise ValueError(f"is {len(value)} characters; the limit is {MAX_CRITERIA_CHARS}")
        return value

    @field_validator("channels")
    @classmethod
    def _check_channels(cls, value: list[str]) -> list[str]:
        cleaned = [channel.strip() for channel in value]
        if any(not channel for channel in cleaned):
            raise ValueError("a channel must not be empty")
        longest = max((len(channel) for channel in cleaned), default=0)
        if longest > MAX_CHANNEL_CHARS:
            raise ValueError(f"a channel is {longest} characters; the limit is {MAX_CHANNEL_CHARS}")
        if len(set(cleaned)) > MAX_CHANNELS:
            raise ValueError(f"has {len(set(cleaned))} channels; the limit is {MAX_CHANNELS}")
        return list(dict.fromkeys(cleaned))

    @field_validator("min_interval", "max_interval", mode="before")
    @classmethod
    def _read_human_interval(cls, value: Any) -> Any:
        # "15 minutes" reads better in a form or on a command line than ISO 8601's "PT15M".
        if isinstance(value, str) and not value.strip().upper().startswith(("P", "-P")):
            try:
                return parse_duration(value)
            except UnparseableDuration as error:
                raise ValueError(error.problem) from None
        return value

    @field_validator("rules")
    @classmethod
    def _check_rules(cls, value: str | None) -> str | None:
        if value is not None and len(value) > MAX_RULES_CHARS:
            raise ValueError(f"is {len(value)} characters; the limit is {MAX_RULES_CHARS}")
        if value is not None:
            try:
                parse_rule(value)
            except (RecursionError, ArithmeticError, LookupError, TypeError) as error:
                # The CEL library failing on a text it should have refused: still the rule's.
                raise ValueError(
                    f"is not a rule Sentinel can read ({type(error).__name__})"
                ) from None
        return value or None

    @field_validator("urls")
    @classmethod
    def _check_urls(cls, value: list[str]) -> list[str]:
        return check_urls(value)

    @field_validator("fields", mode="before")
    @classmethod
    def _read_field_texts(cls, value: Any) -> Any:
        # "price_usd:number" on a command line or in a form; objects in JSON.
        if isinstance(value, list):
            for item in value:
                if isinstance(item, str) and len(item) > MAX_FIELD_TEXT_CHARS:
                    raise ValueError(
                        f"a field is {len(item)} characters; the limit is {MAX_FIELD_TEXT_CHARS}"
                    )
            return [parse_field(item) if isinstance(item, str) else item for item in value]
        return value

    @field_validator("fields")
    @classmethod
    def _check_fields(cls, value: list[StateField]) -> list[StateField]:
        return check_fields(value)

    @field_validator("timezone")
    @classmethod
    def _check_timezone(cls, value: str) -> str:
        if len(value) > MAX_TIMEZONE_CHARS:
            raise ValueError(f"is {len(value)} characters; the limit is {MAX_TIMEZONE_CHARS}")
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError, OSError):
            # OSError: ZoneInfo opens a file named after the value ("File name too long").
            raise ValueError("is not an IANA time zone such as 'Europe/Paris'") from None
        return value

    @model_validator(mode="after")
    def _add_mission_urls(self) -> MonitorSpec:
        # "… the price on https://shop.example/p/1 …": the page the mission names is read.
        named = urls_in_text(self.query)
        for url in named:
            problem = url_problem(url)
            if problem is not None:
                raise ValueError(f"urls: the query names {problem}")
        merged = list(dict.fromkeys([*self.urls, *named]))
        if len(merged) > MAX_URLS:
            raise ValueError(f"urls: {len(merged)} URLs; the limit is {MAX_URLS}")
        self.urls = merged
        return self

    @model_validator(mode="after")
    def _check_consistency(self) -> MonitorSpec:
        if self.min_interval < SHORTEST_MIN_INTERVAL:
            raise ValueError(f"min_interval must be at least {SHORTEST_MIN_INTERVAL}")
        if self.max_interval > LONGEST_MAX_INTERVAL:
            raise ValueError(f"max_interval must be at most {LONGEST_MAX_INTERVAL}")
        if self.min_interval > self.max_interval:
            raise ValueError(
                f"min_interval {self.min_interval} exceeds max_interval {self.max_interval}"
            )
        if self.governor == "rules":
            if not self.rules:
                raise ValueError("governor 'rules' needs a rule, e.g. 'price_usd < 100'")
            if not self.criteria:
                self.criteria = self.rules
        else:
            if self.rules is not None:
                raise ValueError("rules apply only with governor 'rules'")
            if not self.criteria:
                raise ValueError("criteria must say when to notify, e.g. 'when it is announced'")
        return self

    @property
    def display_name(self) -> str:
        """The name, or the query shortened to fit a title."""
        if self.name:
            return self.name
        return self.query if len(self.query) <= 60 else self.query[:59].rstrip() + "…"

    @property
    def tzinfo(self) -> ZoneInfo:
        """The zone calendar phrases in ``next_check`` are read in."""
        return ZoneInfo(self.timezone)

    def schedule_bounds(self) -> ScheduleBounds:
        """The scheduling limits this monitor imposes on its governor."""
        return ScheduleBounds(min_interval=self.min_interval, max_interval=self.max_interval)


class InvalidMonitorSpec(InvalidInput):
    """A monitor definition has problems; ``problems`` lists ``(field, message)`` pairs."""

    def __init__(self, data: Any, problems: list[tuple[str, str]]) -> None:
        self.problems = problems
        super().__init__(
            "monitor", data, "; ".join(f"{field}: {message}" for field, message in problems)
        )


def parse_monitor_spec(data: Any) -> MonitorSpec:
    """A :class:`MonitorSpec` from user input, or :class:`InvalidMonitorSpec` listing every
    problem as ``field: message`` (no pydantic jargon, no URLs to its docs)."""
    try:
        return MonitorSpec.model_validate(data)
    except ValidationError as error:
        problems = []
        for item in error.errors(include_url=False):
            field = ".".join(str(part) for part in item["loc"]) or "monitor"
            message = str(item["msg"]).removeprefix("Value error, ")
            problems.append((field, message))
        raise InvalidMonitorSpec(data, problems) from None
