"""Supplying Shops (R-3.5) and immediate benefits (R-6): chains, I-6, I-7, I-13.

The first player's Metropolis is board M1, whose Shops are: 0 "any resource" -> 2
Debens, 1 Papyrus -> 3 Debens, 2 Grapes -> +1 Wheat, 3 Bovine -> x1 per Bovine. The
player builds D14 (cost 0) on spot 0: its one Shop, number 4, takes a Papyrus and gives
one of Alabaster, Bovine or Grapes from the Stock, put at once on another Shop.
"""

from __future__ import annotations

import pytest
from attrs import evolve

from fertility_rules.errors import IllegalMoveError
from fertility_rules.fertility.interpretations import Interpretations, LostResource
from fertility_rules.fertility.model.resources import Counts, Resource
from fertility_rules.fertility.model.shop import ShopState
from fertility_rules.fertility.rules import (
    BuildDistrict,
    EndSupplying,
    Move,
    PlaceBonusResource,
    SupplyShop,
    apply,
    legal_moves,
)
from fertility_rules.fertility.state import GameState, Phase
from fertility_rules.fertility.testing.engine import check_invariants, tiles_in_game
from tests.engine.positions import at, game, give, with_wheat

A, B, P, G = Resource.ALABASTER, Resource.BOVINE, Resource.PAPYRUS, Resource.GRAPES
D14_SHOP = 4


def _supplying(tokens: Counts = (0, 0, 1, 0), options: Interpretations | None = None) -> GameState:
    """D14 built; ``tokens`` in the supply; the supplying step."""
    state = at(give(game(options=options), tokens), Phase.BUILD)
    state = apply(state, BuildDistrict("D14", 0, (0, 0, 0, 0), 0))
    assert state.phase is Phase.SUPPLY
    assert state.player.metropolis.board_id == "M1"
    return state


def _fill(state: GameState, shop: int, resource: Resource) -> GameState:
    """Shop ``shop`` of the current player supplied with ``resource`` from the Stock."""
    player = state.player
    shops = list(player.metropolis.shops)
    tokens = [0, 0, 0, 0]
    tokens[resource] = 1
    shops[shop] = ShopState(shops[shop].shop, (tokens[0], tokens[1], tokens[2], tokens[3]))
    player = evolve(player, metropolis=evolve(player.metropolis, shops=tuple(shops)))
    stock = list(state.stock)
    stock[resource] -= 1
    return evolve(state.with_player(player), stock=(stock[0], stock[1], stock[2], stock[3]))


def _invariants(state: GameState) -> list[str]:
    return check_invariants(state, tiles_in_game(game()))


def test_the_supply_moves() -> None:
    state = _supplying()
    # The Papyrus may go on Shop 0 (any), 1 (Papyrus) or 4 (D14's Papyrus).
    assert set(legal_moves(state)) == {
        EndSupplying(),
        SupplyShop(P, 0),
        SupplyShop(P, 1),
        SupplyShop(P, D14_SHOP),
    }


def test_supplying_a_plain_shop() -> None:
    after = apply(_supplying(), SupplyShop(P, 1))
    assert after.player.metropolis.shops[1].tokens == (0, 0, 1, 0)
    assert after.player.metropolis.shops[1].is_full
    assert after.player.supply == (0, 0, 0, 0)
    assert after.phase is Phase.SUPPLY
    assert _invariants(after) == []


def test_a_resource_benefit_completes_a_wheat_shop() -> None:
    state = apply(_supplying(), SupplyShop(P, D14_SHOP))
    assert state.phase is Phase.BONUS
    assert state.bonuses == ((A, B, G),)
    # Alabaster, Bovine or Grapes on Shop 0 (any); Grapes on 2; Bovine on 3.
    assert set(legal_moves(state)) == {
        PlaceBonusResource(A, 0),
        PlaceBonusResource(B, 0),
        PlaceBonusResource(G, 0),
        PlaceBonusResource(G, 2),
        PlaceBonusResource(B, 3),
    }
    after = apply(state, PlaceBonusResource(G, 2))
    # The Grapes completes Shop 2, whose benefit moves the Wheat marker 0 -> 1.
    assert after.player.metropolis.shops[2].tokens == (0, 0, 0, 1)
    assert after.player.metropolis.wheat == 1
    assert after.stock == (20, 20, 19, 19)  # the Papyrus from the supply, the Grapes bonus
    assert after.phase is Phase.SUPPLY
    assert after.bonuses == ()
    assert _invariants(after) == []


def test_the_wheat_benefit_stops_at_the_top() -> None:
    state = apply(with_wheat(_supplying(), 10), SupplyShop(P, D14_SHOP))
    after = apply(state, PlaceBonusResource(G, 2))
    assert after.player.metropolis.wheat == 10  # I-7


