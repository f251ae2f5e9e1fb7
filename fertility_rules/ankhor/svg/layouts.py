"""A player's layout: tiles on every level, groups, bonus tokens, and what to point out
(A-3.4 to A-3.8).

Positions are those of the notation (:mod:`fertility_rules.ankhor.notation`): ``x`` grows
to the right, ``y`` downwards, and a tile of level ``L`` at ``(x, y)`` rests on the four
tiles of level ``L - 1`` at ``x``, ``x + 1``, ``y``, ``y + 1``. So it is drawn over the
corner those four share, a little smaller than a base tile and lifted by a shadow: the
four tiles under it keep their pictograms in sight. The base columns and rows carry their
numbers. Two tiles of one group touching each other are joined by a link (a disc of
their colour, or a diamond for an animal); the tiles of a group of 5 or more, which
holds a bonus token (A-3.8, Q-2), are ringed in gold. Every tile carries
``data-position`` (``1:0,0``), ``data-level`` and its ``data-tile`` id.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence

from fertility_rules.ankhor.interpretations import HigherNeighbours
from fertility_rules.ankhor.layout import (
    Attribute,
    Layout,
    attributes,
    groups,
    index,
    neighbours,
)
from fertility_rules.ankhor.model import (
    ANIMALS,
    COLOURS,
    Colour,
    Kind,
    Placed,
    Position,
    position_text,
)
from fertility_rules.ankhor.moves import BuyTile, Move
from fertility_rules.ankhor.rules import legal_moves
from fertility_rules.ankhor.rules.bonus import BIG
from fertility_rules.ankhor.scoring import PlayerPosition, animal_group, colour_group
from fertility_rules.ankhor.state import GameState, PlayerState
from fertility_rules.ankhor.svg.glyphs import (
    BONUS_GOLD,
    FAMILY_FILL,
    FAMILY_MARK,
    family_square,
    kind_glyph,
)
from fertility_rules.ankhor.svg.tiles import draw_tile
from fertility_rules.ankhor.text_board import move_positions
from fertility_rules.ankhor.views import Observation
from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.drawing.image import SvgImage, el, fmt, image, rect, root
from fertility_rules.drawing.palette import INK, frame, heading, mark
from fertility_rules.drawing.text import fit_size, label, text_width
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, render

__all__ = [
    "HIGHER",
    "Group",
    "LayoutBox",
    "bonus_group",
    "draw_groups_row",
    "draw_layout",
    "draw_link",
    "group_label",
    "groups_height",
    "layout",
    "layout_box",
    "legal_places",
    "marked_places",
    "scoring_groups",
    "tile_box",
]

HIGHER = 0.74
"""A higher tile's side, as a part of a base tile's."""
MARGIN = 18.0
"""Room for the column and row numbers."""


def tile_box(position: Position) -> tuple[float, float, float]:
    """``(left, top, side)`` of the tile at ``position``, in base tiles from ``(0, 0)``."""
    level, x, y = position
    if level == 0:
        return float(x), float(y), 1.0
    lift = (1 - HIGHER) / 2
    return x + level / 2 + lift, y + level / 2 + lift, HIGHER


class LayoutBox:
    """Where a layout and the places pointed out fall, in base tiles."""

    def __init__(self, positions: Iterable[Position]) -> None:
        boxes = [tile_box(p) for p in positions] or [(0.0, 0.0, 1.0)]
        self.left = min(box[0] for box in boxes)
        self.top = min(box[1] for box in boxes)
        self.right = max(box[0] + box[2] for box in boxes)
        self.bottom = max(box[1] + box[2] for box in boxes)
        base = [p for p in positions if p[0] == 0] or [(0, 0, 0)]
        self.columns = range(min(p[1] for p in base), max(p[1] for p in base) + 1)
        self.rows = range(min(p[2] for p in base), max(p[2] for p in base) + 1)

    def size(self, size: float, coordinates: bool = True) -> tuple[float, float]:
        """Width and height of the drawing with ``size``-wide base tiles."""
        extra = MARGIN if coordinates else 0
        return (self.right - self.left) * size + extra + 4, (
            self.bottom - self.top
        ) * size + extra + 4


def layout_box(tiles: Layout, places: Iterable[Position] = ()) -> LayoutBox:
    """The box of ``tiles`` and of the empty ``places`` shown beside them."""
    return LayoutBox([*(p.position for p in tiles), *places])


Group = tuple[Attribute, tuple[Placed, ...]]
"""What a group shares, and its tiles."""


_ATTRIBUTES: tuple[Attribute, ...] = (*COLOURS, *sorted(ANIMALS, key=lambda kind: kind.value))


def scoring_groups(tiles: Layout, same_level: bool) -> list[Group]:
    """Every colour group and animal group of 2 tiles or more (A-7.2, A-7.3), colours
    first, in the order of the score sheet."""
    found: list[Group] = []
    for attribute in _ATTRIBUTES:
        for group in groups(tiles, attribute, same_level):
            if len(group) >= 2:
                found.append((attribute, group))
    return found


def _link_kind(a: Placed, b: Placed) -> list[Attribute]:
    shared: list[Attribute] = []
    if a.tile.colour is b.tile.colour:
        shared.append(a.tile.colour)
    if a.tile.animal is not None and a.tile.animal is b.tile.animal:
        shared.append(a.tile.animal)
    return shared


def _links(
    tiles: Mapping[Position, Placed], same_level: bool
) -> list[tuple[Placed, Placed, Attribute]]:
    """Every pair of adjacent tiles sharing a colour or an animal, once."""
    found: list[tuple[Placed, Placed, Attribute]] = []
    for position, placed in tiles.items():
        for near in neighbours(position, same_level):
            other = tiles.get(near)
            if other is None or near <= position:
                continue
            found.extend((placed, other, shared) for shared in _link_kind(placed, other))
    return found


def _link_point(a: Placed, b: Placed, shared: Attribute) -> tuple[float, float]:
    """Where the link of ``a`` and ``b`` is drawn, in base tiles: on their shared edge,
    or on the corner of the higher tile nearest the tile under it; colour and animal
    links of one pair are set apart along the edge."""
    ax, ay, aside = tile_box(a.position)
    bx, by, bside = tile_box(b.position)
    if a.level != b.level:
        high, low = (ax, ay, aside), (bx, by, bside)
        if b.level > a.level:
            high, low = low, high
        hx = high[0] + (high[2] if low[0] > high[0] else 0)
        hy = high[1] + (high[2] if low[1] > high[1] else 0)
        shift = 0.1 if isinstance(shared, Kind) else -0.1
        return hx + shift, hy
    mx = (ax + aside / 2 + bx + bside / 2) / 2
    my = (ay + aside / 2 + by + bside / 2) / 2
    along = 0.16 if isinstance(shared, Kind) else -0.16
    if ay == by:
        return mx, my + along
    return mx + along, my


def draw_link(
    parent: ET.Element, shared: Attribute, x: float, y: float, r: float, gold: bool
) -> None:
    ring = BONUS_GOLD if gold else "#fffdf5"
    if isinstance(shared, Colour):
        if shared is Colour.WHITE and not gold:
            ring = INK  # a light ring would vanish on the white family's tiles
        el(
            parent,
            "circle",
            cx=x,
            cy=y,
            r=r,
            fill=FAMILY_FILL[shared],
            stroke=ring,
            stroke_width=r / 2.2,
            class_=f"link link-colour link-{shared.key}",
            data_group=shared.key,
        )
        return
    el(
        parent,
        "path",
        d=f"M{fmt(x)},{fmt(y - r * 1.25)} l{fmt(r * 1.25)},{fmt(r * 1.25)} "
        f"l{fmt(-r * 1.25)},{fmt(r * 1.25)} l{fmt(-r * 1.25)},{fmt(-r * 1.25)} Z",
        fill=INK,
        stroke=ring,
        stroke_width=r / 2.2,
        class_=f"link link-animal link-{shared.value}",
        data_group=shared.value,
    )


def draw_layout(
    parent: ET.Element,
    tiles: Layout,
    x0: float,
    y0: float,
    size: float,
    language: Language,
    *,
    stored: Iterable[Position] = (),
    same_level: bool = True,
    marks: Mapping[str, Sequence[Position]] | None = None,
    coordinates: bool = True,
    box: LayoutBox | None = None,
) -> ET.Element:
    """Draw a layout at ``x0, y0`` with ``size``-wide base tiles: base tiles, then each
    higher level over them, the links of groups, the marks (``last-move``, ``legal``,
    ``highlight``, ``bonus``: positions; empty positions get a dashed space)."""
    marks = marks or {}
    box = box or layout_box(tiles, [p for places in marks.values() for p in places])
    group = el(parent, "g", class_="layout", data_tiles=len(tiles))
    left = x0 + (MARGIN if coordinates else 0) + 2
    top = y0 + (MARGIN if coordinates else 0) + 2

    def at(position: Position) -> tuple[float, float, float]:
        bx, by, side = tile_box(position)
        return left + (bx - box.left) * size, top + (by - box.top) * size, side * size

    if not tiles and not any(marks.values()):
        label(
            group,
            render(_("no tile yet"), language),
            x0 + 4,
            y0 + 20,
            12,
            font_style="italic",
            fill="#7c6a4a",
            class_="no-tile",
        )
        return group
    if coordinates:
        _coordinates(group, box, left, top, size)
    by_position = index(tiles)
    kept = set(stored)
    big = {
        p.position
        for attribute, members in scoring_groups(tiles, same_level)
        if len(members) >= BIG
        for p in members
    }
    levels = {p.level for p in tiles} | {place[0] for place in marks.get("legal", ())}
    for level in sorted(levels):
        for place in marks.get("legal", ()):
            if place[0] == level == 0 and place not in by_position:
                _space(group, place, *at(place))
        for placed in tiles:
            if placed.level != level:
                continue
            x, y, side = at(placed.position)
            if level:
                rect(
                    group,
                    x + side * 0.07,
                    y + side * 0.09,
                    side,
                    side,
                    rx=side / 9,
                    fill="#000000",
                    fill_opacity="0.28",
                    class_="shadow",
                )
            draw_tile(
                group,
                placed.tile,
                x,
                y,
                side,
                language,
                stored=placed.position in kept,
                role="tile higher" if level else "tile",
                data_position=position_text(placed.position),
                data_level=level,
                data_bonus_group="1" if placed.position in big else None,
            )
            if placed.position in big:
                frame(
                    group,
                    x,
                    y,
                    side,
                    side,
                    BONUS_GOLD,
                    margin=2.5,
                    line=2,
                    rx=side / 7,
                    kind="bonus-ring",
                    data_position=position_text(placed.position),
                )
    links = el(group, "g", class_="links")
    for a, b, shared in _links(by_position, same_level):
        lx, ly = _link_point(a, b, shared)
        gold = a.position in big and b.position in big
        draw_link(
            links,
            shared,
            left + (lx - box.left) * size,
            top + (ly - box.top) * size,
            size * 0.075,
            gold,
        )
    for place in marks.get("legal", ()):
        if place[0] and place not in by_position:
            _space(group, place, *at(place))  # over the links, so that its label reads
    for kind in ("highlight", "bonus", "last-move", "legal"):
        for place in marks.get(kind, ()):
            x, y, side = at(place)
            if kind == "legal" and place not in by_position:
                continue  # drawn as a dashed space
            mark(group, kind, x - 2, y - 2, side + 4, side + 4, data_position=position_text(place))
    return group


def _space(parent: ET.Element, place: Position, x: float, y: float, side: float) -> None:
    """An empty place where a tile may go: dashed, with its position written in it."""
    space = el(parent, "g", class_="space legal", data_position=position_text(place))
    rect(
        space,
        x + 2,
        y + 2,
        side - 4,
        side - 4,
        rx=side / 9,
        fill="#fffdf5" if place[0] else "#16a34a",
        fill_opacity="0.9" if place[0] else "0.12",
        stroke="#16a34a",
        stroke_width=2 if place[0] else 1.6,
        stroke_dasharray="5 3",
    )
    text = position_text(place)
    size = fit_size(text, 11, side - 6)
    width = text_width(text, size)
    if width > side - 6:
        # Too long for a small higher place even at the smallest size: the label gets a
        # background of its own, so that it reads over the tiles beside the place.
        rect(
            space,
            x + side / 2 - width / 2 - 3,
            y + side / 2 - size / 2 - 2,
            width + 6,
            size + 5,
            rx=3,
            fill="#fffdf5",
            stroke="#16a34a",
            stroke_width=0.8,
        )
    label(
        space,
        text,
        x + side / 2,
        y + side / 2 + size * 0.36,
        size,
        anchor="middle",
        fill="#166534",
    )


def _coordinates(parent: ET.Element, box: LayoutBox, left: float, top: float, size: float) -> None:
    labels = el(
        parent, "g", class_="coordinates", font_size=10, fill="#7c6a4a", text_anchor="middle"
    )
    for column in box.columns:
        x = left + (column + 0.5 - box.left) * size
        el(labels, "text", str(column), x=x, y=top - 6)
    for row in box.rows:
        y = top + (row + 0.5 - box.top) * size + 3.5
        el(labels, "text", str(row), x=left - MARGIN / 2 - 1, y=y)


def group_label(attribute: Attribute, n: int) -> Message:
    """``green group of 5 tiles``, ``group of 3 jackals``: the score sheet's words."""
    if isinstance(attribute, Colour):
        return colour_group(attribute, n)
    return animal_group(attribute, n)


