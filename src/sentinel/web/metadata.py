"""A page's microdata and OpenGraph, read by ``extruct``, as the offers and events they declare.

Shops that publish no JSON-LD often still mark their product up with schema.org microdata
(``itemprop="price"``) or OpenGraph product tags (``product:price:amount``,
``product:availability``). ``extruct`` reads both in one pass over the parsed tree (as
changedetection.io's restock processor does); its "uniform" microdata output has JSON-LD's
shape, so :func:`~sentinel.web.structured.structured_items` reads it like JSON-LD. JSON-LD
itself stays with :mod:`sentinel.web.structured`: its reader survives a broken block (a
trailing comma, an HTML comment around the JSON) where extruct drops every block of the page.

Everything here degrades to "nothing found" rather than raising.
"""

from __future__ import annotations

import logging
from typing import Any

from extruct import extract as extruct_extract
from lxml import etree

from sentinel.web.structured import Offer, StructuredItems, parse_price, structured_items

_LOG = logging.getLogger(__name__)
_OG_PRICE = ("product:price:amount", "og:price:amount", "product:sale_price:amount")
_OG_CURRENCY = ("product:price:currency", "og:price:currency", "product:sale_price:currency")
_OG_AVAILABILITY = ("product:availability", "og:availability")
_OG_AVAILABILITY_TERMS = {
    "instock": "InStock",
    "in stock": "InStock",
    "in_stock": "InStock",
    "available for order": "InStock",
    "oos": "OutOfStock",
    "out of stock": "OutOfStock",
    "outofstock": "OutOfStock",
    "out_of_stock": "OutOfStock",
    "preorder": "PreOrder",
    "pre-order": "PreOrder",
    "pending": "PreOrder",
    "discontinued": "Discontinued",
}


def page_metadata(root: etree._Element, url: str | None = None) -> StructuredItems:
    """The offers, events and software declared by the page's microdata and OpenGraph."""
    try:
        found = extruct_extract(
            root, base_url=url, syntaxes=["microdata", "opengraph"], uniform=True, errors="log"
        )
    except Exception as error:  # extruct raises what its parsers raise; a page is data
        _LOG.debug("metadata of %s unreadable: %s", url, error)
        return StructuredItems()
    items = structured_items(_dicts(found.get("microdata")), "microdata")
    offers = [offer for og in _dicts(found.get("opengraph")) if (offer := _og_offer(og))]
    return items + StructuredItems(offers=offers)


def _dicts(value: Any) -> list[dict[str, Any]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _og_value(node: dict[str, Any], keys: tuple[str, ...]) -> str | None:
    for key in keys:
        value = node.get(key)
        if isinstance(value, list):
            value = value[0] if value else None
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def _og_offer(node: dict[str, Any]) -> Offer | None:
    """The offer OpenGraph product tags declare, if they give a price or an availability."""
    price = parse_price(_og_value(node, _OG_PRICE))
    availability_text = _og_value(node, _OG_AVAILABILITY)
    if price is None and availability_text is None:
        return None
    availability = None
    if availability_text is not None:
        term = availability_text.rstrip("/").rsplit("/", 1)[-1]
        availability = _OG_AVAILABILITY_TERMS.get(term.casefold(), term)
    currency = _og_value(node, _OG_CURRENCY)
    return Offer(
        source="opengraph",
        product=_og_value(node, ("og:title",)),
        price=price,
        currency=currency.upper() if currency else None,
        availability=availability,
        url=_og_value(node, ("og:url",)),
    )
