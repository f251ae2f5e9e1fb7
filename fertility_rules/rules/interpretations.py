"""Rule interpretations (I-1 to I-14): the switches as one immutable options value.

The specification ("Interpretations") sorts its ids into switches (readings a user may
choose), settled readings (the engine plays them as fixed behaviour) and one retired
id (a question that cannot arise). :data:`INTERPRETATION_INFO` says, in one place, the
kind, rules and sources of every id; the engine, the records and the documents read it.
"""

from __future__ import annotations

import enum
import functools

from attrs import field, frozen

from fertility_rules.arguments import typed_fields
from fertility_rules.i18n.message import Message, _
from fertility_rules.shared.interpretations import (
    KIND_LABELS,
    InterpretationInfo,
    InterpretationKind,
    find_interpretation,
)
from fertility_rules.texts.rule_texts import rule_text

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


_SWITCH = InterpretationKind.SWITCH
_SETTLED = InterpretationKind.SETTLED
_info = functools.partial(InterpretationInfo, texts=rule_text)

INTERPRETATION_INFO: tuple[InterpretationInfo, ...] = (
    _info(
        "I-1",
        _SWITCH,
        ("R-3.3.D",),
        (
            _("PL rulebook: a closed space is surrounded on every side, diagonals included"),
            _("FR, EN and NL rulebooks: an entirely closed space of one empty square"),
        ),
        field="quarry_enclosure",
    ),
    _info(
        "I-2",
        _SWITCH,
        ("R-3.3.D",),
        (_("all rulebooks speak of one Quarry; none says what happens when two close at once"),),
        field="quarries_per_placement",
    ),
    _info(
        "I-3",
        _SETTLED,
        ("R-1.1",),
        (
            _(
                "Polish and Dutch rulebooks and the French text of the Dutch edition: 20 "
                "tokens of each resource, nothing when none is left"
            ),
            _("first French printing and English rulebook: silent"),
        ),
        former=("empty_stock", "nothing"),
        reading=_("a player takes nothing of a resource the Stock has run out of"),
    ),
    _info(
        "I-4",
        InterpretationKind.RETIRED,
        ("R-3.3.B",),
        (_("all rulebooks: one Wheat for each wheat square the tile touches"),),
        former=("wheat_adjacency", "once"),
        reason=_(
            "cannot occur: on a square grid no square is orthogonally next to both halves "
            "of a tile, so each wheat square next to the tile counts once"
        ),
    ),
    _info(
        "I-5",
        _SETTLED,
        ("R-1.6",),
        (
            _("a later French printing: the token comes from the Stock"),
            _("first French printing and English rulebook: any resource"),
        ),
        former=("any_shop_source", "supply"),
        reading=_("an any-resource icon takes any one token of the player's supply"),
    ),
    _info(
        "I-6",
        _SWITCH,
        ("R-6",),
        (_("all rulebooks: the resource is placed at once on another Shop; silent otherwise"),),
        field="lost_resource",
    ),
    _info(
        "I-7",
        _SETTLED,
        ("R-1.7", "R-7"),
        (_("all rulebooks: silent; the track has a last square"),),
        former=("wheat_overflow", "stop"),
        reading=_("the Wheat marker stops on the top square; further Wheat is lost"),
    ),
    _info(
        "I-8",
        _SETTLED,
        ("R-5.3",),
        (_("all rulebooks: the largest collection of different Statues scores"),),
        former=("statue_duplicates", "largest_set"),
        reading=_("only the largest collection of different Statues scores"),
    ),
    _info(
        "I-9",
        _SETTLED,
        ("R-5.2",),
        (_("EN rulebook: 1 or 3 Debens per token"), _("PL and NL rulebooks: 1 to 3 Debens")),
        reading=_("the component data gives the multiplier: any whole number from 1"),
    ),
    _info(
        "I-10",
        _SWITCH,
        ("R-3.6",),
        (_("FR, EN and PL rulebooks: the offer is refilled to 4"), _("NL rulebook: to 3")),
        field="district_offer",
    ),
    _info(
        "I-11",
        _SETTLED,
        ("R-4.2",),
        (_("all rulebooks: each player plays a last turn; every player has played 9 turns"),),
        former=("last_round", "one_more_turn"),
        reading=_("every player, the one who triggered the end included, plays one more turn"),
    ),
    _info(
        "I-12",
        _SWITCH,
        ("R-3.3.A",),
        (_("all rulebooks: a scene earns for each identical scene it connects to in play"),),
        field="own_halves",
    ),
    _info(
        "I-13",
        _SETTLED,
        ("R-6", "R-3.3.D"),
        (_("follows I-3: a resource the Stock lacks cannot be taken"),),
        reading=_(
            "a resource the Stock lacks gives nothing; the player may choose another "
            "offered resource the Stock still has"
        ),
    ),
    _info(
        "I-14",
        _SWITCH,
        ("R-1.3", "R-2.1"),
        (_("all rulebooks: the starting tile shows the four scene types"),),
        field="start_tile",
    ),
)
"""Every interpretation of the specification, in order."""


def interpretation_info(interpretation_id: str) -> InterpretationInfo:
    """The entry of ``interpretation_id`` (``I-1``...)."""
    return find_interpretation(INTERPRETATION_INFO, interpretation_id)


OPTION_LABELS: dict[enum.Enum, Message] = {
    Enclosure.EIGHT: _("all 8 neighbours"),
    Enclosure.ORTHOGONAL: _("the 4 orthogonal neighbours"),
    QuarryCount.EACH: _("one Quarry per closed square"),
    QuarryCount.ONE: _("at most one Quarry"),
    LostResource.LOST: _("lost"),
    LostResource.TO_SUPPLY: _("to the supply"),
    OfferSize.FOUR: _("refilled to 4"),
    OfferSize.THREE: _("refilled to 3"),
    OwnHalves.NOT_COUNTED: _("not counted"),
    OwnHalves.COUNTED: _("counted"),
    StartTileShape.FROM_CATALOGUE: _("from the catalogue"),
}
"""The name of every option value in the documents (the value itself is the file format)."""