CHIP = 26.0
CHIP_WIDTH = CHIP + 24
CHIP_GAP = 6


def _chips(count: int, width: float) -> list[tuple[float, float]]:
    """Where each of ``count`` chips goes in rows ``width`` wide, from ``0, 0``."""
    places = []
    x = y = 0.0
    for _index in range(count):
        if x + CHIP_WIDTH > width and x > 0:
            x, y = 0.0, y + CHIP + CHIP_GAP
        places.append((x, y))
        x += CHIP_WIDTH + CHIP_GAP
    return places


def groups_height(count: int, width: float) -> float:
    """The height of a row of ``count`` group chips wrapped to ``width``."""
    places = _chips(count, width)
    return places[-1][1] + CHIP if places else 0.0


def draw_groups_row(
    parent: ET.Element,
    found: Sequence[Group],
    x0: float,
    y0: float,
    width: float,
    language: Language,
) -> float:
    """The groups of 2 or more as chips (a swatch and the size), wrapped to ``width``;
    a group of 5 or more is ringed in gold. Returns the height used."""
    row = el(parent, "g", class_="groups")
    for (attribute, members), (dx, dy) in zip(found, _chips(len(found), width), strict=True):
        x, y = x0 + dx, y0 + dy
        chip_width = CHIP_WIDTH
        big = len(members) >= BIG
        key = attribute.key if isinstance(attribute, Colour) else attribute.value
        chip = el(
            row,
            "g",
            class_="group bonus-group" if big else "group",
            data_group=key,
            data_size=len(members),
        )
        el(chip, "title", render(group_label(attribute, len(members)), language))
        rect(
            chip,
            x,
            y,
            chip_width,
            CHIP,
            rx=CHIP / 2,
            fill="#fffdf5",
            stroke=BONUS_GOLD if big else "#c9b27c",
            stroke_width=2.5 if big else 1,
        )
        if isinstance(attribute, Colour):
            family_square(chip, attribute, x + CHIP / 2, y + CHIP / 2, CHIP - 10)
        else:
            el(chip, "circle", cx=x + CHIP / 2, cy=y + CHIP / 2, r=CHIP / 2 - 4, fill=INK)
            kind_glyph(
                chip, attribute, x + CHIP / 2, y + CHIP / 2, CHIP - 10, FAMILY_MARK[Colour.BLACK]
            )
        label(
            chip,
            str(len(members)),
            x + CHIP + 8,
            y + CHIP / 2 + 5,
            14,
            bold=True,
            anchor="middle",
            fill=INK,
        )
    return groups_height(len(found), width)


