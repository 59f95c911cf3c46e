"""A marketplace's product page, as the big marketplaces render one: a buy box for the
featured offer (who dispatches it, who sells it), a link to the other sellers' offers, and
the other sellers listed below. No schema.org: marketplaces of this kind do not publish it."""

from __future__ import annotations

from dataclasses import dataclass, field

from common import analytics, cookie_banner, esc

WORDS = {
    "en-GB": {
        "search_ph": "Search MarketMile",
        "deliver": "Deliver to",
        "where": "London W1D 3",
        "cart": "Basket",
        "account": "Hello, sign in",
        "orders": "Returns & Orders",
        "nav": ["All", "Today's Deals", "Electronics", "Computers", "Home & Garden", "Prime Video", "Customer Service"],
        "visit": "Visit the {brand} Store",
        "ratings": "{n} ratings",
        "price_label": "Price",
        "list": "List Price:",
        "incl": "All prices include VAT.",
        "returns": "FREE Returns",
        "about": "About this item",
        "stock": "In stock",
        "qty": "Quantity:",
        "add": "Add to Basket",
        "buy": "Buy Now",
        "ships": "Dispatches from",
        "sold": "Sold by",
        "secure": "Secure transaction",
        "others_title": "Other sellers on {site}",
        "others_link": "{others} ",
        "free": "FREE",
        "sponsored": "Products related to this item",
        "sponsored_tag": "Sponsored",
        "reviews": "Top reviews from the United Kingdom",
        "helpful": "Helpful",
        "report": "Report",
        "verified": "Verified Purchase",
        "footer": "© 1996-2027, MarketMile.co.uk, Inc. or its affiliates",
        "conditions": ["Conditions of Use & Sale", "Privacy Notice", "Cookies Notice", "Interest-Based Ads Notice"],
        "seller_rating": "92% positive in the last 12 months",
        "condition": "New",
        "used_title": "Save with Used - Very Good",
        "details": "Product information",
        "top": "Back to top",
    },
    "es-ES": {
        "search_ph": "Buscar en MercaMundo",
        "deliver": "Entregar en",
        "where": "Madrid 28004",
        "cart": "Cesta",
        "account": "Hola, identifícate",
        "orders": "Devoluciones y Pedidos",
        "nav": ["Todo", "Ofertas del día", "Electrónica", "Informática", "Hogar y cocina", "Libros", "Atención al cliente"],
        "visit": "Visita la tienda de {brand}",
        "ratings": "{n} valoraciones",
        "price_label": "Precio",
        "list": "Precio recomendado:",
        "incl": "Los precios incluyen el IVA.",
        "returns": "Devoluciones GRATIS",
        "about": "Acerca de este producto",
        "stock": "En stock",
        "qty": "Cantidad:",
        "add": "Añadir a la cesta",
        "buy": "Comprar ya",
        "ships": "Enviado desde",
        "sold": "Vendido por",
        "secure": "Transacción segura",
        "others_title": "Otros vendedores en {site}",
        "others_link": "{others} ",
        "free": "GRATIS",
        "sponsored": "Productos relacionados con este artículo",
        "sponsored_tag": "Patrocinado",
        "reviews": "Opiniones destacadas de España",
        "helpful": "Útil",
        "report": "Informar",
        "verified": "Compra verificada",
        "footer": "© 1996-2027, MercaMundo.es, Inc. o afiliados",
        "conditions": ["Condiciones de Uso y Venta", "Aviso de privacidad", "Aviso de cookies", "Publicidad basada en intereses"],
        "seller_rating": "94 % de valoraciones positivas en los últimos 12 meses",
        "condition": "Nuevo",
        "used_title": "Ahorra con Usado - Muy bueno",
        "details": "Información del producto",
        "top": "Volver arriba",
    },
}


@dataclass
class Seller:
    name: str
    ships_from: str
    price: str  # as the page prints it
    delivery: str
    list_price: str = ""
    saving: str = ""
    note: str = ""  # a line under the offer (an import, a currency)


