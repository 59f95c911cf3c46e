"""The event shapes of a sentence, compiled into contracts: something comes to be so.

Back in stock (``in_stock``), a version released (``version_at_least(version, "3.0") &&
!prerelease``), an incident resolved or an outage (``status in [...]``), cancelled
(``cancelled``), approved, refused or decided (``decision == "approved"``), dates announced
(``date != null``), a slot free (``available``) and a place changing its opening hours
(``changed(opening_hours)``). Each function reads one shape from a
sentence's body (its lead-in gone, :mod:`sentinel.monitor.contract.compile`) and returns its
contract, or None when the sentence is not of that shape or names no subject
(:mod:`sentinel.monitor.contract.sentence_subject`).
"""

from __future__ import annotations

import re

from sentinel.monitor.contract import phrases
from sentinel.monitor.contract.model import Contract, ContractField, Lifetime, Subject
from sentinel.monitor.contract.sentence_subject import subject_around

OUTAGE_STATUSES = ("major_outage", "partial_outage", "degraded", "investigating", "identified")


def in_stock_contract(body: str) -> Contract | None:
    """Back in stock, or can be ordered: ``in_stock``; or None."""
    person = phrases.CAN_BUY_PERSON.search(body)
    if person is not None:
        named = person["de"] or person["fr"] or person["es"]
        subject = subject_around(named, "")
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
        subject = subject_around(body[can.end() :], "")
    elif match is not None and match.re is phrases.AVAILABLE_IN and phrases.BOOKABLE.search(body):
        return None  # "una cita disponible en …": a slot, not a product
    elif match is not None:
        subject = subject_around(body[: match.start()], body[match.end() :])
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


def release_contract(body: str) -> Contract | None:
    """A version released ("firmware 3.0 is released", "a version newer than 2.4"), not a
    pre-release unless the sentence asks for one; or None."""
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
    subject = subject_around(subject_text, after, keep_version=newer is None)
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


def status_contract(body: str) -> Contract | None:
    """An incident resolved, a service working again, or an outage: a ``status`` in the
    matching statuses; or None."""
    resolved = phrases.RESOLVED.search(body)
    outage = phrases.OUTAGE.search(body)
    if resolved is None and outage is None:
        return None
    lifetime: Lifetime
    if resolved is not None:
        subject = subject_around(body[: resolved.start()], body[resolved.end() :])
        condition = 'status in ["resolved", "operational"]'
        summary, lifetime = "it is resolved", "hours"
    else:
        assert outage is not None
        subject = subject_around(body[: outage.start()], body[outage.end() :])
        statuses = ", ".join(f'"{status}"' for status in OUTAGE_STATUSES)
        condition = f"status in [{statuses}]"
        summary, lifetime = "it has an outage", "minutes"
    if subject is None:
        return None
    return _single(subject, "status", "status", condition, summary, lifetime)


def cancelled_contract(body: str) -> Contract | None:
    """Cancelled: ``cancelled``; or None."""
    match = phrases.CANCELLED.search(body)
    if match is None:
        return None
    subject = subject_around(body[: match.start()], body[match.end() :])
    if subject is None:
        return None
    return _single(subject, "cancelled", "cancelled", "cancelled", "it is cancelled", "hours")


def decision_contract(body: str) -> Contract | None:
    """Approved, refused or any decision: ``decision == "approved"`` (``"refused"``, or
    either); or None."""
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
    subject = subject_around(before, after)
    if subject is None:
        return None
    return _single(subject, "decision", "decision", condition, summary, "days")


def dates_contract(body: str) -> Contract | None:
    """Dates announced: ``date != null``; or None."""
    passive = phrases.DATES_PASSIVE.search(body)
    if passive is not None:
        named = passive["subject"] or passive["subject_de"]
        named = re.sub(r"^(?:of|for|du|de|des|der|del|für)\s+", "", named, flags=re.I)
        subject = subject_around(named, body[passive.end() :])
        if subject is not None:
            return _single(subject, "date", "date", "date != null", "a date is announced", "days")
    match = phrases.DATES_ANNOUNCED.search(body)
    if match is None:
        return None
    subject = subject_around(body[: match.start()], body[match.end() :])
    if subject is None:
        return None
    return _single(subject, "date", "date", "date != null", "a date is announced", "days")


HOURS_CHANGED = "prev(opening_hours) != null && changed(opening_hours)"
"""An hours contract's condition: the week read this run differs from the one read before
(a first reading, with nothing to compare, is not a change)."""


def hours_contract(body: str) -> Contract | None:
    """A place changing its opening hours: ``changed(opening_hours)``; or None."""
    named = phrases.HOURS_OF_CHANGE.match(body)
    match = phrases.HOURS_CHANGE.search(body)
    if named is not None:
        subject = subject_around(named["of"] or named["own"], body[named.end() :])
    elif match is not None:
        subject = subject_around(body[: match.start()], body[match.end() :])
    else:
        return None
    if subject is None:
        return None
    summary = "its opening hours change"
    return _single(subject, "opening_hours", "hours", HOURS_CHANGED, summary, "days")


def _names_bookable(text: str) -> bool:
    """Whether ``text`` opens with a bookable thing, after at most two words ("haircut
    slot", "cita previa")."""
    words = text.split()
    return any(phrases.BOOKABLE.match(" ".join(words[k:])) for k in range(min(3, len(words))))


def available_contract(body: str) -> Contract | None:
    """A slot, table, appointment or ticket free: ``available``; or None."""
    match = phrases.AVAILABLE.search(body) or phrases.RELEASES_SLOTS.search(body)
    there = phrases.THERE_IS.search(body)
    booked = there is not None and _names_bookable(body[there.end() :])
    if match is None and there is not None and booked:
        # "haya cita previa para renovar el DNI": the bookable thing exists, i.e. is free.
        subject = subject_around(body[there.end() :], "")
        if subject is None:
            return None
        return _single(
            subject, "available", "available", "available", "one is available", "minutes"
        )
    if match is None or not phrases.BOOKABLE.search(body):
        return None
    before, after = body[: match.start()], body[match.end() :]
    if phrases.BOOKABLE.search(before):
        subject = subject_around(before, after)
    else:
        # "the consulate releases visa appointment slots": the slots, at the consulate.
        subject = subject_around(after, "")
        site = phrases.ARTICLES.sub("", before.strip(" ,")).strip() or None
        if subject is not None and site and subject.site is None:
            subject = Subject(name=subject.name, site=site[:200])
    if subject is None:
        return None
    return _single(subject, "available", "available", "available", "one is available", "minutes")


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
