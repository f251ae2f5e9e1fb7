"""Construction validation of the immutable model (R-1): values that break a rule never exist."""

from __future__ import annotations

import attrs
import pytest
from attrs.exceptions import FrozenInstanceError
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules import MalformedInputError
from fertility_rules.fertility.effects import GenericBenefit, StatueChoiceBenefit
from fertility_rules.fertility.model import (
    District,
    Icon,
    Metropolis,
    Resource,
    Shop,
    ShopState,
    ValleyBoard,
    ValleyTile,
)
from fertility_rules.fertility.model.resources import Counts
from fertility_rules.fertility.testing.strategies import metropolises, shop_states
from tests.core.helpers import RULEBOOK_WHEAT_TRACK, metropolis

A, B, P, G = Resource.ALABASTER, Resource.BOVINE, Resource.PAPYRUS, Resource.GRAPES
TWO = GenericBenefit(2)


def counts(*tokens: Resource) -> Counts:
    c = [0, 0, 0, 0]
    for t in tokens:
        c[t] += 1
    return (c[0], c[1], c[2], c[3])


def assert_rule(error: MalformedInputError, rule: str) -> None:
    assert [p.rule for p in error.problems] == [rule]
    assert f"({rule})" in str(error)


# ---------------------------------------------------------------- Shops


@pytest.mark.parametrize(
    ("requires", "tokens"),
    [
        ((Icon.GRAPES,), counts(B)),  # a Bovine on a Grapes-only Shop
        ((Icon.GRAPES,), counts(G, G)),  # one Grapes icon, two Grapes
        ((Icon.BOVINE, Icon.GRAPES), counts(B, B)),  # one Bovine icon only
        ((Icon.GRAPES, Icon.ANY), counts(G, G, G)),  # more tokens than icons
        ((Icon.GRAPES, Icon.ANY), counts(B, P)),  # the "any" icon takes only one overflow
        ((Icon.ANY,), counts(A, B)),
        ((Icon.ALABASTER,), (-1, 0, 0, 0)),  # a negative count
    ],
)
def test_shop_state_rejects_tokens_it_cannot_take(
    requires: tuple[Icon, ...], tokens: Counts
) -> None:
    with pytest.raises(MalformedInputError) as caught:
        ShopState(Shop(requires, TWO), tokens)
    assert_rule(caught.value, "R-1.6")


@pytest.mark.parametrize(
    ("requires", "tokens"),
    [
        ((Icon.GRAPES,), counts()),
        ((Icon.GRAPES,), counts(G)),
        ((Icon.GRAPES, Icon.ANY), counts(G, G)),  # "any" takes the second Grapes
        ((Icon.GRAPES, Icon.ANY), counts(B)),  # "any" takes a Bovine, Grapes still missing
        ((Icon.GRAPES, Icon.ANY), counts(G, B)),
        ((Icon.ANY, Icon.ANY), counts(P, P)),
        ((Icon.ALABASTER, Icon.BOVINE, Icon.PAPYRUS, Icon.GRAPES), counts(A, B, P, G)),
    ],
)
def test_shop_state_accepts_tokens_that_fit(requires: tuple[Icon, ...], tokens: Counts) -> None:
    state = ShopState(Shop(requires, TWO), tokens)
    assert state.is_full == (sum(tokens) == len(requires))
    assert state.token_count == sum(tokens)


def test_accepts_matches_can_hold() -> None:
    shop = Shop((Icon.GRAPES, Icon.ANY), TWO)
    assert shop.accepts(counts(G), G)  # the second Grapes goes on "any"
    assert shop.accepts(counts(B), G)
    assert not shop.accepts(counts(B), P)  # "any" is already used by the Bovine
    assert not shop.accepts(counts(G, B), G)  # full


def test_shop_needs_an_icon() -> None:
    with pytest.raises(MalformedInputError) as caught:
        Shop((), TWO)
    assert_rule(caught.value, "R-1.6")


def test_shop_size_and_need() -> None:
    shop = Shop((Icon.GRAPES, Icon.ANY, Icon.GRAPES), StatueChoiceBenefit())
    assert (shop.size, shop.any_icons, shop.need) == (3, 1, (0, 0, 0, 2))


# ---------------------------------------------------------------- Metropolis


@pytest.mark.parametrize("wheat", [-1, len(RULEBOOK_WHEAT_TRACK), 99])
def test_wheat_off_the_track(wheat: int) -> None:
    with pytest.raises(MalformedInputError) as caught:
        metropolis(wheat=wheat, wheat_track=RULEBOOK_WHEAT_TRACK)
    assert_rule(caught.value, "R-1.2")


def test_wheat_on_the_top_square() -> None:
    top = len(RULEBOOK_WHEAT_TRACK) - 1
    assert metropolis(wheat=top, wheat_track=RULEBOOK_WHEAT_TRACK).wheat_top == top


@pytest.mark.parametrize("monuments", [-1, 5, 16])
def test_monuments_out_of_range(monuments: int) -> None:
    with pytest.raises(MalformedInputError) as caught:
        metropolis(monuments=monuments)
    assert_rule(caught.value, "R-1.8")