Table = GameState | Observation
Seat = PlayerState | PlayerPosition


@checked_arguments
def legal_places(table: Table, slot: int | None = None) -> tuple[Position, ...]:
    """The places where the player to move may put the tile of offer slot ``slot`` (any
    tile of the offer by default), for ``layout(..., legal_places=...)`` (A-3.4, A-3.5)."""
    places = {
        move.position
        for move in legal_moves(table)
        if isinstance(move, BuyTile) and slot in (None, move.slot)
    }
    return tuple(sorted(places))


@checked_arguments
def bonus_group(tiles: Layout, position: Position, same_level: bool) -> tuple[Position, ...]:
    """The positions of the group of 5 or more that the tile at ``position`` belongs to
    (colour first, then animal), or none: the group that earned a bonus token (A-3.8)."""
    placed = index(tiles).get(position)
    if placed is None:
        return ()
    for attribute in attributes(placed):
        for members in groups(tiles, attribute, same_level):
            if len(members) >= BIG and placed in members:
                return tuple(p.position for p in members)
    return ()


def marked_places(last_move: Move | Iterable[Position] | None) -> tuple[Position, ...]:
    """The places a move marks (where a tile went and came from, warehouses filled), or
    the places given."""
    if isinstance(last_move, Iterable):  # moves are values, not sequences
        return tuple(last_move)
    return move_positions(last_move)


