"""The game state: immutable values; a move yields a new state (R-2 to R-4, R-8)."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import TypeVar

from attrs import field, frozen

from fertility_rules.catalogue.catalogue import Catalogue
from fertility_rules.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.i18n.message import Message, _
from fertility_rules.model.metropolis import MAX_MONUMENTS, Metropolis
from fertility_rules.model.resources import Counts, MonumentType, Resource
from fertility_rules.model.sequences import Chain, Rest
from fertility_rules.model.valley import ValleyTile
from fertility_rules.model.values import reduce_to_init, replacer
from fertility_rules.rules.geometry import ValleyLayout
from fertility_rules.rules.interpretations import Interpretations

__all__ = [
    "GameConfig",
    "GameState",
    "Phase",
    "PlacedTile",
    "PlayerState",
    "ValleyState",
    "evolve_player",
    "evolve_state",
    "evolve_valley",
    "replace_at",
    "without",
]


class Phase(enum.Enum):
    """The kind of decision the current player must take."""

    PLACE = "place"
    """Lay a Valley tile, or discard one if none can be laid (R-3.1, R-3.2)."""
    QUARRY = "quarry"
    """Choose a token or a Monument for a Quarry just closed (R-3.3.D)."""
    BUILD = "build"
    """Build a District or not (R-3.4)."""
    SUPPLY = "supply"
    """Put a token on a Shop, or end supplying (R-3.5)."""
    BONUS = "bonus"
    """Place the resource of a ``resource_to_shop`` benefit (R-6, I-6)."""
    TAKE = "take"
    """Take a tile from the Common Pool (R-3.6)."""
    REMOVE = "remove"
    """2-player variant: remove a tile from the Common Pool (R-8)."""
    OVER = "over"
    """The game is over: final scoring applies (R-4)."""

    @property
    def label(self) -> Message:
        return _PHASE_LABELS[self]


_PHASE_LABELS = {
    Phase.PLACE: _("place a Valley tile"),
    Phase.QUARRY: _("choose for a Quarry"),
    Phase.BUILD: _("build a District or not"),
    Phase.SUPPLY: _("supply Shops"),
    Phase.BONUS: _("place an immediate resource"),
    Phase.TAKE: _("take a tile from the Common Pool"),
    Phase.REMOVE: _("remove a tile from the Common Pool"),
    Phase.OVER: _("nothing: the game is over"),
}


def without(pool: tuple[str, ...], tile: str) -> tuple[str, ...]:
    """``pool`` with one ``tile`` taken out (Personal or Common Pool)."""
    index = pool.index(tile)
    return pool[:index] + pool[index + 1 :]


T = TypeVar("T")


def replace_at(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items`` with ``items[index]`` replaced by ``item`` (a new tuple)."""
    return (*items[:index], item, *items[index + 1 :])


def _read_only(tiles: Mapping[str, ValleyTile]) -> Mapping[str, ValleyTile]:
    """A read-only copy: a config is shared by every state of a game."""
    return tiles if isinstance(tiles, MappingProxyType) else MappingProxyType(dict(tiles))


@frozen
class GameConfig:
    """What stays fixed through a game: components, options, variant, geometry."""

    catalogue: Catalogue = field(repr=False)
    interpretations: Interpretations
    variant: bool
    layout: ValleyLayout = field(eq=False, repr=False)
    tiles: Mapping[str, ValleyTile] = field(eq=False, repr=False, converter=_read_only)
    registry: EffectRegistry = field(default=DEFAULT_REGISTRY, repr=False)

    __reduce__ = reduce_to_init
    """Pickled through its fields (the tiles as a dict, read-only again once read)."""


def _chain(tiles: Iterable[PlacedTile]) -> Chain[PlacedTile]:
    return Chain.of(tiles)


def _pile(items: Iterable[str]) -> Rest[str]:
    return Rest(items)


@frozen
class PlacedTile:
    """A tile on the central board; ``squares[i]`` shows ``scenes[i]``."""

    tile: str
    squares: tuple[int, ...]
    scenes: tuple[Resource, ...]
    player: int | None


@frozen
class ValleyState:
    """The central board: empty desert squares and the squares of each scene, as masks."""

    empty: int
    scenes: tuple[int, int, int, int]
    tiles: Chain[PlacedTile] = field(converter=_chain)
    """The tiles laid, in order; a new placement shares the earlier ones."""
    monuments: tuple[tuple[int, int], ...] = ()
    """``(square, player)`` of each Monument built in a Quarry."""


@frozen
class PlayerState:
    """A player: Metropolis, supply of harvested tokens, Personal Pool, turns played."""

    name: str
    monument_type: MonumentType
    metropolis: Metropolis
    supply: Counts = (0, 0, 0, 0)
    pool: tuple[str, ...] = ()
    turns: int = 0

    @property
    def monuments_left(self) -> int:
        return MAX_MONUMENTS - self.metropolis.monuments


@frozen
class GameState:
    """Everything about a game at one decision; never changes (use the rules to move)."""

    config: GameConfig = field(repr=False)
    valley: ValleyState
    players: tuple[PlayerState, ...]
    stock: Counts
    pile: Rest[str] = field(converter=_pile)
    """The Valley pile, top first; drawing shares the order with the state before."""
    common_pool: tuple[str, ...]
    district_deck: Rest[str] = field(converter=_pile)
    """The District deck, top first, shared the same way."""
    offer: tuple[str, ...]
    current: int = 0
    phase: Phase = Phase.PLACE
    quarries: tuple[int, ...] = ()
    """Squares of the Quarries awaiting a choice."""
    quarry_choices: int = 0
    """Choices still to make among ``quarries`` (I-2)."""
    bonuses: tuple[tuple[Resource, ...], ...] = ()
    """Pending ``resource_to_shop`` benefits, the last one first (R-6)."""
    discarded: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    turn: int = 1
    turns_left: int | None = None
    """Turns still to play once the end is triggered (R-4.2, I-11)."""

    @property
    def player(self) -> PlayerState:
        """The player whose decision it is."""
        return self.players[self.current]

    def with_player(self, player: PlayerState) -> GameState:
        """This state with the current player replaced (a new state)."""
        return evolve_state(self, players=replace_at(self.players, self.current, player))

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def end_triggered(self) -> bool:
        return self.turns_left is not None


evolve_state: Callable[..., GameState] = replacer(GameState, checked=False)
"""A copy of a state with some fields changed: the rules build one per decision (a
state has no validators; converters apply to the fields given)."""
evolve_player: Callable[..., PlayerState] = replacer(PlayerState)
evolve_valley: Callable[..., ValleyState] = replacer(ValleyState, checked=False)
