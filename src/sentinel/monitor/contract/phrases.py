"""How people say what they want to be told, in English, French, German and Spanish.

The tables the sentence compiler (:mod:`sentinel.monitor.contract.compile`) matches: the
lead-in ("Tell me when", "Préviens-moi quand"), a comparison with an amount ("below £420",
"unter 1.500 €", "por debajo de 350 €"), and the predicates of the common shapes (back in
stock, released, resolved, cancelled, approved, dates announced, a slot free). They are the
ordinary ways each language says these things, as a grammar or a phrase book lists them, not
words taken from any page or scenario. Each is a regular-expression alternation, matched
case-insensitively on word boundaries.
"""

from __future__ import annotations

import re

from sentinel.text import money as text_money

# ---- lead-ins: what comes before the thing to watch --------------------------------------
LEAD_IN = re.compile(
    r"""^\s*(?:please\s+|bitte\s+|por\s+favor,?\s+|s'il\s+te\s+pla[iî]t,?\s+)?(?:
      (?:tell|let|notify|alert|ping|warn|email|e-mail|text|message|inform|remind|send)\s+me
        (?:\s+know)?(?:\s+(?:as\s+soon\s+as|the\s+moment|the\s+minute|the\s+day|each\s+time|
        every\s+time|whenever|when|if|once|whether|in\s+case))?
      |(?:when|once|as\s+soon\s+as|the\s+moment)(?=\s)
      |i\s+(?:want|need|would\s+like|'d\s+like)\s+to\s+know\s+(?:when|if|whether)
      |(?:je\s+veux|j'aimerais|je\s+voudrais)\s+savoir\s+(?:quand|si)
      |ich\s+(?:will|m[öo]chte|w[üu]rde\s+gern)\s+wissen,?\s+(?:wann|ob)
      |(?:quiero|quisiera|me\s+gustar[íi]a)\s+saber\s+(?:cu[áa]ndo|si)
      |(?:watch|look\s+out|check)\s+(?:for\s+when|whether|if|when)
      |(?:pr[ée]viens|avertis|alerte|signale|dis|informe|pr[ée]venez|avertissez|dites)-?(?:moi|nous)
        (?:\s+(?:d[èe]s\s+que|quand|lorsque|si|chaque\s+fois\s+que|la\s+prochaine\s+fois\s+que))?
      |(?:sag|sagt|sagen\s+sie)\s+mir(?:\s+bescheid)?,?(?:\s+(?:wenn|sobald|falls|ob|jedes\s+mal,?\s+wenn))?
      |(?:benachrichtige|benachrichtigt|informier(?:e|t)?|warne|melde)\s+(?:mich|uns),?(?:\s+(?:wenn|sobald|falls|jedes\s+mal,?\s+wenn))?
      |gib\s+mir\s+bescheid,?(?:\s+(?:wenn|sobald|falls))?
      |(?:av[íi]same|av[íi]sadme|dime|decidme|notif[íi]came|inf[óo]rmame|al[ée]rtame|av[íi]senme)
        (?:\s+(?:cuando|si|en\s+cuanto|cada\s+vez\s+que|apenas))?
    )[\s,:]+""",
    re.IGNORECASE | re.VERBOSE,
)

# "Keep an eye on Brightwater Jazz Festival and tell me when they …": the subject comes first.
WATCH_AND_TELL = re.compile(
    r"""^\s*(?:please\s+)?(?:keep\s+an\s+eye\s+on|watch|monitor|follow|track|surveille|behalte|vigila)
      \s+(?P<subject>.+?),?\s+(?:and|et|und|y)\s+""",
    re.IGNORECASE | re.VERBOSE,
)
# "… Keep an eye on it for me": a closing request that adds nothing.
CLOSING = re.compile(
    r"(?:[?.!]?\s*(?:please\s+)?(?:keep\s+an\s+eye\s+on\s+it|watch\s+it|let\s+me\s+know)"
    r"(?:\s+for\s+me)?|,\s*(?:please\s+)?(?:tell|let|ping|notify|alert|email)\s+me(?:\s+know)?)"
    r"(?:,?\s+please)?[.!]?\s*$",
    re.IGNORECASE,
)
# Words that say "every time" rather than "once" (the spec's notify default is once).
REPEATING = re.compile(
    r"\b(?:each\s+time|every\s+time|whenever|chaque\s+fois|jedes\s+mal|immer\s+wenn|"
    r"cada\s+vez)\b",
    re.IGNORECASE,
)

