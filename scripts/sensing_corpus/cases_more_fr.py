"""More French cases: a hotel's booking engine, a Salesforce Commerce (SFRA) shop, a retailer's
click-and-collect block, a Forgejo releases page, a Cachet status page, a doctor's booking
page, a ferry company's service notices, a book fair's site and a WooCommerce variable
product."""

from __future__ import annotations

import html
import json

from common import NBSP, NNBSP, Case, analytics, cookie_banner, esc, jsonld, stable


def eur(amount: float) -> str:
    """A price as a French shop prints it: ``1 199,00 €`` (narrow no-break space, no-break
    space before the sign)."""
    whole, frac = f"{amount:,.2f}".split(".")
    return whole.replace(",", NNBSP) + "," + frac + NBSP + "€"


# -- Hôtel des Remparts: a hotel's booking engine -----------------------------------------------


def remparts() -> Case:
    nights = [("jeu. 11 févr.", "2027-02-11", "92"), ("ven. 12 févr.", "2027-02-12", "98"), ("sam. 13 févr.", "2027-02-13", None), ("dim. 14 févr.", "2027-02-14", "119"), ("lun. 15 févr.", "2027-02-15", "84")]

    def page(sat: str, rooms: str) -> str:
        strip = "".join(
            f'<li class="be-cal__day{" be-cal__day--selected" if iso == "2027-02-13" else ""}" data-date="{iso}"><span class="be-cal__label">{label}</span><span class="be-cal__price">{"à partir de " + (price or sat) + NBSP + "€"}</span></li>'
            for label, iso, price in nights
        )
        return f"""<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Réservation – Hôtel des Remparts ★★★ Saint-Malo intra-muros</title>
<meta name="robots" content="noindex, nofollow">
<link rel="stylesheet" href="https://reservation.hotel-remparts-saintmalo.fr/assets/be-4.12.0.min.css">
{jsonld({"@context": "https://schema.org", "@type": "Hotel", "name": "Hôtel des Remparts", "starRating": {"@type": "Rating", "ratingValue": "3"}, "priceRange": "€€", "address": {"@type": "PostalAddress", "streetAddress": "6 rue Sainte-Barbe", "postalCode": "35400", "addressLocality": "Saint-Malo", "addressCountry": "FR"}, "telephone": "+33 2 99 40 00 00"})}
</head>
<body class="be be--rooms">
{cookie_banner("cookiebot", "fr", "L’Hôtel des Remparts")}
<header class="be-header"><a class="be-header__logo" href="https://www.hotel-remparts-saintmalo.fr/">Hôtel des Remparts</a><nav class="be-header__nav"><a href="https://www.hotel-remparts-saintmalo.fr/chambres">Nos chambres</a> <a href="https://www.hotel-remparts-saintmalo.fr/petit-dejeuner">Petit-déjeuner</a> <a href="https://www.hotel-remparts-saintmalo.fr/acces">Accès &amp; parking</a> <a href="https://www.hotel-remparts-saintmalo.fr/contact">Contact</a></nav><div class="be-header__lang"><a href="?lang=fr" aria-current="true">FR</a> <a href="?lang=en">EN</a> · <span>EUR €</span></div></header>
<main class="be-main">
<section class="be-search"><h1>Votre séjour</h1><dl class="be-search__summary"><dt>Arrivée</dt><dd>samedi 13 février 2027</dd><dt>Départ</dt><dd>dimanche 14 février 2027</dd><dt>Durée</dt><dd>1 nuit</dd><dt>Voyageurs</dt><dd>2 adultes</dd></dl><a class="be-search__edit" href="?step=search">Modifier</a></section>
<section class="be-cal" aria-label="Meilleurs prix par nuit"><ul class="be-cal__days">{strip}</ul><p class="be-cal__note">Meilleur prix pour une nuit, 2 adultes, hors taxe de séjour.</p></section>
<div class="be-promo">Week-end de la Saint-Valentin : bouteille de cidre brut offerte pour toute réservation en direct. Meilleur tarif garanti sur notre site.</div>
<section class="be-rooms"><h2>Nos chambres disponibles</h2>{rooms}</section>
<section class="be-info"><h2>Informations utiles</h2><ul><li>Taxe de séjour : 2,88{NBSP}€ par adulte et par nuit, à régler sur place.</li><li>Parking public Saint-Vincent à 200 m (non réservable).</li><li>Arrivée à partir de 15h, départ avant 11h.</li><li>Animaux acceptés : 12{NBSP}€ par nuit.</li></ul></section>
</main>
<footer class="be-footer"><p>Hôtel des Remparts · 6 rue Sainte-Barbe · 35400 Saint-Malo · +33 2 99 40 00 00</p><p><a href="/cgv">Conditions générales de vente</a> · <a href="/confidentialite">Politique de confidentialité</a> · Moteur de réservation sécurisé</p></footer>
{analytics("HR3M9P2A7S")}
</body>
</html>
"""

    def room(name: str, desc: str, rates: list[tuple[str, str, str]]) -> str:
        rows = "".join(f'<li class="be-rate"><div class="be-rate__name">{n}</div><div class="be-rate__cond">{c}</div><div class="be-rate__price"><span class="be-rate__amount">{p}</span> <span class="be-rate__unit">pour 1 nuit</span></div><button type="button" class="be-btn">Réserver</button></li>' for n, c, p in rates)
        return f'<article class="be-room"><h3 class="be-room__name">{name}</h3><p class="be-room__desc">{desc}</p><ul class="be-room__rates">{rows}</ul></article>'

    classique = "Chambre Double Classique"
    desc_c = "14 m², lit 140 × 200, vue sur la cour intérieure, douche à l’italienne."
    vue = "Chambre Vue Remparts"
    desc_v = "18 m², lit 160 × 200, vue sur les remparts et la mer."
    rooms_before = room(classique, desc_c, [("Tarif flexible", "Annulation gratuite jusqu’à 48 h avant l’arrivée", eur(145)), ("Petit-déjeuner inclus", "Annulation gratuite jusqu’à 48 h avant l’arrivée", eur(171))]) + room(vue, desc_v, [("Tarif flexible", "Annulation gratuite jusqu’à 48 h avant l’arrivée", eur(189))])
    rooms_after = room(classique, desc_c, [("Offre non remboursable", "Prépaiement à la réservation, non annulable", eur(109)), ("Tarif flexible", "Annulation gratuite jusqu’à 48 h avant l’arrivée", eur(129)), ("Petit-déjeuner inclus", "Annulation gratuite jusqu’à 48 h avant l’arrivée", eur(155))]) + room(vue, desc_v, [("Tarif flexible", "Annulation gratuite jusqu’à 48 h avant l’arrivée", eur(189))])
    before = page("145", rooms_before)
    after = page("109", rooms_after)
    return Case(
        "hotel-remparts-saint-malo-nuit-13-fevrier-sous-120",
        "Préviens-moi si la nuit du samedi 13 février à l’Hôtel des Remparts (Saint-Malo) passe sous les 120 €",
        "fr",
        "price",
        False,
        False,
        "/fr/booking/rooms?arrival=2027-02-13&nights=1&adults=2",
        "le moteur de réservation d’un hôtel : la nuit du 13 février passe de 145,00 € à 109,00 € (offre non remboursable) et 129,00 € (flexible) ; le 14 (119 €) et le 15 (84 €) sont déjà sous 120 € sur les deux pages ; taxe de séjour 2,88 €",
        before,
        after,
        ["109.00"],
    )


# -- Cuisinéo: Salesforce Commerce Cloud (SFRA) ----------------------------------------------


