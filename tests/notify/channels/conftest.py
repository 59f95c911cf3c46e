"""Database fixtures for the channel tests."""

from tests.storage.databases import db, pg_url, sqlite_template

__all__ = ["db", "pg_url", "sqlite_template"]
