"""Where a tile goes, told as a player tells it: beside a tile already in the layout
("to the right of the value tile (green family)"), not by the notation's coordinates.

A caption names the neighbour by its kind and family, so only a tile whose kind and
family no other tile of the layout shares can serve; a base place is told from the tile
beside it, a higher place from one of the four it rests on (A-3.5). A place with no such
neighbour keeps its coordinates, which the pictures' key explains.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve

from fertility_rules.ankhor.layout import Layout, supporters
from fertility_rules.ankhor.model import Kind, Placed, Position, Tile, position_text
from fertility_rules.i18n.message import Message, _, pgettext

__all__ = ["beside", "label_at", "place_text", "tile_named"]

_NAMED = {
    Kind.JACKAL: pgettext("next to a tile", "the jackal"),
    Kind.FALCON: pgettext("next to a tile", "the falcon"),
    Kind.BEETLE: pgettext("next to a tile", "the beetle"),
    Kind.VALUE: pgettext("next to a tile", "the value tile"),
    Kind.WAREHOUSE: pgettext("next to a tile", "the warehouse"),
    Kind.SCRIBE: pgettext("next to a tile", "the scribe"),
    Kind.DESERT: pgettext("next to a tile", "the desert"),
}
"""A tile's kind as the place phrases below name the tile a place is told from (each
language its own form: with its article, or in the case its prepositions ask for)."""

_MOVED = {
    Kind.JACKAL: pgettext("a tile moved", "the jackal"),
    Kind.FALCON: pgettext("a tile moved", "the falcon"),
    Kind.BEETLE: pgettext("a tile moved", "the beetle"),
    Kind.VALUE: pgettext("a tile moved", "the value tile"),
    Kind.WAREHOUSE: pgettext("a tile moved", "the warehouse"),
    Kind.SCRIBE: pgettext("a tile moved", "the scribe"),
    Kind.DESERT: pgettext("a tile moved", "the desert"),
}
"""A tile's kind as the captions name a tile that is moved (the object of the verb)."""

_BESIDE: tuple[tuple[tuple[int, int], Message], ...] = (
    ((-1, 0), _("to the right of {tile}")),
    ((1, 0), _("to the left of {tile}")),
    ((0, -1), _("just below {tile}")),
    ((0, 1), _("just above {tile}")),
)
"""Where a neighbour lies from the place (``x`` to the right, ``y`` downwards, as the
pictures draw them) and how the place is told from it (``{tile}`` filled in)."""

_CORNERS: tuple[tuple[tuple[int, int], Message], ...] = (
    ((0, 0), _("over {tile} and the three tiles to its right and below it")),
    ((1, 0), _("over {tile} and the three tiles to its left and below it")),
    ((0, 1), _("over {tile} and the three tiles to its right and above it")),
    ((1, 1), _("over {tile} and the three tiles to its left and above it")),
)
"""The corner of the four supporting tiles a higher place is told from."""


def tile_named(tile: Tile) -> Message:
    """``the jackal (green family)``, as the place phrases name a tile."""
    return _("{kind} ({family})", kind=_NAMED[tile.kind], family=tile.colour.family)


def _unique(layout: Sequence[Placed]) -> dict[Position, Tile]:
    """The tiles of ``layout`` that no other tile of it matches in kind and family."""
    seen: dict[tuple[Kind, object], int] = {}
    for placed in layout:
        key = (placed.tile.kind, placed.tile.colour)
        seen[key] = seen.get(key, 0) + 1
    return {
        placed.position: placed.tile
        for placed in layout
        if seen[(placed.tile.kind, placed.tile.colour)] == 1
    }


def beside(layout: Layout, position: Position) -> Message | None:
    """Where ``position`` lies in ``layout`` (the tiles already there, without the one
    that goes there), told from a tile named by its kind and family (one a higher tile does
    not cover, if it can), or over the four tiles of a higher place; ``None`` when no
    neighbour can be named alone."""
    level, x, y = position
    named = _unique(layout)
    if level == 0:
        covered = {under for placed in layout for under in supporters(placed.position)}
        found = [
            (phrase, (0, x + dx, y + dy))
            for (dx, dy), phrase in _BESIDE
            if (0, x + dx, y + dy) in named
        ]
        found.sort(key=lambda each: each[1] in covered)
    else:
        found = [
            (phrase, (level - 1, x + dx, y + dy))
            for (dx, dy), phrase in _CORNERS
            if (level - 1, x + dx, y + dy) in named
        ]
    if not found:
        return None
    phrase, at = found[0]
    return evolve(phrase, params=(("tile", tile_named(named[at])),))


def place_text(layout: Layout, position: Position) -> Message:
    """Where ``position`` lies in ``layout`` (:func:`beside`), or at its coordinates when
    no neighbour can be named alone."""
    told = beside(layout, position)
    return told or _("at {position}", position=position_text(position))


def label_at(layout: Layout, position: Position) -> Message:
    """The tile at ``position`` of ``layout``, as the captions name a tile that is moved,
    with its coordinates when another tile of the layout has the same kind and family."""
    placed = next(p for p in layout if p.position == position)
    tile = placed.tile
    moved = _("{kind} ({family})", kind=_MOVED[tile.kind], family=tile.colour.family)
    if position in _unique(layout):
        return moved
    return _("{tile} at {position}", tile=moved, position=position_text(position))
