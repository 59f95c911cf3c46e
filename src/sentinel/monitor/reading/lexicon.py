"""How pages state the values a contract reads, in English, French, German and Spanish.

Each measure has cues: phrases a page uses to say a product is in stock or sold out, an
incident's status, a planning decision, a cancellation, a free slot, an old price. They are
the wording shops, status pages, councils and booking portals use in general (the labels of
common shop systems and status tools, as a phrase book lists them), not text from any page
Sentinel was measured on. Negative cues are matched first and masked, so "back in stock
soon" never counts as "in stock".
"""

from __future__ import annotations

import re
from dataclasses import dataclass


def _cues(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


# ---- availability of a product ------------------------------------------------------------------
OUT_OF_STOCK = _cues(
    r"\bout[\s-]of[\s-]stock\b",
    r"\bsold[\s-]out\b",
    r"\b(?:currently|temporarily)\s+(?:unavailable|out\s+of\s+stock|not\s+available)\b",
    r"\bunavailable\b",
    r"\bnot\s+(?:currently\s+)?(?:available|in\s+stock|orderable)\b",
    r"\bno\s+longer\s+available\b",
    r"\bback\s+in\s+stock\s+soon\b",
    r"\b(?:expected|due)\s+(?:back\s+)?in\s+stock\b",
    r"\bin\s+stock\s+(?:soon|from|on)\b",
    r"\bcoming\s+soon\b",
    r"\b(?:notify|email|e-mail|alert|tell)\s+me\s+(?:when|if|once)\b",
    r"\bget\s+notified\b",
    r"\bpre[\s-]?order(?:s|ed|ing)?\b",
    r"\bback[\s-]?order(?:ed)?\b",
    r"\bdiscontinued\b",
    r"\b(?:join|on)\s+the\s+wait(?:ing)?[\s-]?list\b",
    r"\bregister\s+(?:your\s+)?interest\b",
    r"\brupture\s+de\s+stock\b",
    r"\ben\s+rupture\b",
    r"\b[ée]puis[ée]e?s?\b",
    r"\bindisponible\b",
    r"\b(?:non|plus|pas)\s+disponible\b",
    r"\bbient[ôo]t\s+(?:disponible|de\s+retour|en\s+stock)\b",
    r"\bpr[ée][\s-]?commande\b",
    r"\b(?:m'alerter|me\s+pr[ée]venir|pr[ée]venez[\s-]moi|alertez[\s-]moi)\b",
    r"\bausverkauft\b",
    r"\bvergriffen\b",
    r"\bnicht\s+(?:mehr\s+)?(?:auf\s+lager|verf[üu]gbar|lieferbar|vorr[äa]tig|erh[äa]ltlich)\b",
    r"\bderzeit\s+nicht\b",
    r"\b(?:demn[äa]chst|bald)\s+(?:wieder\s+)?(?:verf[üu]gbar|lieferbar|auf\s+lager)\b",
    r"\bvorbestell(?:en|bar|ung)\b",
    r"\bbenachrichtig(?:en|ung)\b",
    r"\bagotad[oa]s?\b",
    r"\bsin\s+(?:stock|existencias)\b",
    r"\bno\s+disponible\b",
    r"\bfuera\s+de\s+stock\b",
    r"\bpr[óo]ximamente\b",
    r"\bav[íi]same\b",
    r"\bpre[\s-]?venta\b",
    r"\bdisponible\s+pronto\b",
    r"\btemporalmente\s+no\s+disponible\b",
)
IN_STOCK = _cues(
    r"\bin\s+stock\b",
    r"\bavailable\s+(?:now|to\s+(?:order|buy)|for\s+(?:delivery|collection|immediate))\b",
    r"\b(?:ships|dispatched|dispatches)\s+(?:today|tomorrow|in|within|next)\b",
    r"\bready\s+to\s+ship\b",
    r"\badd\s+to\s+(?:cart|basket|bag|trolley)\b",
    r"\bbuy\s+(?:it\s+)?now\b",
    r"\bonly\s+\d+\s+left\b",
    r"\b\d+\s+(?:left|available)\s+in\s+stock\b",
    r"\ben\s+stock\b",
    r"\bajouter\s+au\s+panier\b",
    r"\bexp[ée]di[ée]e?\s+(?:sous|aujourd'hui|demain|en)\b",
    r"\b(?:il\s+(?:en\s+)?reste|plus\s+que)\s+\d+\b",
    r"\b(?:sofort\s+)?lieferbar\b",
    r"\bauf\s+lager\b",
    r"\bvorr[äa]tig\b",
    r"\bin\s+den\s+warenkorb\b",
    r"\bnur\s+noch\s+\d+\b",
    r"\bhay\s+stock\b",
    r"\ben\s+existencia\b",
    r"\ba[ñn]adir\s+al\s+carrito\b",
    r"\bcomprar\s+ahora\b",
    r"\bquedan\s+\d+\b",
    r"\b[úu]ltimas\s+unidades\b",
    r"\bdisponible\b",
    r"\bverf[üu]gbar\b",
    r"\bavailable\b",
)
# Said of another time: "came back in stock last time", "was in stock yesterday".
PAST_STOCK = _cues(
    r"\b(?:was|were|came\s+back|went)\s+(?:back\s+)?(?:in|out\s+of)\s+stock\b",
    r"\blast\s+(?:time|restock|week|month)\b",
    r"\b(?:[ée]tait|war|estaba)\b",
)

# ---- an incident's status, newest first on a status page ----------------------------------------
STATUS_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "unresolved",
        _cues(
            r"\bnot\s+(?:yet\s+)?(?:been\s+)?(?:resolved|fixed)\b",
            r"\bnon\s+r[ée]solu",
            r"\bnicht\s+(?:behoben|gel[öo]st)\b",
            r"\bno\s+(?:est[áa]\s+)?resuelto\b",
        ),
    ),
    (
        "resolved",
        _cues(
            r"\bresolved\b",
            r"\bfixed\b",
            r"\bpostmortem\b",
            r"\bcompleted\b",
            r"\bservice\s+(?:has\s+been\s+)?restored\b",
            r"\b(?:is|are|was|were|has\s+been|have\s+been)\s+(?:fully\s+)?restored\b",
            r"\b(?:working|up|online|available)\s+again\b",
            r"\bback\s+(?:up|online|to\s+normal)\b",
            r"\bfonctionnent?\s+(?:[àa]|de)\s+nouveau\b",
            r"\bfunktionier\w*\s+wieder\b",
            r"\bfunciona\w*\s+de\s+nuevo\b",
            r"\br[ée]solue?\b",
            r"\br[ée]tablie?\b",
            r"\bbehoben\b",
            r"\bgel[öo]st\b",
            r"\bwiederhergestellt\b",
            r"\bresuelt[oa]\b",
            r"\bsolucionad[oa]\b",
            r"\brestablecid[oa]\b",
        ),
    ),
    (
        "monitoring",
        _cues(
            r"\bmonitoring\b",
            r"\bsurveillance\b",
            r"\b[üu]berwach",
            r"\bbeobachten\b",
            r"\bmonitoriz",
            r"\bsupervis",
            r"\ben\s+observaci[óo]n\b",
        ),
    ),
    (
        "identified",
        _cues(
            r"\bidentified\b", r"\bidentifi[ée]e?\b", r"\bidentifiziert\b", r"\bidentificad[oa]\b"
        ),
    ),
    (
        "investigating",
        _cues(
            r"\binvestigating\b",
            r"\bwe\s+are\s+(?:looking|investigating)\b",
            r"\benqu[êe]te\b",
            r"\bnous\s+enqu[êe]tons\b",
            r"\ben\s+cours\s+d'(?:investigation|analyse)\b",
            r"\buntersuch",
            r"\binvestigando\b",
        ),
    ),
    (
        "major_outage",
        _cues(
            r"\bmajor\s+outage\b",
            # "Mobile app: unavailable", "Login is down".
            r":\s*(?:unavailable|down|offline|outage)\b",
            r"\b(?:is|are)\s+(?:currently\s+)?(?:down|unavailable|offline)\b",
            r"\bpanne\s+majeure\b",
            r"\bschwer\w*\s+ausfall\b",
            r"\binterrupci[óo]n\s+(?:grave|total)\b",
        ),
    ),
    (
        "partial_outage",
        _cues(
            r"\bpartial\s+outage\b",
            r"\bpanne\s+partielle\b",
            r"\bteilweise\w*\s+ausfall\b",
            r"\binterrupci[óo]n\s+parcial\b",
        ),
    ),
    (
        "degraded",
        _cues(
            r"\bdegraded\b", r"\bd[ée]grad[ée]e?s?\b", r"\bbeeintr[äa]chtigt\b", r"\bdegradad[oa]\b"
        ),
    ),
    (
        "maintenance",
        _cues(r"\b(?:scheduled\s+)?maintenance\b", r"\bwartung\b", r"\bmantenimiento\b"),
    ),
    (
        "operational",
        _cues(
            r"\ball\s+systems\s+operational\b",
            r"\b(?:fully\s+)?operational\b",
            r"\bop[ée]rationnel",
            r"\bbetriebsbereit\b",
            r"\bin\s+betrieb\b",
            r"\boperativ[oa]s?\b",
            r"\bfuncionan\s+con\s+normalidad\b",
            # A component's label on a status page: "Mobile app: working", "API: up".
            r":\s*(?:working|up|online|ok|normal)\b(?!\s+(?:on|to|towards)\b)",
            r"\b(?:is|are)\s+working\s+normally\b",
        ),
    ),
)

