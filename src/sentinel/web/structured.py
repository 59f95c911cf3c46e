"""schema.org JSON-LD: reading the blocks of a page, and the offers, events and software inside.

Real pages put JSON-LD in every shape the spec allows and some it does not: a single object,
a list, an ``@graph``, offers nested in products or events, prices as numbers or strings with
symbols, trailing commas, HTML comments around the JSON. Everything here degrades to "nothing
found" rather than raising.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from lxml import etree
from pydantic import BaseModel

from sentinel.web.dates import parse_datetime

_MAX_DEPTH = 24
_TRAILING_COMMA = re.compile(r",\s*([}\]])")
_WRAPPERS = re.compile(r"^\s*(?:<!--|//\s*<!\[CDATA\[|<!\[CDATA\[)|(?:-->|//\s*\]\]>|\]\]>)\s*$")
_SCHEMA_PREFIX = re.compile(r"^(?:https?://schema\.org/|schema:)", re.IGNORECASE)
_NUMBER = re.compile(r"-?\d[\d.,\s]*")


StructuredSource = str
"""Where a structured statement came from: ``json-ld``, ``microdata`` or ``opengraph``."""


class Offer(BaseModel):
    """A price for something: a schema.org Offer (or AggregateOffer) found on a page.

    ``product`` is the name of the thing that holds the offer (a Product, an Event…);
    ``name`` the offer's own (often a variant: "Black / EU 44"). ``related`` marks an offer of
    a product the page only relates to its main one (``isRelatedTo``, ``isSimilarTo``,
    ``isAccessoryOrSparePartFor``): "customers also bought", not the page's product.
    """

    source: StructuredSource = "json-ld"
    related: bool = False
    product: str | None = None
    name: str | None = None
    price: float | None = None
    high_price: float | None = None
    currency: str | None = None
    availability: str | None = None
    url: str | None = None
    sku: str | None = None


class EventInfo(BaseModel):
    """A schema.org Event (or subtype such as MusicEvent) found on a page."""

    source: StructuredSource = "json-ld"
    name: str
    start_date: datetime | None = None
    end_date: datetime | None = None
    location: str | None = None
    status: str | None = None
    url: str | None = None


class SoftwareInfo(BaseModel):
    """A piece of software a page describes (schema.org SoftwareApplication and kin): its
    name and the version the page declares."""

    source: StructuredSource = "json-ld"
    name: str
    version: str | None = None
    published: datetime | None = None


_SOFTWARE_TYPES = frozenset(
    {
        "SoftwareApplication",
        "MobileApplication",
        "WebApplication",
        "SoftwareSourceCode",
        "VideoGame",
        "OperatingSystem",
    }
)
# Properties that point from a page's product to others it is not about.
_RELATED_KEYS = frozenset(
    {"isRelatedTo", "isSimilarTo", "isAccessoryOrSparePartFor", "isConsumableFor", "relatedLink"}
)


def _loads_lenient(text: str) -> Any:
    """Parse a JSON-LD block, forgiving comment wrappers, control characters, trailing commas."""
    body = _WRAPPERS.sub("", text.strip()).strip()
    if not body:
        return None
    for candidate in (body, _TRAILING_COMMA.sub(r"\1", body)):
        try:
            return json.loads(candidate, strict=False)
        except json.JSONDecodeError:
            continue
    return None


def flatten_jsonld(data: Any) -> Iterator[dict[str, Any]]:
    """The JSON-LD nodes in parsed JSON: objects, list members and ``@graph`` members."""
    if isinstance(data, list):
        for item in data:
            yield from flatten_jsonld(item)
    elif isinstance(data, dict):
        graph = data.get("@graph")
        if isinstance(graph, list | dict):
            if "@type" in data:
                yield {k: v for k, v in data.items() if k != "@graph"}
            yield from flatten_jsonld(graph)
        else:
            yield data


def jsonld_blocks(root: etree._Element) -> list[dict[str, Any]]:
    """Every top-level JSON-LD node of a parsed page, ``@graph`` members flattened in."""
    nodes: list[dict[str, Any]] = []
    for script in root.iter("script"):
        kind = (script.get("type") or "").split(";")[0].strip().lower()
        if kind != "application/ld+json":
            continue
        nodes.extend(flatten_jsonld(_loads_lenient(script.text or "")))
    return nodes


def schema_types(node: dict[str, Any]) -> set[str]:
    """The node's ``@type`` names without a schema.org prefix (``{"Product"}``)."""
    raw = node.get("@type")
    names = raw if isinstance(raw, list) else [raw]
    return {_SCHEMA_PREFIX.sub("", n) for n in names if isinstance(n, str)}


def _term(value: Any) -> str | None:
    """A schema.org enumeration value as its bare term (``https://schema.org/InStock`` ->
    ``InStock``)."""
    if isinstance(value, dict):
        value = value.get("@id") or value.get("name")
    if not isinstance(value, str) or not value.strip():
        return None
    return value.strip().rstrip("/").rsplit("/", 1)[-1]


def _text(value: Any, *, numbers: bool = False) -> str | None:
    if isinstance(value, list):
        value = value[0] if value else None
    if isinstance(value, dict):
        value = value.get("name") or value.get("@value")
    if numbers and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        return None
    text = " ".join(value.split())
    return text or None


