"""More German cases: a supermarket with base prices, a Magento shop on Hyvä with microdata, an
electronics chain's delivery and pick-up blocks, a router maker's firmware table, an app store
page, a hoster's self-made status page, an ice rink's session tickets, a council information
system (SessionNet) and a conference page."""

from __future__ import annotations

import json

from common import NBSP, Case, analytics, cookie_banner, esc, jsonld


def eur(amount: float, star: bool = False) -> str:
    """A price as a German shop prints it: ``1.249,90 €``."""
    whole, frac = f"{amount:,.2f}".split(".")
    return whole.replace(",", ".") + "," + frac + NBSP + "€" + ("*" if star else "")


# -- Frischmarkt: a supermarket, base prices ----------------------------------------------------


def frischmarkt() -> Case:
    def page(price: float, was: float | None, rossa: float) -> str:
        ld = {"@context": "https://schema.org", "@type": "Product", "name": "Lavazza Crema e Gusto Classico ganze Bohne 1kg", "sku": "8274419", "gtin13": "8000070038608", "brand": {"@type": "Brand", "name": "Lavazza"}, "image": "https://img.frischmarkt.de/pd/8274419/lavazza-crema-e-gusto-1kg.jpg", "offers": {"@type": "Offer", "price": f"{price:.2f}", "priceCurrency": "EUR", "availability": "https://schema.org/InStock", "priceSpecification": {"@type": "UnitPriceSpecification", "price": f"{price:.2f}", "priceCurrency": "EUR", "referenceQuantity": {"@type": "QuantitativeValue", "value": "1", "unitCode": "KGM"}}}}
        offer = f'<div class="pdpr-Offer"><span class="pdpr-Offer__badge">Angebot</span> <span class="pdpr-Offer__was">statt {eur(was)}</span> <span class="pdpr-Offer__valid">gültig bis Sa. 24.01.2027</span></div>' if was else ""
        return f"""<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lavazza Crema e Gusto Classico ganze Bohne 1kg bei Frischmarkt online bestellen!</title>
<meta name="description" content="Lavazza Crema e Gusto Classico ganze Bohne 1kg jetzt online bestellen und liefern lassen oder im Markt abholen.">
<link rel="canonical" href="https://shop.frischmarkt.de/p/lavazza-crema-e-gusto-classico-ganze-bohne-1kg/8274419">
<link rel="stylesheet" href="https://shop.frischmarkt.de/static/pdp.9a8c1f.css">
{jsonld(ld)}
</head>
<body>
{cookie_banner("cookiebot", "de", "Frischmarkt")}
<header class="gh-Header"><a class="gh-Logo" href="/">Frischmarkt</a><div class="gh-Service"><button type="button" class="gh-ServiceSelector">Lieferservice · 50667 Köln</button><span class="gh-ServiceSelector__hint">Mindestbestellwert 50 €, Liefergebühr ab 0 €</span></div><form class="gh-Search" action="/suche" role="search"><input type="search" name="search" placeholder="Suche nach Produkten, Marken…" aria-label="Suche"><button type="submit">Suchen</button></form><a class="gh-Account" href="/mein-konto">Anmelden</a> <a class="gh-Basket" href="/warenkorb">Warenkorb 0,00 €</a></header>
<nav class="gh-Categories"><ul><li><a href="/c/obst-gemuese">Obst &amp; Gemüse</a></li><li><a href="/c/kaffee-tee-kakao">Kaffee, Tee &amp; Kakao</a></li><li><a href="/c/kuehlregal">Kühlregal</a></li><li><a href="/c/getraenke">Getränke</a></li><li><a href="/c/drogerie">Drogerie</a></li><li><a href="/angebote">Angebote</a></li></ul></nav>
<main class="pdpr-Main">
<ol class="pdpr-Breadcrumb"><li><a href="/c/kaffee-tee-kakao">Kaffee, Tee &amp; Kakao</a></li><li><a href="/c/kaffee-tee-kakao/kaffee">Kaffee</a></li><li><a href="/c/kaffee-tee-kakao/kaffee/ganze-bohnen">Ganze Bohnen</a></li></ol>
<section class="pdpr-ProductDetail">
<div class="pdpr-ProductDetail__image"><img src="https://img.frischmarkt.de/pd/8274419/lavazza-crema-e-gusto-1kg.jpg" alt="Lavazza Crema e Gusto Classico ganze Bohne 1kg" width="480" height="480"></div>
<div class="pdpr-ProductDetail__content">
<h1 class="pdpr-Title">Lavazza Crema e Gusto Classico ganze Bohne 1kg</h1>
<div class="pdpr-Price"><div class="pdpr-Price__current">{eur(price)}</div><div class="pdpr-Grammage">1kg (1 kg = {eur(price)})</div>{offer}</div>
<div class="pdpr-AddToBasket"><button type="button" class="pdpr-AddToBasket__button">In den Warenkorb</button></div>
<p class="pdpr-Hint">Preise inkl. MwSt. Im Markt können Preise und Angebote abweichen.</p>
<p class="pdpr-Bonus">Mit Frischmarkt Bonus: 2 % Guthaben auf jeden Einkauf.</p>
</div>
</section>
<section class="pdpr-Attributes"><h2>Produktdetails</h2><dl><dt>Marke</dt><dd>Lavazza</dd><dt>Röstgrad</dt><dd>dunkel</dd><dt>Intensität</dt><dd>7 von 10</dd><dt>Zusammensetzung</dt><dd>Arabica und Robusta</dd><dt>Geeignet für</dt><dd>Espresso, Vollautomat</dd><dt>Inverkehrbringer</dt><dd>Lavazza Deutschland GmbH, Frankfurt am Main</dd></dl></section>
<section class="pdpr-Recommendations"><h2>Das könnte dir auch gefallen</h2><ul class="pdpr-Tiles">
<li class="pdpr-Tile"><a href="/p/lavazza-qualita-rossa-ganze-bohne-500g/8274402">Lavazza Qualità Rossa ganze Bohne 500g</a><div class="pdpr-Tile__price">{eur(rossa)}</div><div class="pdpr-Tile__grammage">500g (1 kg = {eur(rossa * 2)})</div></li>
<li class="pdpr-Tile"><a href="/p/lavazza-crema-e-gusto-classico-gemahlen-250g/8274415">Lavazza Crema e Gusto Classico gemahlen 250g</a><div class="pdpr-Tile__price">{eur(3.49)}</div><div class="pdpr-Tile__grammage">250g (1 kg = {eur(13.96)})</div></li>
<li class="pdpr-Tile"><a href="/p/tchibo-barista-caffe-crema-1kg/7719350">Tchibo Barista Caffè Crema ganze Bohne 1kg</a><div class="pdpr-Tile__price">{eur(15.99)}</div><div class="pdpr-Tile__grammage">1kg (1 kg = {eur(15.99)})</div></li>
<li class="pdpr-Tile"><a href="/p/ja-caffe-crema-ganze-bohne-1kg/6612087">ja! Caffè Crema ganze Bohne 1kg</a><div class="pdpr-Tile__price">{eur(9.99)}</div><div class="pdpr-Tile__grammage">1kg (1 kg = {eur(9.99)})</div></li>
</ul></section>
<section class="pdpr-Reviews"><h2>Bewertungen</h2><p>4,5 von 5 Sternen (214 Bewertungen)</p><article><p class="pdpr-Review__meta">Maik, 03.01.2027</p><p>Unser Standardkaffee. Im Angebot letzten Sommer für 10,99 € gleich drei Packungen gekauft.</p></article></section>
</main>
<footer class="gf-Footer"><ul><li><a href="/service/lieferservice">Lieferservice</a></li><li><a href="/service/abholservice">Abholservice</a></li><li><a href="/agb">AGB</a></li><li><a href="/datenschutz">Datenschutz</a></li><li><a href="/impressum">Impressum</a></li></ul><p>© 2027 Frischmarkt Digital GmbH</p></footer>
{analytics("FRM4K2T8X1")}
</body>
</html>
"""

    before = page(14.99, None, 6.99)
    after = page(13.49, 14.99, 5.99)
    return Case(
        "frischmarkt-lavazza-crema-e-gusto-1kg-unter-12",
        "Gib Bescheid, wenn die Lavazza Crema e Gusto Bohnen (1 kg) bei Frischmarkt weniger als 12 € kosten",
        "de",
        "price",
        True,
        True,
        "/p/lavazza-crema-e-gusto-classico-ganze-bohne-1kg/8274419",
        "Leerlauf: ein Supermarkt mit Grundpreisen; das Angebot senkt den Preis auf 13,49 € (statt 14,99 €), noch über 12 €; die 500-g-Packung Qualità Rossa kostet auf AFTER 5,99 € (1 kg = 11,98 €), eine andere Marke 9,99 €; eine Bewertung nennt 10,99 €",
        before,
        after,
    )


