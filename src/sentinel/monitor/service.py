"""A monitor definition from user input to storage values, for every front end alike.

``sentinel watch add``, the HTTP API and the web UI validate with the same
:class:`MonitorSpec`, and channels (strings or JSON objects) with ``sentinel.notify``, so all
of them refuse the same inputs with the same messages. The CLI and the web form read their
fields the same way too (:func:`spec_input`, :func:`typed_channels`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import timedelta
from typing import Any

from sentinel.errors import InvalidInput
from sentinel.llm import LanguageModel
from sentinel.monitor.budget import REQUESTS_PER_DAY
from sentinel.monitor.contract import Contract, compile_sentence
from sentinel.monitor.contract.by_model import compile_by_model
from sentinel.monitor.contract.from_rules import contract_from_rules
from sentinel.monitor.failures import EXPECTED_ERRORS
from sentinel.monitor.models import MAX_CHANNELS, MonitorSpec, parse_monitor_spec

# How runs read for people moved to a light module (the list commands import it without the
# models); still importable from here.
from sentinel.monitor.results import delivery_state as delivery_state
from sentinel.monitor.results import last_result as last_result
from sentinel.monitor.results import run_detail as run_detail
from sentinel.notify import parse_channel_specs
from sentinel.storage import (
    GovernorKind,
    MonitorChanges,
    MonitorRecord,
    NewMonitor,
    NotifyBehavior,
)

IMMUTABLE_FIELDS = frozenset({"query", "original_query"})


def seconds(span: timedelta) -> int:
    """Whole seconds of an interval, at least one."""
    return max(1, round(span.total_seconds()))


def spec_input(
    query: str,
    *,
    name: str | None = None,
    criteria: str | None = None,
    notify: str = "once",
    rules: str | None = None,
    timezone: str | None = None,
    min_interval: str | None = None,
    max_interval: str | None = None,
    urls: Sequence[str] = (),
    fields: Sequence[str] = (),
    requests_per_day: int | None = None,
) -> dict[str, Any]:
    """The spec data of a monitor entered field by field (``watch add``, the web form).

    A rule selects the rules governor; without criteria, the query itself says when to notify
    (with a rule, the rule does). Unset options (None) keep the spec's defaults. ``urls`` are
    the pages to read on every run; ``fields`` the state's fields as ``name:type``;
    ``requests_per_day`` the page requests a day its looks may make.
    """
    data: dict[str, Any] = {
        "query": query,
        "notify": notify,
        "governor": "rules" if rules is not None else "llm",
    }
    optional = {"name": name, "rules": rules, "timezone": timezone}
    optional |= {"min_interval": min_interval, "max_interval": max_interval}
    data |= {key: value for key, value in optional.items() if value is not None}
    if requests_per_day is not None:
        data["requests_per_day"] = requests_per_day
    data["criteria"] = criteria if criteria is not None else ("" if rules else query)
    if urls:
        data["urls"] = list(urls)
    if fields:
        data["fields"] = list(fields)
    return data


def with_default_criteria(body: Any) -> Any:
    """A create request (a JSON object) with the query as its criteria when it gives none and
    no rules: "Tell me when X" says when to notify by itself, on every surface alike (the CLI
    and the web form get the same from :func:`spec_input`). Anything else is returned as is,
    for :func:`parse_monitor_spec` to refuse."""
    if not isinstance(body, Mapping) or body.get("criteria") is not None:
        return body
    if not isinstance(body.get("query"), str):
        return body
    if body.get("rules") is not None or body.get("governor") == "rules":
        return body
    return {**body, "criteria": body.get("query")}


def typed_channels(
    *, webhook: Iterable[str] = (), email: Iterable[str] = (), apprise: Iterable[str] = ()
) -> list[dict[str, Any]]:
    """Channels given by kind (one URL or address each), validated as that kind: a webhook
    must be http(s), an Apprise URL is never read as a webhook. ``InvalidInput`` names the
    first bad one."""
    channels: list[dict[str, Any]] = [
        *({"kind": "webhook", "url": url} for url in webhook),
        *({"kind": "email", "to": [address]} for address in email),
        *({"kind": "apprise", "url": url} for url in apprise),
    ]
    return parse_channel_specs(channels)


def new_monitor(spec: MonitorSpec, *, channels: Sequence[Mapping[str, Any]] = ()) -> NewMonitor:
    """The monitor to store for a validated spec; each channel is validated as its kind.

    ``channels`` adds channels already given by kind (:func:`typed_channels`) to the spec's
    own (strings); together they may be at most ``MAX_CHANNELS``.
    """
    every = parse_channel_specs([*spec.channels, *channels])
    unique = list({_channel_key(channel): channel for channel in every}.values())
    if len(unique) > MAX_CHANNELS:
        raise InvalidInput("channels", len(unique), f"are too many; the limit is {MAX_CHANNELS}")
    return NewMonitor(
        name=spec.display_name,
        name_derived=not spec.name,
        original_query=spec.query,
        action_criteria=spec.criteria,
        notify_behavior=NotifyBehavior(spec.notify.value),
        channels=unique,
        min_interval_s=seconds(spec.min_interval),
        max_interval_s=seconds(spec.max_interval),
        governor_kind=GovernorKind(spec.governor),
        governor_rules=spec.rules,
        context=_with_budget(
            {"timezone": spec.timezone} if spec.timezone != "UTC" else {}, spec.requests_per_day
        ),
        urls=list(spec.urls),
        fields=stored_fields(spec),
        contract=stored_contract(contract_for(spec)),
    )


def contract_for(spec: MonitorSpec) -> Contract | None:
    """The contract a monitor decides by: the user's rule over fields a page states, else the
    sentence (and criteria) compiled by code; None when neither has a field form (the LLM
    governor decides) or when the user declared fields of their own (the sensor reports them).
    """
    if spec.governor == "rules" and spec.rules:
        return contract_from_rules(spec.rules, spec.query)
    if spec.fields:
        return None
    return compile_sentence(spec.query, spec.criteria)


def model_may_compile(spec: MonitorSpec, new: NewMonitor) -> bool:
    """Whether a model may compile ``spec``'s sentence: the code did not, the user gave no
    rule, no fields and no criteria of their own (their words go to the LLM governor)."""
    own_criteria = spec.criteria.strip() != spec.query.strip()
    return new.contract is None and spec.governor == "llm" and not spec.fields and not own_criteria


async def with_model_contract(
    spec: MonitorSpec, new: NewMonitor, model: LanguageModel
) -> NewMonitor:
    """``new`` with the contract one model call compiles its sentence to, when the code
    compiled none and the answer holds up against the sentence
    (:mod:`sentinel.monitor.contract.by_model`); ``new`` unchanged otherwise, and when the
    model fails (the monitor then keeps its LLM governor)."""
    if not model_may_compile(spec, new):
        return new
    try:
        contract = await compile_by_model(spec.query, model)
    except EXPECTED_ERRORS:
        return new
    return replace(new, contract=stored_contract(contract)) if contract is not None else new


def stored_contract(contract: Contract | None) -> dict[str, Any] | None:
    """A contract as stored (``monitors.contract``)."""
    return contract.model_dump(mode="json") if contract is not None else None


def stored_fields(spec: MonitorSpec) -> list[dict[str, Any]]:
    """The spec's declared fields as stored (``monitors.fields``)."""
    return [field.model_dump() for field in spec.fields]


