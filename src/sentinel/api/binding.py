"""Where the API may listen: beyond loopback only behind API keys."""

from __future__ import annotations

import ipaddress

from sentinel.errors import InvalidInput

LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain"})


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or ``localhost``) is only reachable from this machine."""
    name = host.strip().strip("[]").lower()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def check_bind_address(host: str, *, has_keys: bool) -> None:
    """Refuse a non-loopback ``host`` while no API key exists: the API would be open to the
    network. Raises ``InvalidInput`` saying how to proceed."""
    if not has_keys and not is_loopback(host):
        raise InvalidInput(
            "host",
            host,
            "is reachable beyond this machine and no API key exists; create one with "
            "`sentinel keys create` or serve on 127.0.0.1",
        )
