"""Pages en français : versions, incidents, rendez-vous, avis et événements."""

from __future__ import annotations

from booking import municipal_appointments
from common import Case
from notices import event_page, town_notice
from releases import Post, project_blog
from status import Update, statuspage_incident


def gestiolib() -> Case:
    labels = {"title": "Actualités", "path": "actualites", "home": "Accueil", "next": "Page suivante"}
    posts_before = [
        Post("Gestiolib 2.0 bêta 3 disponible", "gestiolib-2-0-beta-3", "2026-11-05", "5 novembre 2026", "Équipe Gestiolib", "Troisième et dernière bêta avant la version finale : la facturation électronique Factur-X est désormais complète. Merci de la tester sur une copie de vos données !", ["version", "bêta"]),
        Post("Gestiolib 1.14.3", "gestiolib-1-14-3", "2026-10-10", "10 octobre 2026", "Équipe Gestiolib", "Version corrective : correction de l’export FEC pour les exercices décalés.", ["version"]),
    ]
    posts_after = [
        Post("Gestiolib 2.0 est disponible", "gestiolib-2-0-disponible", "2026-11-26", "26 novembre 2026", "Équipe Gestiolib", "Après un an de développement, Gestiolib 2.0 est publiée ! Au programme : facturation électronique Factur-X, nouveau tableau de bord et import bancaire automatique. Téléchargez-la dès maintenant ou mettez à jour depuis le menu Aide.", ["version"]),
        *posts_before,
    ]
    kw = dict(nav=["Télécharger", "Documentation", "Actualités", "Forum", "Faire un don"], tagline="Les nouvelles du logiciel libre de gestion pour associations et TPE", labels=labels, footer="© 2026 Association Gestiolib · Contenu sous licence CC BY-SA 4.0")
    before = project_blog("Gestiolib", "gestiolib.org", "fr", posts_before, **kw)
    after = project_blog("Gestiolib", "gestiolib.org", "fr", posts_after, **kw)
    return Case(
        "gestiolib-2-0-publiee",
        "Préviens-moi quand la version 2.0 de Gestiolib est publiée",
        "fr",
        "release",
        False,
        False,
        "/actualites/",
        "un blog de projet (Hugo) : « 2.0 bêta 3 » puis « Gestiolib 2.0 est disponible » ; dates écrites « 26 novembre 2026 »",
        before,
        after,
        ["2.0"],
    )


def nuage_pro() -> Case:
    words = {"subscribe": "S’abonner aux mises à jour", "affected": "Cet incident a affecté", "powered": "Propulsé par Atlassian Statuspage", "back": "← État actuel", "history": "Historique des incidents", "posted": "Publié le"}
    enquete = Update("Investigation en cours", "Certains clients ne peuvent plus envoyer ni recevoir d’e-mails sur les offres Messagerie Pro. Nos équipes analysent la situation.", "27 nov. 2026 - 07:45 CET")
    identifie = Update("Identifié", "L’origine est identifiée : un incident de stockage sur le cluster mail-par-3 (Paris). Les messages entrants sont mis en file d’attente et ne sont pas perdus.", "27 nov. 2026 - 08:30 CET")
    surveillance = Update("Surveillance", "Le cluster a été rétabli et les files d’attente sont en cours de traitement. Nous surveillons la situation.", "27 nov. 2026 - 10:05 CET")
    resolu = Update("Résolu", "L’incident est résolu. Tous les messages en attente ont été distribués et le service fonctionne normalement depuis 10 h 40.", "27 nov. 2026 - 11:12 CET")
    title = "Messagerie Pro : envoi et réception d’e-mails perturbés"
    comps = ["Messagerie Pro (Paris)", "Webmail"]
    before = statuspage_incident("Nuage Pro", "statut.nuagepro.fr", title, "major", [identifie, enquete], comps, lang="fr", words=words)
    after = statuspage_incident("Nuage Pro", "statut.nuagepro.fr", title, "major", [resolu, surveillance, identifie, enquete], comps, lang="fr", words=words)
    return Case(
        "nuage-pro-incident-messagerie-resolu",
        "Préviens-moi quand l’incident sur la messagerie de Nuage Pro est résolu",
        "fr",
        "incident",
        False,
        False,
        "/incidents/r0zq5mxv2k1d",
        "une page Statuspage en français : « Identifié » → « Résolu » en passant par « Surveillance »",
        before,
        after,
    )


