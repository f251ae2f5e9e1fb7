"""The geometry of a player's layout: spaces, supports, adjacency and groups (A-3.4 to A-3.8).

A layout is a tuple of :class:`~fertility_rules.ankhor.model.Placed` tiles sorted by
position. Everything here is a pure function of a layout (and of the readings of Q-3 and
Q-4); what is asked at every decision is kept per layout, by identity, since a layout is
shared by every state until its owner places or moves a tile.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from itertools import filterfalse
from typing import TypeAlias

from fertility_rules.ankhor.model import ANIMALS, COLOURS, Colour, Kind, Placed, Position
from fertility_rules.shared.values import ByIdentity

__all__ = [
    "Attribute",
    "Layout",
    "attributes",
    "base_spaces",
    "big_groups",
    "count_groups",
    "group_sizes",
    "groups",
    "higher_spaces",
    "index",
    "is_connected",
    "neighbours",
    "place",
    "remove",
    "supporters",
    "supporting",
    "supports_nothing",
]

Layout: TypeAlias = tuple[Placed, ...]
"""A player's tiles, sorted by position."""

Attribute: TypeAlias = Colour | Kind
"""What a group shares: a colour (A-7.3) or an animal (A-7.2)."""

_ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
_SQUARE = ((0, 0), (1, 0), (0, 1), (1, 1))

_KEPT = 4096
"""Layouts remembered per cache (by identity); a cache is emptied when full."""


_INDEXES: ByIdentity[Layout, Mapping[Position, Placed]] = ByIdentity(_KEPT)


def index(layout: Layout) -> Mapping[Position, Placed]:
    """The tiles of ``layout`` by position (kept: do not change it)."""
    found = _INDEXES.get(layout)
    if found is None:
        found = {placed.position: placed for placed in layout}
        _INDEXES.keep(layout, found)
    return found


def place(layout: Layout, placed: Placed) -> Layout:
    """``layout`` with ``placed`` added, still sorted."""
    return tuple(sorted((*layout, placed), key=_order))


def remove(layout: Layout, position: Position) -> Layout:
    """``layout`` without the tile at ``position``."""
    return tuple(p for p in layout if p.position != position)


def _order(placed: Placed) -> Position:
    return placed.position


def supporters(position: Position) -> tuple[Position, ...]:
    """The four positions under a higher tile (A-3.5); none for a base tile."""
    level, x, y = position
    if level == 0:
        return ()
    return tuple((level - 1, x + dx, y + dy) for dx, dy in _SQUARE)


def resting_on(position: Position) -> tuple[Position, ...]:
    """The four positions of the level above that would rest on ``position``."""
    level, x, y = position
    return tuple((level + 1, x - dx, y - dy) for dx, dy in _SQUARE)


def supporting(layout: Layout) -> frozenset[Position]:
    """The positions of the tiles that another tile rests on (A-3.5)."""
    if not layout or layout[-1].level == 0:  # sorted by position: the highest level last
        return frozenset()
    return frozenset(
        below for placed in layout if placed.level for below in supporters(placed.position)
    )


def supports_nothing(tiles: Mapping[Position, Placed], position: Position) -> bool:
    """Whether no tile rests on the tile at ``position`` (A-4.3, A-3.6)."""
    return not any(above in tiles for above in resting_on(position))


@functools.lru_cache(maxsize=8192)
def neighbours(position: Position, same_level: bool) -> tuple[Position, ...]:
    """Positions adjacent to ``position`` (A-3.8): orthogonal on the base, and on higher
    levels too when ``same_level`` (Q-3); the four supporters; the tiles resting on it."""
    level, x, y = position
    found: list[Position] = []
    if level == 0 or same_level:
        found += [(level, x + dx, y + dy) for dx, dy in _ORTHOGONAL]
    found += supporters(position)
    found += resting_on(position)
    return tuple(found)


