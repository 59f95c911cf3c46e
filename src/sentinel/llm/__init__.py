"""Model access: one LanguageModel interface, three providers (embedded local llama.cpp,
OpenAI-compatible endpoints, scripted), structured output with repair, usage accounting.

    from sentinel.llm import get_model, Message

    model = get_model("governor")
    completion = await model.complete([Message.system(RULES), Message.user(state)],
                                      output=GovernorDecision, max_tokens=200)
    completion.parsed, completion.usage, completion.latency_s
"""

from typing import TYPE_CHECKING

from sentinel.llm.adapter import (
    ConfigLike,
    GeneratingFunction,
    config_messages,
    generating_function,
)
from sentinel.llm.base import LanguageModel
from sentinel.llm.errors import (
    CorruptModelError,
    LLMConfigError,
    MalformedResponseError,
    ModelNotInstalledError,
    ModelRequestError,
    ModelRequestsForbidden,
    OutputParseError,
    ScriptExhaustedError,
    TruncatedOutputError,
)
from sentinel.llm.factory import get_model
from sentinel.llm.guard import allow_real_models, forbid_real_models, real_models_allowed
from sentinel.llm.interface import TextStream
from sentinel.llm.local import LocalModel, RuntimeOptions
from sentinel.llm.scripted import ScriptedCall, ScriptedModel, ScriptedRequest
from sentinel.llm.settings import ROLES, LLMSettings
from sentinel.llm.structured import extract_json, parse_output
from sentinel.llm.types import (
    Completion,
    GenerationParams,
    Message,
    Prompt,
    StructuredMode,
    Timings,
    Usage,
)
from sentinel.llm.usage import ModelPrice, PriceTable, UsageRecord, UsageTracker
from sentinel.pacing import RetryPolicy

if TYPE_CHECKING:
    from sentinel.llm.openai_compat import OpenAICompatibleModel


def __getattr__(name: str) -> object:
    # The openai SDK takes ~1 s to import; only code that talks to an endpoint pays it.
    if name == "OpenAICompatibleModel":
        from sentinel.llm.openai_compat import OpenAICompatibleModel

        return OpenAICompatibleModel
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ROLES",
    "Completion",
    "ConfigLike",
    "CorruptModelError",
    "GeneratingFunction",
    "GenerationParams",
    "LLMConfigError",
    "LLMSettings",
    "LanguageModel",
    "LocalModel",
    "MalformedResponseError",
    "Message",
    "ModelNotInstalledError",
    "ModelPrice",
    "ModelRequestError",
    "ModelRequestsForbidden",
    "OpenAICompatibleModel",
    "OutputParseError",
    "PriceTable",
    "Prompt",
    "RetryPolicy",
    "RuntimeOptions",
    "ScriptExhaustedError",
    "ScriptedCall",
    "ScriptedModel",
    "ScriptedRequest",
    "StructuredMode",
    "TextStream",
    "Timings",
    "TruncatedOutputError",
    "Usage",
    "UsageRecord",
    "UsageTracker",
    "allow_real_models",
    "config_messages",
    "extract_json",
    "forbid_real_models",
    "generating_function",
    "get_model",
    "parse_output",
    "real_models_allowed",
]
