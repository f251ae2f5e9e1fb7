"""Laying a tile (R-3.1) and discarding one (R-3.2) on hand-built positions.

Every illegal placement raises :class:`IllegalMoveError` naming the rule, and the state
is left as it was (compared with a freshly built equal position).
"""

from __future__ import annotations

import random

import pytest

from fertility_rules.errors import IllegalMoveError
from fertility_rules.fertility.model.resources import Resource
from fertility_rules.fertility.rules import (
    DiscardTile,
    Move,
    PlaceTile,
    apply,
    is_legal,
    legal_moves,
    violations,
)
from fertility_rules.fertility.rules.placement import placement_yield
from fertility_rules.fertility.setup import new_game
from fertility_rules.fertility.state import GameState, Phase
from tests.engine.positions import HEIGHT, WIDTH, game, sq, tile

A, B, P, G = Resource.ALABASTER, Resource.BOVINE, Resource.PAPYRUS, Resource.GRAPES

# Wheat on (2,3), water on (2,4); one Bovine scene in play on X = (3,3).
GROUND = (
    "............",
    "............",
    "...w~.......",
    ".S...S...S..",
    "............",
    "............",
    "............",
    "............",
)
SCENES = (
    "............",
    "............",
    "............",
    "...B........",
    "............",
    "............",
    "............",
    "............",
)
X = sq(3, 3)
WATER = sq(2, 4)
BB, BP, PP, GG, PA = tile(B, B), tile(B, P), tile(P, P), tile(G, G), tile(P, A)


def _position() -> GameState:
    return game(GROUND, scenes=SCENES, pool=(BP, BB, PP))


def _neighbours(square: int) -> list[int]:
    row, column = divmod(square, WIDTH)
    out = []
    for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
        if 0 <= r < HEIGHT and 0 <= c < WIDTH:
            out.append(sq(r, c))
    return out


ILLEGAL = [
    pytest.param(PlaceTile(BB, sq(2, 3), sq(3, 3) - WIDTH - WIDTH), "R-3.1", id="on-wheat"),
    pytest.param(PlaceTile(BB, sq(2, 4), sq(1, 4)), "R-3.1", id="on-water"),
    pytest.param(PlaceTile(BB, sq(7, 11), sq(7, 11) + 1), "R-3.1", id="off-the-board-right"),
    pytest.param(PlaceTile(BB, sq(7, 3), sq(7, 3) + WIDTH), "R-3.1", id="off-the-board-below"),
    pytest.param(PlaceTile(BB, sq(0, 3), sq(0, 3) - WIDTH), "R-3.1", id="off-the-board-above"),
    pytest.param(PlaceTile(BB, X, sq(3, 4)), "R-3.1", id="over-a-tile"),
    pytest.param(PlaceTile(BB, sq(4, 3), sq(4, 5)), "R-1.3", id="halves-not-adjacent"),
    pytest.param(PlaceTile(BB, sq(3, 11), sq(4, 0)), "R-1.3", id="halves-on-two-rows-ends"),
    pytest.param(PlaceTile(BB, sq(4, 4), sq(4, 4)), "R-1.3", id="both-halves-on-one-square"),
    pytest.param(PlaceTile(PP, sq(4, 3), sq(5, 3)), "R-3.1", id="no-identical-neighbour"),
    pytest.param(PlaceTile(BP, sq(4, 4), sq(4, 3)), "R-3.1", id="identical-scene-on-wrong-half"),
    pytest.param(PlaceTile(BP, sq(6, 6), sq(6, 7)), "R-3.1", id="far-from-everything"),
    pytest.param(PlaceTile(GG, sq(4, 3), sq(5, 3)), "R-3.1", id="tile-not-in-pool"),
    pytest.param(PlaceTile("V99", sq(4, 3), sq(5, 3)), "R-3.1", id="unknown-tile"),
    pytest.param(DiscardTile(BP), "R-3.2", id="discard-while-a-tile-can-be-laid"),
    pytest.param(DiscardTile(GG), "R-3.2", id="discard-a-tile-not-in-pool"),
]


@pytest.mark.parametrize(("move", "rule"), ILLEGAL)
def test_illegal_placement_is_refused_and_changes_nothing(move: Move, rule: str) -> None:
    state = _position()
    assert not is_legal(state, move)
    assert violations(state, move)[0].rule == rule
    assert move not in legal_moves(state)
    with pytest.raises(IllegalMoveError) as error:
        apply(state, move)
    assert error.value.rule == rule
    assert error.value.move == move
    assert rule in str(error.value)
    assert state == _position()
    assert legal_moves(state) == legal_moves(_position())


def test_wheat_square_is_never_covered_even_next_to_a_scene() -> None:
    # (2,3) is wheat right above the Bovine on (3,3): the B|B tile on (2,3)-(1,3) would
    # connect, but the square is not desert.
    state = _position()
    assert violations(state, PlaceTile(BB, sq(2, 3), sq(1, 3)))[0].rule == "R-3.1"


