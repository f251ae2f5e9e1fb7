"""What every game's pictures share: paper and ink, the highlight colours, the players'
colours, the ankh, the mark of a reconstructed component.

Pictograms are drawn on a 20 x 20 box centred on the origin and placed with
:func:`place`, so they scale with the picture. Nothing here knows a game's components.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fertility_rules.drawing.image import el, fmt, rect
from fertility_rules.drawing.text import label as text_label
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import render
from fertility_rules.shared.provenance import Provenance

__all__ = [
    "CALLOUT",
    "CARD",
    "CARD_EDGE",
    "HIGHLIGHT",
    "INK",
    "PAPER",
    "PLAYER_COLOURS",
    "RECONSTRUCTED",
    "SHEET",
    "ankh_glyph",
    "callout",
    "cross_out",
    "disc",
    "frame",
    "heading",
    "mark",
    "place",
    "player_colour",
    "provenance_badge",
    "reconstructed_frame",
    "value_disc",
]

INK = "#3b2f1e"
PAPER = "#fbf5e6"
SHEET = "#fbf7ee"
"""The background of a whole table or catalogue sheet."""
CARD = "#f3e6c4"
CARD_EDGE = "#8a6d3b"
RECONSTRUCTED = "#c2410c"
HIGHLIGHT = {
    "highlight": "#f59e0b",
    "last-move": "#2563eb",
    "legal": "#16a34a",
    "quarry": "#dc2626",
    "harvest": "#7c3aed",
    "bonus": "#d4a017",
    "bought": "#7c3aed",
    "leaving": "#dc2626",
    "drawn": "#0e7490",
}
"""The colour of each kind of mark a picture may point out."""
OUTLINED = frozenset({"last-move", "bonus", "bought", "leaving", "drawn"})
"""The marks drawn as an outline only, so that the tile under them stays in sight."""
DASHED = {"quarry": (6, 12), "leaving": (6, 12), "drawn": (20, 20)}
"""The dashes of a mark's outline, as fractions of its side (dash, gap): a mark told
apart by its line as well as by its colour."""
PLAYER_COLOURS = ("#c0392b", "#1f5fa8", "#222222", "#e07b00")


def player_colour(player: int | None) -> str:
    """The colour of a player's pawns, markers and frame (grey for nobody)."""
    if player is None:
        return "#777777"
    return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


def place(parent: ET.Element, x: float, y: float, size: float, **attributes: str) -> ET.Element:
    """A group drawing a 20 x 20 pictogram centred at ``x, y``, ``size`` wide."""
    return el(
        parent, "g", transform=f"translate({fmt(x)},{fmt(y)}) scale({fmt(size / 20)})", **attributes
    )


def ankh_glyph(
    parent: ET.Element, x: float, y: float, size: float, colour: str, **attributes: str
) -> ET.Element:
    """An ankh: a loop over a cross, drawn in ``colour``."""
    group = place(parent, x, y, size, fill="none", stroke=colour, **attributes)
    el(group, "ellipse", cx=0, cy=-5, rx=3.2, ry=4, stroke_width="2")
    el(group, "path", d="M0,-1 L0,10 M-6,1 L6,1", stroke_width="2.4")
    return group


def disc(
    parent: ET.Element, x: float, y: float, radius: float, fill: str, edge: str, width: float
) -> ET.Element:
    """A disc of ``fill`` with an ``edge`` rim ``width`` wide: a token, a coin."""
    return el(parent, "circle", cx=x, cy=y, r=radius, fill=fill, stroke=edge, stroke_width=width)


def value_disc(
    parent: ET.Element,
    x: float,
    y: float,
    radius: float,
    text: str,
    fill: str,
    edge: str,
    ink: str = INK,
    scale: float = 1.1,
) -> None:
    """A disc with a bold text in its middle: a Deben's value, a callout's number, a
    bonus token's points."""
    disc(parent, x, y, radius, fill, edge, radius / 8)
    text_label(
        parent, text, x, y + radius * 0.4, radius * scale, bold=True, anchor="middle", fill=ink
    )


def heading(
    parent: ET.Element,
    text: str,
    x: float,
    y: float,
    size: float = 14,
    width: float | None = None,
    **attributes: str,
) -> ET.Element:
    """A bold heading of a part of a picture, fitted into ``width``."""
    return text_label(parent, text, x, y, size, width, bold=True, fill=INK, **attributes)