def cuisineo() -> Case:
    def page(price: float, was: float | None) -> str:
        ld = {"@context": "http://schema.org/", "@type": "Product", "name": "Robot pâtissier Artisan 4,8 L 5KSM175PS Rouge Empire", "description": "Le robot pâtissier iconique de KitchenAid : bol en inox de 4,8 L, 10 vitesses, tête inclinable.", "mpn": "5KSM175PSEER", "sku": "5KSM175PSEER", "brand": {"@type": "Brand", "name": "KitchenAid"}, "image": ["https://www.cuisineo.fr/dw/image/v2/BGSK_PRD/on/demandware.static/-/Sites-cuisineo-master/default/dw8f1c2a3b/images/5KSM175PSEER_1.jpg"], "offers": {"url": "https://www.cuisineo.fr/robot-patissier-artisan-5ksm175ps-rouge-empire-5KSM175PSEER.html", "@type": "Offer", "priceCurrency": "EUR", "price": f"{price:.2f}", "availability": "http://schema.org/InStock"}}
        price_html = (
            f'<span><del><span class="strike-through list"><span class="value" content="{was:.2f}"><span class="sr-only">Price reduced from</span>{eur(was)}<span class="sr-only">to</span></span></span></del><span class="sales"><span class="value" content="{price:.2f}">{eur(price)}</span></span></span>'
            if was
            else f'<span class="sales"><span class="value" content="{price:.2f}">{eur(price)}</span></span>'
        )
        badge = f'<div class="product-badge product-badge--promo">-{round((was - price) / was * 100)}{NBSP}%</div>' if was else ""
        return f"""<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="UTF-8">
<meta http-equiv="x-ua-compatible" content="ie=edge">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Robot pâtissier Artisan 4,8 L 5KSM175PS Rouge Empire | KitchenAid | Cuisinéo</title>
<meta name="description" content="Robot pâtissier KitchenAid Artisan 5KSM175PS Rouge Empire : bol 4,8 L, 10 vitesses. Livraison offerte dès 49 €.">
<link rel="canonical" href="https://www.cuisineo.fr/robot-patissier-artisan-5ksm175ps-rouge-empire-5KSM175PSEER.html">
<link rel="stylesheet" href="/on/demandware.static/Sites-Cuisineo-FR-Site/-/fr_FR/v1737012345678/css/global.css">
<link rel="stylesheet" href="/on/demandware.static/Sites-Cuisineo-FR-Site/-/fr_FR/v1737012345678/css/product/detail.css">
<script type="application/ld+json">{json.dumps(ld, ensure_ascii=False)}</script>
</head>
<body>
<div class="page" data-action="Product-Show" data-querystring="pid=5KSM175PSEER">
{cookie_banner("onetrust", "fr", "Cuisinéo")}
<header><div class="header-banner slide-up d-none d-md-block"><div class="container"><div class="d-flex justify-content-between"><div></div><div class="content"><div class="html-slot-container"><p>Livraison offerte dès 49{NBSP}€ · Retrait gratuit en boutique sous 2{NBSP}h · Paiement en 4× sans frais</p></div></div><div class="close-button"><button type="button" class="close" aria-label="Fermer"><span aria-hidden="true">&times;</span></button></div></div></div></div>
<nav role="navigation"><div class="header container"><div class="row"><div class="col-12"><div class="navbar-header brand"><a class="logo-home" href="/" title="Cuisinéo Accueil"><img src="/on/demandware.static/Sites-Cuisineo-FR-Site/-/default/dw1a2b3c4d/images/logo.svg" alt="Cuisinéo"></a></div><div class="navbar-header"><div class="pull-left"><div class="user hidden-md-down"><a href="/login" role="button" aria-label="Connexion à votre compte"><span class="user-message">Se connecter</span></a></div><div class="minicart" data-action-url="/on/demandware.store/Sites-Cuisineo-FR-Site/fr_FR/Cart-MiniCartShow"><div class="minicart-total hide-link-med"><a class="minicart-link" href="/panier" title="Panier 0 article" aria-label="Panier 0 article"><span class="minicart-quantity">0</span></a></div></div></div></div></div></div></div>
<div class="main-menu navbar-toggleable-sm menu-toggleable-left multilevel-dropdown d-none d-md-block"><div class="container"><div class="row"><nav class="navbar navbar-expand-md bg-inverse col-12"><div class="menu-group" role="navigation"><ul class="nav navbar-nav" role="menu"><li class="nav-item" role="presentation"><a href="/petit-electromenager/" class="nav-link" role="link">Petit électroménager</a></li><li class="nav-item" role="presentation"><a href="/cuisson/" class="nav-link" role="link">Cuisson</a></li><li class="nav-item" role="presentation"><a href="/patisserie/" class="nav-link" role="link">Pâtisserie</a></li><li class="nav-item" role="presentation"><a href="/art-de-la-table/" class="nav-link" role="link">Art de la table</a></li><li class="nav-item" role="presentation"><a href="/bons-plans/" class="nav-link" role="link">Bons plans</a></li></ul></div></nav><div class="search hidden-sm-down"><div class="site-search"><form role="search" action="/recherche" method="get" name="simpleSearch"><input class="form-control search-field" type="text" name="q" value="" placeholder="Rechercher (mots clés, référence…)" role="combobox" aria-label="Rechercher"><button type="submit" name="search-button" class="fa fa-search" aria-label="Lancer la recherche"></button></form></div></div></div></div></div></nav>
</header>
<div role="main" id="maincontent">
<div class="container product-detail product-wrapper" data-pid="5KSM175PSEER">
<div class="row"><div class="col-12"><div class="row"><div class="col" role="navigation" aria-label="Fil d’Ariane"><ol class="breadcrumb"><li class="breadcrumb-item"><a href="/petit-electromenager/">Petit électroménager</a></li><li class="breadcrumb-item"><a href="/petit-electromenager/robots-patissiers/">Robots pâtissiers</a></li></ol></div></div></div></div>
<div class="row">
<div class="col-12 col-sm-6 primary-images">{badge}<div id="pdpCarousel-5KSM175PSEER" class="carousel slide" data-interval="0" data-prev="Précédent" data-next="Suivant"><div class="carousel-inner" role="listbox"><div class="carousel-item active"><img src="https://www.cuisineo.fr/dw/image/v2/BGSK_PRD/on/demandware.static/-/Sites-cuisineo-master/default/dw8f1c2a3b/images/5KSM175PSEER_1.jpg?sw=800" class="d-block img-fluid" alt="Robot pâtissier Artisan 4,8 L Rouge Empire, image 1" itemprop="image"></div></div></div></div>
<div class="col-12 col-sm-6">
<div class="row"><div class="col"><div class="product-brand"><a href="/marques/kitchenaid/">KitchenAid</a></div><h1 class="product-name">Robot pâtissier Artisan 4,8 L 5KSM175PS Rouge Empire</h1></div></div>
<div class="row"><div class="col"><div class="product-number-rating clearfix"><div class="product-number pull-left">Réf. : <span class="product-id">5KSM175PSEER</span></div><div class="ratings pull-right"><span class="sr-only">4.8 étoiles sur 5</span><span class="rating-count">(1 284 avis)</span></div></div></div></div>
<div class="attributes"><div class="row" data-attr="color"><div class="col-8"><div class="attribute"><span class="color non-input-label">Couleur : <span class="selected-swatch-name">Rouge Empire</span></span><div class="color-swatches"><button class="color-attribute" aria-label="Sélectionner Couleur Rouge Empire" aria-describedby="ER" data-url="/on/demandware.store/Sites-Cuisineo-FR-Site/fr_FR/Product-Variation?dwvar_5KSM175PS_color=ER&amp;pid=5KSM175PS&amp;quantity=1"><span data-attr-value="ER" class="swatch-circle-ER swatch-circle color-value swatch-value selected selectable"></span><span id="ER" class="sr-only selected-assistive-text">sélectionné</span></button><button class="color-attribute" aria-label="Sélectionner Couleur Noir Onyx" aria-describedby="OB" data-url="/on/demandware.store/Sites-Cuisineo-FR-Site/fr_FR/Product-Variation?dwvar_5KSM175PS_color=OB&amp;pid=5KSM175PS&amp;quantity=1"><span data-attr-value="OB" class="swatch-circle-OB swatch-circle color-value swatch-value selectable"></span></button><button class="color-attribute" aria-label="Sélectionner Couleur Crème" aria-describedby="AC" data-url="/on/demandware.store/Sites-Cuisineo-FR-Site/fr_FR/Product-Variation?dwvar_5KSM175PS_color=AC&amp;pid=5KSM175PS&amp;quantity=1"><span data-attr-value="AC" class="swatch-circle-AC swatch-circle color-value swatch-value selectable"></span></button><button class="color-attribute" aria-label="Sélectionner Couleur Vert Pistache" aria-describedby="PT" data-url="/on/demandware.store/Sites-Cuisineo-FR-Site/fr_FR/Product-Variation?dwvar_5KSM175PS_color=PT&amp;pid=5KSM175PS&amp;quantity=1"><span data-attr-value="PT" class="swatch-circle-PT swatch-circle color-value swatch-value selectable"></span></button></div></div></div></div></div>
<div class="product-options"></div>
<div class="prices-add-to-cart-actions"><div class="row"><div class="col-12"><div class="prices"><div class="price">{price_html}</div></div><p class="eco-part">Dont éco-participation : 1,20{NBSP}€</p><p class="payment-4x">ou 4 × {eur(price / 4)} sans frais avec Oney</p></div></div>
<div class="row cart-and-ipay"><div class="col-sm-12"><input type="hidden" class="add-to-cart-url" value="/on/demandware.store/Sites-Cuisineo-FR-Site/fr_FR/Cart-AddProduct"><button class="add-to-cart btn btn-primary" data-toggle="modal" data-target="#chooseBonusProductModal" data-pid="5KSM175PSEER"><i class="fa fa-shopping-bag"></i> Ajouter au panier</button></div></div></div>
<div class="availability product-availability" data-ready-to-order="true" data-available="true"><div class="row"><div class="col-12"><div class="availability-msg"><div class="in-stock">En stock · Expédié sous 24{NBSP}h</div></div></div></div></div>
<div class="store-pickup"><p>Retrait gratuit en boutique : disponible à Cuisinéo Lyon Confluence</p></div>
</div>
</div>
<div class="row description-and-detail"><div class="col-sm-12 col-md-4"><h2 class="title">Description</h2></div><div class="col-sm-12 col-md-8 value content" id="collapsible-description-1"><p>Le robot pâtissier Artisan est fourni avec un bol en inox de 4,8{NBSP}L avec poignée, un batteur plat, un crochet pétrisseur et un fouet à 6 fils. Son mouvement planétaire assure un mélange homogène, des blancs en neige à la pâte à brioche. Garantie 5 ans.</p></div></div>
<div class="row"><div class="col-sm-12 col-md-4"><h2 class="title">Caractéristiques</h2></div><div class="col-sm-12 col-md-8"><ul class="attribute-values"><li>Puissance : 300 W</li><li>Capacité du bol : 4,8 L</li><li>Vitesses : 10</li><li>Poids : 10,9 kg</li><li>Coloris : Rouge Empire</li></ul></div></div>
</div>
<div class="container recommendations"><h2 class="title text-center">Le même dans d’autres coloris</h2><div class="row product-grid"><div class="col-6 col-sm-3"><div class="product-tile"><div class="tile-body"><div class="pdp-link"><a class="link" href="/robot-patissier-artisan-5ksm175ps-noir-onyx-5KSM175PSEOB.html">Robot pâtissier Artisan 4,8 L 5KSM175PS Noir Onyx</a></div><div class="price"><span class="sales"><span class="value" content="429.00">{eur(429)}</span></span></div></div></div></div><div class="col-6 col-sm-3"><div class="product-tile"><div class="tile-body"><div class="pdp-link"><a class="link" href="/robot-patissier-artisan-5ksm175ps-creme-5KSM175PSEAC.html">Robot pâtissier Artisan 4,8 L 5KSM175PS Crème</a></div><div class="price"><span class="sales"><span class="value" content="549.00">{eur(549)}</span></span></div></div></div></div></div>
<h2 class="title text-center">Accessoires compatibles</h2><div class="row product-grid"><div class="col-6 col-sm-3"><div class="product-tile"><div class="tile-body"><div class="pdp-link"><a class="link" href="/hachoir-5ksmfga-5KSMFGA.html">Hachoir à viande 5KSMFGA</a></div><div class="price"><span class="sales"><span class="value" content="69.90">{eur(69.90)}</span></span></div></div></div></div><div class="col-6 col-sm-3"><div class="product-tile"><div class="tile-body"><div class="pdp-link"><a class="link" href="/bol-verre-4-7l-5ksm5gb-5KSM5GB.html">Bol en verre 4,7 L</a></div><div class="price"><span class="sales"><span class="value" content="59.00">{eur(59)}</span></span></div></div></div></div></div></div>
<div class="container reviews"><h2>Avis clients</h2><div class="review"><p class="review-title">Indispensable</p><p class="review-meta">Sophie L. · 8 décembre 2026 · Achat vérifié</p><p>Je l’ai eu à 399{NBSP}€ lors du Black Friday, en Noir Onyx. Très robuste, je fais mon pain toutes les semaines.</p></div><div class="review"><p class="review-title">Magnifique mais lourd</p><p class="review-meta">Karim B. · 2 novembre 2026 · Achat vérifié</p><p>Le rouge est superbe. Prévoir de la place sur le plan de travail, on ne le range pas tous les jours.</p></div></div>
</div>
<footer id="footercontent"><div class="container"><div class="footer-container row"><div class="footer-item col-sm-3 store"><h3 class="title">Nos boutiques</h3><p>18 boutiques en France · <a href="/boutiques">Trouver une boutique</a></p></div><div class="footer-item col-sm-3 collapsible-xs"><h3 class="title">Aide</h3><ul class="menu-footer content"><li><a href="/aide/livraison">Livraison</a></li><li><a href="/aide/retours">Retours et remboursements</a></li><li><a href="/aide/garanties">Garanties</a></li></ul></div><div class="footer-item col-sm-3 collapsible-xs"><h3 class="title">Cuisinéo</h3><ul class="menu-footer content"><li><a href="/cgv">CGV</a></li><li><a href="/mentions-legales">Mentions légales</a></li><li><a href="/donnees-personnelles">Données personnelles</a></li></ul></div></div><div class="row"><div class="col-12 copyright-notice"><p>© 2027 Cuisinéo SAS. Tous droits réservés.</p></div></div></div></footer>
</div>
{analytics("CUI8N3E5O2")}
</body>
</html>
"""

    before = page(549.00, None)
    after = page(449.00, 549.00)
    return Case(
        "cuisineo-kitchenaid-artisan-rouge-449-ou-moins",
        "Dis-moi quand le KitchenAid Artisan 5KSM175PS rouge empire descend à 449 € ou moins chez Cuisinéo",
        "fr",
        "price",
        False,
        True,
        "/robot-patissier-artisan-5ksm175ps-rouge-empire-5KSM175PSEER.html",
        "une fiche Salesforce Commerce (SFRA) : 549,00 € → 449,00 € (barré 549,00 €), pile le seuil que « ou moins » accepte ; le coloris Noir Onyx coûte 429,00 € sur les deux pages, un avis cite 399 € ; JSON-LD Offer",
        before,
        after,
        ["449.00"],
    )


