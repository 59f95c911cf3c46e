"""Product pages as the common shop platforms render them.

Each template takes the site, the product and its state, and ``data``: which structured data
the page carries (``jsonld``, ``microdata``, ``og``), as real shops differ in that.
"""

from __future__ import annotations

import json

from common import analytics, cookie_banner, esc, jsonld, money, plain, stable
from shop_model import Product, Related, Review, Site, State, schema_availability
from shop_ui import ui_for, stars


def _m(site: Site, amount: float) -> str:
    return money(amount, site.locale)


def _footer_columns(site: Site) -> str:
    cols = []
    for title, links in site.footer:
        items = "".join(
            f'<li><a href="/pages/{esc(link.lower().replace(" ", "-"))}">{esc(link)}</a></li>'
            for link in links
        )
        cols.append(f'<div class="footer-block"><h2 class="footer-block__heading">{esc(title)}</h2><ul class="list-unstyled">{items}</ul></div>')
    return "\n        ".join(cols)


def _stock_text(ui: dict[str, str], stock: str) -> str:
    if stock == "in":
        return ui["in_stock"]
    if stock.startswith("low:"):
        return ui["low"].format(n=stock[4:])
    if stock == "preorder":
        return ui["preorder"]
    return ui["sold_out"]


# --------------------------------------------------------------------------------------------
# Shopify (Dawn-like theme)
# --------------------------------------------------------------------------------------------


