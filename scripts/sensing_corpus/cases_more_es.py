"""More Spanish cases: a supermarket with prices per litre, a marketplace with a seller pricing
in pounds, a Shopify shop with colour variants, a download page, a Statuspage summary with two
incidents, a padel club's court grid, a town hall's recruitment notices, a ferry operator's
line status and a book fair's page."""

from __future__ import annotations

import json

from common import NBSP, Case, analytics, cookie_banner, esc, jsonld, stable
from marketplace import Listing, Seller, marketplace_page


def eur(amount: float) -> str:
    """A price as a Spanish shop prints it: ``1.249,90 €``."""
    whole, frac = f"{amount:,.2f}".split(".")
    return whole.replace(",", ".") + "," + frac + NBSP + "€"


# -- SuperCompra: a supermarket, prices per litre ------------------------------------------------


def supercompra() -> Case:
    def page(price: float, promo: str) -> str:
        ld = {"@context": "https://schema.org/", "@type": "Product", "name": "Aceite de oliva virgen extra Hojiblanca 1 l.", "image": "https://static.supercompra.es/img/p/8410010213342.jpg", "sku": "8410010213342", "gtin13": "8410010213342", "brand": {"@type": "Brand", "name": "Hojiblanca"}, "offers": {"@type": "Offer", "url": "https://www.supercompra.es/supermercado/aceite-de-oliva-virgen-extra-hojiblanca-1-l/R-521006813/p", "priceCurrency": "EUR", "price": f"{price:.2f}", "availability": "https://schema.org/InStock"}}
        return f"""<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Aceite de oliva virgen extra Hojiblanca 1 l. | SuperCompra Supermercado</title>
<meta name="description" content="Compra online Aceite de oliva virgen extra Hojiblanca 1 l. en SuperCompra. Envío a domicilio en el día o recogida en tienda.">
<link rel="canonical" href="https://www.supercompra.es/supermercado/aceite-de-oliva-virgen-extra-hojiblanca-1-l/R-521006813/p">
{jsonld(ld)}
<link rel="stylesheet" href="https://static.supercompra.es/supermercado/pdp.5c8a21.css">
</head>
<body class="pdp">
{cookie_banner("onetrust", "es", "SuperCompra")}
<header class="header"><div class="header__top">Envío gratis en tu primer pedido online superior a 60 € · Recogida en tienda en 2 horas</div><div class="header__main"><a class="header__logo" href="/supermercado/">SuperCompra</a><form class="header__search" action="/supermercado/buscar" role="search"><input type="search" name="q" placeholder="Buscar en el súper" aria-label="Buscar"><button type="submit">Buscar</button></form><a href="/supermercado/cp">Código postal: 41010</a> <a href="/mi-cuenta">Mi cuenta</a> <a class="header__cart" href="/supermercado/carrito">Carrito 0,00{NBSP}€</a></div><nav class="header__nav"><ul><li><a href="/supermercado/frescos/">Frescos</a></li><li><a href="/supermercado/la-despensa/">La despensa</a></li><li><a href="/supermercado/bebidas/">Bebidas</a></li><li><a href="/supermercado/limpieza-y-hogar/">Limpieza y hogar</a></li><li><a href="/supermercado/ofertas/">Ofertas</a></li></ul></nav></header>
<main class="pdp__main">
<ol class="breadcrumb"><li><a href="/supermercado/la-despensa/">La despensa</a></li><li><a href="/supermercado/la-despensa/aceites-y-vinagres/">Aceites, vinagres y aliños</a></li><li><a href="/supermercado/la-despensa/aceites-y-vinagres/aceite-de-oliva-virgen-extra/">Aceite de oliva virgen extra</a></li></ol>
<section class="product-header">
<div class="product-header__image"><img src="https://static.supercompra.es/img/p/8410010213342.jpg" alt="Aceite de oliva virgen extra Hojiblanca 1 l." width="400" height="400"></div>
<div class="product-header__info">
<h1 class="product-header__name">Aceite de oliva virgen extra Hojiblanca 1 l.</h1>
<div class="buybox"><div class="buybox__price-container"><span class="buybox__price">{eur(price)}</span><span class="buybox__price-per-unit">{eur(price)}/l</span></div>{promo}<div class="buybox__actions"><button type="button" class="add-to-cart-button">Añadir</button></div></div>
<p class="product-header__info-text">Precios válidos para compra online en el código postal seleccionado. El precio en tienda puede variar.</p>
</div>
</section>
<section class="product-details"><h2>Información del producto</h2><dl><dt>Denominación</dt><dd>Aceite de oliva virgen extra</dd><dt>Variedad</dt><dd>100 % hojiblanca</dd><dt>Origen</dt><dd>España (Andalucía)</dd><dt>Conservación</dt><dd>Conservar en lugar fresco y seco, protegido de la luz.</dd><dt>Operador</dt><dd>Hojiblanca S.C.A., Antequera (Málaga)</dd></dl></section>
<section class="related"><h2>Productos relacionados</h2><ul class="related__list">
<li class="product-card"><a href="/supermercado/aceite-de-oliva-virgen-extra-hojiblanca-garrafa-5-l/R-521006820/p">Aceite de oliva virgen extra Hojiblanca garrafa 5 l.</a><p class="product-card__price">{eur(32.50)}</p><p class="product-card__price-per-unit">{eur(6.50)}/l</p></li>
<li class="product-card"><a href="/supermercado/aceite-de-oliva-virgen-extra-supercompra-1-l/R-521001199/p">Aceite de oliva virgen extra SuperCompra 1 l.</a><p class="product-card__price">{eur(6.49)}</p><p class="product-card__price-per-unit">{eur(6.49)}/l</p></li>
<li class="product-card"><a href="/supermercado/aceite-de-oliva-suave-hojiblanca-1-l/R-521006790/p">Aceite de oliva suave Hojiblanca 1 l.</a><p class="product-card__price">{eur(7.15)}</p><p class="product-card__price-per-unit">{eur(7.15)}/l</p></li>
</ul></section>
<section class="reviews"><h2>Opiniones</h2><p>4,7 de 5 (389 opiniones)</p><article><p class="reviews__meta">Rocío · 12/01/2027</p><p>Muy bueno para tostadas. Hace un año lo pagaba a 5,99 €, ahora está carísimo.</p></article></section>
</main>
<footer class="footer"><ul><li><a href="/ayuda/envios">Envíos y recogida</a></li><li><a href="/ayuda/devoluciones">Devoluciones</a></li><li><a href="/aviso-legal">Aviso legal</a></li><li><a href="/privacidad">Política de privacidad</a></li><li><a href="/cookies">Política de cookies</a></li></ul><p>© 2027 SuperCompra Supermercados, S.A.</p></footer>
{analytics("SCP2R8A5E3")}
</body>
</html>
"""

    promo_before = f'<div class="buybox__promo"><span class="badge badge--promo">2ª unidad al 50%</span> <span class="buybox__promo-text">Promoción válida hasta el 24/01/2027. Precio por unidad comprando 2: {eur(6.34)}</span></div>'
    promo_after = f'<div class="buybox__promo"><span class="buybox__strikethrough">Antes {eur(8.45)}</span> <span class="badge badge--promo">Precio rebajado</span> <span class="buybox__promo-text">Oferta válida hasta el 14/02/2027.</span></div>'
    before = page(8.45, promo_before)
    after = page(6.95, promo_after)
    return Case(
        "supercompra-aceite-hojiblanca-1l-menos-de-7",
        "Avísame cuando el aceite de oliva virgen extra Hojiblanca de 1 litro baje de 7 euros en SuperCompra",
        "es",
        "price",
        False,
        True,
        "/supermercado/aceite-de-oliva-virgen-extra-hojiblanca-1-l/R-521006813/p",
        "un supermercado: 8,45 € (8,45 €/l) → 6,95 € («Antes 8,45 €»); en BEFORE la promoción «2ª unidad al 50%» da 6,34 € por unidad comprando dos, la garrafa de 5 l sale a 6,50 €/l y la marca propia a 6,49 € en las dos páginas; una opinión cita 5,99 €",
        before,
        after,
        ["6.95"],
    )


