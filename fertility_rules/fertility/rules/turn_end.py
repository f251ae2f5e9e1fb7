"""End of a turn (R-3.6), the 2-player variant's removal (R-8) and the end trigger (R-4)."""

from __future__ import annotations

import functools

from fertility_rules.fertility.model.resources import NO_TOKENS, Counts, add_counts
from fertility_rules.fertility.moves import Move, RemoveTile, TakeTile, remove_tile, take_tile
from fertility_rules.fertility.setup import COMMON_POOL
from fertility_rules.fertility.state import (
    GameState,
    Phase,
    PlayerState,
    evolve_out_of_play,
    evolve_pending,
    evolve_player,
    evolve_state,
    without,
)
from fertility_rules.i18n.message import _
from fertility_rules.shared.violations import Violation

__all__ = [
    "apply_remove",
    "apply_take",
    "check_remove",
    "check_take",
    "end_turn",
    "remove_moves",
    "take_moves",
]


def end_turn(state: GameState) -> GameState:
    """Leftover tokens go back to the Stock; then the Common Pool (R-3.6)."""
    player = state.player
    stock = add_counts(state.stock, player.supply)
    if state.common_pool:
        return evolve_state(
            state, player=evolve_player(player, supply=NO_TOKENS), stock=stock, phase=Phase.TAKE
        )
    return _finish(state, player, stock, state.common_pool, state.removed, supply=NO_TOKENS)


_take = functools.lru_cache(maxsize=1024)(take_tile)
"""Moves are values: one per tile serves every game."""


def take_moves(state: GameState) -> list[Move]:
    return [_take(tile) for tile in dict.fromkeys(state.common_pool)]


def remove_moves(state: GameState) -> list[Move]:
    return [remove_tile(tile) for tile in dict.fromkeys(state.common_pool)]


def check_take(state: GameState, move: TakeTile) -> list[Violation]:
    if move.tile in state.common_pool:
        return []
    return [Violation("R-3.6", _("Tile {tile} is not in the Common Pool.", tile=move.tile))]


def check_remove(state: GameState, move: RemoveTile) -> list[Violation]:
    if move.tile in state.common_pool:
        return []
    return [Violation("R-8", _("Tile {tile} is not in the Common Pool.", tile=move.tile))]


def apply_take(state: GameState, move: TakeTile) -> GameState:
    pool = (*state.player.pool, move.tile)
    common_pool = without(state.common_pool, move.tile)
    if state.config.variant and common_pool:
        return evolve_state(
            state,
            player=evolve_player(state.player, pool=pool),
            common_pool=common_pool,
            phase=Phase.REMOVE,
        )
    return _finish(state, state.player, state.stock, common_pool, state.removed, pool=pool)


def apply_remove(state: GameState, move: RemoveTile) -> GameState:
    return _finish(
        state,
        state.player,
        state.stock,
        without(state.common_pool, move.tile),
        (*state.removed, move.tile),
    )


def _finish(
    state: GameState,
    player: PlayerState,
    stock: Counts,
    common_pool: tuple[str, ...],
    removed: tuple[str, ...],
    **player_changes: object,
) -> GameState:
    """Refill the Common Pool, count the turn, trigger or end the game, next player (R-4).

    ``player`` (with ``player_changes``), ``stock``, ``common_pool`` and ``removed`` are
    the turn's last changes, applied with these in one new state.
    """
    missing = COMMON_POOL - len(common_pool)
    drawn, pile = state.pile.draw(missing)
    pool = common_pool + drawn
    turns_left = state.turns_left
    seats = state.seats
    if turns_left is not None:
        turns_left -= 1
    elif len(pool) < COMMON_POOL:
        turns_left = len(seats)  # I-11: one more turn each
    player = evolve_player(player, turns=player.turns + 1, **player_changes)
    phase, turn = Phase.OVER, state.turn
    if turns_left != 0:
        # The next player decides: this one goes back to their seat.
        current = state.current
        following = (current + 1) % len(seats)
        table = list(seats)
        table[current] = player
        player = table[following]  # type: ignore[assignment]
        table[following] = None
        seats = tuple(table)
        phase = Phase.PLACE if player.pool else Phase.BUILD
        turn += 1
    pending = state.pending
    if turns_left != pending.turns_left:
        pending = evolve_pending(pending, turns_left=turns_left)
    out_of_play = state.out_of_play
    if removed is not out_of_play.removed:
        out_of_play = evolve_out_of_play(out_of_play, removed=removed)
    return evolve_state(
        state,
        player=player,
        seats=seats,
        stock=stock,
        common_pool=pool,
        pile=pile,
        out_of_play=out_of_play,
        pending=pending,
        phase=phase,
        turn=turn,
    )
