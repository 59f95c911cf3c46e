"""The cue tables of the modality classifier (:mod:`sentinel.monitor.governing.modality`):
for each language, its function words (to tell which language a sentence is in), how its
questions open, and the patterns that mark a clause as a question, hedge, forecast, pending
or neutral. Adding a language is adding one :class:`Language` here."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum


class Modality(StrEnum):
    """What a clause does with its content (see the module documentation)."""

    ASSERTED = "asserted"
    QUESTION = "question"
    HEDGED = "hedged"
    PROSPECTIVE = "prospective"
    PENDING = "pending"
    INSTRUCTION = "instruction"
    SCHEDULED = "scheduled"


@dataclass(frozen=True)
class Language:
    function_words: frozenset[str]
    question_openings: re.Pattern[str]
    # Checked in this order within a clause: a "not yet" outranks the future it mentions.
    cues: tuple[tuple[Modality, re.Pattern[str]], ...]
    neutral: re.Pattern[str]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _any(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


_AUX_EN = r"(?:is|are|was|were|be|been|being|remains?|still|now|currently)"

ENGLISH = Language(
    function_words=_words(
        "the a an and of to in is are was were has have will be it this that for on with "
        "not by at from as its their his her our"
    ),
    question_openings=_any(
        r"^(?:when|what|why|how|where|which|who)\s+(?:will|would|is|are|was|were|does|do|did"
        r"|can|could|should|has|have|shall)\b",
        r"^(?:does|did|has|have|is|are|will|can|could)\s+(?:anyone|anybody|someone|somebody"
        r"|there|it|this|that)\b",
        r"^(?:any|anyone|anybody)\s+(?:news|word|update|updates|idea|info|eta|know|knows"
        r"|heard)\b",
    ),
    cues=(
        (
            Modality.PENDING,
            _any(
                r"\bnot\s+yet\b|\bnot\b[^.;,]{0,40}?\byet\b",
                r"\byet\s+to\b",
                r"\bstill\s+(?:not|no|closed|shut|unavailable|awaiting|waiting|pending"
                r"|unconfirmed|unknown|delayed)\b",
                r"\b(?:has|have|had)(?:n't|\s+not)\s+(?:yet\s+)?(?:been\s+)?\w+",
                r"\b(?:hasn't|haven't|hadn't)\b",
                r"\bno\s+(?:official\s+)?(?:word|news|date|update|announcement|release)\s+"
                r"(?:yet|so\s+far)\b",
                r"\b(?:tba|tbc|tbd)\b",
                r"\bto\s+be\s+(?:announced|confirmed|determined|decided)\b",
                # The announcement itself still to come: "will be announced", "is set to
                # reveal", "expected to confirm" — a forecast of news, never the news.
                r"\b(?:will|shall|to|would)\s+(?:be\s+|get\s+)?(?:announc\w*|reveal\w*"
                r"|confirm\w*|unveil\w*|publish\w*)\b",
                r"\bawaiting\b",
            ),
        ),
        (
            Modality.HEDGED,
            _any(
                r"\b(?:reportedly|allegedly|purportedly|supposedly|apparently|presumably)\b",
                r"\brumou?r(?:s|ed|ing)?\b",
                r"\b(?:unconfirmed|unverified|speculat\w*|hearsay|gossip)\b",
                r"\bleak(?:s|ed)?\b",
                r"\b(?:sources?|insiders?|people\s+familiar)\b[^.;]{0,40}?\b(?:say|says|said"
                r"|claim|claims|claimed|suggest|suggests|suggested|told|tell|indicate\w*)\b",
                r"\baccording\s+to\s+(?:\w+\s+){0,2}(?:sources|insiders|rumou?rs|leaks?"
                r"|reports|speculation)\b",
                r"\b(?:is|are|was|were)\s+(?:said|believed|thought|understood|tipped"
                r"|rumou?red|alleged)\s+to\b",
                r"\b(?:i|we)\s+(?:heard|hear|think|guess|believe|reckon|suspect|bet)\b",
                r"\bmy\s+(?:guess|bet|prediction|hunch)\b|\bcalling\s+it\b",
                r"\bheard\s+(?:from|that)\b",
                r"\bword\s+is\b",
                r"\b(?:could|might|possibly|perhaps|probably|maybe|potentially|likely"
                r"|unlikely)\b",
                # "may" the modal, not May the month (case is kept for this one).
                r"(?-i:\bmay\b)(?!\s+\d)",
            ),
        ),
        (
            Modality.PROSPECTIVE,
            _any(
                r"\b(?:will|shall|won't|gonna)\b",
                r"\w'll\b",
                r"\bgoing\s+to\b",
                rf"\b{_AUX_EN}\s+(?:(?:now|still|currently|officially)\s+)?(?:expected|"
                r"scheduled|planned|slated|due|anticipated|forecast|projected|poised"
                r"|on\s+track|tipped|pencil+ed\s+in)\b",
                rf"\b{_AUX_EN}\s+set\s+(?:to|for)\b",
                r"\bexpect(?:s|ed|ing|ation|ations)?\b",
                r"\b(?:anticipat\w*|forecast\w*|predict\w*|projection\w*)\b",
                r"\b(?:plans?|planning|intends?|intending|aims?|aiming|hopes?|hoping)\s+to\b",
                r"\bplanned\s+(?:for|in|on)\b",
                # Attributive, heading a clause or a noun phrase: "Planned restart: summer".
                r"(?:^|\b(?:the|a|an|its|their|our|his|her)\s+)(?:planned|scheduled|proposed"
                r"|provisional|estimated|targeted)\s+[^\W\d_]+",
                r"\b(?:upcoming|forthcoming|tentative\w*|hopefully)\b",
                r"\bcoming\s+soon\b|\bsoon\b",
                r"\b(?:next|later\s+this|early\s+next|in\s+the\s+coming)\s+(?:week|month|year"
                r"|quarter|season|spring|summer|autumn|fall|winter|days|weeks|months)\b",
                r"\btarget(?:s|ed|ing)?\s+(?:date|release|of|for|is)\b|\btargeting\b",
                r"\beta\b",
                r"\bto\s+be\s+(?:released|announced|published|opened|reopened|launched|held"
                r"|confirmed|decided|completed|shipped)\s+(?:in|on|by|at|next|later)\b",
                r"\bwould\b",
            ),
        ),
    ),
    neutral=_any(
        r"\bas\s+(?:expected|planned|scheduled|anticipated|forecast|predicted|announced"
        r"|promised)\b",
        r"\bas\s+soon\s+as\b",
        # A performative announcement is the news: "We are thrilled to announce …".
        r"\b(?:thrilled|pleased|happy|proud|excited|delighted|glad|able)\s+to\s+(?:announce"
        r"|confirm|reveal|unveil|share)\b",
        r",\s*(?:originally\s+)?(?:scheduled|planned|expected|slated|set)\s+(?:for|to)\b[^,]*,",
    ),
)

FRENCH = Language(
    function_words=_words(
        "le la les un une des et de du est sont sera été au aux pour sur dans par pas ne "
        "que qui avec"
    ),
    question_openings=_any(
        r"^(?:quand|quel|quelle|quels|quelles|pourquoi|comment|où|est-ce)\b",
        r"^(?:quelqu'un|des\s+nouvelles)\b",
    ),
    cues=(
        (
            Modality.PENDING,
            _any(
                r"\bpas\s+encore\b",
                r"\btoujours\s+(?:pas|fermée?s?)\b",
                r"\ben\s+attente\b",
                r"\bà\s+(?:annoncer|confirmer|déterminer)\b",
            ),
        ),
        (
            Modality.HEDGED,
            _any(
                r"\b(?:rumeurs?|selon\s+(?:des|nos|les)\s+sources|apparemment|peut-être"
                r"|probablement|présumée?s?)\b",
                r"\b(?:pourrai(?:t|ent)|devrai(?:t|ent))\b",
                r"\bil\s+para[iî]t\b",
                r"\bserai(?:t|ent)\b",
            ),
        ),
        (
            Modality.PROSPECTIVE,
            _any(
                r"\b(?:prévue?s?|attendue?s?|programmée?s?|envisagée?s?|prochaine(?:ment)?"
                r"|bientôt)\b",
                r"\b(?:sera|seront|aura|auront|ouvrira|rouvrira|sortira)\b",
                r"\b(?:va|vont|doit|doivent)\s+(?:être|ouvrir|rouvrir|sortir|annoncer)\b",
                r"\bprévoit\b",
            ),
        ),
    ),
    neutral=_any(r"\bcomme\s+prévu\b"),
)

GERMAN = Language(
    function_words=_words(
        "der die das und ist sind wird wurde ein eine den dem des nicht mit für auf im zu von noch"
    ),
    question_openings=_any(
        r"^(?:wann|was|warum|wie|wo|welche[rsmn]?|wer)\b",
        r"^(?:gibt\s+es|weiß\s+jemand|weiss\s+jemand|hat\s+jemand)\b",
    ),
    cues=(
        (
            Modality.PENDING,
            _any(
                r"\bnoch\s+(?:nicht|kein\w*|geschlossen|gesperrt|offen)\b",
                r"\bsteht\s+noch\s+aus\b",
            ),
        ),
        (
            Modality.HEDGED,
            _any(
                r"\b(?:gerüchte?\w*|angeblich|vermutlich|wahrscheinlich|möglicherweise"
                r"|vielleicht|offenbar|anscheinend)\b",
                r"\b(?:könnte|könnten|dürfte|dürften|soll(?:en)?\s+angeblich)\b",
                r"\blaut\s+(?:insidern|quellen|berichten)\b",
            ),
        ),
        (
            Modality.PROSPECTIVE,
            _any(
                r"\b(?:wird|werden|voraussichtlich|geplant\w*|erwartet\w*|demnächst|bald"
                r"|künftig|kommende[nmrs]?|nächste[nmrs]?)\b",
                r"\b(?:soll|sollen)\b",
                r"\bplant\b",
            ),
        ),
    ),
    neutral=_any(r"\bwie\s+(?:geplant|erwartet|angekündigt)\b"),
)

SPANISH = Language(
    function_words=_words(
        "el la los las un una y de del es son será fue en por para con no que se al su"
    ),
    question_openings=_any(
        r"^¿",
        r"^(?:cuándo|qué|por\s+qué|cómo|dónde|cuál|quién)\b",
        r"^(?:alguien\s+sabe|hay\s+noticias)\b",
    ),
    cues=(
        (
            Modality.PENDING,
            _any(
                r"\b(?:todavía|aún)\s+no\b",
                r"\bsigue\s+(?:sin|cerrad[oa])\b",
                r"\bpor\s+(?:anunciar|confirmar|determinar)\b",
            ),
        ),
        (
            Modality.HEDGED,
            _any(
                r"\b(?:rumor(?:es)?|supuestamente|presuntamente|al\s+parecer|quizás?"
                r"|probablemente|posiblemente)\b",
                r"\b(?:podría|podrían)\b",
                r"\bsegún\s+(?:fuentes|rumores|filtraciones)\b",
            ),
        ),
        (
            Modality.PROSPECTIVE,
            _any(
                r"\b(?:prevista?s?|previsto?s?|esperad[oa]s?|programad[oa]s?|próximamente"
                r"|pronto|próxim[oa]s?)\b",
                r"\b(?:será|serán|abrirá|reabrirá|saldrá|tendrá)\b",
                r"\b(?:va|van)\s+a\b",
                r"\b(?:planea|prevé|espera)\b",
            ),
        ),
    ),
    neutral=_any(r"\bcomo\s+(?:estaba\s+)?previsto\b"),
)

LANGUAGES = {"en": ENGLISH, "fr": FRENCH, "de": GERMAN, "es": SPANISH}


@dataclass(frozen=True)
class Polarity:
    """A language's negation cues (:mod:`sentinel.monitor.governing.polarity`).

    ``negators``: grammatical negation ("not", "no longer", "ne … pas", "kein", "ya no");
    ``not_negating``: phrases built on a negator that deny nothing ("not only", "no later
    than"); ``opposites``: pairs of a wanted state and the state that denies it ("available"
    / "sold out", "open" / "closed") — the second denies only where the criteria ask for the
    first."""

    negators: re.Pattern[str]
    not_negating: re.Pattern[str]
    opposites: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]


POLARITY = {
    "en": Polarity(
        negators=_any(
            r"\bno\s+longer\b",
            r"\bnot\b",
            r"\w+n't\b",
            r"\bcannot\b",
            r"\bnever\b",
            r"\bnone\b",
            r"\bnobody\b",
            r"\bnothing\b",
            r"\bwithout\b",
            r"\bno\b(?!\.)",
        ),
        not_negating=_any(
            r"\bnot\s+only\b",
            r"\bno\s+(?:later|sooner|earlier|more\s+than|less\s+than|matter|doubt)\b",
            r"\bnot\s+to\s+be\s+missed\b",
            r"\bno\s*\.\s*\d",
            r"\bnone\s+other\b",
            r"\bwithout\s+(?:delay|fail|a\s+hitch)\b",
            r"\bnever\s+(?:before|been\s+(?:easier|better|cheaper))\b",
        ),
        opposites=(
            (
                _any(
                    r"\bavailab\w*",
                    r"\bin[\s-]+stock\b",
                    r"\bon\s+sale\b",
                    r"\borderable\b",
                    r"\bbookable\b",
                    r"\brestock\w*",
                    r"\bback\b",
                ),
                _any(
                    r"\bsold[\s-]+out\b",
                    r"\bout[\s-]+of[\s-]+stock\b",
                    r"\bunavailab\w*",
                    r"\bfully\s+booked\b",
                    r"\bbooked\s+up\b",
                    r"\bdiscontinued\b",
                    r"\bwithdrawn\b",
                ),
            ),
            (
                _any(
                    r"\bopen(?:s|ed|ing)?\b",
                    r"\breopen\w*",
                    r"\baccept\w*",
                    r"\btaking\b",
                    r"\benrol\w*",
                    r"\bregistration\b",
                    r"\bresum\w*",
                    r"\brunning\b",
                ),
                _any(
                    r"\bclos(?:ed|es|ing|ure)\b",
                    r"\bshut\b",
                    r"\bfull\b",
                    r"\bsuspended\b",
                    r"\bpaused\b",
                    r"\bhalted\b",
                    r"\bcancel+ed\b",
                ),
            ),
        ),
    ),
    "fr": Polarity(
        negators=_any(
            r"\bne\b|\bn'",
            r"\bpas\b",
            r"\bjamais\b",
            r"\baucune?\b",
            r"\bsans\b",
        ),
        not_negating=_any(r"\bpas\s+seulement\b", r"\bsans\s+(?:doute|faute)\b"),
        opposites=(
            (
                _any(r"\bdisponibles?\b", r"\ben\s+stock\b", r"\ben\s+vente\b"),
                _any(
                    r"\bépuisée?s?\b",
                    r"\bindisponibles?\b",
                    r"\bcomplets?\b|\bcomplètes?\b",
                    r"\ben\s+rupture\b",
                ),
            ),
            (
                _any(r"\bouverte?s?\b", r"\brouverte?s?\b", r"\baccept\w*", r"\binscri\w*"),
                _any(r"\bfermée?s?\b", r"\bfermeture\b", r"\bsuspendue?s?\b", r"\bannulée?s?\b"),
            ),
        ),
    ),
    "de": Polarity(
        negators=_any(r"\bnicht\b", r"\bkein\w*", r"\bnie(?:mals)?\b", r"\bohne\b"),
        not_negating=_any(r"\bnicht\s+nur\b", r"\bohne\s+(?:zweifel|frage)\b"),
        opposites=(
            (
                _any(
                    r"\bverfügbar\w*",
                    r"\berhältlich\b",
                    r"\blieferbar\b",
                    r"\bvorrätig\b",
                    r"\bauf\s+lager\b",
                ),
                _any(
                    r"\bausverkauft\b",
                    r"\bvergriffen\b",
                    r"\bausgebucht\b",
                    r"\bnicht\s+(?:mehr\s+)?(?:verfügbar|lieferbar)\b",
                ),
            ),
            (
                _any(r"\bgeöffnet\b", r"\boffen\b", r"\bnimmt\b", r"\baufgenommen\b"),
                _any(r"\bgeschlossen\b", r"\bgesperrt\b", r"\beingestellt\b", r"\bvoll\b"),
            ),
        ),
    ),
    "es": Polarity(
        negators=_any(
            r"\bya\s+no\b",
            r"\bno\b",
            r"\bnunca\b",
            r"\bningun[oa]?\b|\bningún\b",
            r"\bsin\b",
            r"\bnadie\b",
            r"\bnada\b",
        ),
        not_negating=_any(r"\bno\s+solo\b", r"\bsin\s+(?:duda|falta)\b"),
        opposites=(
            (
                _any(r"\bdisponibles?\b", r"\ben\s+stock\b", r"\ba\s+la\s+venta\b"),
                _any(r"\bagotad[oa]s?\b", r"\bcomplet[oa]s?\b", r"\bsin\s+existencias\b"),
            ),
            (
                _any(r"\babiert[oa]s?\b", r"\breabiert[oa]s?\b", r"\bacept\w*", r"\binscripci\w*"),
                _any(r"\bcerrad[oa]s?\b", r"\bsuspendid[oa]s?\b", r"\bcancelad[oa]s?\b"),
            ),
        ),
    ),
}
"""Negation cues by language code, the languages :data:`LANGUAGES` covers."""
