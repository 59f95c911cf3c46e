"""Seiten auf Deutsch: Versionen, Störungen, Termine, Bekanntmachungen, Messen."""

from __future__ import annotations

from booking import municipal_appointments
from common import Case
from notices import event_page, town_notice
from releases import Post, project_blog
from status import operator_notice


def kartograf() -> Case:
    labels = {"title": "Neuigkeiten", "path": "neuigkeiten", "home": "Startseite", "next": "Nächste Seite"}
    posts_before = [
        Post("Kartograf 5.0 RC1 zum Testen", "kartograf-5-0-rc1", "2026-11-09", "9. November 2026", "Das Kartograf-Team", "Der erste Release Candidate von Kartograf 5.0 steht bereit. Bitte testet ihn mit euren Projekten und meldet Fehler im Tracker. Die finale Version ist für Ende November geplant.", ["Release"]),
        Post("Kartograf 4.6.2 veröffentlicht", "kartograf-4-6-2", "2026-10-14", "14. Oktober 2026", "Das Kartograf-Team", "Fehlerbehebungen beim Export nach GeoPackage.", ["Release"]),
    ]
    posts_after = [
        Post("Kartograf 5.0 ist erschienen", "kartograf-5-0", "2026-11-27", "27. November 2026", "Das Kartograf-Team", "Nach einem Jahr Entwicklung ist Kartograf 5.0 da: neue Beschriftungs-Engine, Vektorkacheln und Python-Plugins. Die Pakete für Windows, macOS und Linux stehen zum Download bereit.", ["Release"]),
        *posts_before,
    ]
    kw = dict(nav=["Download", "Dokumentation", "Neuigkeiten", "Community", "Spenden"], tagline="Neuigkeiten rund um die freie Kartensoftware Kartograf", labels=labels, footer="© 2026 Kartograf e. V. · Impressum · Datenschutz")
    before = project_blog("Kartograf", "kartograf.org", "de", posts_before, **kw)
    after = project_blog("Kartograf", "kartograf.org", "de", posts_after, **kw)
    return Case(
        "kartograf-5-0-erschienen",
        "Sag mir, wenn Version 5.0 von Kartograf veröffentlicht wird",
        "de",
        "release",
        False,
        False,
        "/neuigkeiten/",
        "ein Projektblog: 'RC1 zum Testen' (final 'für Ende November geplant') → 'Kartograf 5.0 ist erschienen'",
        before,
        after,
        ["5.0"],
    )


def nordbank() -> Case:
    nav = ["Privatkunden", "Firmenkunden", "Online-Banking", "Service", "Filialen"]
    footer = "<p>Nordbank AG · <a href=\"/impressum\">Impressum</a> · <a href=\"/datenschutz\">Datenschutz</a> · <a href=\"/barrierefreiheit\">Barrierefreiheit</a></p>"
    sidebar = "<h2>Hilfe &amp; Kontakt</h2><ul><li>Sperr-Notruf: 116 116</li><li>Service-Hotline: 040 555 0000 (Mo–Fr 8–20 Uhr)</li></ul>"
    before = operator_notice(
        "Nordbank",
        "www.nordbank.de",
        "de",
        "Störung: Anmeldung im Online-Banking und in der App derzeit nicht möglich",
        [
            ("Was ist passiert?", "<p>Seit 7:30 Uhr ist die Anmeldung im Online-Banking und in der Nordbank-App gestört. Unsere Technik arbeitet mit Hochdruck an der Behebung.</p>"),
            ("Was bedeutet das für Sie?", "<p>Überweisungen und Daueraufträge werden ausgeführt. Kartenzahlungen und Geldautomaten sind nicht betroffen.</p>"),
        ],
        nav=nav,
        updated="Stand: 27.11.2026, 09:15 Uhr",
        alert_class="severe",
        sidebar=sidebar,
        footer=footer,
        skip="Zum Inhalt springen",
    )
    after = operator_notice(
        "Nordbank",
        "www.nordbank.de",
        "de",
        "Störung behoben: Online-Banking und App wieder erreichbar",
        [
            ("Was ist passiert?", "<p>Die Störung ist behoben. Seit 11:05 Uhr können Sie sich wieder wie gewohnt im Online-Banking und in der App anmelden.</p>"),
            ("Was bedeutet das für Sie?", "<p>Alle Aufträge aus dem Zeitraum der Störung wurden ausgeführt. Wir bitten die Unannehmlichkeiten zu entschuldigen.</p>"),
        ],
        nav=nav,
        updated="Stand: 27.11.2026, 11:20 Uhr",
        alert_class="resolved",
        sidebar=sidebar,
        footer=footer,
        skip="Zum Inhalt springen",
    )
    return Case(
        "nordbank-online-banking-stoerung-behoben",
        "Sag Bescheid, wenn die Störung beim Online-Banking der Nordbank behoben ist",
        "de",
        "incident",
        False,
        False,
        "/service/stoerungen",
        "die Bank-Seite: 'derzeit nicht möglich' → 'Störung behoben … wieder erreichbar'",
        before,
        after,
    )


