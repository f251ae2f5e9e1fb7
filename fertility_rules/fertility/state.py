"""The game state: immutable values; a move yields a new state (R-2 to R-4, R-8)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, Protocol, cast

from attrs import field, frozen

from fertility_rules.arguments import kind_name
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.fertility.interpretations import Interpretations
from fertility_rules.fertility.model.metropolis import MAX_MONUMENTS, Metropolis
from fertility_rules.fertility.model.resources import NO_TOKENS, Counts, MonumentType, Resource
from fertility_rules.fertility.model.valley import ValleyTile
from fertility_rules.fertility.rules.geometry import ValleyLayout
from fertility_rules.games import table_picture
from fertility_rules.i18n.message import _
from fertility_rules.shared.members import LabelledEnum, label_members
from fertility_rules.shared.sequences import Chain, Rest, replace_at
from fertility_rules.shared.values import Unset, reduce_to_init, replacer

__all__ = [
    "NONE_OUT_OF_PLAY",
    "NOTHING_PENDING",
    "STATE_ATTRIBUTES",
    "GameConfig",
    "GameState",
    "OutOfPlay",
    "Pending",
    "Phase",
    "PlacedTile",
    "PlayerState",
    "ValleyState",
    "View",
    "evolve_out_of_play",
    "evolve_pending",
    "evolve_player",
    "evolve_state",
    "evolve_valley",
    "owing",
    "owing_bonuses",
    "replace_at",
    "state_of",
    "state_repr",
    "without",
]


class Phase(LabelledEnum):
    """The kind of decision the current player must take; each has a ``label`` in words
    (:class:`~fertility_rules.shared.members.Labelled`)."""

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

    __hash__ = object.__hash__
    """Members are singletons compared by identity; hashing them by identity (in C)
    spares the engine a Python call at every decision, where it looks up the moves of
    the current decision. ``Enum`` hashes the member's name in Python."""


label_members(
    Phase,
    {
        Phase.PLACE: _("place a Valley tile"),
        Phase.QUARRY: _("choose for a Quarry"),
        Phase.BUILD: _("build a District or not"),
        Phase.SUPPLY: _("supply Shops"),
        Phase.BONUS: _("place an immediate resource"),
        Phase.TAKE: _("take a tile from the Common Pool"),
        Phase.REMOVE: _("remove a tile from the Common Pool"),
        Phase.OVER: _("nothing: the game is over"),
    },
)


def without(pool: tuple[str, ...], tile: str) -> tuple[str, ...]:
    """``pool`` with one ``tile`` taken out (Personal or Common Pool)."""
    index = pool.index(tile)
    return pool[:index] + pool[index + 1 :]


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

    def __repr__(self) -> str:
        """What is on the board, not the square masks (long integers)."""
        return f"ValleyState(tiles={len(self.tiles)}, monuments={len(self.monuments)})"


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
class Pending:
    """What the current turn still owes: choices for Quarries just closed (R-3.3.D, I-2),
    resources of immediate benefits (R-6), and once the end is triggered, the turns left
    (R-4.2, I-11). Most states owe nothing and share :data:`NOTHING_PENDING`."""

    quarries: tuple[int, ...] = ()
    """Squares of the Quarries awaiting a choice."""
    quarry_choices: int = 0
    """Choices still to make among ``quarries`` (I-2)."""
    bonuses: tuple[tuple[Resource, ...], ...] = ()
    """Pending ``resource_to_shop`` benefits, the last one first (R-6)."""
    turns_left: int | None = None
    """Turns still to play once the end is triggered (R-4.2, I-11)."""


NOTHING_PENDING = Pending()


@frozen
class OutOfPlay:
    """Valley tiles out of the game: discarded (R-3.2) and, in the 2-player variant,
    removed from the Common Pool (R-8). Most games share :data:`NONE_OUT_OF_PLAY`."""

    discarded: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()


NONE_OUT_OF_PLAY = OutOfPlay()

_UNSET: Any = Unset("UNSET")
"""An argument left out: taken from the stored form, or its usual default."""

STATE_ATTRIBUTES = (
    "config",
    "valley",
    "players",
    "stock",
    "pile",
    "common_pool",
    "district_deck",
    "offer",
    "current",
    "phase",
    "quarries",
    "quarry_choices",
    "bonuses",
    "discarded",
    "removed",
    "turn",
    "turns_left",
)
"""What a state tells, by name: the arguments of :class:`GameState` and its attributes."""