# -- Boulevard Tech: home delivery versus click-and-collect -------------------------------------


def boulevard_tech() -> Case:
    def page(availability: str, store: str, delivery: str, button: str) -> str:
        ld = {"@context": "https://schema.org", "@type": "Product", "name": "Console Sony PS5 Pro 2 To", "sku": "8114952", "gtin13": "0711719595744", "brand": {"@type": "Brand", "name": "Sony"}, "image": "https://static.boulevard-tech.fr/img/p/8114952/ps5-pro-1.jpg", "aggregateRating": {"@type": "AggregateRating", "ratingValue": "4.7", "reviewCount": "912"}, "offers": {"@type": "Offer", "price": "799.99", "priceCurrency": "EUR", "availability": availability, "seller": {"@type": "Organization", "name": "Boulevard Tech"}, "url": "https://www.boulevard-tech.fr/a8114952/console-sony-ps5-pro-2-to"}}
        return f"""<!DOCTYPE html>
<html lang="fr-FR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Console Sony PS5 Pro 2 To - Console PS5 - Achat &amp; prix | Boulevard Tech</title>
<meta name="description" content="Console Sony PS5 Pro 2 To : retrait 2 h en magasin ou livraison à domicile. Garantie 2 ans.">
<link rel="canonical" href="https://www.boulevard-tech.fr/a8114952/console-sony-ps5-pro-2-to">
{jsonld(ld)}
<link rel="stylesheet" href="https://static.boulevard-tech.fr/front/css/fp.2d91e0.css">
</head>
<body class="f-productPage">
{cookie_banner("onetrust", "fr", "Boulevard Tech")}
<div class="HeaderBand">Jusqu’à 100{NBSP}€ remboursés sur une sélection de téléviseurs · Retrait 2{NBSP}h gratuit en magasin</div>
<header class="Header"><a class="Header__logo" href="/">Boulevard Tech</a><form class="Header__search" action="/recherche" role="search"><input type="search" name="q" placeholder="Rechercher un produit, une marque…" aria-label="Rechercher"><button type="submit">OK</button></form><div class="Header__store">Mon magasin : <strong>Lyon Part-Dieu</strong> <a href="/magasins">Changer</a></div><a class="Header__account" href="/compte">Mon compte</a> <a class="Header__basket" href="/panier">Panier (0)</a></header>
<nav class="Nav"><ul><li><a href="/informatique">Informatique</a></li><li><a href="/telephonie">Téléphonie</a></li><li><a href="/tv-video">TV &amp; vidéo</a></li><li><a href="/jeux-video">Jeux vidéo</a></li><li><a href="/electromenager">Électroménager</a></li><li><a href="/bons-plans">Bons plans</a></li></ul></nav>
<main class="f-productPage__main">
<ol class="f-breadcrumb"><li><a href="/jeux-video">Jeux vidéo</a></li><li><a href="/jeux-video/playstation-5">PlayStation 5</a></li><li><a href="/jeux-video/playstation-5/consoles">Consoles PS5</a></li></ol>
<div class="f-productHeader"><h1 class="f-productHeader__title">Console Sony PS5 Pro 2 To</h1><p class="f-productHeader__subTitle">Édition standard, avec lecteur Blu-ray vendu séparément</p><p class="f-productHeader__rating">4,7/5 · 912 avis</p></div>
<div class="f-buyBox">
<div class="f-buyBox__price"><span class="userPrice">799,99{NBSP}€</span></div>
<p class="f-buyBox__seller">Vendu et expédié par Boulevard Tech</p>
<div class="f-buyBox__availability">
<div class="f-buyBox-availabilityStatus f-buyBox-availabilityStatus--delivery"><h2 class="f-buyBox-availabilityStatus__title">Livraison à domicile</h2>{delivery}</div>
<div class="f-buyBox-availabilityStatus f-buyBox-availabilityStatus--store"><h2 class="f-buyBox-availabilityStatus__title">Retrait en magasin</h2>{store}</div>
</div>
{button}
<ul class="f-buyBox__services"><li>Garantie légale 2 ans</li><li>Paiement en 3× ou 4× avec la carte Boulevard</li><li>Retour gratuit sous 15 jours</li></ul>
</div>
<section class="f-productOffers"><h2>Offres des vendeurs partenaires</h2><p>Aucune offre partenaire pour ce produit actuellement.</p></section>
<section class="f-productDescription"><h2>Présentation</h2><p>La PS5 Pro offre un GPU amélioré, le ray tracing avancé et l’upscaling PSSR pour des jeux plus fluides en 4K. Stockage SSD de 2 To. Lecteur de disque vendu séparément.</p></section>
<section class="f-productCrossSell"><h2>Souvent achetés ensemble</h2><ul><li><a href="/a8114960/lecteur-disque-ps5">Lecteur de disque pour PS5 Digital</a> <span>119,99{NBSP}€</span> <span class="tag">En stock</span></li><li><a href="/a7421110/manette-dualsense-edge">Manette DualSense Edge</a> <span>229,99{NBSP}€</span> <span class="tag">En stock</span></li><li><a href="/a8114801/console-ps5-slim-digital">Console PS5 Slim Digital</a> <span>449,99{NBSP}€</span> <span class="tag">Livraison à domicile : en stock</span></li></ul></section>
<section class="f-productReviews"><h2>Avis clients</h2><article><p class="f-review__title">Enfin reçue</p><p class="f-review__meta">Nico69 · 11/12/2026</p><p>Réservée en ligne, récupérée en magasin le lendemain. Une bête de course, aucun regret.</p></article></section>
</main>
<footer class="Footer"><ul><li><a href="/aide/livraison">Modes de livraison</a></li><li><a href="/aide/retrait-magasin">Retrait 2 h en magasin</a></li><li><a href="/cgv">CGV</a></li><li><a href="/donnees-personnelles">Données personnelles</a></li></ul><p>© 2027 Boulevard Tech SAS</p></footer>
{analytics("BLVD7T3C9H")}
</body>
</html>
"""

    no_delivery = '<p class="f-buyBox-availabilityStatus__label f-buyBox-availabilityStatus__label--unavailable">Indisponible</p><p class="f-buyBox-availabilityStatus__info">Ce produit n’est plus disponible en livraison pour le moment.</p><button type="button" class="f-button f-button--secondary">M’alerter du retour en stock</button>'
    store_none = '<p class="f-buyBox-availabilityStatus__label f-buyBox-availabilityStatus__label--unavailable">Indisponible dans votre magasin</p><p class="f-buyBox-availabilityStatus__info">Lyon Part-Dieu · <a href="/magasins?a=8114952">Voir les autres magasins</a></p>'
    store_yes = '<p class="f-buyBox-availabilityStatus__label f-buyBox-availabilityStatus__label--available">Disponible dans votre magasin</p><p class="f-buyBox-availabilityStatus__info">Retrait gratuit en 2{NBSP}h à Lyon Part-Dieu · 3 en stock</p>'.replace("{NBSP}", NBSP)
    before = page("https://schema.org/OutOfStock", store_none, no_delivery, '<button type="button" class="f-button f-button--disabled" disabled>Produit indisponible</button>')
    after = page("https://schema.org/InStoreOnly", store_yes, no_delivery, '<button type="button" class="f-button f-button--primary">Réserver en magasin</button>')
    return Case(
        "boulevard-tech-ps5-pro-livraison-domicile",
        "Tu peux me prévenir quand la PS5 Pro est de nouveau livrable à domicile chez Boulevard Tech ?",
        "fr",
        "stock",
        True,
        True,
        "/a8114952/console-sony-ps5-pro-2-to",
        "leurre : la console devient disponible en retrait magasin (Lyon Part-Dieu, 3 en stock, JSON-LD InStoreOnly) mais la livraison à domicile reste « Indisponible » ; la PS5 Slim voisine est livrable",
        before,
        after,
    )


