"""Ankh'or's converter: the library's strict converter with the hooks of Ankh'or's formats.

Each format module registers its own hooks (``@format_hooks``); the readers structure
with :func:`converter_for` or a copy that builds more types (:func:`converter_with`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cattrs import Converter

from fertility_rules.formats.base import FormatHooks

__all__ = [
    "HOOKS",
    "converter_for",
    "converter_with",
    "format_hooks",
    "structure",
    "structure_document",
]


HOOKS = FormatHooks()
"""The hooks of Ankh'or's formats."""

format_hooks = HOOKS.register
structure = HOOKS.structure
structure_document = HOOKS.structure_document


converter_for = HOOKS.converter
"""The converter reading and writing every Ankh'or format (``converter_for()``)."""


def converter_with(builders: Mapping[Any, Callable[[Converter, Any], Any]]) -> Converter:
    """A copy of Ankh'or's converter that also builds ``builders``' types, made once for
    the same builders (and again after a new registration of hooks)."""
    return HOOKS.with_builders(builders)
