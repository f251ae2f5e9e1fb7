"""Views hide exactly what R-9.2 hides: pile order and content, box tiles, deck order."""

from __future__ import annotations

import pickle
import random

import pytest
from attrs import evolve, fields
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules import (
    Game,
    GameState,
    HiddenInformationError,
    MalformedInputError,
    apply,
    choices,
    format_move,
    is_legal,
    legal_moves,
    new_game,
    observe,
    parse_move,
    text_board,
    violations,
)
from fertility_rules.fertility import svg
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.catalogue.loader import default_catalogue
from fertility_rules.fertility.choices import summary
from fertility_rules.fertility.formats.state import dump_move, read_move
from fertility_rules.fertility.state import STATE_ATTRIBUTES
from fertility_rules.fertility.views import Observation
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
    assert view.unseen_districts == tuple(sorted(state.district_deck))
    assert set(state.pile) <= set(view.unseen_tiles)
    assert view.player == state.player


def test_a_view_has_no_field_for_hidden_order() -> None:
    names = {a.name for a in fields(Observation)}
    assert not names & HIDDEN
    # Of the pile and the deck a view keeps their sizes; what they may hold is worked out
    # from the table and the catalogue, sorted, as any player can.
    assert not names & {"unseen_tiles", "unseen_districts"}
    assert fields(Observation).pile_size.type in ("int", int)
    assert fields(Observation).deck_size.type in ("int", int)


@given(played(40), st.randoms(use_true_random=False))
def test_nothing_in_a_view_object_depends_on_hidden_order(game: Game, rng: random.Random) -> None:
    # Issue 16 item 4: a set built from the deck iterated, printed and pickled in an
    # order that depended on the deck's.
    for state in list(game.states())[::9]:
        twin = _hidden_twin(state, rng)
        view, other = observe(state), observe(twin)
        assert repr(view) == repr(other)
        assert pickle.dumps(view) == pickle.dumps(other)
        assert list(view.unseen_districts) == sorted(view.unseen_districts)
        assert list(view.unseen_tiles) == sorted(view.unseen_tiles)


def test_the_same_deck_in_another_order_pickles_the_same() -> None:
    state = new_game(["A", "B", "C"], seed=4)
    deck = list(state.district_deck)
    reversed_deck = evolve(state, district_deck=tuple(reversed(deck)))
    assert pickle.dumps(observe(state)) == pickle.dumps(observe(reversed_deck))
    assert repr(observe(state)) == repr(observe(reversed_deck))


def _renamed() -> Catalogue:
    """The default catalogue with other ids for its Valley tiles (``zV01``...)."""
    catalogue = default_catalogue()
    tiles = tuple(evolve(tile, id=f"z{tile.id}") for tile in catalogue.valley_tiles)
    return evolve(catalogue, name="z", valley_tiles=tiles)


@given(st.lists(played(40), min_size=1, max_size=2), played(80, _renamed()))
def test_the_unseen_tiles_are_every_tile_out_of_sight_in_sorted_order(
    games: list[Game], renamed: Game
) -> None:
    # the pile is drawn from the tiles in neither the Valley, a pool, the
    # discard nor the removed tiles; games of two catalogues in turn, each with its own.
    for game in [*games, renamed]:
        for state in list(game.states())[::5]:
            seen = {t.tile for t in state.valley.tiles} | set(state.common_pool)
            seen |= set(state.discarded) | set(state.removed)
            for player in state.players:
                seen |= set(player.pool)
            expected = sorted(set(state.config.tiles) - seen)
            assert list(observe(state).unseen_tiles) == expected
            assert set(state.pile) <= set(expected)


@given(played(50))
def test_what_a_player_can_compute_a_view_computes_the_same(game: Game) -> None:
    # legal moves and everything drawn or said about them depend only on what is
    # public, so a view gives exactly what its state gives.
    state = game.state
    view = observe(state)
    moves = legal_moves(state)
    assert legal_moves(view) == moves
    assert choices(view) == choices(state)
    assert summary(view, "pl") == summary(state, "pl")
    assert text_board(view) == text_board(state)
    assert svg.table(view) == svg.table(state)
    assert svg.board(view) == svg.board(state)
    assert svg.placement_squares(view) == svg.placement_squares(state)
    for move in moves[:20]:
        text = format_move(move, view)
        assert text == format_move(move, state)
        assert parse_move(text, view) == move
        assert read_move(dump_move(move, view), view) == move
        assert is_legal(view, move)
        assert violations(view, move) == ()


@given(played(30))
def test_the_stand_in_state_of_a_view_shows_the_view(game: Game) -> None:
    view = observe(game.state)
    stand_in = view.stand_in()
    assert observe(stand_in) == view
    assert list(stand_in.district_deck) == sorted(stand_in.district_deck)


def test_playing_a_move_on_a_view_says_hidden_information_is_needed() -> None:
    view = observe(new_game(["A", "B"], seed=2))
    with pytest.raises(HiddenInformationError, match=r"R-9\.2") as caught:
        apply(view, legal_moves(view)[0])  # type: ignore[arg-type]
    assert "sample_state" in caught.value.render("en")
    assert caught.value.render("fr") != caught.value.render("en")


@pytest.mark.parametrize("thing", [None, 3, "state", [1, 2], object()])
def test_what_is_neither_a_state_nor_a_view_is_a_library_error(thing: object) -> None:
    for function in (legal_moves, choices, summary, text_board, svg.table, svg.board):
        with pytest.raises(MalformedInputError):
            function(thing)  # type: ignore[arg-type]
    with pytest.raises(MalformedInputError):
        observe(thing)  # type: ignore[arg-type]


def test_writing_a_view_as_a_full_state_says_hidden_information_is_needed() -> None:
    from fertility_rules import dump_state

    view = observe(new_game(["A", "B"], seed=2))
    with pytest.raises(HiddenInformationError, match=r"R-9\.2"):
        dump_state(view)  # type: ignore[arg-type]
