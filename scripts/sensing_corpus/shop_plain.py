"""Shops without schema.org data: an independent retailer's own templates, and a headless
shop built on Next.js (its state in ``__NEXT_DATA__``, which is not schema.org)."""

from __future__ import annotations

import json

from common import analytics, cookie_banner, esc, money, stable
from shop_model import Product, Site, State
from shop_ui import stars, ui_for


def _m(site: Site, amount: float) -> str:
    return money(amount, site.locale)


def _items(links: list[str], prefix: str) -> str:
    return "".join(f'<li><a href="{prefix}{esc(x.lower().replace(" ", "-"))}">{esc(x)}</a></li>' for x in links)


def indie(site: Site, p: Product, s: State, data: set[str]) -> str:
    """A small shop's hand-built pages: Bootstrap 4, jQuery, a table of specs."""
    ui = ui_for(site.locale)
    sale = s.was is not None and s.was > s.price
    if s.available:
        stock = f'<span class="badge badge-success stock-badge">{ui["in_stock"]}</span>'
        if s.stock.startswith("low:"):
            stock = f'<span class="badge badge-warning stock-badge">{ui["low"].format(n=s.stock[4:])}</span>'
        button = f'<button type="submit" class="btn btn-lg btn-primary btn-block" name="add">{ui["add"]}</button>'
    elif s.stock == "preorder":
        stock = f'<span class="badge badge-info stock-badge">{ui["preorder"]}</span>'
        button = f'<button type="submit" class="btn btn-lg btn-info btn-block" name="preorder">{ui["preorder"]}</button>'
    else:
        stock = f'<span class="badge badge-secondary stock-badge">{ui["unavailable"]}</span>'
        button = f'<button type="button" class="btn btn-lg btn-outline-secondary btn-block" data-toggle="modal" data-target="#stockAlert">{ui["notify"]}</button>'
    was = f'<span class="price-was"><del>{_m(site, s.was)}</del></span> ' if sale and s.was else ""
    save = f'<span class="price-save">{ui["save"].format(amount=_m(site, round(s.was - s.price, 2)))}</span>' if sale and s.was else ""
    notice = f'<div class="alert alert-warning mt-3 mb-0" role="alert">{s.notice}</div>' if s.notice else ""
    reviews = s.reviews_extra + p.reviews
    review_html = "".join(
        f"""<div class="media review mb-4"><div class="media-body"><h5 class="mt-0 mb-1">{esc(r.title)} <small class="text-warning">{stars(r.rating)}</small></h5><p class="small text-muted mb-1">{esc(r.author)} &middot; {esc(r.date)}</p><p>{esc(r.body)}</p></div></div>"""
        for r in reviews
    )
    related = s.related_override if s.related_override is not None else p.related
    related_html = "".join(
        f"""<div class="col-6 col-md-3"><div class="card h-100 border-0"><a href="/product/{esc(r.handle or r.name.lower().replace(' ', '-'))}"><img class="card-img-top" src="/images/products/thumbs/{esc(r.handle or 'item')}.jpg" alt="{esc(r.name)}" loading="lazy"></a><div class="card-body px-0"><h6 class="card-title"><a href="/product/{esc(r.handle or r.name.lower().replace(' ', '-'))}">{esc(r.name)}</a></h6><p class="card-text">{f'<del class="text-muted small">{_m(site, r.was)}</del> ' if r.was else ''}<strong>{_m(site, r.price)}</strong></p></div></div></div>"""
        for r in related
    )
    specs = "".join(f"<tr><td class=\"w-40 text-muted\">{esc(k)}</td><td>{esc(v)}</td></tr>" for k, v in p.specs)
    desc = "".join(f"<p>{d}</p>" for d in p.description)
    viewers = f'<p class="small text-danger mt-2"><i class="fa fa-eye"></i> {ui["viewers"].format(n=s.viewers)}</p>' if s.viewers else ""
    return f"""<!DOCTYPE html>
<html lang="{site.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no">
<title>{esc(p.title)} | {esc(site.name)}</title>
<meta name="description" content="{esc(' '.join(p.description)[:155])}">
<meta property="og:title" content="{esc(p.title)}">
<meta property="og:site_name" content="{esc(site.name)}">
<meta property="og:image" content="https://{site.domain}/images/products/{p.img}">
<link rel="stylesheet" href="/assets/css/bootstrap.min.css?v=4.6.2">
<link rel="stylesheet" href="/assets/css/font-awesome.min.css">
<link rel="stylesheet" href="/assets/css/site.css?v=20261019">
<link rel="icon" href="/favicon.ico">
{analytics(site.gid)}
</head>
<body class="page-product">
<div class="topbar bg-dark text-white small py-1"><div class="container d-flex justify-content-between"><span>{esc(s.promo if s.promo is not None else site.promo)}</span><span>{esc(site.phone)}</span></div></div>
<nav class="navbar navbar-expand-lg navbar-light bg-white border-bottom">
  <div class="container">
    <a class="navbar-brand font-weight-bold" href="/">{esc(site.name)}</a>
    <button class="navbar-toggler" type="button" data-toggle="collapse" data-target="#mainNav" aria-controls="mainNav" aria-expanded="false" aria-label="{ui['menu']}"><span class="navbar-toggler-icon"></span></button>
    <div class="collapse navbar-collapse" id="mainNav">
      <ul class="navbar-nav mr-auto">{''.join(f'<li class="nav-item"><a class="nav-link" href="/category/{esc(n.lower().replace(" ", "-"))}">{esc(n)}</a></li>' for n in site.nav)}</ul>
      <form class="form-inline my-2 my-lg-0" action="/search" method="get"><input class="form-control mr-sm-2" type="search" name="q" placeholder="{ui['search_ph']}" aria-label="{ui['search']}"></form>
      <a class="btn btn-outline-dark ml-2" href="/basket"><i class="fa fa-shopping-basket"></i> {ui['cart']} (0)</a>
    </div>
  </div>
</nav>
<div class="container mt-3">
  <nav aria-label="breadcrumb"><ol class="breadcrumb bg-transparent px-0">{''.join(f'<li class="breadcrumb-item"><a href="/category/{esc(c.lower().replace(" ", "-"))}">{esc(c)}</a></li>' for c in p.category)}<li class="breadcrumb-item active" aria-current="page">{esc(p.title)}</li></ol></nav>
  <div class="row">
    <div class="col-md-6"><img src="/images/products/{p.img}" class="img-fluid rounded" alt="{esc(p.title)}"></div>
    <div class="col-md-6">
      <p class="text-uppercase text-muted small mb-1">{esc(p.brand)}</p>
      <h1 class="h2">{esc(p.title)}</h1>
      <p class="small text-muted">{ui['sku']}: {esc(p.sku)}{f' &middot; EAN {esc(p.gtin)}' if p.gtin else ''}</p>
      <div class="price-block my-3">{was}<span class="price-now h3 font-weight-bold">{_m(site, s.price)}</span> <small class="text-muted">{ui['vat']}</small> {save}</div>
      <p>{stock}</p>
      {notice}
      <form action="/basket/add" method="post" class="mt-3"><input type="hidden" name="product_id" value="{stable(p.sku) % 90000 + 10000}"><input type="hidden" name="csrf" value="c1f9e0d8a7b6"><div class="form-row"><div class="col-3"><input type="number" class="form-control form-control-lg" name="qty" value="1" min="1" aria-label="{ui['qty']}"></div><div class="col-9">{button}</div></div></form>
      {viewers}
      <p class="small mt-3"><i class="fa fa-truck"></i> {esc(s.delivery or ui['delivery'].format(amount=_m(site, 50)))}</p>
      {s.extra}
    </div>
  </div>
  <div class="row mt-5">
    <div class="col-lg-8">
      <h2 class="h4">{ui['description']}</h2>
      {desc}
      <h2 class="h4 mt-4">{ui['specs']}</h2>
      <table class="table table-sm">{specs}</table>
      {p.extra}
      <h2 class="h4 mt-4" id="reviews">{ui['reviews']} <small class="text-muted">({len(reviews)})</small></h2>
      {review_html}
    </div>
  </div>
  <h2 class="h4 mt-4">{ui['related']}</h2>
  <div class="row">{related_html}</div>
</div>
<div class="modal fade" id="stockAlert" tabindex="-1" role="dialog" aria-hidden="true"><div class="modal-dialog" role="document"><div class="modal-content"><div class="modal-body"><p>{ui['notify_email']}</p><input type="email" class="form-control" placeholder="{ui['email']}"></div></div></div></div>
<footer class="bg-light mt-5 py-5 border-top"><div class="container"><div class="row">{''.join(f'<div class="col-md-3"><h6 class="text-uppercase">{esc(t)}</h6><ul class="list-unstyled small">{_items(links, "/info/")}</ul></div>' for t, links in site.footer)}<div class="col-md-3"><h6 class="text-uppercase">Newsletter</h6><p class="small">{ui['newsletter']}</p><form class="form-inline"><input type="email" class="form-control form-control-sm mr-2" placeholder="{ui['email']}"><button class="btn btn-sm btn-dark">{ui['subscribe']}</button></form></div></div><p class="small text-muted mt-4 mb-0">&copy; 2026 {esc(site.name)}. {esc(site.legal)} {ui['rights']}</p></div></footer>
{cookie_banner(site.cookie, site.lang, site.name)}
<script src="/assets/js/jquery-3.7.1.min.js"></script>
<script src="/assets/js/bootstrap.bundle.min.js"></script>
<script src="/assets/js/site.js?v=20261019"></script>
</body>
</html>
"""


