"""Shops auf Deutsch: ein Preis unter einer Schwelle, wieder lieferbar, und ihre Attrappen."""

from __future__ import annotations

from common import Case
from shop_model import Product, Related, Review, Site, State
from shop_plain import indie, nextshop
from shop_shopware import shopware

DE_FOOTER = [
    ("Service", ["Kontakt", "Versand & Lieferung", "Rückgabe", "Zahlungsarten"]),
    ("Informationen", ["Über uns", "Impressum", "Datenschutz", "AGB"]),
    ("Shop", ["Neuheiten", "Angebote", "Marken", "Gutscheine"]),
]


def fotoprofi() -> Case:
    site = Site("Fotoprofi", "www.fotoprofi-shop.de", "de-DE", "EUR", ["Kameras", "Objektive", "Blitze", "Stative", "Drohnen", "Gebraucht"], "Kostenloser Versand ab 50 € · 0%-Finanzierung ab 300 €", cookie="cookiebot", footer=DE_FOOTER)
    p = Product(
        "Sony Alpha 7 IV Gehäuse (ILCE-7M4)",
        "Sony",
        "ILCE7M4B.CEC",
        "sony-alpha-7-iv-gehaeuse",
        ["Kameras", "Systemkameras", "Sony E-Mount"],
        [
            "33 Megapixel Vollformat-Sensor, Echtzeit-Tracking-Autofokus mit Augenerkennung für Mensch, Tier und Vogel und 4K60p-Videoaufnahme in 10 Bit 4:2:2.",
            "Lieferumfang: Gehäuse, Akku NP-FZ100, Ladegerät, Schultergurt, Gehäusedeckel.",
        ],
        [("Sensor", "33 MP Vollformat Exmor R"), ("Bildstabilisator", "5-Achsen, 5,5 Stufen"), ("Video", "4K 60p, 10 Bit"), ("Gewicht", "658 g")],
        reviews=[
            Review("Markus W.", "12.04.2026", "2026-04-12", 5, "Top Allrounder", "Im Cashback-Zeitraum für effektiv 1.699 € bekommen. Autofokus ist fantastisch."),
            Review("Jana", "03.08.2026", "2026-08-03", 4, "Sehr gut", "Menüführung gewöhnungsbedürftig, Bildqualität hervorragend."),
        ],
        related=[Related("Sony FE 24-70 mm F2.8 GM II", 2099.00, 2399.00, handle="sony-fe-24-70-gm2"), Related("Sony Alpha 7 III Gehäuse", 1299.00, handle="sony-a7-iii"), Related("Sony NP-FZ100 Akku", 79.00, handle="np-fz100")],
        gtin="4548736133730",
        rating=4.8,
    )
    before = shopware(site, p, State(1999.00, 2799.00), {"microdata"})
    after = shopware(site, p, State(1749.00, 2799.00, promo="Black Week: bis zu 30 % auf ausgewählte Kameras"), {"microdata"})
    return Case(
        "fotoprofi-sony-alpha-7-iv-unter-1800",
        "Sag mir Bescheid, wenn die Sony Alpha 7 IV bei Fotoprofi unter 1.800 € fällt",
        "de",
        "price",
        False,
        True,
        "/sony-alpha-7-iv-gehaeuse/ILCE7M4B.CEC",
        "Shopware 6 mit Mikrodaten; deutsches Format 1.749,00 €*; UVP 2.799,00 €; eine Bewertung nennt effektiv 1.699 €; die A7 III kostet 1.299,00 €",
        before,
        after,
        ["1749.00"],
    )