def test_a_benefit_no_shop_can_take_is_lost() -> None:
    # Shops 0, 2 and 3 are full; Shop 1 takes only Papyrus, which is not offered.
    state = _fill(_fill(_fill(_supplying(), 0, A), 2, G), 3, B)
    assert _invariants(state) == []
    after = apply(state, SupplyShop(P, D14_SHOP))
    assert after.phase is Phase.SUPPLY  # I-6: lost
    assert after.bonuses == ()
    assert after.stock == state.stock  # the token stays in the Stock
    assert after.player.supply == (0, 0, 0, 0)


def test_a_benefit_no_shop_can_take_goes_to_the_supply_under_the_alternative() -> None:
    options = Interpretations(lost_resource=LostResource.TO_SUPPLY)
    state = _fill(_fill(_fill(_supplying(options=options), 0, A), 2, G), 3, B)
    after = apply(state, SupplyShop(P, D14_SHOP))
    assert after.phase is Phase.BONUS
    assert set(legal_moves(after)) == {
        PlaceBonusResource(A, None),
        PlaceBonusResource(B, None),
        PlaceBonusResource(G, None),
    }
    final = apply(after, PlaceBonusResource(B, None))
    assert final.player.supply == (0, 1, 0, 0)
    assert final.stock[B] == after.stock[B] - 1
    assert final.phase is Phase.SUPPLY
    assert _invariants(final) == []


def test_to_the_supply_only_when_no_shop_can_take_it() -> None:
    options = Interpretations(lost_resource=LostResource.TO_SUPPLY)
    state = apply(_supplying(options=options), SupplyShop(P, D14_SHOP))
    assert PlaceBonusResource(B, None) not in legal_moves(state)
    with pytest.raises(IllegalMoveError) as error:
        apply(state, PlaceBonusResource(B, None))
    assert error.value.rule == "I-6"


def test_an_empty_stock_narrows_the_benefit() -> None:
    state = _supplying()
    state = evolve(state, stock=(0, 0, state.stock[2], 20))
    # No Alabaster, no Bovine in the Stock (I-13): only Grapes can be taken.
    bonus = apply(state, SupplyShop(P, D14_SHOP))
    assert set(legal_moves(bonus)) == {PlaceBonusResource(G, 0), PlaceBonusResource(G, 2)}
    with pytest.raises(IllegalMoveError) as error:
        apply(bonus, PlaceBonusResource(A, 0))
    assert error.value.rule == "I-13"


def test_an_empty_stock_loses_the_benefit() -> None:
    state = _supplying()
    state = evolve(state, stock=(0, 0, state.stock[2], 0))
    after = apply(state, SupplyShop(P, D14_SHOP))
    assert after.phase is Phase.SUPPLY
    assert after.bonuses == ()


ILLEGAL_SUPPLY = [
    pytest.param(SupplyShop(G, 1), (0, 0, 1, 1), "R-1.6", id="wrong-resource-for-the-shop"),
    pytest.param(SupplyShop(B, 0), (0, 0, 1, 0), "R-3.5", id="resource-not-in-supply"),
    pytest.param(SupplyShop(P, 9), (0, 0, 1, 0), "R-3.5", id="no-such-shop"),
    pytest.param(SupplyShop(P, -1), (0, 0, 1, 0), "R-3.5", id="negative-shop"),
    pytest.param(PlaceBonusResource(A, 0), (0, 0, 1, 0), "R-3", id="no-benefit-pending"),
]


@pytest.mark.parametrize(("move", "tokens", "rule"), ILLEGAL_SUPPLY)
def test_illegal_supply(move: Move, tokens: Counts, rule: str) -> None:
    state = _supplying(tokens)
    with pytest.raises(IllegalMoveError) as error:
        apply(state, move)
    assert error.value.rule == rule
    assert state == _supplying(tokens)


def test_a_full_shop_takes_no_more() -> None:
    state = apply(_supplying((0, 0, 2, 0)), SupplyShop(P, 1))
    with pytest.raises(IllegalMoveError) as error:
        apply(state, SupplyShop(P, 1))
    assert error.value.rule == "R-1.6"


def test_illegal_benefit_placements() -> None:
    state = apply(_supplying(), SupplyShop(P, D14_SHOP))
    cases: list[tuple[Move, str]] = [
        (PlaceBonusResource(P, 1), "R-6"),  # Papyrus is not offered
        (PlaceBonusResource(A, 2), "R-1.6"),  # Shop 2 takes Grapes only
        (PlaceBonusResource(G, D14_SHOP), "R-1.6"),  # the Shop that gave it is full
        (PlaceBonusResource(A, None), "I-6"),  # a Shop can take it: no supply
        (SupplyShop(P, 1), "R-3"),  # the benefit first
    ]
    for move, rule in cases:
        with pytest.raises(IllegalMoveError) as error:
            apply(state, move)
        assert error.value.rule == rule, move
