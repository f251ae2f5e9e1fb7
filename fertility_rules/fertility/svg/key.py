"""The key to the pictures: every symbol of the visual language with its name."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.drawing.image import SvgImage, el, image, rect, root
from fertility_rules.drawing.legend import ROW, Symbol, draw_key, swatch
from fertility_rules.drawing.palette import reconstructed_frame
from fertility_rules.drawing.text import label
from fertility_rules.fertility.model.resources import MonumentType, Resource
from fertility_rules.fertility.model.valley import Ground
from fertility_rules.fertility.svg._style import (
    GROUND_FILL,
    HIGHLIGHT,
    INK,
    PAPER,
    any_icon,
    callout,
    coin,
    monument_glyph,
    onto_shop_arrow,
    player_colour,
    start_symbol,
    statue_glyph,
    token,
    wheat_glyph,
)
from fertility_rules.fertility.svg.components import scene
from fertility_rules.fertility.svg.valley import GROUND_LABELS, _ground, _printed_icon
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, render
from fertility_rules.shared.provenance import Provenance

__all__ = ["LEGEND_HEIGHT", "LEGEND_WIDTH", "draw_legend", "legend"]

COLUMN = 430
ROWS = 15
LEGEND_WIDTH = 2 * COLUMN
LEGEND_HEIGHT = ROWS * ROW + 8


def _square(ground: Ground) -> Symbol:
    def draw(parent: ET.Element, x: float, y: float) -> None:
        swatch(parent, x, y, 22, GROUND_FILL[ground], stroke="#8c6d3a", stroke_width=0.6)
        _ground(parent, ground, x - 11, y - 11, 22)

    return draw


def _scene(resource: Resource) -> Symbol:
    def draw(parent: ET.Element, x: float, y: float) -> None:
        scene(parent, resource, x - 11, y - 11, 22)

    return draw


def _entries() -> list[tuple[Symbol, Message]]:
    entries: list[tuple[Symbol, Message]] = []
    for resource in Resource:
        entries.append((_scene(resource), resource.label))
    for ground in Ground:
        entries.append((_square(ground), GROUND_LABELS[ground]))
    entries += [
        (lambda p, x, y: start_symbol(p, x, y, 20), _("start symbol")),
        (
            lambda p, x, y: token(p, Resource.GRAPES, x, y, 10, "pictogram"),
            _("a resource token"),
        ),
        (lambda p, x, y: any_icon(p, x, y, 10), _("any resource")),
        (lambda p, x, y: coin(p, x, y, 11, 3), _("Debens")),
        (lambda p, x, y: wheat_glyph(p, x, y, 20, "#b8860b"), _("Wheat (Storehouse track)")),
        (lambda p, x, y: statue_glyph(p, x, y, 20, "#6b7280"), _("Statues of the Gods")),
        (lambda p, x, y: onto_shop_arrow(p, x - 6, y - 6, 10), _("placed at once on another Shop")),
        (lambda p, x, y: _full(p, x, y), _("a fully supplied Shop")),
        (
            lambda p, x, y: monument_glyph(p, MonumentType.PYRAMID, x, y, 20, player_colour(1)),
            _("a Monument, in its player's colour"),
        ),
        (lambda p, x, y: _reconstructed(p, x, y), _("reconstructed: not known to be printed")),
        (lambda p, x, y: _statue_choice(p, x, y), _("Statue of a God of the player's choice")),
        (_printed, _("a resource icon printed on the central board")),
        (_outline("last-move"), _("the tile just laid, or the subject of the picture")),
        (_outline("legal"), _("a square where a tile may be laid")),
        (_outline("harvest"), _("where the resources collected come from")),
        (_outline("quarry", dashed=True), _("a Quarry just closed")),
        (_outline("highlight"), _("a square pointed out")),
        (_refused_sample, _("a placement the rules forbid")),
        (_link_sample, _("where a token placed at once went")),
        (lambda p, x, y: callout(p, 1, x, y, 9), _("a numbered part, named in the caption")),
    ]
    return entries


def _statue_choice(parent: ET.Element, x: float, y: float) -> None:
    statue_glyph(parent, x - 5, y, 20, "#6b7280")
    label(parent, "?", x + 7, y + 6, 15, bold=True, fill=INK)


def _printed(parent: ET.Element, x: float, y: float) -> None:
    _square(Ground.DESERT)(parent, x, y)
    _printed_icon(parent, Resource.GRAPES, x - 11, y - 11, 22, "printed-icon")


def _outline(mark: str, dashed: bool = False) -> Symbol:
    def draw(parent: ET.Element, x: float, y: float) -> None:
        rect(parent, x - 11, y - 11, 22, 22, fill=GROUND_FILL[Ground.DESERT])
        rect(
            parent,
            x - 10,
            y - 10,
            20,
            20,
            rx=3,
            fill=HIGHLIGHT[mark],
            fill_opacity="0" if mark == "last-move" else "0.18",
            stroke=HIGHLIGHT[mark],
            stroke_width=2.6,
            stroke_dasharray="5 2.5" if dashed else None,
        )

    return draw


def _refused_sample(parent: ET.Element, x: float, y: float) -> None:
    scene(parent, Resource.BOVINE, x - 11, y - 11, 22)
    el(
        parent,
        "path",
        d=f"M{x - 7},{y - 7} L{x + 7},{y + 7} M{x + 7},{y - 7} L{x - 7},{y + 7}",
        stroke=HIGHLIGHT["quarry"],
        stroke_width=3,
        stroke_linecap="round",
    )


def _link_sample(parent: ET.Element, x: float, y: float) -> None:
    el(
        parent,
        "path",
        d=f"M{x - 11},{y - 6} C{x + 4},{y - 6} {x + 4},{y + 6} {x - 4},{y + 6}",
        fill="none",
        stroke=HIGHLIGHT["last-move"],
        stroke_width=2.5,
    )
    el(parent, "path", d=f"M{x - 11},{y + 6} l7,-4 l0,8 Z", fill=HIGHLIGHT["last-move"])


def _full(parent: ET.Element, x: float, y: float) -> None:
    rect(parent, x - 12, y - 8, 24, 16, rx=3, fill=PAPER, stroke="#2f855a", stroke_width=2.2)


def _reconstructed(parent: ET.Element, x: float, y: float) -> None:
    reconstructed_frame(parent, Provenance.RECONSTRUCTED, x - 9, y - 6, 18, 12, "sample")


def draw_legend(parent: ET.Element, x0: float, y0: float, language: Language) -> ET.Element:
    """Draw the key at ``x0, y0`` into ``parent``."""
    return draw_key(parent, _entries(), x0, y0, language, ROWS, COLUMN)


@checked_arguments
def legend(*, lang: Language | str = Language.EN) -> SvgImage:
    """The key to every symbol the pictures use, in ``lang``."""
    language = language_of(lang)
    svg = root(
        LEGEND_WIDTH, LEGEND_HEIGHT, "legend", render(_("Key to the pictures"), language), language
    )
    draw_legend(svg, 0, 0, language)
    return image(svg)
