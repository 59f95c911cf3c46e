"""Who owns a request: the API key's owner, or the local user on loopback and the CLI.

Every monitor (with its runs, states and deliveries), research job, A2A task, memory, task
and receipt carries an owner string. An API key names its owner when it is created
(``sentinel keys create NAME --owner alice``; by default the key's name, except a home's
first key when the CLI has made data there: that data's owner, see
``ApiKeyRepository.default_owner``). A request without
a key (allowed only while no key exists, i.e. on a loopback-only server) and every CLI
command act as :data:`LOCAL_OWNER`; monitors made before owners existed are its. A
notification's receipt goes to the chain of its monitor's owner.
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
