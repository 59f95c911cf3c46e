"""The create form: one text box, as in Torale, and an "advanced" disclosure with criteria,
the pages to read (one URL per line), notify once/always, channels by kind, intervals, a rule,
the state's fields (one ``name:type`` per line) and a time zone.

The form is read exactly as ``sentinel watch add`` reads its options (``spec_input``,
``typed_channels``, ``new_monitor`` of ``sentinel.monitor.service``); each problem is shown
next to its field with the message the API and the CLI give.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.datastructures import FormData

from sentinel.api.dependencies import State
from sentinel.api.ui.access import CurrentViewer, checked_form
from sentinel.api.ui.render import page, redirect
from sentinel.api.ui.routing import UiRoute
from sentinel.errors import InvalidInput
from sentinel.monitor.contract import Contract
from sentinel.monitor.contract.model import MEASURE_WORDS
from sentinel.monitor.models import InvalidMonitorSpec, MonitorSpec, parse_monitor_spec
from sentinel.monitor.scheduling.bounds import MAX_INTERVAL, MIN_INTERVAL
from sentinel.monitor.service import contract_for, new_monitor, spec_input, typed_channels
from sentinel.notify import vet_channel_destinations

router = APIRouter(route_class=UiRoute, include_in_schema=False)
TEXT_FIELDS = ("query", "name", "criteria", "min_interval", "max_interval", "rules", "timezone")
CHANNEL_FIELDS = ("webhook", "email", "apprise")
LIST_FIELDS = ("urls", "fields")  # one entry per line
FIELDS = (*TEXT_FIELDS, "notify", *CHANNEL_FIELDS, *LIST_FIELDS)
# Model-level problems name the field they are about in their text.
_NAMED_FIELD = re.compile(r"\b(min_interval|max_interval|rules|criteria|urls)\b")
MAX_FORM_CHARS = 20_000
# The form box of a channel a refusal names (``InvalidInput.field``).
_CHANNEL_BOXES = {"webhook URL": "webhook", "apprise URL": "apprise", "e-mail address": "email"}


def span_text(span: timedelta) -> str:
    """A default interval as the form reads it back: ``15 minutes``, ``30 days``."""
    seconds = int(span.total_seconds())
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return f"{seconds} seconds"


DEFAULTS = {"min_interval": span_text(MIN_INTERVAL), "max_interval": span_text(MAX_INTERVAL)}


def _text(form: FormData, name: str) -> str:
    value = form.get(name)
    return value[:MAX_FORM_CHARS] if isinstance(value, str) else ""


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def read_form(form: FormData) -> dict[str, str]:
    """The form's values as entered (for showing them back)."""
    values = {name: _text(form, name) for name in FIELDS}
    values["notify"] = values["notify"] or "once"
    return values


def field_of(field: str, message: str) -> str:
    """The form field a spec problem belongs to (``form`` for the form as a whole)."""
    if field.split(".")[0] in FIELDS:  # "fields.0.type" is the fields box's
        return field.split(".")[0]
    named = _NAMED_FIELD.search(message)
    return named.group(1) if named else "form"


def validate(
    values: dict[str, str],
) -> tuple[MonitorSpec | None, list[dict[str, Any]], dict[str, list[str]]]:
    """The spec and channels of the form, and the problems by field."""
    problems: dict[str, list[str]] = {}
    optional = {name: values[name].strip() or None for name in TEXT_FIELDS[1:]}
    data = spec_input(
        values["query"],
        notify=values["notify"],
        urls=_lines(values["urls"]),
        fields=_lines(values["fields"]),
        name=optional["name"],
        criteria=optional["criteria"],
        min_interval=optional["min_interval"],
        max_interval=optional["max_interval"],
        rules=optional["rules"],
        timezone=optional["timezone"],
    )
    spec = None
    try:
        spec = parse_monitor_spec(data)
    except InvalidMonitorSpec as error:
        for field, message in error.problems:
            problems.setdefault(field_of(field, message), []).append(message)
    channels: list[dict[str, Any]] = []
    for kind in CHANNEL_FIELDS:
        try:
            channels += typed_channels(**{kind: _lines(values[kind])})
        except InvalidInput as error:
            problems.setdefault(kind, []).append(str(error))
    return spec, channels, problems


def preview_of(contract: Contract | None, *, governor: str) -> dict[str, Any]:
    """What the form shows before saving: the contract, or which governor decides and why."""
    if contract is None:
        reason = (
            "your rule, on the fields the sensor model reports"
            if governor == "rules"
            else "the model (the sentence has no field form the code can check; a rule over "
            "price, in_stock, version or status makes one)"
        )
        return {"contract": None, "decided_by": reason}
    fields = ", ".join(f"{f.name} ({MEASURE_WORDS[f.measure]})" for f in contract.fields)
    return {
        "contract": {
            "subject": contract.subject.describe(),
            "fields": fields,
            "summary": contract.summary,
            "condition": contract.condition,
        },
        "decided_by": "the contract, by code, on values verified on the page",
    }


@router.get("/monitors/new")
async def new_form(request: Request, viewer: CurrentViewer) -> Response:
    """The empty form."""
    values = dict.fromkeys(FIELDS, "") | {"notify": "once"}
    return page(
        request, "new.html", viewer, values=values, problems={}, advanced=False, defaults=DEFAULTS
    )


@router.post("/monitors/new")
async def create(request: Request, viewer: CurrentViewer, state: State) -> Response:
    """Create the monitor, or show the form again with each problem next to its field."""
    form = await checked_form(request, viewer)
    values = read_form(form)
    spec, channels, problems = validate(values)
    preview = _text(form, "action") == "preview"
    contract = contract_for(spec) if spec is not None and not problems else None
    if preview and spec is not None and not problems:
        # "Check" shows what the sentence compiles to, before anything is saved.
        return page(
            request,
            "new.html",
            viewer,
            values=values,
            problems={},
            advanced=True,
            defaults=DEFAULTS,
            preview=preview_of(contract, governor=spec.governor),
        )
    if spec is not None and not problems:
        try:
            new = new_monitor(spec, channels=channels)
            await vet_channel_destinations(new.channels)
            async with state.db.transaction(owner=viewer.owner) as tx:
                created = await tx.monitors.create(new, now=state.clock.now())
            return redirect(f"/monitors/{created.id}?done=created")
        except InvalidInput as error:
            field = error.field if error.field in FIELDS else "form"
            field = _CHANNEL_BOXES.get(error.field, field)
            problems.setdefault(field, []).append(str(error))
    advanced = any(values[name] for name in FIELDS if name != "query" and name != "notify")
    advanced = advanced or values["notify"] != "once" or any(f != "query" for f in problems)
    return page(
        request,
        "new.html",
        viewer,
        status_code=422,
        values=values,
        problems=problems,
        advanced=advanced,
        defaults=DEFAULTS,
    )