# ---- a decision on an application, a motion, a case ---------------------------------------------
DECISION_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "pending",
        _cues(
            r"\b(?:pending|awaiting)(?:\s+(?:decision|consideration|determination))?\b",
            r"\bunder\s+(?:consideration|review|assessment)\b",
            r"\bnot\s+yet\s+(?:decided|determined)\b",
            r"\bto\s+be\s+(?:decided|determined)\b",
            r"\b(?:deferred|adjourned|postponed)\b",
            r"\brecommend(?:ed|s|ation)?\s+(?:for\s+)?(?:approval|refusal)\b",
            r"\ben\s+(?:cours\s+d'instruction|attente)\b",
            r"\bajourn[ée]e?\b",
            r"\bin\s+bearbeitung\b",
            r"\bausstehend\b",
            r"\bvertagt\b",
            r"\ben\s+tr[áa]mite\b",
            r"\bpendiente\b",
            r"\baplazad[oa]\b",
        ),
    ),
    (
        "refused",
        _cues(
            r"\b(?:refused|rejected|denied|dismissed|turned\s+down)\b",
            r"\brefus[ée]e?\b",
            r"\brejet[ée]e?\b",
            r"\bd[ée]favorable\b",
            r"\babgelehnt\b",
            r"\bversagt\b",
            r"\bdenegad[oa]\b",
            r"\brechazad[oa]\b",
            r"\bdesestimad[oa]\b",
        ),
    ),
    (
        "approved",
        _cues(
            r"\b(?:approved|granted|permitted|passed|adopted|allowed|upheld)\b",
            r"\bapprouv[ée]e?\b",
            r"\baccord[ée]e?\b",
            r"\bautoris[ée]e?\b",
            r"\badopt[ée]e?\b",
            r"\bgenehmigt\b",
            r"\bbewilligt\b",
            r"\bangenommen\b",
            r"\bbeschlossen\b",
            r"\baprobad[oa]\b",
            r"\bconcedid[oa]\b",
            r"\bautorizad[oa]\b",
        ),
    ),
)

