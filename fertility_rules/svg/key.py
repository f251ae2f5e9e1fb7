"""The key to the pictures: every symbol of the visual language with its name."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _
from fertility_rules.i18n.translate import render
from fertility_rules.model.provenance import Provenance
from fertility_rules.model.resources import MonumentType, Resource
from fertility_rules.model.valley import Ground
from fertility_rules.svg._image import SvgImage, el, image, root
from fertility_rules.svg._legend import ROW, Symbol, draw_key, swatch
from fertility_rules.svg._palette import reconstructed_frame
from fertility_rules.svg._style import (
    GROUND_FILL,
    PAPER,
    any_icon,
    coin,
    monument_glyph,
    onto_shop_arrow,
    player_colour,
    start_symbol,
    statue_glyph,
    token,
    wheat_glyph,
)
from fertility_rules.svg.components import scene
from fertility_rules.svg.valley import GROUND_LABELS, _ground

__all__ = ["LEGEND_HEIGHT", "LEGEND_WIDTH", "draw_legend", "legend"]

COLUMN = 430
ROWS = 9
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
    ]
    return entries


def _full(parent: ET.Element, x: float, y: float) -> None:
    el(
        parent,
        "rect",
        x=x - 12,
        y=y - 8,
        width=24,
        height=16,
        rx=3,
        fill=PAPER,
        stroke="#2f855a",
        stroke_width=2.2,
    )


def _reconstructed(parent: ET.Element, x: float, y: float) -> None:
    reconstructed_frame(parent, Provenance.RECONSTRUCTED, x - 9, y - 6, 18, 12, "sample")


def draw_legend(parent: ET.Element, x0: float, y0: float, language: Language) -> ET.Element:
    """Draw the key at ``x0, y0`` into ``parent``."""
    return draw_key(parent, _entries(), x0, y0, language, ROWS, COLUMN)


def legend(*, lang: Language | str = Language.EN) -> SvgImage:
    """The key to every symbol the pictures use, in ``lang``."""
    language = Language.parse(lang)
    svg = root(
        LEGEND_WIDTH, LEGEND_HEIGHT, "legend", render(_("Key to the pictures"), language), language
    )
    draw_legend(svg, 0, 0, language)
    return image(svg)
