"""Fixtures of the monitor tests (the run pipeline's live in ``pipeline_fixtures``)."""

from tests.monitor.pipeline_fixtures import db, no_real_models, pipeline_db_template, qwen

__all__ = ["db", "no_real_models", "pipeline_db_template", "qwen"]