# -- MercaMundo: a seller pricing in pounds ---------------------------------------------------


def mercamundo() -> Case:
    listing = Listing(
        site="MercaMundo",
        domain="www.mercamundo.es",
        locale="es-ES",
        title="Kindle Scribe (64 GB) | El primer Kindle para leer y escribir, con pantalla Paperwhite de 10,2\" y 300 ppp | Incluye lápiz Premium | Gris tungsteno",
        brand="Amazon Kindle",
        asin="B0CZ9VQ2KN",
        path="/Kindle-Scribe-64GB-lapiz-Premium/dp/B0CZ9VQ2KN",
        rating="4,4",
        ratings="3.874",
        bullets=[
            "Lee y escribe en una pantalla Paperwhite de 10,2 pulgadas sin reflejos, con luz frontal de ajuste automático.",
            "Escribe notas a mano directamente en libros y documentos con el lápiz Premium, que no necesita carga.",
            "Semanas de autonomía de lectura y hasta 3 semanas de escritura.",
            "Envía documentos desde Microsoft Word y otras aplicaciones.",
        ],
        sponsored=[("Funda Fintie para Kindle Scribe", "19,99 €"), ("Kindle Paperwhite (16 GB)", "169,99 €"), ("reMarkable 2 con Marker", "449,00 €")],
        reviews=[
            ("Lucía M.", "Revisado en España el 9 de diciembre de 2026", "Ideal para estudiar", "Lo compré en el Black Friday a 279,99 € y es una maravilla para subrayar PDF."),
            ("Andrés", "Revisado en España el 2 de noviembre de 2026", "Pantalla excelente", "Para leer es perfecto; para escribir, muy natural."),
        ],
    )
    own = Seller("MercaMundo", "MercaMundo", f"349,99{NBSP}€", "Entrega GRATIS el <b>viernes, 15 de enero</b>.", list_price=f"419,99{NBSP}€", saving="-17%")
    spain = Seller("ElectroLibros", "MercaMundo", f"359,00{NBSP}€", "Entrega GRATIS el sábado, 16 de enero")
    uk = Seller("GadgetsUK Ltd (Reino Unido)", "Reino Unido", "£279.00", "+ £18.00 de envío internacional. Entrega del 27 de enero al 4 de febrero", note="Precio en libras esterlinas (GBP). El importe final en euros lo fija tu banco (aprox. 352 € con el envío). Pueden aplicarse aranceles de importación.")
    before = marketplace_page(listing, own, others="Nuevos (2) desde 349,99 €", other_sellers=[spain])
    after = marketplace_page(listing, own, others="Nuevos (3) desde £279.00", other_sellers=[uk, spain])
    return Case(
        "mercamundo-kindle-scribe-libras-no-euros",
        "¿Me avisas cuando el Kindle Scribe de 64 GB cueste menos de 300 € en MercaMundo?",
        "es",
        "price",
        True,
        False,
        "/Kindle-Scribe-64GB-lapiz-Premium/dp/B0CZ9VQ2KN",
        "señuelo: el precio de MercaMundo sigue en 349,99 €; en AFTER un vendedor británico ofrece «£279.00» en libras (unos 352 € con el envío, dice la página); una opinión cita 279,99 € del Black Friday",
        before,
        after,
    )


# -- Montañeros: Shopify, colour variants ---------------------------------------------------------


DISABLED = ' class="disabled"'