def regio_sued() -> Case:
    nav = ["Fahrplan", "Tickets", "Baustellen", "Störungen", "Service"]
    footer = "<p>Regio Süd GmbH · <a href=\"/impressum\">Impressum</a> · <a href=\"/fahrgastrechte\">Fahrgastrechte</a></p>"
    sidebar = "<h2>Weitere Meldungen</h2><ul><li><a href=\"/baustellen/muenchen-pasing\">Bauarbeiten München-Pasing, 5.–7. Dezember</a></li></ul>"
    before = operator_notice(
        "Regio Süd",
        "www.regio-sued.de",
        "de",
        "Augsburg – Ulm: Streckensperrung nach Oberleitungsschaden",
        [
            ("Aktuelle Lage", "<p>Zwischen Dinkelscherben und Neusäß ist die Strecke wegen eines Oberleitungsschadens gesperrt. Die Züge der Linie RE 9 fallen zwischen Augsburg und Ulm aus.</p>"),
            ("Ersatzverkehr", "<p>Ein Schienenersatzverkehr mit Bussen ist eingerichtet. Bitte planen Sie rund 45 Minuten mehr Reisezeit ein.</p>"),
        ],
        nav=nav,
        updated="Stand: 27.11.2026, 12:40 Uhr",
        alert_class="severe",
        sidebar=sidebar,
        footer=footer,
        skip="Zum Inhalt springen",
    )
    after = operator_notice(
        "Regio Süd",
        "www.regio-sued.de",
        "de",
        "Augsburg – Ulm: Streckensperrung nach Oberleitungsschaden",
        [
            ("Aktuelle Lage", "<p>Die Reparaturarbeiten an der Oberleitung dauern an. Nach aktueller Prognose wird die Strecke voraussichtlich ab ca. 18:00 Uhr wieder freigegeben. Bis dahin bleibt sie gesperrt.</p>"),
            ("Ersatzverkehr", "<p>Der Schienenersatzverkehr mit Bussen fährt weiterhin. Bitte planen Sie rund 45 Minuten mehr Reisezeit ein.</p>"),
        ],
        nav=nav,
        updated="Stand: 27.11.2026, 15:10 Uhr",
        alert_class="severe",
        sidebar=sidebar,
        footer=footer,
        skip="Zum Inhalt springen",
    )
    return Case(
        "regio-sued-augsburg-ulm-prognose-nicht-behoben",
        "Benachrichtige mich, wenn die Störung bei Regio Süd zwischen Augsburg und Ulm behoben ist",
        "de",
        "incident",
        True,
        False,
        "/stoerungen/augsburg-ulm",
        "Leerlauf: nur eine Prognose ('voraussichtlich ab ca. 18:00 Uhr wieder freigegeben'), die Strecke bleibt gesperrt",
        before,
        after,
    )


