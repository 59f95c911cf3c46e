"""Boutiques en français : un prix sous un seuil, un retour en stock, et leurs leurres."""

from __future__ import annotations

from common import Case
from shop_model import Product, Related, Review, Site, State
from shop_plain import indie, nextshop
from shop_prestashop import prestashop
from shop_shopify import shopify

FR_FOOTER = [
    ("Nos produits", ["Nouveautés", "Meilleures ventes", "Promotions", "Cartes cadeaux"]),
    ("Service client", ["Nous contacter", "Livraison", "Retours et remboursements", "Suivi de commande"]),
    ("Informations", ["Qui sommes-nous", "Mentions légales", "CGV", "Données personnelles"]),
]


def maison_futee() -> Case:
    site = Site("Maison Futée", "www.maison-futee.fr", "fr-FR", "EUR", ["Aspirateurs", "Entretien des sols", "Cuisine", "Chauffage", "Maison connectée", "Déstockage"], "Livraison offerte dès 49 € · Paiement en 3x ou 4x sans frais", cookie="onetrust", footer=FR_FOOTER, phone="09 70 80 90 10 (appel non surtaxé)")
    p = Product(
        "Aspirateur balai sans fil Dyson V15 Detect Absolute",
        "Dyson",
        "DYS-447294",
        "aspirateur-dyson-v15-detect-absolute",
        ["Entretien des sols", "Aspirateurs balais"],
        [
            "Un laser révèle la poussière invisible sur les sols durs et un capteur piézo compte et mesure les particules aspirées, affichées en temps réel sur l’écran LCD.",
            "Jusqu’à 60 minutes d’autonomie, filtration HEPA intégrale et brosse anti-enchevêtrement pour les cheveux.",
        ],
        [("Autonomie", "Jusqu’à 60 min"), ("Capacité du collecteur", "0,76 L"), ("Poids", "3,1 kg"), ("Garantie", "2 ans pièces et main-d’œuvre")],
        reviews=[
            Review("Claire D.", "14/03/2026", "2026-03-14", 5, "Bluffant", "Le laser montre toute la poussière qu’on ne voyait pas. Acheté 549 € pendant les soldes d’hiver."),
            Review("Julien", "02/09/2026", "2026-09-02", 4, "Très efficace", "Un peu lourd pour les escaliers mais redoutable sur les tapis."),
        ],
        related=[Related("Dyson V12 Detect Slim Absolute", 449.00, 549.00, "-18 %", "dyson-v12"), Related("Rowenta X-Force Flex 12.60", 399.99, handle="rowenta-x-force"), Related("Batterie Dyson Click-in V15", 99.00, handle="batterie-dyson")],
        gtin="5025155082945",
        rating=4.6,
    )
    before = prestashop(site, p, State(599.00, delivery="Livraison estimée entre le 2 et le 4 décembre"), {"microdata"})
    after = prestashop(site, p, State(479.00, 599.00, delivery="Livraison estimée entre le 2 et le 4 décembre"), {"microdata"})
    return Case(
        "maison-futee-dyson-v15-sous-500",
        "Préviens-moi quand l’aspirateur Dyson V15 Detect Absolute passe sous 500 € chez Maison Futée",
        "fr",
        "price",
        False,
        True,
        "/aspirateurs-balais/2200-aspirateur-dyson-v15-detect-absolute.html",
        "PrestaShop avec microdonnées itemprop=price ; prix français 479,00 € ; un avis cite 549 €, le V12 est à 449,00 €",
        before,
        after,
        ["479.00"],
    )


