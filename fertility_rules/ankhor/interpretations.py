"""Ankh'or's interpretations (Q-1 to Q-19): the switches as one immutable options value.

As for Fertility, the specification sorts its ids into switches (fields of
:class:`Interpretations`, each with a default and at least one alternative, stored in game
states) and settled readings (fixed behaviour, documented with the reason). Each field
accepts its enumeration member or the member's JSON value (``"every_turn"``); anything
else is refused at construction with the field, its id, the value and the values allowed.
:data:`INTERPRETATION_INFO` says in one place what every id is and which rules it reads;
its entries are the rows of ``data/rule_texts.toml``, beside each id's title and text.
"""

from __future__ import annotations

import enum

from attrs import field, frozen

from fertility_rules.ankhor.rule_texts import rule_text
from fertility_rules.arguments import typed_fields
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
    """A player holds at most one bonus token per group of 5 or more, each taken as its
    group formed (Q-17): a merge returns one. Default."""
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


# Every interpretation of the specification, and the name of each switch value in the
# documents: read from the rule texts file when first used (see interpretation_tables).
INTERPRETATION_INFO: tuple[InterpretationInfo, ...]
OPTION_LABELS: dict[enum.Enum, Message]
__getattr__, interpretation_info = interpretation_tables(
    __name__, "fertility_rules.ankhor", "data/rule_texts.toml", Interpretations, rule_text
)