@dataclass
class Listing:
    site: str
    domain: str
    locale: str
    title: str
    brand: str
    asin: str
    path: str
    rating: str
    ratings: str
    bullets: list[str]
    sponsored: list[tuple[str, str]]
    reviews: list[tuple[str, str, str, str]]  # author, when, title, body
    details: list[tuple[str, str]] = field(default_factory=list)


def _price(text: str, locale: str) -> str:
    """The split price markup marketplaces use: an offscreen copy and the visible parts."""
    if not text.startswith("£") and not text.endswith("€"):  # another currency: printed whole
        return f'<span class="a-price aok-align-center"><span class="a-offscreen">{esc(text)}</span><span aria-hidden="true">{esc(text)}</span></span>'
    if locale == "en-GB":
        symbol, rest = text[0], text[1:]
        whole, _, frac = rest.partition(".")
        return f'<span class="a-price aok-align-center priceToPay"><span class="a-offscreen">{text}</span><span aria-hidden="true"><span class="a-price-symbol">{symbol}</span><span class="a-price-whole">{whole}<span class="a-price-decimal">.</span></span><span class="a-price-fraction">{frac}</span></span></span>'
    amount = text.replace("\u00a0€", "").replace(" €", "")
    whole, _, frac = amount.partition(",")
    return f'<span class="a-price aok-align-center priceToPay"><span class="a-offscreen">{text}</span><span aria-hidden="true"><span class="a-price-whole">{whole}<span class="a-price-decimal">,</span></span><span class="a-price-fraction">{frac}</span><span class="a-price-symbol">€</span></span></span>'


def _short(title: str, width: int = 100) -> str:
    """A long title cut at a word, as marketplaces shorten it for the window title."""
    return title if len(title) <= width else title[:width].rsplit(" ", 1)[0].rstrip(",|")


def _note(text: str) -> str:
    return f'<div class="a-size-small a-color-secondary aod-note">{text}</div>' if text else ""