def montaneros() -> Case:
    colours = [("Negro", 47011223011397), ("Azul noche", 47011223044165), ("Verde salvia", 47011223076933)]

    def page(stock: dict[str, bool]) -> str:
        green_ok = stock["Verde salvia"]
        ld = {
            "@context": "https://schema.org",
            "@type": "ProductGroup",
            "name": "Mochila Kaiku 20 L",
            "url": "https://montaneros.es/products/mochila-kaiku-20-l",
            "productGroupID": "8890211500101",
            "brand": {"@type": "Brand", "name": "Kaiku Outdoor"},
            "description": "Mochila de senderismo de 20 litros con espalda ventilada y funda impermeable.",
            "variesBy": ["https://schema.org/color"],
            "hasVariant": [
                {"@type": "Product", "sku": f"KAI20-{i}", "name": f"Mochila Kaiku 20 L - {c}", "color": c, "image": f"https://montaneros.es/cdn/shop/files/kaiku-20-{i}.jpg", "offers": {"@type": "Offer", "url": f"https://montaneros.es/products/mochila-kaiku-20-l?variant={vid}", "price": "74.95", "priceCurrency": "EUR", "availability": "https://schema.org/InStock" if stock[c] else "https://schema.org/OutOfStock", "itemCondition": "https://schema.org/NewCondition"}}
                for i, (c, vid) in enumerate(colours)
            ],
        }
        radios = "".join(
            f'<input type="radio" id="template--2287-1-{i}" name="Color" value="{c}" form="product-form-template--2287"{" checked" if c == "Verde salvia" else ""}{"" if stock[c] else DISABLED}><label for="template--2287-1-{i}">{c}<span class="visually-hidden label-unavailable">{"" if stock[c] else "Agotado"}</span></label>'
            for i, (c, _) in enumerate(colours)
        )
        button = (
            '<button id="ProductSubmitButton-template--2287" type="submit" name="add" class="product-form__submit button button--full-width button--primary"><span>Añadir al carrito</span></button>'
            if green_ok
            else '<button id="ProductSubmitButton-template--2287" type="submit" name="add" class="product-form__submit button button--full-width button--primary" disabled><span>Agotado</span></button><div class="back-in-stock"><p>Avísame cuando esté disponible</p><form action="/apps/restock" method="post"><input type="email" name="email" placeholder="Tu email" aria-label="Tu email"><button type="submit">Avisarme</button></form></div>'
        )
        inventory = '<p class="product__inventory"><span class="svg-wrapper"></span> ¡Quedan pocas unidades!</p>' if green_ok else '<p class="product__inventory product__inventory--out">Agotado</p>'
        variants = [{"id": vid, "title": c, "option1": c, "available": stock[c], "price": 7495, "name": f"Mochila Kaiku 20 L - {c}", "public_title": c, "sku": f"KAI20-{i}"} for i, (c, vid) in enumerate(colours)]
        return f"""<!doctype html>
<html class="js" lang="es">
<head>
<meta charset="utf-8">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="theme-color" content="">
<link rel="canonical" href="https://montaneros.es/products/mochila-kaiku-20-l">
<title>Mochila Kaiku 20 L &ndash; Montañeros</title>
<meta name="description" content="Mochila de senderismo de 20 litros con espalda ventilada y funda impermeable.">
<meta property="og:site_name" content="Montañeros">
<meta property="og:url" content="https://montaneros.es/products/mochila-kaiku-20-l">
<meta property="og:title" content="Mochila Kaiku 20 L">
<meta property="og:type" content="product">
<meta property="og:price:amount" content="74,95">
<meta property="og:price:currency" content="EUR">
<link href="//montaneros.es/cdn/shop/t/7/assets/base.css?v=144997082486365258741731402214" rel="stylesheet" type="text/css" media="all" />
<script>window.ShopifyAnalytics = window.ShopifyAnalytics || {{}}; window.ShopifyAnalytics.meta = {{"currency":"EUR","product":{{"id":8890211500101,"vendor":"Kaiku Outdoor","type":"Mochilas","variants":{json.dumps(variants, ensure_ascii=False)}}},"page":{{"pageType":"product","resourceType":"product","resourceId":8890211500101}}}};</script>
</head>
<body class="gradient">
<a class="skip-to-content-link button visually-hidden" href="#MainContent">Ir directamente al contenido</a>
<div id="shopify-section-announcement-bar" class="shopify-section"><div class="announcement-bar" role="region" aria-label="Anuncio"><p class="announcement-bar__message h5">Envío gratis a partir de 60 € · Devoluciones en 30 días</p></div></div>
<div id="shopify-section-header" class="shopify-section section-header"><header class="header header--middle-left header--mobile-center page-width header--has-menu"><a href="/" class="header__heading-link link link--text focus-inset"><span class="h2">Montañeros</span></a><nav class="header__inline-menu"><ul class="list-menu list-menu--inline" role="list"><li><a href="/collections/mochilas" class="header__menu-item list-menu__item link link--text focus-inset">Mochilas</a></li><li><a href="/collections/calzado" class="header__menu-item list-menu__item link link--text focus-inset">Calzado</a></li><li><a href="/collections/ropa" class="header__menu-item list-menu__item link link--text focus-inset">Ropa</a></li><li><a href="/collections/acampada" class="header__menu-item list-menu__item link link--text focus-inset">Acampada</a></li><li><a href="/collections/outlet" class="header__menu-item list-menu__item link link--text focus-inset">Outlet</a></li></ul></nav><div class="header__icons"><a href="/account/login" class="header__icon header__icon--account link focus-inset"><span class="visually-hidden">Iniciar sesión</span></a><a href="/cart" class="header__icon header__icon--cart link focus-inset" id="cart-icon-bubble"><span class="visually-hidden">Carrito</span></a></div></header></div>
<main id="MainContent" class="content-for-layout focus-none" role="main" tabindex="-1">
<section id="shopify-section-template--2287__main" class="shopify-section section"><section id="MainProduct-template--2287" class="page-width section-template--2287__main-padding" data-section="template--2287__main">
<script type="application/ld+json">{json.dumps(ld, ensure_ascii=False)}</script>
<div class="product product--large product--left product--thumbnail_slider product--mobile-hide grid grid--1-col grid--2-col-tablet">
<div class="grid__item product__media-wrapper"><media-gallery id="MediaGallery-template--2287" role="region" class="product__column-sticky" aria-label="Visor de la galería"><img src="//montaneros.es/cdn/shop/files/kaiku-20-2.jpg?v=1731402300&amp;width=1200" alt="Mochila Kaiku 20 L en verde salvia" width="1200" height="1200"></media-gallery></div>
<div class="product__info-wrapper grid__item"><section id="ProductInfo-template--2287" class="product__info-container product__column-sticky">
<p class="product__text inline-richtext caption-with-letter-spacing">Kaiku Outdoor</p>
<div class="product__title"><h1>Mochila Kaiku 20 L</h1></div>
<div class="no-js-hidden" id="price-template--2287" role="status"><div class="price price--large price--show-badge"><div class="price__container"><div class="price__regular"><span class="visually-hidden visually-hidden--inline">Precio habitual</span><span class="price-item price-item--regular">74,95{NBSP}€</span></div></div></div></div>
<div class="product__tax caption rte">Impuestos incluidos. Los gastos de envío se calculan en la pantalla de pago.</div>
<variant-selects id="variant-selects-template--2287" data-section="template--2287__main"><fieldset class="js product-form__input product-form__input--pill"><legend class="form__label">Color: Verde salvia</legend>{radios}</fieldset></variant-selects>
{inventory}
<div class="product-form__buttons">{button}</div>
<div class="product__description rte quick-add-hidden"><p>La Kaiku 20 L es la mochila de día que llevamos a todas partes: espalda ventilada de rejilla, cinturón con bolsillos, porta bastones y funda impermeable integrada en el fondo. Peso: 890 g.</p><ul><li>Capacidad: 20 litros</li><li>Compatible con bolsa de hidratación de 2 l</li><li>Tejido reciclado 210D con tratamiento DWR</li></ul></div>
<details class="product__accordion accordion"><summary><h2 class="h4 accordion__title">Envíos y devoluciones</h2></summary><div class="accordion__content rte"><p>Envío en 24/48 h a la península. Recogida gratuita en nuestra tienda de Bilbao (Calle Iparraguirre 14).</p></div></details>
</section></div>
</div></section></section>
<section class="shopify-section"><div class="page-width"><h2 class="h2">También te puede gustar</h2><ul class="grid product-grid"><li class="grid__item"><a href="/products/mochila-kaiku-30-l">Mochila Kaiku 30 L</a> <span class="price-item">89,95{NBSP}€</span> <span class="badge">Verde salvia disponible</span></li><li class="grid__item"><a href="/products/rinonera-kaiku">Riñonera Kaiku 3 L</a> <span class="price-item">29,95{NBSP}€</span></li></ul></div></section>
</main>
<footer class="footer color-scheme-1 gradient section-sections--footer-padding"><div class="footer__content-top page-width"><p>Montañeros · Calle Iparraguirre 14, 48009 Bilbao</p><ul class="list-unstyled"><li><a href="/policies/refund-policy">Política de reembolso</a></li><li><a href="/policies/privacy-policy">Política de privacidad</a></li><li><a href="/policies/terms-of-service">Términos del servicio</a></li></ul><p><small class="copyright__content">&copy; 2027, <a href="/" title="">Montañeros</a></small> <small class="copyright__content"><a target="_blank" rel="nofollow" href="https://www.shopify.com/es?utm_campaign=poweredby&amp;utm_medium=shopify&amp;utm_source=onlinestore">Tecnología de Shopify</a></small></p></div></footer>
{cookie_banner("cookieyes", "es", "Montañeros")}
</body>
</html>
"""

    before = page({"Negro": True, "Azul noche": True, "Verde salvia": False})
    after = page({"Negro": True, "Azul noche": False, "Verde salvia": True})
    return Case(
        "montaneros-mochila-kaiku-verde-salvia-disponible",
        "Avísame cuando la mochila Kaiku 20 L en verde salvia vuelva a estar disponible en Montañeros",
        "es",
        "stock",
        False,
        True,
        "/products/mochila-kaiku-20-l?variant=47011223076933",
        "Shopify con JSON-LD ProductGroup/hasVariant por color: Verde salvia pasa de OutOfStock («Agotado», «Avísame cuando esté disponible») a InStock («¡Quedan pocas unidades!»); Negro está disponible en las dos páginas y Azul noche se agota en AFTER; la Kaiku 30 L tiene «Verde salvia disponible» en las dos",
        before,
        after,
    )