def shopify(site: Site, p: Product, s: State, data: set[str]) -> str:
    ui = ui_for(site.locale)
    url = f"https://{site.domain}/products/{p.handle}"
    code = "" if site.currency == "CHF" else f" {site.currency}"
    selected = s.selected or (p.variants[0] if p.variants else "")
    sel_stock = s.of(selected) if selected else s.stock
    available = sel_stock == "in" or sel_stock.startswith("low:")
    variants = p.variants or ["Default Title"]
    cents = round(s.price * 100)
    meta = {
        "product": {
            "id": 8012345678901,
            "gid": "gid://shopify/Product/8012345678901",
            "vendor": p.brand,
            "type": p.category[-1],
            "variants": [
                {
                    "id": 44120000000000 + i,
                    "price": cents,
                    "name": p.title + ("" if v == "Default Title" else f" - {v}"),
                    "public_title": None if v == "Default Title" else v,
                    "sku": f"{p.sku}-{i + 1:02d}" if p.variants else p.sku,
                }
                for i, v in enumerate(variants)
            ],
        },
        "page": {"pageType": "product", "resourceType": "product", "resourceId": 8012345678901},
    }
    head_og = ""
    if "og" in data:
        head_og = f"""
    <meta property="og:price:amount" content="{plain(s.price)}">
    <meta property="og:price:currency" content="{site.currency}">"""
    ld = ""
    if "jsonld" in data:
        offers = []
        for i, v in enumerate(variants):
            offer = {
                "@type": "Offer",
                "sku": f"{p.sku}-{i + 1:02d}" if p.variants else p.sku,
                "availability": schema_availability(s.of(v) if p.variants else s.stock),
                "price": round(s.price, 2),
                "priceCurrency": site.currency,
                "url": f"{url}?variant={44120000000000 + i}",
            }
            if p.variants:
                offer["name"] = f"{p.title} - {v}"
            offers.append(offer)
        product = {
            "@context": "http://schema.org/",
            "@type": "Product",
            "name": p.title,
            "url": url,
            "image": [f"https://{site.domain}/cdn/shop/files/{p.img}?v=1718302411&width=1920"],
            "description": " ".join(p.description)[:300],
            "sku": p.sku,
            "brand": {"@type": "Brand", "name": p.brand},
            "offers": offers,
        }
        if p.gtin:
            product["gtin13"] = p.gtin
        ld = jsonld(product, indent=2)
    sale = s.was is not None and s.was > s.price
    price_html = f"""<div class="price price--large{' price--on-sale' if sale else ''}{' price--sold-out' if not available else ''} price--show-badge">
            <div class="price__container">
              <div class="price__regular">
                <span class="visually-hidden visually-hidden--inline">{ui['regular_price']}</span>
                <span class="price-item price-item--regular">{_m(site, s.price)}{code}</span>
              </div>
              <div class="price__sale">
                <span class="visually-hidden visually-hidden--inline">{ui['regular_price']}</span>
                <span><s class="price-item price-item--regular">{_m(site, s.was) if sale and s.was else ''}</s></span>
                <span class="visually-hidden visually-hidden--inline">{ui['sale_price']}</span>
                <span class="price-item price-item--sale price-item--last">{_m(site, s.price)}{code}</span>
              </div>
            </div>
            <span class="badge price__badge-sale color-scheme-4">{ui['sale']}</span>
            <span class="badge price__badge-sold-out color-scheme-3">{ui['sold_out']}</span>
          </div>"""
    swatches = ""
    if p.variants:
        opts = []
        for i, v in enumerate(p.variants):
            st = s.of(v)
            dis = "" if (st == "in" or st.startswith("low:")) else " disabled"
            cls = ' class="disabled"' if dis else ""
            checked = " checked" if v == selected else ""
            opts.append(
                f'<input type="radio" id="template--product__main-1-{i}" name="{esc(p.variant_label)}" value="{esc(v)}" form="product-form-main"{checked}{cls}>'
                f'<label for="template--product__main-1-{i}">{esc(v)}<span class="visually-hidden label-unavailable">{ui["variant_unavailable"] if dis else ""}</span></label>'
            )
        swatches = f"""<variant-selects id="variant-selects-main" data-section="main">
            <fieldset class="js product-form__input product-form__input--pill">
              <legend class="form__label">{esc(p.variant_label)}: <span>{esc(selected)}</span></legend>
              {''.join(opts)}
            </fieldset>
            <script type="application/json" data-selected-variant>{json.dumps({"id": 44120000000000 + variants.index(selected) if selected else 44120000000000, "title": selected or "Default Title", "available": available, "price": cents})}</script>
          </variant-selects>"""
    button = (
        f'<button id="ProductSubmitButton-main" type="submit" name="add" class="product-form__submit button button--full-width button--secondary"><span>{ui["add_us"] if available else ui["preorder"]}</span></button>'
        if available or sel_stock == "preorder"
        else f'<button id="ProductSubmitButton-main" type="submit" name="add" class="product-form__submit button button--full-width button--secondary" disabled="disabled"><span>{ui["sold_out"]}</span></button>'
    )
    back_in_stock = ""
    if not available and sel_stock != "preorder":
        back_in_stock = f"""<div class="klaviyo-bis-trigger" style="margin-top:10px"><a href="#" class="button button--full-width">{ui['notify']}</a><p class="caption">{ui['notify_email']}</p></div>"""
    notice = f'<div class="product__notice rte"><p>{s.notice}</p></div>' if s.notice else ""
    low = ""
    if sel_stock.startswith("low:"):
        low = f'<p class="product__inventory"><svg width="15" height="15" aria-hidden="true"><circle cx="7.5" cy="7.5" r="7.5" fill="rgb(238,148,65, 0.3)"/></svg> {ui["low"].format(n=sel_stock[4:])}</p>'
    elif available:
        low = f'<p class="product__inventory"><svg width="15" height="15" aria-hidden="true"><circle cx="7.5" cy="7.5" r="7.5" fill="rgb(62,214,96, 0.3)"/></svg> {ui["in_stock"]}</p>'
    reviews = _judgeme(p, s, ui)
    related = _card_grid(site, s.related_override if s.related_override is not None else p.related, ui["related_alt"], "shopify", ui)
    viewers = f'<p class="product__viewers">{ui["viewers"].format(n=s.viewers)}</p>' if s.viewers else ""
    specs = "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in p.specs)
    desc = "".join(f"<p>{d}</p>" for d in p.description)
    klarna = f'<klarna-placement data-key="credit-promotion-auto-size" data-locale="{site.locale}" data-purchase-amount="{cents}"><p class="klarna-fallback">{ui["pay_later"].format(amount=_m(site, round(s.price / 3, 2)))}</p></klarna-placement>' if site.lang == "en" else ""
    return f"""<!doctype html>
<html class="no-js" lang="{site.lang}">
  <head>
    <meta charset="utf-8">
    <meta http-equiv="X-UA-Compatible" content="IE=edge">
    <meta name="viewport" content="width=device-width,initial-scale=1">
    <meta name="theme-color" content="">
    <link rel="canonical" href="{url}">
    <link rel="preconnect" href="https://cdn.shopify.com" crossorigin>
    <link rel="icon" type="image/png" href="//{site.domain}/cdn/shop/files/favicon.png?crop=center&height=32&v=1699021211&width=32">
    <title>{esc(p.title)} &ndash; {esc(site.name)}</title>
    <meta name="description" content="{esc(' '.join(p.description)[:155])}">
    <meta property="og:site_name" content="{esc(site.name)}">
    <meta property="og:url" content="{url}">
    <meta property="og:title" content="{esc(p.title)}">
    <meta property="og:type" content="product">
    <meta property="og:description" content="{esc(' '.join(p.description)[:155])}">
    <meta property="og:image" content="http://{site.domain}/cdn/shop/files/{p.img}?v=1718302411">
    <meta property="og:image:width" content="1600">
    <meta property="og:image:height" content="1600">{head_og}
    <meta name="twitter:card" content="summary_large_image">
    <meta name="twitter:title" content="{esc(p.title)}">
    <script src="//{site.domain}/cdn/shop/t/12/assets/constants.js?v=58251544750838685771701349413" defer="defer"></script>
    <script src="//{site.domain}/cdn/shop/t/12/assets/global.js?v=149496944046504657681701349413" defer="defer"></script>
    <script>window.performance && window.performance.mark && window.performance.mark('shopify.content_for_header.start');</script>
    <meta id="shopify-digital-wallet" name="shopify-digital-wallet" content="/61234567890/digital_wallets/dialog">
    <script id="shopify-features" type="application/json">{{"accessToken":"3b1f6c0e2f0d4d2f9b0a4e7c5d1a2b3c","betas":["rich-media-storefront-analytics"],"domain":"{site.domain}","predictiveSearch":true,"shopId":61234567890,"locale":"{site.lang}"}}</script>
    <script>var Shopify = Shopify || {{}};
Shopify.shop = "{site.name.lower().replace(' ', '-')}.myshopify.com";
Shopify.locale = "{site.lang}";
Shopify.currency = {{"active":"{site.currency}","rate":"1.0"}};
Shopify.country = "{site.locale[-2:]}";
Shopify.theme = {{"name":"Dawn","id":134567890123,"schema_name":"Dawn","schema_version":"15.2.0","theme_store_id":887,"role":"main"}};
Shopify.routes = Shopify.routes || {{}};
Shopify.routes.root = "/";</script>
    <script>window.ShopifyAnalytics = window.ShopifyAnalytics || {{}};
window.ShopifyAnalytics.meta = window.ShopifyAnalytics.meta || {{}};
window.ShopifyAnalytics.meta.currency = '{site.currency}';
var meta = {json.dumps(meta, ensure_ascii=False)};
for (var attr in meta) {{ window.ShopifyAnalytics.meta[attr] = meta[attr]; }}</script>
    <script>window.performance && window.performance.mark && window.performance.mark('shopify.content_for_header.end');</script>
    <link href="//{site.domain}/cdn/shop/t/12/assets/base.css?v=144968985024194912401701349412" rel="stylesheet" type="text/css" media="all">
    {analytics(site.gid)}
  </head>
  <body class="gradient animate--hover-default">
    <a class="skip-to-content-link button visually-hidden" href="#MainContent">{ui['skip']}</a>
    <div id="shopify-section-sections--announcement-bar" class="shopify-section shopify-section-group-header-group announcement-bar-section">
      <div class="utility-bar color-scheme-2 gradient"><div class="page-width utility-bar__grid">
        <div class="announcement-bar" role="region" aria-label="Announcement"><p class="announcement-bar__message h5"><span>{esc(s.promo if s.promo is not None else site.promo)}</span></p></div>
      </div></div>
    </div>
    <div id="shopify-section-sections--header" class="shopify-section shopify-section-group-header-group section-header">
      <sticky-header data-sticky-type="on-scroll-up" class="header-wrapper color-scheme-1 gradient header-wrapper--border-bottom">
        <header class="header header--middle-left header--mobile-center page-width header--has-menu header--has-account">
          <a href="/" class="header__heading-link link link--text focus-inset"><span class="h2">{esc(site.name)}</span></a>
          <nav class="header__inline-menu">
            <ul class="list-menu list-menu--inline" role="list">
              {''.join(f'<li><a href="/collections/{esc(n.lower().replace(" ", "-"))}" class="header__menu-item list-menu__item link link--text focus-inset"><span>{esc(n)}</span></a></li>' for n in site.nav)}
            </ul>
          </nav>
          <div class="header__icons">
            <details-modal class="header__search"><summary class="header__icon header__icon--search header__icon--summary link focus-inset modal__toggle" aria-haspopup="dialog" aria-label="{ui['search']}"><span class="visually-hidden">{ui['search']}</span></summary></details-modal>
            <a href="/account/login" class="header__icon header__icon--account link focus-inset small-hide"><span class="visually-hidden">{ui['account']}</span></a>
            <a href="/cart" class="header__icon header__icon--cart link focus-inset" id="cart-icon-bubble"><span class="visually-hidden">{ui['cart_us']}</span></a>
          </div>
        </header>
      </sticky-header>
    </div>
    <main id="MainContent" class="content-for-layout focus-none" role="main" tabindex="-1">
      <section id="shopify-section-template--main" class="shopify-section section">
        <section id="MainProduct-template--main" class="page-width section-template--main-padding" data-section="template--main">
          <div class="product product--large product--left product--stacked product--mobile-hide grid grid--1-col grid--2-col-tablet">
            <div class="grid__item product__media-wrapper">
              <media-gallery id="MediaGallery-template--main" role="region" class="product__column-sticky" aria-label="Gallery Viewer">
                <ul id="Slider-Gallery-template--main" class="product__media-list contains-media grid grid--peek list-unstyled slider slider--mobile" role="list">
                  <li class="product__media-item grid__item slider__slide is-active" data-media-id="template--main-3401"><div class="product-media-container media-type-image media-fit-contain global-media-settings gradient constrain-height"><img src="//{site.domain}/cdn/shop/files/{p.img}?v=1718302411&width=1946" alt="{esc(p.title)}" width="1946" height="1946" loading="lazy" class="image-magnify-lightbox"></div></li>
                </ul>
              </media-gallery>
            </div>
            <div class="product__info-wrapper grid__item">
              <section id="ProductInfo-template--main" class="product__info-container product__column-sticky">
                <p class="product__text inline-richtext caption-with-letter-spacing">{esc(p.brand)}</p>
                <div class="product__title"><h1>{esc(p.title)}</h1></div>
                <p class="product__text inline-richtext">{ui['sku']}: {esc(p.sku)}</p>
                <div class="no-js-hidden" id="price-template--main" role="status">
          {price_html}
                </div>
                <div class="product__tax caption rte">{ui['tax_incl']} <a href="/policies/shipping-policy">{ui['shipping_calc']}</a></div>
                {klarna}
                {swatches}
                {notice}
                {low}
                <div class="product-form__buttons">{button}</div>
                {back_in_stock}
                {viewers}
                {s.extra}
                <pickup-availability class="product__pickup-availabilities no-js-hidden quick-add-hidden" available></pickup-availability>
                <div class="product__description rte quick-add-hidden">{desc}</div>
                <details id="Details-collapsible-row-specs" class="accordion"><summary><h2 class="h4 accordion__title">{ui['specs']}</h2></summary><div class="accordion__content rte"><table>{specs}</table></div></details>
                <details id="Details-collapsible-row-delivery" class="accordion"><summary><h2 class="h4 accordion__title">{ui['delivery_returns']}</h2></summary><div class="accordion__content rte"><p>{esc(s.delivery or ui['dispatch'])}</p></div></details>
                <share-button id="Share-template--main" class="share-button quick-add-hidden"><button class="share-button__button hidden">{ui['share']}</button></share-button>
              </section>
            </div>
          </div>
          {p.extra}
        </section>
      </section>
      {reviews}
      {related}
    </main>
    <div id="shopify-section-sections--footer" class="shopify-section shopify-section-group-footer-group">
      <footer class="footer color-scheme-1 gradient section-sections--footer-padding">
        <div class="footer__content-top page-width">
          <div class="footer__blocks-wrapper grid grid--1-col grid--2-col grid--4-col-tablet">
        {_footer_columns(site)}
          </div>
          <div class="footer-block--newsletter"><div class="footer-block__newsletter"><h2 class="footer-block__heading inline-richtext">{ui['subscribe_emails']}</h2><form method="post" action="/contact#ContactFooter" id="ContactFooter" accept-charset="UTF-8" class="footer__newsletter newsletter-form"><input type="hidden" name="form_type" value="customer"><input type="hidden" name="utf8" value="✓"><div class="newsletter-form__field-wrapper"><div class="field"><input id="NewsletterForm--sections--footer" type="email" name="contact[email]" class="field__input" value="" aria-required="true" autocorrect="off" autocapitalize="off" autocomplete="email" placeholder="{ui['email']}" required><label class="field__label" for="NewsletterForm--sections--footer">{ui['email']}</label><button type="submit" class="newsletter-form__button field__button" name="commit" id="Subscribe" aria-label="{ui['subscribe']}"></button></div></div></form></div></div>
        </div>
        <div class="footer__content-bottom">
          <div class="footer__content-bottom-wrapper page-width">
            <div class="footer__column footer__column--info">
              <div class="footer__payment"><span class="visually-hidden">{ui['payment_methods']}</span><ul class="list list-payment" role="list"><li class="list-payment__item">American Express</li><li class="list-payment__item">Apple Pay</li><li class="list-payment__item">Google Pay</li><li class="list-payment__item">Klarna</li><li class="list-payment__item">Maestro</li><li class="list-payment__item">Mastercard</li><li class="list-payment__item">PayPal</li><li class="list-payment__item">Shop Pay</li><li class="list-payment__item">Visa</li></ul></div>
              <div class="footer__copyright caption"><small class="copyright__content">&copy; 2026, <a href="/" title="">{esc(site.name)}</a></small><small class="copyright__content"><a target="_blank" rel="nofollow" href="https://www.shopify.com?utm_campaign=poweredby&amp;utm_medium=shopify&amp;utm_source=onlinestore">Powered by Shopify</a></small></div>
            </div>
          </div>
        </div>
      </footer>
    </div>
    {cookie_banner(site.cookie, site.lang, site.name)}
    {ld}
  </body>
</html>
"""


