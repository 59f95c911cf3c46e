"""Database fixtures, shared with the storage tests."""

from tests.storage.databases import db, pg_url, sqlite_template

__all__ = ["db", "pg_url", "sqlite_template"]