# -- Werkzeugprofi: Magento 2 on Hyvä, microdata -------------------------------------------------


def werkzeugprofi() -> Case:
    def page(price: float, was: float | None, reviews_extra: str) -> str:
        old = f'<div class="old-price flex mr-2"><span class="price-container price-final_price tax weee"><span class="price-label">Statt</span> <span id="old-price-4417" data-price-amount="{was}" data-price-type="oldPrice" class="price-wrapper"><span class="price line-through">{eur(was)}</span></span></span></div>' if was else ""
        label = "Sonderpreis" if was else "Preis"
        return f"""<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8"/>
<meta name="title" content="Makita DLM382Z Akku-Rasenmäher 2x18 V (ohne Akku) | Werkzeugprofi"/>
<meta name="description" content="Makita DLM382Z Akku-Rasenmäher 38 cm, 2x18 V, ohne Akku und Ladegerät. Versandkostenfrei ab 99 €."/>
<meta name="robots" content="INDEX,FOLLOW"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>Makita DLM382Z Akku-Rasenmäher 2x18 V (ohne Akku) | Werkzeugprofi</title>
<link rel="stylesheet" type="text/css" media="all" href="https://www.werkzeugprofi.de/static/version1737100000/frontend/Werkzeugprofi/hyva/de_DE/css/styles.css" />
<link rel="canonical" href="https://www.werkzeugprofi.de/makita-dlm382z-akku-rasenmaeher.html" />
<meta property="og:type" content="product" />
<meta property="og:title" content="Makita DLM382Z Akku-Rasenmäher 2x18 V (ohne Akku)" />
<meta property="og:url" content="https://www.werkzeugprofi.de/makita-dlm382z-akku-rasenmaeher.html" />
<script>
    var BASE_URL = 'https://www.werkzeugprofi.de/';
    var THEME_PATH = 'https://www.werkzeugprofi.de/static/version1737100000/frontend/Werkzeugprofi/hyva/de_DE';
    var COOKIE_CONFIG = {{"expires": null, "path": "\\u002F", "domain": ".www.werkzeugprofi.de", "secure": true, "lifetime": "3600", "cookie_restriction_enabled": false}};
    var CURRENT_STORE_CODE = 'de';
    var CURRENT_WEBSITE_ID = '1';
    window.hyva = window.hyva || {{}};
</script>
</head>
<body id="html-body" class="catalog-product-view product-makita-dlm382z-akku-rasenmaeher page-layout-1column">
{cookie_banner("cookiebot", "de", "Werkzeugprofi")}
<div class="page-wrapper">
<header class="page-header"><div class="bg-primary text-white text-sm py-1"><div class="container">Versandkostenfrei ab 99 € · 30 Tage Rückgaberecht · Beratung: 0800 123 45 67</div></div><div x-data="initHeader()" id="header" class="relative z-30 w-full border-b shadow bg-container-lighter border-container-lighter"><div class="container flex flex-wrap lg:flex-nowrap items-center justify-between w-full px-6 py-3 mx-auto mt-0"><div class="order-1 sm:order-2 lg:order-1 w-full pb-2 sm:w-auto sm:pb-0"><a class="flex items-center justify-center text-xl font-medium tracking-wide text-gray-800 no-underline hover:no-underline font-title" href="https://www.werkzeugprofi.de/" title="Werkzeugprofi" aria-label="Zur Startseite">Werkzeugprofi</a></div><div class="z-20 order-2 sm:order-1 lg:order-2 navigation lg:hidden"><nav class="navigation" aria-label="Hauptnavigation"><ul><li><a href="/elektrowerkzeuge.html">Elektrowerkzeuge</a></li><li><a href="/garten.html">Garten</a></li><li><a href="/handwerkzeuge.html">Handwerkzeuge</a></li><li><a href="/akkus-ladegeraete.html">Akkus &amp; Ladegeräte</a></li><li><a href="/angebote.html">Angebote</a></li></ul></nav></div><div class="flex items-center order-3"><a id="customer-menu" href="/customer/account/" class="block rounded p-1 hover:text-black">Mein Konto</a> <a id="menu-cart-icon" href="/checkout/cart/" class="relative inline-block rounded p-1 ml-1">Warenkorb <span x-text="cart.summary_count" class="absolute top-0 right-0 hidden h-5 px-2 py-1 -mt-5 -mr-4 text-xs font-semibold leading-none text-center text-white uppercase transform -translate-x-1 translate-y-1/2 rounded-full bg-primary"></span></a></div></div></div></header>
<main id="maincontent" class="page-main">
<nav class="breadcrumbs" aria-label="Breadcrumb"><div class="container"><ol class="items list-reset py-4 rounded flex flex-wrap text-primary"><li class="item flex"><a href="https://www.werkzeugprofi.de/" class="no-underline">Startseite</a></li><li class="item flex"><span class="separator text-primary-lighter px-2">/</span><a href="/garten.html" class="no-underline">Garten</a></li><li class="item flex"><span class="separator text-primary-lighter px-2">/</span><a href="/garten/rasenmaeher.html" class="no-underline">Rasenmäher</a></li></ol></div></nav>
<div class="columns"><div class="column main">
<section class="text-gray-700 body-font" itemscope itemtype="http://schema.org/Product">
<div class="flex flex-col md:flex-row flex-wrap">
<div class="w-full md:w-2/3 lg:w-2/3 md:h-auto md:pr-6"><div id="gallery" x-data="initGallery()"><img itemprop="image" alt="Makita DLM382Z Akku-Rasenmäher" title="Makita DLM382Z Akku-Rasenmäher" src="https://www.werkzeugprofi.de/media/catalog/product/cache/a1b2c3/m/a/makita-dlm382z.jpg" width="700" height="700"></div></div>
<div class="w-full md:w-1/3 lg:w-1/3 md:py-0">
<h1 class="text-gray-900 page-title title-font"><span class="base" data-ui-id="page-title-wrapper" itemprop="name">Makita DLM382Z Akku-Rasenmäher 2x18 V (ohne Akku)</span></h1>
<div class="my-2 flex"><span class="text-sm">Art.-Nr.: <span itemprop="sku">MAK-DLM382Z</span></span> · <span class="text-sm" itemprop="brand" itemscope itemtype="http://schema.org/Brand"><span itemprop="name">Makita</span></span></div>
<div class="my-4 text-sm text-gray-600">★★★★★ 4,7 (63 Bewertungen)</div>
<div class="flex flex-col sm:flex-row justify-between my-4">
<div x-data="initPriceBox()" x-defer="intersect" @update-prices-4417.window="updatePrice($event.detail);" @update-qty-4417.window="updateQty($event.detail)" class="price-box price-final_price">
<div class="flex flex-col relative"><div class="final-price inline-block" itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span class="price-label block">{label}</span><span id="product-price-4417" class="price-wrapper title-font font-medium text-2xl text-gray-900"><span class="price" x-html="getFormattedFinalPrice()">{eur(price)}</span></span><meta itemprop="price" content="{price:.2f}"><meta itemprop="priceCurrency" content="EUR"><link itemprop="availability" href="http://schema.org/InStock"></div>{old}</div>
<div class="text-sm text-gray-600">inkl. 19 % MwSt., zzgl. <a href="/versand">Versandkosten</a></div>
</div>
</div>
<div class="flex items-center text-green-700 my-2"><span class="font-semibold">Auf Lager</span> · Lieferzeit 1–3 Werktage</div>
<form method="post" action="https://www.werkzeugprofi.de/checkout/cart/add/uenc/aHR0cHM6Ly93d3cud2Vya3pldWdwcm9maS5kZQ,,/product/4417/" id="product_addtocart_form"><input type="hidden" name="product" value="4417"/><div class="flex mt-4 sm:mt-0"><label for="qty[4417]" class="sr-only">Menge</label><input name="qty" @private-content-loaded.window="$data.onGetCartData($event.detail.data)" id="qty[4417]" form="product_addtocart_form" type="number" min="0" step="1" value="1" class="form-input px-2 py-2 w-20 text-center invalid:ring-2 invalid:ring-red-500"/><button type="submit" form="product_addtocart_form" title="In den Warenkorb" class="btn btn-primary" id="product-addtocart-button">In den Warenkorb</button></div></form>
<div class="mt-6 text-sm"><p>Achtung: Lieferung ohne Akkus und Ladegerät. Benötigt 2 × 18-V-LXT-Akkus.</p></div>
</div>
</div>
<div class="card w-full mt-6"><h2 class="text-gray-900 text-2xl title-font font-base">Produktbeschreibung</h2><div class="prose" itemprop="description"><p>Der DLM382Z mäht mit 38 cm Schnittbreite Flächen bis etwa 500 m². Zwei 18-V-Akkus arbeiten in Reihe (36 V). Schnitthöhe in 10 Stufen von 25 bis 75 mm einstellbar, 40 l Grasfangkorb, Gewicht 13,4 kg.</p></div></div>
<div class="card w-full mt-6"><h2 class="text-gray-900 text-2xl title-font font-base">Passendes Zubehör</h2><ul class="grid grid-cols-3 gap-4"><li><a href="/makita-ersatzmesser-38cm.html">Makita Ersatzmesser 38 cm</a> <span class="price">{eur(24.90)}</span></li><li><a href="/makita-dlm382ct2-set.html">Makita DLM382CT2 im Set mit 2 Akkus 5,0 Ah und Doppelladegerät</a> <span class="price">{eur(429.00)}</span></li><li><a href="/makita-dlm330z.html">Makita DLM330Z Akku-Rasenmäher 18 V, 33 cm</a> <span class="price">{eur(179.90)}</span></li></ul></div>
<div class="card w-full mt-6" id="customer-reviews"><h2 class="text-gray-900 text-2xl title-font font-base">Kundenbewertungen</h2>{reviews_extra}<div class="review border-b py-4"><p class="font-semibold">Leise und kräftig</p><p class="text-sm text-gray-600">Thomas R. · 22.05.2026</p><p>Habe ihn im Frühjahr für 229 € bekommen. Für meinen Reihenhausgarten perfekt, mit zwei 5-Ah-Akkus schaffe ich alles in einem Durchgang.</p></div><div class="review border-b py-4"><p class="font-semibold">Gute Verarbeitung</p><p class="text-sm text-gray-600">Sandra K. · 14.07.2026</p><p>Fangkorb könnte größer sein, sonst top.</p></div></div>
</section>
</div></div>
</main>
<footer class="page-footer"><div class="footer content"><div class="container py-8 mx-auto"><div class="flex flex-wrap"><div class="w-full md:w-1/3"><h2 class="mb-3 text-sm font-medium tracking-widest text-gray-900 uppercase title-font">Service</h2><nav class="list-none mb-10"><li><a href="/versand">Versand &amp; Lieferung</a></li><li><a href="/rueckgabe">Rückgabe</a></li><li><a href="/kontakt">Kontakt</a></li></nav></div><div class="w-full md:w-1/3"><h2 class="mb-3 text-sm font-medium tracking-widest text-gray-900 uppercase title-font">Rechtliches</h2><nav class="list-none mb-10"><li><a href="/agb">AGB</a></li><li><a href="/datenschutz">Datenschutz</a></li><li><a href="/impressum">Impressum</a></li></nav></div></div></div><div class="bg-container-darker border-t border-container-darker"><div class="container py-6 mx-auto flex items-center sm:flex-row flex-col"><p class="mt-4 text-sm text-gray-600 sm:ml-6 sm:mt-0">© 2027 Werkzeugprofi GmbH</p></div></div></div></footer>
</div>
<script>
    function initPriceBox() {{
        return {{
            regularPriceKey: 'oldPrice', finalPriceKey: 'finalPrice', activeProductsPriceData: false,
            initialFinalPrice: {price}, calculatedFinalPrice: false, calculatedFinalPriceWithCustomOptions: false,
            initialTierPrice: false, showRegularPriceLabel: {str(bool(was)).lower()}, customOptionPrices: [],
            getFormattedFinalPrice() {{ return hyva.formatPrice(this.calculatedFinalPrice || this.initialFinalPrice); }}
        }}
    }}
</script>
{analytics("WZP5H9Y2V7")}
</body>
</html>
"""

    new_review = '<div class="review border-b py-4"><p class="font-semibold">Top Preis</p><p class="text-sm text-gray-600">Uwe B. · 18.01.2027</p><p>Vor dem Winter noch 289,90 € bezahlt, jetzt im Angebot — ärgerlich, aber der Mäher ist super.</p></div>'
    before = page(289.90, None, "")
    after = page(239.90, 289.90, new_review)
    return Case(
        "werkzeugprofi-makita-dlm382z-unter-250",
        "Melde dich bitte, sobald der Makita DLM382Z bei Werkzeugprofi unter 250 € zu haben ist",
        "de",
        "price",
        False,
        True,
        "/makita-dlm382z-akku-rasenmaeher.html",
        "Magento 2 mit Hyvä-Theme (Alpine.js) und Mikrodaten itemprop=price: 289,90 € → 239,90 € (statt 289,90 €); eine Bewertung nennt 229 € auf beiden Seiten, der DLM330Z kostet 179,90 €",
        before,
        after,
        ["239.90"],
    )


