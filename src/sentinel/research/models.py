"""Which model each node thinks with."""

from __future__ import annotations

from dataclasses import dataclass

from sentinel.llm import LanguageModel, get_model
from sentinel.llm.settings import load_settings
from sentinel.research.extractive import extractive_model

EXTRACTIVE = "extractive"


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
        ``openai:MODEL``, ``scripted`` or ``extractive``) puts every node on one model."""
        if spec is not None and spec.strip() == EXTRACTIVE:
            return cls.single(extractive_model())
        settings = load_settings()
        if spec is not None:
            settings = settings.model_copy(
                update={"spec": spec.strip(), "planner": None, "analyzer": None, "reporter": None}
            )
        return cls(
            get_model("planner", settings=settings),
            get_model("analyzer", settings=settings),
            get_model("reporter", settings=settings),
        )

    @property
    def names(self) -> dict[str, str]:
        """Each node's model name, for logs and benchmark records."""
        return {
            "planner": self.planner.name,
            "analyzer": self.analyzer.name,
            "reporter": self.reporter.name,
        }
