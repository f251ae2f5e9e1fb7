"""Fertility's visual language: the colours and pictograms of its components.

Scenes are coloured as on the printed tiles (purple Grapes, brown Bovine, white
Alabaster, green Papyrus); grounds as on the Valley boards (sand desert, golden wheat,
blue water). The paper, ink, highlight and player colours that every game shares come
from :mod:`fertility_rules.drawing.palette`. Pictograms are drawn on a 20 x 20 box centred
on the origin and placed with a transform, so they scale with the picture.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fertility_rules.drawing.image import el, fmt, rect
from fertility_rules.drawing.palette import (
    CARD,
    CARD_EDGE,
    HIGHLIGHT,
    INK,
    PAPER,
    PLAYER_COLOURS,
    RECONSTRUCTED,
    ankh_glyph,
    callout,
    disc,
    player_colour,
    value_disc,
)
from fertility_rules.drawing.palette import place as _place
from fertility_rules.fertility.model.resources import MonumentType, Resource
from fertility_rules.fertility.model.valley import Ground

__all__ = [
    "CARD",
    "CARD_EDGE",
    "GROUND_FILL",
    "HIGHLIGHT",
    "INK",
    "PAPER",
    "PLAYER_COLOURS",
    "RECONSTRUCTED",
    "SCENE_FILL",
    "SCENE_MARK",
    "WHEAT_GOLD",
    "any_icon",
    "callout",
    "coin",
    "monument_glyph",
    "onto_shop_arrow",
    "player_colour",
    "resource_glyph",
    "start_symbol",
    "statue_glyph",
    "token",
    "wheat_glyph",
]

WHEAT_GOLD = "#e2b33c"

SCENE_FILL = {
    Resource.GRAPES: "#7d3c98",
    Resource.BOVINE: "#8b5a2b",
    Resource.ALABASTER: "#f7f4ec",
    Resource.PAPYRUS: "#4e8d3a",
}
"""Fill of a scene or token of each resource."""
SCENE_MARK = {
    Resource.GRAPES: "#ead6f2",
    Resource.BOVINE: "#f3dfc2",
    Resource.ALABASTER: "#8f897c",
    Resource.PAPYRUS: "#e0f1d4",
}
"""Colour of the pictogram drawn on a scene or token."""
GROUND_FILL = {
    Ground.DESERT: "#ecd9a8",
    Ground.WHEAT: WHEAT_GOLD,
    Ground.WATER: "#4f93cf",
}

_GLYPHS: dict[Resource, list[tuple[str, dict[str, str]]]] = {
    Resource.GRAPES: [
        ("path", {"d": "M0,-6 Q1,-9 3,-10", "fill": "none", "stroke-width": "1.6"}),
        ("path", {"d": "M1,-8 Q5,-10 7,-7 Q4,-6 1,-8 Z"}),
        *[
            ("circle", {"cx": str(x), "cy": str(y), "r": "2.5"})
            for x, y in ((-5, -3), (0, -3), (5, -3), (-2.5, 1.5), (2.5, 1.5), (0, 6))
        ],
    ],
    Resource.BOVINE: [
        ("path", {"d": "M-5,-4 Q-10,-5 -9,-10 Q-6,-6 -3,-6 Z"}),
        ("path", {"d": "M5,-4 Q10,-5 9,-10 Q6,-6 3,-6 Z"}),
        ("path", {"d": "M-5,-5 Q0,-8 5,-5 L4,4 Q0,9 -4,4 Z"}),
    ],
    Resource.PAPYRUS: [
        ("path", {"d": "M0,9 L0,-3 M0,9 L-5,-2 M0,9 L5,-2", "fill": "none", "stroke-width": "1.4"}),
        ("path", {"d": "M-4,-3 L4,-3 L6,-9 Q0,-12 -6,-9 Z"}),
        ("path", {"d": "M-9,-3 L-3,-1 L-5,-6 Q-8,-7 -10,-6 Z"}),
        ("path", {"d": "M9,-3 L3,-1 L5,-6 Q8,-7 10,-6 Z"}),
    ],
    Resource.ALABASTER: [
        (
            "path",
            {
                "d": "M-3,-9 L3,-9 L2,-6 Q7,-3 5,4 Q3,9 0,9 Q-3,9 -5,4 Q-7,-3 -2,-6 Z",
            },
        ),
    ],
}


def resource_glyph(
    parent: ET.Element, resource: Resource, x: float, y: float, size: float, colour: str
) -> ET.Element:
    """The pictogram of ``resource``: grapes, a bull's head, a papyrus umbel, a vase."""
    group = _place(parent, x, y, size, fill=colour, stroke=colour, stroke_width="0")
    for tag, attributes in _GLYPHS[resource]:
        el(group, tag, **attributes)
    return group


def token(
    parent: ET.Element,
    resource: Resource,
    x: float,
    y: float,
    radius: float,
    kind: str = "token",
) -> ET.Element:
    """A resource token: a disc in the scene colour with its pictogram.

    ``kind`` is its class: ``token`` for a real token, ``pictogram`` when it only
    stands for a resource (in a benefit, beside the Stock count).
    """
    group = el(parent, "g", class_=f"{kind} {kind}-{resource.key}", data_resource=resource.key)
    disc(group, x, y, radius, SCENE_FILL[resource], INK, radius / 9)
    resource_glyph(group, resource, x, y, radius * 1.35, SCENE_MARK[resource])
    return group