def haustechnik() -> Case:
    site = Site("HausTechnik24", "www.haustechnik24.de", "de-DE", "EUR", ["Küche", "Waschen & Trocknen", "Kühlen", "Staubsauger", "Klima", "Sale"], "Lieferung bis in die Küche · Altgeräte-Mitnahme kostenlos", cookie="onetrust", footer=DE_FOOTER)
    p = Product(
        "Bosch Serie 6 SMS6ZCI08E Geschirrspüler, 60 cm, freistehend, Edelstahl",
        "Bosch",
        "SMS6ZCI08E",
        "bosch-serie-6-sms6zci08e",
        ["Küche", "Geschirrspüler", "Freistehend"],
        [
            "Mit Zeolith-Trocknung für perfekte Trocknungsergebnisse, Home Connect und der flexiblen VarioSchublade Pro für Besteck und kleine Teile.",
            "Energieeffizienzklasse B, 14 Maßgedecke, Geräuschpegel 42 dB.",
        ],
        [("Energieeffizienzklasse", "B"), ("Maßgedecke", "14"), ("Geräusch", "42 dB(A) re 1 pW"), ("Breite", "60 cm")],
        reviews=[Review("Familie K.", "22.05.2026", "2026-05-22", 5, "Leise und sauber", "Nach dem Einbau keinerlei Probleme. Trocknung ist wirklich super.")],
        related=[Related("Bosch Serie 4 SMS4HVI33E", 549.00, 649.00, handle="bosch-serie-4-sms4hvi33e"), Related("Siemens iQ500 SN25ZI49CE", 679.00, handle="siemens-iq500")],
        gtin="4242005290840",
        rating=4.6,
    )
    before = shopware(site, p, State(729.00, 1049.00), {"jsonld"})
    after = shopware(site, p, State(619.00, 1049.00), {"jsonld"})
    return Case(
        "haustechnik24-bosch-sms6zci08e-weniger-als-650",
        "Benachrichtige mich, wenn der Bosch Serie 6 Geschirrspüler SMS6ZCI08E bei HausTechnik24 weniger als 650 € kostet",
        "de",
        "price",
        False,
        True,
        "/bosch-serie-6-sms6zci08e/SMS6ZCI08E",
        "Shopware mit JSON-LD; Listenpreis 1.049,00 € gestrichen; das Serie-4-Modell kostet 549,00 €",
        before,
        after,
        ["619.00"],
    )


def technikwelt_exact() -> Case:
    site = Site("Technikwelt", "www.technikwelt.de", "de-DE", "EUR", ["Smartphones", "Audio", "Wearables", "Computer", "Angebote"], "Versandkostenfrei ab 29 € · 30 Tage Rückgabe", cookie="cookiebot", footer=DE_FOOTER)
    p = Product(
        "Apple AirPods Pro 3",
        "Apple",
        "MFHP4ZM/A",
        "apple-airpods-pro-3",
        ["Audio", "In-Ear-Kopfhörer"],
        [
            "Die bisher beste aktive Geräuschunterdrückung in In-Ear-Kopfhörern, Herzfrequenzmessung beim Training und bis zu 8 Stunden Wiedergabe mit ANC.",
            "Hörgerätefunktion, Gehörschutz und Live-Übersetzung.",
        ],
        [("Akkulaufzeit", "bis zu 8 Std. (ANC)"), ("Schutz", "IP57"), ("Ladecase", "USB-C, MagSafe")],
        reviews=[Review("Tim", "28.09.2026", "2026-09-28", 5, "Klasse", "Deutlich besseres ANC als die Pro 2.")],
        related=[Related("Apple AirPods 4 mit ANC", 179.00, 199.00, handle="airpods-4-anc"), Related("Apple AirPods Pro 2 (USB-C)", 219.00, 279.00, handle="airpods-pro-2")],
        rating=4.7,
    )
    before = shopware(site, p, State(249.00), {"jsonld"})
    after = shopware(site, p, State(229.00, 249.00), {"jsonld"})
    return Case(
        "technikwelt-airpods-pro-3-genau-229",
        "Sag Bescheid, wenn die AirPods Pro 3 bei Technikwelt unter 229 € fallen",
        "de",
        "price",
        True,
        True,
        "/apple-airpods-pro-3/MFHP4ZM/A",
        "Leerlauf: AFTER kostet genau 229,00 €, nicht darunter; die AirPods Pro 2 kosten 219,00 €",
        before,
        after,
    )