# -- Elektro-Riese: delivery versus pick-up in store -------------------------------------------


def elektro_riese() -> Case:
    def page(availability: str, delivery: str, button: str) -> str:
        ld = {"@context": "https://schema.org/", "@type": "Product", "name": "APPLE iPad Air 11 Zoll (M3) Wi-Fi 128 GB, Polarstern", "sku": "2961184", "gtin13": "0195950801234", "brand": {"@type": "Brand", "name": "APPLE"}, "image": "https://assets.elektro-riese.de/images/v1/2961184_01.jpg", "offers": {"@type": "Offer", "price": 649, "priceCurrency": "EUR", "availability": availability, "url": "https://www.elektro-riese.de/de/product/_apple-ipad-air-11-m3-wi-fi-128-gb-polarstern-2961184.html", "seller": {"@type": "Organization", "name": "Elektro-Riese"}}}
        return f"""<!DOCTYPE html>
<html lang="de-DE">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>APPLE iPad Air 11 Zoll (M3) Wi-Fi 128 GB, Polarstern | Elektro-Riese</title>
<meta name="description" content="APPLE iPad Air 11 Zoll (M3) Wi-Fi 128 GB, Polarstern ✔ Lieferung oder Abholung im Markt ✔ Jetzt online kaufen">
<link rel="canonical" href="https://www.elektro-riese.de/de/product/_apple-ipad-air-11-m3-wi-fi-128-gb-polarstern-2961184.html">
<script type="application/ld+json">{json.dumps(ld, ensure_ascii=False)}</script>
<style data-styled="active" data-styled-version="5.3.11">.sc-8b3e1f2a-0{{display:flex;}}.sc-a41c0d2b-1{{font-weight:700;}}</style>
</head>
<body>
<div id="root">
{cookie_banner("onetrust", "de", "Elektro-Riese")}
<div class="sc-8b3e1f2a-0 kXyZpq"><header class="sc-1f2a3b4c-0 hdr"><a href="/de" aria-label="Elektro-Riese Startseite" class="sc-1f2a3b4c-1">Elektro-Riese</a><form role="search" action="/de/search.html"><input type="search" name="query" placeholder="Suchbegriff, Artikelnummer" aria-label="Suche"><button type="submit">Suchen</button></form><button type="button" class="sc-1f2a3b4c-3">Mein Markt: Köln-Marsdorf</button><a href="/de/myaccount">Anmelden</a> <a href="/de/checkout">Warenkorb</a></header>
<nav class="sc-2c3d4e5f-0"><ul><li><a href="/de/category/_computer-buero.html">Computer &amp; Büro</a></li><li><a href="/de/category/_tablets.html">Tablets</a></li><li><a href="/de/category/_smartphones.html">Smartphones</a></li><li><a href="/de/category/_tv-audio.html">TV &amp; Audio</a></li><li><a href="/de/category/_haushalt.html">Haushalt</a></li><li><a href="/de/campaign/angebote">Angebote</a></li></ul></nav></div>
<main class="sc-4d5e6f70-0 pdp">
<ol class="sc-5e6f7081-0 breadcrumb"><li><a href="/de/category/_tablets.html">Tablets</a></li><li><a href="/de/category/_ipad.html">iPad</a></li><li><a href="/de/category/_ipad-air.html">iPad Air</a></li></ol>
<section class="sc-6f708192-0 pdp-head"><h1 class="sc-a41c0d2b-1">APPLE iPad Air 11 Zoll (M3) Wi-Fi 128 GB, Polarstern</h1><p class="sc-6f708192-2">Art.-Nr. 2961184 | Hersteller-Nr. MC9X4FD/A</p><p class="sc-6f708192-3">4,8 von 5 Sternen · 146 Bewertungen</p></section>
<section class="sc-708192a3-0 buybox" data-test="mms-pdp-buybox">
<div class="sc-708192a3-1 price" data-test="branded-price-whole-value"><span class="sc-3f2da4f5-0 whole">649,–</span><span class="sc-3f2da4f5-1 currency">€</span></div>
<p class="sc-708192a3-2">inkl. MwSt., zzgl. Versandkosten · UVP 699,00 €</p>
<p class="sc-708192a3-3">oder 24 × 27,05 € mit 0 % Finanzierung</p>
<div class="sc-8192a3b4-0 availability" data-test="mms-cofr-delivery">{delivery}</div>
<div class="sc-8192a3b4-0 availability" data-test="mms-cofr-pickup"><p class="sc-8192a3b4-1"><strong>Abholung</strong></p><p class="sc-8192a3b4-2 ok">Sofort verfügbar im Markt Köln-Marsdorf</p><p class="sc-8192a3b4-3">Kostenlos abholen in ca. 30 Minuten</p></div>
{button}
</section>
<section class="sc-92a3b4c5-0 features"><h2>Highlights</h2><ul><li>27,69 cm (10,9 Zoll) Liquid Retina Display</li><li>Apple M3 Chip</li><li>12 MP Frontkamera im Querformat</li><li>Touch ID im oberen Ein/Aus-Schalter</li></ul></section>
<section class="sc-a3b4c5d6-0 accessories"><h2>Passendes Zubehör</h2><ul><li><a href="/de/product/_apple-pencil-pro-2951107.html">APPLE Pencil Pro</a> <span>129,–</span> <span class="ok">Online verfügbar</span></li><li><a href="/de/product/_apple-magic-keyboard-ipad-air-11-2961230.html">APPLE Magic Keyboard für iPad Air 11 (M3)</a> <span>319,–</span> <span class="ok">Online verfügbar</span></li><li><a href="/de/product/_apple-ipad-air-11-m3-256-gb-2961185.html">APPLE iPad Air 11 Zoll (M3) Wi-Fi 256 GB, Polarstern</a> <span>779,–</span> <span class="ok">Lieferung in 1–2 Werktagen</span></li></ul></section>
<section class="sc-b4c5d6e7-0 reviews"><h2>Kundenbewertungen</h2><article><p class="meta">Jana, 07.01.2027</p><p>Online war es ausverkauft, im Markt habe ich es sofort mitnehmen können. Super Gerät.</p></article></section>
</main>
<footer class="sc-c5d6e7f8-0"><ul><li><a href="/de/service/lieferung">Lieferung</a></li><li><a href="/de/service/abholung">Abholung im Markt</a></li><li><a href="/de/agb">AGB</a></li><li><a href="/de/datenschutz">Datenschutz</a></li><li><a href="/de/impressum">Impressum</a></li></ul><p>© 2027 Elektro-Riese GmbH · *Alle Preise inkl. gesetzl. MwSt.</p></footer>
</div>
{analytics("ERS9E4R1I6")}
</body>
</html>
"""

    only_store = '<p class="sc-8192a3b4-1"><strong>Lieferung</strong></p><p class="sc-8192a3b4-2 ko">Online nicht verfügbar – nur im Markt erhältlich</p><p class="sc-8192a3b4-3">Wir können dieses Produkt derzeit nicht liefern.</p>'
    deliverable = '<p class="sc-8192a3b4-1"><strong>Lieferung</strong></p><p class="sc-8192a3b4-2 ok">Lieferung Mi. 20.01. – Do. 21.01.</p><p class="sc-8192a3b4-3">Versandkostenfrei · Online verfügbar</p>'
    before = page("https://schema.org/InStoreOnly", only_store, '<button type="button" class="sc-9f8e7d6c-0 btn-secondary">Im Markt reservieren</button>')
    after = page("https://schema.org/InStock", deliverable, '<button type="button" class="sc-9f8e7d6c-0 btn-primary">In den Warenkorb</button> <button type="button" class="sc-9f8e7d6c-0 btn-secondary">Im Markt reservieren</button>')
    return Case(
        "elektro-riese-ipad-air-m3-lieferbar",
        "Sag mir, wenn ich das iPad Air 11 Zoll (M3) mit 128 GB bei Elektro-Riese nach Hause liefern lassen kann",
        "de",
        "stock",
        False,
        True,
        "/de/product/_apple-ipad-air-11-m3-wi-fi-128-gb-polarstern-2961184.html",
        "eine Elektronikkette: 'Online nicht verfügbar – nur im Markt erhältlich' (JSON-LD InStoreOnly) → 'Lieferung Mi. 20.01. – Do. 21.01.' (InStock); die Abholung im Markt ist auf beiden Seiten sofort möglich, das 256-GB-Modell ist lieferbar",
        before,
        after,
    )