# ---- a cancellation -----------------------------------------------------------------------------
NOT_CANCELLED = _cues(
    r"\bnot\s+(?:been\s+)?cancell?ed\b",
    r"\b(?:goes|go|will\s+go|going)\s+ahead\b",
    r"\bas\s+(?:planned|scheduled)\b",
    r"\bon\s+schedule\b",
    r"\bmaintenu[e]?s?\b",
    r"\bpas\s+annul",
    r"\bfindet\s+(?:wie\s+geplant\s+)?statt\b",
    r"\bnicht\s+abgesagt\b",
    r"\bse\s+mantiene\b",
    r"\bno\s+(?:se\s+)?(?:ha\s+)?cancelad",
)
CANCELLED = _cues(
    r"\bcancell?ed\b",
    r"\bcalled\s+off\b",
    r"\bcancell?ation\s+(?:of|notice)\b",
    r"\bannul[ée]e?s?\b",
    r"\babgesagt\b",
    r"\bentf[äa]llt\b",
    r"\bf[äa]llt\s+aus\b",
    r"\bcancelad[oa]s?\b",
    r"\bsuspendid[oa]s?\b",
)

# ---- a free slot, table or appointment ----------------------------------------------------------
_THINGS = (
    r"(?:slots?|appointments?|tables?|times?|dates?|places?|seats?|sites?|pitches?|spaces?|rooms?"
    r"|tickets?|sessions?|availability|bookings?|reservations?|cr[ée]neaux|cr[ée]neau|rendez-vous"
    r"|places?|termine?|pl[äa]tze|tische|zimmer|citas?|mesas?|plazas?|huecos?|entradas?)"
)
NO_SLOTS = _cues(
    rf"\bno\s+(?:more\s+)?(?:[\w-]+\s+){{0,2}}{_THINGS}\s+(?:are\s+|is\s+)?(?:currently\s+)?"
    r"(?:available|free|left|open)\b",
    rf"\bno\s+(?:available|free|open)\s+(?:[\w-]+\s+){{0,2}}{_THINGS}\b",
    rf"\b0\s+{_THINGS}\b",
    r"\bfully\s+booked\b",
    r"\b(?:is|are)\s+(?:already\s+)?(?:reserved|booked|taken|occupied)\b",
    r"\b(?:est|sont)\s+(?:d[ée]j[àa]\s+)?r[ée]serv[ée]e?s?\b",
    r"\b(?:ist|sind)\s+(?:bereits\s+)?(?:belegt|reserviert|vergeben)\b",
    r"\b(?:est[áa]n?)\s+(?:ya\s+)?(?:reservad[oa]s?|ocupad[oa]s?)\b",
    r"\bbooked\s+(?:out|up)\b",
    r"\bsold\s+out\b",
    r"\bno\s+availability\b",
    r"\bnone\s+available\b",
    r"\b(?:not|un)\s*available\b",
    r"\bcheck\s+back\s+(?:later|soon)\b",
    r"\bwait(?:ing)?[\s-]?list\b",
    r"\bcomplet(?:e|s)?\b(?!\s+(?:the|your|this))",
    rf"\baucun(?:e)?\s+{_THINGS}",
    r"\bpas\s+de\s+(?:cr[ée]neau|disponibilit[ée]|rendez-vous)",
    r"\bindisponible\b",
    r"\bausgebucht\b",
    rf"\bkeine\s+(?:freien\s+)?{_THINGS}",
    r"\bnicht\s+verf[üu]gbar\b",
    r"\bcompleto\b",
    rf"\bno\s+hay\s+{_THINGS}",
    r"\bsin\s+disponibilidad\b",
    r"\bagotad[oa]s?\b",
)
SLOTS = _cues(
    rf"\b\d+\s+(?:free\s+|open\s+)?(?:[\w-]+\s+){{0,2}}{_THINGS}\s+(?:available|free|left"
    r"|remaining|open)\b",
    rf"\b{_THINGS}\s+(?:are\s+)?(?:now\s+)?(?:available|free|open)\b",
    rf"\b(?:available|free|open)\s+{_THINGS}\b",
    r"\bbook\s+(?:now|this|a\s+(?:slot|time|table))\b",
    r"\bselect\s+a\s+(?:time|slot|date)\b",
    r"\bchoose\s+a\s+(?:time|slot|date)\b",
    r"\bavailable\b",
    r"\bdisponibles?\b",
    r"\blibres?\b",
    r"\bverf[üu]gbar\b",
    r"\bfreie?\b",
    r"\breservar\b",
    r"\br[ée]server\b",
    r"\bbuchen\b",
)

