"""Which engine runs the monitors, and where its Temporal server is.

``SENTINEL_ENGINE`` is ``embedded`` (default: one process, the database is the scheduler) or
``temporal`` (one durable workflow per monitor on a Temporal cluster). The Temporal ones are
``SENTINEL_TEMPORAL_ADDRESS`` (host:port of the frontend, default ``127.0.0.1:7233``, what
``temporal server start-dev`` listens on), ``SENTINEL_TEMPORAL_NAMESPACE`` (``default``) and
``SENTINEL_TEMPORAL_TASK_QUEUE`` (``sentinel-monitors``).

``SENTINEL_LEASE_SECONDS`` (120) is how long the embedded engine's claim on a monitor lasts
without a heartbeat — how long a killed worker's monitors wait before another worker runs
them — and ``SENTINEL_DELIVERY_LEASE_SECONDS`` (90) the same for a batch of notifications
being sent (see ``sentinel.engine.engine.DEFAULT_LEASE_S`` and
``sentinel.notify.worker.DEFAULT_DELIVERY_LEASE_S`` for why these values).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from sentinel.engine.engine import DEFAULT_LEASE_S
from sentinel.errors import ConfigError
from sentinel.notify.worker import DEFAULT_DELIVERY_LEASE_S
from sentinel.storage.changes import MonitorListener

EngineName = Literal["embedded", "temporal"]
ENGINES: tuple[EngineName, ...] = ("embedded", "temporal")


class EngineSettings(BaseSettings):
    """The engine choice and the Temporal connection (``SENTINEL_*`` variables)."""

    model_config = SettingsConfigDict(env_prefix="SENTINEL_", extra="ignore")

    engine: str = "embedded"
    temporal_address: str = "127.0.0.1:7233"
    temporal_namespace: str = "default"
    temporal_task_queue: str = "sentinel-monitors"
    lease_seconds: float = Field(default=DEFAULT_LEASE_S, gt=0)
    delivery_lease_seconds: float = Field(default=DEFAULT_DELIVERY_LEASE_S, gt=0)

    @field_validator("engine")
    @classmethod
    def _known_engine(cls, value: str) -> str:
        name = value.strip().lower()
        if name not in ENGINES:
            raise ValueError(f"SENTINEL_ENGINE={value!r} is not one of {', '.join(ENGINES)}")
        return name


def engine_settings() -> EngineSettings:
    """The settings from the environment; ``ConfigError`` names a bad value."""
    try:
        return EngineSettings()
    except ValueError as error:
        raise ConfigError(str(error)) from None


def check_engine(name: str) -> EngineName:
    """``name`` as an engine name, or ``ConfigError`` listing the known ones."""
    normalized = name.strip().lower()
    for engine in ENGINES:
        if engine == normalized:
            return engine
    raise ConfigError(f"engine {name!r} is not one of {', '.join(ENGINES)}")


def lifecycle_listener(settings: EngineSettings | None = None) -> MonitorListener | None:
    """What front ends attach to their database so that monitor changes reach the engine:
    nothing for the embedded engine (it reads the table), the workflows' starter and
    signaller for Temporal (connecting on the first change, not before)."""
    chosen = settings or engine_settings()
    if chosen.engine != "temporal":
        return None
    from sentinel.engine.temporal.client import LazyTemporalMonitors

    return LazyTemporalMonitors(chosen)
