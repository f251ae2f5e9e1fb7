"""The declarative shop-effect registry (R-6)."""

from fertility_rules.fertility.effects.base import (
    Award,
    DebenAward,
    EffectKind,
    GainWheat,
    Outcome,
    Param,
    ParamType,
    PlaceResource,
    ShopContext,
    Stage,
    StatueAward,
    Timing,
)
from fertility_rules.fertility.effects.kinds.generic import GenericBenefit
from fertility_rules.fertility.effects.kinds.resource_to_shop import ResourceToShopBenefit
from fertility_rules.fertility.effects.kinds.specialized import SpecializedBenefit
from fertility_rules.fertility.effects.kinds.statue import StatueBenefit
from fertility_rules.fertility.effects.kinds.statue_choice import StatueChoiceBenefit
from fertility_rules.fertility.effects.kinds.wheat import WheatBenefit
from fertility_rules.fertility.effects.registry import (
    DEFAULT_REGISTRY,
    EffectRegistry,
    describe_benefit,
    describe_shop,
    find_effect,
)

__all__ = [
    "DEFAULT_REGISTRY",
    "Award",
    "DebenAward",
    "EffectKind",
    "EffectRegistry",
    "GainWheat",
    "GenericBenefit",
    "Outcome",
    "Param",
    "ParamType",
    "PlaceResource",
    "ResourceToShopBenefit",
    "ShopContext",
    "SpecializedBenefit",
    "Stage",
    "StatueAward",
    "StatueBenefit",
    "StatueChoiceBenefit",
    "Timing",
    "WheatBenefit",
    "describe_benefit",
    "describe_shop",
    "find_effect",
]
