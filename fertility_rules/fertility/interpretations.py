"""Rule interpretations (I-1 to I-14): the switches as one immutable options value.

The specification ("Interpretations") sorts its ids into switches (readings a user may
choose), settled readings (the engine plays them as fixed behaviour) and one retired
id (a question that cannot arise). :data:`INTERPRETATION_INFO` says, in one place, the
kind, rules and sources of every id (the rows of the rule texts file, beside each id's
title and text); the engine, the records and the documents read it.
"""

from __future__ import annotations

import enum

from attrs import field, frozen

from fertility_rules.arguments import typed_fields
from fertility_rules.fertility.rule_texts import rule_text
from fertility_rules.i18n.message import Message
from fertility_rules.shared.interpretations import (
    KIND_LABELS,
    InterpretationInfo,
    InterpretationKind,
    interpretation_tables,
)

__all__ = [
    "INTERPRETATION_INFO",
    "KIND_LABELS",
    "OPTION_LABELS",
    "Enclosure",
    "InterpretationInfo",
    "InterpretationKind",
    "Interpretations",
    "LostResource",
    "OfferSize",
    "OwnHalves",
    "QuarryCount",
    "StartTileShape",
    "interpretation_info",
]


class Enclosure(enum.Enum):
    """I-1: which neighbours close a Quarry."""

    EIGHT = "eight"
    """All 8 neighbours, diagonals included (PL rulebook). Default."""
    ORTHOGONAL = "orthogonal"
    """Only the 4 orthogonal neighbours."""


class QuarryCount(enum.Enum):
    """I-2: Quarries closed by one placement."""

    EACH = "each"
    """Every square closed is its own Quarry, one choice each. Default."""
    ONE = "one"
    """At most one Quarry per placement."""


class LostResource(enum.Enum):
    """I-6: an immediate resource that no other Shop can take."""

    LOST = "lost"
    """The benefit is lost; the token stays in the Stock. Default."""
    TO_SUPPLY = "to_supply"
    """The token goes to the player's supply."""


class OfferSize(enum.Enum):
    """I-10: how many Districts are on offer after a purchase."""

    FOUR = 4
    """Refill to 4 (FR, EN, PL). Default."""
    THREE = 3
    """Refill to 3 (the NL text, taken as a slip)."""


class OwnHalves(enum.Enum):
    """I-12: the two halves of the placed tile showing the same scene."""

    NOT_COUNTED = "not_counted"
    """They are not a connection to each other. Default."""
    COUNTED = "counted"
    """Each half counts the other (+2 tokens)."""


class StartTileShape(enum.Enum):
    """I-14: the shape of the starting tile."""

    FROM_CATALOGUE = "from_catalogue"
    """2 x 2 by default; the catalogue gives the shape and scenes. Default."""


@frozen(field_transformer=typed_fields)
class Interpretations:
    """The reading of every switch: the points where the rulebooks allow more than one.

    A switch takes its enumeration value or the value its JSON form writes
    (``Interpretations(district_offer=3, quarry_enclosure="orthogonal")``); anything else
    is refused when the value is made, naming the switch, its id and its values.
    """

    quarry_enclosure: Enclosure = field(default=Enclosure.EIGHT, metadata={"rule": "I-1"})
    quarries_per_placement: QuarryCount = field(default=QuarryCount.EACH, metadata={"rule": "I-2"})
    lost_resource: LostResource = field(default=LostResource.LOST, metadata={"rule": "I-6"})
    district_offer: OfferSize = field(default=OfferSize.FOUR, metadata={"rule": "I-10"})
    own_halves: OwnHalves = field(default=OwnHalves.NOT_COUNTED, metadata={"rule": "I-12"})
    start_tile: StartTileShape = field(
        default=StartTileShape.FROM_CATALOGUE, metadata={"rule": "I-14"}
    )


# Every interpretation of the specification, and the name of each switch value in the
# documents: read from the rule texts file when first used (see interpretation_tables).
INTERPRETATION_INFO: tuple[InterpretationInfo, ...]
OPTION_LABELS: dict[enum.Enum, Message]
__getattr__, interpretation_info = interpretation_tables(
    __name__, "fertility_rules.fertility", "data/rule_texts.toml", Interpretations, rule_text
)