# -- Routerwerk: a firmware download table -------------------------------------------------------


def routerwerk() -> Case:
    def page(rows: str, news: str) -> str:
        return f"""<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Download-Center – RX 7590 | Routerwerk</title>
<meta name="description" content="Firmware, Handbücher und Treiber für den Routerwerk RX 7590.">
<link rel="stylesheet" href="/typo3temp/assets/compressed/merged-3a9f1c2b7d8e4f60.css?1736940000" media="all">
</head>
<body id="p412" class="page-download">
{cookie_banner("simple", "de", "Routerwerk")}
<header class="rw-header"><a class="rw-logo" href="/">Routerwerk</a><nav class="rw-nav"><ul><li><a href="/produkte/">Produkte</a></li><li><a href="/service/">Service</a></li><li class="active"><a href="/service/download-center/">Download-Center</a></li><li><a href="/wissensdatenbank/">Wissensdatenbank</a></li><li><a href="/labor/">Labor</a></li></ul></nav></header>
<main class="rw-main">
<nav class="rw-breadcrumb"><a href="/service/">Service</a> › <a href="/service/download-center/">Download-Center</a> › RX 7590</nav>
<h1>Download-Center: Routerwerk RX 7590</h1>
<p>Hier finden Sie die aktuelle Firmware (RouterOS) für Ihren RX 7590. Wir empfehlen, Updates direkt über die Benutzeroberfläche unter <em>System › Update</em> zu installieren; der Router prüft täglich, ob eine neue Version vorliegt.</p>
<div class="rw-tabs"><a class="active" href="#firmware">Firmware</a> <a href="#handbuch">Handbücher</a> <a href="#tools">Tools</a></div>
<section id="firmware"><h2>Firmware</h2>
<table class="rw-table contenttable"><thead><tr><th>Datei</th><th>Version</th><th>Datum</th><th>Größe</th><th></th></tr></thead><tbody>{rows}</tbody></table>
<p class="rw-note">Labor-Versionen sind Vorabversionen zum Testen neuer Funktionen. Sie sind nicht für den produktiven Einsatz gedacht; der Support beantwortet Fragen dazu nur im Labor-Forum.</p>
</section>
<section id="handbuch"><h2>Handbücher</h2><ul><li><a href="/fileadmin/handbuch/rx7590_de.pdf">Handbuch RX 7590 (PDF, 12,1 MB)</a> – für RouterOS ab 8.0</li><li><a href="/fileadmin/handbuch/rx7590_kurz_de.pdf">Kurzanleitung (PDF, 1,4 MB)</a></li></ul></section>
<aside class="rw-news"><h2>Neuigkeiten</h2><ul>{news}</ul></aside>
</main>
<footer class="rw-footer"><p>© 2027 Routerwerk GmbH · Berlin · <a href="/impressum/">Impressum</a> · <a href="/datenschutz/">Datenschutz</a></p></footer>
</body>
</html>
"""

    def row(name: str, version: str, date: str, size: str, file: str) -> str:
        return f'<tr><td>{name}</td><td>{version}</td><td>{date}</td><td>{size}</td><td><a class="rw-btn" href="/fileadmin/firmware/rx7590/{file}">Herunterladen</a></td></tr>'

    stable_802 = row("RX 7590 – RouterOS (aktuelle Version)", "8.02", "15.10.2026", "38,4 MB", "rx7590-8.02.image")
    labor_810 = row("RX 7590 – RouterOS Labor (Beta)", "8.10-31455", "02.12.2026", "39,1 MB", "rx7590-labor-8.10-31455.image")
    stable_810 = row("RX 7590 – RouterOS (aktuelle Version)", "8.10", "26.01.2027", "39,0 MB", "rx7590-8.10.image")
    older_802 = row("RX 7590 – RouterOS (vorherige Version)", "8.02", "15.10.2026", "38,4 MB", "rx7590-8.02.image")
    labor_820 = row("RX 7590 – RouterOS Labor (Beta)", "8.20-32010", "28.01.2027", "39,6 MB", "rx7590-labor-8.20-32010.image")
    news_before = "<li>08.12.2026 – RX 7530 AX: RouterOS 8.10 ist verfügbar</li><li>02.12.2026 – Neue Labor-Version 8.10 für RX 7590</li><li>15.10.2026 – RouterOS 8.02 für RX 7590</li>"
    news_after = "<li>26.01.2027 – RouterOS 8.10 für RX 7590: WLAN-Mesh-Steering, neue Kindersicherung, Sicherheitsupdates</li>" + news_before
    before = page(stable_802 + labor_810, news_before)
    after = page(stable_810 + labor_820 + older_802, news_after)
    return Case(
        "routerwerk-rx-7590-firmware-neuer-als-8-02",
        "Sag mir Bescheid, sobald es für den Routerwerk RX 7590 ein offizielles Firmware-Update nach 8.02 gibt (keine Labor-Version)",
        "de",
        "release",
        False,
        False,
        "/service/download-center/rx-7590/",
        "ein Download-Center mit Tabelle: aktuelle Version 8.02 → 8.10 (26.01.2027); BEFORE hat schon eine Labor-Beta 8.10-31455 und meldet 8.10 für das andere Modell RX 7530 AX",
        before,
        after,
        ["8.10"],
    )


