"""Payload models: the pydantic model of an action's parameters after ``state``.

Dispatch validates a payload against it (lax mode: ``"3"`` is accepted for an ``int``, as a
model's JSON output often needs), and agents can show its JSON schema to a model.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, create_model

from sentinel.store.errors import ActionDefinitionError, InvalidPayload

MAX_CACHED_MODELS = 1024
_MODELS: dict[Hashable, type[BaseModel]] = {}


def payload_model(name: str, fn: Callable[..., Any]) -> type[BaseModel]:
    """The model of ``fn``'s parameters after the first (the state), named after the action.

    Built once per action name and function definition in a process: the closures a
    factory makes anew for each store (a run's ``fetch`` bound to its fetcher) share their
    code, defaults and annotations, and so their payload model (creating one costs pydantic
    about a millisecond)."""
    key = _cache_key(name, fn)
    cached = _MODELS.get(key) if key is not None else None
    if cached is not None:
        return cached
    model = _build_model(name, fn)
    if key is not None and len(_MODELS) < MAX_CACHED_MODELS:
        _MODELS[key] = model
    return model


def _cache_key(name: str, fn: Callable[..., Any]) -> Hashable | None:
    """What ``fn``'s payload model depends on, or None when it cannot be told (a bound
    method, a callable object, unhashable defaults): then the model is built each time."""
    if not inspect.isfunction(fn):
        return None
    target = inspect.unwrap(fn)
    if not inspect.isfunction(target):
        return None
    key = (
        name,
        target.__code__,
        target.__defaults__,
        tuple(sorted((target.__kwdefaults__ or {}).items())),
        tuple(target.__annotations__.items()),
        id(target.__globals__),
    )
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _build_model(name: str, fn: Callable[..., Any]) -> type[BaseModel]:
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError) as exc:
        raise ActionDefinitionError(name, f"cannot read its signature: {exc}") from exc
    parameters = list(signature.parameters.values())
    if not parameters or parameters[0].kind not in (
        inspect.Parameter.POSITIONAL_ONLY,
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
    ):
        raise ActionDefinitionError(name, "its first parameter must be the state")
    hints = _payload_hints(name, fn, {parameter.name for parameter in parameters[1:]})
    fields: dict[str, Any] = {}
    for parameter in parameters[1:]:
        if parameter.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
            raise ActionDefinitionError(
                name, f"payload parameters must be named; *{parameter.name} is not allowed"
            )
        if parameter.kind is inspect.Parameter.POSITIONAL_ONLY:
            raise ActionDefinitionError(
                name, f"payload parameter {parameter.name!r} must accept a keyword"
            )
        annotation = hints.get(parameter.name, Any)
        default = ... if parameter.default is inspect.Parameter.empty else parameter.default
        fields[parameter.name] = (annotation, default)
    model_name = "".join(part.capitalize() for part in name.replace(".", "_").split("_"))
    try:
        return create_model(
            f"{model_name}Payload",
            __config__=ConfigDict(extra="forbid", arbitrary_types_allowed=True),
            **fields,
        )
    except Exception as exc:  # pydantic reports unusable annotations with several types
        raise ActionDefinitionError(name, f"cannot build its payload model: {exc}") from exc


class _Annotations:
    def __init__(self, annotations: dict[str, Any]) -> None:
        self.__annotations__ = annotations


def _payload_hints(name: str, fn: Callable[..., Any], names: set[str]) -> dict[str, Any]:
    """Resolved annotations of the payload parameters only: the state's annotation may name a
    class that is not importable from the function's module, and is not needed here."""
    raw = getattr(inspect.unwrap(fn), "__annotations__", {})
    wanted = _Annotations({key: value for key, value in raw.items() if key in names})
    try:
        return typing.get_type_hints(
            wanted, globalns=getattr(inspect.unwrap(fn), "__globals__", {}), include_extras=True
        )
    except (NameError, TypeError) as exc:
        raise ActionDefinitionError(name, f"cannot resolve its payload types: {exc}") from exc


def validate_payload(
    action: str, model: type[BaseModel], payload: Mapping[str, Any]
) -> dict[str, Any]:
    """``payload`` validated by ``model``, as keyword arguments; InvalidPayload otherwise."""
    try:
        validated = model.model_validate(payload)
    except ValidationError as exc:
        problems = [
            (
                ".".join(str(part) for part in error["loc"]) or "(payload)",
                error.get("input"),
                error["msg"],
            )
            for error in exc.errors()
        ]
        raise InvalidPayload(action, problems) from exc
    return dict(validated.__dict__)