def kaffeewelt_ch() -> Case:
    site = Site("Kaffeewelt.ch", "www.kaffeewelt.ch", "de-CH", "CHF", ["Kaffeevollautomaten", "Siebträger", "Mühlen", "Kaffee", "Zubehör"], "Gratis Lieferung in der ganzen Schweiz ab CHF 100.–", cookie="cookiebot", footer=DE_FOOTER, phone="044 555 12 34", legal="Kaffeewelt GmbH, Zürich.")
    p = Product(
        "JURA E8 (EC) Piano Black",
        "JURA",
        "15355",
        "jura-e8-piano-black",
        ["Kaffeevollautomaten", "JURA"],
        [
            "Der Klassiker für Geniesser: 17 Spezialitäten, Puls-Extraktionsprozess (P.E.P.®) für Ristretto und Espresso und die Feinschaum-Technologie für Milchschaum.",
            "Inklusive Starter-Set und 2 Jahre Garantie.",
        ],
        [("Spezialitäten", "17"), ("Wassertank", "1,9 l"), ("Mahlwerk", "AromaG3")],
        reviews=[Review("Beat M.", "03.03.2026", "2026-03-03", 5, "Super Maschine", "Im Frühling für CHF 899.– gekauft, läuft einwandfrei.")],
        related=[Related("JURA ENA 8 Full Metropolitan Black", 849.00, handle="jura-ena-8"), Related("JURA Reinigungstabletten", 24.90, handle="jura-tabs")],
        rating=4.8,
    )
    before = indie(site, p, State(1049.00), set())
    after = indie(site, p, State(879.00, 1049.00), set())
    return Case(
        "kaffeewelt-ch-jura-e8-unter-chf-900",
        "Sag mir, wenn die Jura E8 bei Kaffeewelt.ch unter CHF 900 fällt",
        "de",
        "price",
        False,
        False,
        "/product/jura-e8-piano-black",
        "Schweizer Format CHF 1’049.– → CHF 879.–; keine strukturierten Daten; eine Bewertung nennt CHF 899.–",
        before,
        after,
        ["879"],
    )


def notebooknord() -> Case:
    site = Site("NotebookNord", "www.notebooknord.de", "de-DE", "EUR", ["Business-Notebooks", "Gaming", "Convertibles", "Zubehör", "B-Ware"], "Gewerbekunden: Kauf auf Rechnung · Expressversand", cookie="onetrust", footer=DE_FOOTER)
    p = Product(
        "Lenovo ThinkPad X1 Carbon Gen 13 – 14\" 2.8K OLED, Core Ultra 7 258V, 32 GB, 1 TB",
        "Lenovo",
        "21NS0010GE",
        "lenovo-thinkpad-x1-carbon-gen-13",
        ["Business-Notebooks", "Lenovo ThinkPad"],
        [
            "Unter 1 kg, 2.8K-OLED-Display, Intel Core Ultra 7 mit NPU für KI-Funktionen und bis zu 20 Stunden Akkulaufzeit.",
            "3 Jahre Premier Support inklusive.",
        ],
        [("Display", "14\" 2.8K OLED, 120 Hz"), ("Prozessor", "Intel Core Ultra 7 258V"), ("Arbeitsspeicher", "32 GB LPDDR5X"), ("SSD", "1 TB")],
        reviews=[Review("IT-Leiter", "19.06.2026", "2026-06-19", 5, "Perfekt für unterwegs", "Leicht, schnell, tolle Tastatur.")],
        related=[Related("Lenovo ThinkPad X1 Carbon Gen 12 (B-Ware)", 1199.00, handle="x1-carbon-gen-12-b-ware"), Related("Lenovo ThinkPad Thunderbolt 4 Dock", 259.00, handle="tb4-dock")],
        rating=4.6,
    )
    before = shopware(site, p, State(1649.00), {"og"})
    after = shopware(site, p, State(1499.00, 1649.00), {"og"})
    return Case(
        "notebooknord-thinkpad-x1-carbon-hoechstens-1500",
        "Melde dich, wenn das ThinkPad X1 Carbon Gen 13 bei NotebookNord höchstens 1.500 € kostet",
        "de",
        "price",
        False,
        True,
        "/lenovo-thinkpad-x1-carbon-gen-13/21NS0010GE",
        "nur OpenGraph product:price:amount trägt den Preis (1499), keine JSON-LD; B-Ware des Vorgängers für 1.199,00 €",
        before,
        after,
        ["1499.00"],
    )