def marketplace_page(listing: Listing, own: Seller, *, others: str, other_sellers: list[Seller], used: str = "", notice: str = "") -> str:
    w = WORDS[listing.locale]
    lang = listing.locale[:2]
    nav = "".join(f'<a href="/nav/{i}" class="nav-a">{esc(item)}</a>' for i, item in enumerate(w["nav"]))
    bullets = "".join(f'<li><span class="a-list-item">{esc(b)}</span></li>' for b in listing.bullets)
    sponsored = "".join(
        f'<li class="a-carousel-card"><div class="sp_offerVertical"><a class="a-link-normal" href="/sspa/click?adId={i}"><div class="sponsored-products-truncator-truncated">{esc(name)}</div></a><span class="a-size-mini">{w["sponsored_tag"]}</span><div class="a-row"><span class="a-price"><span class="a-offscreen">{esc(price)}</span><span aria-hidden="true">{esc(price)}</span></span></div></div></li>'
        for i, (name, price) in enumerate(listing.sponsored)
    )
    reviews = "".join(
        f'<div data-hook="review" class="a-section review aok-relative"><div class="a-profile-content"><span class="a-profile-name">{esc(a)}</span></div><div class="a-row"><a class="a-link-normal" data-hook="review-title" href="#"><span>{esc(t)}</span></a></div><span data-hook="review-date" class="a-size-base a-color-secondary review-date">{esc(when)}</span><div class="a-row a-spacing-mini review-data review-format-strip"><span data-hook="avp-badge" class="a-size-mini a-color-state a-text-bold">{w["verified"]}</span></div><div class="a-row a-spacing-small review-data"><span data-hook="review-body" class="a-size-base review-text review-text-content"><span>{esc(body)}</span></span></div><div class="a-row"><span class="a-button a-button-base"><span class="a-button-inner"><a class="a-button-text" href="#">{w["helpful"]}</a></span></span> <a class="a-link-normal" href="#">{w["report"]}</a></div></div>'
        for a, when, t, body in listing.reviews
    )
    offers = "".join(
        f'<div id="aod-offer" class="a-section a-spacing-none a-padding-base aod-information-block aod-clear-float" role="listitem"><div id="aod-offer-price" class="a-fixed-right-grid">{_price(s.price, listing.locale)}</div><div id="aod-offer-heading" class="a-row"><h5>{w["condition"]}</h5></div><div id="aod-offer-shipsFrom" class="a-fixed-left-grid"><span class="a-size-small a-color-tertiary">{w["ships"]}</span> <span class="a-size-small a-color-base">{esc(s.ships_from)}</span></div><div id="aod-offer-soldBy" class="a-fixed-left-grid"><span class="a-size-small a-color-tertiary">{w["sold"]}</span> <a class="a-size-small a-link-normal" href="/sp?seller={esc(s.name)}">{esc(s.name)}</a><div id="seller-rating-count-{i}" class="a-size-small">{w["seller_rating"]}</div></div><div class="aod-delivery-promise"><span class="a-size-base">{s.delivery}</span></div>{_note(s.note)}</div>'
        for i, s in enumerate(other_sellers)
    )
    list_price = f'<div class="a-section a-spacing-small aok-align-center"><span class="a-size-small a-color-secondary aok-align-center basisPrice">{w["list"]} <span class="a-price a-text-price"><span class="a-offscreen">{own.list_price}</span><span aria-hidden="true">{own.list_price}</span></span></span></div>' if own.list_price else ""
    saving = f'<span class="a-size-large a-color-price savingPriceOverride aok-align-center reinventPriceSavingsPercentageMargin savingsPercentage">{own.saving}</span>' if own.saving else ""
    used_html = f'<div id="usedAccordionRow" class="a-box"><div class="a-box-inner"><h5>{w["used_title"]}</h5><span class="a-color-price">{used}</span></div></div>' if used else ""
    details = "".join(f"<tr><th class=\"a-color-secondary a-size-base prodDetSectionEntry\">{esc(k)}</th><td class=\"a-size-base prodDetAttrValue\">{esc(v)}</td></tr>" for k, v in listing.details)
    return f"""<!doctype html>
<html lang="{lang}-{listing.locale[3:].lower()}" class="a-no-js" data-19ax5a9jf="dingo">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<title>{esc(_short(listing.title))} : {esc(listing.site)}</title>
<meta name="description" content="{esc(listing.title)}">
<link rel="canonical" href="https://{listing.domain}{listing.path}">
<link rel="stylesheet" href="https://m.media-marketmile.com/images/I/61xJcNKKLXL.css?AUIClients/MarketMileUI">
<script>(function(){{var a=window.ue_csm=window;a.ue_t0=a.ue_t0||+new Date();}})();</script>
</head>
<body class="a-m-{listing.locale[3:].lower()} a-aui_72554-c a-aui_accordion_a11y_role_354025-c dp">
<div id="a-page">
<header id="navbar-main" class="nav-opt-sprite nav-flex nav-locale-{listing.locale[3:].lower()}"><div id="nav-belt"><div class="nav-left"><div id="nav-logo"><a href="/ref=nav_logo" id="nav-logo-sprites" class="nav-logo-link nav-progressive-attribute" aria-label="{esc(listing.site)}">{esc(listing.site)}</a></div><div id="nav-global-location-popover-link" class="nav-a nav-a-2 a-popover-trigger a-declarative"><span class="nav-line-1 nav-progressive-content">{w["deliver"]}</span><span class="nav-line-2 nav-progressive-content">{w["where"]}</span></div></div><div class="nav-fill"><form id="nav-search-bar-form" accept-charset="utf-8" action="/s/ref=nb_sb_noss" class="nav-searchbar" method="GET" name="site-search" role="search"><input type="text" id="twotabsearchtextbox" value="" name="field-keywords" autocomplete="off" placeholder="{w["search_ph"]}" class="nav-input nav-progressive-attribute" dir="auto" tabindex="0" aria-label="{w["search_ph"]}"><input type="submit" id="nav-search-submit-button" class="nav-input nav-progressive-attribute" value="Go"></form></div><div class="nav-right"><a href="/ap/signin" class="nav-a nav-a-2 nav-truncate" id="nav-link-accountList"><span id="nav-link-accountList-nav-line-1" class="nav-line-1">{w["account"]}</span></a><a href="/gp/css/order-history" class="nav-a nav-a-2" id="nav-orders"><span class="nav-line-2">{esc(w["orders"])}</span></a><a href="/gp/cart/view.html" aria-label="0 items in cart" class="nav-a nav-a-2 nav-truncate" id="nav-cart"><span id="nav-cart-count" aria-hidden="true" class="nav-cart-count nav-cart-0">0</span><span class="nav-line-2">{w["cart"]}</span></a></div></div><div id="nav-main" class="nav-sprite"><div class="nav-fill" id="nav-xshop-container"><div id="nav-xshop" class="nav-progressive-content">{nav}</div></div></div></header>
{notice}
<div id="dp" class="electronics {listing.locale[3:].lower()}_{listing.locale[:2]}">
<div id="dp-container" class="a-container" role="main">
<div id="wayfinding-breadcrumbs_container" class="a-section a-spacing-none a-padding-medium"><ul class="a-unordered-list a-horizontal a-size-small"><li><span class="a-list-item"><a class="a-link-normal a-color-tertiary" href="/electronics">Electronics</a></span></li><li class="a-breadcrumb-divider"><span class="a-list-item a-color-tertiary">›</span></li><li><span class="a-list-item"><a class="a-link-normal a-color-tertiary" href="/accessories">Accessories</a></span></li></ul></div>
<div id="ppd">
<div id="leftCol" class="a-column a-span5"><div id="imageBlock"><div id="main-image-container"><img alt="{esc(listing.title[:80])}" src="https://m.media-marketmile.com/images/I/{listing.asin}._AC_SL1500_.jpg" id="landingImage" data-a-dynamic-image="{{}}"></div></div></div>
<div id="centerCol" class="centerColAlign">
<div id="titleSection" class="a-section a-spacing-none"><h1 id="title" class="a-size-large a-spacing-none"><span id="productTitle" class="a-size-large product-title-word-break">{esc(listing.title)}</span></h1></div>
<div id="bylineInfo_feature_div" class="celwidget"><a id="bylineInfo" class="a-link-normal" href="/stores/{esc(listing.brand)}">{w["visit"].format(brand=esc(listing.brand))}</a></div>
<div id="averageCustomerReviews_feature_div" class="celwidget"><span id="acrPopover" class="reviewCountTextLinkedHistogram noUnderline" title="{listing.rating} out of 5 stars"><span class="a-size-base a-color-base">{listing.rating}</span></span> <a id="acrCustomerReviewLink" class="a-link-normal" href="#customerReviews"><span id="acrCustomerReviewText" class="a-size-base">{w["ratings"].format(n=listing.ratings)}</span></a></div>
<hr>
<div id="corePriceDisplay_desktop_feature_div" class="celwidget"><div class="a-section a-spacing-none aok-align-center aok-relative">{saving}<span class="a-price aok-align-center reinventPricePriceToPayMargin priceToPay" data-a-size="xl">{_price(own.price, listing.locale)}</span></div>{list_price}</div>
<div id="vatMessage_feature_div" class="celwidget"><span class="a-size-base a-color-secondary">{w["incl"]}</span> <a class="a-link-normal" href="/returns">{w["returns"]}</a></div>
<div id="featurebullets_feature_div" class="celwidget"><div id="feature-bullets" class="a-section a-spacing-medium a-spacing-top-small"><h1 class="a-size-base-plus a-text-bold">{w["about"]}</h1><ul class="a-unordered-list a-vertical a-spacing-mini">{bullets}</ul></div></div>
</div>
<div id="rightCol" class="rightCol">
<div id="buybox" class="a-box-group"><div class="a-box"><div class="a-box-inner">
<div id="corePrice_feature_div">{_price(own.price, listing.locale)}</div>
<div id="mir-layout-DELIVERY_BLOCK" class="a-spacing-base"><span data-csa-c-type="element" data-csa-c-content-id="DEXUnifiedCXPDM" class="a-text-bold">{own.delivery}</span></div>
<div id="availability" class="a-section a-spacing-base"><span class="a-size-medium a-color-success">{w["stock"]}</span></div>
<div id="quantityRelocate_feature_div"><label for="quantity" class="a-native-dropdown">{w["qty"]}</label><select name="quantity" id="quantity"><option value="1" selected>1</option><option value="2">2</option><option value="3">3</option></select></div>
<span id="submit.add-to-cart" class="a-button a-spacing-small a-button-primary a-button-icon"><span class="a-button-inner"><input id="add-to-cart-button" name="submit.add-to-cart" title="{w["add"]}" class="a-button-input" type="submit" value="{w["add"]}"><span class="a-button-text" aria-hidden="true">{w["add"]}</span></span></span>
<span id="submit.buy-now" class="a-button a-button-oneclick a-button-icon"><span class="a-button-inner"><input id="buy-now-button" name="submit.buy-now" title="{w["buy"]}" class="a-button-input" type="submit" value="{w["buy"]}"><span class="a-button-text" aria-hidden="true">{w["buy"]}</span></span></span>
<div id="tabular-buybox" class="a-section a-spacing-small"><div class="tabular-buybox-container"><div class="tabular-buybox-text" tabular-attribute-name="Ships from"><span class="a-size-small tabular-buybox-label">{w["ships"]}</span> <span class="a-size-small tabular-buybox-text-message">{esc(own.ships_from)}</span></div><div class="tabular-buybox-text" tabular-attribute-name="Sold by"><span class="a-size-small tabular-buybox-label">{w["sold"]}</span> <span class="a-size-small tabular-buybox-text-message"><a id="sellerProfileTriggerId" href="/gp/help/seller/at-a-glance.html">{esc(own.name)}</a></span></div></div></div>
<div id="secureTransaction"><span class="a-size-small">{w["secure"]}</span></div>
</div></div>
<div id="olpLinkWidget_feature_div" class="celwidget"><div class="a-section a-spacing-none a-padding-base"><a class="a-touch-link a-box olp-touch-link" href="/gp/offer-listing/{listing.asin}"><span class="a-declarative">{w["others_title"].format(site=esc(listing.site))}</span> <span>{esc(others)}</span></a></div></div>
{used_html}
</div>
</div>
</div>
<div id="aod-container" class="a-section"><h2 class="a-size-medium">{w["others_title"].format(site=esc(listing.site))}</h2><div id="aod-offer-list" role="list">{offers}</div></div>
<div id="sp_detail" class="a-section"><h2 class="a-carousel-heading">{w["sponsored"]}</h2><ol class="a-carousel">{sponsored}</ol></div>
{f'<div id="prodDetails" class="a-section"><h2>{w["details"]}</h2><table id="productDetails_techSpec_section_1" class="a-keyvalue prodDetTable">{details}</table></div>' if details else ""}
<div id="customerReviews" class="a-section"><h3 data-hook="dp-local-reviews-header">{w["reviews"]}</h3>{reviews}</div>
</div>
</div>
<footer class="navLeftFooter nav-sprite-v1" id="navFooter"><a href="#" id="navBackToTop"><div class="navFooterBackToTop"><span class="navFooterBackToTopText">{w["top"]}</span></div></a><div class="navFooterLine navFooterLinkLine navFooterPadItemLine">{"".join(f'<a href="/help/{i}" class="nav_a">{esc(c)}</a>' for i, c in enumerate(w["conditions"]))}<span>{w["footer"]}</span></div></footer>
</div>
{cookie_banner("simple", lang, listing.site)}
{analytics("MM7K2B9X4P")}
</body>
</html>
"""
