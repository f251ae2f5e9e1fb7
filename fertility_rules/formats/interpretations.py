"""The interpretations (I-1 to I-14) as JSON: option names to enum values."""

from __future__ import annotations

from typing import Any

from fertility_rules.formats.converter import converter_for, structure
from fertility_rules.rules.interpretations import Interpretations

__all__ = ["dump_interpretations", "read_interpretations"]


def dump_interpretations(options: Interpretations) -> dict[str, Any]:
    """The options as JSON-like data (enum values)."""
    data: dict[str, Any] = converter_for().unstructure(options)
    return data


def read_interpretations(data: object, path: str = "$.interpretations") -> Interpretations:
    """Options from JSON-like data; missing keys take their default."""
    return structure(data, Interpretations, path=path)