def spielepalast() -> Case:
    site = Site("SpielePalast", "www.spielepalast.de", "de-DE", "EUR", ["PlayStation", "Xbox", "Nintendo", "PC", "Merch", "Vorbestellungen"], "Versandkostenfrei ab 20 € · Lieferung in 1–2 Werktagen", cookie="cookiebot", footer=DE_FOOTER)
    p = Product(
        "Sony PlayStation 5 Slim Digital Edition (825 GB)",
        "Sony",
        "PS5-SLIM-DIG",
        "ps5-slim-digital-edition",
        ["PlayStation", "Konsolen"],
        [
            "Die schlanke PS5 ohne Laufwerk mit 1 TB SSD, 4K-Gaming mit bis zu 120 fps und dem DualSense Wireless-Controller.",
            "Ein Laufwerk kann nachgerüstet werden.",
        ],
        [("Speicher", "825 GB SSD"), ("Laufwerk", "nein"), ("Auflösung", "bis 4K")],
        reviews=[Review("Kevin", "11.11.2025", "2025-11-11", 5, "Leise", "Viel leiser als meine alte PS4.")],
        related=[Related("DualSense Wireless-Controller", 59.99, 74.99, handle="dualsense"), Related("PS5 Laufwerk", 79.99, handle="ps5-laufwerk")],
        rating=4.8,
    )
    before = shopware(site, p, State(399.99, stock="out", notice="Derzeit nicht lieferbar. Neue Ware ist bestellt."), {"jsonld"})
    after = shopware(site, p, State(399.99, stock="in", delivery="Sofort lieferbar, Lieferzeit 1-2 Werktage"), {"jsonld"})
    return Case(
        "spielepalast-ps5-slim-digital-wieder-lieferbar",
        "Benachrichtige mich, wenn die PlayStation 5 Slim Digital bei SpielePalast wieder lieferbar ist",
        "de",
        "stock",
        False,
        True,
        "/ps5-slim-digital-edition/PS5-SLIM-DIG",
        "Shopware: 'Nicht verfügbar' → 'Sofort lieferbar'; JSON-LD OutOfStock → InStock",
        before,
        after,
    )