def electroplus() -> Case:
    site = Site("ÉlectroPlus", "www.electroplus.fr", "fr-FR", "EUR", ["Smartphones", "Informatique", "TV & Son", "Électroménager", "Bons plans"], "Retrait gratuit en magasin en 1 h · Livraison express en 24 h", cookie="cookiebot", footer=FR_FOOTER)
    p = Product(
        "Apple iPhone 16 128 Go Noir",
        "Apple",
        "MYE73ZD/A",
        "apple-iphone-16-128go-noir",
        ["Smartphones", "iPhone"],
        [
            "L’iPhone 16 avec la puce A18, le bouton Action, le bouton Commande de l’appareil photo et un appareil photo Fusion 48 Mpx.",
            "Prix affiché dont 0,02 € d’éco-participation. Offre de remboursement Apple Care : 50 € remboursés pour l’achat d’AppleCare+ (voir conditions).",
        ],
        [("Écran", "6,1 pouces Super Retina XDR"), ("Stockage", "128 Go"), ("Puce", "A18"), ("DAS tête", "0,98 W/kg")],
        reviews=[Review("Sophie L.", "21/10/2026", "2026-10-21", 5, "Parfait", "Passée du 12 au 16, l’autonomie est bien meilleure.")],
        related=[Related("Coque Apple en silicone avec MagSafe pour iPhone 16", 59.00, handle="coque-iphone-16"), Related("Apple iPhone 16e 128 Go", 719.00, handle="iphone-16e-128go"), Related("Apple iPhone 16 Plus 128 Go", 969.00, handle="iphone-16-plus")],
        variants=["Noir", "Blanc", "Rose", "Sarcelle", "Outremer"],
        variant_label="Couleur",
        rating=4.7,
    )
    before = shopify(site, p, State(869.00, selected="Noir"), {"jsonld"})
    after = shopify(site, p, State(789.00, 869.00, selected="Noir", promo="Black Friday : jusqu’à -20 % sur une sélection de smartphones"), {"jsonld"})
    return Case(
        "electroplus-iphone-16-moins-de-800",
        "Dis-moi quand l’iPhone 16 128 Go coûte moins de 800 € chez ÉlectroPlus",
        "fr",
        "price",
        False,
        True,
        "/products/apple-iphone-16-128go-noir",
        "JSON-LD avec une offre par couleur ; la page parle de 0,02 € d’éco-participation et de 50 € remboursés ; l’iPhone 16e est à 719,00 €",
        before,
        after,
        ["789.00"],
    )


def jeuxcity_reconditionne() -> Case:
    site = Site("JeuxCity", "www.jeuxcity.fr", "fr-FR", "EUR", ["PlayStation", "Xbox", "Nintendo", "PC", "Occasion", "Reprise"], "Reprise de vos jeux et consoles : jusqu’à 200 € de bon d’achat", cookie="cookieyes", footer=FR_FOOTER, phone="Service client : 01 76 54 32 10")
    p = Product(
        "Console Sony PlayStation 5 Pro 2 To",
        "Sony",
        "PS5PRO-2TO",
        "console-ps5-pro-2to",
        ["PlayStation", "Consoles PS5"],
        [
            "La PS5 Pro : un GPU plus puissant, la suréchantillonnage PSSR et le ray tracing avancé pour des jeux en 4K plus fluides.",
            "Livrée sans lecteur de disque. Stockage SSD de 2 To.",
        ],
        [("Stockage", "SSD 2 To"), ("Lecteur", "Non inclus (vendu séparément)"), ("Wi-Fi", "Wi-Fi 7")],
        reviews=[Review("Maxime", "05/02/2026", "2026-02-05", 5, "Une bête", "Gran Turismo en 4K 60 i/s, magnifique.")],
        related=[Related("Lecteur de disque pour PS5", 119.99, handle="lecteur-ps5"), Related("Manette DualSense Edge", 239.99, handle="dualsense-edge"), Related("Console PS5 Slim Digital", 399.99, 449.99, "-11 %", "ps5-slim-digital")],
        rating=4.5,
    )
    offer = """<div class="card mt-4 border-info"><div class="card-body"><h2 class="h6 card-title">Aussi disponible en reconditionné</h2><p class="card-text mb-1">PS5 Pro 2 To reconditionnée – état Très bon, garantie 12 mois</p><p class="card-text"><strong>à partir de 589,00&nbsp;€</strong> <a href="/produit/console-ps5-pro-2to-reconditionnee">Voir l’offre</a></p></div></div>"""
    before = indie(site, p, State(749.99), set())
    after = indie(site, p, State(749.99, extra=offer, promo="Nouveau : consoles reconditionnées garanties 12 mois"), set())
    return Case(
        "jeuxcity-ps5-pro-reconditionnee",
        "Alerte-moi quand la PS5 Pro descend en dessous de 700 € chez JeuxCity",
        "fr",
        "price",
        True,
        False,
        "/produit/console-ps5-pro-2to",
        "leurre : la console neuve reste à 749,99 € ; une offre reconditionnée « à partir de 589,00 € » apparaît ; la PS5 Slim est à 399,99 €",
        before,
        after,
    )