def mark(
    parent: ET.Element,
    kind: str,
    x: float,
    y: float,
    width: float,
    height: float,
    **data: str,
) -> ET.Element:
    """An outline pointing out a place: ``kind`` is a key of :data:`HIGHLIGHT` and the
    mark's class (``last-move``, ``legal``...); the marks of :data:`OUTLINED` are outlined
    only, the others also tinted; those of :data:`DASHED` are dashed."""
    colour = HIGHLIGHT[kind]
    side = min(width, height)
    dash = DASHED.get(kind)
    return rect(
        parent,
        x,
        y,
        width,
        height,
        rx=side / 10,
        fill=colour,
        fill_opacity="0" if kind in OUTLINED else "0.18",
        stroke=colour,
        stroke_width=side / 11,
        stroke_dasharray=f"{fmt(side / dash[0])} {fmt(side / dash[1])}" if dash else None,
        class_=f"mark {kind}",
        **data,
    )


CALLOUT = "#9b2c2c"
"""The colour of a numbered callout."""


def callout(parent: ET.Element, number: int, x: float, y: float, radius: float = 10) -> ET.Element:
    """A numbered marker at ``x, y``, as the rulebooks number the parts of a picture; the
    caption says what each number is."""
    group = el(parent, "g", class_="callout", data_number=number)
    value_disc(group, x, y, radius, str(number), CALLOUT, "#fdf6e3", "#ffffff", 1.2)
    return group


def cross_out(
    parent: ET.Element,
    box: tuple[float, float, float, float],
    inset: float,
    width: float,
    colour: str = HIGHLIGHT["quarry"],
) -> ET.Element:
    """A cross over ``box`` (left, top, right, bottom), ``inset`` from its corners: what
    the rules forbid, drawn where it would be (a refused placement, a refused deal)."""
    left, top, right, bottom = box
    return el(
        parent,
        "path",
        d=(
            f"M{fmt(left + inset)},{fmt(top + inset)} L{fmt(right - inset)},{fmt(bottom - inset)} "
            f"M{fmt(right - inset)},{fmt(top + inset)} L{fmt(left + inset)},{fmt(bottom - inset)}"
        ),
        stroke=colour,
        stroke_width=width,
        stroke_linecap="round",
    )


def provenance_badge(
    parent: ET.Element,
    provenance: Provenance | None,
    x: float,
    y: float,
    language: Language,
    width: float | None = None,
) -> None:
    """A visible label on reconstructed items (never shown as printed), a quiet one
    otherwise; it ends at ``x`` and fits in ``width``."""
    if provenance is None:
        return
    reconstructed = provenance is Provenance.RECONSTRUCTED
    text_label(
        parent,
        render(provenance.label, language),
        x,
        y,
        9,
        width,
        bold=reconstructed,
        anchor="end",
        font_style="italic",
        fill=RECONSTRUCTED if reconstructed else "#5b6b3a",
        class_=f"provenance provenance-{provenance.value}",
    )


def frame(
    parent: ET.Element,
    x: float,
    y: float,
    width: float,
    height: float,
    colour: str,
    *,
    margin: float,
    line: float,
    rx: float,
    kind: str,
    dash: str | None = None,
    **data: str,
) -> ET.Element:
    """An unfilled outline ``margin`` outside the box at ``x, y``, ``line`` wide, rounded
    by ``rx``: the player to move, a group that earned a bonus, a reconstructed item
    (``kind``: its class)."""
    return rect(
        parent,
        x - margin,
        y - margin,
        width + 2 * margin,
        height + 2 * margin,
        rx=rx,
        fill="none",
        stroke=colour,
        stroke_width=line,
        stroke_dasharray=dash,
        class_=kind,
        **data,
    )


def reconstructed_frame(
    parent: ET.Element,
    provenance: Provenance | None,
    x: float,
    y: float,
    w: float,
    h: float,
    kind: str = "reconstructed-frame",
) -> None:
    """A dashed orange frame around an item, if it is reconstructed (``kind``: its class)."""
    if provenance is Provenance.RECONSTRUCTED:
        frame(parent, x, y, w, h, RECONSTRUCTED, margin=3, line=1.5, rx=6, kind=kind, dash="5 3")
