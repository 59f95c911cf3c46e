"""More product pages: Magento 2 (Luma), BigCommerce (Cornerstone), PrestaShop 8 (Classic),
Shopware 6, and an independent shop's own markup."""

from __future__ import annotations

import json

from common import analytics, cookie_banner, esc, jsonld, money, plain
from shop_model import Product, Related, Site, State, schema_availability
from shop_ui import ui_for, stars


def _m(site: Site, amount: float) -> str:
    return money(amount, site.locale)


def _links(items: list[str], prefix: str) -> str:
    return "".join(f'<li><a href="{prefix}{esc(i.lower().replace(" ", "-"))}">{esc(i)}</a></li>' for i in items)


# --------------------------------------------------------------------------------------------
# Magento 2, Luma
# --------------------------------------------------------------------------------------------


def magento(site: Site, p: Product, s: State, data: set[str]) -> str:
    ui = ui_for(site.locale)
    url = f"https://{site.domain}/{p.handle}.html"
    sale = s.was is not None and s.was > s.price
    micro = "microdata" in data
    scope = ' itemscope itemtype="http://schema.org/Product"' if micro else ""
    name_prop = ' itemprop="name"' if micro else ""
    sku_prop = ' itemprop="sku"' if micro else ""
    offer_open = '<div itemprop="offers" itemscope itemtype="http://schema.org/Offer">' if micro else "<div>"
    price_meta = (
        f'<meta itemprop="price" content="{s.price:g}" /><meta itemprop="priceCurrency" content="{site.currency}" />'
        f'<link itemprop="availability" href="{schema_availability(s.stock)}" />'
        if micro
        else ""
    )
    ex_vat = round(s.price / 1.2, 6)
    if sale and s.was:
        price_box = f"""<div class="price-box price-final_price" data-role="priceBox" data-product-id="2041" data-price-box="product-id-2041">
    <span class="special-price"><span class="price-container price-final_price tax weee">
        <span class="price-label">Special Price</span>
        <span id="product-price-2041" data-price-amount="{s.price:g}" data-price-type="finalPrice" class="price-wrapper "><span class="price">{_m(site, s.price)}</span></span>
    </span></span>
    <span class="old-price"><span class="price-container price-final_price tax weee">
        <span class="price-label">Regular Price</span>
        <span id="old-price-2041" data-price-amount="{s.was:g}" data-price-type="oldPrice" class="price-wrapper "><span class="price">{_m(site, s.was)}</span></span>
    </span></span>
</div>"""
    else:
        price_box = f"""<div class="price-box price-final_price" data-role="priceBox" data-product-id="2041" data-price-box="product-id-2041">
    <span class="normal-price"><span class="price-container price-final_price tax weee">
        <span id="product-price-2041" data-price-amount="{s.price:g}" data-price-type="finalPrice" class="price-wrapper "><span class="price">{_m(site, s.price)}</span></span>
    </span></span>
</div>"""
    stock = (
        f'<div class="stock available" title="Availability"><span>{ui["in_stock"]}</span></div>'
        if s.available
        else f'<div class="stock unavailable" title="Availability"><span>{ui["out_of_stock"]}</span></div>'
    )
    init = {
        "[data-role=priceBox][data-price-box=product-id-2041]": {
            "priceBox": {
                "priceConfig": {
                    "productId": "2041",
                    "priceFormat": {"pattern": {"GBP": "£%s", "USD": "$%s", "EUR": "%s €", "CHF": "CHF %s"}[site.currency], "precision": 2, "requiredPrecision": 2, "decimalSymbol": ".", "groupSymbol": ",", "groupLength": 3, "integerRequired": False},
                    "prices": {
                        "oldPrice": {"amount": s.was or s.price, "adjustments": []},
                        "basePrice": {"amount": ex_vat},
                        "finalPrice": {"amount": s.price},
                    },
                    "idSuffix": "_clone",
                    "tierPrices": [],
                    "calculationAlgorithm": "TOTAL_BASE_CALCULATION",
                }
            }
        }
    }
    buy = (
        f"""<div class="box-tocart"><div class="fieldset"><div class="field qty"><label class="label" for="qty"><span>Qty</span></label><div class="control"><input type="number" name="qty" id="qty" min="0" value="1" title="Qty" class="input-text qty" data-validate="{{&quot;required-number&quot;:true}}"/></div></div><div class="actions"><button type="submit" title="{ui['add']}" class="action primary tocart" id="product-addtocart-button" disabled><span>{ui['add']}</span></button></div></div></div>"""
        if s.available
        else f"""<div class="product-alert-stock"><a href="#" data-post='{{"action":"https:\\/\\/{site.domain}\\/productalert\\/add\\/stock\\/product_id\\/2041\\/","data":{{"product_id":2041}}}}' title="{ui['notify']}" class="action alert">{ui['notify']}</a></div>"""
    )
    notice = f'<div class="message notice"><div>{s.notice}</div></div>' if s.notice else ""
    reviews = s.reviews_extra + p.reviews
    review_items = "".join(
        f"""<li class="item review-item"{' itemscope itemprop="review" itemtype="http://schema.org/Review"' if micro else ''}>
                <div class="review-title"{' itemprop="name"' if micro else ''}>{esc(r.title)}</div>
                <div class="review-ratings"><div class="rating-summary item"{' itemprop="reviewRating" itemscope itemtype="http://schema.org/Rating"' if micro else ''}><span class="label rating-label"><span>Rating</span></span><div class="rating-result" title="{r.rating * 20}%"><meta{' itemprop="worstRating"' if micro else ''} content="1"/><meta{' itemprop="bestRating"' if micro else ''} content="100"/><span style="width:{r.rating * 20}%"><span{' itemprop="ratingValue"' if micro else ''}>{r.rating * 20}%</span></span></div></div></div>
                <div class="review-content"{' itemprop="description"' if micro else ''}>{esc(r.body)}</div>
                <div class="review-details"><p class="review-author"><span class="review-details-label">Review by</span><strong class="review-details-value"{' itemprop="author"' if micro else ''}>{esc(r.author)}</strong></p><p class="review-date"><span class="review-details-label">Posted on</span><time class="review-details-value"{' itemprop="datePublished"' if micro else ''} datetime="{r.iso}">{esc(r.date)}</time></p></div>
            </li>"""
        for r in reviews
    )
    related = s.related_override if s.related_override is not None else p.related
    related_items = "".join(
        f"""<li class="item product product-item"><div class="product-item-info related-available"><a href="https://{site.domain}/{esc(r.handle or r.name.lower().replace(' ', '-'))}.html" class="product photo product-item-photo"><span class="product-image-container" style="width:152px;"><span class="product-image-wrapper" style="padding-bottom: 125%;"><img class="product-image-photo" src="https://{site.domain}/media/catalog/product/cache/7/small_image/152x190/{esc(r.handle or 'item')}.jpg" loading="lazy" width="152" height="190" alt="{esc(r.name)}"/></span></span></a><div class="product details product-item-details"><strong class="product name product-item-name"><a class="product-item-link" title="{esc(r.name)}" href="https://{site.domain}/{esc(r.handle or r.name.lower().replace(' ', '-'))}.html">{esc(r.name)}</a></strong><div class="price-box price-final_price" data-role="priceBox" data-product-id="{3100 + i}"><span class="price-container price-final_price tax weee"><span id="product-price-{3100 + i}" data-price-amount="{r.price:g}" data-price-type="finalPrice" class="price-wrapper "><span class="price">{_m(site, r.price)}</span></span></span>{f'<span class="old-price"><span class="price">{_m(site, r.was)}</span></span>' if r.was else ''}</div></div></div></li>"""
        for i, r in enumerate(related)
    )
    specs = "".join(f'<tr><th class="col label" scope="row">{esc(k)}</th><td class="col data" data-th="{esc(k)}">{esc(v)}</td></tr>' for k, v in p.specs)
    desc = "".join(f"<p>{d}</p>" for d in p.description)
    return f"""<!doctype html>
<html lang="{site.lang}">
    <head>
        <meta charset="utf-8"/>
<meta name="title" content="{esc(p.title)}"/>
<meta name="description" content="{esc(' '.join(p.description)[:160])}"/>
<meta name="robots" content="INDEX,FOLLOW"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<meta name="format-detection" content="telephone=no"/>
<title>{esc(p.title)} | {esc(site.name)}</title>
<link  rel="stylesheet" type="text/css"  media="all" href="https://{site.domain}/static/version1730112233/frontend/Magento/luma/{site.locale.replace('-', '_')}/mage/calendar.css" />
<link  rel="stylesheet" type="text/css"  media="all" href="https://{site.domain}/static/version1730112233/frontend/Magento/luma/{site.locale.replace('-', '_')}/css/styles-m.css" />
<link  rel="stylesheet" type="text/css"  media="screen and (min-width: 768px)" href="https://{site.domain}/static/version1730112233/frontend/Magento/luma/{site.locale.replace('-', '_')}/css/styles-l.css" />
<script  type="text/javascript"  src="https://{site.domain}/static/version1730112233/frontend/Magento/luma/{site.locale.replace('-', '_')}/requirejs/require.js"></script>
<link  rel="canonical" href="{url}" />
<link  rel="icon" type="image/x-icon" href="https://{site.domain}/static/version1730112233/frontend/Magento/luma/{site.locale.replace('-', '_')}/Magento_Theme/favicon.ico" />
<meta property="og:type" content="product" />
<meta property="og:title" content="{esc(p.title)}" />
<meta property="og:image" content="https://{site.domain}/media/catalog/product/cache/1/image/265x265/{p.img}" />
<meta property="og:description" content="{esc(' '.join(p.description)[:160])}" />
<meta property="og:url" content="{url}" />
{f'<meta property="product:price:amount" content="{s.price:g}"/>' if 'og' in data else ''}
{f'<meta property="product:price:currency" content="{site.currency}"/>' if 'og' in data else ''}
{analytics(site.gid)}
    </head>
    <body data-container="body" data-mage-init='{{"loaderAjax": {{}}, "loader": {{ "icon": "https://{site.domain}/static/version1730112233/frontend/Magento/luma/en_GB/images/loader-2.gif"}}}}' id="html-body" class="catalog-product-view product-{esc(p.handle)} page-layout-1column">
<div class="cookie-status-message" id="cookie-status">The store will not work correctly when cookies are disabled.</div>
<noscript><div class="message global noscript"><div class="content"><p><strong>JavaScript seems to be disabled in your browser.</strong><span> For the best experience on our site, be sure to turn on Javascript in your browser.</span></p></div></div></noscript>
<div class="page-wrapper"><header class="page-header"><div class="panel wrapper"><div class="panel header"><a class="action skip contentarea" href="#contentarea"><span>{ui['skip']}</span></a>
<ul class="header links"><li class="greet welcome" data-bind="scope: 'customer'"><span class="not-logged-in">{esc(s.promo if s.promo is not None else site.promo)}</span></li><li class="authorization-link" data-label="or"><a href="https://{site.domain}/customer/account/login/">Sign In</a></li><li><a href="https://{site.domain}/customer/account/create/">Create an Account</a></li></ul></div></div>
<div class="header content"><span data-action="toggle-nav" class="action nav-toggle"><span>Toggle Nav</span></span>
<a class="logo" href="https://{site.domain}/" title="{esc(site.name)}" aria-label="store logo"><img src="https://{site.domain}/static/version1730112233/frontend/Magento/luma/en_GB/images/logo.svg" title="{esc(site.name)}" alt="{esc(site.name)}" width="170"/></a>
<div data-block="minicart" class="minicart-wrapper"><a class="action showcart" href="https://{site.domain}/checkout/cart/" data-bind="scope: 'minicart_content'"><span class="text">My Cart</span><span class="counter qty empty"><span class="counter-number">0</span></span></a></div>
<div class="block block-search"><div class="block block-title"><strong>{ui['search']}</strong></div><div class="block block-content"><form class="form minisearch" id="search_mini_form" action="https://{site.domain}/catalogsearch/result/" method="get"><div class="field search"><label class="label" for="search" data-role="minisearch-label"><span>{ui['search']}</span></label><div class="control"><input id="search" type="text" name="q" value="" placeholder="{ui['search_ph']}" class="input-text" maxlength="128" role="combobox" aria-haspopup="false" aria-autocomplete="both" autocomplete="off" aria-expanded="false"/></div></div></form></div></div>
</div></header>
<div class="sections nav-sections"><div class="section-items nav-sections-items" data-mage-init='{{"tabs":{{"openedState":"active"}}}}'><div class="section-item-content nav-sections-item-content" id="store.menu" data-role="content"><nav class="navigation" data-action="navigation"><ul data-mage-init='{{"menu":{{"responsive":true, "expanded":true, "position":{{"my":"left top","at":"left bottom"}}}}}}'>{''.join(f'<li class="level0 nav-{i + 1} category-item level-top"><a href="https://{site.domain}/{esc(n.lower().replace(" ", "-"))}.html" class="level-top"><span>{esc(n)}</span></a></li>' for i, n in enumerate(site.nav))}</ul></nav></div></div></div>
<div class="breadcrumbs"><ul class="items"><li class="item home"><a href="https://{site.domain}/" title="Go to Home Page">{ui['home']}</a></li>{''.join(f'<li class="item category"><a href="https://{site.domain}/{esc(c.lower().replace(" ", "-"))}.html">{esc(c)}</a></li>' for c in p.category)}<li class="item product"><strong>{esc(p.title)}</strong></li></ul></div>
<main id="maincontent" class="page-main"><a id="contentarea" tabindex="-1"></a>
<div class="page messages"><div data-placeholder="messages"></div></div>
<div class="columns"><div class="column main"><div class="product-info-main"{scope}>
<div class="page-title-wrapper product"><h1 class="page-title"><span class="base" data-ui-id="page-title-wrapper"{name_prop}>{esc(p.title)}</span></h1></div>
<div class="product-reviews-summary" ><div class="rating-summary"><span class="label"><span>Rating:</span></span><div class="rating-result" title="{p.rating * 20:.0f}%"><span style="width:{p.rating * 20:.0f}%"><span>{p.rating * 20:.0f}%</span></span></div></div><div class="reviews-actions"><a class="action view" href="{url}#reviews">{len(reviews)}&nbsp;<span>Reviews</span></a><a class="action add" href="{url}#review-form">Add Your Review</a></div></div>
<div class="product-info-price">{offer_open}{price_meta}
{price_box}
</div>
<div class="product-info-stock-sku">{stock}
<div class="product attribute sku"><strong class="type">{ui['sku']}</strong><div class="value"{sku_prop}>{esc(p.sku)}</div></div></div></div>
<div class="product attribute overview"><div class="value">{p.description[0]}</div></div>
{notice}
<div class="product-add-form"><form data-product-sku="{esc(p.sku)}" action="https://{site.domain}/checkout/cart/add/uenc/aHR0cHM6Ly93d3cuZXhhbXBsZS5vcmcv/product/2041/" method="post" id="product_addtocart_form"><input type="hidden" name="product" value="2041" /><input type="hidden" name="selected_configurable_option" value="" /><input name="form_key" type="hidden" value="Zp4r8Qm2XkL1sVbN" />
{buy}
</form></div>
{s.extra}
<div class="product-social-links"><div class="product-addto-links" data-role="add-to-links"><a href="#" class="action towishlist" data-action="add-to-wishlist" role="button"><span>{ui['wishlist']}</span></a><a href="#" class="action tocompare" role="button"><span>{ui['compare']}</span></a></div></div>
</div>
<div class="product media"><div class="gallery-placeholder _block-content-loading" data-gallery-role="gallery-placeholder"><img alt="main product photo" class="gallery-placeholder__image" src="https://{site.domain}/media/catalog/product/cache/1/image/700x700/{p.img}" width="700" height="700"/></div></div>
<div class="product info detailed"><div class="product data items" data-mage-init='{{"tabs":{{"openedState":"active"}}}}'>
<div class="data item title" data-role="collapsible" id="tab-label-description"><a class="data switch" tabindex="-1" data-toggle="trigger" href="#description" id="tab-label-description-title">{ui['description']}</a></div>
<div class="data item content" aria-labelledby="tab-label-description-title" id="description" data-role="content"><div class="product attribute description"><div class="value">{desc}</div></div></div>
<div class="data item title" data-role="collapsible" id="tab-label-additional"><a class="data switch" tabindex="-1" data-toggle="trigger" href="#additional" id="tab-label-additional-title">More Information</a></div>
<div class="data item content" aria-labelledby="tab-label-additional-title" id="additional" data-role="content"><div class="additional-attributes-wrapper table-wrapper"><table class="data table additional-attributes" id="product-attribute-specs-table"><caption class="table-caption">More Information</caption><tbody>{specs}</tbody></table></div></div>
<div class="data item title" data-role="collapsible" id="tab-label-reviews"><a class="data switch" tabindex="-1" data-toggle="trigger" href="#reviews" id="tab-label-reviews-title">{ui['reviews']} <span class="counter">{len(reviews)}</span></a></div>
<div class="data item content" aria-labelledby="tab-label-reviews-title" id="reviews" data-role="content"><div id="product-review-container" data-role="product-review"><div class="block review-list" id="customer-reviews"><div class="block-title"><strong>Customer Reviews</strong></div><div class="block-content"><ol class="items review-items">{review_items}</ol></div></div></div></div>
</div></div>
{p.extra}
<div class="block related" data-mage-init='{{"relatedProducts":{{"relatedCheckbox":".related.checkbox"}}}}' data-limit="0" data-shuffle="0" data-shuffle-weighted="0"><div class="block-title title"><strong id="block-related-heading" role="heading" aria-level="2">{ui['related_alt']}</strong></div><div class="block-content content" aria-labelledby="block-related-heading"><div class="products wrapper grid products-grid products-related"><ol class="products list items product-items">{related_items}</ol></div></div></div>
<script type="text/x-magento-init">{json.dumps(init)}</script>
</div></div></main>
<footer class="page-footer"><div class="footer content"><div class="block newsletter"><div class="title"><strong>Newsletter</strong></div><div class="content"><form class="form subscribe" novalidate action="https://{site.domain}/newsletter/subscriber/new/" method="post" id="newsletter-validate-detail"><div class="field newsletter"><div class="control"><label for="newsletter"><span class="label">Sign Up for Our Newsletter:</span><input name="email" type="email" id="newsletter" placeholder="{ui['email']}" /></label></div></div><div class="actions"><button class="action subscribe primary" title="{ui['subscribe']}" type="submit" aria-label="Subscribe"><span>{ui['subscribe']}</span></button></div></form></div></div>
<ul class="footer links">{''.join(_links(links, f'https://{site.domain}/') for _, links in site.footer)}</ul></div></footer>
<small class="copyright"><span>Copyright &copy; 2013-present {esc(site.name)}. {ui['rights']}</span></small>
</div>
{cookie_banner(site.cookie, site.lang, site.name)}
</body>
</html>
"""


