"""Moves: one frozen value per kind of decision of a turn (R-3).

Squares are indices of the central board (``row * width + column``); the game
record format writes them as ``[row, column]``.
"""

from __future__ import annotations

from typing import TypeAlias

from attrs import frozen

from fertility_rules.model.resources import Counts, Resource

__all__ = [
    "BuildDistrict",
    "ClaimQuarry",
    "DiscardTile",
    "EndSupplying",
    "Move",
    "PlaceBonusResource",
    "PlaceTile",
    "RemoveTile",
    "SkipBuilding",
    "SupplyShop",
    "TakeTile",
]


@frozen
class PlaceTile:
    """Step 1: lay ``tile``, first scene on ``first``, second on ``second`` (R-3.1)."""

    tile: str
    first: int
    second: int


@frozen
class DiscardTile:
    """Step 1 when no tile of the Personal Pool can be laid: discard one (R-3.2)."""

    tile: str


@frozen
class ClaimQuarry:
    """A Quarry's choice: a token of ``resource``, or a Monument when ``None`` (R-3.3.D)."""

    square: int
    resource: Resource | None


@frozen
class BuildDistrict:
    """Step 2: build ``district`` on ``spot``, paying tokens and Wheat (R-3.4)."""

    district: str
    spot: int
    tokens: Counts
    wheat: int = 0


@frozen
class SkipBuilding:
    """Step 2: build nothing this turn (R-3.4)."""


@frozen
class SupplyShop:
    """Step 3: put one ``resource`` of the supply on Shop ``shop`` (R-3.5)."""

    resource: Resource
    shop: int


@frozen
class PlaceBonusResource:
    """A ``resource_to_shop`` benefit: take ``resource`` and put it on Shop ``shop`` (R-6, I-6).

    ``shop`` is ``None`` only under I-6's alternative, when the token goes to the supply.
    """

    resource: Resource
    shop: int | None


@frozen
class EndSupplying:
    """Step 3 is over: the turn ends (R-3.6)."""


@frozen
class TakeTile:
    """End of turn: take ``tile`` from the Common Pool into the Personal Pool (R-3.6)."""

    tile: str


@frozen
class RemoveTile:
    """2-player variant: remove ``tile`` of the Common Pool from the game (R-8)."""

    tile: str


Move: TypeAlias = (
    PlaceTile
    | DiscardTile
    | ClaimQuarry
    | BuildDistrict
    | SkipBuilding
    | SupplyShop
    | PlaceBonusResource
    | EndSupplying
    | TakeTile
    | RemoveTile
)
"""Any move."""
