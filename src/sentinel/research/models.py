"""Which model each node thinks with."""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

from sentinel.errors import InvalidInput
from sentinel.llm import LanguageModel, get_model
from sentinel.llm.errors import LLMConfigError
from sentinel.llm.settings import PREFIX, ProviderKind, load_settings
from sentinel.research.extractive import extractive_model

EXTRACTIVE = "extractive"
MODEL_CHOICES = "local[:NAME], openai[:MODEL], scripted or extractive"
"""What a research model spec may be (``sentinel research --model`` and its equivalents)."""


ROLES = ("planner", "analyzer", "reporter")


@dataclass(frozen=True)
class ResearchModels:
    """The planner's, the analyzer's and the reporter's model (often one and the same)."""

    planner: LanguageModel
    analyzer: LanguageModel
    reporter: LanguageModel

    @classmethod
    def single(cls, model: LanguageModel) -> ResearchModels:
        """Every node on ``model``."""
        return cls(model, model, model)

    @classmethod
    def configured(cls, spec: str | None = None) -> ResearchModels:
        """The models of the planner, analyzer and reporter roles (SENTINEL_LLM, with the
        per-role overrides SENTINEL_LLM_PLANNER...); ``spec`` (``local:NAME``,
        ``openai:MODEL``, ``scripted`` or ``extractive``) puts every node on one model.

        A bad ``spec`` is ``InvalidInput`` on the field ``model`` (each surface names its own
        option for it: ``--model``, ``--research-model``); a bad SENTINEL_LLM* setting is the
        ``LLMConfigError`` naming that variable."""
        if spec is not None and spec.strip() == EXTRACTIVE:
            return cls.single(extractive_model())
        settings = load_settings()
        if spec is None:
            return cls(*(get_model(role, settings=settings) for role in ROLES))
        chosen = spec.strip()
        settings = settings.model_copy(
            update={"spec": chosen, "planner": None, "analyzer": None, "reporter": None}
        )
        try:
            return cls(*(get_model(role, settings=settings) for role in ROLES))
        except LLMConfigError as error:
            if error.variable not in (PREFIX, f"{PREFIX}_MODEL"):
                raise  # another SENTINEL_LLM_* setting is at fault: it is named
            kind = chosen.partition(":")[0]
            known = kind in get_args(ProviderKind)
            raise InvalidInput(
                "model", spec, error.problem if known else f"expected {MODEL_CHOICES}"
            ) from None

    @property
    def names(self) -> dict[str, str]:
        """Each node's model name, for logs and benchmark records."""
        return {
            "planner": self.planner.name,
            "analyzer": self.analyzer.name,
            "reporter": self.reporter.name,
        }
