"""The worked examples of a game's rules document as its figures, by the rule each shows."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from fertility_rules.document.blocks import Block, Figure, Heading, Paragraph
from fertility_rules.document.example import Example
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, render

__all__ = ["figures_by_rule", "gallery"]


def figures_by_rule(
    examples: Iterable[Example], language: Language
) -> dict[str, tuple[Figure, ...]]:
    """The examples as figures, captioned in ``language``, by the rule they illustrate."""
    figures: dict[str, tuple[Figure, ...]] = {}
    for example in examples:
        figure = Figure(example.id, example.svgs, render(example.caption, language))
        figures[example.rule] = (*figures.get(example.rule, ()), figure)
    return figures


def gallery(
    language: Language,
    title: Message,
    intro: Message,
    examples: Mapping[str, Sequence[Figure]],
    components: Sequence[Figure],
    prefix: str = "",
) -> list[Block]:
    """A page of pictures: the worked examples, then the components; its anchors start
    with ``prefix`` (so that two games' galleries share a site)."""
    return [
        Heading(1, render(title, language)),
        Paragraph(render(intro, language)),
        Heading(2, render(_("Worked examples"), language), f"{prefix}worked-examples"),
        *(figure for figures in examples.values() for figure in figures),
        Heading(2, render(_("Components"), language), f"{prefix}components"),
        *components,
    ]
