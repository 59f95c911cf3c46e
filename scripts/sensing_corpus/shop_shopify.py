"""A product page as a Shopify store on the Dawn theme renders it (Judge.me reviews, Klaviyo's
back-in-stock button, the analytics ``meta`` with prices in pence)."""

from __future__ import annotations

import json

from common import analytics, cookie_banner, esc, jsonld, money, plain, stable
from shop_model import Product, Related, Site, State, schema_availability
from shop_ui import stars, ui_for


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
