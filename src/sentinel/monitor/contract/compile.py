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
8. a slot, table, appointment or ticket free: ``available``;
9. a place changing its opening hours: ``prev(opening_hours) != null &&
   changed(opening_hours)``.

The threshold shape is :mod:`sentinel.monitor.contract.price_shape`, the others
:mod:`sentinel.monitor.contract.event_shapes`; the subject each names is found by
:mod:`sentinel.monitor.contract.sentence_subject`.

Anything else has no code form: :func:`compile_sentence` returns None and the monitor keeps
its LLM governor (or a model compiles it, :mod:`sentinel.monitor.contract.by_model`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from sentinel.monitor.contract import phrases
from sentinel.monitor.contract.event_shapes import (
    available_contract,
    cancelled_contract,
    dates_contract,
    decision_contract,
    hours_contract,
    in_stock_contract,
    release_contract,
    status_contract,
)
from sentinel.monitor.contract.model import Contract, Subject
from sentinel.monitor.contract.price_shape import threshold_contract
from sentinel.monitor.contract.sentence_subject import subject_around


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


_SHAPES: tuple[Callable[[str], Contract | None], ...] = (
    threshold_contract,
    in_stock_contract,
    release_contract,
    status_contract,
    cancelled_contract,
    decision_contract,
    dates_contract,
    available_contract,
    hours_contract,
)


def subject_of(sentence: str) -> Subject | None:
    """The subject of a sentence no shape compiles: what it names, without its lead-in."""
    return subject_around(_body(sentence), "")
