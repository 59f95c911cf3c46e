"""A product page as PrestaShop 8 on the Classic theme renders it, in French or Spanish."""

from __future__ import annotations

import json

from common import analytics, cookie_banner, esc, jsonld, money, plain
from shop_magento import _links, _m
from shop_model import Product, Site, State, schema_availability
from shop_ui import stars, ui_for


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
