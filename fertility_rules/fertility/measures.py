"""What the lab counts in a game of Fertility, each count with the switches that govern the
events it counts (I-1, I-2, I-6, I-10, I-12): a comparison of their readings shows how
often the disputed event happened under each.

Each count is made move by move, from the states before and after the move
(:class:`~fertility_rules.games.Measure`). I-14, the starting tile's shape, has one value
in the library (it comes with the catalogue): no comparison varies it.
"""

from __future__ import annotations

from fertility_rules.fertility.effects.base import PlaceResource
from fertility_rules.fertility.moves import (
    BuildDistrict,
    ClaimQuarry,
    DiscardTile,
    PlaceBonusResource,
    PlaceTile,
    SupplyShop,
)
from fertility_rules.fertility.rules.harvest import closed_quarries
from fertility_rules.fertility.state import GameState
from fertility_rules.games import Measure, counting_moves
from fertility_rules.i18n.message import _

__all__ = ["MEASURES"]


def _monument(before: GameState, move: object, after: GameState) -> int:
    """A Monument built on a Quarry (R-3.3.D)."""
    return 1 if isinstance(move, ClaimQuarry) and move.resource is None else 0


def _several_quarries(before: GameState, move: object, after: GameState) -> int:
    """A placement closing more than one Quarry at once (I-2), whether or not a choice can
    be made for them."""
    if not isinstance(move, PlaceTile):
        return 0
    placed = (1 << move.first) | (1 << move.second)
    enclosure = before.config.interpretations.quarry_enclosure
    closed = closed_quarries(before.config.layout, after.valley.empty, placed, enclosure)
    return 1 if len(closed) > 1 else 0


def _one_scene_tile(before: GameState, move: object, after: GameState) -> int:
    """A tile whose two halves show the same scene laid (I-12: do they count each other?)."""
    if not isinstance(move, PlaceTile):
        return 0
    first, second = before.config.tiles[move.tile].scenes
    return 1 if first is second else 0


def _benefits_triggered(before: GameState, after: GameState) -> int:
    """The ``resource_to_shop`` benefits (R-6) of the Shops the move completed."""
    registry = before.config.registry
    was = before.player.metropolis.shops
    now = after.players[before.current].metropolis.shops
    found = 0
    for old, new in zip(was, now, strict=True):
        if new.is_full and not old.is_full:
            kind = registry.of(new.shop.benefit)
            if kind.trigger is not None and isinstance(
                kind.trigger(new.shop.benefit), PlaceResource
            ):
                found += 1
    return found


def _unplaced_benefit(before: GameState, move: object, after: GameState) -> int:
    """A benefit's resource that no Shop could take (I-6): lost, or to the supply."""
    if isinstance(move, PlaceBonusResource):
        resolved, to_supply = 1, move.shop is None
    elif isinstance(move, SupplyShop):
        resolved, to_supply = 0, False
    else:
        return 0
    pending = len(before.bonuses) - resolved + _benefits_triggered(before, after)
    return pending - len(after.bonuses) + to_supply


MEASURES = (
    counting_moves("quarries", _("Quarries per game"), (ClaimQuarry,), ("I-1",)),
    Measure(
        "several_quarries",
        _("Placements closing several Quarries per game"),
        _several_quarries,
        ("I-2",),
        (PlaceTile,),
    ),
    Measure("monuments", _("Monuments per game"), _monument, moves=(ClaimQuarry,)),
    counting_moves("discards", _("Discards per game"), (DiscardTile,)),
    Measure(
        "unplaced_benefits",
        _("Benefits' resources no Shop could take, per game"),
        _unplaced_benefit,
        ("I-6",),
        (SupplyShop, PlaceBonusResource),
    ),
    counting_moves("districts", _("Districts built per game"), (BuildDistrict,), ("I-10",)),
    Measure(
        "one_scene_tiles",
        _("Tiles of one scene laid per game"),
        _one_scene_tile,
        ("I-12",),
        (PlaceTile,),
    ),
)
"""What the lab counts in every game of Fertility."""