def buergeramt() -> Case:
    nav = ["Dienstleistungen", "Standorte", "Termin buchen", "Hilfe"]
    footer = "<p>Service-Portal Berlin · <a href=\"/impressum\">Impressum</a> · <a href=\"/datenschutz\">Datenschutz</a> · <a href=\"/barrierefreiheit\">Erklärung zur Barrierefreiheit</a></p>"
    steps = ["Dienstleistung", "Standort", "Termin", "Ihre Daten", "Bestätigung"]
    intro = "Bitte wählen Sie einen Termin. Bringen Sie zum Termin Ihren bisherigen Pass oder Personalausweis und ein aktuelles biometrisches Foto mit."
    none = "<div class=\"alert alert-info\"><p><strong>Leider sind aktuell keine Termine für ihre Auswahl verfügbar.</strong></p><p>Neue Termine werden in der Regel werktags ab 8:00 Uhr freigeschaltet. Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.</p></div>"
    some = "<div class=\"calendar\"><h2>Februar 2027</h2><table class=\"calendar-month\"><thead><tr><th>Mo</th><th>Di</th><th>Mi</th><th>Do</th><th>Fr</th></tr></thead><tbody><tr><td class=\"nichtbuchbar\">22</td><td class=\"buchbar\"><a href=\"/terminvereinbarung/termin/day/1803772800/\" title=\"An diesem Tag einen Termin buchen\">23</a></td><td class=\"nichtbuchbar\">24</td><td class=\"nichtbuchbar\">25</td><td class=\"nichtbuchbar\">26</td></tr></tbody></table></div><div class=\"timetable\"><h2>Freie Termine am 23.02.2027</h2><ul><li><a href=\"/terminvereinbarung/termin/time/1803802500/\">08:15 Uhr</a></li><li><a href=\"/terminvereinbarung/termin/time/1803810600/\">10:30 Uhr</a></li></ul></div>"
    kw = dict(heading="Terminvereinbarung", intro=intro, steps=steps, nav=nav, footer=footer, skip="Zum Inhalt springen")
    before = municipal_appointments("Service-Portal Berlin", "service.berlin.de", "de", "Dienstleistung|Reisepass beantragen", "Standort|Bürgeramt Kreuzberg, Yorckstraße 4-11", result=none, **kw)
    after = municipal_appointments("Service-Portal Berlin", "service.berlin.de", "de", "Dienstleistung|Reisepass beantragen", "Standort|Bürgeramt Kreuzberg, Yorckstraße 4-11", result=some, **kw)
    return Case(
        "buergeramt-kreuzberg-termin-reisepass",
        "Sag mir, wenn beim Bürgeramt Kreuzberg ein Termin für einen Reisepass frei ist",
        "de",
        "slot",
        False,
        False,
        "/terminvereinbarung/termin/tag.php",
        "'Leider sind aktuell keine Termine … verfügbar' → freie Termine am 23.02.2027 um 08:15 Uhr; BEFORE nennt 8:00 Uhr als Uhrzeit der Freischaltung",
        before,
        after,
        ["2027-02-23", "08:15"],
    )


def bebauungsplan() -> Case:
    nav = ["Rathaus & Politik", "Bauen & Wohnen", "Leben", "Wirtschaft", "Kontakt"]
    footer = "<p>Gemeinde Mühlbach am Neckar · Rathausplatz 1 · 74000 Mühlbach</p>"
    body_before = "<p>Der Entwurf des Bebauungsplans „Am Mühlbach“ (Wohngebiet mit ca. 45 Wohneinheiten) lag vom 15. September bis 16. Oktober 2026 öffentlich aus. Die eingegangenen Stellungnahmen werden derzeit ausgewertet.</p><p>Die Beratung und Beschlussfassung im Gemeinderat ist für die Sitzung am 10. März 2027 vorgesehen.</p>"
    body_after = "<p><strong>Der Gemeinderat hat in seiner Sitzung am 25. November 2026 den Bebauungsplan „Am Mühlbach“ als Satzung beschlossen</strong> (Abstimmung: 14 Ja-Stimmen, 3 Nein-Stimmen, 1 Enthaltung). Die Beschlussfassung wurde wegen der Dringlichkeit des Wohnungsbaus vorgezogen.</p><p>Der Bebauungsplan tritt mit der ortsüblichen Bekanntmachung in Kraft.</p><p>Der Entwurf lag vom 15. September bis 16. Oktober 2026 öffentlich aus.</p>"
    kw = dict(nav=nav, crumbs=["Startseite", "Bauen & Wohnen", "Bebauungspläne", "Am Mühlbach"], footer=footer, words={"skip": "Zum Inhalt springen", "search": "Suche", "share": "Seite teilen"})
    before = town_notice("Gemeinde Mühlbach", "muehlbach-neckar.de", "de", "Bebauungsplan „Am Mühlbach“", body_before, updated="Aktualisiert am 20.10.2026", **kw)
    after = town_notice("Gemeinde Mühlbach", "muehlbach-neckar.de", "de", "Bebauungsplan „Am Mühlbach“: Satzungsbeschluss", body_after, updated="Aktualisiert am 26.11.2026", **kw)
    return Case(
        "muehlbach-bebauungsplan-beschlossen",
        "Sag mir, wenn der Gemeinderat über den Bebauungsplan „Am Mühlbach“ entschieden hat",
        "de",
        "notice",
        False,
        False,
        "/bauen-wohnen/bebauungsplaene/am-muehlbach",
        "eine Gemeindeseite: geplante Beschlussfassung am 10. März 2027 → Satzungsbeschluss am 25. November 2026 (vorgezogen)",
        before,
        after,
    )