@frozen(init=False)
class GameState:
    """Everything about a game at one decision; never changes (use the rules to move).

    Made as ``GameState(config, valley, players, stock, pile, common_pool, district_deck,
    offer, current=0, phase=Phase.PLACE, quarries=(), quarry_choices=0, bonuses=(),
    discarded=(), removed=(), turn=1, turns_left=None)``; each of these is an attribute.

    Stored so that a history of states shares what decisions do not change: the player
    deciding is kept apart from the other seats (a decision changes that player alone),
    (whose seat, left empty, tells :attr:`current`), and what only some turns change
    sits in :class:`Pending` and :class:`OutOfPlay`.
    """

    config: GameConfig = field(repr=False)
    valley: ValleyState
    player: PlayerState
    """The player whose decision it is."""
    seats: tuple[PlayerState | None, ...] = field(repr=False)
    """The players in turn order, ``None`` at the seat of :attr:`player`."""
    stock: Counts
    pile: Rest[str] = field(converter=_pile)
    """The Valley pile, top first; drawing shares the order with the state before."""
    common_pool: tuple[str, ...]
    district_deck: Rest[str] = field(converter=_pile)
    """The District deck, top first, shared the same way."""
    offer: tuple[str, ...]
    phase: Phase
    turn: int
    pending: Pending
    out_of_play: OutOfPlay

    def __init__(
        self,
        config: GameConfig,
        valley: ValleyState,
        players: Iterable[PlayerState] | None = None,
        stock: Counts = NO_TOKENS,
        pile: Iterable[str] = (),
        common_pool: tuple[str, ...] = (),
        district_deck: Iterable[str] = (),
        offer: tuple[str, ...] = (),
        current: int = _UNSET,
        phase: Phase = Phase.PLACE,
        quarries: tuple[int, ...] = _UNSET,
        quarry_choices: int = _UNSET,
        bonuses: tuple[tuple[Resource, ...], ...] = _UNSET,
        discarded: tuple[str, ...] = _UNSET,
        removed: tuple[str, ...] = _UNSET,
        turn: int = 1,
        turns_left: int | None = _UNSET,
        *,
        player: PlayerState | None = None,
        seats: tuple[PlayerState | None, ...] | None = None,
        pending: Pending = NOTHING_PENDING,
        out_of_play: OutOfPlay = NONE_OUT_OF_PLAY,
    ) -> None:
        if players is None:
            # From the stored form (``attrs.evolve``): the seats with the player put back.
            if player is None or seats is None or seats.count(None) != 1:
                raise MalformedInputError.single("players", _("a table has at least one player"))
            deciding = seats.index(None)
            players = cast("tuple[PlayerState, ...]", replace_at(seats, deciding, player))
            if current is _UNSET:
                current = deciding
        elif current is _UNSET:
            current = 0
        everyone = tuple(players)
        if type(current) is not int or not 0 <= current < len(everyone):
            raise MalformedInputError.single(
                "current", _("no player has the index {n}", n=current), "R-2.7"
            )
        owed = _given(quarries=quarries, quarry_choices=quarry_choices, bonuses=bonuses)
        if turns_left is not _UNSET:
            owed["turns_left"] = turns_left
        aside = _given(discarded=discarded, removed=removed)
        if owed:
            pending = _shared_pending(evolve_pending(pending, **owed))
        if aside:
            out_of_play = _shared_aside(evolve_out_of_play(out_of_play, **aside))
        put = object.__setattr__
        put(self, "config", config)
        put(self, "valley", valley)
        put(self, "player", everyone[current])
        put(self, "seats", replace_at(everyone, current, None))
        put(self, "stock", stock)
        put(self, "pile", Rest(pile))
        put(self, "common_pool", common_pool)
        put(self, "district_deck", Rest(district_deck))
        put(self, "offer", offer)
        put(self, "phase", phase)
        put(self, "turn", turn)
        put(self, "pending", pending)
        put(self, "out_of_play", out_of_play)

    @property
    def current(self) -> int:
        """The index of the player whose decision it is: the seat left empty."""
        return self.seats.index(None)

    @property
    def players(self) -> tuple[PlayerState, ...]:
        """The players in turn order."""
        seats = self.seats
        current = seats.index(None)
        return cast(
            "tuple[PlayerState, ...]", (*seats[:current], self.player, *seats[current + 1 :])
        )

    @property
    def quarries(self) -> tuple[int, ...]:
        """Squares of the Quarries awaiting a choice (R-3.3.D)."""
        return self.pending.quarries

    @property
    def quarry_choices(self) -> int:
        """Choices still to make among :attr:`quarries` (I-2)."""
        return self.pending.quarry_choices

    @property
    def bonuses(self) -> tuple[tuple[Resource, ...], ...]:
        """Pending ``resource_to_shop`` benefits, the last one first (R-6)."""
        return self.pending.bonuses

    @property
    def turns_left(self) -> int | None:
        """Turns still to play once the end is triggered (R-4.2, I-11)."""
        return self.pending.turns_left

    @property
    def discarded(self) -> tuple[str, ...]:
        """Tiles discarded because none could be laid (R-3.2)."""
        return self.out_of_play.discarded

    @property
    def removed(self) -> tuple[str, ...]:
        """Tiles removed from the Common Pool in the 2-player variant (R-8)."""
        return self.out_of_play.removed

    def __repr__(self) -> str:
        """A line to read at the prompt; the whole value is in its attributes."""
        return state_repr(self, f"pile={len(self.pile)}, deck={len(self.district_deck)}")

    def _repr_svg_(self) -> str | None:
        """The table drawn (Jupyter and IPython show it as a picture)."""
        return table_picture(self, "fertility")

    def with_player(self, player: PlayerState) -> GameState:
        """This state with the current player replaced (a new state)."""
        return evolve_state(self, player=player)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def end_triggered(self) -> bool:
        return self.turns_left is not None


