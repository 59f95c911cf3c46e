"""Example values that validate against any pydantic output type."""

from __future__ import annotations

import datetime as dt
from enum import Enum
from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, EmailStr, Field, HttpUrl

from sentinel.errors import InvalidInput
from sentinel.llm.schema_fill import fill_model, fill_schema


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


class Citation(BaseModel):
    url: HttpUrl
    quote: Annotated[str, Field(min_length=5)]


class Report(BaseModel):
    title: str
    score: Annotated[int, Field(ge=3, le=9)]
    ratio: Annotated[float, Field(gt=0.5)]
    negative: Annotated[int, Field(lt=-2)]
    published: dt.date
    seen_at: dt.datetime
    kind: Literal["brief", "full"]
    colour: Colour
    tags: Annotated[list[str], Field(min_length=2)]
    citations: list[Citation]
    parent: Citation | None
    contact: EmailStr | None = None
    weights: dict[str, float] = {}


def test_filled_values_validate_for_a_model_with_constraints_formats_and_nesting() -> None:
    value = fill_model(Report)

    report = Report.model_validate(value)
    assert report.kind == "brief"
    assert len(report.tags) == 2
    assert report.score == 3
    assert report.negative < -2
    assert report.parent is not None


def test_filling_is_deterministic() -> None:
    assert fill_model(Report) == fill_model(Report)


def test_an_unknown_schema_type_is_rejected() -> None:
    with pytest.raises(InvalidInput, match="unknown JSON schema type"):
        fill_schema({"type": "tensor"}, {})
