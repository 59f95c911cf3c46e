"""A shop, a product and the product's state on one page: what the shop templates render."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Review:
    author: str
    date: str  # as the widget prints it
    iso: str
    rating: int
    title: str
    body: str


@dataclass
class Related:
    name: str
    price: float
    was: float | None = None
    badge: str | None = None
    handle: str = ""


@dataclass
class Site:
    name: str
    domain: str
    locale: str  # en-GB, fr-FR, de-DE, es-ES, de-CH, en-US, en-IE, fr-CH
    currency: str
    nav: list[str]
    promo: str
    cookie: str = "onetrust"
    gid: str = "X7K2P9Q4LM"
    footer: list[tuple[str, list[str]]] = field(default_factory=list)
    phone: str = ""
    legal: str = ""

    @property
    def lang(self) -> str:
        return self.locale[:2]


@dataclass
class Product:
    title: str
    brand: str
    sku: str
    handle: str
    category: list[str]
    description: list[str]
    specs: list[tuple[str, str]]
    reviews: list[Review] = field(default_factory=list)
    related: list[Related] = field(default_factory=list)
    gtin: str = ""
    variants: list[str] = field(default_factory=list)
    variant_label: str = "Colour"
    rating: float = 4.6
    rating_count: int = 0
    extra: str = ""  # a section of its own (Q&A, bundle, notes)
    image: str = ""

    @property
    def img(self) -> str:
        return self.image or f"{self.handle}-1.jpg"


@dataclass
class State:
    """The product as the page shows it at one moment."""

    price: float
    was: float | None = None
    stock: str = "in"  # in, out, preorder, soon, low:N, backorder
    variant_stock: dict[str, str] = field(default_factory=dict)
    selected: str = ""
    notice: str = ""  # a line near the price or the button (a banner, a note)
    viewers: int = 0  # "12 people are looking at this" noise
    delivery: str = ""  # a delivery promise line
    reviews_extra: list[Review] = field(default_factory=list)
    related_override: list[Related] | None = None
    promo: str | None = None  # replaces the site's announcement bar
    extra: str = ""  # a block after the buy box (refurbished offer, other sellers…)

    def of(self, variant: str) -> str:
        return self.variant_stock.get(variant, self.stock)

    @property
    def available(self) -> bool:
        return self.stock == "in" or self.stock.startswith("low:")


SCHEMA_AVAILABILITY = {
    "in": "InStock",
    "out": "OutOfStock",
    "preorder": "PreOrder",
    "soon": "OutOfStock",
    "backorder": "BackOrder",
}


def schema_availability(stock: str, prefix: str = "http://schema.org/") -> str:
    if stock.startswith("low:"):
        return prefix + "InStock"
    return prefix + SCHEMA_AVAILABILITY[stock]