def state_repr(state: GameState | _Seen, piles: str) -> str:
    """``GameState(turn=3, player='Bek', phase=build, players=('Amunet', 'Bek'), …)``."""
    players = tuple(player.name for player in state.players)
    return (
        f"{type(state).__name__}(turn={state.turn}, player={state.player.name!r}, "
        f"phase={state.phase.value}, players={players!r}, {piles}, "
        f"common_pool={state.common_pool!r}, offer={state.offer!r})"
    )


class _Seen(Protocol):
    """What :func:`state_repr` reads: a state or a view of one."""

    @property
    def turn(self) -> int: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def common_pool(self) -> tuple[str, ...]: ...

    @property
    def offer(self) -> tuple[str, ...]: ...

    @property
    def player(self) -> PlayerState: ...

    @property
    def players(self) -> tuple[PlayerState, ...]: ...


def _given(**values: object) -> dict[str, object]:
    """The keyword arguments actually given."""
    return {key: value for key, value in values.items() if value is not _UNSET}


def _shared_pending(pending: Pending) -> Pending:
    return NOTHING_PENDING if pending == NOTHING_PENDING else pending


def _shared_aside(out_of_play: OutOfPlay) -> OutOfPlay:
    return NONE_OUT_OF_PLAY if out_of_play == NONE_OUT_OF_PLAY else out_of_play


evolve_pending: Callable[..., Pending] = replacer(Pending)
evolve_out_of_play: Callable[..., OutOfPlay] = replacer(OutOfPlay)


def owing(pending: Pending, quarries: tuple[int, ...], quarry_choices: int) -> Pending:
    """``pending`` with these Quarry choices owed (R-3.3.D, I-2): the rules set them at
    every placement, and nearly always nothing is owed at all."""
    if quarries or quarry_choices or pending.bonuses or pending.turns_left is not None:
        if quarries == pending.quarries and quarry_choices == pending.quarry_choices:
            return pending
        return Pending(quarries, quarry_choices, pending.bonuses, pending.turns_left)
    return NOTHING_PENDING


def owing_bonuses(pending: Pending, bonuses: tuple[tuple[Resource, ...], ...]) -> Pending:
    """``pending`` with these immediate benefits owed (R-6)."""
    if bonuses == pending.bonuses:
        return pending
    return _shared_pending(evolve_pending(pending, bonuses=bonuses))


evolve_state: Callable[..., GameState] = replacer(GameState, checked=False)
"""A copy of a state with some stored fields changed (``player``, ``seats``, ``pending``,
``out_of_play`` rather than the attributes made from them, the piles as :class:`Rest`):
the rules build one per decision, nothing is checked or converted."""
evolve_player: Callable[..., PlayerState] = replacer(PlayerState, checked=False)
"""A copy of a player with some fields changed (a player has no validators)."""
evolve_valley: Callable[..., ValleyState] = replacer(ValleyState, checked=False)
"""A copy of the central board, unchecked: the rules pass the tiles as a :class:`Chain`."""


class View(Protocol):
    """A player's view of a state (R-9), which the rules read wherever only public
    information counts: :func:`~fertility_rules.fertility.views.observe` makes one."""

    def stand_in(self) -> GameState:
        """A state with this view's public part and hidden parts in an order that
        reveals nothing: legal moves, legality and scores read from it are the real
        state's (R-9); what the hidden piles hold is not."""
        ...


def state_of(table: GameState | View, argument: str = "state") -> GameState:
    """``table`` itself, or the stand-in of a view (R-9); anything else is refused with a
    :class:`MalformedInputError` naming ``argument``."""
    if isinstance(table, GameState):
        return table
    stand_in = getattr(type(table), "stand_in", None)
    state = stand_in(table) if callable(stand_in) else None
    if not isinstance(state, GameState):
        raise MalformedInputError.single(
            argument,
            _(
                "A game state or a view of one is needed, not {kind}.",
                kind=kind_name(table, GameState),
            ),
        )
    return state
