"""``specialized``: a multiplier times the tokens of one resource in the Metropolis (R-5.2)."""

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
from fertility_rules.fertility.model.resources import Resource
from fertility_rules.fertility.model.shop import Benefit
from fertility_rules.i18n.amounts import debens
from fertility_rules.i18n.message import Message, _, ngettext

__all__ = ["SPECIALIZED", "SpecializedBenefit"]


@frozen(field_transformer=typed_fields)
class SpecializedBenefit(Benefit):
    """A specialized Shop: ``per_token`` Debens per ``resource`` token on any Shop (I-9)."""

    kind: ClassVar[str] = "specialized"
    resource: Resource
    per_token: int


def _describe(benefit: SpecializedBenefit) -> Message:
    return ngettext(
        "{n} Deben per {resource} in your Metropolis",
        "{n} Debens per {resource} in your Metropolis",
        benefit.per_token,
        resource=benefit.resource.each,
    )


def _points(benefit: SpecializedBenefit, context: ShopContext) -> int:
    return benefit.per_token * context.metropolis_tokens[benefit.resource]


def _score(benefit: SpecializedBenefit, context: ShopContext) -> DebenAward:
    return _award(benefit, context.metropolis_tokens[benefit.resource])


@functools.lru_cache(maxsize=4096)
def _award(benefit: SpecializedBenefit, count: int) -> DebenAward:
    """Cached: a specialized Shop's award depends on its benefit and the count of its
    resource alone (a score sheet then keeps its line, as for a generic Shop)."""
    points = benefit.per_token * count
    return DebenAward(
        points,
        _(
            "specialized Shop: {per} × {tokens} in the Metropolis = {amount}",
            per=benefit.per_token,
            tokens=benefit.resource.tokens(count),
            amount=debens(points),
        ),
    )


SPECIALIZED = EffectKind(
    id="specialized",
    label=_("Specialized Shop"),
    benefit_type=SpecializedBenefit,
    timing=Timing.FINAL,
    stage=Stage.SPECIALIZED,
    params=(Param("resource", ParamType.RESOURCE), Param("per_token", ParamType.POSITIVE_INT)),
    describe=_describe,
    score=_score,
    points=_points,
    rule="R-5.2",
)
