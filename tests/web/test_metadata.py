"""Microdata and OpenGraph product data, read with extruct beside the JSON-LD."""

from __future__ import annotations

from sentinel.web.extract import extract_html

MICRODATA = (
    "<html><body><div itemscope itemtype='https://schema.org/Product'>"
    "<h1 itemprop='name'>Sony WH-1000XM5</h1>"
    "<div itemprop='offers' itemscope itemtype='https://schema.org/Offer'>"
    "<meta itemprop='priceCurrency' content='EUR'><span itemprop='price' content='279.00'>"
    "279,00 €</span><link itemprop='availability' href='https://schema.org/OutOfStock'>"
    "</div></div></body></html>"
)
OPENGRAPH = (
    "<html><head><meta property='og:title' content='Kobo Clara BW'>"
    "<meta property='product:price:amount' content='129,99'>"
    "<meta property='product:price:currency' content='EUR'>"
    "<meta property='product:availability' content='in stock'></head>"
    "<body><p>Kobo Clara BW</p></body></html>"
)


def test_microdata_offers_are_read_like_json_ld_ones() -> None:
    [offer] = extract_html(MICRODATA).offers
    assert (offer.source, offer.product, offer.price, offer.currency, offer.availability) == (
        "microdata",
        "Sony WH-1000XM5",
        279.0,
        "EUR",
        "OutOfStock",
    )


def test_opengraph_product_tags_make_an_offer() -> None:
    [offer] = extract_html(OPENGRAPH).offers
    assert (offer.source, offer.product, offer.price, offer.currency, offer.availability) == (
        "opengraph",
        "Kobo Clara BW",
        129.99,
        "EUR",
        "InStock",
    )


def test_software_versions_are_read_from_json_ld() -> None:
    page = extract_html(
        '<html><head><script type=\'application/ld+json\'>{"@type": "SoftwareApplication", '
        '"name": "Tidewater", "softwareVersion": "3.0.1"}</script></head><body>x</body></html>'
    )
    [software] = page.software
    assert (software.name, software.version) == ("Tidewater", "3.0.1")


def test_an_offer_of_a_related_product_is_marked_related() -> None:
    page = extract_html(
        '<html><head><script type=\'application/ld+json\'>{"@type": "Product", "name": '
        '"A", "offers": {"@type": "Offer", "price": "10"}, "isRelatedTo": {"@type": '
        '"Product", "name": "B", "offers": {"@type": "Offer", "price": "5"}}}</script></head>'
        "<body>x</body></html>"
    )
    assert sorted((o.product, o.related) for o in page.offers) == [("A", False), ("B", True)]
