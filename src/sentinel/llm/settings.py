"""Model configuration from SENTINEL_LLM* variables, with per-role overrides.

SENTINEL_LLM=local:qwen2.5-coder-0.5b        (default) an embedded local model
SENTINEL_LLM=openai                          an OpenAI-compatible endpoint, with
  SENTINEL_LLM_BASE_URL, SENTINEL_LLM_API_KEY, SENTINEL_LLM_MODEL (or openai:MODEL)
SENTINEL_LLM=scripted                        a ScriptedModel that fills any schema, or
  replays SENTINEL_LLM_SCRIPT (a YAML/JSON file: replies per output type, "text" for prose)
SENTINEL_LLM_GOVERNOR=local:smollm2-135m     one role on another model; also
  SENTINEL_LLM_<ROLE>_MODEL, _BASE_URL, _API_KEY for ROLE in ROLES
SENTINEL_LLM_SERVER=auto                     (default) local models run in the home's model
  server, started by the first command that needs one; SENTINEL_LLM_SERVER_IDLE seconds
  without a request end it (default 600); ``off`` loads the model in each process
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal, cast, get_args

from pydantic import AliasChoices, Field, SecretStr, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from sentinel.errors import InvalidInput
from sentinel.llm.errors import LLMConfigError
from sentinel.llm.local.registry import DEFAULT_LOCAL_MODEL, REGISTRY
from sentinel.llm.types import StructuredMode

ROLES: tuple[str, ...] = ("sensor", "governor", "planner", "analyzer", "reporter", "assistant")
ProviderKind = Literal["local", "openai", "scripted"]
ServerMode = Literal["auto", "off"]
PREFIX = "SENTINEL_LLM"
DEFAULT_SPEC = f"local:{DEFAULT_LOCAL_MODEL}"


class LLMSettings(BaseSettings):
    """Every SENTINEL_LLM* variable. Field ``x`` is ``SENTINEL_LLM_X``; ``spec`` is
    ``SENTINEL_LLM`` itself."""

    model_config = SettingsConfigDict(
        env_prefix=f"{PREFIX}_", extra="ignore", populate_by_name=True
    )

    spec: str = Field(default=DEFAULT_SPEC, validation_alias=AliasChoices(PREFIX, "spec"))
    base_url: str | None = None
    api_key: SecretStr | None = None
    model: str | None = None
    headers: dict[str, str] = Field(default_factory=dict)
    timeout: float = Field(default=60.0, gt=0)
    max_concurrency: int = Field(default=4, ge=1)
    max_retries: int = Field(default=3, ge=0)
    structured: StructuredMode = "auto"
    n_ctx: int = Field(default=4096, ge=256)
    threads: int | None = Field(default=None, ge=1)
    max_tokens: int | None = Field(default=None, ge=1)
    temperature: float | None = Field(default=None, ge=0, le=2)
    script: Path | None = None
    server: ServerMode = "auto"
    server_idle: float = Field(default=600.0, gt=0)

    sensor: str | None = None
    sensor_model: str | None = None
    sensor_base_url: str | None = None
    sensor_api_key: SecretStr | None = None
    governor: str | None = None
    governor_model: str | None = None
    governor_base_url: str | None = None
    governor_api_key: SecretStr | None = None
    planner: str | None = None
    planner_model: str | None = None
    planner_base_url: str | None = None
    planner_api_key: SecretStr | None = None
    analyzer: str | None = None
    analyzer_model: str | None = None
    analyzer_base_url: str | None = None
    analyzer_api_key: SecretStr | None = None
    reporter: str | None = None
    reporter_model: str | None = None
    reporter_base_url: str | None = None
    reporter_api_key: SecretStr | None = None
    assistant: str | None = None
    assistant_model: str | None = None
    assistant_base_url: str | None = None
    assistant_api_key: SecretStr | None = None

    def choice(self, role: str | None = None) -> ModelChoice:
        """The model a role uses (the global one when ``role`` is None or not overridden).

        Raises LLMConfigError naming the variable at fault.
        """
        if role is not None and role not in ROLES:
            raise InvalidInput("role", role, f"unknown role (known: {', '.join(ROLES)})")
        spec_var, spec = _variable(None), self.spec
        if role is not None and self._get(role) is not None:
            spec_var, spec = _variable(role), str(self._get(role))
        kind, _, suffix = spec.partition(":")
        if kind not in get_args(ProviderKind):
            raise LLMConfigError(
                spec_var, spec, "expected local[:NAME], openai[:MODEL] or scripted"
            )
        model_var, model = self._model(role, kind, suffix.strip(), spec_var)
        if kind == "local" and model not in REGISTRY:
            raise LLMConfigError(model_var, model, f"unknown local model (known: {_known()})")
        if kind == "openai" and not model:
            raise LLMConfigError(
                f"{PREFIX}_MODEL", None, "the openai provider needs a model (or openai:MODEL)"
            )
        return ModelChoice(
            kind=cast(ProviderKind, kind),
            model=model,
            base_url=self._role_or_global(role, "base_url"),
            api_key=self._secret(role),
            variable=spec_var,
        )

    def _model(self, role: str | None, kind: str, suffix: str, spec_var: str) -> tuple[str, str]:
        role_model = self._get(f"{role}_model") if role else None
        if role_model:
            return _variable(role, "model"), str(role_model)
        if suffix:
            return spec_var, suffix
        if self.model and self.spec.partition(":")[0] == kind:
            return _variable(None, "model"), self.model
        if kind == "local":
            return spec_var, DEFAULT_LOCAL_MODEL
        return _variable(None, "model"), ""

    def _role_or_global(self, role: str | None, field: str) -> str | None:
        value = self._get(f"{role}_{field}") if role else None
        value = value or self._get(field)
        return None if value is None else str(value)

    def _secret(self, role: str | None) -> str | None:
        value = self._get(f"{role}_api_key") if role else None
        secret = value if isinstance(value, SecretStr) else self.api_key
        return secret.get_secret_value() if secret is not None else None

    def _get(self, field: str) -> str | SecretStr | None:
        value = getattr(self, field)
        assert value is None or isinstance(value, str | SecretStr)
        return value


@dataclass(frozen=True, slots=True)
class ModelChoice:
    """A resolved model choice: which provider, which model, which endpoint."""

    kind: ProviderKind
    model: str
    base_url: str | None
    api_key: str | None
    variable: str
    """The variable that chose the provider (for error messages)."""


def load_settings() -> LLMSettings:
    """Read the SENTINEL_LLM* variables; LLMConfigError names the first invalid one."""
    try:
        return LLMSettings()
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        field = str(error["loc"][0]) if error["loc"] else "spec"
        variable = PREFIX if field in ("spec", PREFIX) else f"{PREFIX}_{field.upper()}"
        raise LLMConfigError(variable, error.get("input"), error["msg"]) from exc


def _variable(role: str | None, field: str | None = None) -> str:
    parts = [PREFIX] + ([role.upper()] if role else []) + ([field.upper()] if field else [])
    return "_".join(parts)


def _known() -> str:
    return ", ".join(REGISTRY)
