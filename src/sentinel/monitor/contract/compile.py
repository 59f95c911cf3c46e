"""The sentence compiled into a contract, by code, for the shapes people write most.

``compile_sentence("Tell me when the ASUS Dual RTX 5060 Ti 16GB drops below £420 at
PixelParts")`` is the contract ``price < 420.0 && currency == "GBP"`` about "ASUS Dual RTX
5060 Ti 16GB" at "PixelParts". The shapes, tried in this order (the first that matches wins):

1. a threshold on an amount in any currency and phrasing ("below", "under", "less than",
   "drops to", "at most", "cheaper than", "over"…; "moins de", "unter", "por debajo de"…):
   ``price < X`` (and ``currency == "GBP"`` when the sentence names a currency);
2. back in stock / can be ordered: ``in_stock``;
3. a version released ("firmware 3.0 is released", "a version newer than 2.4"):
   ``version_at_least(version, "3.0") && !prerelease`` (pre-releases count only when the
   sentence asks for one);
4. an incident resolved / a service working again: ``status in ["resolved", "operational"]``;
   an outage: ``status in [...the outage statuses]``;
5. cancelled: ``cancelled``;
6. approved, refused or any decision: ``decision == "approved"`` (``"refused"``, or any);
7. dates announced: ``date != null``;
8. a slot, table, appointment or ticket free: ``available``.

Anything else has no code form: :func:`compile_sentence` returns None and the monitor keeps
its LLM governor (or a model compiles it, :mod:`sentinel.monitor.contract.by_model`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from sentinel.monitor.contract import phrases
from sentinel.monitor.contract.model import Contract, ContractField, Lifetime, Subject
from sentinel.text.money import money_of

OUTAGE_STATUSES = ("major_outage", "partial_outage", "degraded", "investigating", "identified")
_SYMBOLS = {"GBP": "£", "EUR": "€", "USD": "$", "JPY": "¥"}
_OPERATOR_WORDS = {"<": "below", "<=": "at most", ">": "above", ">=": "at least"}


def compile_sentence(sentence: str, criteria: str | None = None) -> Contract | None:
    """The contract ``sentence`` asks for, or None when it has no shape the code knows.

    ``criteria``, when the user gave criteria apart from the sentence, say when to notify:
    "below $300" with "the Sonora QC Ultra at Voltmart" as the sentence. Criteria the code
    cannot compile mean no contract (the user's words go to the LLM governor), even when the
    sentence alone would compile.
    """
    separate = bool(criteria and criteria.strip() and criteria.strip() != sentence.strip())
    if phrases.STREAM.search(_body(sentence)):
        return None
    watched = phrases.WATCH_AND_TELL.match(sentence)
    if watched is not None and not separate:
        # "Keep an eye on Brightwater Jazz Festival and tell me when they put out the 2027
        # dates": the subject is what is watched (with a year the rest names).
        contract = _compile(_body(sentence[watched.end() :]))
        if contract is None:
            return None
        name = watched["subject"].strip(" ,")
        rest = sentence[watched.end() :]
        years = [y for y in re.findall(r"\b20\d\d\b", rest) if y not in name]
        subject = Subject(name=" ".join([name, *years])[:200], site=contract.subject.site)
        return contract.model_copy(update={"subject": subject})
    contract = _compile(_body(criteria if separate else sentence))
    if contract is None or not separate:
        return contract
    # The criteria say when; the sentence says what about: its own subject, when it compiles
    # to one, else what it names.
    own = _compile(_body(sentence))
    named = own.subject if own is not None else subject_of(sentence)
    return contract.model_copy(update={"subject": named}) if named else contract


def _compile(body: str) -> Contract | None:
    if not body or phrases.STREAM.search(body):
        return None
    for shape in _SHAPES:
        contract = shape(body)
        if contract is not None:
            return contract
    return None


def _body(text: str | None) -> str:
    """The sentence without its lead-in ("Tell me when") and final punctuation."""
    if not text:
        return ""
    body = " ".join(text.split()).strip()
    body = phrases.CLOSING.sub("", body)
    body = phrases.LEAD_IN.sub("", body, count=1)
    return body.rstrip(" .!?;:").strip()


# ---- shapes --------------------------------------------------------------------------------


def _threshold(body: str) -> Contract | None:
    bounded = phrases.AMOUNT_MAXIMUM.search(body)
    if bounded is not None:
        amount, currency = _money(bounded)
        subject = _subject(body[: bounded.start()], body[bounded.end() :])
        if amount is not None and subject is not None:
            return _price_contract(subject, "<=", amount, currency)
    for operator, words in phrases.COMPARE_BEFORE.items():
        pattern = re.compile(
            rf"(?<![\w-])(?:{words})\s+(?:(?:les|la|le|the|die|der|den|el|los|las)\s+)?"
            rf"(?P<money>{phrases.MONEY.pattern})",
            re.IGNORECASE | re.VERBOSE,
        )
        for match in pattern.finditer(body):
            amount, currency = _money(match)
            if amount is None:
                continue
            after = body[match.end() :]
            op = operator
            if op == "<" and phrases.OR_LESS.match(after):
                op, after = "<=", phrases.OR_LESS.sub("", after, count=1)
            elif op == ">" and phrases.OR_MORE.match(after):
                op, after = ">=", phrases.OR_MORE.sub("", after, count=1)
            if currency is None and not _looks_like_price(body, match.start()):
                continue
            subject = _subject(body[: match.start()], after)
            if subject is None:
                continue
            return _price_contract(subject, op, amount, currency)
    return None


def _price_contract(subject: Subject, op: str, amount: float, currency: str | None) -> Contract:
    literal = _number_literal(amount)
    condition = f"price {op} {literal}"
    fields = [ContractField(name="price", measure="price")]
    if currency is not None:
        condition += f' && currency == "{currency}"'
        fields.append(ContractField(name="currency", measure="currency"))
    return Contract(
        subject=subject,
        fields=tuple(fields),
        condition=condition,
        summary=f"the price is {_OPERATOR_WORDS[op]} {money_text(amount, currency)}",
        lifetime="hours",
        threshold=amount,
    )


_PRICE_CONTEXT = re.compile(
    r"\b(?:price|prices|cost|costs|fare|fares|rate|rates|cheap|cheaper|sells?|deal|per|a\s+night"
    r"|a\s+month|prix|co[uû]te?|preis|kostet|precio|cuesta|tarif)\b",
    re.IGNORECASE,
)


def _looks_like_price(body: str, start: int) -> bool:
    """Whether a bare number (no currency) is an amount of money: the sentence speaks of a
    price ("under 300" alone could be a count)."""
    return _PRICE_CONTEXT.search(body) is not None


def _in_stock(body: str) -> Contract | None:
    person = phrases.CAN_BUY_PERSON.search(body)
    if person is not None:
        named = person["de"] or person["fr"] or person["es"]
        subject = _subject(named, "")
        if subject is None:
            return None
        return Contract(
            subject=subject,
            fields=(ContractField(name="in_stock", measure="in_stock"),),
            condition="in_stock",
            summary="it is in stock",
            lifetime="minutes",
        )
    can = phrases.CAN_ORDER.search(body)
    match = phrases.IN_STOCK.search(body) or phrases.AVAILABLE_IN.search(body)
    if can is not None:
        subject = _subject(body[can.end() :], "")
    elif match is not None and match.re is phrases.AVAILABLE_IN and phrases.BOOKABLE.search(body):
        return None  # "una cita disponible en …": a slot, not a product
    elif match is not None:
        subject = _subject(body[: match.start()], body[match.end() :])
    else:
        return None
    if subject is None:
        return None
    return Contract(
        subject=subject,
        fields=(ContractField(name="in_stock", measure="in_stock"),),
        condition="in_stock",
        summary="it is in stock",
        lifetime="minutes",
    )


def _release(body: str) -> Contract | None:
    newer = phrases.NEWER_THAN.search(body)
    match = phrases.RELEASED.search(body)
    if match is None and newer is None:
        return None
    anchor = newer or match
    assert anchor is not None
    before, after = body[: anchor.start()], body[anchor.end() :]
    wanted = None
    if newer is not None:
        wanted = newer["version"] or newer["version2"]
    else:
        found = phrases.VERSION.search(before) or phrases.VERSION.search(after)
        wanted = (found["version"] or found[2]) if found else None
    generic = re.search(r"\b(?:new|newer)\s+(?:version|release)\b", body, re.IGNORECASE)
    if wanted is None and generic is None:
        return None  # "the game comes out": an event, not a version; no code form
    subject_text = before
    if newer is not None:
        subject_text = re.sub(
            r"\b(?:a|any)\s+(?:new\s+)?(?:version|release)\s+(?:of\s+)?",
            "",
            before,
            flags=re.IGNORECASE,
        )
    subject_text = re.sub(
        r"^(?:a\s+)?(?:new\s+)?(?:version|release)\s+of\s+", "", subject_text, flags=re.I
    )
    of = re.match(r"\s*(?:of|for|de|von|für)\s+(?P<name>.+?)\s+(?:is|gets|are)\s+", after, re.I)
    if newer is not None and of is not None and not subject_text.strip():
        subject_text, after = of["name"], ""
    # "(la versión final, no la de pruebas)", "final": what kind of release, not who.
    subject_text = re.sub(r"\([^)]*\)", " ", subject_text)
    subject_text = phrases.FINAL_RELEASE.sub(" ", subject_text)
    after = re.sub(r"\([^)]*\)", " ", after)
    subject = _subject(subject_text, after, keep_version=newer is None)
    if subject is None:
        return None
    prerelease_ok = bool(phrases.WANTS_PRERELEASE.search(body)) and not (
        phrases.FINAL_RELEASE.search(body)
    )
    fields = [ContractField(name="version", measure="version")]
    if wanted is None:
        condition, summary = "changed(version)", "a new version is released"
    elif newer is not None:
        condition = f'version_newer(version, "{wanted}")'
        summary = f"a version newer than {wanted} is released"
    else:
        condition = f'version_at_least(version, "{wanted}")'
        summary = f"version {wanted} or later is released"
    if not prerelease_ok:
        fields.append(ContractField(name="prerelease", measure="prerelease"))
        condition += " && !prerelease"
        summary += " (not a pre-release)"
    return Contract(
        subject=subject,
        fields=tuple(fields),
        condition=condition,
        summary=summary,
        lifetime="days",
        wanted_version=wanted,
    )


def _status(body: str) -> Contract | None:
    resolved = phrases.RESOLVED.search(body)
    outage = phrases.OUTAGE.search(body)
    if resolved is None and outage is None:
        return None
    lifetime: Lifetime
    if resolved is not None:
        subject = _subject(body[: resolved.start()], body[resolved.end() :])
        condition = 'status in ["resolved", "operational"]'
        summary, lifetime = "it is resolved", "hours"
    else:
        assert outage is not None
        subject = _subject(body[: outage.start()], body[outage.end() :])
        statuses = ", ".join(f'"{status}"' for status in OUTAGE_STATUSES)
        condition = f"status in [{statuses}]"
        summary, lifetime = "it has an outage", "minutes"
    if subject is None:
        return None
    return _single(subject, "status", "status", condition, summary, lifetime)


def _cancelled(body: str) -> Contract | None:
    match = phrases.CANCELLED.search(body)
    if match is None:
        return None
    subject = _subject(body[: match.start()], body[match.end() :])
    if subject is None:
        return None
    return _single(subject, "cancelled", "cancelled", "cancelled", "it is cancelled", "hours")


def _decision(body: str) -> Contract | None:
    approved = phrases.APPROVED.search(body)
    refused = phrases.REFUSED.search(body)
    decided = phrases.DECIDED.search(body)
    match = approved or refused or decided
    if match is None:
        return None
    if approved is not None:
        condition, summary = 'decision == "approved"', "it is approved"
    elif refused is not None:
        condition, summary = 'decision == "refused"', "it is refused"
    else:
        condition, summary = 'decision in ["approved", "refused"]', "a decision is made"
    before = body[: match.start()]
    after = body[match.end() :]
    if phrases.ACTIVE.match(match.group().strip()) and after.strip():
        before, after = after, ""  # "the city approves the roof": the roof is the subject
    about = re.search(r"\s(?:über|on|sur|sobre|about)\s+(?P<rest>.+)$", before, re.IGNORECASE)
    if about is not None:
        before = about["rest"]  # "der Gemeinderat über den Bebauungsplan": the plan
    if approved is None and refused is None:
        # "the committee decides on application 25/01873/FUL": what is decided follows.
        on = re.match(r"\s*(?:on|about|sur|über|sobre)\s+(?P<rest>.+)$", after, re.IGNORECASE)
        if on is not None:
            before, after = on["rest"], ""
    subject = _subject(before, after)
    if subject is None:
        return None
    return _single(subject, "decision", "decision", condition, summary, "days")


def _dates(body: str) -> Contract | None:
    passive = phrases.DATES_PASSIVE.search(body)
    if passive is not None:
        named = passive["subject"] or passive["subject_de"]
        named = re.sub(r"^(?:of|for|du|de|des|der|del|für)\s+", "", named, flags=re.I)
        subject = _subject(named, body[passive.end() :])
        if subject is not None:
            return _single(subject, "date", "date", "date != null", "a date is announced", "days")
    match = phrases.DATES_ANNOUNCED.search(body)
    if match is None:
        return None
    subject = _subject(body[: match.start()], body[match.end() :])
    if subject is None:
        return None
    return _single(subject, "date", "date", "date != null", "a date is announced", "days")


def _names_bookable(text: str) -> bool:
    """Whether ``text`` opens with a bookable thing, after at most two words ("haircut
    slot", "cita previa")."""
    words = text.split()
    return any(phrases.BOOKABLE.match(" ".join(words[k:])) for k in range(min(3, len(words))))


def _available(body: str) -> Contract | None:
    match = phrases.AVAILABLE.search(body) or phrases.RELEASES_SLOTS.search(body)
    there = phrases.THERE_IS.search(body)
    booked = there is not None and _names_bookable(body[there.end() :])
    if match is None and there is not None and booked:
        # "haya cita previa para renovar el DNI": the bookable thing exists, i.e. is free.
        subject = _subject(body[there.end() :], "")
        if subject is None:
            return None
        return _single(
            subject, "available", "available", "available", "one is available", "minutes"
        )
    if match is None or not phrases.BOOKABLE.search(body):
        return None
    before, after = body[: match.start()], body[match.end() :]
    if phrases.BOOKABLE.search(before):
        subject = _subject(before, after)
    else:
        # "the consulate releases visa appointment slots": the slots, at the consulate.
        subject = _subject(after, "")
        site = phrases.ARTICLES.sub("", before.strip(" ,")).strip() or None
        if subject is not None and site and subject.site is None:
            subject = Subject(name=subject.name, site=site[:200])
    if subject is None:
        return None
    return _single(subject, "available", "available", "available", "one is available", "minutes")


_SHAPES: tuple[Callable[[str], Contract | None], ...] = (
    _threshold,
    _in_stock,
    _release,
    _status,
    _cancelled,
    _decision,
    _dates,
    _available,
)


# ---- pieces --------------------------------------------------------------------------------


def _single(
    subject: Subject,
    name: str,
    measure: str,
    condition: str,
    summary: str,
    lifetime: Lifetime,
) -> Contract:
    field = ContractField.model_validate({"name": name, "measure": measure})
    return Contract(
        subject=subject, fields=(field,), condition=condition, summary=summary, lifetime=lifetime
    )


def _money(match: re.Match[str]) -> tuple[float | None, str | None]:
    """The amount and ISO currency of a MONEY match (currency None when unnamed)."""
    money = money_of(match)
    return (money.amount, money.currency) if money is not None else (None, None)


def _number_literal(amount: float) -> str:
    return f"{amount:.2f}".rstrip("0").rstrip(".") + ("" if amount % 1 else ".0")


def money_text(amount: float, currency: str | None) -> str:
    figure = f"{amount:,.2f}"
    if currency is None:
        return figure
    symbol = _SYMBOLS.get(currency)
    return f"{symbol}{figure}" if symbol else f"{figure} {currency}"


def _subject(before: str, after: str, *, keep_version: bool = True) -> Subject | None:
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


def subject_of(sentence: str) -> Subject | None:
    """The subject of a sentence no shape compiles: what it names, without its lead-in."""
    return _subject(_body(sentence), "")
