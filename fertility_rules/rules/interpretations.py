"""Switchable rule interpretations (I-1 to I-14): one immutable options value.

Each option names its default and the rulebook passages it comes from; the engine,
the game records and the generated documents all read this one value.
"""

from __future__ import annotations

import enum

from attrs import frozen

from fertility_rules.i18n.message import Message, _

__all__ = [
    "INTERPRETATION_INFO",
    "OPTION_LABELS",
    "AnyShopSource",
    "EmptyStock",
    "Enclosure",
    "InterpretationInfo",
    "Interpretations",
    "LastRound",
    "LostResource",
    "OfferSize",
    "OwnHalves",
    "QuarryCount",
    "StartTileShape",
    "StatueDuplicates",
    "WheatAdjacency",
    "WheatOverflow",
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


class EmptyStock(enum.Enum):
    """I-3: taking a token the Stock has run out of."""

    NOTHING = "nothing"
    """The player takes nothing (PL, NL, FR 003). Default and only reading."""


class WheatAdjacency(enum.Enum):
    """I-4: a wheat square next to both halves of the placed tile."""

    ONCE = "once"
    """Counts once. Default."""
    PER_HALF = "per_half"
    """Counts once per adjacent half."""


class AnyShopSource(enum.Enum):
    """I-5: where the token of an "any resource" Shop comes from."""

    SUPPLY = "supply"
    """Any token of the player's supply, like every other Shop. Default."""
    STOCK = "stock"
    """From the Stock (FR 001 wording): recorded for documentation, not playable."""


class LostResource(enum.Enum):
    """I-6: an immediate resource that no other Shop can take."""

    LOST = "lost"
    """The benefit is lost; the token stays in the Stock. Default."""
    TO_SUPPLY = "to_supply"
    """The token goes to the player's supply."""


class WheatOverflow(enum.Enum):
    """I-7: Wheat beyond the top of the Wheat Storehouse."""

    STOP = "stop"
    """The marker stops on the top square; extra Wheat is lost. Default and only reading."""


class StatueDuplicates(enum.Enum):
    """I-8: Statues of the same god."""

    LARGEST_SET = "largest_set"
    """Only the largest set of different Statues scores. Default and only reading."""


class OfferSize(enum.Enum):
    """I-10: how many Districts are on offer after a purchase."""

    FOUR = 4
    """Refill to 4 (FR, EN, PL). Default."""
    THREE = 3
    """Refill to 3 (the NL text, taken as a slip)."""


class LastRound(enum.Enum):
    """I-11: the last round."""

    ONE_MORE_TURN = "one_more_turn"
    """Every player, the triggering one included, plays one more turn. Default."""


class OwnHalves(enum.Enum):
    """I-12: the two halves of the placed tile showing the same scene."""

    NOT_COUNTED = "not_counted"
    """They are not a connection to each other. Default."""
    COUNTED = "counted"
    """Each half counts the other (+2 tokens)."""


class StartTileShape(enum.Enum):
    """I-14: the shape of the starting tile."""

    FROM_CATALOGUE = "from_catalogue"
    """2 x 2 by default; the catalogue gives the scenes. Default and only reading."""


@frozen
class Interpretations:
    """The reading of every point where the rulebooks are silent or disagree."""

    quarry_enclosure: Enclosure = Enclosure.EIGHT
    quarries_per_placement: QuarryCount = QuarryCount.EACH
    empty_stock: EmptyStock = EmptyStock.NOTHING
    wheat_adjacency: WheatAdjacency = WheatAdjacency.ONCE
    any_shop_source: AnyShopSource = AnyShopSource.SUPPLY
    lost_resource: LostResource = LostResource.LOST
    wheat_overflow: WheatOverflow = WheatOverflow.STOP
    statue_duplicates: StatueDuplicates = StatueDuplicates.LARGEST_SET
    district_offer: OfferSize = OfferSize.FOUR
    last_round: LastRound = LastRound.ONE_MORE_TURN
    own_halves: OwnHalves = OwnHalves.NOT_COUNTED
    start_tile: StartTileShape = StartTileShape.FROM_CATALOGUE

    def playable_problems(self) -> list[Message]:
        """Options recorded for documentation that the engine cannot play."""
        if self.any_shop_source is AnyShopSource.STOCK:
            return [
                _(
                    "the I-5 reading 'any resource from the Stock' is recorded for "
                    "documentation only and cannot be played"
                )
            ]
        return []


@frozen
class InterpretationInfo:
    """What an option is about, where it comes from, and which field holds it."""

    id: str
    field: str | None
    title: Message
    sources: tuple[Message, ...]


INTERPRETATION_INFO: tuple[InterpretationInfo, ...] = (
    InterpretationInfo(
        "I-1",
        "quarry_enclosure",
        _("Quarry enclosure"),
        (
            _("PL rulebook: a closed space is surrounded on every side, diagonals included"),
            _("FR, EN and NL rulebooks: an entirely closed space of one empty square"),
        ),
    ),
    InterpretationInfo(
        "I-2",
        "quarries_per_placement",
        _("Several Quarries at once"),
        (_("all rulebooks speak of one Quarry; none says what happens when two close at once"),),
    ),
    InterpretationInfo(
        "I-3",
        "empty_stock",
        _("Empty Stock"),
        (
            _("PL, NL and FR 003 rulebooks: 20 tokens of each resource, nothing when none is left"),
            _("FR 000 and EN rulebooks: silent"),
        ),
    ),
    InterpretationInfo(
        "I-4",
        "wheat_adjacency",
        _("Wheat square next to both halves"),
        (_("all rulebooks: one Wheat for each wheat square the tile touches"),),
    ),
    InterpretationInfo(
        "I-5",
        "any_shop_source",
        _("The 'any resource' Shop"),
        (
            _("FR 001 rulebook: the token comes from the Stock"),
            _("FR 000 and EN rulebooks: any resource"),
        ),
    ),
    InterpretationInfo(
        "I-6",
        "lost_resource",
        _("Immediate resource with no Shop to take it"),
        (_("all rulebooks: the resource is placed at once on another Shop; silent otherwise"),),
    ),
    InterpretationInfo(
        "I-7",
        "wheat_overflow",
        _("Wheat beyond the top of the track"),
        (_("all rulebooks: silent; the track has a last square"),),
    ),
    InterpretationInfo(
        "I-8",
        "statue_duplicates",
        _("Duplicate Statues"),
        (_("all rulebooks: the largest collection of different Statues scores"),),
    ),
    InterpretationInfo(
        "I-9",
        None,
        _("Specialized multiplier"),
        (_("EN rulebook: 1 or 3 Debens per token"), _("PL and NL rulebooks: 1 to 3 Debens")),
    ),
    InterpretationInfo(
        "I-10",
        "district_offer",
        _("Refilling the District offer"),
        (_("FR, EN and PL rulebooks: the offer is refilled to 4"), _("NL rulebook: to 3")),
    ),
    InterpretationInfo(
        "I-11",
        "last_round",
        _("Last round"),
        (_("all rulebooks: each player plays a last turn; every player has played 9 turns"),),
    ),
    InterpretationInfo(
        "I-12",
        "own_halves",
        _("The placed tile's own halves"),
        (_("all rulebooks: a scene earns for each identical scene it connects to in play"),),
    ),
    InterpretationInfo(
        "I-13",
        "empty_stock",
        _("Empty Stock for immediate benefits and Quarries"),
        (_("follows I-3: a resource the Stock lacks cannot be taken"),),
    ),
    InterpretationInfo(
        "I-14",
        "start_tile",
        _("Shape of the starting tile"),
        (_("all rulebooks: the starting tile shows the four scene types"),),
    ),
)
"""Every interpretation of the specification, in order."""


OPTION_LABELS: dict[enum.Enum, Message] = {
    Enclosure.EIGHT: _("all 8 neighbours"),
    Enclosure.ORTHOGONAL: _("the 4 orthogonal neighbours"),
    QuarryCount.EACH: _("one Quarry per closed square"),
    QuarryCount.ONE: _("at most one Quarry"),
    EmptyStock.NOTHING: _("nothing is taken"),
    WheatAdjacency.ONCE: _("counted once"),
    WheatAdjacency.PER_HALF: _("counted once per half"),
    AnyShopSource.SUPPLY: _("from the supply"),
    AnyShopSource.STOCK: _("from the Stock"),
    LostResource.LOST: _("lost"),
    LostResource.TO_SUPPLY: _("to the supply"),
    WheatOverflow.STOP: _("the marker stops at the top"),
    StatueDuplicates.LARGEST_SET: _("the largest set only"),
    OfferSize.FOUR: _("refilled to 4"),
    OfferSize.THREE: _("refilled to 3"),
    LastRound.ONE_MORE_TURN: _("one more turn each"),
    OwnHalves.NOT_COUNTED: _("not counted"),
    OwnHalves.COUNTED: _("counted"),
    StartTileShape.FROM_CATALOGUE: _("from the catalogue"),
}
"""The name of every option value in the documents (the value itself is the file format)."""
