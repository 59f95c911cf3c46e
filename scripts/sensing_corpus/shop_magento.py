"""A product page as Magento 2 on the Luma theme renders it (microdata, ``x-magento-init``
price configuration with the price before VAT)."""

from __future__ import annotations

import json

from common import analytics, cookie_banner, esc, money
from shop_model import Product, Site, State, schema_availability
from shop_ui import ui_for


def _m(site: Site, amount: float) -> str:
    return money(amount, site.locale)


def _links(items: list[str], prefix: str) -> str:
    return "".join(f'<li><a href="{prefix}{esc(i.lower().replace(" ", "-"))}">{esc(i)}</a></li>' for i in items)


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