# ---- prices that are not the price asked now ----------------------------------------------------
NOT_THE_PRICE = _cues(
    r"\b(?:was|were|previously|before|originally|formerly|regular(?:ly)?|usually|normally|rrp"
    r"|msrp|list\s+price|compare\s+at|reg\.?)\s*:?\s*$",
    r"\b(?:save|saving|you\s+save|economisez|[ée]conomisez|sparen\s+sie|sie\s+sparen|ahorra"
    r"|ahorras|remise|rabatt|descuento|discount\s+of|off)\s*:?\s*$",
    r"\b(?:statt|uvp|vorher|avant|au\s+lieu\s+de|prix\s+conseill[ée]|antes|pvpr?|precio\s+anterior)"
    r"\s*:?\s*$",
    r"\b(?:free\s+(?:uk\s+|standard\s+)?(?:delivery|shipping)\s+(?:on\s+orders\s+)?(?:over|above|from)"
    r"|orders\s+(?:over|above)|spend|delivery|shipping|postage|livraison|versand|env[íi]o|gastos)"
    r"[^.\n]{0,30}$",
    r"\b(?:gift\s+card|voucher|coupon|gutschein|bon\s+d'achat|cup[óo]n|cashback|trade[\s-]?in)"
    r"[^.\n]{0,30}$",
    r"\b(?:from|ab|d[èe]s|desde)\s*$",
)
# After a price: a unit price, a monthly instalment, a price that belongs to something else.
NOT_THE_PRICE_AFTER = _cues(
    r"^\s*(?:/|per\s+|a\s+|par\s+|pro\s+|por\s+|the\s+)?\s*(?:kg|100\s?g|100\s?ml|litre|liter|l|g|ml"
    r"|unit|item|st[üu]ck|mois|month|mo|monat|mes)\b",
    r"^\s*(?:x|×)\s*\d+\s+(?:months|mois|monate|meses)\b",
    r"^\s*(?:off|de\s+r[ée]duction|rabatt|de\s+descuento)\b",
)


@dataclass(frozen=True)
class Cue:
    """A cue found in a line: what it says and the words that say it."""

    value: object
    words: str
    start: int