# -- an app store page -----------------------------------------------------------------------


def fahrplan_plus() -> Case:
    def page(version: str, date: str, iso: str, notes: str, history: str) -> str:
        ld = {"@context": "http://schema.org", "@type": "SoftwareApplication", "name": "Fahrplan Plus – Bus & Bahn", "description": "Verbindungen, Echtzeit und Tickets für Bus und Bahn in ganz Deutschland.", "image": "https://is1-ssl.mzstatic.com/image/thumb/Purple221/v4/fahrplanplus/AppIcon-0-0-1x_U007emarketing-0-8-0-85-220.png/230x0w.png", "applicationCategory": "Travel", "datePublished": "Mar 2, 2015", "operatingSystem": "Erfordert iOS 16.0 oder neuer.", "author": {"@type": "Person", "name": "Fahrplan Plus GmbH", "url": "https://apps.apple.com/de/developer/fahrplan-plus-gmbh/id981234567"}, "aggregateRating": {"@type": "AggregateRating", "ratingValue": 4.6, "reviewCount": 48211}, "offers": {"@type": "Offer", "price": 0, "priceCurrency": "EUR", "category": "free"}}
        return f"""<!DOCTYPE html>
<html prefix="og: http://ogp.me/ns#" dir="ltr" lang="de-DE">
<head>
<meta charset="utf-8">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>‎Fahrplan Plus – Bus &amp; Bahn im App Store</title>
<meta name="description" content="Laden Sie „Fahrplan Plus – Bus &amp; Bahn“ von Fahrplan Plus GmbH im App Store herunter. Sehen Sie sich Screenshots, Bewertungen und Rezensionen, Nutzertipps und weitere Apps wie „Fahrplan Plus – Bus &amp; Bahn“ an.">
<meta property="og:title" content="‎Fahrplan Plus – Bus &amp; Bahn">
<meta property="og:description" content="‎Verbindungen, Echtzeit und Tickets für Bus und Bahn in ganz Deutschland.">
<meta property="og:site_name" content="App Store">
<meta property="og:url" content="https://apps.apple.com/de/app/fahrplan-plus-bus-bahn/id981234599">
<meta property="og:type" content="website">
<link rel="canonical" href="https://apps.apple.com/de/app/fahrplan-plus-bus-bahn/id981234599">
<link rel="stylesheet" href="/assets/web-experience-app-4b7c3f2a.css">
<script name="schema:software-application" type="application/ld+json">{json.dumps(ld, ensure_ascii=False)}</script>
</head>
<body class="no-js no-touch">
<div class="ac-gn-placeholder"></div>
<nav id="ac-globalnav" class="no-js" role="navigation" aria-label="Global" lang="de-DE" dir="ltr"><div class="ac-gn-content"><ul class="ac-gn-header"><li class="ac-gn-item ac-gn-apple"><a class="ac-gn-link ac-gn-link-apple" href="/de/"><span class="ac-gn-link-text">Apple</span></a></li></ul><ul class="ac-gn-list"><li class="ac-gn-item"><a class="ac-gn-link" href="/de/store">Store</a></li><li class="ac-gn-item"><a class="ac-gn-link" href="/de/iphone/">iPhone</a></li><li class="ac-gn-item"><a class="ac-gn-link" href="/de/ipad/">iPad</a></li><li class="ac-gn-item"><a class="ac-gn-link" href="/de/support/">Support</a></li></ul></div></nav>
<div id="localnav"><div class="localnav-content"><span class="localnav-title">App Store</span><div class="localnav-menu"><a href="/de/app-store/" class="localnav-menu-link">Übersicht</a></div></div></div>
<main class="selfclear is-apps-theme" id="main">
<div class="animation-wrapper is-visible">
<section class="l-content-width section section--hero product-hero"><div class="l-row"><div class="product-hero__media l-column small-5 medium-4 large-3 small-valign-top"><picture class="we-artwork we-artwork--ios-app-icon"><img src="https://is1-ssl.mzstatic.com/image/thumb/Purple221/v4/fahrplanplus/AppIcon-0-0-1x_U007emarketing-0-8-0-85-220.png/246x0w.webp" alt="" class="we-artwork__image" height="246" width="246"></picture></div>
<header class="product-header app-header product-header--padded-start" role="banner"><h1 class="product-header__title app-header__title">Fahrplan Plus – Bus &amp; Bahn <span class="badge badge--product-title">4+</span></h1><h2 class="product-header__subtitle app-header__subtitle">Verbindungen &amp; Tickets</h2><h2 class="product-header__identity app-header__identity"><a class="link" href="https://apps.apple.com/de/developer/fahrplan-plus-gmbh/id981234567">Fahrplan Plus GmbH</a></h2><ul class="product-header__list app-header__list"><li class="product-header__list__item"><ul class="inline-list inline-list--mobile-compact"><li class="inline-list__item">Nr. 3 in <a href="https://apps.apple.com/de/charts/iphone/reisen-apps/6003" class="inline-list__item">Reisen</a></li></ul></li><li class="product-header__list__item"><ul class="inline-list inline-list--mobile-compact"><li class="inline-list__item"><figure class="we-star-rating" aria-label="4,6 von 5"><figcaption class="we-rating-count star-rating__count">4,6 • 48.211 Bewertungen</figcaption></figure></li></ul></li><li class="product-header__list__item"><ul class="inline-list inline-list--mobile-compact"><li class="inline-list__item inline-list__item--bulleted app-header__list__item--price">Gratis</li><li class="inline-list__item inline-list__item--bulleted app-header__list__item--in-app-purchase">Bietet In-App-Käufe</li></ul></li></ul></header></div></section>
<section class="l-content-width section section--bordered whats-new"><div class="section__nav section__nav--small"><h2 class="section__headline">Neue Funktionen</h2><button type="button" class="we-modal__show link section__nav__see-all-link">Versionsverlauf</button></div><div class="l-row whats-new__content"><div class="l-column small-12 medium-3 large-4 small-valign-top whats-new__latest"><div class="l-row"><time data-test-we-datetime datetime="{iso}" aria-label="{date}" class="" >{date}</time><p class="l-column small-6 medium-12 whats-new__latest__version">Version {version}</p></div></div><div class="l-column small-12 medium-9 large-8 small-valign-top"><div class="we-truncate we-truncate--multi-line we-truncate--interactive" dir=""><p dir="false" data-test-bidi>{notes}</p></div></div></div></section>
<section class="l-content-width section section--bordered"><h2 class="section__headline">Beschreibung</h2><div class="section__description"><p>Fahrplan Plus zeigt dir Verbindungen für Bus, S-Bahn, U-Bahn, Tram und Regionalzüge in ganz Deutschland – mit Echtzeitdaten, Gleiswechseln und Verspätungen. Kaufe Deutschlandticket und Einzeltickets direkt in der App.</p></div></section>
<section class="l-content-width section section--bordered"><h2 class="section__headline">Versionsverlauf</h2><ul class="version-history">{history}</ul></section>
<section class="l-content-width section section--bordered"><h2 class="section__headline">Informationen</h2><dl class="information-list information-list--app medium-columns l-row"><div class="information-list__item l-column small-12 medium-6 large-4 small-valign-top"><dt class="information-list__item__term medium-valign-top">Anbieter</dt><dd class="information-list__item__definition">Fahrplan Plus GmbH</dd></div><div class="information-list__item l-column small-12 medium-6 large-4 small-valign-top"><dt class="information-list__item__term medium-valign-top">Größe</dt><dd class="information-list__item__definition" aria-label="142,3 Megabyte">142,3 MB</dd></div><div class="information-list__item l-column small-12 medium-6 large-4 small-valign-top"><dt class="information-list__item__term medium-valign-top">Kategorie</dt><dd class="information-list__item__definition"><a href="https://itunes.apple.com/de/genre/id6003" class="link">Reisen</a></dd></div><div class="information-list__item l-column small-12 medium-6 large-4 small-valign-top"><dt class="information-list__item__term medium-valign-top">Kompatibilität</dt><dd class="information-list__item__definition">Erfordert iOS 16.0 oder neuer.</dd></div></dl></section>
</div>
</main>
<footer class="ac-gf-footer"><p>Copyright © 2027 Apple Inc. Alle Rechte vorbehalten.</p><ul><li><a href="/de/privacy/">Datenschutzrichtlinie</a></li><li><a href="/de/legal/">Rechtliche Hinweise</a></li></ul></footer>
</body>
</html>
"""

    h514 = ("5.14.1", "11.01.2027", "2027-01-11", "Fehlerbehebungen und Verbesserungen. Version 6 mit neuem Design ist in Arbeit – schon bald in deinem App Store!")
    h514_0 = ("5.14.0", "12.12.2026", "2026-12-12", "Neu: Deutschlandticket als Widget auf dem Sperrbildschirm.")
    h513 = ("5.13.2", "20.11.2026", "2026-11-20", "Stabilere Echtzeitdaten im VRR.")
    h600 = ("6.0", "27.01.2027", "2027-01-27", "Das neue Fahrplan Plus ist da: komplett neues Design, Live-Aktivitäten für deine Fahrt, Umstiegshilfe mit Wagenreihung und Offline-Fahrpläne.")
    before = page("5.14.1", "11.01.2027", "2027-01-11T08:12:00.000Z", h514[3], hist_items([h514, h514_0, h513]))
    after = page("6.0", "27.01.2027", "2027-01-27T06:30:00.000Z", h600[3], hist_items([h600, h514, h514_0, h513]))
    return Case(
        "fahrplan-plus-app-version-6",
        "Informier mich, sobald Fahrplan Plus die Version 6 rausbringt",
        "de",
        "release",
        False,
        False,
        "/de/app/fahrplan-plus-bus-bahn/id981234599",
        "eine App-Store-Seite: 'Version 5.14.1' (deren Notiz sagt 'Version 6 … ist in Arbeit') → 'Version 6.0' vom 27.01.2027; die JSON-LD SoftwareApplication nennt keine Version",
        before,
        after,
        ["6.0"],
    )


