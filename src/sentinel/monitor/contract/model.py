"""A monitor's contract: what its sentence asks, as fields the code reads and a rule it checks.

"Tell me when the ASUS Dual RTX 5060 Ti 16GB drops below £420 at PixelParts" becomes::

    subject:   ASUS Dual RTX 5060 Ti 16GB (site: PixelParts)
    fields:    price (money), currency (currency)
    condition: price < 420.0 && currency == "GBP"

Each field has a *measure*: what on a page it is a reading of (a price, whether the subject is
in stock, a version, an incident's status…). The measure tells the readers
(:mod:`sentinel.monitor.reading`) where a page states it — schema.org data first, then the
page's text — and the verifier how to check a value against its quote. The condition is CEL
over the fields (:mod:`sentinel.monitor.governing.rule_syntax`); a field whose reading could
not be verified is null there, so the condition is unknown, never true.

A contract is compiled from the sentence by code for the common shapes
(:mod:`sentinel.monitor.contract.compile`), from a user's ``--rules``/``--field``
(:mod:`sentinel.monitor.contract.from_rules`), or by one validated model call; a sentence with
no field form has no contract and keeps the LLM governor.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from sentinel.monitor.governing.rule_syntax import FieldKind, parse_rule
from sentinel.storage import MonitorRecord

Measure = Literal[
    "price",
    "currency",
    "in_stock",
    "available",
    "version",
    "prerelease",
    "status",
    "decision",
    "cancelled",
    "date",
    "count",
    "text",
    "hours",
]
"""What a field is a reading of on a page (see the module documentation)."""

MEASURES: tuple[Measure, ...] = (
    "price",
    "currency",
    "in_stock",
    "available",
    "version",
    "prerelease",
    "status",
    "decision",
    "cancelled",
    "date",
    "count",
    "text",
    "hours",
)

# The JSON type each measure's value has in the state (what CEL compares it as).
MEASURE_KINDS: dict[Measure, FieldKind] = {
    "price": "number",
    "currency": "string",
    "in_stock": "boolean",
    "available": "boolean",
    "version": "string",
    "prerelease": "boolean",
    "status": "string",
    "decision": "string",
    "cancelled": "boolean",
    "date": "date",
    "count": "number",
    "text": "string",
    "hours": "string",
}

# What a user reads for each measure in ``watch add``'s contract line.
MEASURE_WORDS: dict[Measure, str] = {
    "price": "money",
    "currency": "currency code",
    "in_stock": "in stock (true/false)",
    "available": "available (true/false)",
    "version": "version",
    "prerelease": "pre-release (true/false)",
    "status": "status",
    "decision": "decision",
    "cancelled": "cancelled (true/false)",
    "date": "date",
    "count": "count",
    "text": "text",
    "hours": "opening hours (Mon 09:00-17:00; …)",
}

Lifetime = Literal["minutes", "hours", "days"]
"""How long the watched kind of state lasts once it holds: a restock or a free slot may be
gone in minutes, an incident's status changes within hours, a release or a decision stays."""

Origin = Literal["code", "rules", "model"]
MAX_SUBJECT_CHARS = 200
MAX_CONTRACT_FIELDS = 8


class Subject(BaseModel):
    """Who or what the sentence is about, and the site when it names one."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(max_length=MAX_SUBJECT_CHARS, description="e.g. 'ASUS Dual RTX 5060 Ti'.")
    site: str | None = Field(
        default=None, max_length=MAX_SUBJECT_CHARS, description="e.g. 'PixelParts'."
    )

    def describe(self) -> str:
        """``name at site`` (or the name alone)."""
        return f"{self.name} at {self.site}" if self.site else self.name


class ContractField(BaseModel):
    """One field of the state: its key, and what it is a reading of."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]{0,63}$", description="The state key.")
    measure: Measure
    currency: str | None = Field(
        default=None, description="For a price: the currency its name says (price_gbp)."
    )

    @property
    def kind(self) -> FieldKind:
        """The JSON type of its value, for CEL."""
        return MEASURE_KINDS[self.measure]


class Contract(BaseModel):
    """The sentence as a rule the code checks (see the module documentation)."""

    model_config = ConfigDict(frozen=True)

    subject: Subject
    fields: tuple[ContractField, ...] = Field(min_length=1, max_length=MAX_CONTRACT_FIELDS)
    condition: str = Field(description="CEL over the fields, e.g. 'price < 420.0'.")
    summary: str = Field(description="The condition in words, e.g. 'price below £420.00'.")
    lifetime: Lifetime = "days"
    origin: Origin = "code"
    threshold: float | None = Field(
        default=None, description="The amount the sentence names, when it names one."
    )
    wanted_version: str | None = Field(
        default=None, description="The version the sentence names, when it names one."
    )

    @field_validator("condition")
    @classmethod
    def _parses(cls, value: str) -> str:
        parse_rule(value)
        return value

    @model_validator(mode="after")
    def _reads_only_its_fields(self) -> Contract:
        names = {item.name for item in self.fields}
        if len(names) != len(self.fields):
            raise ValueError("a contract field is declared twice")
        parsed = parse_rule(self.condition)
        unknown = sorted({path.split(".")[0] for path in parsed.paths} - names)
        if unknown:
            raise ValueError(f"the condition reads {', '.join(unknown)}, not a contract field")
        return self

    def field(self, measure: Measure) -> ContractField | None:
        """The field that reads ``measure``, if the contract has one."""
        return next((item for item in self.fields if item.measure == measure), None)

    def kinds(self) -> dict[str, FieldKind]:
        """Each field's JSON type, for the rule evaluator."""
        return {item.name: item.kind for item in self.fields}

    def describe(self) -> str:
        """One line for people: the subject, the condition in words, the rule."""
        return f"{self.subject.describe()}: notify when {self.summary} ({self.condition})"


def contract_of(monitor: MonitorRecord) -> Contract | None:
    """The monitor's contract, or None (none compiled, or one this version cannot read)."""
    if not monitor.contract:
        return None
    try:
        return Contract.model_validate(monitor.contract)
    except ValueError:
        return None
