"""The key to Ankh'or's pictures: every symbol with its name."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fertility_rules.ankhor.model import COLOURS, Colour, Kind, Placed, Tile, Token
from fertility_rules.ankhor.svg.glyphs import (
    BONUS_GOLD,
    FAMILY_FILL,
    FAMILY_MARK,
    bonus_token,
    family_square,
    kind_glyph,
    price_marker,
    token,
    token_glyph,
)
from fertility_rules.ankhor.svg.layouts import draw_groups_row, draw_link
from fertility_rules.ankhor.svg.tiles import draw_tile
from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.drawing.image import SvgImage, el, image, rect, root
from fertility_rules.drawing.legend import Symbol, draw_key, key_size, swatch
from fertility_rules.drawing.palette import (
    INK,
    PAPER,
    callout,
    mark,
    reconstructed_frame,
)
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, render
from fertility_rules.shared.provenance import Provenance

__all__ = ["KEY_COLUMN", "KEY_ROWS", "draw_ankhor_key", "key_entries", "legend"]

KEY_COLUMN = 370
KEY_ROWS = 16


def _kind(kind: Kind) -> Symbol:
    def draw(parent: ET.Element, x: float, y: float) -> None:
        swatch(parent, x, y, 22, FAMILY_FILL[Colour.BLUE], rx=3)
        kind_glyph(parent, kind, x, y, 14, FAMILY_MARK[Colour.BLUE], 2, FAMILY_FILL[Colour.BLUE])

    return draw


def _family(colour: Colour) -> Symbol:
    def draw(parent: ET.Element, x: float, y: float) -> None:
        family_square(parent, colour, x, y)
        token_glyph(parent, Token(colour), x, y, 16, FAMILY_MARK[colour])

    return draw


def _link(shared: Colour | Kind) -> Symbol:
    def draw(parent: ET.Element, x: float, y: float) -> None:
        family_square(parent, Colour.GREEN, x - 7, y, 13)
        family_square(parent, Colour.GREEN, x + 7, y, 13)
        draw_link(parent, shared, x, y, 4.5, False)

    return draw


_STORED = Tile("warehouse", Colour.RED, Kind.WAREHOUSE)
_GREEN_SAMPLE = Tile("sample", Colour.GREEN, Kind.DESERT)


def _stored(parent: ET.Element, x: float, y: float) -> None:
    draw_tile(parent, _STORED, x - 11, y - 11, 22, Language.EN, stored=True, sample=True)


def _higher(parent: ET.Element, x: float, y: float) -> None:
    for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        swatch(parent, x + dx * 6, y + dy * 6, 11, "#9aa7b5", rx=2)
    swatch(parent, x + 1, y + 2, 13, "#000000", rx=2, fill_opacity="0.28")
    family_square(parent, Colour.GREEN, x, y, 13)


def _bonus_ring(parent: ET.Element, x: float, y: float) -> None:
    family_square(parent, Colour.GREEN, x, y, 20)
    swatch(parent, x, y, 24, "none", rx=4, stroke=BONUS_GOLD, stroke_width=2.5)


def _group_chip(parent: ET.Element, x: float, y: float) -> None:
    """The chip a layout's picture draws for a group (here of 3 green tiles), smaller."""
    scale = 0.6
    sample = el(parent, "g", transform=f"translate({x - 14} {y - 8}) scale({scale})")
    green = Placed(_GREEN_SAMPLE, 0, 0, 0)
    draw_groups_row(sample, [(Colour.GREEN, (green, green, green))], 0, 0, 100, Language.EN)
    for part in sample.iter():  # a sample carries no tooltip (in English) nor data
        for title in part.findall("title"):
            part.remove(title)
        for name in [name for name in part.attrib if name.startswith("data-")]:
            del part.attrib[name]


def _space(parent: ET.Element, x: float, y: float) -> None:
    swatch(
        parent,
        x,
        y,
        20,
        "#16a34a",
        rx=3,
        fill_opacity="0.12",
        stroke="#16a34a",
        stroke_dasharray="4 2",
    )