# ---- comparisons with an amount ------------------------------------------------------------
# The operator a phrase means, by the words before the amount.
COMPARE_BEFORE: dict[str, str] = {
    "<": r"""below|under|beneath|less\s+than|lower\s+than|cheaper\s+than|sub
        |moins\s+de|moins\s+que|en[\s-]dessous\s+de|sous(?:\s+la\s+barre\s+des?)?
        |inf[ée]rieure?s?\s+[àa]|moins\s+cher\s+que
        |unter(?:halb\s+von)?|weniger\s+als|g[üu]nstiger\s+als|billiger\s+als|niedriger\s+als
        |menos\s+de|menos\s+que|por\s+debajo\s+de|bajo|inferior(?:es)?\s+a|m[áa]s\s+barato\s+que
        |baj[ae]n?\s+de|cueste\s+menos\s+de|caiga\s+por\s+debajo\s+de""",
    "<=": r"""drops?\s+to|falls?\s+to|goes\s+down\s+to|comes?\s+down\s+to|is\s+reduced\s+to
        |at\s+most|no\s+more\s+than|not\s+more\s+than|max(?:imum)?(?:\s+of)?|up\s+to
        |baisse\s+[àa]|descend\s+[àa]|tombe\s+[àa]|au\s+plus|au\s+maximum|pas\s+plus\s+de
        |f[äa]llt\s+auf|sinkt\s+auf|h[öo]chstens|maximal|nicht\s+mehr\s+als|bis\s+zu
        |baj[ae]n?\s+a|ca[ie]ga?\s+a|como\s+m[áa]ximo|a\s+lo\s+sumo|no\s+m[áa]s\s+de|hasta""",
    ">": r"""above|over|more\s+than|higher\s+than|exceeds?|tops
        |plus\s+de|au[\s-]dessus\s+de|sup[ée]rieure?s?\s+[àa]|d[ée]passe
        |[üu]ber(?:halb\s+von)?|mehr\s+als|h[öo]her\s+als|[üu]bersteigt
        |m[áa]s\s+de|por\s+encima\s+de|superior(?:es)?\s+a|supera""",
    ">=": r"""at\s+least|rises\s+to|climbs\s+to|goes\s+up\s+to
        |au\s+moins|mindestens|al\s+menos|como\s+m[íi]nimo""",
}
# Words after the amount that make a comparison inclusive: "£420 or less".
OR_LESS = re.compile(
    r"^\s*(?:or\s+(?:less|lower|cheaper|under|below)|ou\s+moins|oder\s+(?:weniger|günstiger)"
    r"|o\s+menos)\b",
    re.IGNORECASE,
)
OR_MORE = re.compile(
    r"^\s*(?:or\s+(?:more|higher|above)|ou\s+plus|oder\s+mehr|o\s+m[áa]s)\b", re.IGNORECASE
)

# A money amount: see sentinel.text.money.
CURRENCY_WORDS = text_money.CURRENCY_WORDS
MONEY = text_money.MONEY