def _judgeme(p: Product, s: State, ui: dict[str, str]) -> str:
    reviews = s.reviews_extra + p.reviews
    if not reviews:
        return ""
    count = p.rating_count or len(reviews)
    items = []
    for r in reviews:
        items.append(
            f"""<div class="jdgm-rev jdgm-divider-top" data-verified-buyer="true" data-review-id="{stable(r.author + r.title) % 10**8:08x}">
          <div class="jdgm-rev__header"><span class="jdgm-rev__rating" data-score="{r.rating}" aria-label="{r.rating} star review" role="img">{stars(r.rating)}</span><span class="jdgm-rev__timestamp jdgm-spinner" data-content="{r.iso}">{esc(r.date)}</span><div class="jdgm-rev__br"></div><span class="jdgm-rev__author-wrapper"><span class="jdgm-rev__author">{esc(r.author)}</span><span class="jdgm-rev__buyer-badge-wrapper"><span class="jdgm-rev__buyer-badge">{ui['verified']}</span></span></span></div>
          <div class="jdgm-rev__content"><b class="jdgm-rev__title">{esc(r.title)}</b><div class="jdgm-rev__body"><p>{esc(r.body)}</p></div></div>
          <div class="jdgm-rev__actions"><div class="jdgm-rev__votes" data-thumb-up-count="{len(r.body) % 9}">{ui['helpful']}</div></div>
        </div>"""
        )
    return f"""<div id="shopify-section-template--judgeme" class="shopify-section">
        <div class="page-width"><div style="clear:both"></div><div id="judgeme_product_reviews" class="jdgm-widget jdgm-review-widget jdgm--done-setup-widget" data-product-title="{esc(p.title)}" data-id="8012345678901">
          <div class="jdgm-rev-widg" data-average-rating="{p.rating}" data-number-of-reviews="{count}">
            <h2 class="jdgm-rev-widg__title">{ui['reviews']}</h2>
            <div class="jdgm-rev-widg__summary"><div class="jdgm-rev-widg__summary-stars" aria-label="Average rating is {p.rating} stars" role="img">{stars(p.rating)}</div><div class="jdgm-rev-widg__summary-text">{ui['based_on'].format(n=count)}</div></div>
            <div class="jdgm-rev-widg__reviews">
        {''.join(items)}
            </div>
          </div>
        </div></div>
      </div>"""