def _seat(
    position: Table | Seat, player: int | None
) -> tuple[Seat, bool, tuple[Position, ...], str]:
    """The player drawn, the reading of Q-3, their stored tokens and their name."""
    if isinstance(position, GameState | Observation):
        seat = position.players[position.current if player is None else player]
        readings = position.config.interpretations.higher_neighbours
        return seat, readings is HigherNeighbours.SAME_LEVEL, seat.stored, seat.name
    stored = position.stored if isinstance(position, PlayerState) else ()
    return position, True, stored, position.name


@checked_arguments
def layout(
    position: Table | Seat,
    player: int | None = None,
    *,
    last_move: Move | Iterable[Position] | None = None,
    legal_places: Iterable[Position] = (),
    highlights: Iterable[Position] = (),
    bonus: Iterable[Position] = (),
    groups_row: bool = True,
    size: float = 56,
    title: str | None = None,
    lang: Language | str = Language.EN,
) -> SvgImage:
    """A player's layout (the player to move of a state or view by default, or a
    :class:`~fertility_rules.ankhor.state.PlayerState` or scoring
    :class:`~fertility_rules.ankhor.scoring.PlayerPosition`): every level, stored tokens,
    links of groups, and below it the groups of 2 or more. The marks outline places: the
    last move, where a tile may go (dashed, with its position), ``bonus`` (the group that
    earned a bonus token) or any ``highlights``. Q-3 follows the state's reading.
    ``title`` is written above (a step of a worked example)."""
    language = language_of(lang)
    seat, same, stored, name = _seat(position, player)
    marks = {
        "legal": tuple(legal_places),
        "highlight": tuple(highlights),
        "bonus": tuple(bonus),
        "last-move": marked_places(last_move),
    }
    box = layout_box(seat.tiles, [p for places in marks.values() for p in places])
    width, height = box.size(size)
    width = max(width, 220.0, min(text_width(title, 14, True) + 8, 640.0) if title else 0.0)
    found = scoring_groups(seat.tiles, same) if groups_row else []
    rows = groups_height(len(found), width - 8)
    top = 24 if title else 0
    svg = root(
        width + 8,
        top + height + 8 + (rows + 10 if rows else 0),
        "ankhor-layout",
        title or render(_("The tiles of {name}", name=name), language),
        language,
    )
    if title:
        heading(svg, title, 4, 17, 14, width)
    draw_layout(
        svg,
        seat.tiles,
        4,
        4 + top,
        size,
        language,
        stored=stored,
        same_level=same,
        marks=marks,
        box=box,
    )
    if found:
        draw_groups_row(svg, found, 8, top + height + 12, width - 8, language)
    return image(svg)