# ---- predicates of the common shapes --------------------------------------------------------
IN_STOCK = re.compile(
    r"""\b(?:(?:is|are|comes?|gets?|goes)\s+)?(?:back\s+)?(?:in\s+stock|restocked|back\s+on\s+sale
      |available\s+(?:again|to\s+(?:order|buy|purchase))|(?:can|could)\s+(?:actually\s+)?be\s+
        (?:ordered|bought|purchased|pre-?ordered)|orderable|in\s+store
      |(?:de\s+nouveau\s+|[àa]\s+nouveau\s+)?en\s+stock|r[ée]approvisionn[ée]e?s?|(?:de\s+nouveau\s+)?
        disponible\s+(?:[àa]\s+la\s+(?:vente|commande)|en\s+ligne)|commandable
      |(?:wieder\s+)?(?:auf\s+lager|vorr[äa]tig|lieferbar|bestellbar|erh[äa]ltlich)
      |(?:de\s+nuevo\s+)?(?:en\s+stock|ha[yi]a?\s+stock|a\s+la\s+venta)|(?:vuelva|vuelve)\s+a\s+estar\s+
        (?:en\s+stock|disponible)|(?:vuelva|vuelve)\s+a\s+haber\s+(?:stock|existencias))""",
    re.IGNORECASE | re.VERBOSE,
)
AVAILABLE = re.compile(
    r"""\b(?:(?:is|are|becomes?|become)\s+)?(?:available|free|open(?:s|ed)?\s+up|bookable
      |come\s+up|comes?\s+up|show\s+up|shows?\s+up|turn\s+up)\b
      |\b(?:disponible|libre|se\s+lib[èe]re)s?\b
      |\b(?:verf[üu]gbar|frei|buchbar)\b
      |\b(?:disponibles?|libres?|se\s+libera)\b""",
    re.IGNORECASE | re.VERBOSE,
)
# Things one books rather than buys: with these, "available" means a free slot.
BOOKABLE = re.compile(
    r"""\b(?:table|tables|slot|slots|appointment|appointments|booking|bookings|reservation
      |campsite|campsites|pitch|pitches|site|room|rooms|seat|seats|place|places|spot|spots|
      test|tests|exam|class|classes|session|sessions|ticket|tickets|tee\s+time|court|cabin
      |cr[ée]neau|cr[ée]neaux|rendez-vous|rdv|emplacement|chambre|chambres|billets?|s[ée]ance
      |termine?|pl[äa]tze|platz|tisch|tische|zimmer|stellplatz|pr[üu]fung|tickets?|karten
      |cita|citas|mesa|mesas|plaza|plazas|habitaci[óo]n|entradas?|turnos?)\b""",
    re.IGNORECASE | re.VERBOSE,
)
RELEASED = re.compile(
    r"""\b(?:(?:is|gets|has\s+been|was|are)\s+)?(?:officially\s+)?(?:released|out|published
      |launched|shipped|available\s+(?:for\s+download|to\s+download)|generally\s+available|tagged)\b
      |\b(?:comes?\s+out|ships|launches|lands|drops|is\s+here|goes\s+live|is\s+(?:finally\s+)?out)\b
      |\b(?:can\s+(?:be\s+)?download(?:ed)?|(?:se\s+)?puede\s+descargar|t[ée]l[ée]chargeable
      |herunterladen\s+kann|(?:raus|heraus)bringt|rauskommt)\b
      |\b(?:release[sd]?|publishes|ships|tags)\s+(?:version\s+|v)?\d
      |\ba\s+(?:new\s+)?(?:version|release)\b|\bnewer\s+than\b|\bnew\s+(?:version|release)\b
      |\b(?:sort|sortie|est\s+sortie?|est\s+publi[ée]e?|parait|para[iî]t|est\s+disponible)\b
      |\b(?:erscheint|ist\s+erschienen|ver[öo]ffentlicht|freigegeben|herauskommt|kommt\s+heraus)\b
      |\b(?:se\s+publica|sale|se\s+lanza|es\s+lanzad[oa]|est[áa]\s+disponible|publicad[oa])\b""",
    re.IGNORECASE | re.VERBOSE,
)
NEWER_THAN = re.compile(
    r"\b(?:newer|later|higher|more\s+recent)\s+than\s+(?:version\s+|v)?(?P<version>\d+(?:\.\d+)*)"
    r"|\b(?:plus\s+r[ée]cente?\s+que|neuer\s+als|posterior\s+a|m[áa]s\s+reciente\s+que)\s+"
    r"(?:la\s+|version\s+|v)?(?P<version2>\d+(?:\.\d+)*)",
    re.IGNORECASE,
)
VERSION = re.compile(
    r"(?<![\w.])v?(?P<version>\d+(?:\.\d+){1,3})(?![\w.])|\bversi(?:on|ón)\s+(\d+)\b",
    re.IGNORECASE,
)
WANTS_PRERELEASE = re.compile(
    r"\b(?:beta|alpha|rc\d*|release\s+candidate|preview|nightly|pre-?release|canary)\b",
    re.IGNORECASE,
)
FINAL_RELEASE = re.compile(
    r"\b(?:not\s+(?:a|the)\s+(?:release\s+candidate|beta|rc|preview)|final|stable|officially"
    r"|general\s+availability|versi[óo]n\s+final|no\s+la\s+de\s+pruebas|version\s+finale"
    r"|endg[üu]ltige|keine\s+(?:labor|beta|test)-?version)\b",
    re.IGNORECASE,
)
RESOLVED = re.compile(
    r"""\b(?:is|are|was|were|gets?|has\s+been|have\s+been|be)\s+(?:fully\s+)?
        (?:resolved|fixed|over|restored|mitigated)\b
      |\b(?:working|up|back\s+up|online|back\s+online|operational|running)\s+again\b
      |\bback\s+to\s+(?:normal|operational|service|full\s+service)\b
      |\bis\s+back(?:\s+(?:up|online))?\b|\brecovers?\b|\bcomes?\s+back\b
      |\b(?:r[ée]solue?|r[ée]tablie?|fonctionne\s+[àa]\s+nouveau|de\s+nouveau\s+en\s+ligne)\b
      |\b(?:behoben|gel[öo]st|funktioniert\s+wieder|wieder\s+(?:erreichbar|online|verf[üu]gbar))\b
      |\b(?:resuelt[oa]|se\s+resuelve|funciona\s+de\s+nuevo|vuelv[ae]n?\s+a\s+funcionar
      |restablecid[oa])\b""",
    re.IGNORECASE | re.VERBOSE,
)
OUTAGE = re.compile(
    r"""\b(?:has|have|reports?|is\s+having|suffers?)\s+(?:an?\s+)?(?:outage|incident|downtime
      |disruption|problems?|issues?)\b|\bgoes\s+down\b|\bis\s+down\b
      |\b(?:panne|incident|hors\s+service|ausfall|st[öo]rung|ca[íi]da|interrupci[óo]n)\b""",
    re.IGNORECASE | re.VERBOSE,
)
SERVICE_STATE = re.compile(
    r"""\b(?:incidents?|outages?|down|downtime|disruptions?|status|services?|api|apps?|website
      |servers?|network|log\s*in|sign\s*in|payments?|banking|email|checkout|problems?|issues?
      |errors?|working|restored|resolved|fixed|back\s+up|online|offline|r[ée]solue?|r[ée]tablie?
      |remarche|fonctionne|panne|r[ée]seau|st[öo]rung|ausfall|behoben|funktioniert|erreichbar
      |netzwerk|incidencia|ca[íi]da|interrupci[óo]n|resuelt[oa]|funciona|restablecid[oa]
      |red)\b""",
    re.IGNORECASE | re.VERBOSE,
)
"""Words a request about a service's state uses (an incident, an outage, a service working
again), in the four languages: a status contract the model proposes needs one of them in the
sentence — "tickets on sale" or "size 42 available" is not about a service's status."""
HOURS_CHANGE = re.compile(
    r"""\b(?:changes?|changing|updates?|alters?|adjusts?|extends?|shortens?|cuts?|reduces?)\s+
        (?:(?:its|their|the|her|his)\s+)?(?:(?:regular|weekly|business|opening|open)\s+)?
        (?:hours|opening\s+times)\b
      |\b(?:change|modifie|ajuste)\s+(?:ses|les|leurs)\s+horaires(?:\s+d'ouverture)?\b
      |\b(?:[äa]ndert|aendert|verk[üu]rzt|verl[äa]ngert)\s+(?:seine|ihre|die)\s+
        [öo]ffnungszeiten\b
      |\b(?:seine|ihre|die)\s+[öo]ffnungszeiten\s+(?:[äa]ndert|aendert|verk[üu]rzt
        |verl[äa]ngert)\b
      |\b(?:cambia|modifica|ajusta)\s+(?:su|sus|el|los)\s+horarios?(?:\s+de\s+apertura)?\b""",
    re.IGNORECASE | re.VERBOSE,
)
"""A place changing its opening hours, in the four languages ("the library changes its opening
hours", "ändert seine Öffnungszeiten"): what precedes it is the place."""
HOURS_OF_CHANGE = re.compile(
    r"""^(?:the\s+)?(?:opening\s+hours|opening\s+times|hours)\s+(?:of|at|for)\s+(?P<of>.+?)\s+
        (?:change|are\s+changed|are\s+updated)\b
      |^(?P<own>.+?)['’]s?\s+(?:(?:regular|weekly|opening)\s+)?(?:hours|opening\s+times)\s+
        (?:change|are\s+changed|are\s+updated)\b""",
    re.IGNORECASE | re.VERBOSE,
)
"""The hours as the subject: "the opening hours of Hartwell Pool change", "Hartwell Pool's
hours change"."""
CANCELLED = re.compile(
    r"""\b(?:(?:is|are|gets?|get|has\s+been|have\s+been)\s+)?(?:cancell?ed|called\s+off|scrapped)\b
      |\bcancels?\b
      |\b(?:annul[ée]e?s?|est\s+annul[ée]e?|sont\s+annul[ée]e?s)\b
      |\b(?:abgesagt|storniert|f[äa]llt\s+aus|fallen\s+aus|gestrichen)\b
      |\b(?:cancelad[oa]s?|se\s+cancela|suspendid[oa]s?|se\s+suspende)\b""",
    re.IGNORECASE | re.VERBOSE,
)
APPROVED = re.compile(
    r"""\b(?:(?:is|gets|has\s+been|was)\s+)?(?:approved|granted|passed|accepted|adopted|given\s+
        (?:the\s+)?(?:go-ahead|green\s+light))\b|\bapproves?\b|\bgrants?\s+(?:planning\s+)?permission\b
      |\b(?:approuv[ée]e?|accord[ée]e?|autoris[ée]e?|adopt[ée]e?|valid[ée]e?)\b
      |\b(?:genehmigt|bewilligt|angenommen|beschlossen|zugelassen)\b
      |\b(?:aprobad[oa]|se\s+aprueba|autorizad[oa]|adoptad[oa])\b""",
    re.IGNORECASE | re.VERBOSE,
)
REFUSED = re.compile(
    r"""\b(?:(?:is|gets|has\s+been|was)\s+)?(?:refused|rejected|denied|turned\s+down|blocked)\b
      |\b(?:refus[ée]e?|rejet[ée]e?)\b|\babgelehnt\b|\b(?:rechazad[oa]|denegad[oa])\b""",
    re.IGNORECASE | re.VERBOSE,
)
DECIDED = re.compile(
    r"""\b(?:decides?|rules?|decision|ruling|verdict|votes?\s+on|outcome)\b
      |\b(?:d[ée]cide|d[ée]cid[ée]|d[ée]cision|statue|se\s+prononce)\b
      |\b(?:entscheidet|entschieden|entscheidung|urteil|beschlie[ßs]t)\b
      |\b(?:decide|decidido|decisi[óo]n|fallo|resoluci[óo]n|resuelve)\b""",
    re.IGNORECASE | re.VERBOSE,
)
DATES_ANNOUNCED = re.compile(
    r"""\b(?:announces?|announced|sets?|confirms?|publishes|publish|reveals?|names?|puts?\s+out
      |releases?|posts?)\s+(?:the\s+|a\s+|its\s+|their\s+)?(?:(?:\d{4}|new|official|full)\s+)*
        (?:dates?|release\s+date|opening\s+date|reopening\s+date|publication\s+date|
        schedule|day)\b
      |\b(?:dates?|release\s+date)\s+(?:is|are)\s+(?:announced|set|confirmed|published)\b
      |\bwith\s+the\s+dates?\b|\bannounces?\s+when\b
      |\b(?:annonce|fixe|d[ée]voile|confirme)\s+(?:la|les|une)\s+dates?\b
      |\b(?:termine?|datum|daten)\s+(?:bekannt|fest)|\bgibt\s+(?:den|die)\s+(?:termine?|daten?)\b
      |\b(?:anunci(?:a|e|en|an)|fij(?:a|e|en)|confirm(?:a|e|en)|public(?:a|an|quen))\s+
        (?:la|las|una)\s+fechas?\b""",
    re.IGNORECASE | re.VERBOSE,
)