def _card_grid(site: Site, related: list[Related], title: str, style: str, ui: dict[str, str]) -> str:
    if not related:
        return ""
    cards = []
    for r in related:
        handle = r.handle or r.name.lower().replace(" ", "-").replace("/", "-")
        was = f'<s class="price-item price-item--regular">{_m(site, r.was)}</s> ' if r.was else ""
        badge = f'<span class="badge color-scheme-4">{esc(r.badge)}</span>' if r.badge else ""
        cards.append(
            f"""<li class="grid__item"><div class="card-wrapper product-card-wrapper underline-links-hover"><div class="card card--standard card--media"><div class="card__inner"><div class="card__media"><img src="//{site.domain}/cdn/shop/files/{handle}.jpg?width=533" alt="{esc(r.name)}" loading="lazy" width="533" height="533"></div><div class="card__badge bottom left">{badge}</div></div><div class="card__content"><div class="card__information"><h3 class="card__heading h5"><a href="/products/{handle}" class="full-unstyled-link">{esc(r.name)}</a></h3><div class="card-information"><div class="price{' price--on-sale' if r.was else ''}"><div class="price__container"><div class="price__regular"><span class="price-item price-item--regular">{was}{_m(site, r.price)}</span></div></div></div></div></div></div></div></div></li>"""
        )
    return f"""<div id="shopify-section-template--related" class="shopify-section">
        <product-recommendations class="related-products page-width section-template--related-padding isolate scroll-trigger animate--slide-in" data-section-id="template--related" data-product-id="8012345678901" data-limit="4">
          <h2 class="related-products__heading inline-richtext h2">{esc(title)}</h2>
          <ul class="grid product-grid grid--2-col-desktop grid--2-col-tablet-down" role="list">
        {''.join(cards)}
          </ul>
        </product-recommendations>
      </div>"""