# --------------------------------------------------------------------------------------------
# BigCommerce, Cornerstone
# --------------------------------------------------------------------------------------------


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


# --------------------------------------------------------------------------------------------
# PrestaShop 8, Classic theme
# --------------------------------------------------------------------------------------------


def prestashop(site: Site, p: Product, s: State, data: set[str]) -> str:
    ui = ui_for(site.locale)
    local = {
        "fr": ("Paiement sécurisé", "Retours sous 30 jours", "Fiche technique", "Identifiez-vous", "votre@email.com", "nous-contacter", "mon-compte", "panier", "recherche"),
        "es": ("Pago 100 % seguro", "Devoluciones gratis en 30 días", "Ficha técnica", "Identifícate", "tu@email.com", "contactanos", "mi-cuenta", "carrito", "busqueda"),
    }[site.lang]
    url = f"https://{site.domain}/{p.category[-1].lower().replace(' ', '-')}/{2200}-{p.handle}.html"
    micro = "microdata" in data
    sale = s.was is not None and s.was > s.price
    regular = f'<div class="product-discount"><span class="regular-price">{_m(site, s.was)}</span></div>' if sale and s.was else ""
    discount = f'<span class="discount discount-amount">{ui["save"].format(amount=_m(site, round(s.was - s.price, 2)))}</span>' if sale and s.was else ""
    offer = ' itemprop="offers" itemscope itemtype="https://schema.org/Offer"' if micro else ""
    metas = f'<link itemprop="availability" href="{schema_availability(s.stock, "https://schema.org/")}"/><meta itemprop="priceCurrency" content="{site.currency}">' if micro else ""
    price_prop = ' itemprop="price"' if micro else ""
    if s.available:
        availability = f'<span id="product-availability" class="js-product-availability"><i class="material-icons rtl-no-flip product-available">&#xE5CA;</i>{ui["in_stock"]}</span>'
    elif s.stock == "preorder":
        availability = f'<span id="product-availability" class="js-product-availability"><i class="material-icons product-last-items">&#xE002;</i>{ui["preorder"]}</span>'
    else:
        availability = f'<span id="product-availability" class="js-product-availability"><i class="material-icons product-unavailable">&#xE14B;</i>{ui["out_of_stock"]}</span>'
    button_disabled = "" if (s.available or s.stock == "preorder") else " disabled"
    button_label = ui["preorder"] if s.stock == "preorder" else ui["add"]
    notify = ""
    if not s.available and s.stock != "preorder":
        notify = f'<div class="js-mailalert text-center" data-url="//{site.domain}/module/ps_emailalerts/actions?process=add"><input class="form-control" type="email" placeholder="{local[4]}"/><button class="btn btn-primary js-mailalert-add mt-1" type="submit">{ui["notify"]}</button><div class="js-mailalert-alerts d-none"></div></div>'
    notice = f'<div class="product-information-notice alert alert-info">{s.notice}</div>' if s.notice else ""
    prestashop_var = {
        "cart": {"products": [], "totals": {"total": {"type": "total", "label": "Total", "amount": 0, "value": money(0, site.locale)}}, "products_count": 0},
        "currency": {"id": 1, "name": "Euro" if site.currency == "EUR" else "Franc suisse", "iso_code": site.currency, "sign": "€" if site.currency == "EUR" else "CHF"},
        "language": {"name": site.locale, "iso_code": site.lang, "locale": site.locale, "is_rtl": "0"},
        "page": {"title": "", "canonical": url, "meta": {"title": p.title}, "page_name": "product", "body_classes": {"lang-" + site.lang: True, "product-id-2200": True}},
        "shop": {"name": site.name, "logo": f"https://{site.domain}/img/logo-1712069811.jpg"},
        "static_token": "5f2b1c9a7e3d4c8b9a0f1e2d3c4b5a69",
        "token": "0d1f3e5c7b9a8f6e4d2c0b1a3f5e7d9c",
    }
    reviews = s.reviews_extra + p.reviews
    review_html = "".join(
        f"""<div class="product-comment-list-item row" data-product-comment-id="{11 + i}" data-product-id="2200"><div class="col-md-3 col-sm-3 comment-infos"><div class="grade-stars small-stars" data-grade="{r.rating}">{stars(r.rating)}</div><div class="comment-date">{esc(r.date)}</div><div class="comment-author">{esc(r.author)}</div></div><div class="col-md-9 col-sm-9 comment-content"><p class="h4">{esc(r.title)}</p><p>{esc(r.body)}</p></div></div>"""
        for i, r in enumerate(reviews)
    )
    related = s.related_override if s.related_override is not None else p.related
    related_html = "".join(
        f"""<div class="js-product product col-xs-12 col-sm-6 col-lg-4 col-xl-3"><article class="product-miniature js-product-miniature" data-id-product="{2300 + i}" data-id-product-attribute="0"><div class="thumbnail-container"><div class="thumbnail-top"><a href="https://{site.domain}/{esc(r.handle or 'produit')}.html" class="thumbnail product-thumbnail"><img src="https://{site.domain}/{2300 + i}-home_default/{esc(r.handle or 'produit')}.jpg" alt="{esc(r.name)}" loading="lazy" width="250" height="250"/></a></div><div class="product-description"><h3 class="h3 product-title"><a href="https://{site.domain}/{esc(r.handle or 'produit')}.html" content="https://{site.domain}/{esc(r.handle or 'produit')}.html">{esc(r.name)}</a></h3><div class="product-price-and-shipping">{f'<span class="regular-price" aria-label="Prix de base">{_m(site, r.was)}</span>' if r.was else ''}<span class="price" aria-label="Prix">{_m(site, r.price)}</span></div></div>{f'<ul class="product-flags js-product-flags"><li class="product-flag discount">{esc(r.badge)}</li></ul>' if r.badge else ''}</div></article></div>"""
        for i, r in enumerate(related)
    )
    specs = "".join(f'<dt class="name">{esc(k)}</dt><dd class="value">{esc(v)}</dd>' for k, v in p.specs)
    desc = "".join(f"<p>{d}</p>" for d in p.description)
    ld = ""
    if "jsonld" in data:
        ld = jsonld(
            {
                "@context": "https://schema.org/",
                "@type": "Product",
                "name": p.title,
                "description": " ".join(p.description)[:200],
                "category": p.category[-1],
                "image": f"https://{site.domain}/2201-large_default/{p.handle}.jpg",
                "sku": p.sku,
                "mpn": p.sku,
                "gtin13": p.gtin or None,
                "brand": {"@type": "Brand", "name": p.brand},
                "offers": {
                    "@type": "Offer",
                    "priceCurrency": site.currency,
                    "name": p.title,
                    "price": plain(s.price),
                    "url": url,
                    "priceValidUntil": "2027-01-15",
                    "image": [f"https://{site.domain}/2201-large_default/{p.handle}.jpg"],
                    "sku": p.sku,
                    "availability": schema_availability(s.stock, "https://schema.org/"),
                    "seller": {"@type": "Organization", "name": site.name},
                },
            },
            indent=2,
        )
    scope = ' itemscope itemtype="https://schema.org/Product"' if micro else ""
    return f"""<!doctype html>
<html lang="{site.lang}-{site.locale[-2:]}">
  <head>
    <meta charset="utf-8">
    <meta http-equiv="x-ua-compatible" content="ie=edge">
    <link rel="canonical" href="{url}">
    <title>{esc(p.title)}</title>
    <meta name="description" content="{esc(' '.join(p.description)[:160])}">
    <meta name="keywords" content="">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <link rel="icon" type="image/vnd.microsoft.icon" href="https://{site.domain}/img/favicon.ico?1712069811">
    <link rel="stylesheet" href="https://{site.domain}/themes/classic/assets/cache/theme-a1b2c3.css" type="text/css" media="all">
    <script type="text/javascript">
        var prestashop = {json.dumps(prestashop_var, ensure_ascii=False)};
        var psemailsubscription_subscription = "https:\\/\\/{site.domain}\\/module\\/ps_emailsubscription\\/subscription";
    </script>
    <meta property="og:type" content="product">
    <meta property="og:url" content="{url}">
    <meta property="og:title" content="{esc(p.title)}">
    <meta property="og:site_name" content="{esc(site.name)}">
    <meta property="og:description" content="{esc(' '.join(p.description)[:160])}">
    <meta property="og:image" content="https://{site.domain}/2201-large_default/{p.handle}.jpg">
    {f'<meta property="product:pretax_price:amount" content="{round(s.price / 1.2, 6)}"><meta property="product:pretax_price:currency" content="{site.currency}"><meta property="product:price:amount" content="{plain(s.price)}"><meta property="product:price:currency" content="{site.currency}">' if 'og' in data else ''}
    {analytics(site.gid)}
  </head>
  <body id="product" class="lang-{site.lang} country-{site.locale[-2:].lower()} currency-{site.currency.lower()} layout-full-width page-product tax-display-enabled product-id-2200 product-{esc(p.handle)} product-id-category-{len(p.category)} product-id-manufacturer-4 product-id-supplier-0 product-available-for-order">
    <main>
      <header id="header">
        <nav class="header-nav"><div class="container"><div class="row"><div class="hidden-sm-down"><div class="col-md-5 col-xs-12"><div id="_desktop_contact_link"><div id="contact-link"><a href="https://{site.domain}/{local[5]}">{esc(site.phone or 'Contact')}</a></div></div></div><div class="col-md-7 right-nav"><div id="_desktop_user_info"><div class="user-info"><a href="https://{site.domain}/{local[6]}" title="{local[3]}" rel="nofollow"><i class="material-icons">&#xE7FF;</i><span class="hidden-sm-down">{ui['account']}</span></a></div></div><div id="_desktop_cart"><div class="blockcart cart-preview inactive" data-refresh-url="//{site.domain}/module/ps_shoppingcart/ajax"><div class="header"><i class="material-icons shopping-cart" aria-hidden="true">shopping_cart</i><span class="hidden-sm-down">{ui['cart']}</span><span class="cart-products-count">(0)</span></div></div></div></div></div></div></div></nav>
        <div class="header-banner"><div class="container"><p class="promo-strip">{esc(s.promo if s.promo is not None else site.promo)}</p></div></div>
        <div class="header-top"><div class="container"><div class="row"><div class="col-md-2 hidden-sm-down" id="_desktop_logo"><a href="https://{site.domain}/"><img class="logo img-fluid" src="https://{site.domain}/img/logo-1712069811.jpg" alt="{esc(site.name)}" width="200" height="50"></a></div>
        <div class="header-top-right col-md-10 col-sm-12 position-static"><div class="menu js-top-menu position-static hidden-sm-down" id="_desktop_top_menu"><ul class="top-menu" id="top-menu" data-depth="0">{''.join(f'<li class="category" id="category-{10 + i}"><a class="dropdown-item" href="https://{site.domain}/{10 + i}-{esc(n.lower().replace(" ", "-"))}" data-depth="0">{esc(n)}</a></li>' for i, n in enumerate(site.nav))}</ul></div>
        <div id="search_widget" class="search-widgets" data-search-controller-url="//{site.domain}/{local[8]}"><form method="get" action="//{site.domain}/{local[8]}"><input type="hidden" name="controller" value="search"><i class="material-icons search" aria-hidden="true">search</i><input type="text" name="s" value="" placeholder="{ui['search_ph']}" aria-label="{ui['search']}"></form></div></div></div></div></div>
      </header>
      <section id="wrapper">
        <div class="container">
          <nav data-depth="{len(p.category) + 2}" class="breadcrumb hidden-sm-down"><ol><li><a href="https://{site.domain}/"><span>{ui['home']}</span></a></li>{''.join(f'<li><a href="https://{site.domain}/{esc(c.lower().replace(" ", "-"))}"><span>{esc(c)}</span></a></li>' for c in p.category)}<li><span>{esc(p.title)}</span></li></ol></nav>
          <div id="content-wrapper" class="js-content-wrapper">
            <section id="main"{scope}>
              <meta content="{url}">
              <div class="row product-container js-product-container">
                <div class="col-md-6"><section class="page-content" id="content"><div class="images-container js-images-container"><div class="product-cover"><img class="js-qv-product-cover img-fluid" src="https://{site.domain}/2201-large_default/{p.handle}.jpg" alt="{esc(p.title)}" loading="lazy" width="800" height="800"></div></div></section></div>
                <div class="col-md-6">
                  <h1 class="h1"{' itemprop="name"' if micro else ''}>{esc(p.title)}</h1>
                  <div class="product-prices js-product-prices">
                    {regular}
                    <div class="product-price h5 {'has-discount' if sale else ''}"{offer}>
                      {metas}
                      <div class="current-price"><span class="current-price-value"{price_prop} content="{s.price:g}">{_m(site, s.price)}</span>{discount}</div>
                    </div>
                    <div class="tax-shipping-delivery-label">{ui['tax_incl']}<span class="delivery-information">{esc(s.delivery)}</span></div>
                  </div>
                  <div class="product-information">
                    <div id="product-description-short-2200" class="product-description">{p.description[0]}</div>
                    {notice}
                    <div class="product-actions js-product-actions">
                      <form action="https://{site.domain}/{local[7]}" method="post" id="add-to-cart-or-refresh"><input type="hidden" name="token" value="5f2b1c9a7e3d4c8b9a0f1e2d3c4b5a69"><input type="hidden" name="id_product" value="2200" id="product_page_product_id"><input type="hidden" name="id_customization" value="0" id="product_customization_id" class="js-product-customization-id">
                        <div class="product-add-to-cart js-product-add-to-cart"><span class="control-label">{ui['qty']}</span><div class="product-quantity clearfix"><div class="qty"><input type="number" name="qty" id="quantity_wanted" inputmode="numeric" pattern="[0-9]*" value="1" min="1" class="input-group" aria-label="{ui['qty']}"></div><div class="add"><button class="btn btn-primary add-to-cart" data-button-action="add-to-cart" type="submit"{button_disabled}><i class="material-icons shopping-cart">&#xE547;</i>{button_label}</button></div></div>
                          {availability}
                          <p class="product-minimal-quantity js-product-minimal-quantity"></p>
                          {notify}
                        </div>
                      </form>
                    </div>
                    {s.extra}
                    <div id="block-reassurance"><ul><li><div class="block-reassurance-item"><span class="h6">{local[0]}</span></div></li><li><div class="block-reassurance-item"><span class="h6">{esc(site.promo)}</span></div></li><li><div class="block-reassurance-item"><span class="h6">{local[1]}</span></div></li></ul></div>
                    <div class="tabs"><ul class="nav nav-tabs" role="tablist"><li class="nav-item"><a class="nav-link active" data-toggle="tab" href="#description" role="tab" aria-controls="description" aria-selected="true">{ui['description']}</a></li><li class="nav-item"><a class="nav-link" data-toggle="tab" href="#product-details" role="tab" aria-controls="product-details">{ui['specs']}</a></li></ul>
                      <div class="tab-content" id="tab-content"><div class="tab-pane fade in active js-product-tab-active" id="description" role="tabpanel"><div class="product-description">{desc}</div></div>
                      <div class="js-product-details tab-pane fade" id="product-details" data-product="{{&quot;id_shop_default&quot;:&quot;1&quot;,&quot;id_product&quot;:2200,&quot;reference&quot;:&quot;{esc(p.sku)}&quot;}}" role="tabpanel"><div class="product-manufacturer"><label class="label">{ui['brand']}</label><span><a href="https://{site.domain}/brand/4-{esc(p.brand.lower())}">{esc(p.brand)}</a></span></div><div class="product-reference"><label class="label">{ui['sku']} </label><span>{esc(p.sku)}</span></div><section class="product-features"><p class="h6">{local[2]}</p><dl class="data-sheet">{specs}</dl></section></div></div>
                    </div>
                  </div>
                </div>
              </div>
              {p.extra}
              <div id="product-comments-list-header"><div class="comments-nb"><i class="material-icons chat" data-icon="chat"></i>{ui['reviews']} ({len(reviews)})</div></div>
              <div id="product-comments-list" data-list-comments-url="https://{site.domain}/module/productcomments/ListComments?id_product=2200">{review_html}</div>
              <section class="product-accessories clearfix"><p class="h5 text-uppercase">{ui['related_alt']}</p><div class="products row">{related_html}</div></section>
              {ld}
            </section>
          </div>
        </div>
      </section>
      <footer id="footer" class="js-footer"><div class="container"><div class="row"><div class="block_newsletter col-lg-8 col-md-12 col-sm-12" id="blockEmailSubscription_displayFooterBefore"><div class="row"><p id="block-newsletter-label" class="col-md-5 col-xs-12">{ui['newsletter']}</p><div class="col-md-7 col-xs-12"><form action="https://{site.domain}/#blockEmailSubscription_displayFooterBefore" method="post"><input class="btn btn-primary float-xs-right hidden-xs-down" name="submitNewsletter" type="submit" value="{ui['subscribe']}"><div class="input-wrapper"><input name="email" type="email" value="" placeholder="{ui['email']}" aria-labelledby="block-newsletter-label" required></div></form></div></div></div></div></div>
        <div class="footer-container"><div class="container"><div class="row">{''.join(f'<div class="col-md-4 links"><div class="row"><div class="col-md-6 wrapper"><p class="h3 hidden-sm-down">{esc(t)}</p><ul class="collapse">{_links(links, "/content/")}</ul></div></div></div>' for t, links in site.footer)}</div>
        <div class="row"><div class="col-md-12"><p class="text-sm-center"><a href="https://www.prestashop-project.org/" target="_blank" rel="noopener noreferrer nofollow">© 2026 - Logiciel e-commerce de PrestaShop™</a></p></div></div></div></div>
      </footer>
    </main>
    {cookie_banner(site.cookie, site.lang, site.name)}
  </body>
</html>
"""


