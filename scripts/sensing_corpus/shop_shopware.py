"""A product page as Shopware 6 renders it, in German."""

from __future__ import annotations

from common import analytics, cookie_banner, esc, jsonld, money
from shop_magento import _links, _m
from shop_model import Product, Site, State, schema_availability
from shop_ui import stars, ui_for


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