def any_icon(parent: ET.Element, x: float, y: float, radius: float) -> ET.Element:
    """The "any resource" icon: a disc quartered in the four scene colours."""
    group = el(parent, "g", class_="icon-any")
    quarters = (
        (Resource.GRAPES, -1, -1),
        (Resource.BOVINE, 1, -1),
        (Resource.PAPYRUS, 1, 1),
        (Resource.ALABASTER, -1, 1),
    )
    for resource, dx, dy in quarters:
        el(
            group,
            "path",
            d=(
                f"M{fmt(x)},{fmt(y)} L{fmt(x + dx * radius)},{fmt(y)} "
                f"A{fmt(radius)},{fmt(radius)} 0 0 {1 if dx * dy > 0 else 0} "
                f"{fmt(x)},{fmt(y + dy * radius)} Z"
            ),
            fill=SCENE_FILL[resource],
            opacity="0.55",
        )
    disc(group, x, y, radius, "none", INK, radius / 9)
    return group


def wheat_glyph(parent: ET.Element, x: float, y: float, size: float, colour: str) -> ET.Element:
    """An ear of wheat."""
    group = _place(parent, x, y, size, fill=colour, stroke=colour)
    el(group, "path", d="M0,10 L0,-9", fill="none", stroke_width="1.3")
    for dy in (-6, -2, 2):
        el(group, "ellipse", cx=-2.2, cy=dy, rx=1.8, ry=3, transform=f"rotate(-25 -2.2 {dy})")
        el(group, "ellipse", cx=2.2, cy=dy, rx=1.8, ry=3, transform=f"rotate(25 2.2 {dy})")
    el(group, "ellipse", cx=0, cy=-9, rx=1.6, ry=2.6)
    return group


def coin(parent: ET.Element, x: float, y: float, radius: float, value: int) -> ET.Element:
    """A Deben: a gold coin with its value."""
    group = el(parent, "g", class_="deben")
    value_disc(group, x, y, radius, str(value), "#f2c94c", "#9a7416", INK, 1.1)
    return group


def onto_shop_arrow(parent: ET.Element, x: float, y: float, size: float) -> ET.Element:
    """A bent arrow from ``x, y`` down to the right: "placed at once on another Shop"."""
    s = fmt(size)
    return el(
        parent,
        "path",
        d=f"M{fmt(x)},{fmt(y)} q{s},0 {s},{s} l-3,-3 m3,3 l3,-3",
        fill="none",
        stroke=INK,
        stroke_width=1.6,
    )


def statue_glyph(parent: ET.Element, x: float, y: float, size: float, colour: str) -> ET.Element:
    """A standing statue on a plinth."""
    group = _place(parent, x, y, size, fill=colour)
    el(group, "circle", cx=0, cy=-7, r=2.4)
    el(group, "path", d="M-3,-4 L3,-4 L2.5,5 L-2.5,5 Z")
    rect(group, -5, 5, 10, 4)
    return group


def start_symbol(parent: ET.Element, x: float, y: float, size: float) -> ET.Element:
    """The start symbol printed on some desert squares: an ankh."""
    return ankh_glyph(parent, x, y, size, "#7a4e1d", class_="start-symbol")


_MONUMENTS = {
    MonumentType.OBELISK: ["M-3.5,9 L-2.5,-5 L0,-9.5 L2.5,-5 L3.5,9 Z"],
    MonumentType.PYRAMID: ["M-9,8 L0,-8 L9,8 Z", "M0,-8 L3,8 L9,8 Z"],
    MonumentType.SPHINX: [
        "M-6,1 L8,1 Q10,1 10,4 L10,8 L-10,8 L-10,5.5 L-5,5.5 Z",
        "M-9,2 L-7.5,-5 Q-5,-9.5 -2.5,-5 L-1,2 Z",
    ],
    MonumentType.TEMPLE: [
        "M-9,-3 L0,-9 L9,-3 Z",
        "M-8,-2 h3 v8 h-3 Z M-1.5,-2 h3 v8 h-3 Z M5,-2 h3 v8 h-3 Z",
        "M-10,7 h20 v2.5 h-20 Z",
    ],
}


def monument_glyph(
    parent: ET.Element,
    monument: MonumentType,
    x: float,
    y: float,
    size: float,
    colour: str,
    **attributes: str,
) -> ET.Element:
    """A Monument pawn of ``monument`` type in a player's colour."""
    group = _place(
        parent,
        x,
        y,
        size,
        fill=colour,
        stroke="#fdf6e3",
        stroke_width="0.9",
        stroke_linejoin="round",
        **attributes,
    )
    for index, d in enumerate(_MONUMENTS[monument]):
        el(
            group,
            "path",
            d=d,
            opacity="0.8" if index and monument is MonumentType.PYRAMID else None,
        )
    return group
