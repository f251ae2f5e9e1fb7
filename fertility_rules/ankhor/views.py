"""What every player and spectator sees of an Ankh'or game (A-8), and states that fit it.

Everything on the table is public (A-8.1); the order and the contents of the two draw
piles are hidden from everyone (A-8.2), so a view keeps their sizes and, as a tuple
sorted by id, the tiles not yet seen (the box minus every tile in sight), which anyone
can work out. Nothing in a view is ordered or hashed by hidden information. No
information is private to one player, so there is one view per state.
:func:`sample_state` deals the unseen tiles into the two piles at random: a state an
agent can search from, equal in view to the real one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from attrs import field, frozen

from fertility_rules.ankhor.arguments import require, state_needed, view_needed
from fertility_rules.ankhor.model import Tile, Tokens
from fertility_rules.ankhor.state import (
    GameConfig,
    GameState,
    Phase,
    PlayerState,
    TableBase,
    TurnProgress,
)
from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError
from fertility_rules.games import table_picture
from fertility_rules.i18n.message import _
from fertility_rules.shared.values import carried

__all__ = ["Observation", "observe", "sample_state", "unseen_tiles"]


@frozen
class Observation(TableBase):
    """The public part of a :class:`~fertility_rules.ankhor.state.GameState` (A-8.1);
    equal for states that differ only in what A-8.2 hides."""

    config: GameConfig = field(repr=False)
    players: tuple[PlayerState, ...]
    supply: Tokens
    reserve: int
    offer: tuple[Tile | None, ...]
    pile_sizes: tuple[int, int]
    """Tiles left in each draw pile (A-8.1); which and in what order is hidden (A-8.2)."""
    unseen: tuple[Tile, ...]
    """The tiles in the two piles together, sorted by id: the order is hidden (A-8.2)."""
    removed: tuple[Tile, ...]
    current: int
    phase: Phase
    turn: int
    progress: TurnProgress
    ending: bool

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def _repr_svg_(self) -> str | None:
        """The view drawn (Jupyter and IPython show it as a picture)."""
        return table_picture(self, "ankhor")


def _by_id(tile: Tile) -> str:
    return tile.id


def unseen_tiles(piles: Iterable[Iterable[Tile]]) -> tuple[Tile, ...]:
    """The tiles of the piles, sorted by id (their order says nothing)."""
    return tuple(sorted((tile for pile in piles for tile in pile), key=_by_id))


@checked_arguments
def observe(state: GameState) -> Observation:
    """The view of ``state`` that every player and spectator shares (A-8)."""
    require(state, GameState, "state", state_needed)
    return carried(state, Observation, unseen=unseen_tiles(state.piles))


@checked_arguments
def sample_state(view: Observation, seed: int | random.Random | None = None) -> GameState:
    """A state with ``view``'s table and the unseen tiles dealt into the two piles
    uniformly at random (each order of the unseen tiles equally likely): a possible
    present for an agent to search (``observe(sample_state(view, s)) == view``)."""
    require(view, Observation, "view", view_needed)
    if not (seed is None or type(seed) is int or isinstance(seed, random.Random)):
        raise MalformedInputError.single("seed", _("A seed is a whole number."))
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    tiles = list(view.unseen)
    rng.shuffle(tiles)
    first = view.pile_sizes[0]
    return carried(view, GameState, piles=(tiles[:first], tiles[first:]))
