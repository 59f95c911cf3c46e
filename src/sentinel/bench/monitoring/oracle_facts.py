"""The oracle-facts sensor: ground truth as of *now*, with seeded errors, behind a model seam.

To measure scheduling and governing apart from model quality, the sensor's model is replaced
by a :class:`~sentinel.llm.ScriptedModel` whose replies are computed from the scenario's
ground truth. It reads only the facts true at the clock's current (virtual) time — the latest
event at or before now — never a later one. Everything else in the pipeline is unchanged: the
sensor still searches, fetches and pre-filters, and the model is asked only when the pipeline
would ask it; the reply is the same structured ``report_state`` call a real model writes,
with an evidence quote copied verbatim from a page the prompt shows, so grounding checks it
like any other. The quote is the one a careful reader would copy: of the sentences the prompt
shows, those worded like the text the latest event put on the web (the page versions dated
from the event to now) come first, then the one sharing most words with the facts — so a
"still not confirmed" or a rumour sentence on another page is not quoted for an event a page
reports.

The reported state is ``{"condition": <bool>, **facts}``. With ``error_rate`` p, each
observation is wrong with probability p, in one of three ways chosen evenly (seeded):

- ``flip``: the condition is negated;
- ``perturb``: one fact is altered (a number +10 %, a text marked unverified, a flag negated;
  a fact is invented when there are none);
- ``miss``: the observation is missed: the sensor repeats what it reported last time.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from sentinel.clock import Clock
from sentinel.errors import InvalidInput
from sentinel.llm import ScriptedModel, ScriptedRequest
from sentinel.monitor.sensing.reply import conform_state
from sentinel.monitor.sensing.sources import query_terms
from sentinel.monitor.workspace import MAX_QUOTE_CHARS
from sentinel.sim import Scenario

ErrorKind = Literal["flip", "perturb", "miss"]
ERROR_KINDS: tuple[ErrorKind, ...] = ("flip", "perturb", "miss")
ORACLE_MODEL_NAME = "oracle-facts"
_PAGE = re.compile(r'<page n="(\d+)" url="[^"]*" title="[^"]*">\n(.*?)\n</page>', re.S)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"[\w$.,-]+")
_EDGES = "$.,-"
# Page versions this long before an event count as its text (a page updated just ahead of
# the moment the event is dated).
EVENT_TEXT_LEAD = timedelta(hours=1)


@dataclass(frozen=True)
class Observation:
    """What the oracle reports at one moment, and which error (if any) it made."""

    condition: bool
    facts: dict[str, Any]
    error: ErrorKind | None = None

    @property
    def state(self) -> dict[str, Any]:
        """The sensor state: ``{"condition": …, **facts}``."""
        return {"condition": self.condition, **self.facts}


@dataclass
class OracleFacts:
    """Ground truth of ``scenario`` at ``clock.now()``, observed with ``error_rate`` errors."""

    scenario: Scenario
    clock: Clock
    error_rate: float = 0.0
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    errors: Counter[str] = field(default_factory=Counter)
    observations: int = 0
    _last: Observation | None = None

    def __post_init__(self) -> None:
        if not 0.0 <= self.error_rate <= 1.0:
            raise InvalidInput("error_rate", self.error_rate, "must be between 0 and 1")

    def truth(self, moment: datetime) -> Observation:
        """The ground truth at ``moment``: the latest event at or before it (false, no facts,
        before the first)."""
        latest = None
        for event in self.scenario.events:
            if event.at > moment:
                break
            latest = event
        if latest is None:
            return Observation(False, {})
        return Observation(latest.condition, dict(latest.facts))

    def event_words(self, moment: datetime) -> frozenset[str]:
        """The content words the latest event at or before ``moment`` put on the web: those of
        the page versions dated from an hour before the event to ``moment`` that the page's
        previous version did not have (empty before the first event)."""
        events = [event for event in self.scenario.events if event.at <= moment]
        if not events:
            return frozenset()
        since = events[-1].at - EVENT_TEXT_LEAD
        words: set[str] = set()
        for site in self.scenario.sites:
            for page in site.pages:
                before: set[str] = set()
                for version in page.timeline:
                    if version.at > moment:
                        break
                    current = set(query_terms(version.body))
                    if version.at >= since:
                        words |= current - before
                    before = current
        return frozenset(words)

    def observe(self) -> Observation:
        """One observation now, possibly wrong (see the module documentation)."""
        self.observations += 1
        truth = self.truth(self.clock.now())
        observed = truth
        if self.error_rate and self.rng.random() < self.error_rate:
            kind = self.rng.choice(ERROR_KINDS)
            self.errors[kind] += 1
            observed = self._err(truth, kind)
        self._last = observed
        return observed

    def _err(self, truth: Observation, kind: ErrorKind) -> Observation:
        if kind == "flip":
            return Observation(not truth.condition, truth.facts, kind)
        if kind == "miss":
            last = self._last or Observation(False, {})
            return Observation(last.condition, last.facts, kind)
        facts = dict(truth.facts)
        if not facts:
            facts["detail"] = "unverified report"
        else:
            key = self.rng.choice(sorted(facts))
            facts[key] = perturbed(facts[key])
        return Observation(truth.condition, facts, kind)


def perturbed(value: Any) -> Any:
    """A plausible wrong version of a fact's value."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return round(value * 1.1 + 1, 2)
    return f"{value} (unverified)"


