"""``wheat``: immediate Wheat when the Shop is fully supplied (R-6, I-7)."""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from fertility_rules.arguments import typed_fields
from fertility_rules.fertility.effects.base import EffectKind, GainWheat, Param, ParamType, Timing
from fertility_rules.fertility.model.shop import Benefit
from fertility_rules.i18n.message import Message, _, ngettext

__all__ = ["WHEAT", "WheatBenefit"]


@frozen(field_transformer=typed_fields)
class WheatBenefit(Benefit):
    """The Wheat marker moves up ``wheat`` squares at once."""

    kind: ClassVar[str] = "wheat"
    wheat: int


def _describe(benefit: WheatBenefit) -> Message:
    return ngettext("+{n} Wheat at once", "+{n} Wheat at once", benefit.wheat)


def _trigger(benefit: WheatBenefit) -> GainWheat:
    return GainWheat(benefit.wheat)


WHEAT = EffectKind(
    id="wheat",
    label=_("Wheat"),
    benefit_type=WheatBenefit,
    timing=Timing.IMMEDIATE,
    params=(Param("wheat", ParamType.POSITIVE_INT),),
    describe=_describe,
    trigger=_trigger,
)