# --------------------------------------------------------------------------------------------
# WooCommerce (Storefront-like theme, Yoast SEO)
# --------------------------------------------------------------------------------------------


def _woo_amount(site: Site, amount: float) -> str:
    symbol = {"GBP": "&pound;", "USD": "&#36;", "EUR": "&euro;", "CHF": "CHF"}[site.currency]
    number = money(amount, site.locale, symbol=False)
    if site.lang in ("en",):
        return f'<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">{symbol}</span>{number}</bdi></span>'
    return f'<span class="woocommerce-Price-amount amount"><bdi>{number}&nbsp;<span class="woocommerce-Price-currencySymbol">{symbol}</span></bdi></span>'


def woocommerce(site: Site, p: Product, s: State, data: set[str]) -> str:
    ui = ui_for(site.locale)
    url = f"https://{site.domain}/product/{p.handle}/"
    sale = s.was is not None and s.was > s.price
    if sale and s.was:
        price = (
            f'<p class="price"><del aria-hidden="true">{_woo_amount(site, s.was)}</del> '
            f'<span class="screen-reader-text">Original price was: {money(s.was, site.locale)}.</span>'
            f'<ins aria-hidden="true">{_woo_amount(site, s.price)}</ins>'
            f'<span class="screen-reader-text">Current price is: {money(s.price, site.locale)}.</span></p>'
        )
    else:
        price = f'<p class="price">{_woo_amount(site, s.price)}</p>'
    if s.stock == "in":
        stock = f'<p class="stock in-stock">{ui["in_stock"]}</p>'
    elif s.stock.startswith("low:"):
        stock = f'<p class="stock in-stock">{s.stock[4:]} {ui["in_stock"].lower()}</p>'
    elif s.stock == "backorder":
        stock = '<p class="stock available-on-backorder">Available on backorder</p>'
    else:
        stock = f'<p class="stock out-of-stock">{ui["out_of_stock"]}</p>'
    form = ""
    if s.available or s.stock == "backorder":
        form = f"""<form class="cart" action="{url}" method="post" enctype='multipart/form-data'>
          <div class="quantity"><label class="screen-reader-text" for="quantity_6651">{esc(p.title)} {ui['qty'].lower()}</label><input type="number" id="quantity_6651" class="input-text qty text" name="quantity" value="1" aria-label="Product quantity" min="1" step="1" placeholder="" inputmode="numeric" autocomplete="off" /></div>
          <button type="submit" name="add-to-cart" value="6651" class="single_add_to_cart_button button alt">{ui['add']}</button>
        </form>"""
    else:
        form = f"""<div class="cwg_popup_submit_wrapper"><a href="#" class="cwg_popup_submit button alt" data-product_id="6651">{ui['notify']}</a><p class="cwg_notice">{ui['notify_email']}</p></div>"""
    notice = f'<div class="woocommerce-product-details__notice"><p>{s.notice}</p></div>' if s.notice else ""
    graph = {
        "@context": "https://schema.org",
        "@graph": [
            {
                "@type": ["WebPage", "ItemPage"],
                "@id": url,
                "url": url,
                "name": f"{p.title} - {site.name}",
                "isPartOf": {"@id": f"https://{site.domain}/#website"},
                "datePublished": "2025-02-11T10:22:41+00:00",
                "dateModified": "2026-10-30T08:14:02+00:00",
                "breadcrumb": {"@id": f"{url}#breadcrumb"},
                "inLanguage": site.locale,
            },
            {
                "@type": "BreadcrumbList",
                "@id": f"{url}#breadcrumb",
                "itemListElement": [
                    {"@type": "ListItem", "position": i + 1, "name": n, "item": f"https://{site.domain}/"}
                    for i, n in enumerate([ui["home"], *p.category])
                ]
                + [{"@type": "ListItem", "position": len(p.category) + 2, "name": p.title}],
            },
            {
                "@type": "WebSite",
                "@id": f"https://{site.domain}/#website",
                "url": f"https://{site.domain}/",
                "name": site.name,
                "publisher": {"@id": f"https://{site.domain}/#organization"},
                "potentialAction": [
                    {
                        "@type": "SearchAction",
                        "target": {"@type": "EntryPoint", "urlTemplate": f"https://{site.domain}/?s={{search_term_string}}"},
                        "query-input": {"@type": "PropertyValueSpecification", "valueRequired": True, "valueName": "search_term_string"},
                    }
                ],
            },
            {
                "@type": "Organization",
                "@id": f"https://{site.domain}/#organization",
                "name": site.name,
                "url": f"https://{site.domain}/",
                "logo": {"@type": "ImageObject", "url": f"https://{site.domain}/wp-content/uploads/2024/03/logo.png"},
            },
        ],
    }
    yoast = jsonld(graph, cls="yoast-schema-graph")
    product_ld = ""
    if "jsonld" in data:
        offer = {
            "@type": "Offer",
            "price": plain(s.price),
            "priceValidUntil": "2027-12-31",
            "priceSpecification": {
                "price": plain(s.price),
                "priceCurrency": site.currency,
                "valueAddedTaxIncluded": "true",
            },
            "priceCurrency": site.currency,
            "availability": schema_availability(s.stock),
            "url": url,
            "seller": {"@type": "Organization", "name": site.name, "url": f"https://{site.domain}"},
        }
        product = {
            "@context": "https://schema.org/",
            "@type": "Product",
            "@id": f"{url}#product",
            "name": p.title,
            "url": url,
            "description": " ".join(p.description)[:200],
            "image": f"https://{site.domain}/wp-content/uploads/2025/02/{p.img}",
            "sku": p.sku,
            "offers": [offer],
        }
        reviews = s.reviews_extra + p.reviews
        if reviews:
            product["aggregateRating"] = {"@type": "AggregateRating", "ratingValue": f"{p.rating:.2f}", "reviewCount": p.rating_count or len(reviews)}
            product["review"] = [
                {
                    "@type": "Review",
                    "reviewRating": {"@type": "Rating", "ratingValue": str(r.rating), "bestRating": "5", "worstRating": "1"},
                    "author": {"@type": "Person", "name": r.author},
                    "reviewBody": r.body,
                    "datePublished": r.iso,
                }
                for r in reviews[:5]
            ]
        product_ld = jsonld(product)
    reviews_html = _woo_reviews(p, s, ui)
    related = _woo_related(site, s.related_override if s.related_override is not None else p.related, ui)
    crumbs = " &#47; ".join([f'<a href="https://{site.domain}/">{ui["home"]}</a>'] + [f'<a href="https://{site.domain}/product-category/{esc(c.lower().replace(" ", "-"))}/">{esc(c)}</a>' for c in p.category] + [esc(p.title)])
    specs = "".join(
        f'<tr class="woocommerce-product-attributes-item"><th class="woocommerce-product-attributes-item__label" scope="row">{esc(k)}</th><td class="woocommerce-product-attributes-item__value"><p>{esc(v)}</p></td></tr>'
        for k, v in p.specs
    )
    desc = "".join(f"<p>{d}</p>" for d in p.description)
    og = ""
    if "og" in data:
        og = f"""
<meta property="product:price:amount" content="{plain(s.price)}" />
<meta property="product:price:currency" content="{site.currency}" />"""
    return f"""<!DOCTYPE html>
<html lang="{site.locale}">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="profile" href="http://gmpg.org/xfn/11">
<meta name='robots' content='index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1' />

	<!-- This site is optimized with the Yoast SEO plugin v23.7 - https://yoast.com/wordpress/plugins/seo/ -->
	<title>{esc(p.title)} - {esc(site.name)}</title>
	<link rel="canonical" href="{url}" />
	<meta property="og:locale" content="{site.locale.replace('-', '_')}" />
	<meta property="og:type" content="article" />
	<meta property="og:title" content="{esc(p.title)} - {esc(site.name)}" />
	<meta property="og:description" content="{esc(' '.join(p.description)[:150])}" />
	<meta property="og:url" content="{url}" />
	<meta property="og:site_name" content="{esc(site.name)}" />
	<meta property="article:modified_time" content="2026-10-30T08:14:02+00:00" />
	<meta property="og:image" content="https://{site.domain}/wp-content/uploads/2025/02/{p.img}" />
	<meta name="twitter:card" content="summary_large_image" />{og}
	{yoast}
	<!-- / Yoast SEO plugin. -->

<link rel='dns-prefetch' href='//fonts.googleapis.com' />
<link rel="alternate" type="application/rss+xml" title="{esc(site.name)} &raquo; Feed" href="https://{site.domain}/feed/" />
<link rel='stylesheet' id='wp-block-library-css' href='https://{site.domain}/wp-includes/css/dist/block-library/style.min.css?ver=6.6.2' media='all' />
<link rel='stylesheet' id='storefront-style-css' href='https://{site.domain}/wp-content/themes/storefront/style.css?ver=4.6.0' media='all' />
<link rel='stylesheet' id='storefront-woocommerce-style-css' href='https://{site.domain}/wp-content/themes/storefront/assets/css/woocommerce/woocommerce.css?ver=4.6.0' media='all' />
<script src="https://{site.domain}/wp-includes/js/jquery/jquery.min.js?ver=3.7.1" id="jquery-core-js"></script>
<script id="wc-add-to-cart-js-extra">
var wc_add_to_cart_params = {{"ajax_url":"\\/wp-admin\\/admin-ajax.php","wc_ajax_url":"\\/?wc-ajax=%%endpoint%%","i18n_view_cart":"View basket","cart_url":"https:\\/\\/{site.domain}\\/basket\\/","is_cart":"","cart_redirect_after_add":"no"}};
</script>
<meta name="generator" content="WordPress 6.6.2" />
<meta name="generator" content="WooCommerce 9.4.2" />
	<noscript><style>.woocommerce-product-gallery{{ opacity: 1 !important; }}</style></noscript>
{analytics(site.gid)}
</head>

<body class="product-template-default single single-product postid-6651 wp-custom-logo wp-embed-responsive theme-storefront woocommerce woocommerce-page woocommerce-no-js storefront-align-wide right-sidebar woocommerce-active">

<div id="page" class="hfeed site">
	<header id="masthead" class="site-header" role="banner" style="">
		<div class="col-full">
		<a class="skip-link screen-reader-text" href="#site-navigation">Skip to navigation</a>
		<a class="skip-link screen-reader-text" href="#content">{ui['skip']}</a>
		<div class="site-branding"><a href="https://{site.domain}/" class="custom-logo-link" rel="home"><img width="470" height="110" src="https://{site.domain}/wp-content/uploads/2024/03/logo.png" class="custom-logo" alt="{esc(site.name)}" decoding="async" /></a></div>
		<div class="site-search"><div class="widget woocommerce widget_product_search"><form role="search" method="get" class="woocommerce-product-search" action="https://{site.domain}/"><label class="screen-reader-text" for="woocommerce-product-search-field-0">{ui['search']}:</label><input type="search" id="woocommerce-product-search-field-0" class="search-field" placeholder="{ui['search_ph']}" value="" name="s" /><button type="submit" value="{ui['search']}" class="">{ui['search']}</button><input type="hidden" name="post_type" value="product" /></form></div></div>
		</div>
		<div class="storefront-primary-navigation"><div class="col-full">
		<nav id="site-navigation" class="main-navigation" role="navigation" aria-label="Primary Navigation">
		<button id="site-navigation-menu-toggle" class="menu-toggle" aria-controls="site-navigation" aria-expanded="false"><span>{ui['menu']}</span></button>
			<div class="primary-navigation"><ul id="menu-main" class="menu">{''.join(f'<li class="menu-item menu-item-type-taxonomy menu-item-object-product_cat"><a href="https://{site.domain}/product-category/{esc(n.lower().replace(" ", "-"))}/">{esc(n)}</a></li>' for n in site.nav)}</ul></div>
		</nav>
		<ul id="site-header-cart" class="site-header-cart menu"><li class=""><a class="cart-contents" href="https://{site.domain}/basket/" title="View your shopping basket"><span class="woocommerce-Price-amount amount">{money(0, site.locale)}</span> <span class="count">0 items</span></a></li></ul>
		</div></div>
	</header><!-- #masthead -->
	<div class="storefront-handheld-footer-bar"></div>
	<div class="header-widget-region" role="complementary"><div class="col-full"><div class="widget widget_text"><div class="textwidget"><p>{esc(s.promo if s.promo is not None else site.promo)}</p></div></div></div></div>

	<div id="content" class="site-content" tabindex="-1">
		<div class="col-full">
		<div class="woocommerce"></div>
		<div id="primary" class="content-area">
			<main id="main" class="site-main" role="main">
				<nav class="woocommerce-breadcrumb" aria-label="Breadcrumb">{crumbs}</nav>
				<div class="woocommerce-notices-wrapper"></div>
				<div id="product-6651" class="product type-product post-6651 status-publish first {'instock' if s.available else 'outofstock'} product_cat-{esc(p.category[-1].lower().replace(' ', '-'))} has-post-thumbnail {'sale ' if sale else ''}shipping-taxable purchasable product-type-simple">
	{'<span class="onsale">' + ui['sale'] + '!</span>' if sale else ''}
	<div class="woocommerce-product-gallery woocommerce-product-gallery--with-images woocommerce-product-gallery--columns-4 images" data-columns="4" style="opacity: 0; transition: opacity .25s ease-in-out;">
		<div class="woocommerce-product-gallery__wrapper"><div data-thumb="https://{site.domain}/wp-content/uploads/2025/02/{p.img}" class="woocommerce-product-gallery__image"><a href="https://{site.domain}/wp-content/uploads/2025/02/{p.img}"><img width="600" height="600" src="https://{site.domain}/wp-content/uploads/2025/02/{p.img}" class="wp-post-image" alt="{esc(p.title)}" decoding="async" /></a></div></div>
	</div>
	<div class="summary entry-summary">
		<h1 class="product_title entry-title">{esc(p.title)}</h1>
		<div class="woocommerce-product-rating"><div class="star-rating" role="img" aria-label="Rated {p.rating:.2f} out of 5"><span style="width:{p.rating * 20:.0f}%">Rated <strong class="rating">{p.rating:.2f}</strong> out of 5</span></div><a href="#reviews" class="woocommerce-review-link" rel="nofollow">(<span class="count">{p.rating_count or len(p.reviews)}</span> customer reviews)</a></div>
		{price}
		<div class="woocommerce-product-details__short-description"><p>{p.description[0]}</p></div>
		{notice}
		{stock}
		{form}
		{s.extra}
		<div class="product_meta">
			<span class="sku_wrapper">{ui['sku']}: <span class="sku">{esc(p.sku)}</span></span>
			<span class="posted_in">Category: <a href="https://{site.domain}/product-category/{esc(p.category[-1].lower().replace(' ', '-'))}/" rel="tag">{esc(p.category[-1])}</a></span>
		</div>
	</div>
	<div class="woocommerce-tabs wc-tabs-wrapper">
		<ul class="tabs wc-tabs" role="tablist">
			<li class="description_tab" id="tab-title-description" role="tab" aria-controls="tab-description"><a href="#tab-description">{ui['description']}</a></li>
			<li class="additional_information_tab" id="tab-title-additional_information" role="tab" aria-controls="tab-additional_information"><a href="#tab-additional_information">Additional information</a></li>
			<li class="reviews_tab" id="tab-title-reviews" role="tab" aria-controls="tab-reviews"><a href="#tab-reviews">{ui['reviews']} ({len(s.reviews_extra + p.reviews)})</a></li>
		</ul>
		<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--description panel entry-content wc-tab" id="tab-description" role="tabpanel" aria-labelledby="tab-title-description">
			<h2>{ui['description']}</h2>
			{desc}
		</div>
		<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--additional_information panel entry-content wc-tab" id="tab-additional_information" role="tabpanel" aria-labelledby="tab-title-additional_information">
			<h2>Additional information</h2>
			<table class="woocommerce-product-attributes shop_attributes" aria-label="Product Details">{specs}</table>
		</div>
		{reviews_html}
	</div>
	{p.extra}
	{related}
				</div>
			</main><!-- #main -->
		</div><!-- #primary -->
		</div><!-- .col-full -->
	</div><!-- #content -->

	<footer id="colophon" class="site-footer" role="contentinfo">
		<div class="col-full">
			<div class="footer-widgets row-1 col-4 fix">{_footer_columns(site)}</div>
			<div class="site-info">&copy; {esc(site.name)} 2026 {esc(site.legal)}<br /><a class="privacy-policy-link" href="https://{site.domain}/privacy-policy/" rel="privacy-policy">Privacy Policy</a></div>
		</div>
	</footer><!-- #colophon -->
</div><!-- #page -->
{cookie_banner(site.cookie, site.lang, site.name)}
{product_ld}
<script type="text/javascript">
	(function () {{
		var c = document.body.className;
		c = c.replace(/woocommerce-no-js/, 'woocommerce-js');
		document.body.className = c;
	}})();
</script>
<script src="https://{site.domain}/wp-content/plugins/woocommerce/assets/js/frontend/add-to-cart.min.js?ver=9.4.2" id="wc-add-to-cart-js" defer data-wp-strategy="defer"></script>
<script src="https://{site.domain}/wp-content/plugins/woocommerce/assets/js/frontend/single-product.min.js?ver=9.4.2" id="wc-single-product-js" defer data-wp-strategy="defer"></script>
</body>
</html>
"""


