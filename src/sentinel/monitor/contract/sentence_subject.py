"""The subject of a sentence: what it names around the predicate the compiler matched.

What precedes the predicate ("the ASUS Dual RTX 5060 Ti 16GB" in "… drops below £420"),
without its articles, a "the price of" or who says it ("Kestrel Bank says its app …"); a site
named either side ("… at PixelParts") or inside, before a qualifier ("haircut slot at Fade &
Co Shoreditch this Saturday"), as the subject's site; and what follows the predicate when it
narrows the subject ("for two on Saturday 14 June", "in EU size 44"). The phrases it matches
are :mod:`sentinel.monitor.contract.phrases`; the shapes that call it are
:mod:`sentinel.monitor.contract.price_shape` and :mod:`sentinel.monitor.contract.event_shapes`.
"""

from __future__ import annotations

import re

from sentinel.monitor.contract import phrases
from sentinel.monitor.contract.model import Subject


def subject_around(before: str, after: str, *, keep_version: bool = True) -> Subject | None:
    """The subject from the text around the predicate: what precedes it, with a site named
    either side ("… at PixelParts"), and what follows it when that is a qualifier ("on
    Saturday 14 June")."""
    site = None
    before, after = before.strip(" ,"), after.strip(" ,")
    leading = phrases.SITE_FIRST.match(after)
    if leading is not None and not phrases.NOT_A_SITE.match(leading["site"]):
        # "… available at Maison Lune on Saturday 14 June": the site, then a qualifier.
        site, after = leading["site"].strip(" ."), leading["rest"]
    for part in ("after", "before") if site is None else ():
        text = after if part == "after" else before
        match = phrases.SITE.search(" " + text)
        if match is None or phrases.NOT_A_SITE.match(match["site"]):
            continue
        site = match["site"].strip(" .")
        cut = (" " + text)[: match.start()].strip()
        if part == "after":
            after = cut
        else:
            before = cut
        break
    if not before.strip(" ,"):
        # "vuelva a haber stock de la Nintendo Switch 2", "vuelva a funcionar el TPV virtual
        # de CobroFácil": the subject follows the predicate.
        of = re.match(r"^(?:of|de|du|des|von|der)\s+(?P<rest>.+)$", after, re.IGNORECASE)
        if of is not None or after.strip(" ,"):
            before, after = (of["rest"] if of is not None else after), ""
            found = phrases.SITE.search(" " + before)
            if site is None and found is not None and not phrases.NOT_A_SITE.match(found["site"]):
                site = found["site"].strip(" .")
                before = (" " + before)[: found.start()].strip()
    inside = phrases.SITE_INSIDE.search(before) if site is None else None
    if inside is not None and not phrases.NOT_A_SITE.match(inside["site"]):
        site = inside["site"].strip(" .")
        before = before[: inside.start()] + inside["rest"]
    name = phrases.PRICE_OF.sub("", before.strip(" ,"))
    name = phrases.SAYS.sub(" ", name)
    name = phrases.ARTICLES.sub("", name).strip(" ,")
    name = phrases.TRAILING_WORDS.sub("", name).strip(" ,")
    qualifier = _qualifier(after)
    if qualifier:
        name = f"{name} {qualifier}".strip()
    if not keep_version:
        name = phrases.VERSION.sub("", name).strip()
    if not name or not re.search(r"\w", name):
        return None
    return Subject(name=name[:200], site=site[:200] if site else None)


_QUALIFIER = re.compile(
    r"^(?:(?:for|on|in|at|from|between|before|after|with|of|pour|le|am|im|für|para|el|en)\s+)"
    r".+$",
    re.IGNORECASE,
)


def _qualifier(after: str) -> str:
    """What follows the predicate that narrows the subject ("for two on Saturday 14 June",
    "in EU size 44"), or ''."""
    text = after.strip(" ,")
    if not text or len(text) > 80:
        return ""
    return text if _QUALIFIER.match(text) else ""
