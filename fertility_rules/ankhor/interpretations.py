"""Ankh'or's interpretations (Q-1 to Q-11): the switches as one immutable options value.

As for Fertility, the specification sorts its ids into switches (fields of
:class:`Interpretations`, each with a default and at least one alternative, stored in game
states) and settled readings (fixed behaviour, documented with the reason). Each field
accepts its enumeration member or the member's JSON value (``"every_turn"``); anything
else is refused at construction with the field, its id, the value and the values allowed.
:data:`INTERPRETATION_INFO` says in one place what every id is and which rules it reads.
"""

from __future__ import annotations

import enum
import functools

from attrs import field, frozen

from fertility_rules.ankhor.rule_texts import rule_text
from fertility_rules.arguments import typed_fields
from fertility_rules.i18n.message import Message, _
from fertility_rules.shared.interpretations import (
    KIND_LABELS,
    InterpretationInfo,
    InterpretationKind,
    find_interpretation,
)

__all__ = [
    "INTERPRETATION_INFO",
    "KIND_LABELS",
    "OPTION_LABELS",
    "BonusTokens",
    "Height",
    "HigherNeighbours",
    "InterpretationInfo",
    "InterpretationKind",
    "Interpretations",
    "Moving",
    "PriceLayout",
    "Removal",
    "interpretation_info",
]


class Removal(enum.Enum):
    """Q-1: whether a 2-player turn ends by removing the leftmost tile of the offer."""

    REFRESH_ONLY = "refresh_only"
    """The removal is step 1 of the ankh refresh only (A-4.2). Default."""
    EVERY_TURN = "every_turn"
    """With 2 players every turn removes the leftmost tile before the refill (A-5.1)."""
    NOTHING_BOUGHT = "nothing_bought"
    """With 2 players a turn in which no tile was bought removes it."""


class BonusTokens(enum.Enum):
    """Q-2: bonus tokens when groups of 5 or more merge (A-3.8)."""

    ONE_PER_GROUP = "one_per_group"
    """A player holds one bonus token per group of 5 or more: a merge returns one. Default."""
    KEPT_ON_MERGE = "kept_on_merge"
    """A token is never returned on a merge, only when its group is split below 5."""


class HigherNeighbours(enum.Enum):
    """Q-3: whether two higher tiles of one level touching along an edge are adjacent."""

    SAME_LEVEL = "same_level"
    """They are, like base tiles (A-3.8). Default."""
    SUPPORTERS_ONLY = "supporters_only"
    """A higher tile is adjacent only to the four tiles under it (and any tile on it)."""


class Height(enum.Enum):
    """Q-4: on which level the four tiles under a higher tile may be (A-3.5)."""

    ANY_LEVEL = "any_level"
    """Any level: towers may grow. Default."""
    BASE_ONLY = "base_only"
    """The base only: there is a single higher level."""


class Moving(enum.Enum):
    """Q-5: whether moving a base tile must keep the player's base tiles connected (A-4.3)."""

    FREE = "free"
    """The new space only has to touch another base tile. Default."""
    CONNECTED = "connected"
    """After the move all the player's base tiles are orthogonally connected."""


class PriceLayout(enum.Enum):
    """Q-6: how the catalogue's markers per slot are laid on the price board (A-1.3)."""

    CATALOGUE = "catalogue"
    """As the catalogue lists them, left to right (2, 2, 2, 3, 3, 3 by default). Default."""
    MIRRORED = "mirrored"
    """The mirror layout, right to left (3, 3, 3, 2, 2, 2 by default)."""


@frozen(field_transformer=typed_fields)
class Interpretations:
    """The reading of every Ankh'or switch (Q-1 to Q-6).

    A switch takes its enumeration member or the value its JSON form writes
    (``Interpretations(height="base_only")``); anything else is refused when the value
    is made, naming the switch, its id and its values.
    """

    two_player_removal: Removal = field(default=Removal.REFRESH_ONLY, metadata={"rule": "Q-1"})
    bonus_tokens: BonusTokens = field(default=BonusTokens.ONE_PER_GROUP, metadata={"rule": "Q-2"})
    higher_neighbours: HigherNeighbours = field(
        default=HigherNeighbours.SAME_LEVEL, metadata={"rule": "Q-3"}
    )
    height: Height = field(default=Height.ANY_LEVEL, metadata={"rule": "Q-4"})
    moving: Moving = field(default=Moving.FREE, metadata={"rule": "Q-5"})
    price_layout: PriceLayout = field(default=PriceLayout.CATALOGUE, metadata={"rule": "Q-6"})


_SWITCH = InterpretationKind.SWITCH
_SETTLED = InterpretationKind.SETTLED
_info = functools.partial(InterpretationInfo, texts=rule_text)
_RULEBOOK = _("EN rulebook (the only one available)")