def _pile(parent: ET.Element, x: float, y: float) -> None:
    """A face-down draw pile, as the table draws one (smaller)."""
    for layer in range(3):
        rect(
            parent,
            x - 9 + layer * 2.5,
            y - 6 - layer * 2.5,
            14,
            14,
            rx=2,
            fill="#8a6d3b",
            stroke="#fbf5e6",
            stroke_width=0.8,
        )


def _to_move(parent: ET.Element, x: float, y: float) -> None:
    """The frame of the player to move: thick and dark. Ankh'or's players have no colour
    of their own, and the library's player colours are its families' and the ankh's."""
    rect(parent, x - 11, y - 8, 22, 16, rx=4, fill=PAPER, stroke=INK, stroke_width=3)


def _mark(kind: str) -> Symbol:
    def draw(parent: ET.Element, x: float, y: float) -> None:
        mark(parent, kind, x - 11, y - 11, 22, 22)

    return draw


def key_entries() -> list[tuple[Symbol, Message]]:
    """The symbols of the pictures with their names, in the key's order."""
    entries: list[tuple[Symbol, Message]] = [(_family(colour), colour.family) for colour in COLOURS]
    entries += [
        (
            lambda p, x, y: token(p, Token.BLUE, x, y, 10, "pictogram"),
            _("a resource token (here blue)"),
        ),
        (lambda p, x, y: token(p, Token.ANKH, x, y, 10, "pictogram"), _("an ankh token")),
        (lambda p, x, y: price_marker(p, Colour.WHITE, x, y, 18), _("a price marker")),
        (
            lambda p, x, y: bonus_token(p, x, y, 10, 3, "pictogram"),
            _("a bonus token and its points"),
        ),
    ]
    entries += [(_kind(kind), kind.label) for kind in Kind]
    entries += [
        (_stored, _("a warehouse holding a token")),
        (_higher, _("a higher tile, over the four under it")),
        (_link(Colour.GREEN), _("two tiles of one colour group")),
        (_link(Kind.JACKAL), _("two tiles of one animal group")),
        (_bonus_ring, _("a group of 5 or more (a bonus token)")),
        (_group_chip, _("a group's size (under a layout)")),
        (_pile, _("a face-down draw pile and its size")),
        (_to_move, _("the player to move, in a thick dark frame")),
        (_mark("last-move"), _("the last move: a tile placed or moved")),
        (_mark("bought"), _("the tile bought from the offer")),
        (_mark("leaving"), _("a tile about to leave the game")),
        (_mark("drawn"), _("a tile just drawn from a draw pile")),
        (_space, _("a place where the tile may go")),
        (lambda p, x, y: callout(p, 1, x, y, 9), _("a numbered part, named in the caption")),
        (
            lambda p, x, y: reconstructed_frame(
                p, Provenance.RECONSTRUCTED, x - 9, y - 9, 18, 18, "sample"
            ),
            _("reconstructed: not known to be printed"),
        ),
    ]
    return entries


def draw_ankhor_key(parent: ET.Element, x0: float, y0: float, language: Language) -> ET.Element:
    """Draw the key at ``x0, y0`` into ``parent``."""
    return draw_key(parent, key_entries(), x0, y0, language, KEY_ROWS, KEY_COLUMN)


def key_dimensions() -> tuple[float, float]:
    return key_size(len(key_entries()), KEY_ROWS, KEY_COLUMN)


@checked_arguments
def legend(*, lang: Language | str = Language.EN) -> SvgImage:
    """The key to every symbol of Ankh'or's pictures, in ``lang``."""
    language = language_of(lang)
    width, height = key_dimensions()
    svg = root(width, height, "ankhor-legend", render(_("Key to the pictures"), language), language)
    draw_ankhor_key(svg, 0, 0, language)
    return image(svg)
