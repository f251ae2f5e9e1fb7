"""``statue``: the Statue of one or more named gods, counted at final scoring (R-5.3)."""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from fertility_rules.arguments import typed_fields
from fertility_rules.fertility.effects.base import (
    EffectKind,
    Param,
    ParamType,
    ShopContext,
    Stage,
    StatueAward,
    Timing,
)
from fertility_rules.fertility.model.shop import Benefit
from fertility_rules.i18n.contexts import GOD_AFTER_STATUE
from fertility_rules.i18n.lists import all_of
from fertility_rules.i18n.message import Message, _, ngettext, pgettext

__all__ = ["STATUE", "StatueBenefit", "god_of"]


@frozen(field_transformer=typed_fields)
class StatueBenefit(Benefit):
    """A Statue Shop: the Statues of the named ``gods``."""

    kind: ClassVar[str] = "statue"
    gods: tuple[str, ...]


def god_of(name: str) -> Message:
    """``Isis`` as it follows "Statue of" (French ``d'Isis``, Polish ``Izydy``)."""
    return pgettext(GOD_AFTER_STATUE, name)


def _describe(benefit: StatueBenefit) -> Message:
    return ngettext(
        "Statue of {gods}",
        "Statues of {gods}",
        len(benefit.gods),
        gods=all_of([god_of(name) for name in benefit.gods]),
    )


def _score(benefit: StatueBenefit, context: ShopContext) -> StatueAward:
    return StatueAward(gods=frozenset(benefit.gods))


STATUE = EffectKind(
    id="statue",
    label=_("Statue of a named God"),
    benefit_type=StatueBenefit,
    timing=Timing.FINAL,
    stage=Stage.STATUES,
    params=(Param("gods", ParamType.GODS),),
    describe=_describe,
    score=_score,
    rule="R-5.3",
)
