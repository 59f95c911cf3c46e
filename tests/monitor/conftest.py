"""Fixtures of the monitor tests (the run pipeline's live in ``pipeline_fixtures``)."""

from tests.monitor.pipeline_fixtures import db, no_real_models, qwen
from tests.storage.databases import sqlite_template

__all__ = ["db", "no_real_models", "qwen", "sqlite_template"]