def _channel_key(channel: Mapping[str, Any]) -> str:
    return json.dumps(channel, sort_keys=True)


def spec_data(record: MonitorRecord) -> dict[str, Any]:
    """The spec fields of a stored monitor, as a create request would carry them."""
    data: dict[str, Any] = {
        "query": record.original_query,
        "name": record.name,
        "criteria": record.action_criteria,
        "notify": record.notify_behavior.value,
        "channels": [],
        "min_interval": timedelta(seconds=record.min_interval_s),
        "max_interval": timedelta(seconds=record.max_interval_s),
        "governor": record.governor_kind.value,
        "timezone": record.context.get("timezone", "UTC"),
        "urls": list(record.urls),
        "fields": list(record.fields),
    }
    if isinstance(record.context.get(REQUESTS_PER_DAY), int):
        data["requests_per_day"] = record.context[REQUESTS_PER_DAY]
    if record.governor_rules is not None:
        data["rules"] = record.governor_rules
    return data


def monitor_changes(record: MonitorRecord, patch: Mapping[str, Any]) -> MonitorChanges:
    """The storage changes of a partial update: the patch is applied to the monitor's spec and
    the result validated as a whole, so an update is refused exactly when a create would be.

    ``query`` (the original question) is immutable: naming it raises ``InvalidInput``.
    """
    for field in IMMUTABLE_FIELDS & set(patch):
        raise InvalidInput(field, patch[field], "is immutable; fork the monitor to ask anew")
    merged = spec_data(record) | dict(patch)
    if "channels" not in patch:
        merged.pop("channels")
    spec = parse_monitor_spec(merged)
    changes = MonitorChanges(
        name=spec.display_name,
        action_criteria=spec.criteria,
        notify_behavior=NotifyBehavior(spec.notify.value),
        min_interval_s=seconds(spec.min_interval),
        max_interval_s=seconds(spec.max_interval),
        governor_kind=GovernorKind(spec.governor),
        governor_rules=spec.rules,
        context=_with_budget(_with_timezone(record.context, spec.timezone), spec.requests_per_day),
        urls=list(spec.urls),
        fields=stored_fields(spec),
        contract=stored_contract(contract_for(spec)),
    )
    if "channels" in patch:
        changes["channels"] = parse_channel_specs(spec.channels)
    return changes


def _with_timezone(context: dict[str, Any], timezone: str) -> dict[str, Any]:
    updated = {key: value for key, value in context.items() if key != "timezone"}
    if timezone != "UTC":
        updated["timezone"] = timezone
    return updated


def _with_budget(context: dict[str, Any], requests_per_day: int | None) -> dict[str, Any]:
    """``context`` with the monitor's own daily request budget (none: the setting's)."""
    updated = {key: value for key, value in context.items() if key != REQUESTS_PER_DAY}
    if requests_per_day is not None:
        updated[REQUESTS_PER_DAY] = requests_per_day
    return updated
