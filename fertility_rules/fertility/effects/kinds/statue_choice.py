"""``statue_choice``: the Statue of a god chosen at scoring time (R-5.3)."""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from fertility_rules.fertility.effects.base import (
    EffectKind,
    ShopContext,
    Stage,
    StatueAward,
    Timing,
)
from fertility_rules.fertility.model.shop import Benefit
from fertility_rules.i18n.message import Message, _

__all__ = ["STATUE_CHOICE", "StatueChoiceBenefit"]


@frozen
class StatueChoiceBenefit(Benefit):
    """A Statue of a god of the player's choice."""

    kind: ClassVar[str] = "statue_choice"


def _describe(benefit: StatueChoiceBenefit) -> Message:
    return _("Statue of a God of your choice")


def _score(benefit: StatueChoiceBenefit, context: ShopContext) -> StatueAward:
    return StatueAward(choices=1)


STATUE_CHOICE = EffectKind(
    id="statue_choice",
    label=_("Statue of a God of the player's choice"),
    benefit_type=StatueChoiceBenefit,
    timing=Timing.FINAL,
    stage=Stage.STATUES,
    params=(),
    describe=_describe,
    score=_score,
    rule="R-5.3",
)