# -- Forgejo: a releases page in French ---------------------------------------------------------


def petale() -> Case:
    def release(tag: str, title: str, label: str, when: str, iso: str, notes: str, latest: bool = False) -> str:
        lab = f'<span class="ui {"orange" if label == "Pré-version" else "green"} label">{label}</span>'
        return f'<li class="ui grid"><div class="ui four wide column meta"><a class="muted" href="/petale/petale/src/tag/{tag}" rel="nofollow"><span class="tw-font-mono">{tag}</span></a><span class="commit"><a class="muted tw-font-mono" href="/petale/petale/src/commit/{hash_(tag):012x}" rel="nofollow">{hash_(tag):08x}</a></span></div><div class="ui twelve wide column detail"><div class="tw-flex tw-items-center tw-justify-between tw-flex-wrap tw-mb-2"><h4 class="release-list-title tw-break-anywhere"><a href="/petale/petale/releases/tag/{tag}">{title}</a> {lab}</h4></div><p class="text grey"><span class="author"><a href="/margot">margot</a></span> a publié cette version <span class="time"><relative-time class="time-since" prefix="" tense="past" datetime="{iso}" data-tooltip-content data-tooltip-interactive="true">{when}</relative-time></span> | <span class="ahead"><a href="/petale/petale/compare/{tag}...main">12 commits</a> vers main depuis cette version</span></p><div class="markup desc">{notes}</div><div class="divider"></div><details class="download" open><summary class="tw-my-4">Fichiers</summary><ul class="list"><li><a class="archive-link" href="/petale/petale/archive/{tag}.zip" rel="nofollow"><strong>Code source (ZIP)</strong></a></li><li><a class="archive-link" href="/petale/petale/archive/{tag}.tar.gz" rel="nofollow"><strong>Code source (TAR.GZ)</strong></a></li><li><a href="/petale/petale/releases/download/{tag}/petale-{tag.lstrip("v")}-linux-amd64.tar.gz"><strong>petale-{tag.lstrip("v")}-linux-amd64.tar.gz</strong></a> <span class="text grey">7,4 MiB</span></li></ul></details></div></li>'

    rc2 = release("v1.0.0-rc.2", "Pétale 1.0.0-rc.2", "Pré-version", "23 déc. 2026", "2026-12-23T17:02:11+01:00", "<p>Deuxième candidate pour la 1.0. Merci de tester et de signaler toute régression avant la version stable.</p><ul><li>Corrige l’import des thèmes 0.9.</li><li>Messages d’erreur traduits en allemand et en espagnol.</li></ul>")
    v093 = release("v0.9.3", "Pétale 0.9.3", "Stable", "2 nov. 2026", "2026-11-02T10:41:57+01:00", "<ul><li>Corrige un plantage au démarrage sous Windows quand le dossier de configuration contient un espace.</li></ul>")
    v100 = release("v1.0.0", "Pétale 1.0.0", "Stable", "19 janv. 2027", "2027-01-19T09:30:00+01:00", "<p>Pétale 1.0 est là ! Première version stable : l’API des greffons est figée et sera maintenue pendant toute la série 1.x.</p><ul><li>Nouveau moteur de rendu incrémental.</li><li>Thèmes : migration automatique depuis 0.9.</li><li>Documentation complète en français et en anglais.</li></ul>")

    def page(items: list[str]) -> str:
        return f"""<!DOCTYPE html>
<html lang="fr-FR" data-theme="forgejo-auto">
<head>
	<meta name="viewport" content="width=device-width, initial-scale=1">
	<title>Versions - petale - Codeberg.org</title>
	<link rel="manifest" href="data:application/json;base64,eyJuYW1lIjoiQ29kZWJlcmcifQ==">
	<meta name="author" content="petale">
	<meta name="description" content="petale - Générateur de carnets de notes statiques, en Rust.">
	<meta name="keywords" content="git,forge,forgejo">
	<meta name="referrer" content="no-referrer">
	<link rel="alternate" type="application/atom+xml" title="" href="/petale/petale/releases.atom">
	<link rel="alternate" type="application/rss+xml" title="" href="/petale/petale/releases.rss">
	<meta property="og:title" content="petale">
	<meta property="og:url" content="https://codeberg.org/petale/petale">
	<meta property="og:description" content="Générateur de carnets de notes statiques, en Rust.">
	<meta property="og:type" content="object">
	<meta property="og:site_name" content="Codeberg.org">
	<link rel="stylesheet" href="/assets/css/index.css?v=9.0.3~gitea-1.22.0">
	<link rel="stylesheet" href="/assets/css/theme-forgejo-auto.css?v=9.0.3~gitea-1.22.0">
</head>
<body hx-headers='{{"x-csrf-token": "LmAqYk8tNnRkQ2pQbUZ2YjhZZ2x0c0Q2"}}' hx-swap="outerHTML" hx-push-url="false">
	<div class="full height">
		<noscript>Ce site fonctionne mieux avec JavaScript.</noscript>
		<nav id="navbar" aria-label="Barre de navigation"><div class="navbar-left ui secondary menu"><a class="item" id="navbar-logo" href="/" aria-label="Accueil"><img width="30" height="30" src="/assets/img/logo.svg" alt="Logo" aria-hidden="true"></a><a class="item" href="/explore/repos">Explorer</a><a class="item" href="https://docs.codeberg.org">Aide</a></div><div class="navbar-right ui secondary menu"><a class="item" rel="nofollow" href="/user/sign_up">S’inscrire</a><a class="item" rel="nofollow" href="/user/login?redirect_to=%2fpetale%2fpetale%2freleases">Connexion</a></div></nav>
		<div role="main" aria-label="Versions - petale" class="page-content repository releases">
			<div class="secondary-nav"><div class="ui container"><div class="repo-header"><div class="flex-item tw-items-center"><div class="flex-item-main"><div class="flex-item-title"><a class="muted tw-font-normal" href="/petale">petale</a>/<a class="muted" href="/petale/petale">petale</a></div></div></div><div class="repo-buttons"><a class="ui compact small basic button" href="/petale/petale/stars">★ 1,2 k</a><a class="ui compact small basic button" href="/petale/petale/forks">Bifurcations 64</a></div></div>
			<div class="ui tabs container"><div class="ui tabular menu navbar"><a class="item" href="/petale/petale">Code</a><a class="item" href="/petale/petale/issues">Tickets <span class="ui small label">38</span></a><a class="item" href="/petale/petale/pulls">Demandes d’ajout <span class="ui small label">7</span></a><a class="active item" href="/petale/petale/releases">Versions <span class="ui small label">{len(items) + 21}</span></a><a class="item" href="/petale/petale/wiki">Wiki</a><a class="item" href="/petale/petale/activity">Activité</a></div></div></div>
			<div class="ui container">
				<h2 class="ui compact small menu header small-menu-items"><a class="active item" href="/petale/petale/releases">Versions</a><a class="item" href="/petale/petale/tags">Étiquettes</a></h2>
				<ul id="release-list">{"".join(items)}</ul>
				<div class="center page buttons"><div class="ui borderless pagination menu"><a class="item navigation" href="/petale/petale/releases?page=2">Suivant</a></div></div>
			</div>
		</div>
		<footer class="page-footer" role="group" aria-label="Pied de page"><div class="left-links" role="contentinfo" aria-label="À propos du logiciel"><a target="_blank" rel="noopener noreferrer" href="https://forgejo.org">Propulsé par Forgejo</a></div><div class="right-links" role="group" aria-label="Liens"><a href="https://codeberg.org/codeberg/org/src/branch/main/PrivacyPolicy.md">Confidentialité</a><a href="https://codeberg.org/Codeberg/org/src/branch/main/TermsOfUse.md">Conditions d’utilisation</a><a href="/assets/licenses.txt">Licences</a><a href="/api/swagger">API</a></div></footer>
	</div>
</body>
</html>
"""

    before = page([rc2, v093])
    after = page([v100, rc2, v093])
    return Case(
        "petale-1-0-stable-publiee",
        "Préviens-moi dès que Pétale 1.0 sort en version stable",
        "fr",
        "release",
        False,
        False,
        "/petale/petale/releases",
        "une page Versions de Forgejo en français : BEFORE a v1.0.0-rc.2 marquée « Pré-version » au-dessus de v0.9.3 ; AFTER ajoute v1.0.0 « Stable »",
        before,
        after,
        ["1.0.0"],
    )


def hash_(text: str) -> int:
    return stable(text) * 2654435761 % (16**12)


# -- Cachet: a university's status page --------------------------------------------------------