# -- OficinaLibre: a download page --------------------------------------------------------------


def oficinalibre() -> Case:
    def page(version: str, blocks: str, notice: str) -> str:
        ld = {"@context": "https://schema.org", "@type": "SoftwareApplication", "name": "OficinaLibre", "softwareVersion": version, "operatingSystem": "Windows, macOS, Linux", "applicationCategory": "BusinessApplication", "offers": {"@type": "Offer", "price": "0", "priceCurrency": "EUR"}, "downloadUrl": f"https://descargas.oficinalibre.org/stable/{version}/"}
        return f"""<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Descargar OficinaLibre | OficinaLibre – la suite ofimática libre</title>
<meta name="description" content="Descarga gratis OficinaLibre para Windows, macOS y Linux.">
<link rel="stylesheet" href="/themes/oficinalibre/css/main.css?v=2027.1">
{jsonld(ld)}
</head>
<body class="page-descargar">
{cookie_banner("simple", "es", "OficinaLibre")}
<header class="ol-header"><a class="ol-logo" href="/">OficinaLibre</a><nav><ul><li><a href="/descubre/">Descubre</a></li><li class="active"><a href="/descargar/">Descargar</a></li><li><a href="/ayuda/">Ayuda</a></li><li><a href="/colabora/">Colabora</a></li><li><a href="/noticias/">Noticias</a></li><li><a class="btn-donate" href="/dona/">Dona</a></li></ul></nav></header>
<main class="ol-main">
<h1>Descargar OficinaLibre</h1>
{notice}
<form class="ol-os" action="/descargar/" method="get"><label for="so">Sistema operativo</label> <select id="so" name="so"><option value="win-x86_64" selected>Windows (64 bits)</option><option value="mac-aarch64">macOS (Apple Silicon)</option><option value="mac-x86_64">macOS (Intel)</option><option value="deb-x86_64">Linux (64 bits, deb)</option><option value="rpm-x86_64">Linux (64 bits, rpm)</option></select> <button type="submit">Cambiar</button></form>
{blocks}
<section class="ol-requirements"><h2>Requisitos del sistema</h2><p>Windows 10 o superior, macOS 11 o superior, o una distribución Linux con glibc 2.28 o superior. 1,5 GB de espacio libre en disco.</p></section>
<section class="ol-older"><h2>Versiones anteriores</h2><p>Las versiones anteriores ya no reciben actualizaciones de seguridad. Puedes encontrarlas en el <a href="https://descargas.oficinalibre.org/archivo/">archivo de descargas</a>.</p></section>
</main>
<footer class="ol-footer"><p>OficinaLibre es un proyecto de la Asociación OficinaLibre · <a href="/aviso-legal/">Aviso legal</a> · <a href="/privacidad/">Privacidad</a></p></footer>
</body>
</html>
"""

    def block(title: str, version: str, lead: str, klass: str, notes: str) -> str:
        return f'<section class="ol-download ol-download--{klass}"><h2>{title}</h2><p class="ol-download__version">OficinaLibre {version}</p><p>{lead}</p><a class="btn btn-primary" href="https://descargas.oficinalibre.org/{klass}/{version}/win/x86_64/OficinaLibre_{version}_Win_x86-64.msi">Descargar la versión {version}</a> <a class="btn-link" href="/notas/{version}/">Notas de la versión</a><p class="ol-download__meta">{notes}</p></section>'

    stable_252 = block("Versión estable", "25.2.5", "Recomendada para la mayoría de usuarios y para empresas.", "stable", "Publicada el 18/12/2026 · 352 MB · Windows 10 o superior")
    rc = block("Versión en pruebas", "25.8.0 RC2", "Candidata a versión final de la 25.8. Ayúdanos a encontrar errores antes de su publicación; no la uses para trabajo importante.", "testing", "Publicada el 14/01/2027 · 358 MB")
    fresh = block("Versión más reciente", "25.8.0", "Con las últimas novedades: nuevo panel lateral, exportación a EPUB mejorada y compatibilidad con DOCX ampliada.", "stable", "Publicada el 02/02/2027 · 361 MB · Windows 10 o superior")
    still = block("Versión más probada", "25.2.6", "Para quien prefiere estabilidad: solo recibe correcciones de errores.", "still", "Publicada el 02/02/2027 · 352 MB")
    notice_before = '<div class="ol-notice">OficinaLibre 25.8 llegará a principios de febrero. Ya puedes probar la versión candidata (RC2).</div>'
    notice_after = '<div class="ol-notice ol-notice--new">¡Ya está aquí OficinaLibre 25.8! Descubre todas las novedades en <a href="/noticias/2027/02/oficinalibre-25-8/">el anuncio</a>.</div>'
    before = page("25.2.5", stable_252 + rc, notice_before)
    after = page("25.8.0", fresh + still, notice_after)
    return Case(
        "oficinalibre-25-8-final-para-descargar",
        "Quiero saber cuándo se puede descargar OficinaLibre 25.8 (la versión final, no la de pruebas)",
        "es",
        "release",
        False,
        True,
        "/descargar/",
        "una página de descargas: BEFORE ofrece 25.2.5 estable y «25.8.0 RC2» en pruebas; AFTER ofrece 25.8.0 como «Versión más reciente» y 25.2.6 como «más probada»; JSON-LD SoftwareApplication softwareVersion 25.2.5 → 25.8.0",
        before,
        after,
        ["25.8.0"],
    )


