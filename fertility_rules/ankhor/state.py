"""The Ankh'or game state: immutable values; a move yields a new state (A-2 to A-6).

A state holds everything, hidden information included (the order of the two draw
piles, A-8.2); :func:`~fertility_rules.ankhor.views.observe` gives the public part.
What stays fixed through a game (the catalogue, the readings, the price markers dealt,
the start player, the tokens left in the box) is one :class:`GameConfig` shared by every
state; what only the current turn needs sits in :class:`TurnProgress`, shared while nothing
happened in the turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from attrs import field, frozen

from fertility_rules.ankhor.catalogue import Catalogue
from fertility_rules.ankhor.interpretations import Interpretations
from fertility_rules.ankhor.model import Colour, Placed, Position, Tile, Tokens
from fertility_rules.arguments import typed_fields
from fertility_rules.games import table_picture
from fertility_rules.i18n.message import _
from fertility_rules.shared.members import LabelledEnum, label_members
from fertility_rules.shared.seats import Seated
from fertility_rules.shared.sequences import Rest, replace_at
from fertility_rules.shared.values import replacer

__all__ = [
    "FRESH_TURN",
    "GameConfig",
    "GameState",
    "Phase",
    "PlayerState",
    "TableBase",
    "TurnProgress",
    "evolve_player",
    "evolve_progress",
    "evolve_state",
    "replace_at",
]


class Phase(LabelledEnum):
    """The kind of decision the current player must take."""

    MAIN = "main"
    """Before the main action: spend an ankh token, take tokens or buy a tile (A-3.1)."""
    AFTER = "after"
    """After the main action: spend an ankh token or end the actions of the turn (A-4.1)."""
    STORE = "store"
    """End of turn: put tokens on empty warehouses (A-3.6)."""
    RETURN = "return"
    """End of turn: give back tokens above the limits (A-3.9)."""
    REFILL = "refill"
    """End of turn: choose the draw pile that refills the offer (A-5.1, Q-11)."""
    OVER = "over"
    """The game is over: final scoring applies (A-6, A-7)."""

    __hash__ = object.__hash__
    """Members hash by identity (in C): the moves of a decision are looked up by phase."""


label_members(
    Phase,
    {
        Phase.MAIN: _("take tokens or buy a tile (an ankh token may be spent first)"),
        Phase.AFTER: _("spend an ankh token or end the turn"),
        Phase.STORE: _("store tokens on warehouses"),
        Phase.RETURN: _("return tokens above the limits"),
        Phase.REFILL: _("choose the draw pile that refills the offer"),
        Phase.OVER: _("nothing: the game is over"),
    },
)


@frozen(field_transformer=typed_fields)
class GameConfig:
    """What stays fixed through a game."""

    catalogue: Catalogue = field(repr=False)
    interpretations: Interpretations
    prices: tuple[tuple[Colour, ...], ...]
    """The price markers above each offer slot, left to right (A-2.3, Q-6)."""
    first: int
    """The start player (A-2.6): a round ends with the player before them (A-6.1)."""
    box: Tokens
    """Tokens of each kind left in the box, out of play (A-2.2)."""


@frozen(field_transformer=typed_fields)
class TurnProgress:
    """What happened so far in the current turn. Most decisions share :data:`FRESH_TURN`."""

    spent: int = 0
    """Ankh tokens spent this turn (A-4.1: at most 2)."""
    ankhs_taken: int = 0
    """Ankh tokens taken this turn: they cannot be spent in it (A-4.1)."""
    bought: bool = False
    """Whether a tile was bought this turn (Q-1)."""
    scribe: bool = False
    """Whether a scribe was bought this turn: a bonus turn follows (A-3.7)."""
    bonus: bool = False
    """Whether this turn is a bonus turn (not counted as a turn of the round, A-6.1)."""


FRESH_TURN = TurnProgress()
BONUS_TURN = TurnProgress(bonus=True)


@frozen(field_transformer=typed_fields)
class PlayerState:
    """A player: their layout, tokens in hand, warehouses holding a token, bonus tokens."""

    name: str
    tiles: tuple[Placed, ...] = ()
    """The layout, sorted by position (see :mod:`fertility_rules.ankhor.layout`)."""
    tokens: Tokens = (0, 0, 0, 0, 0, 0)
    """Tokens in hand, by kind; stored tokens are apart (A-3.6)."""
    stored: tuple[Position, ...] = ()
    """Warehouses holding a token of their colour, sorted (A-3.6)."""
    bonus: int = 0
    """Bonus tokens held (A-3.8)."""
    turns: int = 0
    """Turns played, bonus turns aside (A-6.1)."""

    @property
    def token_count(self) -> int:
        """Every token the player has, stored ones included (A-7.4, Q-9)."""
        return sum(self.tokens) + len(self.stored)

    def stored_tokens(self) -> Tokens:
        """The stored tokens by kind."""
        colours = {p.position: p.tile.colour for p in self.tiles}
        counts = [0, 0, 0, 0, 0, 0]
        for position in self.stored:
            counts[colours[position]] += 1
        return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])


def _pile(items: Iterable[Tile]) -> Rest[Tile]:
    return items if type(items) is Rest else Rest(items)


def _piles(piles: Iterable[Iterable[Tile]]) -> tuple[Rest[Tile], Rest[Tile]]:
    first, second = (_pile(p) for p in piles)
    return (first, second)


class TableBase(Seated[PlayerState]):
    """A state or a view of one (:class:`~fertility_rules.ankhor.views.Observation`): what
    the referee reads, the same in both (A-8.1). The referee checks its argument against
    this class, so it needs no import of the views."""

    __slots__ = ()

    phase: Phase
    turn: int


@frozen(field_transformer=typed_fields)
class GameState(TableBase):
    """Everything about a game at one decision; never changes (use the rules to move)."""

    config: GameConfig = field(repr=False)
    players: tuple[PlayerState, ...]
    supply: Tokens
    reserve: int
    """Bonus tokens in the reserve (A-2.6)."""
    offer: tuple[Tile | None, ...]
    """The six slots under the price board, left to right; ``None`` is an empty slot."""
    piles: tuple[Rest[Tile], Rest[Tile]] = field(converter=_piles)
    """The two face-down draw piles, top first (hidden, A-8.2)."""
    removed: tuple[Tile, ...] = ()
    """Tiles out of the game (A-5.2)."""
    current: int = 0
    phase: Phase = Phase.MAIN
    turn: int = 1
    """The number of the turn being played, from 1; bonus turns are turns too."""
    progress: TurnProgress = FRESH_TURN
    ending: bool = False
    """Whether a 13th tile was placed: the round is completed, then the game ends (A-6.1)."""

    @property
    def pile_sizes(self) -> tuple[int, int]:
        """Tiles left in each draw pile (public, A-8.1)."""
        return (len(self.piles[0]), len(self.piles[1]))

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def _repr_svg_(self) -> str | None:
        """The table drawn (Jupyter and IPython show it as a picture)."""
        return table_picture(self, "ankhor")


evolve_state: Callable[..., GameState] = replacer(GameState, checked=False)
"""A copy of a state with some fields changed, unchecked: the rules pass stored types."""
evolve_player: Callable[..., PlayerState] = replacer(PlayerState, checked=False)
evolve_progress: Callable[..., TurnProgress] = replacer(TurnProgress, checked=False)