def spielemesse() -> Case:
    nav = ["Besucher", "Aussteller", "Tickets", "Presse", "Karriere"]
    footer = "<p>Spielemesse Köln ist eine Veranstaltung der Kölner Messe GmbH. <a href=\"/impressum\">Impressum</a> · <a href=\"/datenschutz\">Datenschutz</a></p>"
    body_before = "<section class=\"wrap\"><h2>Danke für 2026!</h2><p>320.000 Besucherinnen und Besucher, 1.400 Aussteller aus 64 Ländern. Der Termin für 2027 wird in Kürze bekanntgegeben.</p></section>"
    body_after = "<section class=\"wrap\"><h2>Spielemesse Köln 2027: 25. bis 29. August</h2><p>Die Spielemesse Köln 2027 findet von <strong>Mittwoch, 25. August, bis Sonntag, 29. August 2027</strong> statt. Der Fachbesuchertag ist der 25. August; der Ticketverkauf startet im Frühjahr.</p></section><section class=\"wrap\"><h2>Danke für 2026!</h2><p>320.000 Besucherinnen und Besucher, 1.400 Aussteller aus 64 Ländern.</p></section>"
    event = {
        "@context": "https://schema.org",
        "@type": "ExhibitionEvent",
        "name": "Spielemesse Köln 2027",
        "startDate": "2027-08-25",
        "endDate": "2027-08-29",
        "eventStatus": "https://schema.org/EventScheduled",
        "location": {"@type": "Place", "name": "Koelnmesse", "address": {"@type": "PostalAddress", "addressLocality": "Köln", "addressCountry": "DE"}},
    }
    before = event_page("Spielemesse Köln", "spielemesse-koeln.de", "de", "Spielemesse Köln – die Messe für Games", hero="<h1>Spielemesse Köln</h1><p>Termin 2027 folgt</p>", body=body_before, event=None, nav=nav, footer=footer, cookie="cookiebot")
    after = event_page("Spielemesse Köln", "spielemesse-koeln.de", "de", "Spielemesse Köln 2027 – 25. bis 29. August", hero="<h1>Spielemesse Köln 2027</h1><p>25.–29.08.2027</p>", body=body_after, event=event, nav=nav, footer=footer, cookie="cookiebot")
    return Case(
        "spielemesse-koeln-2027-termin",
        "Sag Bescheid, wenn die Termine der Spielemesse Köln 2027 bekanntgegeben werden",
        "de",
        "event",
        False,
        False,
        "/",
        "'Termin 2027 folgt' → 25. bis 29. August 2027 (auch 25.–29.08.2027); ExhibitionEvent JSON-LD nur auf AFTER",
        before,
        after,
        ["2027-08-25"],
    )


CASES = [
    kartograf,
    nordbank,
    regio_sued,
    buergeramt,
    bebauungsplan,
    spielemesse,
]
