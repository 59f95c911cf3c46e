"""Fixtures of the storage tests (shared with the notify tests)."""

from tests.storage.databases import db, pg_url, sqlite_template

__all__ = ["db", "pg_url", "sqlite_template"]
