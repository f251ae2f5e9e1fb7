"""Ankh'or's converter: the library's strict converter with the hooks of Ankh'or's formats.

Each format module registers its own hooks (``@format_hooks``); the readers structure
with :func:`converter_for` or a copy that builds more types (:func:`converter_with`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cattrs import Converter

from fertility_rules.formats.base import FormatHooks, enum_hook, strict_converter, with_builders
from fertility_rules.i18n.message import Message, _
from fertility_rules.shared.provenance import Provenance

__all__ = [
    "HOOKS",
    "converter_for",
    "converter_with",
    "format_hooks",
    "structure",
    "structure_document",
]


def _unknown_provenance(value: str | int, known: str) -> Message:
    return _("unknown provenance {name!r}; expected one of: {known}", name=value, known=known)


def _strict() -> Converter:
    converter = strict_converter()
    converter.register_structure_hook(Provenance, enum_hook(Provenance, None, _unknown_provenance))
    return converter


HOOKS = FormatHooks(_strict)
"""The hooks of Ankh'or's formats."""

format_hooks = HOOKS.register
structure = HOOKS.structure
structure_document = HOOKS.structure_document


def converter_for() -> Converter:
    """The converter reading and writing every Ankh'or format."""
    return HOOKS.converter()


_WITH: dict[tuple[int, ...], tuple[Converter, tuple[Any, ...], Converter]] = {}


def converter_with(builders: Mapping[Any, Callable[[Converter, Any], Any]]) -> Converter:
    """A copy of Ankh'or's converter that also builds ``builders``' types.

    The copy is made once for a converter and the same builders (a copy compiles its
    structuring functions again on first use, which would cost a reader more than
    reading), and again after a new registration of hooks.
    """
    base = HOOKS.converter()
    given = tuple(builders.items())
    key = tuple(id(item) for pair in given for item in pair)
    found = _WITH.get(key)
    if found is not None and found[0] is base and found[1] == given:
        return found[2]
    copy = with_builders(base, builders)
    if len(_WITH) >= 16:
        _WITH.clear()
    _WITH[key] = (base, given, copy)
    return copy