def rhone_est() -> Case:
    def comp(name: str, status: int, label: str, desc: str = "") -> str:
        tip = f' <i class="ion ion-ios-help-outline help-icon" data-toggle="tooltip" data-title="{esc(desc)}" data-container="body"></i>' if desc else ""
        return f'<li class="list-group-item component status-{status}">{name}{tip}<div class="pull-right"><small class="text-component-{status} {"greens" if status == 1 else "reds" if status == 4 else "yellows"}" data-toggle="tooltip" title="Dernière mise à jour il y a quelques minutes">{label}</small></div></li>'

    def page(alert: str, visio: tuple[int, str], incidents: str) -> str:
        groups = (
            '<li class="list-group-item group-name"><i class="ion ion-ios-minus-outline group-toggle"></i> <strong>Enseignement</strong></li>'
            + comp("Moodle (cours en ligne)", 1, "Opérationnel")
            + comp("Visioconférence (BigBlueButton)", *visio, desc="Salles virtuelles des cours et réunions")
            + comp("Dépôt des mémoires", 1, "Opérationnel")
            + '<li class="list-group-item group-name"><i class="ion ion-ios-minus-outline group-toggle"></i> <strong>Services numériques</strong></li>'
            + comp("Messagerie (Zimbra)", 1, "Opérationnel")
            + comp("ENT et authentification (CAS)", 1, "Opérationnel")
            + comp("Wi-Fi eduroam", 2, "Problèmes de performances", "Campus de la Doua : débit réduit dans le bâtiment Atrium")
        )
        return f"""<!DOCTYPE html>
<html lang="fr">
<head>
    <meta charset="utf-8">
    <meta http-equiv="X-UA-Compatible" content="IE=edge">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <meta name="env" content="production">
    <meta name="token" content="wz2qXcUq0yV8cJt5bA3m1PnD7rE9sF4gH6kL0oQ2">
    <link rel="alternate" type="application/atom+xml" href="https://etat.univ-rhone-est.fr/atom" title="État des services numériques - Atom Feed">
    <link rel="alternate" type="application/rss+xml" href="https://etat.univ-rhone-est.fr/rss" title="État des services numériques - RSS Feed">
    <meta name="description" content="Dernières nouvelles sur l’état des services numériques de l’Université Rhône-Est.">
    <meta property="og:type" content="website">
    <meta property="og:title" content="État des services numériques">
    <meta property="og:description" content="Dernières nouvelles sur l’état des services numériques de l’Université Rhône-Est.">
    <title>État des services numériques | Université Rhône-Est</title>
    <link href="https://etat.univ-rhone-est.fr/dist/css/app.css?id=7c2f0e4b9d1a8f3e6b5c" rel="stylesheet">
    <style type="text/css">body.status-page {{ background-color: #f0f3f4; color: #333333; }} .reds {{ color: #ff6f6f !important; }} .greens {{ color: #7ed321 !important; }} .yellows {{ color: #f7ca18 !important; }}</style>
    <script type="text/javascript">var Global = {{}}; Global.locale = 'fr';</script>
</head>
<body class="status-page">
    <div class="outer-space"></div>
    <div class="container" id="app">
        <div class="app-banner"><div class="container"><div class="row app-banner-padding"><div class="col-md-12 text-center"><a href="https://www.univ-rhone-est.fr" class="links"><img src="https://etat.univ-rhone-est.fr/banner" class="banner-image img-responsive" alt="Université Rhône-Est"></a></div></div></div></div>
        <div class="section-messages"></div>
        <div class="section-status">{alert}</div>
        <div class="about-app"><h2>À propos</h2><p>Cette page indique l’état des services numériques de l’université. En cas de problème non signalé ici, contactez l’assistance au 04 72 00 00 00 ou via <a href="https://assistance.univ-rhone-est.fr">assistance.univ-rhone-est.fr</a>.</p></div>
        <div class="section-components"><ul class="list-group components">{groups}</ul></div>
        <div class="section-scheduled"><div class="timeline schedule"><div class="panel panel-default"><div class="panel-heading"><strong>Maintenance planifiée</strong></div><div class="list-group"><div class="list-group-item"><strong>Mise à jour de la messagerie</strong> <small class="date"><abbr class="timeago" data-toggle="tooltip" data-placement="right" title="mercredi 20 janvier 2027 à 22:00" data-timeago="2027-01-20T22:00:00+01:00"></abbr></small><div class="markdown-body"><p>La messagerie sera indisponible le mercredi 20 janvier de 22h à minuit.</p></div></div></div></div></div></div>
        <div class="section-timeline"><h1>Incidents passés</h1>{incidents}</div>
        <footer class="footer"><div class="container"><div class="row"><div class="col-sm-5"><p>Propulsé par <a href="https://cachethq.io" class="links">Cachet</a>.</p></div><div class="col-sm-7"><ul class="list-inline"><li><a class="btn btn-link" href="https://etat.univ-rhone-est.fr/dashboard">Tableau de bord</a></li><li><a class="btn btn-link" href="https://etat.univ-rhone-est.fr/rss">RSS</a></li><li><a class="btn btn-link" href="https://etat.univ-rhone-est.fr/atom">Atom</a></li></ul></div></div></div></footer>
    </div>
    <script src="https://etat.univ-rhone-est.fr/dist/js/manifest.js?id=a1b2c3d4e5f6"></script>
    <script src="https://etat.univ-rhone-est.fr/dist/js/vendor.js?id=0f9e8d7c6b5a"></script>
    <script src="https://etat.univ-rhone-est.fr/dist/js/all.js?id=5a4b3c2d1e0f"></script>
</body>
</html>
"""

    def day(label: str, items: str) -> str:
        return f'<h4>{label}</h4><div class="timeline"><div class="content-wrapper">{items}</div></div>'

    def inc(title: str, status: str, klass: str, body: str, when: str, iso: str) -> str:
        return f'<div class="moment first"><div class="row event clearfix"><div class="col-sm-1"><div class="status-icon status-{klass}" data-toggle="tooltip" title="{status}" data-placement="left"></div></div><div class="col-xs-10 col-xs-offset-2 col-sm-11 col-sm-offset-0"><div class="panel panel-message incident"><div class="panel-heading"><strong>{title}</strong>, <small class="date"><a href="/incidents/{stable_id(title)}" class="links"><abbr class="timeago links" data-toggle="tooltip" data-placement="right" title="{when}" data-timeago="{iso}"></abbr></a></small></div><div class="panel-body markdown-body"><p>{body}</p></div></div></div></div></div>'

    investigating = inc("Visioconférence indisponible", "Identifié", "2", "Les salles BigBlueButton ne se chargent plus depuis 8h10 : l’un des serveurs d’enregistrement a saturé le stockage partagé. Les équipes de la DSI libèrent de l’espace et redémarrent les serveurs. En attendant, utilisez Teams pour vos cours à distance.", "lundi 18 janvier 2027 à 09:02", "2027-01-18T09:02:00+01:00")
    fixed = inc("Visioconférence indisponible", "Corrigé", "4", "Corrigé : les salles BigBlueButton fonctionnent de nouveau depuis 11h40. Les enregistrements de ce matin sont conservés. Merci de votre patience.", "lundi 18 janvier 2027 à 11:52", "2027-01-18T11:52:00+01:00")
    old = day("vendredi 15 janvier 2027", inc("Lenteurs sur Moodle", "Corrigé", "4", "Les lenteurs constatées entre 14h et 15h sont résolues.", "vendredi 15 janvier 2027 à 15:20", "2027-01-15T15:20:00+01:00"))
    down = '<div class="alert alert-danger">Certains systèmes rencontrent des problèmes</div>'
    degraded = '<div class="alert alert-info">Certains systèmes rencontrent des problèmes de performances</div>'
    before = page(down, (4, "Panne majeure"), day("lundi 18 janvier 2027", investigating) + old)
    after = page(degraded, (1, "Opérationnel"), day("lundi 18 janvier 2027", fixed + investigating) + old)
    return Case(
        "univ-rhone-est-visio-retablie",
        "Tiens-moi au courant quand la visioconférence de l’Université Rhône-Est remarche",
        "fr",
        "incident",
        False,
        False,
        "/",
        "une page Cachet en français : « Visioconférence (BigBlueButton) » passe de « Panne majeure » à « Opérationnel », l’incident de « Identifié » à « Corrigé » ; le Wi-Fi reste en « Problèmes de performances » et une maintenance de la messagerie est annoncée",
        before,
        after,
    )


def stable_id(text: str) -> int:
    return stable(text) % 900 + 100


# -- a doctor's booking page --------------------------------------------------------------------


