"""The installed Sentinel version."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version


def sentinel_version() -> str:
    """The distribution's version, or ``unknown`` when running from an uninstalled tree."""
    try:
        return version("sentinel")
    except PackageNotFoundError:
        return "unknown"
