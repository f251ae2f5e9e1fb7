"""Small cases side by side, each with what it scores under it: the reminders of the
printed scoring page (groups of 3, 2 and 1 tiles; 3, 5 and 2 tokens left), drawn with
the pictures' own tiles and tokens (A-7.2 to A-7.4)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence

from fertility_rules.ankhor.layout import Layout
from fertility_rules.ankhor.model import TOKENS, Token, Tokens
from fertility_rules.ankhor.svg.glyphs import token
from fertility_rules.ankhor.svg.layouts import draw_layout, layout_box
from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.drawing.image import SvgImage, el, image, root
from fertility_rules.drawing.palette import INK, heading
from fertility_rules.drawing.text import label, text_width
from fertility_rules.i18n.language import Language

__all__ = ["layout_cases", "token_cases"]

TILE = 34.0
"""Side of a base tile in a case."""
RADIUS = 11.0
"""Radius of a token in a case."""
ROW = 3
"""Tokens in a row of a case."""

_Draw = Callable[[ET.Element, float, float], None]


def _cases(
    name: str,
    sizes: Sequence[tuple[float, float]],
    draws: Sequence[_Draw],
    labels: Sequence[str],
    title: str,
    language: Language,
) -> SvgImage:
    """The cases in columns as wide as their drawing or their label, bottoms aligned."""
    tallest = max((height for _width, height in sizes), default=0.0)
    columns = [
        max(width, text_width(text, 14, True)) + 16
        for (width, _height), text in zip(sizes, labels, strict=True)
    ]
    width = max(sum(columns) + 8, text_width(title, 13, True) + 16)
    svg = root(width, tallest + 60, name, title, language)
    heading(svg, title, 6, 18, 13, width - 12)
    x = 4.0
    for size, draw, text, column in zip(sizes, draws, labels, columns, strict=True):
        case = el(svg, "g", class_="case")
        draw(case, x + (column - size[0]) / 2, 28 + tallest - size[1])
        label(case, text, x + column / 2, tallest + 50, 14, anchor="middle", fill=INK, bold=True)
        x += column
    return image(svg)


@checked_arguments
def layout_cases(
    layouts: Sequence[Layout],
    labels: Sequence[str],
    *,
    title: str,
    lang: Language | str = Language.EN,
) -> SvgImage:
    """Each of ``layouts`` (a few tiles, without coordinates) over its label."""
    language = language_of(lang)
    sizes = [layout_box(tiles).size(TILE, coordinates=False) for tiles in layouts]

    def drawer(tiles: Layout) -> _Draw:
        def draw(parent: ET.Element, x: float, y: float) -> None:
            draw_layout(parent, tiles, x, y, TILE, language, coordinates=False)

        return draw

    return _cases(
        "ankhor-scoring-cases", sizes, [drawer(t) for t in layouts], labels, title, language
    )


@checked_arguments
def token_cases(
    hands: Sequence[Tokens],
    labels: Sequence[str],
    *,
    title: str,
    lang: Language | str = Language.EN,
) -> SvgImage:
    """Each of ``hands`` (tokens by kind, in rows of three) over its label."""
    language = language_of(lang)
    kinds = [[kind for kind in TOKENS for _n in range(tokens[kind])] for tokens in hands]
    step = 2 * RADIUS + 4
    sizes = [(min(len(row), ROW) * step, -(-len(row) // ROW) * step) for row in kinds]

    def drawer(row: list[Token]) -> _Draw:
        def draw(parent: ET.Element, x: float, y: float) -> None:
            for index, kind in enumerate(row):
                column, line = index % ROW, index // ROW
                cx, cy = x + column * step + step / 2, y + line * step + step / 2
                token(parent, kind, cx, cy, RADIUS)

        return draw

    return _cases(
        "ankhor-token-cases", sizes, [drawer(row) for row in kinds], labels, title, language
    )
