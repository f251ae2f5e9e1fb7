"""Quarries (R-3.3.D): enclosure (I-1), several at once (I-2), empty Stock (I-3, I-13).

Squares are written (row, column); the drawings are explained in
:mod:`tests.engine.positions`.
"""

from __future__ import annotations

import pytest
from attrs import evolve

from fertility_rules.errors import IllegalMoveError
from fertility_rules.fertility.interpretations import Enclosure, Interpretations, QuarryCount
from fertility_rules.fertility.model.resources import RESOURCES, Resource
from fertility_rules.fertility.rules import ClaimQuarry, PlaceTile, apply, legal_moves
from fertility_rules.fertility.state import GameState, Phase
from tests.engine.positions import game, sq, tile

A, B, P, G = Resource.ALABASTER, Resource.BOVINE, Resource.PAPYRUS, Resource.GRAPES

# The empty square X = (3,3) has 7 of its 8 neighbours covered; only the diagonal
# (2,4) is open. The tile A|B is laid with its Alabaster on (2,4), Bovine on (1,4).
DIAGONAL = (
    "............",
    "............",
    "..AA........",
    "..A.A.......",
    "..AAA.......",
    "............",
    "............",
    "............",
)
X = sq(3, 3)


def _place_diagonal(options: Interpretations | None = None) -> GameState:
    ab = tile(A, B)
    state = game(scenes=DIAGONAL, pool=(ab,), options=options)
    return apply(state, PlaceTile(ab, sq(2, 4), sq(1, 4)))


def test_a_diagonal_closes_a_quarry_by_default() -> None:
    after = _place_diagonal()
    # Alabaster on (2,4) touches A on (2,3) and (3,4): 2 Alabaster; Bovine: none.
    assert after.player.supply == (2, 0, 0, 0)
    assert after.phase is Phase.QUARRY
    assert after.quarries == (X,)
    assert after.quarry_choices == 1
    # 4 resources (the Stock has each) or a Monument.
    expected = {ClaimQuarry(X, r) for r in RESOURCES} | {ClaimQuarry(X, None)}
    assert set(legal_moves(after)) == expected
    assert len(legal_moves(after)) == 5


def test_a_diagonal_does_not_close_a_quarry_under_orthogonal_enclosure() -> None:
    after = _place_diagonal(Interpretations(quarry_enclosure=Enclosure.ORTHOGONAL))
    assert after.player.supply == (2, 0, 0, 0)
    assert after.phase is Phase.BUILD
    assert after.quarries == ()


# X = (3,3) has its 8 neighbours covered except the orthogonal (3,4) and the diagonal
# (2,4). The tile A|B is laid on (3,4)-(3,5): X's orthogonal neighbours are then all
# covered, but its diagonal (2,4) is still open.
ORTHOGONAL = (
    "............",
    "............",
    "..AA........",
    "..A.........",
    "..AAA.......",
    "............",
    "............",
    "............",
)


def test_orthogonal_closure_with_an_open_diagonal() -> None:
    ab = tile(A, B)
    move = PlaceTile(ab, sq(3, 4), sq(3, 5))
    default = apply(game(scenes=ORTHOGONAL, pool=(ab,)), move)
    # Alabaster on (3,4) touches A on (4,4) only ((2,4) is open, (3,3) is X): 1.
    assert default.player.supply == (1, 0, 0, 0)
    assert default.phase is Phase.BUILD  # the diagonal (2,4) is open: no Quarry (I-1)
    options = Interpretations(quarry_enclosure=Enclosure.ORTHOGONAL)
    orthogonal = apply(game(scenes=ORTHOGONAL, pool=(ab,), options=options), move)
    assert orthogonal.phase is Phase.QUARRY
    assert orthogonal.quarries == (X,)


def test_a_monument_goes_on_the_quarry() -> None:
    after = apply(_place_diagonal(), ClaimQuarry(X, None))
    assert after.player.metropolis.monuments == 1
    assert after.player.monuments_left == 3
    assert after.valley.monuments == ((X, 0),)
    assert not after.valley.empty >> X & 1
    assert after.phase is Phase.BUILD
    assert after.player.supply == (2, 0, 0, 0)


def test_a_token_of_choice_from_the_quarry() -> None:
    before = _place_diagonal()
    after = apply(before, ClaimQuarry(X, Resource.PAPYRUS))
    assert after.player.supply == (2, 0, 1, 0)
    assert after.stock == (18, 20, 19, 20)
    assert after.phase is Phase.BUILD
    assert after.valley.empty >> X & 1  # the square stays an empty desert square


def test_no_monument_left() -> None:
    state = _place_diagonal()
    player = state.player
    state = state.with_player(evolve(player, metropolis=evolve(player.metropolis, monuments=4)))
    assert ClaimQuarry(X, None) not in legal_moves(state)
    with pytest.raises(IllegalMoveError) as error:
        apply(state, ClaimQuarry(X, None))
    assert error.value.rule == "R-1.8"