# "the dates for PyCon Lisboa 2027 are announced": the subject between the dates and the verb.
DATES_PASSIVE = re.compile(
    r"""\b(?:the\s+)?(?:dates?|release\s+date|opening\s+date|les\s+dates?|la\s+date|die\s+termine?
      |der\s+termin|das\s+datum|die\s+daten|las\s+fechas?|la\s+fecha)\s+
      (?P<subject>.{3,100}?)\s+
      (?:is|are|get|gets|have\s+been|has\s+been|sont|est|seront|werden|wird|sind|ist|son|es|se)\s+
      (?:officially\s+)?(?:announced|published|confirmed|set|revealed|annonc[ée]e?s?|publi[ée]e?s?
      |d[ée]voil[ée]e?s?|confirm[ée]e?s?|bekannt(?:gegeben)?|ver[öo]ffentlicht|anunciad[oa]s?
      |publicad[oa]s?|confirmad[oa]s?|anuncian)\b
    |\b(?:die\s+termine?|der\s+termin|das\s+datum|die\s+daten)\s+(?P<subject_de>.{3,100}?)\s+
      (?:offiziell\s+)?(?:bekannt(?:gegeben)?|ver[öo]ffentlicht|angek[üu]ndigt|festgelegt)\s+
      (?:werden|wird|sind|ist|wurden|wurde)\b""",
    re.IGNORECASE | re.VERBOSE,
)
# "est à 1 000 € maximum", "liegt bei 1.000 € höchstens": an amount with an upper bound after it.
AMOUNT_MAXIMUM = re.compile(
    r"(?:[àa]|at|bei|auf|en|a)\s+(?P<money>" + text_money.MONEY.pattern + r")\s*"
    r"(?:maximum|max\.?|maximal|au\s+maximum|au\s+plus|h[öo]chstens|como\s+m[áa]ximo|m[áa]ximo"
    r"|or\s+less|ou\s+moins|oder\s+weniger|o\s+menos)\b",
    re.IGNORECASE | re.VERBOSE,
)