def _woo_reviews(p: Product, s: State, ui: dict[str, str]) -> str:
    reviews = s.reviews_extra + p.reviews
    items = "".join(
        f"""<li class="review byuser comment-author-{esc(r.author.lower().split()[0])} even thread-even depth-1" id="li-comment-{900 + i}">
				<div id="comment-{900 + i}" class="comment_container">
					<img alt='' src='https://secure.gravatar.com/avatar/{i:032x}?s=60&#038;d=mm&#038;r=g' class='avatar avatar-60 photo' height='60' width='60' loading='lazy' decoding='async'/>
					<div class="comment-text">
						<div class="star-rating" role="img" aria-label="Rated {r.rating} out of 5"><span style="width:{r.rating * 20}%">Rated <strong class="rating">{r.rating}</strong> out of 5</span></div>
						<p class="meta"><strong class="woocommerce-review__author">{esc(r.author)} </strong><em class="woocommerce-review__verified verified">({ui['verified'].lower()})</em> <span class="woocommerce-review__dash">&ndash;</span> <time class="woocommerce-review__published-date" datetime="{r.iso}T09:14:00+00:00">{esc(r.date)}</time></p>
						<div class="description"><p><strong>{esc(r.title)}</strong> {esc(r.body)}</p></div>
					</div>
				</div>
			</li>"""
        for i, r in enumerate(reviews)
    )
    return f"""<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--reviews panel entry-content wc-tab" id="tab-reviews" role="tabpanel" aria-labelledby="tab-title-reviews">
			<div id="reviews" class="woocommerce-Reviews">
				<div id="comments"><h2 class="woocommerce-Reviews-title">{len(reviews)} reviews for <span>{esc(p.title)}</span></h2>
					<ol class="commentlist">{items}</ol>
				</div>
				<div id="review_form_wrapper"><div id="review_form"><div id="respond" class="comment-respond"><span id="reply-title" class="comment-reply-title">Add a review</span><p class="must-log-in">You must be <a href="https://www.example.org/my-account/">logged in</a> to post a review.</p></div></div></div>
				<div class="clear"></div>
			</div>
		</div>"""


