"""What a shop-effect kind is: data (id, timing, stage, parameters) and pure functions."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, TypeAlias

from attrs import frozen

from fertility_rules.arguments import typed_fields
from fertility_rules.fertility.model.metropolis import Metropolis
from fertility_rules.fertility.model.resources import Counts, Resource
from fertility_rules.fertility.model.shop import Benefit
from fertility_rules.i18n.message import Message, _
from fertility_rules.shared.members import LabelledIntEnum, label_members

__all__ = [
    "Award",
    "DebenAward",
    "EffectKind",
    "GainWheat",
    "Outcome",
    "Param",
    "ParamType",
    "PlaceResource",
    "ShopContext",
    "Stage",
    "StatueAward",
    "Timing",
]


class Timing(enum.Enum):
    """When a benefit applies."""

    IMMEDIATE = "immediate"
    """As soon as the Shop is fully supplied (R-3.5)."""
    FINAL = "final"
    """At final scoring, in its stage (R-5)."""


class Stage(LabelledIntEnum):
    """The five final-scoring stages, in rulebook order (R-5)."""

    GENERIC = 1
    """Generic Shops (R-5.1)."""
    SPECIALIZED = 2
    """Specialized Shops (R-5.2)."""
    STATUES = 3
    """Statues of the Gods (R-5.3)."""
    MONUMENTS = 4
    """Monuments (R-5.4)."""
    WHEAT = 5
    """Wheat Storehouse (R-5.5)."""

    @property
    def key(self) -> str:
        return _STAGE_KEYS[self]

    @property
    def rule(self) -> str:
        return f"R-5.{self.value}"


_STAGE_KEYS = {
    Stage.GENERIC: "generic",
    Stage.SPECIALIZED: "specialized",
    Stage.STATUES: "statues",
    Stage.MONUMENTS: "monuments",
    Stage.WHEAT: "wheat",
}
label_members(
    Stage,
    {
        Stage.GENERIC: _("Generic Shops"),
        Stage.SPECIALIZED: _("Specialized Shops"),
        Stage.STATUES: _("Statues of the Gods"),
        Stage.MONUMENTS: _("Monuments"),
        Stage.WHEAT: _("Wheat Storehouse"),
    },
)


class ParamType(enum.Enum):
    """The type of a benefit parameter, validated when a Shop is read."""

    POSITIVE_INT = "positive integer"
    """An integer >= 1."""
    RESOURCE = "resource"
    """One resource name."""
    RESOURCES = "resources"
    """1 to 4 different resource names."""
    GODS = "gods"
    """One or more different god names of the table."""

    def problems(self, value: Any) -> list[Message]:
        """What is wrong with a parameter value of this type (nothing when it is valid)."""
        if self is ParamType.POSITIVE_INT:
            return [] if value >= 1 else [_("{n} is below the minimum {min}", n=value, min=1)]
        if self is ParamType.RESOURCE:
            return []
        if not value:
            return [_("the list must not be empty")]
        if len(set(value)) != len(value):
            twice = _("a resource is listed twice") if self is ParamType.RESOURCES else None
            return [twice or _("a god is listed twice")]
        if self is ParamType.GODS and not all(value):
            return [_("a god needs a name")]
        return []


@frozen(field_transformer=typed_fields)
class Param:
    """A named benefit parameter (a field of the benefit class)."""

    name: str
    type: ParamType


@frozen
class ShopContext:
    """What a final effect may look at: the Shop's Metropolis and its token counts."""

    metropolis: Metropolis
    index: int
    metropolis_tokens: Counts


@frozen(field_transformer=typed_fields)
class DebenAward:
    """Debens given by one Shop, with the reason shown on the score sheet."""

    debens: int
    reason: Message


@frozen(field_transformer=typed_fields)
class StatueAward:
    """Statues given by one Shop: named gods and/or gods of the player's choice."""

    gods: frozenset[str] = frozenset()
    choices: int = 0


Award: TypeAlias = DebenAward | StatueAward


@frozen(field_transformer=typed_fields)
class GainWheat:
    """The player's Wheat marker moves up (capped at the top, I-7)."""

    amount: int


@frozen(field_transformer=typed_fields)
class PlaceResource:
    """Take one of ``choices`` from the Stock and put it at once on another Shop (I-6, I-13)."""

    choices: tuple[Resource, ...]


Outcome: TypeAlias = GainWheat | PlaceResource


@frozen(field_transformer=typed_fields)
class EffectKind:
    """One shop-effect kind of the registry (R-6).

    ``describe`` gives the benefit's text; a final kind has ``score`` (its award at
    stage ``stage``), an immediate kind has ``trigger`` (what the engine must do).
    The functions are pure and take the kind's benefit value as first argument.
    ``points`` optionally gives the Debens of ``score`` without building its reason,
    for totals-only scoring; it must always equal ``score(...).debens``.
    """

    id: str
    benefit_type: type[Benefit]
    timing: Timing
    params: tuple[Param, ...]
    describe: Callable[[Any], Message]
    stage: Stage | None = None
    score: Callable[[Any, ShopContext], Award] | None = None
    trigger: Callable[[Any], Outcome] | None = None
    rule: str = "R-6"
    points: Callable[[Any, ShopContext], int] | None = None
    label: Message | None = None
    """The kind's name in documents; the id when not given."""

    @property
    def title(self) -> Message | str:
        """The kind's display name (its ``label``, else its id)."""
        return self.id if self.label is None else self.label
