"""What the lab counts in a game of Ankh'or, each count with the switches that govern the
events it counts (Q-1 to Q-6): a comparison of their readings shows how often the disputed
event happened under each.

Each count is made move by move, from the states before and after the move
(:class:`~fertility_rules.games.Measure`).
"""

from __future__ import annotations

from fertility_rules.ankhor.interpretations import HigherNeighbours
from fertility_rules.ankhor.layout import attributes, big_groups, index, is_connected
from fertility_rules.ankhor.model import Placed, Position
from fertility_rules.ankhor.moves import BuyTile, MoveTile, Refresh
from fertility_rules.ankhor.rules.bonus import BIG
from fertility_rules.ankhor.state import GameState
from fertility_rules.games import Measure, counting_moves
from fertility_rules.i18n.message import _

__all__ = ["MEASURES"]


def _laid(move: object) -> Position | None:
    """Where a purchase or a move of a tile puts the tile; ``None`` for another move."""
    if isinstance(move, BuyTile):
        return move.position
    if isinstance(move, MoveTile):
        return move.target
    return None


def _end_of_turn_removal(before: GameState, move: object, after: GameState) -> int:
    """A tile removed from the offer at the end of a 2-player turn (Q-1), not by a
    refresh (A-4.2)."""
    removed = len(after.removed) - len(before.removed)
    return removed - 1 if isinstance(move, Refresh) else removed


def _merge_or_split(before: GameState, move: object, after: GameState) -> int:
    """Groups of 5 or more that merged into one or split in two (Q-2, A-3.8)."""
    where = _laid(move)
    if where is None:
        return 0
    mover = before.current
    old_layout, new_layout = before.players[mover].tiles, after.players[mover].tiles
    placed: Placed = index(new_layout)[where]
    same_level = before.config.interpretations.higher_neighbours is HigherNeighbours.SAME_LEVEL
    found = 0
    for attribute in attributes(placed):
        old = big_groups(old_layout, attribute, same_level, BIG)
        new = big_groups(new_layout, attribute, same_level, BIG)
        found += sum(1 for group in new if sum(1 for was in old if was & group) > 1)
        found += sum(1 for was in old if sum(1 for group in new if was & group) > 1)
    return found


def _beside_its_level(before: GameState, move: object, after: GameState) -> int:
    """A higher tile laid beside another tile of its level (Q-3: are they adjacent?)."""
    where = _laid(move)
    if where is None or where[0] == 0:
        return 0
    level, x, y = where
    tiles = index(after.players[before.current].tiles)
    beside = ((level, x + 1, y), (level, x - 1, y), (level, x, y + 1), (level, x, y - 1))
    return 1 if any(position in tiles for position in beside) else 0


def _high_tile(before: GameState, move: object, after: GameState) -> int:
    """A tile laid on level 2 or higher, on higher tiles (Q-4)."""
    where = _laid(move)
    return 1 if where is not None and where[0] >= 2 else 0


def _base_tile_moved(before: GameState, move: object, after: GameState) -> int:
    """A base tile moved (A-4.3, Q-5)."""
    return 1 if isinstance(move, MoveTile) and move.origin[0] == 0 else 0


def _base_broken(before: GameState, move: object, after: GameState) -> int:
    """A base tile moved leaving the base tiles in pieces (Q-5)."""
    if not _base_tile_moved(before, move, after):
        return 0
    layout = after.players[before.current].tiles
    return 0 if is_connected(placed.position for placed in layout) else 1


_LAID = (BuyTile, MoveTile)
"""The moves that lay a tile somewhere."""

MEASURES = (
    counting_moves("tiles_bought", _("Tiles bought per game"), (BuyTile,), ("Q-6",)),
    counting_moves("refreshes", _("Refreshes per game"), (Refresh,)),
    Measure(
        "removals",
        _("Tiles removed at the end of a turn, per game"),
        _end_of_turn_removal,
        ("Q-1",),
    ),
    Measure(
        "group_changes",
        _("Groups of 5 or more merged or split, per game"),
        _merge_or_split,
        ("Q-2",),
        _LAID,
    ),
    Measure(
        "beside_level",
        _("Higher tiles laid beside one of their level, per game"),
        _beside_its_level,
        ("Q-3",),
        _LAID,
    ),
    Measure(
        "high_tiles",
        _("Tiles laid on level 2 or higher, per game"),
        _high_tile,
        ("Q-4",),
        _LAID,
    ),
    Measure("base_moves", _("Base tiles moved per game"), _base_tile_moved, ("Q-5",), (MoveTile,)),
    Measure(
        "base_breaks",
        _("Base tiles moved leaving the base in pieces, per game"),
        _base_broken,
        ("Q-5",),
        (MoveTile,),
    ),
)
"""What the lab counts in every game of Ankh'or."""