def _woo_related(site: Site, related: list[Related], ui: dict[str, str]) -> str:
    if not related:
        return ""
    items = []
    for i, r in enumerate(related):
        handle = r.handle or r.name.lower().replace(" ", "-")
        price = (
            f'<del aria-hidden="true">{_woo_amount(site, r.was)}</del> <ins aria-hidden="true">{_woo_amount(site, r.price)}</ins>'
            if r.was
            else _woo_amount(site, r.price)
        )
        sale = f'<span class="onsale">{ui["sale"]}!</span>' if r.was else ""
        items.append(
            f"""<li class="product type-product post-{7000 + i} status-publish instock has-post-thumbnail shipping-taxable purchasable product-type-simple">
	<a href="https://{site.domain}/product/{handle}/" class="woocommerce-LoopProduct-link woocommerce-loop-product__link"><img width="324" height="324" src="https://{site.domain}/wp-content/uploads/2025/01/{handle}-324x324.jpg" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="{esc(r.name)}" decoding="async" loading="lazy" />{sale}<h2 class="woocommerce-loop-product__title">{esc(r.name)}</h2><span class="price">{price}</span></a><a href="?add-to-cart={7000 + i}" aria-describedby="woocommerce_loop_add_to_cart_link_describedby_{7000 + i}" data-quantity="1" class="button product_type_simple add_to_cart_button ajax_add_to_cart" data-product_id="{7000 + i}" rel="nofollow">{ui['add']}</a></li>"""
        )
    return f"""<section class="related products">
					<h2>{ui['related']}</h2>
				<ul class="products columns-4">
{''.join(items)}
			</ul>
	</section>"""