# ---- the site a sentence names ---------------------------------------------------------------
SITE = re.compile(
    r"""\s+(?:at|on|from|via|chez|sur|bei|auf|en)\s+(?:the\s+)?
      (?P<site>(?:[A-Z0-9][\w'&.-]*(?:\s+[A-Z0-9][\w'&.-]*){0,3})|[\w-]+\.[a-z]{2,}(?:\.[a-z]{2})?)
      (?:(?:'s)?\s+(?:online\s+)?(?:store|shop|website|site|page|boutique|tienda|web))?\s*$""",
    re.VERBOSE,
)
SITE_FIRST = re.compile(
    r"""^(?:at|on|from|via|chez|sur|bei|auf|en)\s+(?:the\s+)?
      (?P<site>[A-Z0-9][\w'&.-]*(?:\s+[A-Z0-9][\w'&.-]*){0,3})
      (?:'s)?(?:\s+(?:online\s+)?(?:store|shop|website|site|boutique|tienda))?
      (?P<rest>\s+(?:on|for|in|at|from|between|before|after|pour|le|am|im|für|para|el)\s+.*)$""",
    re.VERBOSE,
)
# "haircut slot at Fade & Co Shoreditch this Saturday": the site, then a qualifier, inside.
SITE_INSIDE = re.compile(
    r"""\s(?:at|chez|bei|en|à)\s+(?:the\s+)?
      (?P<site>[A-Z0-9][\w'&.-]*(?:\s+(?:&\s+)?[A-Z0-9][\w'&.-]*){0,4})
      (?P<rest>\s+(?:this|next|on|for|in|before|after|during|pour|le|ce|am|diesen|este|el)\s.*)$""",
    re.VERBOSE,
)
NOT_A_SITE = re.compile(
    r"^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april"
    r"|may|june|july|august|september|october|november|december|pc|mac|ios|android|linux|windows"
    r"|steam|sale|time|the|a|an|\d+)\b",
    re.IGNORECASE,
)
# "haya cita previa", "there is a table", "es gibt einen Termin": a bookable thing exists.
THERE_IS = re.compile(
    r"\b(?:there\s+(?:is|are)|(?:is|are)\s+there|il\s+y\s+(?:a|ait)|es\s+gibt|gibt\s+es|hay|haya)"
    r"\s+(?:any\s+|an?\s+|une?\s+|un\s+"
    r"|una\s+|einen?\s+|des\s+|some\s+|free\s+|available\s+)?",
    re.IGNORECASE,
)
# "X releases slots", "X opens bookings": a bookable thing offered by someone.
RELEASES_SLOTS = re.compile(
    r"\b(?:releases?|opens?|adds?|publishes|posts?)\s+(?:new\s+|more\s+)?(?=\w+(?:\s+\w+)?\s+"
    r"(?:slots?|appointments?|tables?|bookings?|tickets?|dates?|places?|seats?))",
    re.IGNORECASE,
)
# "Kestrel Bank says its app …": who says it is not part of the subject.
SAYS = re.compile(
    r"\s+(?:says|said|announces|confirms|reports|tweets)(?:\s+that)?\s+(?:its|their|the)?\s*",
    re.IGNORECASE,
)
# What opens a subject and says nothing about it.
# A stream of items ("every new flat that …", "each new job"): no one subject to read.
STREAM = re.compile(
    r"\b(?:every|each|any|all)\s+(?:new|newly)\b|\bnew\s+(?:listings?|posts?|jobs?|items?|"
    r"articles?|flats?|apartments?|homes?)\b|\bchaque\s+nouve|\bjede[rsn]?\s+neue|\bcada\s+nuev",
    re.IGNORECASE,
)
# "I can order X", "we can book X": the subject follows the verb.
CAN_ORDER = re.compile(
    r"\b(?:i|we|you|one)\s+can\s+(?:actually\s+|finally\s+|now\s+)?(?:order|buy|pre-?order|purchase"
    r"|get)\s+",
    re.IGNORECASE,
)
# "wenn ich das iPad … bei X liefern lassen kann", "quand je peux commander …", "cuando pueda
# comprar …": the subject is between the person and the verb, or after it.
CAN_BUY_PERSON = re.compile(
    r"""\bich\s+(?P<de>.+?)\s+(?:nach\s+hause\s+)?(?:kaufen|bestellen|liefern\s+lassen
      |vorbestellen|abholen)\s+kann\b
      |\b(?:je\s+(?:peux|pourrai|pourrais)|on\s+(?:peut|pourra))\s+(?:enfin\s+)?(?:commander
        |acheter|r[ée]server)\s+(?P<fr>.+)$
      |\b(?:pueda|podr[ée]|se\s+pueda)\s+(?:ya\s+)?(?:comprar|pedir|encargar)\s+(?P<es>.+)$""",
    re.IGNORECASE | re.VERBOSE,
)
# A product available in a variant: "available in EU size 44", "available in blue".
AVAILABLE_IN = re.compile(
    r"\b(?:is|are|becomes?)\s+(?:available|in\s+stock)\s+(?=in\s)|\bdisponible\s+(?=en\s)"
    r"|\bverf[üu]gbar\s+(?=in\s)",
    re.IGNORECASE,
)
# Active verbs whose object is the subject: "the city approves the roof".
ACTIVE = re.compile(
    r"^(?:approves?|grants?|cancels?|decides?|rules?|refuses?|rejects?|passes|adopts?|announces?"
    r"|sets?|confirms?|publishes|reveals?|names?|releases?|ships|launches|tags)\b",
    re.IGNORECASE,
)
ARTICLES = re.compile(
    r"^(?:(?:there\s+is|there\s+are|il\s+y\s+a|es\s+gibt|hay|haya)\s+)?(?:the|a|an|my|our|le|la|les|l'|un|une|mon|ma|mes|der|die|das|den|dem|ein|eine|einen"
    r"|mein|meine|el|los|las|una|mi|mis)\s+",
    re.IGNORECASE,
)
# Verbs, prepositions and auxiliaries left at the end of a subject once its predicate is cut.
TRAILING_WORDS = re.compile(
    r"""(?:\s+(?:is|are|was|gets?|goes|go|drops?|falls?|costs?|sells?|comes?|becomes?|has|have|will
      |be|being|priced|price|listed|for|at|to|of|now|again|finally|actually|officially|first|ever
      |est|sont|passe|baisse|co[uû]te|descend|tombe|ist|sind|kostet|f[äa]llt|sinkt|liegt|wird
      |est[áa]|cuesta|baja|cae|se|que|wenn|quand|cuando|dass|el\s+precio\s+de|le\s+prix\s+de
      |der\s+preis\s+(?:von|f[üu]r|des)))+$""",
    re.IGNORECASE | re.VERBOSE,
)
PRICE_OF = re.compile(
    r"^(?:the\s+)?(?:price|cost|fare|rate)\s+(?:of|for)\s+|^(?:le\s+)?prix\s+(?:de|du|des)\s+"
    r"|^(?:der\s+)?preis\s+(?:von|f[üu]r|des|der)\s+|^(?:el\s+)?precio\s+(?:de|del)\s+",
    re.IGNORECASE,
)