def veloroute() -> Case:
    site = Site("VéloRoute", "www.veloroute.fr", "fr-FR", "EUR", ["Vélos route", "Gravel", "VTT", "Vélos électriques", "Équipement", "Ateliers"], "Montage et réglage offerts en magasin · Paiement en 10x", cookie="onetrust", footer=FR_FOOTER)
    p = Product(
        "Vélo gravel Riverside 920 GRX – Bleu nuit",
        "Riverside",
        "RS920-GRX-BN",
        "velo-gravel-riverside-920-grx",
        ["Gravel", "Vélos gravel"],
        [
            "Un cadre aluminium léger, une fourche carbone et le groupe Shimano GRX 2x11 pour avaler les chemins comme les routes.",
            "Pneus 700x45 tubeless ready, freins à disque hydrauliques, nombreux points de fixation pour le bikepacking.",
        ],
        [("Cadre", "Aluminium 6061"), ("Transmission", "Shimano GRX 2x11"), ("Poids", "10,2 kg en taille M")],
        reviews=[Review("Thomas B.", "18/06/2026", "2026-06-18", 5, "Super rapport qualité-prix", "Fait 3 000 km avec, aucun souci.")],
        related=[Related("Riverside 900 gravel", 849.00, handle="riverside-900"), Related("Sacoche de cadre 4 L", 34.99, handle="sacoche-cadre")],
        variants=["S", "M", "L", "XL"],
        variant_label="Taille",
        rating=4.8,
    )
    before = nextshop(site, p, State(1199.00, selected="M"), set())
    after = nextshop(site, p, State(999.00, 1199.00, selected="M"), set())
    return Case(
        "veloroute-riverside-920-1000-maximum",
        "Préviens-moi quand le vélo gravel Riverside 920 est à 1 000 € maximum chez VéloRoute",
        "fr",
        "price",
        False,
        False,
        "/products/velo-gravel-riverside-920-grx",
        "« 1 000 € maximum » ; prix 1 199,00 € → 999,00 € écrits avec une espace fine ; pas de schema.org, l’état est dans __NEXT_DATA__ (en centimes)",
        before,
        after,
        ["999.00"],
    )


def menager_ch() -> Case:
    site = Site("Ménager.ch", "www.menager.ch", "fr-CH", "CHF", ["Café", "Cuisine", "Soin du linge", "Aspirateurs", "Actions"], "Livraison gratuite dès CHF 50.– · Garantie 2 ans", cookie="cookiebot", footer=FR_FOOTER)
    p = Product(
        "Machine à café automatique JURA ENA 8 – Full Metropolitan Black",
        "JURA",
        "15491",
        "jura-ena-8-metropolitan-black",
        ["Café", "Machines à café automatiques"],
        [
            "Compacte et élégante, l’ENA 8 prépare 10 spécialités au café avec le procédé d’extraction par impulsions (P.E.P.) et un broyeur AromaG3.",
            "Réservoir d’eau de 1,1 l, écran couleur 2,8 pouces.",
        ],
        [("Spécialités", "10"), ("Réservoir d’eau", "1,1 l"), ("Pression", "15 bar")],
        reviews=[Review("Nathalie R.", "09.07.2026", "2026-07-09", 5, "Parfaite pour deux", "Le café est excellent. Payée CHF 849.– en action au printemps.")],
        related=[Related("JURA E8 – Piano Black", 1049.00, handle="jura-e8"), Related("JURA Claris Smart+ (3 pièces)", 59.90, handle="jura-claris")],
        rating=4.7,
    )
    before = prestashop(site, p, State(899.00), {"jsonld"})
    after = prestashop(site, p, State(749.00, 899.00), {"jsonld"})
    return Case(
        "menager-ch-jura-ena-8-sous-800-chf",
        "Préviens-moi quand la Jura ENA 8 passe sous 800 CHF chez Ménager.ch",
        "fr",
        "price",
        False,
        True,
        "/machines-a-cafe-automatiques/2200-jura-ena-8-metropolitan-black.html",
        "prix suisses « CHF 749.– » ; JSON-LD en CHF ; un avis cite CHF 849.–",
        before,
        after,
        ["749"],
    )