# -- CobroFácil: a Statuspage summary with two incidents -------------------------------------------


def cobrofacil() -> Case:
    def comp(name: str, status: str, label: str) -> str:
        return f'<div class="component-inner-container status-{status} " data-component-status="{status}"><span class="name">{name}</span><span class="tooltip-base tool" title="">?</span><span class="component-status " title="{label}">{label}</span><span class="tool icon-indicator fa fa-check" title="{label}"></span></div>'

    def unresolved(title: str, impact: str, status: str, body: str, when: str) -> str:
        return f'<div class="unresolved-incident impact-{impact}"><div class="incident-title"><a class="actual-title with-ellipsis" href="/incidents/{stable(title) % 10**12:012x}">{title}</a></div><div class="updates"><div class="update"><strong>{status}</strong> - {body}<br><small>{when}</small></div></div></div>'

    tpv_open = unresolved("Errores en pagos con TPV virtual", "major", "Identificado", "Hemos identificado un fallo en la pasarela de autenticación 3-D Secure: una parte de los pagos con tarjeta en el TPV virtual se rechazan con el error 9142. Estamos desplegando una corrección.", "Publicado hace 1 hora. 19 ene 2027 - 10:12 CET")
    liq = unresolved("Retrasos en las liquidaciones", "minor", "Monitorizando", "Las liquidaciones del 18 de enero se han abonado con retraso. Ya se han enviado todos los abonos pendientes y estamos vigilando el proceso de hoy.", "Publicado hace 3 horas. 19 ene 2027 - 08:40 CET")

    def page(top: str, tpv: tuple[str, str], past: str, status_line: str) -> str:
        comps = comp("TPV virtual", *tpv) + comp("Bizum para comercios", "operational", "Operativo") + comp("Liquidaciones", "degraded_performance", "Rendimiento degradado") + comp("Panel de comercio", "operational", "Operativo") + comp("API REST", "operational", "Operativo")
        return f"""<!DOCTYPE html>
<html lang="es">
  <head>
    <meta http-equiv="X-UA-Compatible" content="IE=edge">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <title>Estado de CobroFácil</title>
    <link rel="alternate" type="application/atom+xml" href="https://estado.cobrofacil.es/history.atom" title="CobroFácil Status History ATOM Feed">
    <meta name="description" content="Bienvenido a la página de estado de CobroFácil, donde puede consultar el estado del servicio en tiempo real y el historial de incidencias.">
    <meta property="og:title" content="Estado de CobroFácil">
    <meta property="og:type" content="website">
    <meta property="og:url" content="https://estado.cobrofacil.es">
    <link rel="stylesheet" media="screen" href="https://dka575ofm4ao0.cloudfront.net/assets/status/status_manifest-5c4f9d1bf06d.css" />
  </head>
  <body class="status index status-none">
    <div class="layout-content status status-index starter">
      <div class="masthead-container premium"><div class="masthead has-logo"><div class="logo-container"><a href="https://www.cobrofacil.es"><img alt="Logotipo de CobroFácil" src="https://dka575ofm4ao0.cloudfront.net/pages-transactional_logos/retina/518804/logo.png"></a></div><div class="updates-dropdown-container"><div class="show-updates-dropdown">Suscribirse a las actualizaciones</div></div></div></div>
      <div class="container">
        {top}
        <div class="page-status status-{status_line[0]}"><span class="status font-large">{status_line[1]}</span></div>
        <div class="components-section font-regular"><div class="components-container one-column">{comps}</div><div class="component-statuses-legend font-small"><div class="legend-item light legend-item-date-range"><span class="availability-time-line-legend-day-count">90</span> días atrás</div><div class="legend-item legend-item-uptime-value legend-item-date-range"><span class="availability-time-line-legend-uptime-value">99,94</span> % de disponibilidad</div><div class="legend-item light legend-item-date-range">Hoy</div></div></div>
        <div class="scheduled-maintenances-container"><h2 class="font-largest">Mantenimiento programado</h2><div class="scheduled-maintenance impact-maintenance"><div class="incident-title font-large"><a class="actual-title" href="/incidents/mnt7x">Actualización del panel de comercio</a></div><div class="updates font-regular"><div class="update">El panel de comercio no estará disponible el domingo 24 de enero entre las 02:00 y las 04:00 CET. El TPV virtual y los pagos no se verán afectados.<br><small>Programado para 24 ene 2027 - 02:00 CET</small></div></div></div></div>
        <div class="incidents-list format-expanded"><h2 class="font-largest">Incidencias anteriores</h2>{past}</div>
        <div class="page-footer border-color font-small"><a class="color-secondary" href="/history">← Historial de incidencias</a><span class="powered-by"><a href="https://www.atlassian.com/software/statuspage" rel="nofollow" class="color-secondary">Con la tecnología de Atlassian Statuspage</a></span></div>
      </div>
    </div>
  </body>
</html>
"""

    def day(label: str, content: str) -> str:
        return f'<div class="status-day font-regular"><div class="date border-color font-large">{label}</div>{content}</div>'

    tpv_done = '<div class="incident-container"><div class="incident-title impact-major font-large"><a href="/incidents/tpv9142">Errores en pagos con TPV virtual</a></div><div class="updates-container"><div class="update font-regular"><strong>Resuelto</strong> - La corrección está desplegada y los pagos con TPV virtual funcionan con normalidad desde las 11:35. Los clientes cuyos pagos se rechazaron pueden reintentarlos.<br><small>19 ene, 11:58 CET</small></div><div class="update font-regular"><strong>Identificado</strong> - Hemos identificado un fallo en la pasarela de autenticación 3-D Secure: una parte de los pagos con tarjeta en el TPV virtual se rechazan con el error 9142. Estamos desplegando una corrección.<br><small>19 ene, 10:12 CET</small></div></div></div>'
    none_today = '<p class="color-secondary">No se han registrado incidencias hoy.</p>'
    old = day("18 ene 2027", '<div class="incident-container"><div class="incident-title impact-none font-large"><a href="/incidents/api18">Latencia elevada en la API REST</a></div><div class="updates-container"><div class="update font-regular"><strong>Resuelto</strong> - La latencia ha vuelto a valores normales.<br><small>18 ene, 17:20 CET</small></div></div></div>')
    before = page(f'<div class="unresolved-incidents">{tpv_open}{liq}</div>', ("partial_outage", "Interrupción parcial"), day("19 ene 2027", none_today) + old, ("major", "Interrupción parcial del sistema"))
    after = page(f'<div class="unresolved-incidents">{liq}</div>', ("operational", "Operativo"), day("19 ene 2027", tpv_done) + old, ("minor", "Interrupción menor del servicio"))
    return Case(
        "cobrofacil-tpv-virtual-vuelve-a-funcionar",
        "Avisadme cuando vuelva a funcionar el TPV virtual de CobroFácil",
        "es",
        "incident",
        False,
        False,
        "/",
        "la portada de un Statuspage en español con dos incidencias abiertas: la del TPV virtual pasa de «Identificado» a «Resuelto» (componente «Interrupción parcial» → «Operativo») mientras «Retrasos en las liquidaciones» sigue en «Monitorizando»; un mantenimiento programado del panel en las dos páginas",
        before,
        after,
    )


