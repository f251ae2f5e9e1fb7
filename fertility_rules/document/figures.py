"""Worked examples: pictures of positions the engine reached, with the facts they show.

An :class:`Example` carries its pictures, its caption and the facts it shows, so that
tests check the facts against the engine again; :func:`figures_by_rule` turns a game's
examples into the figures of its rules document, by the rule each illustrates.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from attrs import field, frozen

from fertility_rules.document.blocks import Figure
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message
from fertility_rules.i18n.translate import render

__all__ = ["EXAMPLE_PLAYERS", "Example", "figures_by_rule"]

EXAMPLE_PLAYERS = ("Amunet", "Bek", "Chione", "Djedi")
"""The players of the example games (the names of the ``demo`` command)."""


def _facts(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(value))


@frozen
class Example:
    """One worked example: where it goes (``rule``), its pictures, caption and facts."""

    id: str
    rule: str
    caption: Message
    svgs: tuple[str, ...]
    facts: Mapping[str, Any] = field(converter=_facts)


def figures_by_rule(
    examples: Iterable[Example], language: Language
) -> dict[str, tuple[Figure, ...]]:
    """The examples as figures, captioned in ``language``, by the rule they illustrate."""
    figures: dict[str, tuple[Figure, ...]] = {}
    for example in examples:
        figure = Figure(example.id, example.svgs, render(example.caption, language))
        figures[example.rule] = (*figures.get(example.rule, ()), figure)
    return figures