def lyon_passeport() -> Case:
    nav = ["Démarches", "Rendez-vous", "Mairies d’arrondissement", "Contact"]
    footer = "<p>Ville de Lyon · <a href=\"/mentions-legales\">Mentions légales</a> · <a href=\"/accessibilite\">Accessibilité : partiellement conforme</a></p>"
    steps = ["Démarche", "Lieu", "Créneau", "Coordonnées", "Confirmation"]
    intro = "La prise de rendez-vous est obligatoire pour déposer une demande de passeport ou de carte nationale d’identité. Munissez-vous de votre numéro de pré-demande ANTS."
    none = "<div class=\"alert alert-warning\"><p><strong>Aucun créneau disponible</strong> pour le moment à la mairie du 3e arrondissement.</p><p>De nouveaux créneaux sont ouverts chaque lundi à 8 h 30. Pensez aussi aux autres mairies d’arrondissement.</p></div><h2>Autres lieux</h2><ul><li>Mairie du 7e : prochain créneau le jeudi 4 mars 2027</li></ul>"
    some = "<div class=\"alert alert-success\"><p>Créneaux disponibles à la mairie du 3e arrondissement :</p><ul class=\"creneaux\"><li><button name=\"creneau\" value=\"2027-02-16T09:30\">Mardi 16 février 2027 à 09h30</button></li><li><button name=\"creneau\" value=\"2027-02-16T11:10\">Mardi 16 février 2027 à 11h10</button></li></ul></div><h2>Autres lieux</h2><ul><li>Mairie du 7e : prochain créneau le jeudi 4 mars 2027</li></ul>"
    kw = dict(heading="Choisir un créneau", intro=intro, steps=steps, nav=nav, footer=footer, skip="Aller au contenu")
    before = municipal_appointments("Rendez-vous Lyon", "rendezvous.lyon.fr", "fr", "Démarche|Passeport (dépôt de dossier)", "Lieu|Mairie du 3e arrondissement, 215 rue Duguesclin", result=none, **kw)
    after = municipal_appointments("Rendez-vous Lyon", "rendezvous.lyon.fr", "fr", "Démarche|Passeport (dépôt de dossier)", "Lieu|Mairie du 3e arrondissement, 215 rue Duguesclin", result=some, **kw)
    return Case(
        "lyon-3e-rendez-vous-passeport",
        "Préviens-moi quand un rendez-vous pour un passeport est disponible à la mairie de Lyon 3e",
        "fr",
        "slot",
        False,
        False,
        "/rendez-vous/passeport/creneaux",
        "« Aucun créneau disponible » → mardi 16 février 2027 à 09h30 ; la mairie du 7e a un créneau sur les deux pages",
        before,
        after,
        ["2027-02-16", "09:30"],
    )


def permis_nanterre() -> Case:
    nav = ["Mon espace", "Réserver", "Mes réservations", "Aide"]
    footer = "<p>Service de réservation des places d’examen du permis de conduire · <a href=\"/cgu\">CGU</a></p>"
    steps = ["Candidat", "Centre", "Date", "Validation"]
    intro = "Les places sont attribuées en fonction des disponibilités des inspecteurs. Les annulations remettent des places en ligne à tout moment."
    none = "<table class=\"centres\"><thead><tr><th>Centre d’examen</th><th>Distance</th><th>Disponibilités</th></tr></thead><tbody><tr><td>Nanterre</td><td>1,2 km</td><td>Aucune place disponible</td></tr><tr><td>Rungis</td><td>19 km</td><td>Aucune place disponible</td></tr><tr><td>Massy</td><td>22 km</td><td>Aucune place disponible</td></tr></tbody></table>"
    some = "<table class=\"centres\"><thead><tr><th>Centre d’examen</th><th>Distance</th><th>Disponibilités</th></tr></thead><tbody><tr><td>Nanterre</td><td>1,2 km</td><td>Aucune place disponible</td></tr><tr><td>Rungis</td><td>19 km</td><td><a href=\"/reserver/rungis\">2 places – mercredi 13 janvier 2027 (08h30, 10h00)</a></td></tr><tr><td>Massy</td><td>22 km</td><td>Aucune place disponible</td></tr></tbody></table>"
    kw = dict(heading="Places d’examen disponibles", intro=intro, steps=steps, nav=nav, footer=footer, skip="Aller au contenu")
    before = municipal_appointments("RdvPermis", "rdvpermis.gouv.fr", "fr", "Épreuve|Pratique – catégorie B", "Département|Hauts-de-Seine (92)", result=none, **kw)
    after = municipal_appointments("RdvPermis", "rdvpermis.gouv.fr", "fr", "Épreuve|Pratique – catégorie B", "Département|Hauts-de-Seine (92)", result=some, **kw)
    return Case(
        "permis-nanterre-place-a-rungis",
        "Préviens-moi quand une place d’examen du permis est disponible au centre de Nanterre",
        "fr",
        "slot",
        True,
        False,
        "/reserver/places",
        "leurre : deux places apparaissent à Rungis, Nanterre reste « Aucune place disponible »",
        before,
        after,
    )