def game_etoile() -> Case:
    site = Site("Game Étoile", "www.game-etoile.fr", "fr-FR", "EUR", ["Nintendo Switch 2", "PS5", "Xbox", "Rétro", "Précommandes", "Figurines"], "Une console par foyer · Livraison offerte dès 39 €", cookie="onetrust", footer=FR_FOOTER)
    p = Product(
        "Console Nintendo Switch 2",
        "Nintendo",
        "NS2-FR-001",
        "console-nintendo-switch-2",
        ["Nintendo Switch 2", "Consoles"],
        [
            "Un écran LCD de 7,9 pouces en 1080p, jusqu’à 4K sur la TV, des Joy-Con 2 magnétiques et 256 Go de stockage.",
            "Limité à une console par foyer. Toute commande au-delà sera annulée.",
        ],
        [("Écran", "7,9 pouces, 1080p, HDR"), ("Stockage", "256 Go"), ("Contenu", "Console, Joy-Con 2, station d’accueil, câble HDMI")],
        reviews=[Review("Léa", "12/10/2026", "2026-10-12", 5, "Enfin !", "Réussi à l’avoir lors du dernier réassort, livrée en 48 h.")],
        related=[Related("Mario Kart World (Switch 2)", 79.99, handle="mario-kart-world"), Related("Manette Pro Switch 2", 89.99, handle="manette-pro-switch-2")],
        rating=4.9,
    )
    before = prestashop(site, p, State(469.99, stock="out", notice="Victime de son succès. Prochain réassort attendu début décembre."), {"jsonld"})
    after = prestashop(site, p, State(469.99, stock="in", notice="De retour en stock ! Une console par foyer."), {"jsonld"})
    return Case(
        "game-etoile-switch-2-de-nouveau-disponible",
        "Préviens-moi quand la Nintendo Switch 2 est de nouveau disponible chez Game Étoile",
        "fr",
        "stock",
        False,
        True,
        "/consoles/2200-console-nintendo-switch-2.html",
        "JSON-LD OutOfStock → InStock, « Rupture de stock » → « En stock » ; BEFORE annonce un réassort « début décembre »",
        before,
        after,
    )


def trailmode() -> Case:
    site = Site("Trailmode", "www.trailmode.fr", "fr-FR", "EUR", ["Chaussures", "Textile", "Sacs", "Nutrition", "Outlet"], "Retours gratuits sous 60 jours", cookie="cookieyes", footer=FR_FOOTER)
    p = Product(
        "Salomon XT-6 – Noir / Noir / Phantom",
        "Salomon",
        "L41086600",
        "salomon-xt-6-noir",
        ["Chaussures", "Sneakers outdoor"],
        [
            "Née pour l’ultra-trail, devenue icône : l’XT-6 associe le châssis SensiFit, le laçage Quicklace et une semelle Contagrip.",
            "Coupe standard : prenez votre pointure habituelle.",
        ],
        [("Drop", "11 mm"), ("Poids", "340 g (42 2/3)"), ("Semelle", "Contagrip")],
        reviews=[Review("Hugo", "30/08/2026", "2026-08-30", 5, "Confort", "Taille normalement, j’ai pris mon 43 habituel.")],
        related=[Related("Salomon XT-4 OG", 170.00, handle="salomon-xt-4"), Related("Salomon ACS Pro", 160.00, 180.00, handle="salomon-acs-pro")],
        variants=["41 1/3", "42", "42 2/3", "43 1/3", "44"],
        variant_label="Pointure",
        rating=4.6,
    )
    before = nextshop(site, p, State(180.00, stock="out", variant_stock={"41 1/3": "out", "42": "out", "42 2/3": "out", "43 1/3": "out", "44": "in"}, selected="42"), set())
    after = nextshop(site, p, State(180.00, stock="out", variant_stock={"41 1/3": "out", "42": "out", "42 2/3": "in", "43 1/3": "in", "44": "in"}, selected="42", notice="Réassort : les pointures 42 2/3 et 43 1/3 sont de nouveau disponibles."), set())
    return Case(
        "trailmode-salomon-xt-6-pointure-42-toujours-epuisee",
        "Dis-moi quand les Salomon XT-6 noires en pointure 42 sont de nouveau en stock chez Trailmode",
        "fr",
        "stock",
        True,
        False,
        "/products/salomon-xt-6-noir",
        "leurre : « Réassort » des pointures 42 2/3 et 43 1/3, la 42 reste épuisée ; « 42 » est aussi le début de « 42 2/3 »",
        before,
        after,
    )


CASES = [
    maison_futee,
    electroplus,
    jeuxcity_reconditionne,
    veloroute,
    menager_ch,
    game_etoile,
    trailmode,
]