# -- Club Pádel Norte: a court grid ----------------------------------------------------------------


def padel_norte() -> Case:
    times = ["17:30", "19:00", "20:30", "22:00"]

    def page(grid: dict[tuple[int, str], str]) -> str:
        head = "".join(f"<th scope=\"col\">{t}</th>" for t in times)
        rows = "".join(
            f'<tr><th scope="row">Pista {p}{" (cristal)" if p < 3 else ""}</th>'
            + "".join(
                (f'<td class="slot slot--free"><a href="/reservar?pista={p}&amp;fecha=2027-03-11&amp;hora={t}">{t} · Libre · 90 min · 24{NBSP}€</a></td>' if grid.get((p, t)) == "free" else '<td class="slot slot--busy">Ocupada</td>')
                for t in times
            )
            + "</tr>"
            for p in range(1, 5)
        )
        return f"""<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reservar pista – Club Pádel Norte</title>
<link rel="stylesheet" href="/css/reservas.css?v=3.2">
</head>
<body>
{cookie_banner("simple", "es", "Club Pádel Norte")}
<header class="cab"><a class="cab__logo" href="/">Club Pádel Norte</a><nav><a href="/reservas">Reservas</a> <a href="/escuela">Escuela</a> <a href="/torneos">Torneos</a> <a href="/socios">Hazte socio</a> <a href="/acceso">Acceso socios</a></nav></header>
<main class="reservas">
<h1>Reserva de pistas</h1>
<p class="reservas__intro">Reservas con hasta 7 días de antelación. Los socios pagan 18{NBSP}€ por 90 minutos; no socios, 24{NBSP}€. Luz incluida a partir de las 19:00.</p>
<div class="reservas__dia"><a href="?fecha=2027-03-10" class="reservas__prev">‹ Miércoles 10</a> <h2>Jueves, 11 de marzo de 2027</h2> <a href="?fecha=2027-03-12" class="reservas__next">Viernes 12 ›</a></div>
<table class="rejilla"><thead><tr><th scope="col">Pista</th>{head}</tr></thead><tbody>{rows}</tbody></table>
<p class="reservas__leyenda"><span class="slot--free">Libre</span> · <span class="slot--busy">Ocupada</span></p>
<aside class="reservas__otros"><h2>Otros días</h2><ul><li>Miércoles 10 de marzo: 3 huecos libres a partir de las 19:00</li><li>Viernes 12 de marzo: 5 huecos libres a partir de las 19:00</li></ul></aside>
<section class="reservas__normas"><h2>Normas</h2><ul><li>Las cancelaciones con menos de 24 horas no se reembolsan.</li><li>Obligatorio calzado de pádel.</li><li>Si no encuentras pista, apúntate a la lista de espera desde la app.</li></ul></section>
</main>
<footer class="pie"><p>Club Pádel Norte · Avenida de Asturias 41, 33204 Gijón · 985 00 00 00</p><p><a href="/aviso-legal">Aviso legal</a> · <a href="/privacidad">Privacidad</a></p></footer>
</body>
</html>
"""

    before = page({(2, "17:30"): "free", (4, "17:30"): "free"})
    after = page({(2, "17:30"): "free", (4, "17:30"): "free", (3, "20:30"): "free"})
    return Case(
        "padel-norte-pista-jueves-11-marzo-desde-19",
        "Avísame si queda libre alguna pista el jueves 11 de marzo a partir de las 19:00 en el Club Pádel Norte",
        "es",
        "slot",
        False,
        False,
        "/reservas?fecha=2027-03-11",
        "una rejilla de pistas: en BEFORE solo hay huecos a las 17:30 (antes de la hora pedida); en AFTER la pista 3 queda libre a las 20:30; la columna «Otros días» anuncia huecos el 10 y el 12 de marzo en las dos páginas",
        before,
        after,
        ["2027-03-11", "20:30"],
    )