def nextshop(site: Site, p: Product, s: State, data: set[str]) -> str:
    """A headless shop: server-rendered React with the page's props in ``__NEXT_DATA__``."""
    ui = ui_for(site.locale)
    sale = s.was is not None and s.was > s.price
    props = {
        "props": {
            "pageProps": {
                "product": {
                    "id": f"prod_{stable(p.sku) % 10**10:010d}",
                    "slug": p.handle,
                    "name": p.title,
                    "brand": p.brand,
                    "sku": p.sku,
                    "pricing": {
                        "current": {"amount": round(s.price * 100), "currencyCode": site.currency, "formatted": _m(site, s.price)},
                        "compareAt": {"amount": round(s.was * 100), "currencyCode": site.currency, "formatted": _m(site, s.was)} if sale and s.was else None,
                        "lowestPrice30Days": {"amount": round(min(s.price, s.was or s.price) * 100), "currencyCode": site.currency},
                    },
                    "inventory": {"status": "IN_STOCK" if s.available else ("PRE_ORDER" if s.stock == "preorder" else "OUT_OF_STOCK"), "quantityBand": s.stock[4:] if s.stock.startswith("low:") else None},
                    "variants": [{"name": v, "available": (s.of(v) == "in" or s.of(v).startswith("low:"))} for v in p.variants],
                    "rating": {"average": p.rating, "count": p.rating_count or len(p.reviews)},
                },
                "recommendations": [
                    {"name": r.name, "price": {"formatted": _m(site, r.price), "amount": round(r.price * 100)}}
                    for r in (s.related_override if s.related_override is not None else p.related)
                ],
                "_nextI18Next": {"initialLocale": site.locale, "userConfig": None},
            },
            "__N_SSP": True,
        },
        "page": "/products/[slug]",
        "query": {"slug": p.handle},
        "buildId": "k2Rz8vN0qQ1xYb7TgW3mL",
        "isFallback": False,
        "gssp": True,
        "locale": site.locale,
        "locales": [site.locale],
        "scriptLoader": [],
    }
    if s.available:
        cta = f'<button class="Button_root__primary__x1Ab ProductActions_add__Qw3e" type="button">{ui["add_us"]}</button>'
        avail = f'<p class="ProductAvailability_inStock__T2pZ"><span aria-hidden="true">●</span> {ui["low"].format(n=s.stock[4:]) if s.stock.startswith("low:") else ui["in_stock"]}</p>'
    elif s.stock == "preorder":
        cta = f'<button class="Button_root__primary__x1Ab ProductActions_add__Qw3e" type="button">{ui["preorder"]}</button>'
        avail = f'<p class="ProductAvailability_preorder__R8kL">{ui["preorder"]}</p>'
    else:
        cta = f'<button class="Button_root__secondary__Zz9c ProductActions_notify__Lm2a" type="button">{ui["notify"]}</button>'
        avail = f'<p class="ProductAvailability_outOfStock__M1nB">{ui["sold_out"]}</p>'
    variants = ""
    if p.variants:
        variants = '<fieldset class="VariantPicker_root__Pp0q"><legend>' + esc(p.variant_label) + "</legend>" + "".join(
            f'<button type="button" class="VariantPicker_option__Aa1b{" VariantPicker_selected__Cc3d" if v == (s.selected or p.variants[0]) else ""}{"" if (s.of(v) == "in" or s.of(v).startswith("low:")) else " VariantPicker_unavailable__Ee5f"}" aria-pressed="{"true" if v == (s.selected or p.variants[0]) else "false"}">{esc(v)}{"" if (s.of(v) == "in" or s.of(v).startswith("low:")) else " – " + ui["sold_out"]}</button>'
            for v in p.variants
        ) + "</fieldset>"
    reviews = s.reviews_extra + p.reviews
    review_html = "".join(
        f'<li class="Reviews_item__Hh7i"><div class="Reviews_meta__Jj8k"><span class="Reviews_stars__Kk9l" aria-label="{r.rating} out of 5">{stars(r.rating)}</span> <strong>{esc(r.title)}</strong></div><p>{esc(r.body)}</p><p class="Reviews_byline__Ll0m">{esc(r.author)}, {esc(r.date)}</p></li>'
        for r in reviews
    )
    related = s.related_override if s.related_override is not None else p.related
    related_html = "".join(
        f'<li class="ProductCard_root__Nn1o"><a href="/products/{esc(r.handle or r.name.lower().replace(" ", "-"))}"><img alt="{esc(r.name)}" loading="lazy" width="300" height="300" decoding="async" src="/_next/image?url=%2Fimages%2F{esc(r.handle or "item")}.jpg&amp;w=640&amp;q=75"><span class="ProductCard_name__Oo2p">{esc(r.name)}</span><span class="ProductCard_price__Pp3q">{f"<s>{_m(site, r.was)}</s> " if r.was else ""}{_m(site, r.price)}</span></a></li>'
        for r in related
    )
    notice = f'<div class="Notice_root__Qq4r" role="status">{s.notice}</div>' if s.notice else ""
    desc = "".join(f"<p>{d}</p>" for d in p.description)
    specs = "".join(f"<div class=\"Specs_row__Rr5s\"><dt>{esc(k)}</dt><dd>{esc(v)}</dd></div>" for k, v in p.specs)
    return f"""<!DOCTYPE html><html lang="{site.locale}"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><title>{esc(p.title)} | {esc(site.name)}</title><meta name="description" content="{esc(' '.join(p.description)[:155])}"/><meta property="og:title" content="{esc(p.title)} | {esc(site.name)}"/><meta property="og:type" content="website"/><meta property="og:image" content="https://{site.domain}/images/{p.img}"/><link rel="canonical" href="https://{site.domain}/products/{p.handle}"/><meta name="next-head-count" content="8"/><link rel="preload" href="/_next/static/css/4b1e0f2c9a7d3e58.css" as="style"/><link rel="stylesheet" href="/_next/static/css/4b1e0f2c9a7d3e58.css" data-n-g=""/><noscript data-n-css=""></noscript><script defer="" nomodule="" src="/_next/static/chunks/polyfills-42372ed130431b0a.js"></script><script src="/_next/static/chunks/webpack-8f2a9b1c3d4e5f60.js" defer=""></script><script src="/_next/static/chunks/framework-0c7baedefba6b077.js" defer=""></script><script src="/_next/static/chunks/main-1f2e3d4c5b6a7980.js" defer=""></script><script src="/_next/static/chunks/pages/_app-9a8b7c6d5e4f3021.js" defer=""></script><script src="/_next/static/chunks/pages/products/%5Bslug%5D-2b3c4d5e6f708192.js" defer=""></script>{analytics(site.gid)}</head><body><div id="__next"><div class="Layout_root__Ss6t"><div class="PromoBar_root__Tt7u" role="region" aria-label="Promotions"><p>{esc(s.promo if s.promo is not None else site.promo)}</p></div><header class="Header_root__Uu8v"><a class="Header_logo__Vv9w" href="/">{esc(site.name)}</a><nav class="Header_nav__Ww0x" aria-label="Main"><ul>{''.join(f'<li><a href="/collections/{esc(n.lower().replace(" ", "-"))}">{esc(n)}</a></li>' for n in site.nav)}</ul></nav><div class="Header_actions__Xx1y"><button type="button" aria-label="{ui['search']}" class="Header_search__Yy2z">{ui['search']}</button><a href="/account" aria-label="{ui['account']}">{ui['account']}</a><a href="/cart" aria-label="{ui['cart_us']}">{ui['cart_us']} (0)</a></div></header><main class="ProductPage_root__Zz3a"><nav aria-label="Breadcrumb" class="Breadcrumbs_root__Ab4c"><ol>{''.join(f'<li><a href="/collections/{esc(c.lower().replace(" ", "-"))}">{esc(c)}</a></li>' for c in p.category)}<li aria-current="page">{esc(p.title)}</li></ol></nav><div class="ProductPage_grid__Bc5d"><div class="Gallery_root__Cd6e"><img alt="{esc(p.title)}" fetchpriority="high" width="1200" height="1200" decoding="async" src="/_next/image?url=%2Fimages%2F{p.img}&amp;w=1920&amp;q=75"/></div><section class="ProductInfo_root__De7f"><p class="ProductInfo_brand__Ef8g">{esc(p.brand)}</p><h1 class="ProductInfo_title__Fg9h">{esc(p.title)}</h1><div class="ProductInfo_rating__Gh0i"><span aria-hidden="true">{stars(p.rating)}</span> <a href="#reviews">{ui['reviews_n'].format(n=p.rating_count or len(p.reviews))}</a></div><div class="Price_root__Hi1j">{f'<span class="Price_compare__Ij2k"><s>{_m(site, s.was)}</s></span>' if sale and s.was else ''}<span class="Price_current__Jk3l{' Price_sale__Kl4m' if sale else ''}">{_m(site, s.price)}</span></div><p class="Price_tax__Lm5n">{ui['tax_incl']}</p>{variants}{avail}{notice}<div class="ProductActions_root__Mn6o">{cta}</div>{s.extra}<div class="Accordion_root__No7p"><details open=""><summary>{ui['description']}</summary><div>{desc}</div></details><details><summary>{ui['specs']}</summary><dl class="Specs_root__Op8q">{specs}</dl></details></div></section></div>{p.extra}<section id="reviews" class="Reviews_root__Pq9r"><h2>{ui['reviews']}</h2><ul>{review_html}</ul></section><section class="Recommendations_root__Qr0s"><h2>{ui['related_alt']}</h2><ul class="Recommendations_list__Rs1t">{related_html}</ul></section></main><footer class="Footer_root__St2u"><div class="Footer_columns__Tu3v">{''.join(f'<div><h3>{esc(t)}</h3><ul>{_items(links, "/pages/")}</ul></div>' for t, links in site.footer)}</div><p class="Footer_legal__Uv4w">© 2026 {esc(site.name)}. {esc(site.legal)}</p></footer></div></div>{cookie_banner(site.cookie, site.lang, site.name)}<script id="__NEXT_DATA__" type="application/json">{json.dumps(props, ensure_ascii=False)}</script></body></html>
"""
