"""Who is using the web UI: a signed session cookie, and CSRF tokens for its forms.

The cookie (HttpOnly, SameSite=Lax, Secure over https) holds a random session id, the id of
the API key it was opened with (0 for the anonymous session of an open server) and when it
was issued, signed with HMAC-SHA256 under a secret drawn when the app starts — so a restart
ends every session. Once API keys exist, pages need a session opened with a key that is still
active: revoking the key ends its sessions at once. Every form post carries a token derived
from the session id (and, when the browser sends one, an ``Origin`` of this server).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

COOKIE = "sentinel_session"
SESSION_LIFETIME = timedelta(days=7)
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "x-csrf-token"


@dataclass(frozen=True, slots=True)
class Session:
    """One browser's session: ``key_id`` None when opened anonymously on an open server."""

    sid: str
    key_id: int | None
    issued: int

    @classmethod
    def new(cls, now: datetime, key_id: int | None = None) -> Session:
        """A fresh session (a new id: never reuse one across a login)."""
        return cls(secrets.token_urlsafe(18), key_id, int(now.timestamp()))


class Signer:
    """Signs and reads session cookies and derives CSRF tokens, under one secret."""

    def __init__(self, secret: bytes | None = None) -> None:
        self._secret = secret if secret is not None else secrets.token_bytes(32)

    def _mac(self, purpose: str, text: str) -> str:
        digest = hmac.new(self._secret, f"{purpose}:{text}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def dump(self, session: Session) -> str:
        """The cookie value of ``session``."""
        body = f"{session.sid}.{session.key_id or 0}.{session.issued}"
        return f"{body}.{self._mac('session', body)}"

    def load(self, value: str | None, now: datetime) -> Session | None:
        """The session of a cookie value: None when absent, forged, malformed or expired."""
        if not value or value.count(".") != 3:
            return None
        body, _, mac = value.rpartition(".")
        if not hmac.compare_digest(mac, self._mac("session", body)):
            return None
        sid, key_id, issued = body.split(".")
        if not (key_id.isdigit() and issued.isdigit()):
            return None
        if now.timestamp() - int(issued) > SESSION_LIFETIME.total_seconds():
            return None
        return Session(sid, int(key_id) or None, int(issued))

    def csrf_token(self, session: Session) -> str:
        """The token every form of ``session`` carries."""
        return self._mac("csrf", session.sid)

    def check_csrf(self, session: Session | None, token: str | None) -> bool:
        """Whether ``token`` is ``session``'s CSRF token."""
        if session is None or not token:
            return False
        return hmac.compare_digest(token, self.csrf_token(session))