INTERPRETATION_INFO: tuple[InterpretationInfo, ...] = (
    _info(
        "Q-1",
        _SWITCH,
        ("A-4.2", "A-5.1"),
        (
            _(
                "EN rulebook: the refresh panel marks its first step, removing the leftmost "
                "tile, as mandatory and to be ignored with 3 or 4 players"
            ),
        ),
        field="two_player_removal",
    ),
    _info(
        "Q-2",
        _SWITCH,
        ("A-3.8",),
        (_("EN rulebook: a group of 5 earns a bonus token; splitting it returns the token"),),
        field="bonus_tokens",
    ),
    _info(
        "Q-3",
        _SWITCH,
        ("A-3.5", "A-3.8"),
        (_("EN rulebook: a higher tile is adjacent to the 4 tiles that support it"),),
        field="higher_neighbours",
    ),
    _info(
        "Q-4",
        _SWITCH,
        ("A-3.5",),
        (_("EN rulebook: a tile may be placed on top of 4 other tiles"),),
        field="height",
    ),
    _info(
        "Q-5",
        _SWITCH,
        ("A-4.3",),
        (_("EN rulebook: the new space must be adjacent to one or more base tiles"),),
        field="moving",
    ),
    _info(
        "Q-6",
        _SWITCH,
        ("A-1.3", "A-2.3"),
        (
            _("EN rulebook: silent on the markers per slot"),
            _("an unofficial implementation: 2, 2, 2, 3, 3, 3 (reconstructed)"),
        ),
        field="price_layout",
    ),
    _info(
        "Q-7",
        _SETTLED,
        ("A-3.2",),
        (_RULEBOOK,),
        reading=_("Take tokens takes exactly 3 tokens when the supply has 3 or more"),
        reason=_("the rulebook says to take 3 tokens; any excess goes back at the end of the turn"),
    ),
    _info(
        "Q-8",
        _SETTLED,
        ("A-3.6", "A-3.9"),
        (_RULEBOOK,),
        reading=_("a warehouse's tokens do not count toward the limits of a hand"),
        reason=_(
            "the rulebook calls a warehouse additional storage, in addition to the normal "
            "2 ankhs and 5 resources"
        ),
    ),
    _info(
        "Q-9",
        _SETTLED,
        ("A-7.4", "A-7.5"),
        (_RULEBOOK,),
        reading=_("resource and ankh tokens count, stored ones included, bonus tokens not"),
        reason=_(
            "resource and ankh tokens count, stored ones included; the rulebook names bonus "
            "tokens apart, so they are not tokens in this sense"
        ),
    ),
    _info(
        "Q-10",
        _SETTLED,
        ("A-3.7", "A-4.1", "A-6.1"),
        (_RULEBOOK,),
        reading=_("a scribe's bonus turn is a turn of its own"),
        reason=_(
            "the rulebook treats the bonus turn exactly like a normal turn: an ankh taken "
            "before it may be spent in it, and a 13th tile placed in it ends the game at the "
            "end of the round"
        ),
    ),
    _info(
        "Q-11",
        _SETTLED,
        ("A-2.5", "A-5.1"),
        (_RULEBOOK,),
        reading=_("the active player chooses the pile of every refill"),
        reason=_(
            "the active player chooses the pile of every refill; the first six tiles come "
            "from the first pile, which changes nothing as both piles are shuffled"
        ),
    ),
)
"""Every Ankh'or interpretation of the specification, in order."""


def interpretation_info(interpretation_id: str) -> InterpretationInfo:
    """The entry of ``interpretation_id`` (``Q-1``...)."""
    return find_interpretation(INTERPRETATION_INFO, interpretation_id)


OPTION_LABELS: dict[enum.Enum, Message] = {
    Removal.REFRESH_ONLY: _("only when refreshing"),
    Removal.EVERY_TURN: _("at the end of every 2-player turn"),
    Removal.NOTHING_BOUGHT: _("at the end of a 2-player turn without a purchase"),
    BonusTokens.ONE_PER_GROUP: _("one per group: a merge returns one"),
    BonusTokens.KEPT_ON_MERGE: _("kept on a merge"),
    HigherNeighbours.SAME_LEVEL: _("adjacent along an edge"),
    HigherNeighbours.SUPPORTERS_ONLY: _("adjacent to their supporters only"),
    Height.ANY_LEVEL: _("on tiles of any level"),
    Height.BASE_ONLY: _("on base tiles only"),
    Moving.FREE: _("anywhere next to a base tile"),
    Moving.CONNECTED: _("the base tiles stay connected"),
    PriceLayout.CATALOGUE: _("as in the catalogue"),
    PriceLayout.MIRRORED: _("mirrored"),
}
"""The name of every option value in the documents (the value itself is the file format)."""
