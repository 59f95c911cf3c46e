"""Fixtures of the assistant tests: the storage tests' databases (SQLite and PostgreSQL)."""

from tests.storage.databases import db, pg_url, sqlite_template

__all__ = ["db", "pg_url", "sqlite_template"]