def test_a_square_that_is_not_a_quarry_cannot_be_claimed() -> None:
    state = _place_diagonal()
    with pytest.raises(IllegalMoveError) as error:
        apply(state, ClaimQuarry(sq(0, 0), Resource.BOVINE))
    assert error.value.rule == "R-3.3.D"


# Two Quarries at once: X1 = (3,3) and X2 = (3,6) are each closed on 7 sides; the tile
# A|G laid on (3,4)-(3,5) closes both.
TWO = (
    "............",
    "............",
    "..AAAAAA....",
    "..A....G....",
    "..GGGGGG....",
    "............",
    "............",
    "............",
)
X1, X2 = sq(3, 3), sq(3, 6)


def _place_two(options: Interpretations | None = None, state: GameState | None = None) -> GameState:
    ag = tile(A, G)
    state = state or game(scenes=TWO, pool=(ag,), options=options)
    return apply(state, PlaceTile(ag, sq(3, 4), sq(3, 5)))


def test_two_quarries_give_two_choices_by_default() -> None:
    after = _place_two()
    # Alabaster on (3,4) touches A (2,4); Grapes on (3,5) touches G (4,5): 1 + 1.
    assert after.player.supply == (1, 0, 0, 1)
    assert after.quarries == (X1, X2)
    assert after.quarry_choices == 2
    assert len(legal_moves(after)) == 10  # 2 squares x (4 resources + a Monument)
    first = apply(after, ClaimQuarry(X1, None))
    assert first.phase is Phase.QUARRY
    assert first.quarries == (X2,)
    assert set(legal_moves(first)) == {ClaimQuarry(X2, r) for r in RESOURCES} | {
        ClaimQuarry(X2, None)
    }
    with pytest.raises(IllegalMoveError):
        apply(first, ClaimQuarry(X1, Resource.BOVINE))  # already claimed
    second = apply(first, ClaimQuarry(X2, Resource.BOVINE))
    assert second.phase is Phase.BUILD
    assert second.player.supply == (1, 1, 0, 1)
    assert second.player.metropolis.monuments == 1


def test_one_quarry_per_placement_under_the_alternative() -> None:
    after = _place_two(Interpretations(quarries_per_placement=QuarryCount.ONE))
    assert after.quarries == (X1, X2)  # either may be chosen...
    assert after.quarry_choices == 1  # ...but only one
    assert len(legal_moves(after)) == 10
    done = apply(after, ClaimQuarry(X2, Resource.PAPYRUS))
    assert done.phase is Phase.BUILD
    assert done.quarries == ()
    assert done.player.supply == (1, 0, 1, 1)


def test_an_empty_stock_gives_nothing_for_connections() -> None:
    ag = tile(A, G)
    state = game(scenes=TWO, pool=(ag,))
    state = evolve(state, stock=(0, 20, 20, 20))
    after = _place_two(state=state)
    # 1 Alabaster wanted, none in the Stock (I-3): only the Grapes.
    assert after.player.supply == (0, 0, 0, 1)
    assert after.stock == (0, 20, 20, 19)


def test_an_empty_stock_limits_quarry_choices() -> None:
    ag = tile(A, G)
    state = evolve(game(scenes=TWO, pool=(ag,)), stock=(0, 20, 20, 20))
    after = _place_two(state=state)
    # Per square: Bovine, Papyrus, Grapes or a Monument (no Alabaster left, I-13).
    assert len(legal_moves(after)) == 8
    assert ClaimQuarry(X1, Resource.ALABASTER) not in legal_moves(after)
    with pytest.raises(IllegalMoveError) as error:
        apply(after, ClaimQuarry(X1, Resource.ALABASTER))
    assert error.value.rule == "I-13"


def test_the_stock_gives_what_it_has() -> None:
    ag = tile(A, G)
    state = evolve(game(scenes=TWO, pool=(ag,)), stock=(1, 0, 0, 0))
    after = _place_two(state=state)
    assert after.player.supply == (1, 0, 0, 0)  # the 1 Grapes wanted is not there
    assert after.stock == (0, 0, 0, 0)
    # The Stock is empty: a Quarry can still take a Monument.
    assert set(legal_moves(after)) == {ClaimQuarry(X1, None), ClaimQuarry(X2, None)}


def test_nothing_to_take_skips_the_quarries() -> None:
    ag = tile(A, G)
    state = evolve(game(scenes=TWO, pool=(ag,)), stock=(0, 0, 0, 0))
    player = state.player
    state = state.with_player(evolve(player, metropolis=evolve(player.metropolis, monuments=4)))
    after = _place_two(state=state)
    # No token in the Stock, no Monument left: the Quarries give nothing (I-13).
    assert after.phase is Phase.BUILD
    assert after.quarries == ()
    assert after.player.supply == (0, 0, 0, 0)
