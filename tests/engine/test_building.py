"""Building a District (R-3.4), paid with supply tokens and Wheat; the offer (I-10).

The positions start from a real setup (:func:`tests.engine.positions.game`) and jump to
the building step with tokens taken from the Stock, so every invariant of R-7 holds.
The offer is D05 (cost 2), D02 (cost 1), D14 (cost 0), D04 (cost 0); D07 is next.
"""

from __future__ import annotations

import pytest
from attrs import evolve

from fertility_rules.errors import IllegalMoveError
from fertility_rules.fertility.interpretations import Interpretations, OfferSize
from fertility_rules.fertility.model.shop import ShopState
from fertility_rules.fertility.rules import BuildDistrict, Move, SkipBuilding, apply, legal_moves
from fertility_rules.fertility.state import GameState, Phase
from fertility_rules.fertility.testing.engine import check_invariants, tiles_in_game
from tests.engine.positions import at, game, give, with_wheat


def _building(
    tokens: tuple[int, int, int, int] = (1, 0, 0, 0),
    wheat: int = 3,
    options: Interpretations | None = None,
) -> GameState:
    state = game(options=options)
    return at(with_wheat(give(state, tokens), wheat), Phase.BUILD)


def _invariants(state: GameState) -> list[str]:
    return check_invariants(state, tiles_in_game(game()))


def test_the_position_is_consistent() -> None:
    assert _invariants(_building()) == []


def test_pay_with_a_token_and_wheat() -> None:
    state = _building()
    after = apply(state, BuildDistrict("D05", 0, (1, 0, 0, 0), 1))
    metropolis = after.player.metropolis
    assert metropolis.wheat == 2  # 3 - 1: the marker moves down
    assert after.player.supply == (0, 0, 0, 0)
    assert after.stock == (20, 20, 20, 20)  # the Alabaster is back in the Stock
    assert metropolis.spots[0] is not None
    assert metropolis.spots[0].id == "D05"
    district = state.config.catalogue.district("D05")
    assert len(metropolis.shops) == 4 + 3
    assert metropolis.shops[4:] == tuple(ShopState(shop) for shop in district.shops)
    assert after.offer == ("D02", "D14", "D04", "D07")  # refilled to 4 (I-10)
    assert after.district_deck[0] == "D01"
    assert after.phase is Phase.SUPPLY
    assert _invariants(after) == []


def test_pay_with_wheat_only() -> None:
    after = apply(_building(), BuildDistrict("D05", 3, (0, 0, 0, 0), 2))
    assert after.player.metropolis.wheat == 1
    assert after.player.supply == (1, 0, 0, 0)
    assert after.player.metropolis.spots[3] is not None


def test_a_free_district() -> None:
    after = apply(_building(), BuildDistrict("D14", 6, (0, 0, 0, 0), 0))
    assert after.player.metropolis.wheat == 3
    assert after.player.supply == (1, 0, 0, 0)
    assert after.offer == ("D05", "D02", "D04", "D07")


def test_the_legal_builds() -> None:
    # Supply 1 Alabaster, 3 Wheat, 7 free spots. Ways to pay: D05 (cost 2): 2 Wheat, or
    # Alabaster + 1 Wheat; D02 (cost 1): 1 Wheat, or Alabaster; D14 and D04: nothing.
    # 6 payments x 7 spots + not building = 43.
    moves = legal_moves(_building())
    assert len(moves) == 43
    assert SkipBuilding() in moves
    assert BuildDistrict("D05", 4, (1, 0, 0, 0), 1) in moves
    assert BuildDistrict("D05", 4, (0, 0, 0, 0), 2) in moves
    assert BuildDistrict("D02", 0, (1, 0, 0, 0), 0) in moves
    assert BuildDistrict("D02", 0, (0, 0, 0, 0), 1) in moves


def _with_token_on_a_shop(state: GameState) -> GameState:
    """One Alabaster from the Stock on the "any resource" Shop 0 of M1."""
    player = state.player
    shops = player.metropolis.shops
    shops = (ShopState(shops[0].shop, (1, 0, 0, 0)), *shops[1:])
    player = evolve(player, metropolis=evolve(player.metropolis, shops=shops))
    stock = state.stock
    return evolve(state.with_player(player), stock=(stock[0] - 1, *stock[1:]))