_BASE_SPACES: ByIdentity[Layout, tuple[Position, ...]] = ByIdentity(_KEPT)


def base_spaces(layout: Layout) -> tuple[Position, ...]:
    """The empty base positions orthogonally next to a base tile (A-3.4), sorted; the
    origin for a player with no tile yet (their first tile goes anywhere)."""
    found = _BASE_SPACES.get(layout)
    if found is None:
        found = _base_spaces(index(layout)) if layout else ((0, 0, 0),)
        _BASE_SPACES.keep(layout, found)
    return found


def _base_spaces(tiles: Mapping[Position, Placed]) -> tuple[Position, ...]:
    spaces: set[Position] = set()
    for level, x, y in tiles:
        if level != 0:
            continue
        for dx, dy in _ORTHOGONAL:
            space = (0, x + dx, y + dy)
            if space not in tiles:
                spaces.add(space)
    return tuple(sorted(spaces))


def base_moves(tiles: Mapping[Position, Placed]) -> dict[Position, tuple[Position, ...]]:
    """Where each base tile may go (A-4.3): an empty base space next to one of the
    player's other base tiles, by the tile's position."""
    touching: dict[Position, list[Position]] = {}
    base = [position for position in tiles if position[0] == 0]
    for _level, x, y in base:
        for dx, dy in _ORTHOGONAL:
            space = (0, x + dx, y + dy)
            if space not in tiles:
                touching.setdefault(space, []).append((0, x, y))
    every = tuple(sorted(touching))
    alone: dict[Position, set[Position]] = {}  # the spaces only this tile touches
    for space, by in touching.items():
        if len(by) == 1:
            alone.setdefault(by[0], set()).add(space)
    return {
        origin: every
        if origin not in alone
        else tuple(filterfalse(alone[origin].__contains__, every))
        for origin in base
    }


_HIGHER_SPACES: ByIdentity[Layout, tuple[tuple[Position, frozenset[Colour]], ...]] = ByIdentity(
    _KEPT
)


def higher_spaces(
    layout: Layout, top: int | None
) -> tuple[tuple[Position, frozenset[Colour]], ...]:
    """Empty positions above the base resting on four tiles (A-3.5), with the colours of
    those four; only on level 1 when ``top`` is 1 (Q-4), on any level when ``None``."""
    found = _HIGHER_SPACES.get(layout, top)
    if found is None:
        found = _higher_spaces(index(layout), top, None)
        _HIGHER_SPACES.keep(layout, found, top)
    return found


def _higher_spaces(
    tiles: Mapping[Position, Placed], top: int | None, without: Position | None
) -> tuple[tuple[Position, frozenset[Colour]], ...]:
    spaces = []
    get = tiles.get
    for level, x, y in tiles:
        if top is not None and level >= top:
            continue
        # The space above rests on this tile and the three beyond it (``supporters``).
        right = get((level, x + 1, y))
        if right is None:
            continue
        below = get((level, x, y + 1))
        if below is None:
            continue
        beyond = get((level, x + 1, y + 1))
        if beyond is None or (level + 1, x, y) in tiles:
            continue
        under = (tiles[(level, x, y)], right, below, beyond)
        if without is not None and any(p.position == without for p in under):
            continue
        spaces.append(((level + 1, x, y), frozenset(p.tile.colour for p in under)))
    return tuple(sorted(spaces, key=lambda item: item[0]))


def higher_moves(
    tiles: Mapping[Position, Placed], origin: Position, top: int | None
) -> tuple[Position, ...]:
    """Where the higher tile at ``origin`` may go (A-4.3): another place resting on four
    tiles other than itself, colours aside."""
    return tuple(space for space, _colours in _higher_spaces(tiles, top, origin) if space != origin)


