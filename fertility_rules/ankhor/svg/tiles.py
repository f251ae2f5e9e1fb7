"""A tile of Ankh'or: a square of its family's colour with the pictogram of its kind (A-1.2).

A warehouse holding a token (A-3.6) shows the token in its door. The drawing function
with a leading underscore puts a tile into a larger picture; :func:`tile` returns a
picture of the tile alone.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fertility_rules.ankhor.model import Colour, Kind, Tile, Token
from fertility_rules.ankhor.svg.glyphs import (
    FAMILY_EDGE,
    FAMILY_FILL,
    FAMILY_MARK,
    kind_glyph,
    token,
)
from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.drawing.image import SvgImage, el, image, rect, root
from fertility_rules.drawing.palette import INK, reconstructed_frame
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import render

__all__ = ["GLYPH", "draw_tile", "tile", "tile_title"]

LIGHT = "#fffdf5"
"""The rim of a token lying on a tile, so that it shows on a tile of its own colour (on
a white tile the rim is dark)."""
GLYPH = 0.56
"""The pictogram's size, as a part of the tile's side: small enough to stay whole when a
higher tile covers the corner of the tile (A-3.5)."""


def tile_title(tile: Tile, language: Language) -> str:
    """``jackal (green family)``: the tooltip of a drawn tile, in words only (its id, a
    file key, is its ``data-tile`` attribute)."""
    return render(tile.label, language)


def draw_tile(
    parent: ET.Element,
    tile: Tile,
    x: float,
    y: float,
    size: float,
    language: Language,
    *,
    stored: bool = False,
    provenance: bool = False,
    role: str = "tile",
    sample: bool = False,
    **data: str | int | None,
) -> ET.Element:
    """Draw ``tile`` with its top left corner at ``x, y``, ``size`` wide; ``stored``: a
    token lies on the warehouse. ``role`` and ``data`` add classes and attributes; a
    ``sample`` (a symbol of the key) carries no ``data-`` attributes."""
    described: dict[str, str | int | None] = {}
    if not sample:
        described = {
            "data_tile": tile.id,
            "data_colour": tile.colour.key,
            "data_kind": tile.kind.value,
            "data_points": tile.points or None,
            "data_stored": "1" if stored else None,
            **data,
        }
    group = el(
        parent,
        "g",
        None,
        class_=f"{role} tile-{tile.kind.value} family-{tile.colour.key}",
        **described,
    )
    if not sample:
        el(group, "title", tile_title(tile, language))
    rect(
        group,
        x,
        y,
        size,
        size,
        rx=size / 9,
        fill=FAMILY_FILL[tile.colour],
        stroke=FAMILY_EDGE[tile.colour],
        stroke_width=max(1.0, size / 28),
    )
    cx, cy = x + size / 2, y + size / 2
    glyph = size * GLYPH
    kind_glyph(
        group,
        tile.kind,
        cx,
        cy,
        glyph,
        FAMILY_MARK[tile.colour],
        tile.points,
        FAMILY_FILL[tile.colour],
    )
    if stored and tile.kind is Kind.WAREHOUSE:
        token(
            group,
            Token(tile.colour),
            cx,
            cy + glyph * 0.22,
            size * 0.2,
            extra="stored",
            edge=INK if tile.colour is Colour.WHITE else LIGHT,
        )
    if provenance:
        reconstructed_frame(group, tile.provenance, x, y, size, size)
    return group


@checked_arguments
def tile(
    tile: Tile,
    *,
    stored: bool = False,
    size: float = 56,
    lang: Language | str = Language.EN,
    provenance: bool = False,
) -> SvgImage:
    """A tile alone: its family's colour and its kind's pictogram; a warehouse with
    ``stored`` shows its token (A-1.2, A-3.6)."""
    language = language_of(lang)
    svg = root(size + 8, size + 8, "ankhor-tile", tile_title(tile, language), language)
    draw_tile(svg, tile, 4, 4, size, language, stored=stored, provenance=provenance)
    return image(svg)