def dre_roux() -> Case:
    def page(next_line: str, grid: str) -> str:
        return f"""<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dre Camille Roux, Dermatologue à Nantes - Prenez rendez-vous en ligne | Rendez-Vous Santé</title>
<meta name="description" content="Dre Camille Roux, Dermatologue et vénérologue, 12 rue Crébillon, 44000 Nantes. Prenez rendez-vous en ligne.">
<link rel="canonical" href="https://www.rdv-sante.fr/dermatologue/nantes/camille-roux">
<link rel="stylesheet" href="https://static.rdv-sante.fr/assets/profile-3.8.1.css">
{jsonld({"@context": "http://schema.org", "@type": "Physician", "name": "Dre Camille Roux", "medicalSpecialty": "Dermatology", "address": {"@type": "PostalAddress", "streetAddress": "12 rue Crébillon", "postalCode": "44000", "addressLocality": "Nantes", "addressCountry": "FR"}})}
</head>
<body>
{cookie_banner("simple", "fr", "Rendez-Vous Santé")}
<header class="rs-header"><a class="rs-header__logo" href="/">Rendez-Vous Santé</a><form class="rs-search" action="/recherche"><input type="text" name="q" placeholder="Nom, spécialité, établissement…" aria-label="Rechercher un praticien"><input type="text" name="ou" placeholder="Où ?" aria-label="Lieu"><button type="submit">Rechercher</button></form><a class="rs-header__pro" href="/pro">Vous êtes soignant ?</a> <a class="rs-header__login" href="/connexion">Se connecter</a></header>
<main class="rs-profile">
<section class="rs-profile__head"><img src="https://static.rdv-sante.fr/photos/camille-roux.jpg" alt="" width="96" height="96"><div><h1>Dre Camille Roux</h1><p class="rs-profile__spec">Dermatologue et vénérologue</p><p class="rs-profile__sector">Conventionné secteur 2 · Carte Vitale acceptée</p></div></section>
<section class="rs-booking" aria-labelledby="booking-title">
<h2 id="booking-title">Prendre rendez-vous</h2>
<div class="rs-booking__filters"><p><strong>Cabinet :</strong> Cabinet de dermatologie Crébillon, 12 rue Crébillon, 44000 Nantes</p><p><strong>Motif :</strong> Première consultation de dermatologie</p></div>
<div class="rs-booking__info">Nouveaux patients acceptés. Les créneaux libérés par des annulations apparaissent ici en temps réel.</div>
{grid}
{next_line}
</section>
<section class="rs-colleagues"><h2>Autres praticiens du cabinet</h2><ul><li><a href="/dermatologue/nantes/paul-meunier">Dr Paul Meunier</a> · Dermatologue · <span class="rs-next">Prochain rendez-vous le mercredi 3 mars 2027</span></li><li><a href="/dermatologue/nantes/lea-tanguy">Dre Léa Tanguy</a> · Dermatologue pédiatrique · <span class="rs-next">Aucune disponibilité en ligne</span></li></ul></section>
<section class="rs-practical"><h2>Informations pratiques</h2><p>Accès : tram ligne 1, arrêt Commerce. Ascenseur. Rez-de-chaussée accessible aux personnes à mobilité réduite.</p><h3>Tarifs</h3><ul><li>Consultation : 60{NBSP}€</li><li>Dépassement d’honoraires possible (secteur 2)</li></ul><p>Ces informations vous sont fournies à titre indicatif par le praticien.</p></section>
</main>
<footer class="rs-footer"><p>Rendez-Vous Santé · <a href="/cgu">CGU</a> · <a href="/confidentialite">Politique de confidentialité</a> · <a href="/cookies">Gestion des cookies</a></p></footer>
</body>
</html>
"""

    week = ["lun. 18 janv.", "mar. 19 janv.", "mer. 20 janv.", "jeu. 21 janv.", "ven. 22 janv."]
    empty_grid = '<div class="rs-slots"><div class="rs-slots__week">' + "".join(f'<div class="rs-slots__day"><p class="rs-slots__date">{d}</p><p class="rs-slots__none">—</p></div>' for d in week) + "</div></div>"
    before_next = '<div class="rs-next-availability"><p>Prochain RDV le <strong>vendredi 14 mai 2027</strong></p><button type="button" class="rs-btn">Voir les disponibilités</button></div>'
    after_grid = '<div class="rs-slots"><p class="rs-slots__title">lundi 22 mars 2027</p><ul class="rs-slots__list"><li><button type="button" class="rs-slot">09:15</button></li><li><button type="button" class="rs-slot">09:30</button></li></ul></div>'
    after_next = '<div class="rs-next-availability"><p>Prochain RDV le <strong>lundi 22 mars 2027</strong></p><p class="rs-next-availability__then">Puis le vendredi 14 mai 2027</p></div>'
    before = page(before_next, empty_grid)
    after = page(after_next, after_grid)
    return Case(
        "dre-roux-dermato-nantes-avant-avril",
        "Préviens-moi si la Dre Camille Roux, dermato à Nantes, a un créneau avant le 1er avril",
        "fr",
        "slot",
        False,
        False,
        "/dermatologue/nantes/camille-roux",
        "une page de prise de rendez-vous médical : « Prochain RDV le vendredi 14 mai 2027 » → lundi 22 mars 2027 à 09:15 et 09:30 ; le Dr Meunier, du même cabinet, a un créneau le 3 mars sur les deux pages",
        before,
        after,
        ["2027-03-22", "09:15"],
    )


# -- a ferry company's service notices -----------------------------------------------------------


def ile_d_yeu() -> Case:
    def page(alert: str, table: str, updated: str) -> str:
        return f"""<!DOCTYPE html>
<html lang="fr-FR">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Info trafic - Navettes de l’Île d’Yeu</title>
<meta name="description" content="Conditions de navigation et perturbations des traversées Fromentine – Port-Joinville.">
<link rel='stylesheet' id='navettes-style-css' href='https://www.navettes-iledyeu.fr/wp-content/themes/navettes/style.css?ver=3.4.1' media='all' />
<link rel="https://api.w.org/" href="https://www.navettes-iledyeu.fr/wp-json/" />
<meta name="generator" content="WordPress 6.7.1" />
</head>
<body class="page-template page-template-page-infotrafic page page-id-214">
{cookie_banner("cookieyes", "fr", "Navettes de l’Île d’Yeu")}
<header id="masthead" class="site-header"><div class="site-branding"><a href="https://www.navettes-iledyeu.fr/" rel="home">Navettes de l’Île d’Yeu</a></div><nav id="site-navigation" class="main-navigation"><ul id="primary-menu" class="menu"><li class="menu-item"><a href="/horaires/">Horaires</a></li><li class="menu-item"><a href="/tarifs/">Tarifs</a></li><li class="menu-item current-menu-item"><a href="/info-trafic/" aria-current="page">Info trafic</a></li><li class="menu-item"><a href="/fret-et-vehicules/">Fret &amp; véhicules</a></li><li class="menu-item"><a href="/contact/">Contact</a></li></ul></nav><a class="button button--book" href="https://reservation.navettes-iledyeu.fr/">Réserver</a></header>
<main id="primary" class="site-main">
<article id="post-214" class="page type-page status-publish hentry">
<header class="entry-header"><h1 class="entry-title">Info trafic</h1><p class="entry-meta">Mis à jour le {updated}</p></header>
<div class="entry-content">
{alert}
<h2 class="wp-block-heading">Départs du week-end</h2>
<figure class="wp-block-table"><table><thead><tr><th>Jour</th><th>Fromentine → Port-Joinville</th><th>Port-Joinville → Fromentine</th><th>État</th></tr></thead><tbody>{table}</tbody></table></figure>
<h2 class="wp-block-heading">En cas d’annulation</h2>
<p>Les passagers des traversées annulées sont reportés sans frais sur le prochain départ disponible ou remboursés sur demande. Les véhicules restent prioritaires sur la traversée suivante. Restez joignables au numéro indiqué lors de la réservation : nous envoyons un SMS à chaque modification.</p>
<p>La traversée dure 30 minutes. Présentez-vous à l’embarquement 30 minutes avant le départ (1 h avec un véhicule).</p>
<p>Par vent de secteur ouest supérieur à 40 nœuds, les traversées peuvent être retardées, déroutées vers Saint-Gilles-Croix-de-Vie ou annulées. La décision est prise par le commandant au plus tard deux heures avant le départ.</p>
</div>
</article>
</main>
<footer id="colophon" class="site-footer"><p>Navettes de l’Île d’Yeu · Gare maritime, 85550 La Barre-de-Monts · 02 51 00 00 00</p><p><a href="/mentions-legales/">Mentions légales</a> · <a href="/cgv/">CGV</a> · <a href="/politique-de-confidentialite/">Confidentialité</a></p></footer>
{analytics("NAV3Y9E2U1")}
</body>
</html>
"""

    alert_before = '<div class="wp-block-group alert alert--warning"><p><strong>Avis de coup de vent pour le week-end.</strong> À ce jour, les traversées du samedi 6 mars sont maintenues. Un point de situation sera publié vendredi à 17h. Les horaires pourront être modifiés.</p></div>'
    alert_after = '<div class="wp-block-group alert alert--danger"><p><strong>Samedi 6 mars : toutes les traversées sont annulées</strong> en raison de la tempête (rafales à 65 nœuds annoncées). Les passagers concernés sont reportés sur les départs du dimanche 7 mars ou remboursés. Un SMS a été envoyé à chaque passager.</p></div>'
    table_before = "<tr><td>samedi 6 mars</td><td>9h30 · 17h00</td><td>8h15 · 15h45</td><td>Maintenu (sous réserve)</td></tr><tr><td>dimanche 7 mars</td><td>10h00 · 18h00</td><td>8h45 · 16h30</td><td>Prévu</td></tr>"
    table_after = "<tr><td>samedi 6 mars</td><td><del>9h30</del> · <del>17h00</del></td><td><del>8h15</del> · <del>15h45</del></td><td>Annulé</td></tr><tr><td>dimanche 7 mars</td><td>10h00 · 13h00 (renfort) · 18h00</td><td>8h45 · 11h30 (renfort) · 16h30</td><td>Prévu</td></tr>"
    before = page(alert_before, table_before, "4 mars 2027 à 18h05")
    after = page(alert_after, table_after, "5 mars 2027 à 17h02")
    return Case(
        "ile-d-yeu-traversees-samedi-annulees",
        "Préviens-moi si les traversées pour l’île d’Yeu du samedi 6 mars sont annulées",
        "fr",
        "notice",
        False,
        False,
        "/info-trafic/",
        "la page Info trafic d’une compagnie de navettes (WordPress) : « les traversées du samedi 6 mars sont maintenues » → « toutes les traversées sont annulées » ; BEFORE parle déjà d’annulations possibles par coup de vent",
        before,
        after,
        ["2027-03-06"],
    )


# -- a book fair's site: last edition's dates --------------------------------------------------