# -- Valdemora: a town hall's recruitment notices ---------------------------------------------------


def valdemora() -> Case:
    def page(docs: list[tuple[str, str, str]], estado: str) -> str:
        rows = "".join(f'<tr><td>{d}</td><td><a href="/documentos/{i}.pdf">{esc(t)}</a></td><td>{s}</td></tr>' for i, (d, t, s) in enumerate(docs))
        return f"""<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Proceso selectivo: 12 plazas de Agente de Policía Local – Sede electrónica del Ayuntamiento de Valdemora</title>
<link rel="stylesheet" href="/sede/css/sede.css?v=4.1.0">
</head>
<body>
<div class="aviso-cookies" role="dialog"><p>Esta sede electrónica solo utiliza cookies técnicas necesarias para su funcionamiento.</p><button type="button">Entendido</button></div>
<header class="sede-cab"><a class="sede-cab__escudo" href="/sede/"><img src="/sede/img/escudo.png" alt="Ayuntamiento de Valdemora" width="44" height="52"></a><div><p class="sede-cab__titulo">Sede electrónica</p><p class="sede-cab__sub">Ayuntamiento de Valdemora</p></div><nav><a href="/sede/tramites">Trámites</a> <a href="/sede/tablon">Tablón de anuncios</a> <a href="/sede/empleo" aria-current="page">Empleo público</a> <a href="/sede/perfil-contratante">Perfil del contratante</a></nav></header>
<main class="sede-main">
<nav class="migas"><a href="/sede/">Inicio</a> › <a href="/sede/empleo">Empleo público</a> › Policía Local 2026</nav>
<h1>Proceso selectivo para la provisión de 12 plazas de Agente de Policía Local</h1>
<dl class="ficha"><dt>Convocatoria</dt><dd>BOCM n.º 241, de 9 de octubre de 2026</dd><dt>Sistema</dt><dd>Oposición libre</dd><dt>Plazas</dt><dd>12 (Escala de Administración Especial, Subescala de Servicios Especiales, grupo C1)</dd><dt>Estado</dt><dd>{estado}</dd></dl>
<h2>Documentos del proceso</h2>
<table class="tabla-docs"><thead><tr><th>Fecha de publicación</th><th>Documento</th><th>Observaciones</th></tr></thead><tbody>{rows}</tbody></table>
<p class="nota">Los plazos se computan a partir del día siguiente a la publicación en el Tablón de anuncios de la sede electrónica. Las reclamaciones se presentan por registro electrónico.</p>
</main>
<footer class="sede-pie"><p>Ayuntamiento de Valdemora · Plaza de la Constitución 1 · <a href="/sede/accesibilidad">Accesibilidad</a> · <a href="/sede/aviso-legal">Aviso legal</a> · <a href="/sede/proteccion-datos">Protección de datos</a></p></footer>
</body>
</html>
"""

    base = [
        ("12/01/2027", "Resolución de Alcaldía n.º 2027/0031 por la que se aprueba la lista provisional de admitidos y excluidos", "Plazo de subsanación: 10 días hábiles"),
        ("15/10/2026", "Anuncio de apertura del plazo de presentación de instancias", "Del 10/10/2026 al 29/10/2026"),
        ("09/10/2026", "Bases de la convocatoria (BOCM n.º 241)", ""),
    ]
    final = ("08/02/2027", "Resolución de Alcaldía n.º 2027/0412 por la que se aprueba la lista definitiva de admitidos y excluidos, se designa el tribunal y se fija la fecha del primer ejercicio", "Primer ejercicio: 6 de marzo de 2027, 9:00 h, IES Valle del Tajo")
    before = page(base, "Lista provisional de admitidos publicada – plazo de subsanación")
    after = page([final, *base], "Lista definitiva de admitidos publicada")
    return Case(
        "valdemora-policia-local-lista-definitiva",
        "Avísame cuando publiquen la lista definitiva de admitidos de las oposiciones a Policía Local de Valdemora",
        "es",
        "notice",
        False,
        False,
        "/sede/empleo/policia-local-2026",
        "la sede electrónica de un ayuntamiento: BEFORE tiene la lista provisional y su plazo de subsanación; AFTER publica la «lista definitiva de admitidos y excluidos» (08/02/2027) con la fecha del primer ejercicio",
        before,
        after,
    )


# -- a ferry operator's line status: another line cancelled ------------------------------------------


