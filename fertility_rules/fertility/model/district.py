"""District tiles (R-1.5)."""

from __future__ import annotations

from attrs import field, frozen

from fertility_rules.arguments import typed_fields
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.model.shop import Shop
from fertility_rules.i18n.message import _
from fertility_rules.shared.provenance import Provenance

__all__ = ["MAX_COST", "District"]


def _check_shops(_instance: object, _attribute: object, value: tuple[Shop, ...]) -> None:
    if not 1 <= len(value) <= 3:
        raise MalformedInputError.single(
            "shops", _("A District has 1 to 3 Shops, not {n}.", n=len(value)), "R-1.5"
        )


MAX_COST = 2
"""A District costs 0, 1 or 2 resources (R-1.5)."""


def _check_cost(_instance: object, _attribute: object, value: int) -> None:
    if value < 0:
        raise MalformedInputError.single(
            "cost", _("A building cost cannot be negative ({n}).", n=value), "R-1.5"
        )
    if value > MAX_COST:
        raise MalformedInputError.single(
            "cost", _("{n} is above the maximum {max}", n=value, max=MAX_COST), "R-1.5"
        )


@frozen(cache_hash=True, field_transformer=typed_fields)
class District:
    """A District tile: its building cost in resources and its Shops."""

    id: str
    cost: int = field(validator=_check_cost)
    shops: tuple[Shop, ...] = field(validator=_check_shops)
    provenance: Provenance | None = None
    note: str = field(default="", eq=False)