def permis_construire() -> Case:
    nav = ["Vivre à Montreuil", "Démarches", "Urbanisme", "Agenda", "Contact"]
    footer = "<p>Mairie de Montreuil-sur-Loire · 1 place de la Mairie · Tél. 02 41 00 00 00</p>"
    rows_before = "<table class=\"registre\"><tr><th>N° de dossier</th><td>PC 049 214 26 00045</td></tr><tr><th>Demandeur</th><td>SCI Les Tilleuls</td></tr><tr><th>Adresse du terrain</th><td>12 chemin des Vignes</td></tr><tr><th>Nature des travaux</th><td>Construction d’une maison individuelle de 132 m² avec garage</td></tr><tr><th>Date de dépôt</th><td>14/09/2026</td></tr><tr><th>État</th><td>En cours d’instruction (délai porté à 3 mois : secteur protégé)</td></tr></table>"
    rows_after = rows_before.replace("<td>En cours d’instruction (délai porté à 3 mois : secteur protégé)</td>", "<td>Décision : accordé avec prescriptions – arrêté du 24/11/2026</td>") + "<p>L’arrêté est affiché en mairie et sur le terrain pendant deux mois (délai de recours des tiers).</p>"
    intro = "<p>Conformément au Code de l’urbanisme, la liste des demandes d’autorisation d’urbanisme déposées et des décisions prises est consultable ci-dessous.</p>"
    kw = dict(nav=nav, crumbs=["Accueil", "Urbanisme", "Registre des autorisations"], footer=footer, words={"skip": "Aller au contenu", "search": "Rechercher", "share": "Partager"})
    before = town_notice("Montreuil-sur-Loire", "montreuil-sur-loire.fr", "fr", "Permis de construire PC 049 214 26 00045", intro + rows_before, updated="Mis à jour le 02/11/2026", **kw)
    after = town_notice("Montreuil-sur-Loire", "montreuil-sur-loire.fr", "fr", "Permis de construire PC 049 214 26 00045", intro + rows_after, updated="Mis à jour le 25/11/2026", **kw)
    return Case(
        "permis-de-construire-pc-049-214-26-00045-accorde",
        "Préviens-moi quand le permis de construire PC 049 214 26 00045 est accordé",
        "fr",
        "notice",
        False,
        False,
        "/urbanisme/registre/pc-049-214-26-00045",
        "un registre municipal (Drupal) : « En cours d’instruction » → « Décision : accordé avec prescriptions »",
        before,
        after,
    )


def nuits_lumiere() -> Case:
    nav = ["Programmation", "Billetterie", "Infos pratiques", "Bénévoles", "Presse"]
    footer = "<p>Nuits Lumière est organisé par l’association Lumière Vive · Licences PLATESV-R-2021-004512</p>"
    body_before = "<section class=\"wrap\"><h2>Merci pour l’édition 2026 !</h2><p>68 000 festivaliers, 52 artistes, 4 nuits. Les dates de l’édition 2027 seront annoncées très bientôt : inscrivez-vous à la newsletter pour les connaître en avant-première.</p></section>"
    body_after = "<section class=\"wrap\"><h2>Nuits Lumière 2027 : du 12 au 16 mai</h2><p>Le festival revient <strong>du mercredi 12 au dimanche 16 mai 2027</strong> aux anciennes usines Fagor. Premiers noms et ouverture de la billetterie le 3 décembre à 11 h.</p></section><section class=\"wrap\"><h2>Merci pour l’édition 2026 !</h2><p>68 000 festivaliers, 52 artistes, 4 nuits.</p></section>"
    event = {
        "@context": "https://schema.org",
        "@type": "MusicEvent",
        "name": "Nuits Lumière 2027",
        "startDate": "2027-05-12",
        "endDate": "2027-05-16",
        "eventStatus": "https://schema.org/EventScheduled",
        "location": {"@type": "Place", "name": "Usines Fagor", "address": {"@type": "PostalAddress", "addressLocality": "Lyon", "addressCountry": "FR"}},
        "organizer": {"@type": "Organization", "name": "Lumière Vive"},
    }
    before = event_page("Nuits Lumière", "nuits-lumiere.fr", "fr", "Nuits Lumière – festival de musiques électroniques", hero="<h1>Nuits Lumière</h1><p>Édition 2027 : dates bientôt annoncées</p>", body=body_before, event=None, nav=nav, footer=footer, cookie="cookiebot")
    after = event_page("Nuits Lumière", "nuits-lumiere.fr", "fr", "Nuits Lumière 2027 – du 12 au 16 mai", hero="<h1>Nuits Lumière 2027</h1><p>12 → 16 mai 2027 · Lyon</p>", body=body_after, event=event, nav=nav, footer=footer, cookie="cookiebot")
    return Case(
        "nuits-lumiere-2027-dates-annoncees",
        "Préviens-moi quand les dates du festival Nuits Lumière 2027 sont annoncées",
        "fr",
        "event",
        False,
        False,
        "/",
        "« dates bientôt annoncées » → « du 12 au 16 mai 2027 », Event JSON-LD seulement sur AFTER ; la billetterie ouvre le 3 décembre (une autre date)",
        before,
        after,
        ["2027-05-12"],
    )


CASES = [
    gestiolib,
    nuage_pro,
    lyon_passeport,
    permis_nanterre,
    permis_construire,
    nuits_lumiere,
]
