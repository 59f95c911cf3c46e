"""Local models: the registry of shipped weights, their verification, and the llama.cpp
provider."""

from sentinel.llm.local.provider import LocalModel
from sentinel.llm.local.registry import (
    DEFAULT_LOCAL_MODEL,
    REGISTRY,
    ModelSpec,
    WeightFile,
    get_spec,
)
from sentinel.llm.local.runtime import LoadedModel, RuntimeOptions
from sentinel.llm.local.weights import WeightStatus, status, verify, weights_path

__all__ = [
    "DEFAULT_LOCAL_MODEL",
    "REGISTRY",
    "LoadedModel",
    "LocalModel",
    "ModelSpec",
    "RuntimeOptions",
    "WeightFile",
    "WeightStatus",
    "get_spec",
    "status",
    "verify",
    "weights_path",
]
