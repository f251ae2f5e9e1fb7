"""The end of a turn (R-3.6), the 2-player variant's removal (R-8) and the end (R-4).

Setup deals tiles in order: the first player's Personal Pool, the second's, then the
Common Pool, then the pile (see :mod:`tests.engine.positions`).
"""

from __future__ import annotations

import pytest
from attrs import evolve

from fertility_rules.errors import IllegalMoveError
from fertility_rules.fertility.rules import (
    EndSupplying,
    RemoveTile,
    SkipBuilding,
    TakeTile,
    apply,
    legal_moves,
)
from fertility_rules.fertility.state import GameState, Phase
from fertility_rules.fertility.testing.engine import check_invariants, tiles_in_game
from tests.engine.positions import game, give


def _ending(variant: bool = False, players: int = 2) -> GameState:
    """The first player has laid a tile (the first legal placement), not built, and
    holds 1 Alabaster and 2 Grapes more than the harvest: the supplying step."""
    state = game(variant=variant, players=players)
    state = apply(state, legal_moves(state)[0])
    while state.phase is Phase.QUARRY:
        state = apply(state, legal_moves(state)[0])
    state = apply(state, SkipBuilding())
    assert state.phase is Phase.SUPPLY
    return give(state, (1, 0, 0, 2))


def test_leftover_tokens_go_back_to_the_stock() -> None:
    state = _ending()
    supply = state.player.supply
    assert supply[0] >= 1
    assert supply[3] >= 2
    assert all(s + n == 20 for s, n in zip(state.stock, supply, strict=True))
    after = apply(state, EndSupplying())
    assert after.player.supply == (0, 0, 0, 0)
    assert after.stock == (20, 20, 20, 20)  # no token is on a Shop: all are back
    assert after.phase is Phase.TAKE
    assert after.current == 0
    assert legal_moves(after) == [TakeTile(t) for t in state.common_pool]


def test_take_a_tile_and_refill_the_common_pool() -> None:
    state = apply(_ending(), EndSupplying())
    first, second, third = state.common_pool
    after = apply(state, TakeTile(second))
    assert after.players[0].pool == (*state.players[0].pool, second)
    assert after.common_pool == (first, third, state.pile[0])
    assert after.pile == state.pile[1:]
    assert after.players[0].turns == 1
    assert after.current == 1
    assert after.turn == 2
    assert after.phase is Phase.PLACE
    assert after.removed == ()
    assert check_invariants(after, tiles_in_game(state)) == []


def test_take_a_tile_not_in_the_common_pool() -> None:
    state = apply(_ending(), EndSupplying())
    with pytest.raises(IllegalMoveError) as error:
        apply(state, TakeTile(state.pile[0]))
    assert error.value.rule == "R-3.6"


def test_the_variant_removes_a_tile_after_taking_one() -> None:
    state = apply(_ending(variant=True), EndSupplying())
    assert len(tiles_in_game(state)) == 39
    first, second, third = state.common_pool
    taken = apply(state, TakeTile(first))
    assert taken.phase is Phase.REMOVE
    assert taken.current == 0
    assert legal_moves(taken) == [RemoveTile(second), RemoveTile(third)]
    with pytest.raises(IllegalMoveError) as error:
        apply(taken, RemoveTile(first))  # already in the Personal Pool
    assert error.value.rule == "R-8"
    after = apply(taken, RemoveTile(third))
    assert after.removed == (third,)
    assert after.common_pool == (second, state.pile[0], state.pile[1])
    assert after.pile == state.pile[2:]
    assert after.current == 1
    assert after.phase is Phase.PLACE
    assert check_invariants(after, tiles_in_game(state)) == []


def test_no_removal_without_the_variant() -> None:
    state = apply(apply(_ending(), EndSupplying()), TakeTile(game().common_pool[0]))
    with pytest.raises(IllegalMoveError) as error:
        apply(state, RemoveTile(state.common_pool[0]))
    assert error.value.rule == "R-3"


def test_an_empty_pile_triggers_the_last_round() -> None:
    # The pile is empty (its tiles set aside): after the take the Common Pool cannot be
    # refilled to 3, so each player, the first included, plays one more turn (I-11).
    state = apply(_ending(), EndSupplying())
    state = evolve(state, pile=())
    after = apply(state, TakeTile(state.common_pool[0]))
    assert len(after.common_pool) == 2
    assert after.turns_left == 2
    assert after.current == 1
    assert not after.is_over
    turns = 0
    while not after.is_over:
        turn = after.turn
        while after.turn == turn and not after.is_over:
            after = apply(after, legal_moves(after)[0])
        turns += 1
    assert turns == 2
    # The first player: the triggering turn and one more; the second: one turn.
    assert [p.turns for p in after.players] == [2, 1]
    assert legal_moves(after) == []


def test_moves_after_the_end_are_refused() -> None:
    state = evolve(apply(_ending(), EndSupplying()), phase=Phase.OVER)
    with pytest.raises(IllegalMoveError) as error:
        apply(state, EndSupplying())
    assert error.value.rule == "R-4.2"
