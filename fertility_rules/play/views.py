"""What a player or a spectator sees of a game (R-9).

Everything on the table is public (R-9.1). The order of the Valley pile, which tiles
are in it or went back to the box, and the order of the District deck are hidden
(R-9.2): a view keeps only their sizes, and of the deck the set of Districts not yet
seen, which any player can work out. No information is private to one player (R-9.3),
so there is one view per state.
"""

from __future__ import annotations

from typing import TypeAlias

from attrs import field, frozen

from fertility_rules.i18n.message import Message, _
from fertility_rules.model.resources import Counts, Resource
from fertility_rules.rules.state import (
    GameConfig,
    GameState,
    Phase,
    PlayerState,
    ValleyState,
    state_repr,
)

__all__ = ["Observation", "Table", "observe", "status"]


@frozen
class Observation:
    """The public part of a :class:`GameState` (R-9.1); equal for states that differ
    only in what R-9.2 hides."""

    config: GameConfig = field(repr=False)
    valley: ValleyState
    players: tuple[PlayerState, ...]
    stock: Counts
    pile_size: int
    """Valley tiles left in the pile (R-9.1); which and in what order is hidden (R-9.2)."""
    common_pool: tuple[str, ...]
    deck_size: int
    """Districts left in the deck (R-9.1)."""
    unseen_districts: frozenset[str]
    """The Districts of the deck, as a set: its order is hidden (R-9.2)."""
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
    def player(self) -> PlayerState:
        """The player whose decision it is."""
        return self.players[self.current]

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def __repr__(self) -> str:
        return state_repr(self, f"pile_size={self.pile_size}, deck_size={self.deck_size}")

    def _repr_svg_(self) -> str:
        """The table as every player sees it (Jupyter shows it as a picture)."""
        from fertility_rules.svg import table

        return table(self)


def observe(state: GameState) -> Observation:
    """The view of ``state`` that every player and spectator shares (R-9)."""
    return Observation(
        config=state.config,
        valley=state.valley,
        players=state.players,
        stock=state.stock,
        pile_size=len(state.pile),
        common_pool=state.common_pool,
        deck_size=len(state.district_deck),
        unseen_districts=frozenset(state.district_deck),
        offer=state.offer,
        current=state.current,
        phase=state.phase,
        quarries=state.quarries,
        quarry_choices=state.quarry_choices,
        bonuses=state.bonuses,
        discarded=state.discarded,
        removed=state.removed,
        turn=state.turn,
        turns_left=state.turns_left,
    )


Table: TypeAlias = GameState | Observation
"""A state or its view: what notation and JSON forms of moves need (the board's width)."""


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