def test_more_than_seven_spots() -> None:
    with pytest.raises(MalformedInputError) as caught:
        Metropolis(shops=(), wheat_track=(0, 1), statue_scale=(0, 1), spots=(None,) * 8)
    assert_rule(caught.value, "R-1.7")
    assert Metropolis(shops=(), wheat_track=(0,), statue_scale=(0,), spots=(None,) * 7)


@pytest.mark.parametrize("track", [(), (0, 3, 2), (-1, 0)])
def test_bad_tracks(track: tuple[int, ...]) -> None:
    with pytest.raises(MalformedInputError):
        Metropolis(shops=(), wheat_track=track, statue_scale=(0, 1))
    with pytest.raises(MalformedInputError):
        Metropolis(shops=(), wheat_track=(0, 1), statue_scale=track)


# ---------------------------------------------------------------- District


@pytest.mark.parametrize("n", [0, 4])
def test_district_shop_count(n: int) -> None:
    with pytest.raises(MalformedInputError) as caught:
        District("D99", 1, tuple(Shop((Icon.ANY,), TWO) for _ in range(n)))
    assert_rule(caught.value, "R-1.5")


@pytest.mark.parametrize("n", [1, 2, 3])
def test_district_with_1_to_3_shops(n: int) -> None:
    assert len(District("D99", 0, tuple(Shop((Icon.ANY,), TWO) for _ in range(n))).shops) == n


def test_district_negative_cost() -> None:
    with pytest.raises(MalformedInputError) as caught:
        District("D99", -1, (Shop((Icon.ANY,), TWO),))
    assert_rule(caught.value, "R-1.5")


# ---------------------------------------------------------------- Valley


def test_valley_board_shape() -> None:
    with pytest.raises(MalformedInputError):
        ValleyBoard("X", ("....",) * 7)
    with pytest.raises(MalformedInputError):
        ValleyBoard("X", ("....",) * 7 + ("...",))
    with pytest.raises(MalformedInputError):
        ValleyBoard("X", ("....",) * 7 + ("..X.",))
    assert ValleyBoard("X", ("....",) * 7 + ("..S.",)).square(7, 2).start


def test_valley_tile_has_two_scenes() -> None:
    with pytest.raises(MalformedInputError):
        ValleyTile("V", (A,))  # type: ignore[arg-type]


# ---------------------------------------------------------------- evolve and frozen


def test_evolve_revalidates() -> None:
    state = ShopState(Shop((Icon.GRAPES,), TWO), counts(G))
    with pytest.raises(MalformedInputError):
        attrs.evolve(state, tokens=counts(G, G))
    m = metropolis(wheat=3, monuments=2)
    with pytest.raises(MalformedInputError):
        attrs.evolve(m, wheat=len(m.wheat_track))
    with pytest.raises(MalformedInputError):
        attrs.evolve(m, monuments=5)
    with pytest.raises(MalformedInputError):
        attrs.evolve(m, wheat_track=(0, 1))  # wheat 3 is now off the track
    assert attrs.evolve(m, wheat=4).wheat == 4


def test_frozen() -> None:
    state = ShopState(Shop((Icon.GRAPES,), TWO))
    with pytest.raises(FrozenInstanceError):
        state.tokens = counts(G)  # type: ignore[misc]
    m = metropolis()
    with pytest.raises(FrozenInstanceError):
        m.wheat = 3  # type: ignore[misc]
    shop = Shop((Icon.GRAPES,), TWO)
    with pytest.raises(FrozenInstanceError):
        shop.benefit = GenericBenefit(3)  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        TWO.debens = 3  # type: ignore[misc]


# ---------------------------------------------------------------- the strategies build valid values

GODS = ("Ra", "Isis", "Osiris")


@given(shop_states(GODS))
def test_shop_states_strategy(state: ShopState) -> None:
    assert state.shop.can_hold(state.tokens)
    assert attrs.evolve(state) == state


@given(metropolises(GODS))
def test_metropolises_strategy(m: Metropolis) -> None:
    assert 0 <= m.wheat <= m.wheat_top
    assert 0 <= m.monuments <= 4
    assert len(m.statue_scale) >= len(GODS) + 1
    assert list(m.wheat_track) == sorted(m.wheat_track)
    assert list(m.statue_scale) == sorted(m.statue_scale)


@given(shop_states(GODS, full=True), shop_states(GODS, full=False))
def test_shop_states_full_and_empty(full_state: ShopState, empty_state: ShopState) -> None:
    assert full_state.is_full
    assert empty_state.token_count == 0


@given(st.data())
def test_accepts_agrees_with_can_hold(data: st.DataObject) -> None:
    state = data.draw(shop_states(GODS))
    resource = data.draw(st.sampled_from(tuple(Resource)))
    more = list(state.tokens)
    more[resource] += 1
    bigger: Counts = (more[0], more[1], more[2], more[3])
    assert state.shop.accepts(state.tokens, resource) == state.shop.can_hold(bigger)