def _full_metropolis(state: GameState) -> GameState:
    catalogue = state.config.catalogue
    districts = [catalogue.district(d) for d in ("D15", "D17", "D19", "D27", "D34", "D38", "D39")]
    player = state.player
    metropolis = evolve(
        player.metropolis,
        spots=tuple(districts),
        shops=player.metropolis.shops
        + tuple(ShopState(shop) for d in districts for shop in d.shops),
    )
    # Built Districts have left the pile (R-2.5: the pile is the whole deck at setup).
    deck = tuple(d for d in state.district_deck if d not in {x.id for x in districts})
    return evolve(state.with_player(evolve(player, metropolis=metropolis)), district_deck=deck)


ILLEGAL: list[object] = [
    pytest.param(BuildDistrict("D05", 0, (1, 0, 0, 0), 2), id="over-payment"),
    pytest.param(BuildDistrict("D05", 0, (0, 0, 0, 0), 1), id="under-payment"),
    pytest.param(BuildDistrict("D02", 0, (0, 1, 0, 0), 0), id="token-not-in-supply"),
    pytest.param(BuildDistrict("D02", 0, (2, 0, 0, 0), 0), id="two-tokens-one-in-supply"),
    pytest.param(BuildDistrict("D05", 0, (0, 0, 0, 0), 4), id="more-wheat-than-held"),
    pytest.param(BuildDistrict("D07", 0, (1, 0, 0, 0), 0), id="not-on-offer"),
    pytest.param(BuildDistrict("D14", 7, (0, 0, 0, 0), 0), id="no-such-spot"),
    pytest.param(BuildDistrict("D14", -1, (0, 0, 0, 0), 0), id="negative-spot"),
    pytest.param(BuildDistrict("D02", 0, (-1, 0, 0, 0), 2), id="negative-token"),
    pytest.param(BuildDistrict("D02", 0, (1, 0, 0, 0), -1), id="negative-wheat"),
]


@pytest.mark.parametrize("move", ILLEGAL)
def test_illegal_builds(move: Move) -> None:
    state = _building()
    assert move not in legal_moves(state)
    with pytest.raises(IllegalMoveError) as error:
        apply(state, move)
    assert error.value.rule == "R-3.4"
    assert state == _building()


def test_tokens_on_shops_cannot_pay() -> None:
    # The player's only token is on a Shop; the supply is empty.
    state = _with_token_on_a_shop(_building(tokens=(0, 0, 0, 0), wheat=0))
    assert _invariants(state) == []
    with pytest.raises(IllegalMoveError) as error:
        apply(state, BuildDistrict("D02", 0, (1, 0, 0, 0), 0))
    assert error.value.rule == "R-3.4"
    # Only the free Districts can be built: D14 and D04 on 7 spots, or nothing.
    assert len(legal_moves(state)) == 2 * 7 + 1


def test_a_taken_spot() -> None:
    built = apply(_building(), BuildDistrict("D14", 2, (0, 0, 0, 0), 0))
    again = at(built, Phase.BUILD)  # as in a later turn
    with pytest.raises(IllegalMoveError) as error:
        apply(again, BuildDistrict("D04", 2, (0, 0, 0, 0), 0))
    assert error.value.rule == "R-3.4"
    assert all(move.spot != 2 for move in legal_moves(again) if isinstance(move, BuildDistrict))


def test_one_district_a_turn() -> None:
    built = apply(_building(), BuildDistrict("D14", 2, (0, 0, 0, 0), 0))
    with pytest.raises(IllegalMoveError) as error:
        apply(built, BuildDistrict("D04", 3, (0, 0, 0, 0), 0))
    assert error.value.rule == "R-3"  # building is over: this is the supplying step


def test_no_building_on_a_full_metropolis() -> None:
    state = _full_metropolis(_building())
    assert _invariants(state) == []
    assert legal_moves(state) == [SkipBuilding()]
    with pytest.raises(IllegalMoveError) as error:
        apply(state, BuildDistrict("D14", 0, (0, 0, 0, 0), 0))
    assert error.value.rule == "R-3.4"


def test_skip_building() -> None:
    state = _building()
    after = apply(state, SkipBuilding())
    assert after.phase is Phase.SUPPLY
    assert after.offer == state.offer
    assert after.players == state.players


def test_offer_refilled_to_three_under_the_alternative() -> None:
    state = _building(options=Interpretations(district_offer=OfferSize.THREE))
    after = apply(state, BuildDistrict("D14", 0, (0, 0, 0, 0), 0))
    assert after.offer == ("D05", "D02", "D04")
    assert after.district_deck[0] == "D07"
