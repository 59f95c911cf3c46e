"""A product page as BigCommerce on the Cornerstone theme renders it (``BCData``, JSON-LD)."""

from __future__ import annotations

import json

from common import analytics, cookie_banner, esc, jsonld
from shop_magento import _links, _m
from shop_model import Product, Site, State, schema_availability
from shop_ui import stars, ui_for


def bigcommerce(site: Site, p: Product, s: State, data: set[str]) -> str:
    ui = ui_for(site.locale)
    url = f"https://{site.domain}/{p.handle}/"
    sale = s.was is not None and s.was > s.price
    bcdata = {
        "product_attributes": {
            "sku": p.sku,
            "upc": None,
            "mpn": None,
            "gtin": p.gtin or None,
            "weight": None,
            "base": True,
            "image": None,
            "price": {
                "without_tax": {"formatted": _m(site, s.price), "value": s.price, "currency": site.currency},
                "tax_label": "Tax",
                **({"rrp_without_tax": {"formatted": _m(site, s.was), "value": s.was, "currency": site.currency}} if sale and s.was else {}),
            },
            "out_of_stock_behavior": "label_option",
            "out_of_stock_message": "Out of stock",
            "available_modifier_values": [],
            "in_stock_attributes": [],
            "stock": None,
            "instock": s.available,
            "stock_message": None,
            "purchasable": s.available,
            "purchasing_message": None if s.available else "The selected product combination is currently unavailable.",
            "call_for_price_message": None,
        }
    }
    ld = ""
    if "jsonld" in data:
        ld = jsonld(
            {
                "@context": "https://schema.org/",
                "@type": "Product",
                "name": p.title,
                "sku": p.sku,
                "description": " ".join(p.description)[:250],
                "image": f"https://cdn11.bigcommerce.com/s-x8a3d2/images/stencil/1280x1280/products/311/1208/{p.img}",
                "brand": {"@type": "Brand", "url": f"https://{site.domain}/brands/{p.brand.lower()}/", "name": p.brand},
                "aggregateRating": {"@type": "AggregateRating", "ratingValue": p.rating, "reviewCount": p.rating_count or max(1, len(p.reviews))},
                "offers": {
                    "@type": "Offer",
                    "priceCurrency": site.currency,
                    "price": s.price,
                    "availability": schema_availability(s.stock, "https://schema.org/"),
                    "itemCondition": "https://schema.org/Condition",
                    "url": url,
                    "priceValidUntil": "2027-11-28",
                },
            },
            indent=4,
        )
    rrp = f'<div class="price-section price-section--withoutTax rrp-price--withoutTax"><span>MSRP:</span> <span data-product-rrp-price-without-tax class="price price--rrp">{_m(site, s.was)}</span></div>' if sale and s.was else ""
    savings = f'<div class="price-section price-section--saving price"><span class="price">(You save</span> <span data-product-price-saved class="price price--saving">{_m(site, round(s.was - s.price, 2))}</span><span class="price">)</span></div>' if sale and s.was else ""
    button = (
        f'<input id="form-action-addToCart" data-wait-message="Adding to cart…" class="button button--primary" type="submit" value="{ui["add_us"]}">'
        if s.available
        else f'<input id="form-action-addToCart" class="button button--primary" type="submit" value="{ui["out_of_stock"]}" disabled><div class="alertBox productAttributes-message" role="alert"><p class="alertBox-column alertBox-message"><span>The selected product combination is currently unavailable.</span></p></div>'
    )
    reviews = s.reviews_extra + p.reviews
    review_html = "".join(
        f"""<li class="productReview"><article><span class="productReview-rating rating--small">{stars(r.rating)} <span class="productReview-ratingNumber">{r.rating}</span></span><h5 class="productReview-title">{esc(r.title)}</h5><p class="productReview-author">Posted by {esc(r.author)} on {esc(r.date)}</p><p class="productReview-body">{esc(r.body)}</p></article></li>"""
        for r in reviews
    )
    related = s.related_override if s.related_override is not None else p.related
    cards = "".join(
        f"""<div class="productCarousel-slide"><article class="card" data-test="card-{400 + i}"><figure class="card-figure"><a href="https://{site.domain}/{esc(r.handle or r.name.lower().replace(' ', '-'))}/" class="card-figure__link" aria-label="{esc(r.name)}, {_m(site, r.price)}"><div class="card-img-container"><img src="https://cdn11.bigcommerce.com/s-x8a3d2/images/stencil/500x659/products/{400 + i}/item.jpg" alt="{esc(r.name)}" class="card-image lazyload"></div></a></figure><div class="card-body"><p class="card-text" data-test-info-type="brandName">{esc(p.brand)}</p><h3 class="card-title"><a aria-label="{esc(r.name)}" href="https://{site.domain}/{esc(r.handle or r.name.lower().replace(' ', '-'))}/">{esc(r.name)}</a></h3><div class="card-text" data-test-info-type="price"><div class="price-section price-section--withoutTax">{f'<span class="price price--rrp">{_m(site, r.was)}</span> ' if r.was else ''}<span data-product-price-without-tax class="price price--withoutTax">{_m(site, r.price)}</span></div></div></div></article></div>"""
        for i, r in enumerate(related)
    )
    specs = "".join(f'<dt class="productView-info-name">{esc(k)}:</dt><dd class="productView-info-value">{esc(v)}</dd>' for k, v in p.specs)
    desc = "".join(f"<p>{d}</p>" for d in p.description)
    notice = f'<div class="productView-notice"><p>{s.notice}</p></div>' if s.notice else ""
    return f"""<!DOCTYPE html>
<html class="no-js" lang="{site.lang}">
    <head>
        <title>{esc(p.title)} - {esc(site.name)}</title>
        <link rel="dns-prefetch preconnect" href="https://cdn11.bigcommerce.com/s-x8a3d2" crossorigin><link rel="dns-prefetch preconnect" href="https://fonts.googleapis.com/" crossorigin><link rel="dns-prefetch preconnect" href="https://fonts.gstatic.com/" crossorigin>
        <meta property="product:price:amount" content="{s.price:g}" /><meta property="product:price:currency" content="{site.currency}" /><meta property="og:url" content="{url}" /><meta property="og:site_name" content="{esc(site.name)}" /><meta name="keywords" content="{esc(p.brand)}, {esc(p.category[-1])}"><meta name="description" content="{esc(' '.join(p.description)[:150])}"><link rel='canonical' href='{url}' /><meta name='platform' content='bigcommerce.stencil' /><meta property="og:type" content="product" />
<meta property="og:title" content="{esc(p.title)}" />
<meta property="og:description" content="{esc(' '.join(p.description)[:150])}" />
<meta property="og:image" content="https://cdn11.bigcommerce.com/s-x8a3d2/products/311/images/1208/{p.img}?c=1" />
<meta property="pinterest:richpins" content="enabled" />
        <link href="https://cdn11.bigcommerce.com/s-x8a3d2/product_images/favicon.png?t=1700002211" rel="shortcut icon">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <script>document.documentElement.className = document.documentElement.className.replace('no-js', 'js');</script>
        <link data-stencil-stylesheet href="https://cdn11.bigcommerce.com/s-x8a3d2/stencil/6c4a1f10-5c2b-013d-21ab-2a3f5c1e0b11/e/9b3f7c60-0a1b/css/theme-8f1b6d70-a4a2-013d-9d8e-0e2b0c1f2a61.css" rel="stylesheet">
        {analytics(site.gid)}
        <script type="text/javascript">
var BCData = {json.dumps(bcdata)};
        </script>
    </head>
    <body>
        <svg data-src="https://cdn11.bigcommerce.com/s-x8a3d2/stencil/6c4a1f10/e/9b3f7c60/img/icon-sprite.svg" class="icons-svg-sprite"></svg>
        <a href="#main-content" class="skip-to-main-link">{ui['skip']}</a>
<div class="banners" data-banner-location="top"><div class="banner" data-event-type="promotion" data-entity-id="2" data-name="Top banner" data-position="top" data-banner-id="Top banner"><div data-event-type="promotion-click"><p>{esc(s.promo if s.promo is not None else site.promo)}</p></div></div></div>
<header class="header" role="banner">
    <a href="#" class="mobileMenu-toggle" data-mobile-menu-toggle="menu"><span class="mobileMenu-toggleIcon">Toggle menu</span></a>
    <nav class="navUser"><ul class="navUser-section navUser-section--alt"><li class="navUser-item"><a class="navUser-action navUser-item--compare" href="/compare" data-compare-nav aria-label="Compare">Compare <span class="countPill countPill--positive countPill--alt"></span></a></li><li class="navUser-item"><a class="navUser-action navUser-action--quickSearch" href="#" data-search="quickSearch" aria-controls="quickSearch" aria-expanded="false" aria-label="{ui['search']}">{ui['search']}</a></li><li class="navUser-item navUser-item--account"><a class="navUser-action" href="/login.php" aria-label="Sign in">Sign in</a> <span class="navUser-or">or</span> <a class="navUser-action" href="/login.php?action=create_account" aria-label="Register">Register</a></li><li class="navUser-item navUser-item--cart"><a class="navUser-action" data-cart-preview data-dropdown="cart-preview-dropdown" data-options="align:right" href="/cart.php" aria-label="{ui['cart_us']} with 0 items"><span class="navUser-item-cartLabel">{ui['cart_us']}</span> <span class="countPill cart-quantity"></span></a></li></ul></nav>
        <div class="header-logo header-logo--center"><a href="https://{site.domain}/" class="header-logo__link" data-header-logo-link><span class="header-logo-text">{esc(site.name)}</span></a></div>
    <div class="navPages-container" id="menu" data-menu><nav class="navPages"><ul class="navPages-list">{''.join(f'<li class="navPages-item"><a class="navPages-action" href="https://{site.domain}/{esc(n.lower().replace(" ", "-"))}/" aria-label="{esc(n)}">{esc(n)}</a></li>' for n in site.nav)}</ul></nav></div>
</header>
<main class="body" id="main-content" role="main" data-currency-code="{site.currency}">
    <div class="container">
<nav aria-label="Breadcrumb"><ol class="breadcrumbs"><li class="breadcrumb "><a class="breadcrumb-label" href="https://{site.domain}/"><span>{ui['home']}</span></a></li>{''.join(f'<li class="breadcrumb "><a class="breadcrumb-label" href="https://{site.domain}/{esc(c.lower().replace(" ", "-"))}/"><span>{esc(c)}</span></a></li>' for c in p.category)}<li class="breadcrumb is-active"><a class="breadcrumb-label" href="{url}" aria-current="page"><span>{esc(p.title)}</span></a></li></ol></nav>
    <div class="productView" data-event-type="product" data-entity-id="311" data-name="{esc(p.title)}" data-product-category="{esc('/'.join(p.category))}" data-product-brand="{esc(p.brand)}" data-product-price="{s.price:g}" data-product-variant="single-product-option">
        <section class="productView-images" data-image-gallery><figure class="productView-image" data-image-gallery-main><div class="productView-img-container"><a href="https://cdn11.bigcommerce.com/s-x8a3d2/images/stencil/1280x1280/products/311/1208/{p.img}?c=1" target="_blank"><img src="https://cdn11.bigcommerce.com/s-x8a3d2/images/stencil/500x659/products/311/1208/{p.img}?c=1" alt="{esc(p.title)}" title="{esc(p.title)}" data-sizes="auto" class="lazyload" data-main-image /></a></div></figure></section>
        <section class="productView-details product-data">
            <div class="productView-product">
                <h1 class="productView-title">{esc(p.title)}</h1>
                <h2 class="productView-brand"><a href="https://{site.domain}/brands/{p.brand.lower()}/"><span>{esc(p.brand)}</span></a></h2>
                <div class="productView-price">
                    {rrp}
                    <div class="price-section price-section--withoutTax"><span class="price-label" >Price:</span> <span class="price-now-label" style="display: none;">Now:</span> <span data-product-price-without-tax class="price price--withoutTax">{_m(site, s.price)}</span></div>
                    {savings}
                </div>
                <div data-content-region="product_below_price"></div>
                <div class="productView-rating"><span class="icon icon--ratingFull">{stars(p.rating)}</span> <span class="productView-reviewLink"><a href="{url}#product-reviews">{len(reviews)} reviews</a></span></div>
                <dl class="productView-info">
                    <dt class="productView-info-name sku-label">{ui['sku']}:</dt><dd class="productView-info-value" data-product-sku>{esc(p.sku)}</dd>
                    {specs}
                </dl>
            </div>
        </section>
        <section class="productView-details product-options">
            <div class="productView-options">
                {notice}
                <form class="form" method="post" action="https://{site.domain}/cart.php" enctype="multipart/form-data" data-cart-item-add><input type="hidden" name="action" value="add"><input type="hidden" name="product_id" value="311"/>
                    <div class="form-field form-field--stock u-hiddenVisually"><label class="form-label form-label--alternate">Current Stock: <span data-product-stock></span></label></div>
                    <div class="form-field form-field--increments"><label class="form-label form-label--alternate" for="qty[]">{ui['qty']}:</label><div class="form-increment" data-quantity-change><input class="form-input form-input--incrementTotal" id="qty[]" name="qty[]" type="tel" value="1" data-action="manual" min="1" pattern="[0-9]*" aria-live="polite"></div></div>
                    <div class="form-action">{button}</div>
                </form>
                {s.extra}
            </div>
        </section>
        <article class="productView-description" data-product-description><ul class="tabs" data-tab role="tablist"><li class="tab is-active" role="presentation"><a class="tab-title" href="#tab-description" role="tab" tabindex="0" aria-selected="true" aria-controls="tab-description">{ui['description']}</a></li></ul><div class="tabs-contents"><div role="tabpanel" aria-hidden="false" class="tab-content has-jsContent is-active" id="tab-description">{desc}</div></div></article>
    </div>
    {p.extra}
    <section class="productReviews" id="product-reviews" data-product-reviews><h3 class="page-heading">{len(reviews)} Reviews</h3><ul class="productReviews-list" id="productReviews-content">{review_html}</ul></section>
    <div class="tabs-contents"><div role="tabpanel" aria-hidden="false" class="tab-content has-jsContent is-active" id="tab-related"><section class="productCarousel" data-list-name="Related Products"><h3>{ui['related_alt']}</h3>{cards}</section></div></div>
    {ld}
    </div>
</main>
<footer class="footer" role="contentinfo"><h2 class="footer-title-sr-only">Footer Start</h2><div class="container"><section class="footer-info">{''.join(f'<article class="footer-info-col footer-info-col--small" data-section-type="footer-webPages"><h3 class="footer-info-heading">{esc(t)}</h3><ul class="footer-info-list">{_links(links, "/")}</ul></article>' for t, links in site.footer)}</section><div class="footer-copyright"><p class="powered-by">&copy; 2026 {esc(site.name)} </p></div><div class="footer-copyright"><p class="powered-by">Powered by <a href="https://www.bigcommerce.com?utm_source=merchant&amp;utm_medium=poweredbyBC" rel="nofollow">BigCommerce</a></p></div></div></footer>
{cookie_banner(site.cookie, site.lang, site.name)}
    </body>
</html>
"""
