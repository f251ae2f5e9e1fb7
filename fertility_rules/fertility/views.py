"""What a player or a spectator sees of a game (R-9).

Everything on the table is public (R-9.1). The order of the Valley pile, which tiles
are in it or went back to the box, and the order of the District deck are hidden
(R-9.2): a view keeps only their sizes, and what any player can work out from the
catalogue: the Valley tiles not in sight (in the pile or in the box) and the Districts
not yet seen (in the deck), both sorted, so that nothing in a view, its ``repr`` or its
pickle depends on the hidden order. No information is private to one player (R-9.3),
so there is one view per state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from attrs import field, frozen

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.model.resources import Counts, Resource
from fertility_rules.fertility.state import (
    GameConfig,
    GameState,
    Phase,
    PlayerState,
    ValleyState,
    state_repr,
)
from fertility_rules.games import table_picture
from fertility_rules.i18n.message import Message, _
from fertility_rules.shared.seats import Seated
from fertility_rules.shared.values import carried

__all__ = ["Observation", "Table", "observe", "status", "unseen_districts", "unseen_tiles"]


@frozen
class Observation(Seated[PlayerState]):
    """The public part of a :class:`GameState` (R-9.1); equal for states that differ
    only in what R-9.2 hides.

    Wherever only public information counts (legal moves, notation, pictures, scores)
    the library takes a view as well as a state.
    """

    config: GameConfig = field(repr=False)
    valley: ValleyState
    players: tuple[PlayerState, ...]
    stock: Counts
    pile_size: int
    """Valley tiles left in the pile (R-9.1); which and in what order is hidden (R-9.2)."""
    common_pool: tuple[str, ...]
    deck_size: int
    """Districts left in the deck (R-9.1)."""
    offer: tuple[str, ...]
    current: int
    phase: Phase
    quarries: tuple[int, ...]
    quarry_choices: int
    bonuses: tuple[tuple[Resource, ...], ...]
    discarded: tuple[str, ...]
    removed: tuple[str, ...]
    turn: int
    turns_left: int | None

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def unseen_tiles(self) -> tuple[str, ...]:
        """The Valley tiles not in sight, sorted (:func:`unseen_tiles`)."""
        return unseen_tiles(self)

    @property
    def unseen_districts(self) -> tuple[str, ...]:
        """The Districts of the deck, sorted (:func:`unseen_districts`)."""
        return unseen_districts(self)

    def stand_in(self) -> GameState:
        """A state with this view's public part, the pile made of the first unseen tiles
        and the deck of the unseen Districts in sorted order.

        The rules read it wherever only public information counts (R-9): its legal moves,
        their legality and its scores are the real state's. Its piles are not the real
        ones; :func:`~fertility_rules.fertility.sampling.sample_state` draws them at random.
        """
        return self.with_hidden(self.unseen_tiles[: self.pile_size], self.unseen_districts)

    def with_hidden(self, pile: Sequence[str], deck: Sequence[str]) -> GameState:
        """The state of this view whose Valley pile is ``pile`` and District deck
        ``deck`` (top first): ``pile_size`` tiles among :attr:`unseen_tiles` and every
        unseen District once (R-9.2)."""
        pile, deck = tuple(pile), tuple(deck)
        if (
            len(set(pile)) != len(pile)
            or len(pile) != self.pile_size
            or not set(pile) <= set(self.unseen_tiles)
        ):
            raise MalformedInputError.single(
                "pile",
                _("the pile holds {n} different Valley tiles not in sight", n=self.pile_size),
                "R-9.2",
            )
        if len(deck) != self.deck_size or sorted(deck) != list(self.unseen_districts):
            raise MalformedInputError.single(
                "deck", _("the deck holds exactly the Districts not yet seen"), "R-9.2"
            )
        return GameState(
            config=self.config,
            valley=self.valley,
            players=self.players,
            stock=self.stock,
            pile=pile,
            common_pool=self.common_pool,
            district_deck=deck,
            offer=self.offer,
            current=self.current,
            phase=self.phase,
            quarries=self.quarries,
            quarry_choices=self.quarry_choices,
            bonuses=self.bonuses,
            discarded=self.discarded,
            removed=self.removed,
            turn=self.turn,
            turns_left=self.turns_left,
        )

    def __repr__(self) -> str:
        return state_repr(self, f"pile_size={self.pile_size}, deck_size={self.deck_size}")

    def _repr_svg_(self) -> str | None:
        """The table as every player sees it (Jupyter shows it as a picture)."""
        return table_picture(self, "fertility")


@checked_arguments
def unseen_tiles(table: Table) -> tuple[str, ...]:
    """The Valley tiles not in sight on ``table`` (a state or its view), sorted: the pile
    is drawn from them, the rest went back to the box at setup (R-2.2, R-9.2). Worked out
    from the table and the catalogue, as any player can."""
    seen = {placed.tile for placed in table.valley.tiles}
    seen.update(table.common_pool, table.discarded, table.removed)
    for player in table.players:
        seen.update(player.pool)
    return tuple(sorted(tile for tile in table.config.tiles if tile not in seen))


@checked_arguments
def unseen_districts(table: Table) -> tuple[str, ...]:
    """The Districts of the deck of ``table`` (a state or its view), sorted: every
    District is in the deck, on offer or built (R-2.5), and the deck's order is hidden
    (R-9.2)."""
    seen = set(table.offer)
    for player in table.players:
        seen.update(d.id for d in player.metropolis.spots if d is not None)
    return tuple(sorted(d.id for d in table.config.catalogue.districts if d.id not in seen))


@checked_arguments
def observe(state: GameState) -> Observation:
    """The view of ``state`` that every player and spectator shares (R-9)."""
    # anything but a state is refused by checked_arguments, from the annotation
    return carried(
        state,
        Observation,
        pile_size=len(state.pile),
        deck_size=len(state.district_deck),
    )


Table: TypeAlias = GameState | Observation
"""A state or its view: what the functions that need only public information take."""


@checked_arguments
def status(table: Table) -> Message:
    """One line: the turn, who decides and what (``Turn 3 · Bek: harvest``), or that the
    game is over."""
    if table.is_over:
        return _("Turn {turn}: the game is over", turn=table.turn)
    return _(
        "Turn {turn} · {player}: {phase}",
        turn=table.turn,
        player=table.player.name,
        phase=table.phase.label,
    )