def parse_price(value: Any) -> float | None:
    """A price from a number or a string such as ``"1,299.00"``, ``"1.299,00"``, ``"$39.95"``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if not isinstance(value, str):
        return None
    match = _NUMBER.search(value)
    if match is None:
        return None
    digits = re.sub(r"\s", "", match.group()).rstrip(".,")
    if "," in digits and "." in digits:
        # The separator that comes last is the decimal one.
        decimal = "," if digits.rfind(",") > digits.rfind(".") else "."
        thousands = "." if decimal == "," else ","
        digits = digits.replace(thousands, "").replace(decimal, ".")
    elif "," in digits:
        whole, _, frac = digits.rpartition(",")
        digits = f"{whole.replace(',', '')}.{frac}" if len(frac) == 2 else digits.replace(",", "")
    try:
        return float(digits)
    except ValueError:
        return None


def _offer(node: dict[str, Any], owner: str | None, sku: str | None) -> Offer:
    spec = node.get("priceSpecification")
    if isinstance(spec, list):
        spec = spec[0] if spec else None
    spec = spec if isinstance(spec, dict) else {}
    price = parse_price(node.get("price"))
    if price is None:
        price = parse_price(spec.get("price"))
    if price is None:
        price = parse_price(node.get("lowPrice"))
    currency = _text(node.get("priceCurrency")) or _text(spec.get("priceCurrency"))
    return Offer(
        product=owner,
        name=_text(node.get("name")),
        price=price,
        high_price=parse_price(node.get("highPrice")),
        currency=currency.upper() if currency else None,
        availability=_term(node.get("availability")),
        url=_text(node.get("url")),
        sku=_text(node.get("sku"), numbers=True) or sku,
    )


def _event(node: dict[str, Any]) -> EventInfo | None:
    name = _text(node.get("name"))
    if name is None:
        return None
    location = node.get("location")
    if isinstance(location, list):
        location = location[0] if location else None
    where = _text(location) if not isinstance(location, dict) else None
    if isinstance(location, dict):
        where = _text(location.get("name")) or _text(location.get("url"))
    return EventInfo(
        name=name,
        start_date=parse_datetime(node.get("startDate")),
        end_date=parse_datetime(node.get("endDate")),
        location=where,
        status=_term(node.get("eventStatus")),
        url=_text(node.get("url")),
    )


def _software(node: dict[str, Any]) -> SoftwareInfo | None:
    name = _text(node.get("name"))
    if name is None:
        return None
    version = _text(node.get("softwareVersion"), numbers=True) or _text(
        node.get("version"), numbers=True
    )
    return SoftwareInfo(
        name=name,
        version=version,
        published=parse_datetime(node.get("datePublished") or node.get("dateModified")),
    )


class _Collector:
    def __init__(self, source: StructuredSource) -> None:
        self.source = source
        self.offers: list[Offer] = []
        self.events: list[EventInfo] = []
        self.software: list[SoftwareInfo] = []
        self._seen: set[int] = set()

    def visit(
        self, value: Any, owner: str | None, sku: str | None, depth: int, related: bool = False
    ) -> None:
        if depth > _MAX_DEPTH:
            return
        if isinstance(value, list):
            for item in value:
                self.visit(item, owner, sku, depth + 1, related)
            return
        if not isinstance(value, dict) or id(value) in self._seen:
            return
        self._seen.add(id(value))
        kinds = schema_types(value)
        if kinds & {"Offer", "AggregateOffer"}:
            offer = _offer(value, owner, sku)
            self.offers.append(offer.model_copy(update={"source": self.source, "related": related}))
        if any(kind.endswith("Event") for kind in kinds):
            event = _event(value)
            if event is not None:
                self.events.append(event.model_copy(update={"source": self.source}))
        if kinds & _SOFTWARE_TYPES and not related:
            software = _software(value)
            if software is not None:
                self.software.append(software.model_copy(update={"source": self.source}))
        if "offers" in value:
            # Offers belong to the nearest named thing that holds them (product, event…).
            owner = _text(value.get("name")) or owner
            sku = _text(value.get("sku"), numbers=True) or sku
        for key, child in value.items():
            if not key.startswith("@"):
                self.visit(child, owner, sku, depth + 1, related or key in _RELATED_KEYS)


class StructuredItems(BaseModel):
    """The offers, events and software a page's structured data declares."""

    offers: list[Offer] = []
    events: list[EventInfo] = []
    software: list[SoftwareInfo] = []

    def __add__(self, other: StructuredItems) -> StructuredItems:
        return StructuredItems(
            offers=_unique([*self.offers, *other.offers]),
            events=_unique([*self.events, *other.events]),
            software=_unique([*self.software, *other.software]),
        )


def _unique(items: list[Any]) -> list[Any]:
    return list({item.model_dump_json(): item for item in items}.values())


def structured_items(nodes: list[dict[str, Any]], source: StructuredSource) -> StructuredItems:
    """All offers, events and software in schema.org nodes (JSON-LD, or microdata read into
    the same shape), nested ones included, without duplicates."""
    collector = _Collector(source)
    collector.visit(nodes, None, None, 0)
    return StructuredItems(
        offers=_unique(collector.offers),
        events=_unique(collector.events),
        software=_unique(collector.software),
    )


def offers_and_events(nodes: list[dict[str, Any]]) -> tuple[list[Offer], list[EventInfo]]:
    """All offers and events in JSON-LD nodes, nested ones included, without duplicates."""
    items = structured_items(nodes, "json-ld")
    return items.offers, items.events
