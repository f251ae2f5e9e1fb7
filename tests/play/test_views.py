"""Views hide exactly what R-9.2 hides: pile order and content, box tiles, deck order."""

from __future__ import annotations

import random

from attrs import evolve, fields
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules import Game, GameState, observe
from fertility_rules.play.views import Observation
from fertility_rules.rules.state import STATE_ATTRIBUTES
from tests.play.helpers import played

HIDDEN = {"pile", "district_deck"}


def _hidden_twin(state: GameState, rng: random.Random) -> GameState:
    """A state that differs from ``state`` only in what R-9.2 hides."""
    pile = list(state.pile)
    rng.shuffle(pile)
    seen = set(pile) | set(state.common_pool) | set(state.discarded) | set(state.removed)
    seen |= {t.tile for t in state.valley.tiles}
    for player in state.players:
        seen |= set(player.pool)
    box = [t for t in sorted(state.config.tiles) if t not in seen]
    if pile and box:
        pile[rng.randrange(len(pile))] = rng.choice(box)
    deck = list(state.district_deck)
    rng.shuffle(deck)
    return evolve(state, pile=tuple(pile), district_deck=tuple(deck))


@given(played(40), st.randoms(use_true_random=False))
def test_hidden_order_and_box_do_not_change_the_view(game: Game, rng: random.Random) -> None:
    for state in list(game.states())[::7]:
        twin = _hidden_twin(state, rng)
        assert observe(twin) == observe(state)
        assert hash(observe(twin)) == hash(observe(state))


@given(played(30))
def test_everything_public_is_kept(game: Game) -> None:
    state = game.state
    view = observe(state)
    public = set(STATE_ATTRIBUTES) - HIDDEN
    for name in public:
        assert getattr(view, name) == getattr(state, name), name
    assert view.pile_size == len(state.pile)
    assert view.deck_size == len(state.district_deck)
    assert view.unseen_districts == frozenset(state.district_deck)
    assert view.player == state.player


def test_a_view_has_no_field_for_hidden_order() -> None:
    names = {a.name for a in fields(Observation)}
    assert not names & HIDDEN
    # The only trace of the deck is an unordered set; of the pile, a number.
    assert fields(Observation).unseen_districts.type in ("frozenset[str]", frozenset[str])
    assert fields(Observation).pile_size.type in ("int", int)
