"""Which Apprise URLs Sentinel accepts, checked with Apprise itself, and which hosts they make
Sentinel connect to (:func:`apprise_hosts`, for the outbound policy).

Apprise loads its plugins lazily; one of them imports the deprecated ``imghdr`` module, whose
DeprecationWarning would turn into an error wherever warnings are errors (our tests). The
plugins are therefore loaded once, here, with that one warning silenced.
"""

from __future__ import annotations

import warnings
from functools import cache
from urllib.parse import urlsplit

from sentinel.errors import InvalidInput

# Shown when a scheme is unknown: a few of the most used, if this Apprise has them.
POPULAR_SCHEMES = ("slack", "tgram", "discord", "ntfy", "msteams", "matrix", "json", "mailto")
# Apprise's generic HTTP plugins can carry extra headers (``?+Name=value``).
HEADER_SCHEMES = frozenset({"json", "jsons", "form", "forms", "xml", "xmls"})


# Plugin attributes naming a server the plugin connects to, besides the URL's own host.
_SERVER_ATTRIBUTES = ("smtp_host",)
# A plugin in this mode posts to its vendor's service, not to the host the URL names.
_VENDOR_MODES = frozenset({"cloud"})


@cache
def supported_schemes() -> frozenset[str]:
    """Every URL scheme the installed Apprise can notify."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r".*imghdr", category=DeprecationWarning)
        import apprise  # ~0.3 s of plugins: loaded when a URL is first checked

        details = apprise.Apprise().details()
    schemes: set[str] = set()
    for schema in details.get("schemas", []):
        for key in ("protocols", "secure_protocols"):
            value = schema.get(key) or ()
            schemes.update([value] if isinstance(value, str) else value)
    return frozenset(scheme.lower() for scheme in schemes)


def validate_apprise_url(url: str) -> str:
    """Return ``url`` stripped if Apprise can use it, else InvalidInput naming it."""
    url = url.strip()
    scheme = urlsplit(url).scheme.lower() if "://" in url else ""
    known = supported_schemes()
    if scheme not in known:
        examples = ", ".join(f"{s}://" for s in POPULAR_SCHEMES if s in known)
        raise InvalidInput(
            "apprise URL",
            url,
            f"unknown notification scheme {scheme + '://' if scheme else '(none)'}; "
            f"supported are e.g. {examples} ({len(known)} in all, see the Apprise wiki)",
        )
    import apprise

    if apprise.Apprise.instantiate(url) is None:
        raise InvalidInput(
            "apprise URL", url, f"Apprise cannot use this {scheme}:// URL (missing token or host?)"
        )
    return url


def apprise_hosts(url: str) -> list[str]:
    """The hosts an Apprise URL makes Sentinel connect to, as far as its plugin says: the
    URL's host for a plugin that takes one (``json://hooks.example/x``,
    ``gotify://10.0.0.5/token``, ``mailto://…?smtp=mail.corp``), none for a service at a
    fixed vendor address (``slack://``, ``tgram://``, ``ntfy://topic``). Whatever this
    misses is still checked at connect time (:mod:`sentinel.web.pinned_sockets`)."""
    import apprise

    supported_schemes()  # loads the plugins the quiet way
    plugin = apprise.Apprise.instantiate(url)
    if plugin is None:
        return []
    hosts: list[str] = []
    takes_host = "host" in getattr(type(plugin), "template_tokens", {})
    if takes_host and str(getattr(plugin, "mode", "")) not in _VENDOR_MODES:
        hosts.append(str(getattr(plugin, "host", "") or ""))
    hosts += [str(getattr(plugin, name, "") or "") for name in _SERVER_ATTRIBUTES]
    return list(dict.fromkeys(host.strip("[]") for host in hosts if host))
