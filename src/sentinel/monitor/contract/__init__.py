"""A monitor's contract: its sentence as a subject, typed fields and a CEL condition."""

from sentinel.monitor.contract.compile import compile_sentence
from sentinel.monitor.contract.model import (
    Contract,
    ContractField,
    Measure,
    Subject,
)

__all__ = ["Contract", "ContractField", "Measure", "Subject", "compile_sentence"]
