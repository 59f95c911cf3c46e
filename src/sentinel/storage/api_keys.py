"""API keys of the HTTP API: stored as SHA-256 hashes, shown in full only once.

A key is ``snt_`` followed by 32 random bytes in URL-safe base64. Such a token has far more
entropy than any guess can cover, so one unsalted SHA-256 is enough to store it: the database
never holds a usable key. The table is not granted to ``sentinel_reader``: read-only SQL
cannot list keys.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Integer, String, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from sentinel.errors import InvalidInput
from sentinel.owners import LOCAL_OWNER
from sentinel.storage.errors import RecordNotFound
from sentinel.storage.models import NEVER_REUSE_IDS, Base
from sentinel.storage.types import as_utc

TOKEN_PREFIX = "snt_"
SHOWN_CHARS = 12
MAX_NAME_CHARS = 200


class ApiKey(Base):
    """One API key: its hash, the prefix people recognise it by, and when it was revoked."""

    __tablename__ = "api_keys"
    __table_args__ = NEVER_REUSE_IDS

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(MAX_NAME_CHARS))
    prefix: Mapped[str] = mapped_column(String(32))
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    # Whose memories, tasks and receipts the key opens (NULL on keys made before owners:
    # such a key acts as its name).
    owner: Mapped[str | None] = mapped_column(String(MAX_NAME_CHARS))
    created_at: Mapped[datetime]
    revoked_at: Mapped[datetime | None]


@dataclass(frozen=True, slots=True)
class ApiKeyRecord:
    """An API key as stored (never the key itself)."""

    id: int
    name: str
    prefix: str
    created_at: datetime
    revoked_at: datetime | None
    owner: str = ""

    @property
    def active(self) -> bool:
        """Whether the key still opens the API."""
        return self.revoked_at is None

    @classmethod
    def of(cls, row: ApiKey) -> ApiKeyRecord:
        """Snapshot an ORM row."""
        return cls(
            id=row.id,
            name=row.name,
            prefix=row.prefix,
            created_at=as_utc(row.created_at),
            revoked_at=as_utc(row.revoked_at),
            owner=row.owner or row.name,
        )


def new_token() -> str:
    """A fresh random API key."""
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """The hex SHA-256 stored for ``token``."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class ApiKeyRepository:
    """Create, look up and revoke API keys on the session of one transaction."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def create(
        self, name: str, *, now: datetime, owner: str | None = None
    ) -> tuple[ApiKeyRecord, str]:
        """Store a new key named ``name`` acting for ``owner`` (default:
        :meth:`default_owner`); returns its record and the key, shown only now."""
        cleaned = name.strip()
        if not cleaned or len(cleaned) > MAX_NAME_CHARS:
            raise InvalidInput("name", name, f"must be 1 to {MAX_NAME_CHARS} characters")
        acting = await self.default_owner(cleaned) if owner is None else owner.strip()
        if not acting or len(acting) > MAX_NAME_CHARS:
            raise InvalidInput("owner", owner, f"must be 1 to {MAX_NAME_CHARS} characters")
        token = new_token()
        row = ApiKey(
            name=cleaned,
            prefix=token[:SHOWN_CHARS],
            key_hash=hash_token(token),
            owner=acting,
            created_at=now,
            revoked_at=None,
        )
        self.session.add(row)
        await self.session.flush()
        return ApiKeyRecord.of(row), token

    async def default_owner(self, name: str) -> str:
        """Whose data a key named ``name`` opens when nobody says: the CLI's own
        (:data:`LOCAL_OWNER`) for the first key of a home where the CLI made monitors,
        memories, tasks or research jobs, so that one person keeps one set of data; else the
        key's name."""
        from sentinel.storage.owned import owned_data

        first = await self.session.scalar(select(ApiKey.id).limit(1)) is None
        if first and not (await owned_data(self.session, LOCAL_OWNER)).empty:
            return LOCAL_OWNER
        return name

    async def list(self) -> list[ApiKeyRecord]:
        """Every key, revoked ones included, in id order."""
        rows = await self.session.scalars(select(ApiKey).order_by(ApiKey.id))
        return [ApiKeyRecord.of(row) for row in rows]

    async def authenticate(self, token: str) -> ApiKeyRecord | None:
        """The active key whose hash matches ``token``, or None."""
        row = await self.session.scalar(
            select(ApiKey).where(ApiKey.key_hash == hash_token(token), ApiKey.revoked_at.is_(None))
        )
        return ApiKeyRecord.of(row) if row is not None else None

    async def any_active(self) -> bool:
        """Whether at least one key is unrevoked (the API then requires keys)."""
        found = await self.session.scalar(
            select(ApiKey.id).where(ApiKey.revoked_at.is_(None)).limit(1)
        )
        return found is not None

    async def revoke(self, key_id: int, *, now: datetime) -> ApiKeyRecord:
        """Revoke the key (revoking twice keeps the first time); ``RecordNotFound`` if absent."""
        row = await self.session.get(ApiKey, key_id, populate_existing=True)
        if row is None:
            raise RecordNotFound("API key", key_id)
        if row.revoked_at is None:
            row.revoked_at = now
            await self.session.flush()
        return ApiKeyRecord.of(row)