def rochebrune() -> Case:
    def page(hero: str, news: str) -> str:
        return f"""<!DOCTYPE html>
<html lang="fr-FR">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Salon du livre jeunesse de Rochebrune</title>
<meta name="description" content="Le Salon du livre jeunesse de Rochebrune : auteurs, illustrateurs, ateliers et rencontres pour les enfants et leurs familles.">
<link rel="stylesheet" href="/wp-content/themes/astra/assets/css/minified/main.min.css?ver=4.8.3">
<meta name="generator" content="WordPress 6.7.1">
</head>
<body class="home page-template-default page page-id-6 ast-page-builder-template">
<div class="hfeed site" id="page">
<header class="site-header" id="masthead"><div class="ast-container"><div class="site-branding"><p class="site-title"><a href="/" rel="home">Salon du livre jeunesse de Rochebrune</a></p><p class="site-description">Lire, rêver, grandir</p></div><nav class="main-header-bar-navigation"><ul id="primary-menu" class="main-header-menu"><li><a href="/">Accueil</a></li><li><a href="/auteurs/">Auteurs &amp; illustrateurs</a></li><li><a href="/programme/">Programme</a></li><li><a href="/scolaires/">Scolaires</a></li><li><a href="/infos-pratiques/">Infos pratiques</a></li><li><a href="/benevoles/">Bénévoles</a></li></ul></nav></div></header>
<div id="content" class="site-content"><div class="ast-container"><div id="primary" class="content-area primary"><main id="main" class="site-main">
<article class="post-6 page type-page status-publish"><div class="entry-content clear">
<div class="wp-block-cover alignfull"><div class="wp-block-cover__inner-container">{hero}</div></div>
<div class="wp-block-columns"><div class="wp-block-column"><h2 class="wp-block-heading">Le salon</h2><p>Depuis 2009, le Salon du livre jeunesse réunit chaque automne à l’Espace Jean-Ferrat une cinquantaine d’auteurs et d’illustrateurs, des libraires de la région et près de 8 000 visiteurs. Entrée libre.</p></div><div class="wp-block-column"><h2 class="wp-block-heading">Actualités</h2>{news}</div></div>
<p class="has-text-align-center">Association Lire à Rochebrune · Espace Jean-Ferrat, 2 place du Marché, Rochebrune</p>
</div></article>
</main></div></div></div>
<footer class="site-footer"><div class="ast-small-footer"><p>© 2026 Lire à Rochebrune · <a href="/mentions-legales/">Mentions légales</a> · <a href="https://www.facebook.com/salonlivrerochebrune">Facebook</a></p></div></footer>
</div>
</body>
</html>
"""

    hero_before = '<p class="has-text-align-center has-large-font-size">18<sup>e</sup> édition</p><h1 class="has-text-align-center">Du 9 au 11 octobre 2026</h1><p class="has-text-align-center">Espace Jean-Ferrat · Entrée libre · Invitée d’honneur : Clémence Lavigne</p><div class="wp-block-buttons"><div class="wp-block-button"><a class="wp-block-button__link" href="/programme/">Voir le programme</a></div></div>'
    news_before = '<ul><li><a href="/2026/09/14/programme-2026/">Le programme 2026 est en ligne</a> – 14 septembre 2026</li><li><a href="/2026/06/02/appel-benevoles/">Appel aux bénévoles</a> – 2 juin 2026</li></ul>'
    hero_after = '<h1 class="has-text-align-center">Merci !</h1><p class="has-text-align-center has-large-font-size">La 18<sup>e</sup> édition s’est tenue du 9 au 11 octobre 2026 : plus de 8 500 visiteurs.</p><p class="has-text-align-center">Rendez-vous en 2027 pour la 19<sup>e</sup> édition, à l’automne. Les dates seront dévoilées au printemps.</p>'
    news_after = '<ul><li><a href="/2026/10/20/bilan-2026/">Bilan de la 18e édition : merci à tous !</a> – 20 octobre 2026</li><li><a href="/2026/09/14/programme-2026/">Le programme 2026 est en ligne</a> – 14 septembre 2026</li><li><a href="/2026/06/02/appel-benevoles/">Appel aux bénévoles</a> – 2 juin 2026</li></ul>'
    before = page(hero_before, news_before)
    after = page(hero_after, news_after)
    return Case(
        "salon-livre-rochebrune-2027-dates-pas-encore",
        "Préviens-moi quand on connaît les dates du Salon du livre jeunesse de Rochebrune 2027",
        "fr",
        "event",
        True,
        False,
        "/",
        "leurre : AFTER remercie pour l’édition passée (« s’est tenue du 9 au 11 octobre 2026 ») et annonce 2027 « à l’automne », dates « dévoilées au printemps » ; BEFORE montrait les dates de 2026",
        before,
        after,
    )


# -- WooCommerce: a variable product, another size on sale ---------------------------------------