def hist_items(items: list[tuple[str, str, str, str]]) -> str:
    return "".join(f'<li class="version-history__item"><h4 class="version-history__item__version-number">{v}</h4><time class="version-history__item__release-date" datetime="{iso}">{d}</time><div class="version-history__item__notes"><p>{esc(n)}</p></div></li>' for v, d, iso, n in items)


# -- Serverhaus: a hoster's own status page ---------------------------------------------------


def serverhaus() -> Case:
    def entry(kind: str, klass: str, title: str, fields: list[tuple[str, str]], updates: list[tuple[str, str]]) -> str:
        dl = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in fields)
        ups = "".join(f'<div class="sh-update"><p class="sh-update__time">{t}</p><p>{esc(u)}</p></div>' for t, u in updates)
        return f'<article class="sh-entry sh-entry--{klass}"><header><span class="sh-badge sh-badge--{klass}">{kind}</span><h3>{title}</h3></header><dl class="sh-entry__fields">{dl}</dl>{ups}</article>'

    net_open = entry("Störung", "incident", "Netzwerk FSN1: Paketverluste", [("Beginn", "18.01.2027 14:05 Uhr"), ("Ende", "–"), ("Betroffene Systeme", "Dedicated Server und Cloud-Server im Rechenzentrum Falkenstein (FSN1-DC8 bis DC14)"), ("Status", "in Bearbeitung")], [("18.01.2027 14:40 Uhr", "Ursache ist eine defekte Linecard in einem unserer Core-Router in Falkenstein. Ein Techniker ist vor Ort, der Tausch wird vorbereitet. Bis dahin kann es zu Paketverlusten von bis zu 8 % kommen."), ("18.01.2027 14:12 Uhr", "Wir beobachten derzeit Paketverluste im Netzwerk in Falkenstein. Wir prüfen die Ursache.")])
    net_done = entry("Störung", "resolved", "Netzwerk FSN1: Paketverluste", [("Beginn", "18.01.2027 14:05 Uhr"), ("Ende", "18.01.2027 16:40 Uhr"), ("Betroffene Systeme", "Dedicated Server und Cloud-Server im Rechenzentrum Falkenstein (FSN1-DC8 bis DC14)"), ("Status", "behoben")], [("18.01.2027 16:52 Uhr", "Die defekte Linecard wurde getauscht, seit 16:40 Uhr läuft das Netzwerk in Falkenstein wieder ohne Paketverluste. Wir entschuldigen uns für die Unannehmlichkeiten."), ("18.01.2027 14:40 Uhr", "Ursache ist eine defekte Linecard in einem unserer Core-Router in Falkenstein. Ein Techniker ist vor Ort, der Tausch wird vorbereitet. Bis dahin kann es zu Paketverlusten von bis zu 8 % kommen."), ("18.01.2027 14:12 Uhr", "Wir beobachten derzeit Paketverluste im Netzwerk in Falkenstein. Wir prüfen die Ursache.")])
    maint = entry("Wartung", "maintenance", "Router-Update NBG1", [("Beginn", "21.01.2027 03:00 Uhr"), ("Ende", "21.01.2027 05:00 Uhr"), ("Betroffene Systeme", "Netzwerk im Rechenzentrum Nürnberg (NBG1)"), ("Status", "geplant")], [("15.01.2027 10:00 Uhr", "Wir spielen ein Software-Update auf die Router in Nürnberg ein. Es kann zu kurzen Unterbrechungen von wenigen Sekunden kommen.")])
    mail = entry("Störung", "resolved", "Webmail: langsame Anmeldung", [("Beginn", "16.01.2027 09:20 Uhr"), ("Ende", "16.01.2027 10:05 Uhr"), ("Betroffene Systeme", "Webmail"), ("Status", "behoben")], [("16.01.2027 10:05 Uhr", "Die Anmeldung am Webmail funktioniert wieder normal.")])

    def page(current: str, past: str, banner: str) -> str:
        return f"""<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Serverhaus Status</title>
<meta name="description" content="Aktuelle Störungen und geplante Wartungsarbeiten bei Serverhaus.">
<link rel="alternate" type="application/rss+xml" title="Serverhaus Status RSS" href="https://status.serverhaus.de/rss.xml">
<link rel="stylesheet" href="/css/status.min.css?v=2.3.0">
</head>
<body>
<header class="sh-header"><a href="https://www.serverhaus.de" class="sh-logo">Serverhaus</a><span class="sh-header__title">Status</span><nav><a href="https://konsole.serverhaus.de">Konsole</a> <a href="https://docs.serverhaus.de">Dokumentation</a> <a href="/rss.xml">RSS</a></nav></header>
<main class="sh-main">
{banner}
<form class="sh-filter" method="get"><label>Kategorie <select name="category"><option value="">Alle</option><option>Netzwerk</option><option>Dedicated Server</option><option>Cloud</option><option>Webhosting</option></select></label> <label>Standort <select name="location"><option value="">Alle</option><option>Falkenstein (FSN1)</option><option>Nürnberg (NBG1)</option><option>Helsinki (HEL1)</option></select></label> <button type="submit">Filtern</button></form>
<section class="sh-section"><h2>Aktuelle Meldungen</h2>{current}</section>
<section class="sh-section"><h2>Geplante Wartungsarbeiten</h2>{maint}</section>
<section class="sh-section"><h2>Vergangene Meldungen</h2>{past}<p><a href="/archiv">Archiv</a></p></section>
</main>
<footer class="sh-footer"><p>Serverhaus GmbH · Gunzenhausen · <a href="https://www.serverhaus.de/impressum">Impressum</a> · <a href="https://www.serverhaus.de/datenschutz">Datenschutz</a></p></footer>
</body>
</html>
"""

    before = page(net_open, mail, '<div class="sh-banner sh-banner--warning">Es liegt eine Störung vor. Details siehe unten.</div>')
    after = page('<p class="sh-empty">Derzeit liegen keine Störungen vor.</p>', net_done + mail, '<div class="sh-banner sh-banner--ok">Alle Systeme arbeiten normal.</div>')
    return Case(
        "serverhaus-netzwerkstoerung-falkenstein-behoben",
        "Gib mir Bescheid, wenn die Netzwerkstörung in Falkenstein bei Serverhaus vorbei ist",
        "de",
        "incident",
        False,
        False,
        "/",
        "eine selbst gebaute Statusseite eines Hosters: 'Netzwerk FSN1: Paketverluste' Status 'in Bearbeitung' → 'behoben' (Ende 18.01.2027 16:40 Uhr); eine geplante Wartung in Nürnberg steht auf beiden Seiten",
        before,
        after,
    )


