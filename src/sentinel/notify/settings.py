"""SMTP settings for the e-mail channel (``SENTINEL_SMTP_*``).

Kept here until the integrator folds them into ``sentinel.config.Settings``.
"""

from __future__ import annotations

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class SmtpSettings(BaseSettings):
    """Where and how Sentinel sends e-mail. No host: the e-mail channel is not available."""

    model_config = SettingsConfigDict(env_prefix="SENTINEL_SMTP_", extra="ignore")

    host: str | None = None
    port: int = Field(default=587, gt=0, lt=65536)
    username: str | None = None
    password: SecretStr | None = None
    starttls: bool = True
    ssl: bool = Field(default=False, description="Implicit TLS (usually port 465).")
    sender: str = "Sentinel <sentinel@localhost>"
    timeout_s: float = Field(default=20.0, gt=0)