def test_legal_placements_are_exactly_the_connected_ones() -> None:
    # Only B|P can connect (its Bovine next to X); P|P and G|G have no identical scene
    # in play. The Bovine half goes on one of X's desert neighbours ((2,3) is wheat):
    # (4,3), (3,2) or (3,4); the Papyrus half on an empty desert neighbour of that
    # square other than X: 3 for (4,3) and (3,2), 2 for (3,4) (water on (2,4)) -> 8.
    state = game(GROUND, scenes=SCENES, pool=(BP, PP, GG))
    expected = {
        PlaceTile(BP, first, second)
        for first in (sq(4, 3), sq(3, 2), sq(3, 4))
        for second in _neighbours(first)
        if second not in (X, WATER)
    }
    assert len(expected) == 8
    moves = legal_moves(state)
    assert len(moves) == len(set(moves)) == 8
    assert set(moves) == expected


def test_placing_moves_the_tile_from_pool_to_board() -> None:
    state = _position()
    move = PlaceTile(BP, sq(4, 3), sq(5, 3))
    after = apply(state, move)
    assert after.player.pool == (BB, PP)
    assert after.valley.tiles[-1].tile == BP
    assert after.valley.tiles[-1].squares == (sq(4, 3), sq(5, 3))
    assert after.valley.tiles[-1].scenes == (B, P)
    assert after.valley.tiles[-1].player == 0
    assert not after.valley.empty >> sq(4, 3) & 1
    assert after.valley.scenes[B] >> sq(4, 3) & 1
    assert after.valley.scenes[P] >> sq(5, 3) & 1
    assert after.player.supply == (0, 1, 0, 0)  # the Bovine touches X


def test_every_legal_orientation_of_a_double_tile_is_listed() -> None:
    # A tile showing the same scene twice may be laid either way round; ``is_legal``
    # accepts both orders of the squares, so ``legal_moves`` ("every legal move") must
    # list both. Hand count: a domino covering one of X's desert neighbours and not X
    # nor water: 3 + 3 + 2 as above, none shared (X's neighbours are not adjacent to
    # each other) -> 8 dominoes, 16 ordered placements.
    state = game(GROUND, scenes=SCENES, pool=(BB, PP, GG))
    accepted = {
        PlaceTile(BB, first, second)
        for first in range(WIDTH * HEIGHT)
        for second in _neighbours(first)
        if is_legal(state, PlaceTile(BB, first, second))
    }
    assert len(accepted) == 16
    listed = {m for m in legal_moves(state) if isinstance(m, PlaceTile) and m.tile == BB}
    missing = accepted - listed
    assert not missing, (
        f"accepted by is_legal, missing from legal_moves: {sorted(missing, key=str)}"
    )
    assert listed == accepted


def test_discard_only_when_nothing_can_be_laid() -> None:
    # Only Bovine is in play; P|P, G|G and P|A cannot connect anywhere.
    state = game(GROUND, scenes=SCENES, pool=(PP, GG, PA))
    assert legal_moves(state) == [DiscardTile(PP), DiscardTile(GG), DiscardTile(PA)]
    after = apply(state, DiscardTile(GG))
    assert after.player.pool == (PP, PA)
    assert after.discarded == (GG,)
    assert after.phase is Phase.BUILD
    # Nothing is harvested and the board is unchanged.
    assert after.player.supply == (0, 0, 0, 0)
    assert after.stock == state.stock
    assert after.valley == state.valley
    assert after.player.metropolis == state.player.metropolis


def test_a_full_board_forces_a_discard() -> None:
    # Every desert square is covered except two far apart: nothing fits.
    scenes = ["B" * WIDTH for _ in range(HEIGHT)]
    scenes[0] = "." + "B" * (WIDTH - 1)
    scenes[7] = "B" * (WIDTH - 1) + "."
    state = game(scenes=scenes, pool=(BB, BP, PP))
    assert legal_moves(state) == [DiscardTile(BB), DiscardTile(BP), DiscardTile(PP)]


def test_a_placements_yield_is_what_laying_the_tile_gives() -> None:
    """What :func:`placement_yield` reads of a placement is what the state after it holds:
    the Stock, the tokens taken into the supply, the Wheat, the Quarries owed and the
    next decision, at every placement of random games."""
    rng = random.Random(5)
    checked = 0
    for seed in range(4):
        state = new_game(("A", "B", "C")[: 2 + seed % 2], seed=seed)
        while not state.is_over:
            moves = legal_moves(state)
            for move in moves:
                if isinstance(move, PlaceTile):
                    found = placement_yield(state, move)
                    after = apply(state, move)
                    me = after.players[state.current]
                    taken = tuple(
                        a - b for a, b in zip(me.supply, state.player.supply, strict=True)
                    )
                    assert found.stock == after.stock
                    assert found.taken == taken
                    assert found.wheat == me.metropolis.wheat
                    assert (found.quarries, found.quarry_choices) == (
                        after.quarries,
                        after.quarry_choices,
                    )
                    assert found.phase is after.phase
                    checked += 1
            state = apply(state, moves[rng.randrange(len(moves))])
    assert checked > 1000
