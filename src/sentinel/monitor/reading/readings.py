"""What reading a contract's fields produces: candidates from a page, then one reading a field.

A :class:`Candidate` is a value a page states for a field, with the verbatim text that states
it (a sentence of the main text, or a line of the page's structured data), where it is, and
how well that text is about the subject. A :class:`Reading` is the value a field gets this
run — from the page's own data, from its text, or chosen by a model among candidates — and
whether it was verified against the page (:mod:`sentinel.monitor.reading.verify`); an
unverified reading says why, and the contract's condition sees its field as unknown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

Source = Literal["json-ld", "microdata", "opengraph", "page", "model"]
STRUCTURED_SOURCES = ("json-ld", "microdata", "opengraph")


@dataclass(frozen=True)
class Candidate:
    """A value a page states for a field (see the module documentation).

    ``about`` is how well the text is about the subject (0 to 1); ``position`` orders the
    candidates of one page as they appear; ``note`` says what the reader saw.
    """

    value: Any
    quote: str
    url: str
    source: Source
    about: float
    position: int = 0
    note: str = ""
    currency: str | None = None
    prerelease: bool = False
    page_weight: float = 1.0
    labelled: bool = False
    own: bool = True
    site: bool = False

    @property
    def rank(self) -> float:
        """How much the candidate counts: its subject score times its page's weight (a page
        of the site the subject names counts fully)."""
        return self.about * self.page_weight


class Reading(BaseModel):
    """The value a contract field has this run, where it was read, and whether it holds."""

    model_config = ConfigDict(frozen=True)

    field: str
    value: Any = None
    quote: str | None = None
    url: str | None = None
    source: Source | None = None
    verified: bool = False
    note: str = ""

    @classmethod
    def of(cls, field: str, candidate: Candidate, *, source: Source | None = None) -> Reading:
        """A reading of ``field`` from ``candidate`` (not yet verified)."""
        return cls(
            field=field,
            value=candidate.value,
            quote=candidate.quote,
            url=candidate.url,
            source=source or candidate.source,
            note=candidate.note,
        )

    @classmethod
    def unknown(cls, field: str, note: str) -> Reading:
        """No value for ``field``, and why."""
        return cls(field=field, note=note)

    def describe(self) -> str:
        """One line: ``price = 399.99 (json-ld, verified)`` or why there is no value."""
        if self.value is None:
            return f"{self.field}: unknown ({self.note})"
        state = "verified" if self.verified else f"unverified: {self.note}"
        return f"{self.field} = {self.value!r} ({self.source}, {state})"