def literie_moderne() -> Case:
    sizes = [("90x190", "90 x 190 cm"), ("140x190", "140 x 190 cm"), ("160x200", "160 x 200 cm")]

    def amount(v: float) -> str:
        return f'<span class="woocommerce-Price-amount amount"><bdi>{f"{v:,.2f}".replace(",", NNBSP).replace(".", ",")}&nbsp;<span class="woocommerce-Price-currencySymbol">&euro;</span></bdi></span>'

    def page(prices: dict[str, float], regular: dict[str, float], sale_note: str) -> str:
        variations = []
        for i, (slug, label) in enumerate(sizes):
            p, r = prices[slug], regular[slug]
            price_html = f'<span class="price"><del aria-hidden="true">{amount(r)}</del> <span class="screen-reader-text">Le prix initial était : {r:.2f} €.</span><ins aria-hidden="true">{amount(p)}</ins><span class="screen-reader-text">Le prix actuel est : {p:.2f} €.</span></span>' if p < r else f'<span class="price">{amount(p)}</span>'
            variations.append({"attributes": {"attribute_pa_taille": slug}, "availability_html": '<p class="stock in-stock">En stock</p>', "backorders_allowed": False, "dimensions": {"length": label.split(" x ")[1].split()[0], "width": label.split(" x ")[0], "height": "22"}, "dimensions_html": label.replace(" cm", " x 22 cm"), "display_price": p, "display_regular_price": r, "image": {"title": "matelas-serenite-latex", "src": "https://www.literie-moderne.fr/wp-content/uploads/2026/03/matelas-serenite-latex-600x600.jpg"}, "is_in_stock": True, "is_purchasable": True, "max_qty": "", "min_qty": 1, "price_html": price_html, "sku": f"SER-LTX-{slug.upper()}", "variation_id": 4810 + i, "variation_is_active": True, "variation_is_visible": True, "weight": "", "weight_html": "N/A"})
        low, high = min(prices.values()), max(prices.values())
        ld = {"@context": "https://schema.org/", "@graph": [{"@type": "Product", "@id": "https://www.literie-moderne.fr/produit/matelas-serenite-latex/#product", "name": "Matelas Sérénité Latex", "url": "https://www.literie-moderne.fr/produit/matelas-serenite-latex/", "description": "Matelas 100 % latex naturel, 7 zones de confort, accueil équilibré.", "image": "https://www.literie-moderne.fr/wp-content/uploads/2026/03/matelas-serenite-latex.jpg", "sku": "SER-LTX", "offers": [{"@type": "AggregateOffer", "lowPrice": f"{low:.2f}", "highPrice": f"{high:.2f}", "offerCount": 3, "priceValidUntil": "2027-12-31", "availability": "http://schema.org/InStock", "url": "https://www.literie-moderne.fr/produit/matelas-serenite-latex/", "seller": {"@type": "Organization", "name": "Literie Moderne", "url": "https://www.literie-moderne.fr"}, "priceCurrency": "EUR"}], "aggregateRating": {"@type": "AggregateRating", "ratingValue": "4.62", "reviewCount": 87}}]}
        options = "".join(f'<option value="{slug}" class="attached enabled">{label}</option>' for slug, label in sizes)
        return f"""<!DOCTYPE html>
<html lang="fr-FR">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Matelas Sérénité Latex – Literie Moderne</title>
<meta name='robots' content='index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1' />
<link rel='stylesheet' id='woocommerce-general-css' href='https://www.literie-moderne.fr/wp-content/plugins/woocommerce/assets/css/woocommerce.css?ver=9.5.1' media='all' />
<link rel='stylesheet' id='storefront-style-css' href='https://www.literie-moderne.fr/wp-content/themes/storefront/style.css?ver=4.6.0' media='all' />
<meta name="generator" content="WooCommerce 9.5.1">
<script type="application/ld+json" class="wc-schema">{json.dumps(ld, ensure_ascii=False)}</script>
</head>
<body class="product-template-default single single-product postid-4809 theme-storefront woocommerce woocommerce-page woocommerce-js">
{cookie_banner("cookieyes", "fr", "Literie Moderne")}
<div id="page" class="hfeed site">
<div class="storefront-promo-bar">{sale_note}</div>
<header id="masthead" class="site-header" role="banner"><div class="col-full"><div class="site-branding"><div class="beta site-title"><a href="https://www.literie-moderne.fr/" rel="home">Literie Moderne</a></div><p class="site-description">Matelas et sommiers fabriqués en France</p></div><div class="site-search"><div class="widget woocommerce widget_product_search"><form role="search" method="get" class="woocommerce-product-search" action="https://www.literie-moderne.fr/"><label class="screen-reader-text" for="woocommerce-product-search-field-0">Recherche pour :</label><input type="search" id="woocommerce-product-search-field-0" class="search-field" placeholder="Recherche de produits…" value="" name="s" /><button type="submit" value="Recherche">Recherche</button><input type="hidden" name="post_type" value="product" /></form></div></div></div><div class="storefront-primary-navigation"><div class="col-full"><nav id="site-navigation" class="main-navigation" role="navigation" aria-label="Navigation principale"><div class="primary-navigation"><ul id="menu-principal" class="menu"><li class="menu-item"><a href="/categorie-produit/matelas/">Matelas</a></li><li class="menu-item"><a href="/categorie-produit/sommiers/">Sommiers</a></li><li class="menu-item"><a href="/categorie-produit/oreillers/">Oreillers</a></li><li class="menu-item"><a href="/essai-100-nuits/">Essai 100 nuits</a></li><li class="menu-item"><a href="/showroom/">Showroom</a></li></ul></div></nav><ul id="site-header-cart" class="site-header-cart menu"><li><a class="cart-contents" href="/panier/" title="Voir votre panier"><span class="woocommerce-Price-amount amount">0,00&nbsp;<span class="woocommerce-Price-currencySymbol">&euro;</span></span> <span class="count">0 article</span></a></li></ul></div></div></header>
<div id="content" class="site-content" tabindex="-1"><div class="col-full"><div class="woocommerce"></div>
<nav class="woocommerce-breadcrumb" aria-label="Breadcrumb"><a href="https://www.literie-moderne.fr">Accueil</a>&nbsp;&#47;&nbsp;<a href="/categorie-produit/matelas/">Matelas</a>&nbsp;&#47;&nbsp;Matelas Sérénité Latex</nav>
<div id="primary" class="content-area"><main id="main" class="site-main" role="main">
<div class="woocommerce-notices-wrapper"></div>
<div id="product-4809" class="product type-product post-4809 status-publish first instock product_cat-matelas has-post-thumbnail sale taxable shipping-taxable purchasable product-type-variable">
<div class="woocommerce-product-gallery woocommerce-product-gallery--with-images woocommerce-product-gallery--columns-4 images" data-columns="4"><div class="woocommerce-product-gallery__wrapper"><div data-thumb="https://www.literie-moderne.fr/wp-content/uploads/2026/03/matelas-serenite-latex-100x100.jpg" class="woocommerce-product-gallery__image"><a href="https://www.literie-moderne.fr/wp-content/uploads/2026/03/matelas-serenite-latex.jpg"><img width="600" height="600" src="https://www.literie-moderne.fr/wp-content/uploads/2026/03/matelas-serenite-latex-600x600.jpg" class="wp-post-image" alt="Matelas Sérénité Latex" decoding="async" /></a></div></div></div>
<div class="summary entry-summary">
<h1 class="product_title entry-title">Matelas Sérénité Latex</h1>
<div class="woocommerce-product-rating"><div class="star-rating" role="img" aria-label="Note 4.62 sur 5"><span style="width:92.4%">Note <strong class="rating">4.62</strong> sur 5 basée sur <span class="rating">87</span> notations client</span></div><a href="#reviews" class="woocommerce-review-link" rel="nofollow">(<span class="count">87</span> avis client)</a></div>
<p class="price">{amount(low)} <span aria-hidden="true">–</span> {amount(high)}<span class="screen-reader-text">Plage de prix : {low:.2f} € à {high:.2f} €</span></p>
<div class="woocommerce-product-details__short-description"><p>100 % latex naturel certifié, 7 zones de confort, housse en coton bio déhoussable. Épaisseur 22 cm. Fabriqué en Vendée. Essai 100 nuits, livraison offerte.</p></div>
<form class="variations_form cart" action="https://www.literie-moderne.fr/produit/matelas-serenite-latex/" method="post" enctype='multipart/form-data' data-product_id="4809" data-product_variations="{html.escape(json.dumps(variations, ensure_ascii=False), quote=True)}">
<table class="variations" cellspacing="0" role="presentation"><tbody><tr><th class="label"><label for="pa_taille">Taille</label></th><td class="value"><select id="pa_taille" class="" name="attribute_pa_taille" data-attribute_name="attribute_pa_taille" data-show_option_none="yes"><option value="">Choisir une option</option>{options}</select><a class="reset_variations" href="#">Effacer</a></td></tr></tbody></table>
<div class="single_variation_wrap"><div class="woocommerce-variation single_variation"></div><div class="woocommerce-variation-add-to-cart variations_button"><div class="quantity"><label class="screen-reader-text" for="quantity_66f1">quantité de Matelas Sérénité Latex</label><input type="number" id="quantity_66f1" class="input-text qty text" name="quantity" value="1" aria-label="Quantité de produits" min="1" step="1" inputmode="numeric" autocomplete="off" /></div><button type="submit" class="single_add_to_cart_button button alt disabled wc-variation-selection-needed">Ajouter au panier</button><input type="hidden" name="add-to-cart" value="4809" /><input type="hidden" name="product_id" value="4809" /><input type="hidden" name="variation_id" class="variation_id" value="0" /></div></div>
</form>
<div class="product_meta"><span class="sku_wrapper">UGS : <span class="sku">SER-LTX</span></span> <span class="posted_in">Catégorie : <a href="/categorie-produit/matelas/" rel="tag">Matelas</a></span></div>
</div>
<div class="woocommerce-tabs wc-tabs-wrapper"><ul class="tabs wc-tabs" role="tablist"><li class="description_tab active" id="tab-title-description"><a href="#tab-description">Description</a></li><li class="additional_information_tab" id="tab-title-additional_information"><a href="#tab-additional_information">Informations complémentaires</a></li><li class="reviews_tab" id="tab-title-reviews"><a href="#tab-reviews">Avis (87)</a></li></ul>
<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--description panel entry-content wc-tab" id="tab-description" role="tabpanel"><h2>Description</h2><p>Le Sérénité Latex associe un noyau en latex naturel perforé à sept zones de soutien différencié : épaules plus souples, bassin plus ferme. Idéal pour les dormeurs sur le côté.</p></div>
<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--additional_information panel entry-content wc-tab" id="tab-additional_information" role="tabpanel"><h2>Informations complémentaires</h2><table class="woocommerce-product-attributes shop_attributes"><tr class="woocommerce-product-attributes-item"><th class="woocommerce-product-attributes-item__label">Taille</th><td class="woocommerce-product-attributes-item__value"><p>90 x 190 cm, 140 x 190 cm, 160 x 200 cm</p></td></tr><tr><th>Fermeté</th><td><p>Mi-ferme</p></td></tr></table></div>
<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--reviews panel entry-content wc-tab" id="tab-reviews" role="tabpanel"><div id="reviews" class="woocommerce-Reviews"><div id="comments"><h2 class="woocommerce-Reviews-title">87 avis pour <span>Matelas Sérénité Latex</span></h2><ol class="commentlist"><li class="review"><div class="comment_container"><div class="comment-text"><div class="star-rating" role="img" aria-label="Note 5 sur 5"></div><p class="meta"><strong class="woocommerce-review__author">Aurélie M.</strong> <em class="woocommerce-review__verified verified">(propriétaire vérifié)</em> <span class="woocommerce-review__dash">–</span> <time class="woocommerce-review__published-date" datetime="2026-07-12T09:14:00+00:00">12 juillet 2026</time></p><div class="description"><p>Pris en 140x190 à 389 € pendant les soldes d’été, une affaire. Plus de mal de dos.</p></div></div></div></li><li class="review"><div class="comment_container"><div class="comment-text"><div class="star-rating" role="img" aria-label="Note 4 sur 5"></div><p class="meta"><strong class="woocommerce-review__author">Julien P.</strong> <em class="woocommerce-review__verified verified">(propriétaire vérifié)</em> – <time class="woocommerce-review__published-date" datetime="2026-11-03T18:40:00+00:00">3 novembre 2026</time></p><div class="description"><p>Très confortable, un peu ferme les premières semaines.</p></div></div></div></li></ol></div></div></div>
</div>
<section class="related products"><h2>Produits similaires</h2><ul class="products columns-3"><li class="product type-product"><a href="/produit/oreiller-latex/" class="woocommerce-LoopProduct-link woocommerce-loop-product__link"><h2 class="woocommerce-loop-product__title">Oreiller latex ergonomique</h2><span class="price">{amount(69)}</span></a></li><li class="product type-product"><a href="/produit/surmatelas-latex-140x190/" class="woocommerce-LoopProduct-link woocommerce-loop-product__link"><h2 class="woocommerce-loop-product__title">Surmatelas latex 140x190</h2><span class="price">{amount(249)}</span></a></li><li class="product type-product"><a href="/produit/matelas-essentiel-mousse/" class="woocommerce-LoopProduct-link woocommerce-loop-product__link"><h2 class="woocommerce-loop-product__title">Matelas Essentiel mousse</h2><span class="price">{amount(279)} <span aria-hidden="true">–</span> {amount(449)}</span></a></li></ul></section>
</div>
</main></div>
</div></div>
<footer id="colophon" class="site-footer" role="contentinfo"><div class="col-full"><div class="site-info">&copy; Literie Moderne 2027 · <a href="/cgv/">CGV</a> · <a href="/mentions-legales/">Mentions légales</a><br /><a href="https://woocommerce.com" target="_blank" title="WooCommerce - La meilleure plateforme e-commerce pour WordPress" rel="noreferrer nofollow">Conçu avec WooCommerce</a>.</div></div></footer>
</div>
{analytics("LIT3R1E8M0")}
</body>
</html>
"""

    regular = {"90x190": 399.0, "140x190": 529.0, "160x200": 649.0}
    before = page(dict(regular), regular, "Livraison offerte · Essai 100 nuits · Paiement en 3× sans frais")
    after = page({"90x190": 329.0, "140x190": 479.0, "160x200": 599.0}, regular, "Soldes d’hiver : jusqu’à -18 % sur le Sérénité Latex · Livraison offerte")
    return Case(
        "literie-moderne-serenite-140x190-sous-400",
        "Dis-moi quand le matelas Sérénité Latex en 140x190 passe sous les 400 €",
        "fr",
        "price",
        True,
        False,
        "/produit/matelas-serenite-latex/",
        "leurre : un produit variable WooCommerce ; en soldes, le 90x190 passe à 329,00 € (la fourchette affichée devient « 329,00 € – 599,00 € ») mais le 140x190 ne descend qu’à 479,00 € (prix par taille dans data-product_variations) ; un avis cite 389 € en 140x190",
        before,
        after,
    )


CASES = [remparts, cuisineo, boulevard_tech, petale, rhone_est, dre_roux, ile_d_yeu, rochebrune, literie_moderne]
