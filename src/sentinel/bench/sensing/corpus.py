"""The sensing corpus: page pairs a real site would serve, each with the sentence a user types.

A case is a folder under ``cases/`` (package data) holding ``case.yaml``, ``before.html`` and
``after.html``. BEFORE is the page before the change (never a notification); AFTER is the
change (notify) or a decoy that looks like it (do not notify). ``case.yaml``::

    id: pixelparts-rtx-5060-ti-below-420      # the folder's name
    sentence: Tell me when the ASUS Dual RTX 5060 Ti 16GB drops below £420 at PixelParts
    language: en                              # en, fr, de or es: the page's language
    kind: price                               # price, stock, release, incident, slot, ...
    decoy: false                              # AFTER only looks like the change
    structured: true                          # the page's structured data states every value
    expect: {before: false, after: true}      # is a notification right on each run
    mentions: ["399.99"]                      # what a right notification must state
    path: /p/asus-dual-rtx-5060-ti-16gb       # where the loopback server serves the page
    note: the JSON-LD Offer has the price; a review quotes £449.99

A case that does not validate is an :class:`~sentinel.errors.InvalidInput` naming the file and
the field. The split reads only the id (:func:`split_of`), like the simulated worlds'.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, get_args

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from sentinel.errors import InvalidInput

__all__ = [
    "CASES",
    "KINDS",
    "LANGUAGES",
    "SPLITS",
    "CaseFiles",
    "Expect",
    "SensingCase",
    "load_case",
    "load_cases",
    "split_of",
]

CASES = Path(__file__).with_name("cases")
"""The bundled corpus: one folder per case."""

Language = Literal["en", "fr", "de", "es"]
Kind = Literal["price", "stock", "release", "incident", "slot", "event", "notice"]
Split = Literal["dev", "test"]
LANGUAGES: tuple[Language, ...] = get_args(Language)
KINDS: tuple[Kind, ...] = get_args(Kind)
SPLITS: tuple[Split, ...] = get_args(Split)
PAGES = ("before.html", "after.html")


class Expect(BaseModel):
    """Whether a notification is right on each run: never on BEFORE; on AFTER unless the
    case is a decoy."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    before: Literal[False]
    after: bool


class SensingCase(BaseModel):
    """One case: the sentence a user types, the page it is about, and the right outcomes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{2,79}$")
    sentence: str = Field(min_length=10)
    language: Language
    kind: Kind
    decoy: bool
    structured: bool
    """Whether the page's structured data (JSON-LD, microdata, OpenGraph) alone states every
    value the sentence needs, on both pages."""
    expect: Expect
    mentions: list[str] = Field(default_factory=list)
    path: str = Field(pattern=r"^/[^\s?#]*(\?[^\s#]*)?$")
    note: str = Field(min_length=5)

    @model_validator(mode="after")
    def _consistent(self) -> SensingCase:
        if self.decoy == self.expect.after:
            raise ValueError(
                "decoy must be true exactly when expect.after is false (a decoy's AFTER "
                "only looks like the change)"
            )
        if self.mentions and not self.expect.after:
            raise ValueError("mentions are what a right notification states: a decoy has none")
        return self

    @property
    def split(self) -> Split:
        """``dev`` or ``test`` (see :func:`split_of`)."""
        return split_of(self.id)


@dataclass(frozen=True)
class CaseFiles:
    """A validated case with its two pages."""

    case: SensingCase
    before: str
    after: str
    folder: Path


def split_of(case_id: str) -> Split:
    """``test`` when the first byte of ``sha256(id)`` is odd, else ``dev``: the rule reads only
    the id, so nobody picks which cases are hard enough for ``test``."""
    first = hashlib.sha256(case_id.encode("utf-8")).digest()[0]
    return "test" if first % 2 == 1 else "dev"


def load_case(folder: Path) -> CaseFiles:
    """The case in ``folder``; ``InvalidInput`` naming the file and field when it is not one."""
    spec = folder / "case.yaml"
    try:
        data = yaml.safe_load(spec.read_text(encoding="utf-8"))
    except OSError as error:
        raise InvalidInput(str(spec), None, f"cannot read it: {error.strerror}") from None
    except yaml.YAMLError as error:
        raise InvalidInput(str(spec), None, f"not YAML: {error}") from None
    if not isinstance(data, dict):
        raise InvalidInput(str(spec), data, "expected a mapping of case fields")
    try:
        case = SensingCase.model_validate(data)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        where = ".".join(str(part) for part in first["loc"]) or "case"
        raise InvalidInput(
            f"{spec}: {where}", first.get("input"), first["msg"].removeprefix("Value error, ")
        ) from None
    if case.id != folder.name:
        raise InvalidInput(f"{spec}: id", case.id, f"must be the folder's name, {folder.name!r}")
    before, after = (_page(folder / name) for name in PAGES)
    if before == after:
        raise InvalidInput(str(folder / "after.html"), None, "is the same page as before.html")
    return CaseFiles(case, before, after, folder)


def _page(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise InvalidInput(str(path), None, f"cannot read it: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise InvalidInput(str(path), None, f"not UTF-8: {error.reason}") from None
    if not text.lstrip().lower().startswith("<!doctype html"):
        raise InvalidInput(str(path), text[:40], "a page starts with <!DOCTYPE html>")
    return text


def _folders(root: Path) -> Iterator[Path]:
    if not root.is_dir():
        raise InvalidInput("cases folder", str(root), "is not a folder")
    yield from sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))


def load_cases(split: str = "all", root: Path = CASES) -> list[CaseFiles]:
    """Every case of ``split`` (``dev``, ``test`` or ``all``) under ``root``, by id."""
    if split not in (*SPLITS, "all"):
        raise InvalidInput("split", split, "must be dev, test or all")
    loaded = [load_case(folder) for folder in _folders(root)]
    return [c for c in loaded if split in ("all", c.case.split)]