def is_connected(positions: Iterable[Position]) -> bool:
    """Whether the base positions among ``positions`` are orthogonally connected (Q-5)."""
    base = {(x, y) for level, x, y in positions if level == 0}
    if not base:
        return True
    start = next(iter(base))
    seen = {start}
    stack = [start]
    while stack:
        x, y = stack.pop()
        for dx, dy in _ORTHOGONAL:
            cell = (x + dx, y + dy)
            if cell in base and cell not in seen:
                seen.add(cell)
                stack.append(cell)
    return len(seen) == len(base)


def attributes(placed: Placed) -> tuple[Attribute, ...]:
    """What groups the tile can belong to: its colour, and its animal if it shows one."""
    tile = placed.tile
    animal = tile.animal
    return (tile.colour,) if animal is None else (tile.colour, animal)


def _shares(placed: Placed, attribute: Attribute) -> bool:
    tile = placed.tile
    return tile.colour is attribute or tile.kind is attribute


def groups(layout: Layout, attribute: Attribute, same_level: bool) -> list[tuple[Placed, ...]]:
    """The groups of tiles sharing ``attribute`` (A-3.8): maximal sets connected by
    adjacency, each in layout order."""
    members = {p.position: p for p in layout if _shares(p, attribute)}
    return [tuple(sorted(group, key=_order)) for group in _connected(members, same_level)]


_GROUP_SIZES: ByIdentity[Layout, Mapping[Attribute, tuple[int, ...]]] = ByIdentity(_KEPT)
_GROUP_SIZES_BY_VALUE: dict[tuple[Layout, bool], Mapping[Attribute, tuple[int, ...]]] = {}


def group_sizes(layout: Layout, same_level: bool) -> Mapping[Attribute, tuple[int, ...]]:
    """The size of each group of :func:`groups`, in its order, for every colour then every
    animal (an attribute no tile shows: no group), kept per layout: scoring and the
    agents' judgement read them at every position a search reaches (do not change it).
    Kept by the layout's value too: a search makes the same layout again and again (the
    same tile moved or bought along another line)."""
    found = _GROUP_SIZES.get(layout, same_level)
    if found is None:
        key = (layout, same_level)
        found = _GROUP_SIZES_BY_VALUE.get(key)
        if found is None:
            every: tuple[Attribute, ...] = (*COLOURS, *ANIMALS)
            found = {
                attribute: tuple(len(group) for group in groups(layout, attribute, same_level))
                for attribute in every
            }
            if len(_GROUP_SIZES_BY_VALUE) >= _KEPT:
                _GROUP_SIZES_BY_VALUE.clear()
            _GROUP_SIZES_BY_VALUE[key] = found
        _GROUP_SIZES.keep(layout, found, same_level)
    return found


def count_groups(layout: Layout, attribute: Attribute, same_level: bool, size: int) -> int:
    """How many groups of ``size`` tiles or more share ``attribute`` (A-3.8)."""
    members = {p.position: p for p in layout if _shares(p, attribute)}
    if len(members) < size:
        return 0
    return sum(1 for group in _connected(members, same_level) if len(group) >= size)


def _connected(members: dict[Position, Placed], same_level: bool) -> list[list[Placed]]:
    """``members`` split into maximal sets connected by adjacency (emptied on the way)."""
    found = []
    while members:
        position, first = next(iter(members.items()))
        del members[position]
        group = [first]
        stack = [position]
        while stack:
            for near in neighbours(stack.pop(), same_level):
                tile = members.pop(near, None)
                if tile is not None:
                    group.append(tile)
                    stack.append(near)
        found.append(group)
    return found


def big_groups(
    layout: Layout, attribute: Attribute, same_level: bool, size: int = 5
) -> list[frozenset[str]]:
    """The groups of ``size`` tiles or more sharing ``attribute``, as sets of tile ids."""
    members = {p.position: p for p in layout if _shares(p, attribute)}
    if len(members) < size:
        return []
    return [
        frozenset(p.tile.id for p in group)
        for group in _connected(members, same_level)
        if len(group) >= size
    ]