# -- an ice rink's public skating sessions -------------------------------------------------------


def eishalle_westpark() -> Case:
    def page(sessions: list[tuple[str, str, str, str]]) -> str:
        rows = "".join(f'<tr class="{klass}"><td>{time}</td><td>{name}</td><td>{status}</td><td>{action}</td></tr>' for time, name, status, action, klass in [(a, b, c, d, "full" if "ausgebucht" in c else "open") for a, b, c, d in sessions])
        return f"""<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tickets Publikumslauf – Eishalle am Westpark</title>
<meta name="description" content="Online-Tickets für den Publikumslauf in der Eishalle am Westpark.">
<link rel="stylesheet" href="https://tickets.eishalle-westpark.de/shop/css/shop.css?v=5.1">
</head>
<body>
{cookie_banner("simple", "de", "Eishalle am Westpark")}
<header class="shop-header"><a class="shop-logo" href="https://www.eishalle-westpark.de">Eishalle am Westpark</a><nav><a href="/shop/">Tickets</a> <a href="/shop/gutscheine">Gutscheine</a> <a href="/shop/warenkorb">Warenkorb (0)</a></nav></header>
<main class="shop-main">
<h1>Publikumslauf – Tickets</h1>
<p class="shop-intro">Tickets gelten nur für das gebuchte Zeitfenster. Schlittschuhverleih vor Ort (5,00 €, solange der Vorrat reicht). Kinder unter 6 Jahren laufen in Begleitung eines Erwachsenen kostenlos.</p>
<div class="shop-daypicker"><a href="?datum=2027-02-12">‹ Fr., 12.02.</a> <strong>Samstag, 13.02.2027</strong> <a href="?datum=2027-02-14">So., 14.02. ›</a></div>
<table class="shop-sessions"><thead><tr><th>Zeit</th><th>Veranstaltung</th><th>Verfügbarkeit</th><th></th></tr></thead><tbody>{rows}</tbody></table>
<section class="shop-prices"><h2>Preise</h2><ul><li>Erwachsene: 6,50 €</li><li>Kinder und Jugendliche (6–17 Jahre): 4,00 €</li><li>Familienkarte (2 Erw. + 2 Kinder): 18,00 €</li></ul></section>
<section class="shop-info"><h2>Hinweise</h2><p>Restkarten werden nicht an der Kasse verkauft. Stornierte Tickets gehen automatisch zurück in den Verkauf; Personen auf der Warteliste werden in der Reihenfolge ihrer Eintragung per E-Mail informiert.</p></section>
</main>
<footer class="shop-footer"><p>Eishalle am Westpark · Betrieben von den Stadtwerken · <a href="/agb">AGB</a> · <a href="/datenschutz">Datenschutz</a> · <a href="/impressum">Impressum</a></p></footer>
</body>
</html>
"""

    full = '<span class="badge badge--full">ausgebucht</span>'
    wait = '<a class="btn btn--ghost" href="/shop/warteliste?slot=20270213-1500">Auf die Warteliste</a>'
    buy = '<a class="btn" href="/shop/slot/{id}">Tickets wählen</a>'
    before = page([
        ("10:00 – 12:00 Uhr", "Publikumslauf", full, wait.replace("1500", "1000")),
        ("15:00 – 17:00 Uhr", "Publikumslauf", full, wait),
        ("19:30 – 21:30 Uhr", "Eisdisco mit DJ", '<span class="badge badge--ok">noch 42 Plätze frei</span>', buy.format(id="20270213-1930")),
    ])
    after = page([
        ("10:00 – 12:00 Uhr", "Publikumslauf", '<span class="badge badge--low">noch 8 Plätze frei</span>', buy.format(id="20270213-1000")),
        ("15:00 – 17:00 Uhr", "Publikumslauf", full, wait),
        ("19:30 – 21:30 Uhr", "Eisdisco mit DJ", '<span class="badge badge--ok">noch 31 Plätze frei</span>', buy.format(id="20270213-1930")),
    ])
    return Case(
        "eishalle-westpark-samstag-15-uhr-weiter-ausgebucht",
        "Sag Bescheid, wenn es fürs Publikumslaufen am Samstag, 13. Februar, um 15 Uhr in der Eishalle am Westpark wieder Tickets gibt",
        "de",
        "slot",
        True,
        False,
        "/shop/publikumslauf?datum=2027-02-13",
        "Leerlauf: am Vormittag (10:00 – 12:00 Uhr) werden 8 Plätze frei, 15:00 – 17:00 Uhr bleibt 'ausgebucht' mit Warteliste; die Eisdisco am Abend hat auf beiden Seiten freie Plätze",
        before,
        after,
    )


# -- a council information system: a committee's recommendation --------------------------------


