"""``generic``: fixed Debens at final scoring (R-5.1)."""

from __future__ import annotations

import functools
from typing import ClassVar

from attrs import frozen

from fertility_rules.arguments import typed_fields
from fertility_rules.fertility.effects.base import (
    DebenAward,
    EffectKind,
    Param,
    ParamType,
    ShopContext,
    Stage,
    Timing,
)
from fertility_rules.fertility.model.shop import Benefit
from fertility_rules.i18n.amounts import debens
from fertility_rules.i18n.message import Message, _

__all__ = ["GENERIC", "GenericBenefit"]


@frozen(field_transformer=typed_fields)
class GenericBenefit(Benefit):
    """A generic Shop: ``debens`` Debens when fully supplied."""

    kind: ClassVar[str] = "generic"
    debens: int


def _describe(benefit: GenericBenefit) -> Message:
    return debens(benefit.debens)


def _points(benefit: GenericBenefit, context: ShopContext) -> int:
    return benefit.debens


def _score(benefit: GenericBenefit, context: ShopContext) -> DebenAward:
    return _award(benefit)


@functools.lru_cache(maxsize=1024)
def _award(benefit: GenericBenefit) -> DebenAward:
    """Cached: a generic Shop's award depends on its benefit alone."""
    return DebenAward(
        benefit.debens, _("fully supplied generic Shop: {amount}", amount=debens(benefit.debens))
    )


GENERIC = EffectKind(
    id="generic",
    label=_("Generic Shop"),
    benefit_type=GenericBenefit,
    timing=Timing.FINAL,
    stage=Stage.GENERIC,
    params=(Param("debens", ParamType.POSITIVE_INT),),
    describe=_describe,
    score=_score,
    points=_points,
    rule="R-5.1",
)