# --------------------------------------------------------------------------------------------
# Shopware 6
# --------------------------------------------------------------------------------------------


def shopware(site: Site, p: Product, s: State, data: set[str]) -> str:
    ui = ui_for(site.locale)
    url = f"https://{site.domain}/{p.handle}/{p.sku}"
    micro = "microdata" in data
    sale = s.was is not None and s.was > s.price
    if s.available:
        delivery = f'<p class="delivery-information delivery-available"><span class="delivery-status-indicator bg-success"></span>{esc(s.delivery or "Sofort verfügbar, Lieferzeit ca. 1-3 Werktage")}</p>'
    elif s.stock == "soon":
        delivery = '<p class="delivery-information delivery-soldout"><span class="delivery-status-indicator bg-warning"></span>Bald wieder verfügbar</p>'
    elif s.stock == "preorder":
        delivery = '<p class="delivery-information delivery-preorder"><span class="delivery-status-indicator bg-info"></span>Vorbestellbar – Auslieferung ab Erscheinungstermin</p>'
    else:
        delivery = '<p class="delivery-information delivery-not-available"><span class="delivery-status-indicator bg-danger"></span>Nicht verfügbar</p>'
    list_price = ""
    if sale and s.was:
        pct = (s.was - s.price) / s.was * 100
        list_price = f'<span class="list-price"><span class="list-price-label">{ui["was"]}</span> <span class="list-price-price">{_m(site, s.was)}*</span> <span class="list-price-percentage">({pct:.0f}% gespart)</span></span>'
    buy = (
        f'<div class="d-grid"><button class="btn btn-primary btn-buy" title="{ui["add"]}" aria-label="{ui["add"]}">{ui["add"]}</button></div>'
        if s.available or s.stock == "preorder"
        else f'<div class="product-detail-notify"><p>{ui["notify_email"]}</p><form class="notify-form" action="/widgets/notification/subscribe" method="post"><input type="email" class="form-control" name="email" placeholder="{ui["email"]}"><button class="btn btn-outline-primary">{ui["notify"]}</button></form></div>'
    )
    notice = f'<div class="alert alert-info" role="alert"><div class="alert-content-container"><div class="alert-content">{s.notice}</div></div></div>' if s.notice else ""
    scope = ' itemscope itemtype="https://schema.org/Product"' if micro else ""
    offer = (
        f'<div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><meta itemprop="url" content="{url}"><meta itemprop="priceCurrency" content="{site.currency}"><meta itemprop="price" content="{s.price:g}"><link itemprop="availability" href="{schema_availability(s.stock)}"/><meta itemprop="itemCondition" content="https://schema.org/NewCondition"/></div>'
        if micro
        else ""
    )
    reviews = s.reviews_extra + p.reviews
    review_html = "".join(
        f"""<div class="product-detail-review-item"{' itemprop="review" itemscope itemtype="https://schema.org/Review"' if micro else ''}><div class="row product-detail-review-item-info"><div class="col-md-auto product-detail-review-item-points">{stars(r.rating)}</div><div class="col-md-auto product-detail-review-item-date"><p><small>{esc(r.date)}</small></p></div><div class="col product-detail-review-item-title"><p class="h5"{' itemprop="name"' if micro else ''}>{esc(r.title)}</p></div></div><p class="product-detail-review-item-content"{' itemprop="description"' if micro else ''}>{esc(r.body)}</p><p class="product-detail-review-item-author">{esc(r.author)}</p></div>"""
        for r in reviews
    )
    related = s.related_override if s.related_override is not None else p.related
    cross = "".join(
        f"""<div class="product-slider-item"><div class="card product-box box-standard"><div class="card-body"><div class="product-image-wrapper"><a href="https://{site.domain}/{esc(r.handle or 'artikel')}" title="{esc(r.name)}" class="product-image-link is-standard"><img src="https://{site.domain}/media/{esc(r.handle or 'artikel')}-400x400.jpg" alt="{esc(r.name)}" loading="lazy" class="product-image is-standard"></a></div><div class="product-info"><a href="https://{site.domain}/{esc(r.handle or 'artikel')}" class="product-name" title="{esc(r.name)}">{esc(r.name)}</a><div class="product-price-info"><div class="product-price-wrapper"><span class="product-price{' with-list-price' if r.was else ''}">{_m(site, r.price)}*{f' <span class="list-price"><span class="list-price-price">{_m(site, r.was)}*</span></span>' if r.was else ''}</span></div></div></div></div></div></div>"""
        for r in related
    )
    specs = "".join(f'<tr class="properties-row"><th class="properties-label">{esc(k)}:</th><td class="properties-value"><span>{esc(v)}</span></td></tr>' for k, v in p.specs)
    desc = "".join(f"<p>{d}</p>" for d in p.description)
    ld = ""
    if "jsonld" in data:
        ld = jsonld(
            {
                "@context": "https://schema.org",
                "@type": "Product",
                "name": p.title,
                "sku": p.sku,
                "gtin13": p.gtin,
                "brand": {"@type": "Brand", "name": p.brand},
                "offers": {"@type": "Offer", "price": s.price, "priceCurrency": site.currency, "availability": schema_availability(s.stock, "https://schema.org/"), "url": url},
            }
        )
    return f"""<!DOCTYPE html>
<html lang="{site.locale}" itemscope="itemscope" itemtype="https://schema.org/WebPage">
    <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no">
        <meta name="author" content="">
        <meta name="robots" content="index,follow">
        <meta name="revisit-after" content="15 days">
        <meta name="keywords" content="{esc(p.brand)}, {esc(p.category[-1])}">
        <meta name="description" content="{esc(' '.join(p.description)[:160])}">
        <meta property="og:type" content="product">
        <meta property="og:site_name" content="{esc(site.name)}">
        <meta property="og:url" content="{url}">
        <meta property="og:title" content="{esc(p.title)} | {esc(p.sku)}">
        <meta property="og:description" content="{esc(' '.join(p.description)[:160])}">
        <meta property="og:image" content="https://{site.domain}/media/a3/b1/f0/1712345678/{p.img}">
        <meta property="product:brand" content="{esc(p.brand)}">
        {f'<meta property="product:price:amount" content="{s.price:g}"><meta property="product:price:currency" content="{site.currency}">' if 'og' in data else ''}
        <meta property="product:product_link" content="{url}">
        <meta name="twitter:card" content="product">
        <meta itemprop="copyrightHolder" content="{esc(site.name)}">
        <meta itemprop="copyrightYear" content="">
        <meta itemprop="isFamilyFriendly" content="true">
        <meta itemprop="image" content="https://{site.domain}/media/logo.svg">
        <link rel="shortcut icon" href="https://{site.domain}/media/favicon.png">
        <link rel="canonical" href="{url}">
        <title itemprop="name">{esc(p.title)} | {esc(p.sku)} | {esc(site.name)}</title>
        <link rel="stylesheet" href="https://{site.domain}/theme/6d1c0e1f2a3b4c5d6e7f8091a2b3c4d5/css/all.css?1730201911">
        <script>window.features = {{"V6_5_0_0":true,"v6.5.0.0":true,"PERFORMANCE_TWEAKS":false,"ACCESSIBILITY_TWEAKS":false}};</script>
        <script>window.activeNavigationId = '0191a2b3c4d5e6f708192a3b4c5d6e7f'; window.router = {{'frontend.cart.offcanvas': '/checkout/offcanvas','frontend.cookie.offcanvas': '/cookie/offcanvas','frontend.checkout.finish.page': '/checkout/finish','frontend.checkout.info': '/widgets/checkout/info','frontend.menu.offcanvas': '/widgets/menu/offcanvas','frontend.cms.page': '/widgets/cms','frontend.cms.navigation.page': '/widgets/cms/navigation','frontend.account.addressbook': '/widgets/account/address-book','frontend.country.country-data': '/country/country-state-data','frontend.app-system.generate-token': '/app-system/Placeholder/generate-token',}}; window.salesChannelId = '0191a2b3c4d5e6f708192a3b4c5d6e70'; window.breakpoints = {{"xs":0,"sm":576,"md":768,"lg":992,"xl":1200,"xxl":1400}};</script>
        {analytics(site.gid)}
    </head>
    <body class="is-ctl-product is-act-index">
        <div class="skip-to-content bg-primary-subtle text-primary-emphasis visually-hidden-focusable overflow-hidden"><div class="container d-flex justify-content-center"><a href="#content-main" class="skip-to-content-link d-inline-flex text-decoration-underline m-1 p-2 fw-bold gap-2">{ui['skip']}</a></div></div>
        <noscript class="noscript-main"><div role="alert" aria-live="polite" class="alert alert-info d-flex align-items-center"><div class="alert-content-container"><div class="alert-content">Um unseren Shop in vollem Umfang nutzen zu können, empfehlen wir Ihnen Javascript in Ihrem Browser zu aktivieren.</div></div></div></noscript>
        <div class="top-bar-promo"><div class="container"><p>{esc(s.promo if s.promo is not None else site.promo)}</p></div></div>
        <header class="header-main">
            <div class="container">
                <div class="top-bar d-none d-lg-block"><nav class="top-bar-nav" aria-label="Shop-Einstellungen"><div class="top-bar-nav-item top-bar-language"></div><div class="top-bar-nav-item top-bar-currency"><span class="top-bar-list-icon currency-symbol">€</span><span class="top-bar-nav-text">Euro</span></div></nav></div>
                <div class="row align-items-center header-row"><div class="col-12 col-lg-auto header-logo-col"><div class="header-logo-main"><a class="header-logo-main-link" href="/" title="Zur Startseite gehen"><picture class="header-logo-picture"><img src="https://{site.domain}/media/logo.svg" alt="Zur Startseite gehen" class="img-fluid header-logo-main-img"></picture></a></div></div>
                <div class="col-12 order-2 col-sm order-sm-1 header-search-col"><div class="collapse" id="searchCollapse"><div class="header-search"><form action="/search" method="get" data-search-widget="true" class="header-search-form"><div class="input-group"><input type="search" name="search" class="form-control header-search-input" autocomplete="off" autocapitalize="off" placeholder="{ui['search_ph']}" aria-label="{ui['search_ph']}" value=""><button type="submit" class="btn header-search-btn" aria-label="{ui['search']}"><span class="header-search-icon">{ui['search']}</span></button></div></form></div></div></div>
                <div class="col-12 order-1 col-sm-auto order-sm-2 header-actions-col"><div class="row g-0"><div class="col-auto"><div class="account-menu"><div class="dropdown"><button class="btn account-menu-btn header-actions-btn" type="button" id="accountWidget" aria-label="{ui['account']}">{ui['account']}</button></div></div></div><div class="col-auto"><div class="header-cart"><a class="btn header-cart-btn header-actions-btn" href="/checkout/cart" data-cart-widget="true" title="{ui['cart']}" aria-label="{ui['cart']}"><span class="header-cart-icon"></span><span class="header-cart-total d-none d-sm-inline-block ms-sm-2">{money(0, site.locale)}*</span></a></div></div></div></div></div>
            </div>
        </header>
        <div class="nav-main"><div class="main-navigation" id="mainNavigation" data-flyout-menu="true"><div class="container"><nav class="nav main-navigation-menu" itemscope="itemscope" itemtype="https://schema.org/SiteNavigationElement" aria-label="Hauptnavigation"><a class="nav-link main-navigation-link nav-item-0191a2b3c4d5e6f708192a3b4c5d6e7f home-link" href="/" itemprop="url" title="{ui['home']}"><div class="main-navigation-link-text"><span itemprop="name">{ui['home']}</span></div></a>{''.join(f'<a class="nav-link main-navigation-link" href="https://{site.domain}/{esc(n.lower().replace(" ", "-"))}/" itemprop="url" data-flyout-menu-trigger="{i}" title="{esc(n)}"><div class="main-navigation-link-text"><span itemprop="name">{esc(n)}</span></div></a>' for i, n in enumerate(site.nav))}</nav></div></div></div>
        <main class="content-main" id="content-main">
            <div class="flashbags container"></div>
            <div class="container-main"><div class="breadcrumb cms-breadcrumb container"><nav aria-label="Breadcrumb"><ol class="breadcrumb" itemscope itemtype="https://schema.org/BreadcrumbList">{''.join(f'<li class="breadcrumb-item" itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a href="https://{site.domain}/{esc(c.lower().replace(" ", "-"))}/" class="breadcrumb-link" title="{esc(c)}" itemprop="item"><link itemprop="url" href="https://{site.domain}/{esc(c.lower().replace(" ", "-"))}/"><span class="breadcrumb-title" itemprop="name">{esc(c)}</span></a><meta itemprop="position" content="{i + 1}"></li>' for i, c in enumerate(p.category))}</ol></nav></div>
            <div class="cms-page"{scope}>
                <div class="cms-sections"><div class="cms-section pos-0 cms-section-default" style=""><div class="cms-section-default boxed"><div class="cms-block pos-0 cms-block-product-heading pos-0 cms-block-product-heading"><div class="cms-block-container" style="padding: 0 0 20px 0;"><div class="cms-block-container-row row cms-row "><div class="col product-heading-name-container"><div class="cms-element-product-name"><h1 class="product-detail-name"{' itemprop="name"' if micro else ''}>{esc(p.title)}</h1></div></div><div class="col-md-auto product-heading-manufacturer-logo-container"><div class="cms-element-manufacturer-logo"><a href="https://{site.domain}/{esc(p.brand.lower())}/" class="cms-image-link product-detail-manufacturer-link" title="{esc(p.brand)}"><span{' itemprop="brand"' if micro else ''}>{esc(p.brand)}</span></a></div></div></div></div></div>
                <div class="cms-block pos-1 cms-block-gallery-buybox"><div class="cms-block-container"><div class="cms-block-container-row row cms-row has--sidebar">
                    <div class="col-lg-7 product-detail-media"><div class="cms-element-image-gallery"><div class="gallery-slider-row is-loading js-gallery-zoom-modal-container"><img src="https://{site.domain}/media/a3/b1/f0/1712345678/{p.img}" class="img-fluid gallery-slider-image magnifier-image js-magnifier-image" alt="{esc(p.title)}" title="{esc(p.title)}" data-full-image="https://{site.domain}/media/a3/b1/f0/1712345678/{p.img}" loading="eager"{' itemprop="image"' if micro else ''}></div></div></div>
                    <div class="col-lg-5 product-detail-buy"><div class="cms-element-buy-box" data-buy-box="true" data-buy-box-options="{{&quot;elementId&quot;:&quot;0191a2b3&quot;,&quot;buyWidgetSelector&quot;:&quot;.product-detail-buy&quot;}}">
                        <div class="product-detail-buy">
                            {offer}
                            <div class="product-detail-price-container">
                                <meta itemprop="priceCurrency" content="{site.currency}">
                                <p class="product-detail-price{' with-list-price' if sale else ''}">{_m(site, s.price)}*</p>
                                {list_price}
                            </div>
                            <div class="product-detail-tax-container"><p class="product-detail-tax"><a class="product-detail-tax-link" href="/widgets/cms/0191a2b3c4d5e6f7" title="Versandinformationen" data-ajax-modal="true">Preise inkl. MwSt. zzgl. Versandkosten</a></p></div>
                            <div class="product-detail-delivery-information">{delivery}</div>
                            {notice}
                            <div class="product-detail-form-container"><form id="productDetailPageBuyProductForm" action="/checkout/line-item/add" method="post" class="buy-widget" data-add-to-cart="true"><div class="row g-2 buy-widget-container"><div class="col-4 d-flex justify-content-end"><div class="input-group product-detail-quantity-group quantity-selector-group" data-quantity-selector="true"><input type="number" name="lineItems[0191][quantity]" class="form-control js-quantity-selector quantity-selector-group-input" min="1" max="100" step="1" value="1" aria-label="{ui['qty']}"></div></div><div class="col-8">{buy}</div></div><input type="hidden" name="redirectTo" value="frontend.cart.offcanvas"></form></div>
                            {s.extra}
                            <div class="product-detail-ordernumber-container"><span class="product-detail-ordernumber-label">{ui['sku']}:</span> <meta itemprop="productID" content="0191a2b3c4d5e6f708192a3b4c5d6e7f"><span class="product-detail-ordernumber"{' itemprop="sku"' if micro else ''}>{esc(p.sku)}</span></div>
                        </div>
                    </div></div>
                </div></div></div>
                <div class="cms-block pos-2 cms-block-product-description-reviews"><div class="cms-block-container"><div class="cms-block-container-row row cms-row"><div class="col-12"><div class="product-detail-tabs"><ul class="nav nav-tabs product-detail-tab-navigation-list" id="product-detail-tabs" role="tablist"><li class="nav-item"><a class="nav-link active product-detail-tab-navigation-link" id="description-tab" data-bs-toggle="tab" href="#description-tab-pane" role="tab" aria-controls="description-tab-pane" aria-selected="true">{ui['description']}</a></li><li class="nav-item"><a class="nav-link product-detail-tab-navigation-link" id="review-tab" data-bs-toggle="tab" href="#review-tab-pane" role="tab" aria-controls="review-tab-pane" aria-selected="false">{ui['reviews']}</a></li></ul>
                    <div class="product-detail-tabs-content"><div class="tab-content"><div class="tab-pane fade show active" id="description-tab-pane" role="tabpanel" aria-labelledby="description-tab"><div class="product-detail-description tab-pane-container"><div class="h3 product-detail-description-title">Produktinformationen "{esc(p.title)}"</div><div class="product-detail-description-text"{' itemprop="description"' if micro else ''}>{desc}</div><div class="product-detail-properties"><table class="table table-striped product-detail-properties-table"><tbody>{specs}</tbody></table></div></div></div>
                    <div class="tab-pane fade" id="review-tab-pane" role="tabpanel" aria-labelledby="review-tab"><div class="product-detail-review tab-pane-container"><div class="product-detail-review-main js-review-container">{review_html}</div></div></div></div></div></div></div></div></div></div>
                {p.extra}
                <div class="cms-block pos-3 cms-block-cross-selling"><div class="cms-element-cross-selling"><div class="product-detail-cross-selling"><ul class="nav nav-tabs"><li class="nav-item"><a class="nav-link active">{ui['related']}</a></li></ul><div class="cms-element-product-slider"><div class="base-slider product-slider has-nav"><div class="product-slider-container">{cross}</div></div></div></div></div></div>
                </div></div></div>
            </div>
            {ld}
            </div>
        </main>
        <footer class="footer-main"><div class="container"><div id="footerColumns" class="row footer-columns" data-collapse-footer="true">{''.join(f'<div class="col-md-4 footer-column js-footer-column"><div class="footer-column-headline footer-headline js-footer-column-headline">{esc(t)}</div><div class="footer-column-content collapse js-footer-column-content"><div class="footer-column-content-inner"><ul class="list-unstyled">{_links(links, "/")}</ul></div></div></div>' for t, links in site.footer)}</div>
        <div class="footer-bottom"><div class="footer-vat"><p>* Alle Preise inkl. gesetzl. Mehrwertsteuer zzgl. <a data-ajax-modal="true" href="/widgets/cms/0191a2b3c4d5e6f7">Versandkosten</a> und ggf. Nachnahmegebühren, wenn nicht anders angegeben.</p></div><div class="footer-copyright">Realisiert mit Shopware</div></div></div></footer>
        {cookie_banner(site.cookie, site.lang, site.name)}
    </body>
</html>
"""