def linie_4() -> Case:
    def page(rows: list[tuple[str, str, str, str, str]]) -> str:
        body = "".join(f'<tr><td class="smc-t-cn">{d}</td><td>{g}</td><td>{r}</td><td>{s}</td><td>{e}</td></tr>' for d, g, r, s, e in rows)
        return f"""<!DOCTYPE html>
<html lang="de" class="smc-html">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>SessionNet | Vorlage - VO/2026/1187 - Verlängerung der Straßenbahnlinie 4 bis Lindenau (Bau- und Finanzierungsbeschluss)</title>
<link rel="stylesheet" href="css/smc.css?v=5.4.2">
</head>
<body class="smc-body">
<a class="smc-skip" href="#smc_page_vo0050_contenttable1">Zum Inhalt springen</a>
<header class="smc-header"><div class="smc-header-logo"><a href="https://www.stadt-am-see.de"><img src="images/wappen.png" alt="Stadt am See" width="48" height="56"></a></div><div class="smc-header-title">Ratsinformationssystem der Stadt am See</div></header>
<nav class="smc-nav"><ul><li><a href="si0040.asp">Kalender</a></li><li><a href="gr0040.asp">Gremien</a></li><li><a href="kp0041.asp">Mandatsträger</a></li><li><a href="vo0040.asp">Vorlagen</a></li><li><a href="rech01.asp">Recherche</a></li></ul></nav>
<main class="smc-main">
<h1 class="smc_h1">Vorlage - VO/2026/1187</h1>
<table class="table smc-table-dl"><tbody>
<tr><th>Betreff</th><td>Verlängerung der Straßenbahnlinie 4 bis Lindenau (Bau- und Finanzierungsbeschluss)</td></tr>
<tr><th>Status</th><td>öffentlich</td></tr>
<tr><th>Vorlageart</th><td>Beschlussvorlage</td></tr>
<tr><th>Federführend</th><td>Dezernat IV – Stadtentwicklung und Verkehr</td></tr>
<tr><th>Datum</th><td>09.12.2026</td></tr>
</tbody></table>
<h2 class="smc_h2">Beratungsfolge</h2>
<table class="table table-striped smc-table" id="smc_page_vo0050_contenttable1"><thead><tr><th>Datum</th><th>Gremium</th><th>Rolle</th><th>Sitzung</th><th>Ergebnis</th></tr></thead><tbody>{body}</tbody></table>
<h2 class="smc_h2">Beschlussvorschlag</h2>
<div class="smc-content"><p>Der Stadtrat beschließt die Verlängerung der Straßenbahnlinie 4 von der Haltestelle Westfriedhof bis Lindenau (2,7 km, vier neue Haltestellen) auf Grundlage der Entwurfsplanung vom Oktober 2026. Die Gesamtkosten von 68,4 Mio. € werden zu 75 % aus Mitteln des GVFG finanziert. Die Verwaltung wird beauftragt, die Planfeststellung zu beantragen.</p></div>
<h2 class="smc_h2">Sachverhalt</h2>
<div class="smc-content"><p>Die Erschließung des Neubaugebiets Lindenau-Süd mit rund 3.200 Wohnungen erfordert einen leistungsfähigen ÖPNV-Anschluss. Die Standardisierte Bewertung ergibt einen Nutzen-Kosten-Indikator von 1,34.</p></div>
<h2 class="smc_h2">Anlagen</h2>
<ul class="smc-documents"><li><a href="getfile.asp?id=228411&amp;type=do">Anlage 1 – Lageplan (PDF, 4,2 MB)</a></li><li><a href="getfile.asp?id=228412&amp;type=do">Anlage 2 – Kostenschätzung (PDF, 0,8 MB)</a></li></ul>
</main>
<footer class="smc-footer"><p>SessionNet © Somacos GmbH &amp; Co. KG · <a href="https://www.stadt-am-see.de/impressum">Impressum</a> · <a href="https://www.stadt-am-see.de/datenschutz">Datenschutz</a></p></footer>
</body>
</html>
"""

    ortschaftsrat = ("20.01.2027", "Ortschaftsrat Lindenau", "Anhörung", '<a href="si0057.asp?__ksinr=7711">4. Sitzung</a>', "zur Kenntnis genommen")
    before = page([
        ortschaftsrat,
        ("03.02.2027", "Bau- und Verkehrsausschuss", "Vorberatung", '<a href="si0057.asp?__ksinr=7720">12. Sitzung</a>', ""),
        ("24.02.2027", "Stadtrat", "Entscheidung", '<a href="si0057.asp?__ksinr=7735">21. Sitzung</a>', ""),
    ])
    after = page([
        ortschaftsrat,
        ("03.02.2027", "Bau- und Verkehrsausschuss", "Vorberatung", '<a href="si0057.asp?__ksinr=7720">12. Sitzung</a>', "Empfehlung an den Stadtrat: Zustimmung (einstimmig, 11 Ja-Stimmen)"),
        ("24.02.2027", "Stadtrat", "Entscheidung", '<a href="si0057.asp?__ksinr=7735">21. Sitzung</a>', ""),
    ])
    return Case(
        "stadtrat-strassenbahn-linie-4-nur-empfehlung",
        "Sag mir, wenn der Stadtrat über die Verlängerung der Straßenbahnlinie 4 nach Lindenau entschieden hat",
        "de",
        "notice",
        True,
        False,
        "/sessionnet/vo0050.asp?__kvonr=20871",
        "Leerlauf: eine SessionNet-Vorlage; der Bau- und Verkehrsausschuss empfiehlt einstimmig die Zustimmung, die Entscheidung des Stadtrats am 24.02.2027 steht noch aus (Ergebnis leer)",
        before,
        after,
    )


# -- a conference page: the date is announced ------------------------------------------------------


def datenschutztag() -> Case:
    def page(termin: str, ld: str, teaser: str) -> str:
        return f"""<!DOCTYPE html>
<html lang="de-DE">
<head>
<meta charset="utf-8">
<!--
	This website is powered by TYPO3 - inspiring people to share!
	TYPO3 is a free open source Content Management Framework initially created by Kasper Skaarhoj and licensed under GNU/GPL.
-->
<title>Datenschutztag Hannover 2027 – Forum Datenschutz Niedersachsen e.V.</title>
<meta name="generator" content="TYPO3 CMS">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Der Datenschutztag Hannover: Vorträge, Workshops und Austausch für Datenschutzbeauftragte, IT und Verwaltung.">
<meta property="og:title" content="Datenschutztag Hannover 2027">
<link rel="stylesheet" href="/typo3temp/assets/compressed/merged-b2c7d9e1f0a3.css?1737000000" media="all">
{ld}
</head>
<body id="p58">
{cookie_banner("cookieyes", "de", "Forum Datenschutz Niedersachsen")}
<header class="site-header"><a class="logo" href="/">Forum Datenschutz Niedersachsen e.V.</a><nav><ul><li><a href="/verein/">Verein</a></li><li class="active"><a href="/datenschutztag/">Datenschutztag</a></li><li><a href="/seminare/">Seminare</a></li><li><a href="/mitglied-werden/">Mitglied werden</a></li><li><a href="/kontakt/">Kontakt</a></li></ul></nav></header>
<main id="content">
<div class="frame frame-default frame-type-text"><header><h1>Datenschutztag Hannover 2027</h1></header>
<p class="lead">Einmal im Jahr treffen sich in Hannover rund 400 Datenschutzbeauftragte, IT-Verantwortliche und Beschäftigte aus Verwaltung und Wirtschaft – zu Vorträgen, Praxis-Workshops und zum Austausch mit der Landesbeauftragten.</p></div>
<div class="frame frame-default frame-type-textpic"><div class="ce-bodytext"><h2>Auf einen Blick</h2><table class="contenttable"><tbody><tr><th>Termin</th><td>{termin}</td></tr><tr><th>Ort</th><td>Hannover Congress Centrum (HCC), Theodor-Heuss-Platz 1–3, 30175 Hannover</td></tr><tr><th>Teilnahmegebühr</th><td>Mitglieder 190 €, Nichtmitglieder 290 € (zzgl. MwSt.)</td></tr><tr><th>Programm</th><td>{teaser}</td></tr></tbody></table></div></div>
<div class="frame frame-default frame-type-text"><h2>Rückblick 2026</h2><p>Der Datenschutztag 2026 fand am 17. September 2026 statt. Die Vortragsfolien stehen Mitgliedern im internen Bereich zur Verfügung.</p></div>
<div class="frame frame-default frame-type-text"><h2>Newsletter</h2><p>Sie möchten informiert werden, sobald die Anmeldung startet? Abonnieren Sie unseren Newsletter.</p><form action="/newsletter/" method="post"><label for="nl-email">E-Mail-Adresse</label> <input id="nl-email" type="email" name="email"> <button type="submit">Anmelden</button></form></div>
</main>
<footer class="site-footer"><p>Forum Datenschutz Niedersachsen e.V. · Lister Straße 12 · 30163 Hannover</p><p><a href="/impressum/">Impressum</a> · <a href="/datenschutz/">Datenschutzerklärung</a></p></footer>
</body>
</html>
"""

    ld = jsonld({"@context": "https://schema.org", "@type": "Event", "name": "Datenschutztag Hannover 2027", "startDate": "2027-09-09T09:00:00+02:00", "endDate": "2027-09-09T17:30:00+02:00", "eventStatus": "https://schema.org/EventScheduled", "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode", "location": {"@type": "Place", "name": "Hannover Congress Centrum", "address": {"@type": "PostalAddress", "streetAddress": "Theodor-Heuss-Platz 1–3", "postalCode": "30175", "addressLocality": "Hannover", "addressCountry": "DE"}}, "organizer": {"@type": "Organization", "name": "Forum Datenschutz Niedersachsen e.V.", "url": "https://www.forum-datenschutz-nds.de"}, "offers": {"@type": "Offer", "price": "290", "priceCurrency": "EUR", "availability": "https://schema.org/PreOrder"}})
    before = page("wird noch bekannt gegeben (voraussichtlich September 2027)", "", "folgt im Frühjahr")
    after = page("Donnerstag, 9. September 2027, 9:00 – 17:30 Uhr", ld, "folgt im Frühjahr; die Anmeldung öffnet im Mai")
    return Case(
        "datenschutztag-hannover-2027-termin-steht",
        "Sag Bescheid, sobald feststeht, wann der Datenschutztag Hannover 2027 stattfindet",
        "de",
        "event",
        False,
        False,
        "/datenschutztag/",
        "eine TYPO3-Vereinsseite: 'wird noch bekannt gegeben (voraussichtlich September 2027)' → 'Donnerstag, 9. September 2027', Event-JSON-LD nur auf AFTER; der Termin 2026 (17. September 2026) steht im Rückblick auf beiden Seiten",
        before,
        after,
        ["2027-09-09"],
    )


CASES = [frischmarkt, werkzeugprofi, elektro_riese, routerwerk, fahrplan_plus, serverhaus, eishalle_westpark, linie_4, datenschutztag]
