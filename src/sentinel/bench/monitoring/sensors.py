"""How a benchmark run senses: the real model, or the oracle-facts sensor.

- ``model``: the models Sentinel is configured with (``SENTINEL_LLM*``; the embedded local
  model by default), or the one ``--model`` names for every role. The ``sentinel`` policy uses
  the LLM governor, as the pipeline does for criteria written in words.
- ``oracle-facts``: the sensor's model is :mod:`sentinel.bench.monitoring.oracle_facts`; the
  ``sentinel`` policy uses the rules governor with :data:`ORACLE_RULE` (the state's
  ``condition`` decides), so no model judges anything: what is measured is the pipeline's
  scheduling, pre-filter, grounding and dedupe.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from sentinel.bench.monitoring.oracle_facts import OracleFacts
from sentinel.clock import Clock
from sentinel.errors import InvalidInput
from sentinel.llm import LanguageModel, get_model
from sentinel.llm.settings import ROLES, LLMSettings, load_settings
from sentinel.sim import Scenario

SensorMode = Literal["model", "oracle-facts"]
SENSOR_MODES: tuple[SensorMode, ...] = ("model", "oracle-facts")
ORACLE_RULE = "condition == true"


@dataclass(frozen=True)
class SensorSetup:
    """The sensor mode, the oracle's error rate, and the model spec overriding every role."""

    mode: SensorMode = "model"
    error_rate: float = 0.0
    model: str | None = None

    def __post_init__(self) -> None:
        if self.mode not in SENSOR_MODES:
            raise InvalidInput("sensor", self.mode, f"must be one of {', '.join(SENSOR_MODES)}")
        if not 0.0 <= self.error_rate <= 1.0:
            raise InvalidInput("error_rate", self.error_rate, "must be between 0 and 1")
        if self.mode == "model" and self.error_rate:
            raise InvalidInput(
                "error_rate", self.error_rate, "applies to the oracle-facts sensor only"
            )

    @property
    def oracle(self) -> bool:
        """Whether the oracle-facts sensor stands in for the model."""
        return self.mode == "oracle-facts"

    @property
    def label(self) -> str:
        """How the output names this sensor."""
        if self.oracle:
            return f"oracle-facts (error rate {self.error_rate:.0%})"
        return f"model ({self.model_label('sensor')})"

    @property
    def governor_label(self) -> str:
        """Which governor the ``sentinel`` policy uses."""
        if self.oracle:
            return f"rules: {ORACLE_RULE}"
        return f"llm ({self.model_label('governor')})"

    def settings(self) -> LLMSettings:
        """The model settings: the environment's, with ``model`` (when set) for every role."""
        settings = load_settings()
        if self.model is None:
            return settings
        reset = {name: None for role in ROLES for name in (role, f"{role}_model")}
        return settings.model_copy(update={"spec": self.model, "model": None, **reset})

    def model_label(self, role: str) -> str:
        """``kind:model`` of the model ``role`` uses."""
        choice = self.settings().choice(role)
        return f"{choice.kind}:{choice.model}" if choice.model else choice.kind

    def real_model(self, role: str) -> LanguageModel:
        """The configured model for ``role`` (sensor, governor)."""
        return get_model(role, settings=self.settings())

    def oracle_for(self, scenario: Scenario, clock: Clock, seed: str) -> OracleFacts:
        """An oracle of ``scenario`` on ``clock`` with this setup's error rate."""
        return OracleFacts(scenario, clock, self.error_rate, random.Random(seed))
