"""``resource_to_shop``: one of the shown resources, put at once on another Shop (R-6, I-6)."""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from fertility_rules.arguments import typed_fields
from fertility_rules.fertility.effects.base import (
    EffectKind,
    Param,
    ParamType,
    PlaceResource,
    Timing,
)
from fertility_rules.fertility.model.resources import Resource
from fertility_rules.fertility.model.shop import Benefit
from fertility_rules.i18n.lists import any_of
from fertility_rules.i18n.message import Message, _

__all__ = ["RESOURCE_TO_SHOP", "ResourceToShopBenefit"]


@frozen(field_transformer=typed_fields)
class ResourceToShopBenefit(Benefit):
    """Take one of ``choices`` from the Stock and place it on another Shop at once."""

    kind: ClassVar[str] = "resource_to_shop"
    choices: tuple[Resource, ...]


def _describe(benefit: ResourceToShopBenefit) -> Message:
    names = any_of([resource.label for resource in benefit.choices])
    return _("1 {choices}, placed at once on another Shop", choices=names)


def _trigger(benefit: ResourceToShopBenefit) -> PlaceResource:
    return PlaceResource(benefit.choices)


RESOURCE_TO_SHOP = EffectKind(
    id="resource_to_shop",
    label=_("Resource placed on another Shop"),
    benefit_type=ResourceToShopBenefit,
    timing=Timing.IMMEDIATE,
    params=(Param("choices", ParamType.RESOURCES),),
    describe=_describe,
    trigger=_trigger,
)
