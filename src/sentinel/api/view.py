"""Response models read from records: each field from the record's attribute of the same name.

``TaskOut.of(record)`` validates the record's attributes as the model's fields, so a view
lists what it shows once (its fields) and never copies them by hand.
"""

from __future__ import annotations

from typing import Self

from pydantic import BaseModel, ConfigDict


class RecordView(BaseModel):
    """Base of the response models built from a record (a stored row's snapshot, a result)."""

    model_config = ConfigDict(from_attributes=True)

    @classmethod
    def of(cls, record: object) -> Self:
        """The view of ``record``: every field read from its attribute of the same name."""
        return cls.model_validate(record)
