"""End of a turn (R-3.6), the 2-player variant's removal (R-8) and the end trigger (R-4)."""

from __future__ import annotations

from attrs import evolve

from fertility_rules.i18n.message import _
from fertility_rules.model.resources import NO_TOKENS, add_counts
from fertility_rules.rules.moves import Move, RemoveTile, TakeTile
from fertility_rules.rules.setup import COMMON_POOL
from fertility_rules.rules.state import GameState, Phase, without
from fertility_rules.rules.violations import Violation

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
    state = evolve(
        state.with_player(evolve(player, supply=NO_TOKENS)),
        stock=add_counts(state.stock, player.supply),
    )
    if state.common_pool:
        return evolve(state, phase=Phase.TAKE)
    return _finish(state)


def take_moves(state: GameState) -> list[Move]:
    return [TakeTile(tile) for tile in dict.fromkeys(state.common_pool)]


def remove_moves(state: GameState) -> list[Move]:
    return [RemoveTile(tile) for tile in dict.fromkeys(state.common_pool)]


def check_take(state: GameState, move: TakeTile) -> list[Violation]:
    if move.tile in state.common_pool:
        return []
    return [Violation("R-3.6", _("Tile {tile} is not in the Common Pool.", tile=move.tile))]


def check_remove(state: GameState, move: RemoveTile) -> list[Violation]:
    if move.tile in state.common_pool:
        return []
    return [Violation("R-8", _("Tile {tile} is not in the Common Pool.", tile=move.tile))]


def apply_take(state: GameState, move: TakeTile) -> GameState:
    player = evolve(state.player, pool=(*state.player.pool, move.tile))
    state = evolve(state.with_player(player), common_pool=without(state.common_pool, move.tile))
    if state.config.variant and state.common_pool:
        return evolve(state, phase=Phase.REMOVE)
    return _finish(state)


def apply_remove(state: GameState, move: RemoveTile) -> GameState:
    state = evolve(
        state,
        common_pool=without(state.common_pool, move.tile),
        removed=(*state.removed, move.tile),
    )
    return _finish(state)


def _finish(state: GameState) -> GameState:
    """Refill the Common Pool, count the turn, trigger or end the game, next player (R-4)."""
    missing = COMMON_POOL - len(state.common_pool)
    pool = state.common_pool + state.pile[:missing]
    pile = state.pile[missing:]
    turns_left = state.turns_left
    if turns_left is not None:
        turns_left -= 1
    elif len(pool) < COMMON_POOL:
        turns_left = len(state.players)  # I-11: one more turn each
    player = evolve(state.player, turns=state.player.turns + 1)
    state = evolve(state.with_player(player), common_pool=pool, pile=pile, turns_left=turns_left)
    if turns_left == 0:
        return evolve(state, phase=Phase.OVER)
    following = (state.current + 1) % len(state.players)
    phase = Phase.PLACE if state.players[following].pool else Phase.BUILD
    return evolve(state, current=following, phase=phase, turn=state.turn + 1)