def naviera_estrecho() -> Case:
    def page(lines: list[tuple[str, str, str, str]], aviso: str, hora: str) -> str:
        rows = "".join(f'<li class="linea linea--{k}"><h3>{n}</h3><p class="linea__estado">{e}</p><p class="linea__detalle">{d}</p></li>' for n, e, d, k in lines)
        return f"""<!DOCTYPE html>
<html lang="es-ES">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Estado de las líneas | Naviera del Estrecho</title>
<meta name="description" content="Consulta el estado de nuestras líneas Algeciras – Tánger Med, Tarifa – Tánger Ciudad y Algeciras – Ceuta.">
<link rel="stylesheet" href="/assets/css/app.min.css?v=7.3">
</head>
<body>
{cookie_banner("cookiebot", "es", "Naviera del Estrecho")}
<header class="nav-header"><a class="nav-header__logo" href="/es/">Naviera del Estrecho</a><nav><a href="/es/billetes">Billetes</a> <a href="/es/horarios">Horarios</a> <a href="/es/estado-lineas" aria-current="page">Estado de las líneas</a> <a href="/es/operacion-paso-del-estrecho">OPE</a> <a href="/es/ayuda">Ayuda</a></nav><a class="nav-header__lang" href="/fr/etat-des-lignes">FR</a></header>
<main class="estado">
<h1>Estado de las líneas</h1>
<p class="estado__actualizado">Actualizado: {hora}</p>
{aviso}
<ul class="lineas">{rows}</ul>
<section class="estado__info"><h2>Si tu salida se cancela</h2><p>Te reubicaremos sin coste en la siguiente salida disponible de la misma línea o de otra línea con destino a Marruecos, o te devolveremos el importe del billete. Recibirás un SMS con las opciones.</p></section>
</main>
<footer class="nav-footer"><p>Naviera del Estrecho, S.A. · Estación Marítima de Algeciras · <a href="/es/aviso-legal">Aviso legal</a> · <a href="/es/condiciones-de-transporte">Condiciones de transporte</a></p></footer>
{analytics("NVE6S1T3R9")}
</body>
</html>
"""

    normal = [
        ("Algeciras – Tánger Med", "Operativa", "Salidas según horario. Viernes 12 de marzo: 08:00, 11:00, 14:00, 17:00, 20:00 y 23:00.", "ok"),
        ("Tarifa – Tánger Ciudad", "Operativa", "Salidas según horario.", "ok"),
        ("Algeciras – Ceuta", "Operativa", "Salidas según horario.", "ok"),
    ]
    storm = [
        ("Algeciras – Tánger Med", "Operativa con retrasos", "Las salidas del viernes 12 de marzo se mantienen; posibles retrasos de hasta 60 minutos por el temporal.", "warn"),
        ("Tarifa – Tánger Ciudad", "Cancelada", "Viernes 12 de marzo: todas las salidas canceladas por temporal de levante. Pasajeros reubicados en la línea Algeciras – Tánger Med.", "ko"),
        ("Algeciras – Ceuta", "Operativa", "Salidas según horario.", "ok"),
    ]
    aviso = '<div class="alerta alerta--aviso"><strong>Aviso por temporal de levante.</strong> Capitanía Marítima ha cerrado el puerto de Tarifa el viernes 12 de marzo. Consulta el estado de tu línea antes de ir al puerto.</div>'
    before = page(normal, "", "11/03/2027 18:00")
    after = page(storm, aviso, "12/03/2027 06:45")
    return Case(
        "naviera-estrecho-algeciras-tanger-med-no-cancelado",
        "Avísame si cancelan el ferry Algeciras–Tánger Med del viernes 12 de marzo",
        "es",
        "notice",
        True,
        False,
        "/es/estado-lineas",
        "señuelo: el temporal cancela la línea Tarifa – Tánger Ciudad; Algeciras – Tánger Med sigue «Operativa con retrasos» y sus salidas del 12 de marzo se mantienen",
        before,
        after,
    )


# -- Feria del Libro de Córdoba: the dates are announced ------------------------------------------------


def feria_libro_cordoba() -> Case:
    def page(hero: str, ld: str) -> str:
        return f"""<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Feria del Libro de Córdoba 2027</title>
<meta name="description" content="La Feria del Libro de Córdoba: casetas de librerías y editoriales, presentaciones y firmas en el Bulevar del Gran Capitán.">
<meta property="og:title" content="Feria del Libro de Córdoba 2027">
<meta property="og:type" content="website">
<link rel="stylesheet" href="/wp-content/themes/feria/style.css?ver=2.0.4">
{ld}
</head>
<body class="home">
{cookie_banner("cookieyes", "es", "Feria del Libro de Córdoba")}
<header class="cabecera"><a class="cabecera__logo" href="/">Feria del Libro de Córdoba</a><nav><ul><li><a href="/programa/">Programa</a></li><li><a href="/casetas/">Casetas</a></li><li><a href="/autores/">Autores</a></li><li><a href="/prensa/">Prensa</a></li><li><a href="/contacto/">Contacto</a></li></ul></nav></header>
<main>
<section class="portada">{hero}</section>
<section class="bloque"><h2>Sobre la Feria</h2><p>Organizada por la Asociación de Libreros de Córdoba con el apoyo del Ayuntamiento, la Feria reúne cada primavera en el Bulevar del Gran Capitán más de cuarenta casetas de librerías y editoriales, con presentaciones, firmas y actividades infantiles.</p></section>
<section class="bloque"><h2>Edición anterior</h2><p>La Feria del Libro 2026 se celebró del 23 de abril al 3 de mayo de 2026 y recibió más de 120.000 visitas.</p></section>
<section class="bloque"><h2>¿Eres librería o editorial?</h2><p>La solicitud de casetas se abrirá en febrero. Escríbenos a <a href="mailto:casetas@ferialibrocordoba.es">casetas@ferialibrocordoba.es</a>.</p></section>
</main>
<footer class="pie"><p>Asociación de Libreros de Córdoba · <a href="/aviso-legal/">Aviso legal</a> · <a href="/privacidad/">Privacidad</a></p></footer>
</body>
</html>
"""

    hero_before = '<h1>Feria del Libro de Córdoba 2027</h1><p class="portada__fechas">Fechas por confirmar</p><p>Estamos preparando una nueva edición. Anunciaremos las fechas y el cartel en las próximas semanas.</p>'
    hero_after = '<h1>Feria del Libro de Córdoba 2027</h1><p class="portada__fechas">Del 22 de abril al 2 de mayo de 2027</p><p>Bulevar del Gran Capitán · De 11:00 a 14:00 y de 18:00 a 21:30. El pregón inaugural correrá a cargo de la escritora Carmen Ruiz Villalba.</p>'
    ld = jsonld({"@context": "https://schema.org", "@type": "Event", "name": "Feria del Libro de Córdoba 2027", "startDate": "2027-04-22", "endDate": "2027-05-02", "eventStatus": "https://schema.org/EventScheduled", "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode", "location": {"@type": "Place", "name": "Bulevar del Gran Capitán", "address": {"@type": "PostalAddress", "addressLocality": "Córdoba", "addressCountry": "ES"}}, "organizer": {"@type": "Organization", "name": "Asociación de Libreros de Córdoba"}, "isAccessibleForFree": True})
    before = page(hero_before, "")
    after = page(hero_after, ld)
    return Case(
        "feria-libro-cordoba-2027-fechas",
        "Avísame cuando anuncien las fechas de la Feria del Libro de Córdoba 2027",
        "es",
        "event",
        False,
        False,
        "/",
        "«Fechas por confirmar» → «Del 22 de abril al 2 de mayo de 2027», con Event JSON-LD solo en AFTER; la edición de 2026 (del 23 de abril al 3 de mayo de 2026) aparece en las dos páginas",
        before,
        after,
        ["2027-04-22"],
    )


CASES = [supercompra, mercamundo, montaneros, oficinalibre, cobrofacil, padel_norte, valdemora, naviera_estrecho, feria_libro_cordoba]