@dataclass(frozen=True)
class ShownQuote:
    """A sentence of a page block of a prompt, with the page's number."""

    page: int
    text: str


def quote_from_prompt(
    prompt: str, terms: frozenset[str], event: frozenset[str] = frozenset()
) -> ShownQuote | None:
    """The sentence of the prompt's ``<page>`` blocks to quote, copied verbatim: the one with
    most of the ``event`` words (the latest event's new text), then most words shared with
    ``terms`` (earliest on ties); None when no block has a quotable sentence."""
    best: tuple[tuple[int, int], ShownQuote] | None = None
    for number, body in _PAGE.findall(prompt):
        for line in body.split("\n"):
            if line.startswith("[structured data]"):
                continue
            for sentence in _SENTENCE_END.split(line.strip()):
                words = sentence.split()
                if len(words) < 4 or len(sentence) < 12 or len(sentence) > MAX_QUOTE_CHARS:
                    continue
                tokens = _tokens(sentence)
                score = (len(tokens & event), len(tokens & terms))
                if best is None or score > best[0]:
                    best = (score, ShownQuote(int(number), sentence))
    return best[1] if best else None


def oracle_quote(oracle: OracleFacts, prompt: str, observation: Observation) -> ShownQuote | None:
    """The quote the oracle gives for ``observation`` (see :func:`quote_from_prompt`)."""
    terms = fact_terms(oracle.scenario.mission, observation)
    return quote_from_prompt(prompt, terms, oracle.event_words(oracle.clock.now()))


def fact_terms(mission: str, observation: Observation) -> frozenset[str]:
    """Words a supporting quote should contain: the mission's and the facts' values."""
    words = set(query_terms(mission))
    for value in observation.facts.values():
        words |= _tokens(str(value))
    return frozenset(words)


def _tokens(text: str) -> set[str]:
    return {w.strip(_EDGES).casefold() for w in _WORD.findall(text)} - {""}


def sensor_responder(oracle: OracleFacts) -> Callable[[ScriptedRequest], dict[str, Any]]:
    """Replies to the sensor's ``report_state`` request from the oracle's observation."""

    def respond(request: ScriptedRequest) -> dict[str, Any]:
        observation = oracle.observe()
        quote = oracle_quote(oracle, request.prompt, observation)
        evidence = [{"page": quote.page, "quote": quote.text}] if quote else []
        return {
            "action": "report_state",
            "payload": {
                "updated_state": conform_state(observation.state, request.output),
                "evidence": evidence,
                "volatility_hint": None,
                "query_update": None,
            },
        }

    return respond


def oracle_fields(scenario: Scenario) -> list[dict[str, str]]:
    """The fields the oracle's monitor declares (``fields`` of a monitor): each fact key of the
    scenario's events with one scalar type throughout, so that a state held to the monitor's
    schema keeps the facts the oracle reports beside ``condition``. Keys that are not field
    names, lists and keys whose type varies are left out."""
    kinds: dict[str, set[str]] = {}
    for event in scenario.events:
        for key, value in event.facts.items():
            kinds.setdefault(key, set()).add(_declared_type(value))
    fields = []
    for key, types in kinds.items():
        scalar = types - {"null"}
        if len(scalar) == 1 and scalar != {"other"} and _FIELD_NAME.fullmatch(key):
            fields.append({"name": key, "type": scalar.pop()})
    return fields


_FIELD_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")


def _declared_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return "string" if isinstance(value, str) else "other"


def oracle_sensor_model(oracle: OracleFacts) -> ScriptedModel:
    """The oracle as the sensor's LanguageModel."""
    return ScriptedModel(sensor_responder(oracle), name=ORACLE_MODEL_NAME)
