"""Who owns a request: the API key's owner, or the local user on loopback and the CLI.

Every memory, task and receipt carries an owner string. An API key names its owner when it is
created (``sentinel keys create NAME --owner alice``; by default the key's name). A request
without a key (allowed only while no key exists, i.e. on a loopback-only server) and every CLI
command act as :data:`LOCAL_OWNER`. Monitors carry no owner yet, so their notification
receipts go to :data:`LOCAL_OWNER`'s chain too.
"""

from __future__ import annotations

from sentinel.errors import InvalidInput

LOCAL_OWNER = "local"
MAX_OWNER_CHARS = 200


def check_owner(owner: str) -> str:
    """``owner`` stripped; ``InvalidInput`` when empty or longer than 200 characters."""
    cleaned = owner.strip()
    if not cleaned or len(cleaned) > MAX_OWNER_CHARS:
        raise InvalidInput("owner", owner, f"must be 1 to {MAX_OWNER_CHARS} characters")
    return cleaned
