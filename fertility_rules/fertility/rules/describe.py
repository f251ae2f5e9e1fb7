"""Moves in words, for turn logs and error reports."""

from __future__ import annotations

from fertility_rules.arguments import checked_arguments
from fertility_rules.fertility.model.coordinates import square_name
from fertility_rules.fertility.model.resources import RESOURCES, Icon
from fertility_rules.fertility.moves import (
    BuildDistrict,
    ClaimQuarry,
    DiscardTile,
    EndSupplying,
    Move,
    PlaceBonusResource,
    PlaceTile,
    RemoveTile,
    SkipBuilding,
    SupplyShop,
    TakeTile,
)
from fertility_rules.i18n.lists import all_of
from fertility_rules.i18n.message import Message, _

__all__ = ["describe_move"]


def _square(square: int, width: int) -> str:
    return square_name(square, width)


@checked_arguments
def describe_move(move: Move, width: int) -> Message:
    """``move`` in words, squares named like ``c4`` on a board ``width`` squares wide."""
    match move:
        case PlaceTile(tile, first, second):
            return _(
                "lays {tile} on {first} and {second}",
                tile=tile,
                first=_square(first, width),
                second=_square(second, width),
            )
        case DiscardTile(tile):
            return _("cannot lay a tile and discards {tile}", tile=tile)
        case ClaimQuarry(square, None):
            return _("builds a Monument in the Quarry {square}", square=_square(square, width))
        case ClaimQuarry(square, resource) if resource is not None:
            return _(
                "takes {resource} for the Quarry {square}",
                resource=resource.one,
                square=_square(square, width),
            )
        case BuildDistrict(district, spot, tokens, wheat):
            paid = all_of(
                [Icon.of(r).amount(n) for r, n in zip(RESOURCES, tokens, strict=True) if n]
            )
            paid = paid or _("none")
            return _(
                "builds District {district} on spot {spot} (tokens: {paid}; Wheat: {wheat})",
                district=district,
                spot=spot + 1,
                paid=paid,
                wheat=wheat,
            )
        case SkipBuilding():
            return _("builds nothing")
        case SupplyShop(resource, shop):
            return _("puts {resource} on Shop {shop}", resource=resource.one, shop=shop + 1)
        case PlaceBonusResource(resource, None):
            return _("takes {resource} into the supply", resource=resource.one)
        case PlaceBonusResource(resource, shop) if shop is not None:
            return _(
                "puts the bonus {resource} on Shop {shop}", resource=resource.one, shop=shop + 1
            )
        case EndSupplying():
            return _("ends supplying")
        case TakeTile(tile):
            return _("takes {tile} from the Common Pool", tile=tile)
        case RemoveTile(tile):
            return _("removes {tile} from the Common Pool", tile=tile)
    raise TypeError(move)  # pragma: no cover - the match is exhaustive
