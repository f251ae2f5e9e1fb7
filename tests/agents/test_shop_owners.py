"""The owners of a Metropolis's Shops in Fertility's observation (the spot of the District
each Shop came with) are the same whether found from the start or extended from those
before the last District was built: in random games, and in Metropolises made to be
ambiguous (Districts whose Shops begin like another's, the same Shops twice, Shops in an
order no building gives)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from fertility_rules.encoding.environment import learning_game
from fertility_rules.fertility import encoding
from fertility_rules.fertility.catalogue.loader import default_catalogue
from fertility_rules.fertility.model.district import District
from fertility_rules.fertility.model.metropolis import SPOTS, Metropolis, evolve_metropolis
from fertility_rules.fertility.model.shop import ShopState


def _from_the_start(metropolis: Metropolis) -> tuple[float, ...]:
    kinds = tuple(state.shop for state in metropolis.shops)
    return encoding._owners(metropolis.spots, kinds)[1]


def _extended(before: Metropolis, after: Metropolis) -> tuple[float, ...]:
    encoding._shop_owners(before)  # kept, as the observation of the decision before did
    return encoding._shop_owners(after, before.spots)


def test_the_owners_extended_in_random_games_are_those_found_from_the_start() -> None:
    parts = learning_game("fertility")
    readings = parts.rules.new_interpretations()
    builds = 0
    for seed in range(40):
        rng = random.Random(seed)
        players = 2 + seed % 3
        state = parts.new_state(players, seed, False, readings)
        while not parts.is_over(state):
            moves = parts.legal_moves(state)
            after = parts.apply(state, moves[rng.randrange(len(moves))])
            for seat in range(players):
                was = state.players[seat].metropolis
                now = after.players[seat].metropolis
                if now.spots is not was.spots:
                    assert _extended(was, now) == _from_the_start(now)
                    builds += 1
            state = after
    assert builds > 300


_CATALOGUE = default_catalogue()
_BOARD = _CATALOGUE.metropolis_boards[0]
_DISTRICTS = _CATALOGUE.districts


@st.composite
def _built(draw: st.DrawFn) -> tuple[Metropolis, Metropolis]:
    """A Metropolis and the same one with one District more, its Shops last (or, now and
    then, anywhere, or one Shop missing): the Districts drawn among few, the same one on
    two spots at times."""
    few = draw(st.lists(st.sampled_from(_DISTRICTS), min_size=1, max_size=4))
    spots = draw(st.lists(st.integers(0, SPOTS - 1), min_size=1, max_size=SPOTS, unique=True))
    built = [(spot, draw(st.sampled_from(few))) for spot in spots]
    metropolis = _BOARD.empty_metropolis()
    shops = list(metropolis.shops)
    placed: list[District | None] = [None] * SPOTS
    states = [metropolis]
    for spot, district in built:
        placed[spot] = district
        new = [ShopState(shop) for shop in district.shops]
        at = len(shops) if draw(st.integers(0, 9)) else draw(st.integers(0, len(shops)))
        shops[at:at] = new
        if not draw(st.integers(0, 9)):  # a Shop lost: fewer than the Districts have
            del shops[draw(st.integers(0, len(shops) - 1))]
        states.append(evolve_metropolis(states[-1], shops=tuple(shops), spots=tuple(placed)))
    return states[-2], states[-1]


@settings(max_examples=400, deadline=None)
@given(_built())
def test_the_owners_extended_are_those_found_from_the_start(
    pair: tuple[Metropolis, Metropolis],
) -> None:
    before, after = pair
    assert _extended(before, after) == _from_the_start(after)
    assert len(_from_the_start(after)) == len(after.shops)