def kuechenmarkt() -> Case:
    site = Site("Küchenmarkt", "www.kuechenmarkt.de", "de-DE", "EUR", ["Küchenmaschinen", "Kochen", "Backen", "Kaffee", "Outlet"], "Gratis Versand ab 59 €", cookie="onetrust", footer=DE_FOOTER)
    p = Product(
        "Vorwerk Thermomix TM7",
        "Vorwerk",
        "TM7-DE",
        "vorwerk-thermomix-tm7",
        ["Küchenmaschinen", "Multikocher"],
        [
            "Der neue Thermomix mit 10-Zoll-Display, offenem Garen und leiserem Motor. Tausende Guided-Cooking-Rezepte über Cookidoo®.",
            "Lieferumfang: Grundgerät, Mixtopf mit Deckel, Varoma®, Spatel.",
        ],
        [("Display", "10 Zoll"), ("Mixtopf", "2,2 l"), ("Leistung", "1500 W")],
        reviews=[Review("Sabine", "14.09.2026", "2026-09-14", 5, "Nie wieder ohne", "War letzten Monat kurz wieder auf Lager, sofort zugeschlagen.")],
        related=[Related("Thermomix Varoma TM7", 79.00, handle="varoma-tm7"), Related("Cookidoo Jahresabo", 59.00, handle="cookidoo")],
        rating=4.9,
    )
    before = shopware(site, p, State(1549.00, stock="out"), set())
    after = shopware(site, p, State(1549.00, stock="soon", notice="<strong>Bald wieder verfügbar!</strong> Die nächste Lieferung ist unterwegs – jetzt vormerken und als Erste informiert werden."), set())
    return Case(
        "kuechenmarkt-thermomix-tm7-bald-wieder-verfuegbar",
        "Sag Bescheid, wenn der Thermomix TM7 bei Küchenmarkt wieder auf Lager ist",
        "de",
        "stock",
        True,
        False,
        "/vorwerk-thermomix-tm7/TM7-DE",
        "Leerlauf: 'Bald wieder verfügbar – jetzt vormerken', weiterhin nicht lieferbar; eine Bewertung sagt 'war letzten Monat kurz wieder auf Lager'; ohne strukturierte Daten",
        before,
        after,
    )


def gruenhandy() -> Case:
    site = Site("Grünhandy", "www.gruenhandy.de", "de-DE", "EUR", ["Smartphones", "Refurbished", "Tarife", "Zubehör", "Reparatur"], "Faire Smartphones · CO₂-neutraler Versand", cookie="cookiebot", footer=DE_FOOTER)
    p = Product(
        "Fairphone 6 (256 GB)",
        "Fairphone",
        "FP6-256",
        "fairphone-6-256gb",
        ["Smartphones", "Nachhaltige Smartphones"],
        [
            "Das modularste Fairphone: 12 austauschbare Module, 8 Jahre Software-Updates und ein 6,31-Zoll-LTPO-OLED-Display.",
            "Mit fair gewonnenem Gold und recyceltem Aluminium.",
        ],
        [("Display", "6,31\" LTPO OLED, 120 Hz"), ("Speicher", "256 GB"), ("Updates", "bis 2033")],
        reviews=[Review("Lukas", "01.10.2026", "2026-10-01", 5, "Endlich", "Akku selbst gewechselt in 2 Minuten.")],
        related=[Related("Fairphone 5 (refurbished)", 399.00, handle="fairphone-5-refurbished"), Related("Fairphone Schutzhülle FP6", 29.95, handle="fp6-huelle")],
        variants=["Cloud White", "Forest Green", "Horizon Black"],
        variant_label="Farbe",
        rating=4.6,
    )
    before = nextshop(site, p, State(599.00, stock="out", variant_stock={"Cloud White": "in", "Forest Green": "out", "Horizon Black": "in"}, selected="Forest Green"), set())
    after = nextshop(site, p, State(599.00, stock="in", variant_stock={"Cloud White": "in", "Forest Green": "in", "Horizon Black": "in"}, selected="Forest Green"), set())
    return Case(
        "gruenhandy-fairphone-6-gruen-wieder-verfuegbar",
        "Sag mir, wenn das Fairphone 6 in Grün bei Grünhandy wieder verfügbar ist",
        "de",
        "stock",
        False,
        False,
        "/products/fairphone-6-256gb",
        "die Farbe heißt 'Forest Green'; auf BEFORE sind Weiß und Schwarz lieferbar, Grün nicht; kein schema.org",
        before,
        after,
    )


CASES = [
    fotoprofi,
    haustechnik,
    technikwelt_exact,
    kaffeewelt_ch,
    notebooknord,
    spielepalast,
    kuechenmarkt,
    gruenhandy,
]
