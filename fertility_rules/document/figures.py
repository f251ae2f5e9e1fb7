"""The worked examples of a game's rules document as its figures, by the rule each shows."""

from __future__ import annotations

from collections.abc import Iterable

from fertility_rules.document.blocks import Figure
from fertility_rules.document.example import Example
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.translate import render

__all__ = ["figures_by_rule"]


def figures_by_rule(
    examples: Iterable[Example], language: Language
) -> dict[str, tuple[Figure, ...]]:
    """The examples as figures, captioned in ``language``, by the rule they illustrate."""
    figures: dict[str, tuple[Figure, ...]] = {}
    for example in examples:
        figure = Figure(example.id, example.svgs, render(example.caption, language))
        figures[example.rule] = (*figures.get(example.rule, ()), figure)
    return figures
