"""Moves: one frozen value per kind of decision of a turn (R-3).

Squares are indices of the central board (``row * width + column``); the game
record format writes them as ``[row, column]``.

A move checks the types of its fields when it is made (ids are text, squares, indices
and token counts whole numbers, resources :class:`Resource` values) and raises
:class:`MalformedInputError` otherwise. Whether the values fit the position (a square
on the board, a Shop that exists, a payment the player can make) is for the referee,
which names the rule (:func:`~fertility_rules.fertility.rules.engine.violations`). The engine
makes its own moves through the private unchecked constructors below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

from attrs import field, frozen

from fertility_rules.fertility.model.resources import Counts, Resource
from fertility_rules.i18n.message import _
from fertility_rules.shared.fields import field_check, whole_numbers
from fertility_rules.shared.values import unchecked_constructor

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


_text = field_check(str, _("An id is text, not {kind}."))
_whole = field_check(int, _("A whole number is needed, not {kind}."))
_whole_or_none = field_check(
    int, _("A whole number or nothing is needed, not {kind}."), optional=True
)
_resource = field_check(Resource, _("A resource is needed, not {kind}."))
_resource_or_none = field_check(
    Resource,
    _("A resource or nothing (a Monument) is needed, not {kind}."),
    optional=True,
)
_counts = field_check(
    whole_numbers(4), _("Token counts are 4 whole numbers, one per resource, not {kind}.")
)


@frozen
class PlaceTile:
    """Step 1: lay ``tile``, first scene on ``first``, second on ``second`` (R-3.1)."""

    tile: str = field(validator=_text)
    first: int = field(validator=_whole)
    second: int = field(validator=_whole)


@frozen
class DiscardTile:
    """Step 1 when no tile of the Personal Pool can be laid: discard one (R-3.2)."""

    tile: str = field(validator=_text)


@frozen
class ClaimQuarry:
    """A Quarry's choice: a token of ``resource``, or a Monument when ``None`` (R-3.3.D)."""

    square: int = field(validator=_whole)
    resource: Resource | None = field(validator=_resource_or_none)


@frozen
class BuildDistrict:
    """Step 2: build ``district`` on ``spot``, paying tokens and Wheat (R-3.4)."""

    district: str = field(validator=_text)
    spot: int = field(validator=_whole)
    tokens: Counts = field(validator=_counts)
    wheat: int = field(default=0, validator=_whole)


@frozen
class SkipBuilding:
    """Step 2: build nothing this turn (R-3.4)."""


@frozen
class SupplyShop:
    """Step 3: put one ``resource`` of the supply on Shop ``shop`` (R-3.5)."""

    resource: Resource = field(validator=_resource)
    shop: int = field(validator=_whole)


@frozen
class PlaceBonusResource:
    """A ``resource_to_shop`` benefit: take ``resource`` and put it on Shop ``shop`` (R-6, I-6).

    ``shop`` is ``None`` only under I-6's alternative, when the token goes to the supply.
    """

    resource: Resource = field(validator=_resource)
    shop: int | None = field(validator=_whole_or_none)


@frozen
class EndSupplying:
    """Step 3 is over: the turn ends (R-3.6)."""


@frozen
class TakeTile:
    """End of turn: take ``tile`` from the Common Pool into the Personal Pool (R-3.6)."""

    tile: str = field(validator=_text)


@frozen
class RemoveTile:
    """2-player variant: remove ``tile`` of the Common Pool from the game (R-8)."""

    tile: str = field(validator=_text)


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


place_tile: Callable[[str, int, int], PlaceTile] = unchecked_constructor(PlaceTile)
discard_tile: Callable[[str], DiscardTile] = unchecked_constructor(DiscardTile)
claim_quarry: Callable[[int, Resource | None], ClaimQuarry] = unchecked_constructor(ClaimQuarry)
build_district: Callable[[str, int, Counts, int], BuildDistrict] = unchecked_constructor(
    BuildDistrict
)
supply_shop: Callable[[Resource, int], SupplyShop] = unchecked_constructor(SupplyShop)
place_bonus_resource: Callable[[Resource, int | None], PlaceBonusResource] = unchecked_constructor(
    PlaceBonusResource
)
take_tile: Callable[[str], TakeTile] = unchecked_constructor(TakeTile)
remove_tile: Callable[[str], RemoveTile] = unchecked_constructor(RemoveTile)
"""Unchecked constructors: only for the engine's own moves, made from checked values."""
