"""The invariant checks of :mod:`fertility_rules.fertility.testing.engine` and the setup (R-2).

The checker must accept every set-up game and catch each kind of broken state, or the
state machine would prove nothing.
"""

from __future__ import annotations

from attrs import evolve
from hypothesis import given

from fertility_rules.fertility.model.shop import ShopState
from fertility_rules.fertility.rules import legal_moves
from fertility_rules.fertility.state import GameState, PlacedTile
from fertility_rules.fertility.testing.engine import (
    check_invariants,
    games,
    shop_token_decreases,
    tiles_in_game,
)
from tests.engine.positions import game

TILES = {2: 24, 3: 35, 4: 46}


@given(games())
def test_a_new_game_is_set_up_by_the_rules(state: GameState) -> None:
    players = len(state.players)
    drawn = 39 if state.config.variant else TILES[players]
    assert len(tiles_in_game(state)) == drawn
    assert [len(p.pool) for p in state.players] == [3] * players
    assert len(state.common_pool) == 3
    assert len(state.offer) == 4
    assert state.stock == (20, 20, 20, 20)
    assert all(p.metropolis.wheat == 0 for p in state.players)
    assert len({p.monument_type for p in state.players}) == players
    assert state.current == 0
    assert len(state.valley.tiles) == 1  # only the starting tile
    assert legal_moves(state)
    assert check_invariants(state, drawn) == []
    assert check_invariants(state, tiles_in_game(state)) == []


def _one_message(problems: list[str], needle: str) -> None:
    assert len(problems) == 1, problems
    assert needle in problems[0], problems


def test_a_lost_token_is_caught() -> None:
    state = game()
    broken = evolve(state, stock=(20, 19, 20, 20))
    _one_message(check_invariants(broken, 24), "bovine")


def test_a_token_out_of_nowhere_is_caught() -> None:
    state = game()
    player = evolve(state.player, supply=(0, 0, 1, 0))
    _one_message(check_invariants(state.with_player(player), 24), "papyrus")


def test_a_lost_tile_is_caught() -> None:
    state = game()
    broken = evolve(state, pile=state.pile[1:])
    _one_message(check_invariants(broken, 24), "R-7 (tiles)")


def test_a_swapped_tile_is_caught_when_the_tiles_are_known() -> None:
    state = game()
    outside = next(t for t in state.config.tiles if t not in tiles_in_game(state))
    broken = evolve(state, pile=(outside, *state.pile[1:]))
    assert check_invariants(broken, 24) == []  # the count alone cannot see it
    _one_message(check_invariants(broken, tiles_in_game(state)), "appeared")


def test_a_shop_without_its_district_is_caught() -> None:
    state = game()
    shop = state.config.catalogue.district("D04").shops[0]
    metropolis = state.player.metropolis
    metropolis = evolve(metropolis, shops=(*metropolis.shops, ShopState(shop)))
    broken = state.with_player(evolve(state.player, metropolis=metropolis))
    _one_message(check_invariants(broken, 24), "R-1.7")


def test_a_monument_not_on_the_board_is_caught() -> None:
    state = game()
    metropolis = evolve(state.player.metropolis, monuments=1)
    broken = state.with_player(evolve(state.player, metropolis=metropolis))
    _one_message(check_invariants(broken, 24), "Monuments on the board")


def test_a_tile_without_its_scenes_is_caught() -> None:
    state = game()
    placed = PlacedTile("start", (0, 1), state.valley.tiles[0].scenes[:2], None)
    broken = evolve(state, valley=evolve(state.valley, tiles=(*state.valley.tiles, placed)))
    problems = check_invariants(broken, 24)
    assert any("not those of the tiles laid" in p for p in problems), problems


def test_tokens_leaving_a_shop_are_caught() -> None:
    state = game()
    metropolis = state.player.metropolis
    shops = (ShopState(metropolis.shops[0].shop, (1, 0, 0, 0)), *metropolis.shops[1:])
    full = state.with_player(evolve(state.player, metropolis=evolve(metropolis, shops=shops)))
    assert shop_token_decreases(state, full) == []
    _one_message(shop_token_decreases(full, state), "R-3.5")
