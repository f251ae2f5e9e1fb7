"""Ankh'or's visual language: the family colours and a pictogram for every kind.

Tiles and tokens are coloured by family (A-1.1): blue, white, black, green, red, and the
ankh orange. Each kind of tile has its pictogram (a jackal's head, a falcon with spread
wings, a scarab, a storehouse, a scroll and reed pen, dunes; a value tile shows its
points in a cartouche) and each resource token the goods the review names (fish, ivory,
coal, aromatic plants, fabric), so that nothing is told by colour alone. Pictograms are
drawn on a 20 x 20 box centred on the origin (:func:`~fertility_rules.drawing.palette.place`).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fertility_rules.ankhor.model import Colour, Kind, Token
from fertility_rules.drawing.image import el, rect
from fertility_rules.drawing.legend import swatch
from fertility_rules.drawing.palette import INK, ankh_glyph, disc, place, value_disc
from fertility_rules.drawing.text import label

__all__ = [
    "ANKH_FILL",
    "BONUS_GOLD",
    "FAMILY_EDGE",
    "FAMILY_FILL",
    "FAMILY_MARK",
    "bonus_token",
    "family_square",
    "kind_glyph",
    "price_marker",
    "token",
    "token_glyph",
]

FAMILY_FILL = {
    Colour.BLUE: "#2f6fb3",
    Colour.WHITE: "#f6f2e7",
    Colour.BLACK: "#2e2a25",
    Colour.GREEN: "#3f8a37",
    Colour.RED: "#b9382b",
}
"""The fill of a tile, token or price marker of each family."""
FAMILY_MARK = {
    Colour.BLUE: "#e4eefa",
    Colour.WHITE: "#6b604c",
    Colour.BLACK: "#ece6d8",
    Colour.GREEN: "#e2f2da",
    Colour.RED: "#fbe4df",
}
"""The colour of a pictogram drawn on that fill."""
FAMILY_EDGE = {
    Colour.BLUE: "#1d4a7a",
    Colour.WHITE: "#8f846d",
    Colour.BLACK: "#0f0d0b",
    Colour.GREEN: "#275a22",
    Colour.RED: "#7c2219",
}
"""The outline of a tile of each family."""
ANKH_FILL = "#e8871e"
ANKH_MARK = "#fff4e2"
BONUS_GOLD = "#e9b949"
BONUS_EDGE = "#8d6a12"

_Shape = tuple[str, dict[str, str]]

_KIND_GLYPHS: dict[Kind, list[_Shape]] = {
    Kind.JACKAL: [
        # A jackal's head in profile, facing right: a tall ear, a long muzzle.
        (
            "path",
            {
                "d": "M-7,9 L-6,-1 L-6,-9 L-2,-3 L1,-3 L9,0 L9,2.5 L2,3.5 L0,9 Z",
            },
        ),
        ("circle", {"cx": "1.5", "cy": "-0.6", "r": "1.1", "class": "ink"}),
    ],
    Kind.FALCON: [
        # A falcon seen from the front, wings spread, as on the temple walls.
        (
            "path",
            {"d": "M0,-3 L-10,-7 L-8,-2 L-9,0 L-3,1 L-3,8 L0,6 L3,8 L3,1 L9,0 L8,-2 L10,-7 Z"},
        ),
        ("circle", {"cx": "0", "cy": "-5.5", "r": "2.6"}),
    ],
    Kind.BEETLE: [
        # A scarab seen from above: head, wing cases, six legs.
        ("ellipse", {"cx": "0", "cy": "2", "rx": "5.2", "ry": "6.6"}),
        ("path", {"d": "M-3,-5 Q0,-9 3,-5 Z"}),
        (
            "path",
            {
                "d": "M-5,-1 L-9,-4 M-5,3 L-9,3 M-4.5,6 L-8,10 M5,-1 L9,-4 M5,3 L9,3 M4.5,6 L8,10",
                "fill": "none",
                "stroke-width": "1.4",
            },
        ),
    ],
    Kind.WAREHOUSE: [
        # A storehouse: a gabled building, its door the place of the stored token.
        (
            "path",
            {
                "d": "M-9,9 L-9,-2 L0,-9 L9,-2 L9,9 Z M-4,9 L-4,1 L4,1 L4,9 Z",
                "fill-rule": "evenodd",
            },
        ),
    ],
    Kind.SCRIBE: [
        # A papyrus scroll and a reed pen.
        ("path", {"d": "M-8,-6 L5,-6 Q8,-6 8,-2 L8,6 L-5,6 Q-8,6 -8,2 Z"}),
        (
            "path",
            {
                "d": "M-4,-2 L4,-2 M-4,2 L3,2",
                "fill": "none",
                "stroke-width": "1.2",
                "class": "ink",
            },
        ),
        ("path", {"d": "M3,10 L10,-9", "fill": "none", "stroke-width": "1.6"}),
    ],
    Kind.DESERT: [
        # Dunes under the sun.
        ("circle", {"cx": "4", "cy": "-5", "r": "3"}),
        ("path", {"d": "M-10,8 Q-4,-3 2,8 Z M-3,8 Q4,0 10,8 Z"}),
    ],
}

_TOKEN_GLYPHS: dict[Colour, list[_Shape]] = {
    Colour.BLUE: [
        # A fish.
        ("path", {"d": "M-8,0 Q-2,-6 5,0 Q-2,6 -8,0 Z M4,0 L9,-4 L9,4 Z"}),
    ],
    Colour.WHITE: [
        # An ivory tusk.
        ("path", {"d": "M-8,6 Q-6,-6 7,-8 Q-2,-3 -4,7 Z"}),
    ],
    Colour.BLACK: [
        # Lumps of coal.
        ("path", {"d": "M-8,4 L-5,-2 L-1,-1 L0,5 Z M0,5 L1,-4 L6,-6 L8,3 Z M-4,-3 L-1,-8 L3,-6 Z"}),
    ],
    Colour.GREEN: [
        # A sprig of aromatic leaves.
        ("path", {"d": "M0,9 L0,-8", "fill": "none", "stroke-width": "1.4"}),
        ("path", {"d": "M0,-2 Q-8,-3 -7,-9 Q-1,-8 0,-2 Z M0,3 Q8,2 7,-4 Q1,-3 0,3 Z"}),
    ],
    Colour.RED: [
        # A folded length of fabric.
        ("path", {"d": "M-8,-7 L8,-7 L8,4 Q4,8 0,4 Q-4,8 -8,4 Z"}),
        (
            "path",
            {"d": "M-3,-7 L-3,5 M3,-7 L3,5", "fill": "none", "stroke-width": "1.3", "class": "ink"},
        ),
    ],
}


def _shapes(group: ET.Element, shapes: list[_Shape], background: str | None) -> None:
    """The shapes of a pictogram; those of class ``ink`` are cut out in ``background``."""
    for tag, attributes in shapes:
        node = el(group, tag, **attributes)
        if background is not None and attributes.get("class") == "ink":
            node.set("fill", background)
            node.set("stroke", background)


def family_square(
    parent: ET.Element, colour: Colour, x: float, y: float, side: float = 22
) -> ET.Element:
    """A square of ``colour``'s family centred at ``x, y``: a family in the key, the
    colour of a group in its chip."""
    return swatch(parent, x, y, side, FAMILY_FILL[colour], rx=3, stroke=FAMILY_EDGE[colour])


def kind_glyph(
    parent: ET.Element,
    kind: Kind,
    x: float,
    y: float,
    size: float,
    colour: str,
    points: int = 0,
    background: str | None = None,
) -> ET.Element:
    """The pictogram of a tile's kind in ``colour``; a value tile shows ``points`` in a
    cartouche (``background`` fills the cartouche, and the cuts of other pictograms)."""
    group = place(
        parent,
        x,
        y,
        size,
        fill=colour,
        stroke=colour,
        stroke_width="0",
        class_=f"glyph glyph-{kind.value}",
    )
    if kind is Kind.VALUE:
        rect(group, -8, -9.5, 16, 19, rx=7, fill="none", stroke_width=1.8)
        label(group, str(points), 0, 5.2, 14, bold=True, anchor="middle", class_="points")
        return group
    _shapes(group, _KIND_GLYPHS[kind], background)
    return group


def token_glyph(
    parent: ET.Element, kind: Token, x: float, y: float, size: float, colour: str
) -> ET.Element:
    """The pictogram of a token: the goods of a resource, or the ankh."""
    if kind is Token.ANKH:
        return ankh_glyph(parent, x, y, size, colour)
    group = place(parent, x, y, size, fill=colour, stroke=colour, stroke_width="0")
    _shapes(group, _TOKEN_GLYPHS[Colour(kind)], token_fill(kind))
    return group


def token_fill(kind: Token) -> str:
    return ANKH_FILL if kind is Token.ANKH else FAMILY_FILL[Colour(kind)]


def token_mark(kind: Token) -> str:
    return ANKH_MARK if kind is Token.ANKH else FAMILY_MARK[Colour(kind)]


def token(
    parent: ET.Element,
    kind: Token,
    x: float,
    y: float,
    radius: float,
    role: str = "token",
    extra: str = "",
    edge: str = INK,
) -> ET.Element:
    """A token: a disc of its colour with its pictogram. ``role`` is its class: ``token``
    for a real token, ``pictogram`` when it only stands for its kind (beside a count);
    ``extra`` adds classes (``stored``); ``edge`` is the colour of its rim."""
    classes = f"{role} {role}-{kind.key} {extra}".strip()
    group = el(parent, "g", class_=classes, data_token=kind.key)
    disc(group, x, y, radius, token_fill(kind), edge, radius / 9 if edge == INK else radius / 5)
    token_glyph(group, kind, x, y, radius * 1.3, token_mark(kind))
    return group


def price_marker(parent: ET.Element, colour: Colour, x: float, y: float, size: float) -> ET.Element:
    """A price marker of ``colour``: a square showing the resource it asks for (A-1.3)."""
    group = el(parent, "g", class_=f"price-marker marker-{colour.key}", data_colour=colour.key)
    rect(
        group,
        x - size / 2,
        y - size / 2,
        size,
        size,
        rx=size / 6,
        fill=FAMILY_FILL[colour],
        stroke=INK,
        stroke_width=size / 18,
    )
    token_glyph(group, Token(colour), x, y, size * 0.78, FAMILY_MARK[colour])
    return group


def bonus_token(
    parent: ET.Element, x: float, y: float, radius: float, points: int, role: str = "bonus-token"
) -> ET.Element:
    """A bonus token: a gold disc with its victory points (A-1.4)."""
    group = el(parent, "g", class_=role)
    value_disc(group, x, y, radius, str(points), BONUS_GOLD, BONUS_EDGE)
    return group
