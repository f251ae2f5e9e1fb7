"""Ankh'or's fixed action space and numeric observation: a bijection between legal moves
and unmasked actions at every kind of decision, bounds derived from the rules and the
catalogue, views told apart by their numbers (where a layout lies aside)."""

from __future__ import annotations

import random
from collections import Counter
from functools import partial

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from fertility_rules import ankhor, encoding
from fertility_rules.ankhor.encoding import hidden_piles, most_tiles, with_hidden
from fertility_rules.ankhor.model import Placed
from fertility_rules.ankhor.moves import PASS_MAIN, BuyTile, MoveTile, TakeTokens
from fertility_rules.ankhor.state import GameState, PlayerState
from fertility_rules.ankhor.testing import played
from fertility_rules.ankhor.views import Observation
from fertility_rules.errors import MalformedInputError
from fertility_rules.games import find_game

# The shared encodings, for Ankh'or.
action_count = partial(encoding.action_count, game="ankhor")
action_index = partial(encoding.action_index, game="ankhor")
action_layout = partial(encoding.action_layout, game="ankhor")
action_mask = partial(encoding.action_mask, game="ankhor")
action_move = partial(encoding.action_move, game="ankhor")
observation_layout = partial(encoding.observation_layout, game="ankhor")
observation_size = partial(encoding.observation_size, game="ankhor")
observation_vector = partial(encoding.observation_vector, game="ankhor")

SECTIONS = [
    "take",
    "buy",
    "pass",
    "refresh",
    "move",
    "end_actions",
    "store",
    "return",
    "refill",
]


def _section(index: int, players: int) -> str:
    return next(
        n for n, first, size, _rule in action_layout(players) if first <= index < first + size
    )


def _check_bijection(view: Observation) -> list[int]:
    moves = ankhor.legal_moves(view)
    indices = [action_index(move, view) for move in moves]
    assert len(set(indices)) == len(moves)
    assert [action_move(i, view) for i in indices] == moves
    mask = action_mask(view)
    assert len(mask) == action_count(len(view.players))
    assert sorted(i for i, allowed in enumerate(mask) if allowed) == sorted(indices)
    return indices


@settings(max_examples=40)
@given(played(150))
def test_every_legal_move_has_its_own_action_and_comes_back(state: GameState) -> None:
    _check_bijection(ankhor.observe(state))


def test_every_kind_of_decision_is_in_the_space() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(9):
        players = 2 + seed % 3
        rng = random.Random(seed)
        state = ankhor.new_game([f"P{i}" for i in range(players)], seed)
        while not state.is_over:
            view = ankhor.observe(state)
            for index in _check_bijection(view):
                kinds[_section(index, players)] += 1
            moves = ankhor.legal_moves(view)
            buys = [m for m in moves if isinstance(m, BuyTile)]
            state = ankhor.apply(state, rng.choice(buys if buys and rng.random() < 0.6 else moves))
    # No tile to pay for and an empty supply: the main action is passed.
    start = ankhor.new_game(["A", "B"], seed=1)
    stuck = evolve(start, supply=(0, 0, 0, 0, 0, 0))
    assert ankhor.legal_moves(stuck) == [PASS_MAIN]
    kinds[_section(_check_bijection(ankhor.observe(stuck))[0], 2)] += 1
    for name in SECTIONS:
        assert kinds[name] > 0, name


def test_the_bounds_are_those_derived_from_the_rules_and_the_catalogue() -> None:
    # K = 13 tiles to end (A-6.1) + 5 scribes (A-3.7) = 18 tiles in a layout; places:
    # 4 K base spaces + K higher spaces + the first tile = 91. Takes and returns: every
    # count of at most 3 tokens of 6 kinds, C(9, 3) = 84. Warehouses W = 5: 32 sets.
    catalogue = ankhor.default_catalogue()
    assert catalogue.end.tiles == 13
    assert most_tiles(catalogue) == 18
    sizes = {name: size for name, _first, size, _rule in action_layout(2)}
    assert [name for name, *_ in action_layout(3)] == SECTIONS
    assert sizes == {
        "take": 84,
        "buy": 6 * 91 * 6,
        "pass": 1,
        "refresh": 3,
        "move": 18 * 90,
        "end_actions": 1,
        "store": 32,
        "return": 84,
        "refill": 2,
    }
    assert action_count(2) == action_count(3) == action_count(4) == sum(sizes.values())


def _two_tiles(view: Observation) -> Observation:
    """``view`` where the player to act has two tiles, at (0, 0) and (2, 0)."""
    tile = ankhor.default_catalogue().tiles[0]
    me = view.players[view.current]
    laid = evolve(me, tiles=(Placed(tile, 0, 0, 0), Placed(tile, 0, 2, 0)))
    players = list(view.players)
    players[view.current] = laid
    return evolve(view, players=tuple(players))


def test_a_first_tile_has_one_place_and_a_base_space_its_first_neighbour() -> None:
    view = ankhor.observe(ankhor.new_game(["A", "B"], seed=2))
    first = next(f for n, f, _s, _r in action_layout(2) if n == "buy")
    # Slot 0, the first tile's place (5 K = 90), no marker left unpaid.
    assert action_index(BuyTile(0, (0, 0, 0), None), view) == first + (0 * 91 + 90) * 6
    two = _two_tiles(view)
    # (3, 0) touches the second tile only; (0, 1) the first (direction 2: y + 1).
    assert action_index(BuyTile(1, (0, 3, 0), None), two) == first + (1 * 91 + 1 * 4 + 0) * 6
    assert action_index(BuyTile(1, (0, 0, 1), None), two) == first + (1 * 91 + 0 * 4 + 2) * 6
    # (1, 0) touches both: it is named from the first, never from the second.
    assert action_index(BuyTile(1, (0, 1, 0), None), two) == first + (1 * 91 + 0 * 4 + 0) * 6
    with pytest.raises(MalformedInputError):
        action_move(first + (1 * 91 + 1 * 4 + 1) * 6, two)


def test_a_tile_moved_is_not_counted_among_the_tiles_its_new_place_touches() -> None:
    view = ankhor.observe(ankhor.new_game(["A", "B"], seed=2))
    first = next(f for n, f, _s, _r in action_layout(2) if n == "move")
    two = _two_tiles(view)
    places = 5 * 18  # K = 18: the places a tile may be moved to
    # (1, 0) touches both tiles. Moving the second, it is named from the first
    # (direction 0, x + 1); moving the first, from the second (direction 1, x - 1).
    assert action_index(MoveTile((0, 2, 0), (0, 1, 0)), two) == first + 1 * places + 0
    assert action_index(MoveTile((0, 0, 0), (0, 1, 0)), two) == first + 0 * places + 1 * 4 + 1
    # The higher space on the first tile's corner: 4 K + 0, for the second tile only.
    assert action_index(MoveTile((0, 2, 0), (1, 0, 0)), two) == first + 1 * places + 4 * 18
    for move in (
        MoveTile((0, 0, 0), (1, 0, 0)),  # the tile under the corner is the one moved
        MoveTile((0, 0, 0), (0, -1, 0)),  # the space touches no other tile
        MoveTile((0, 5, 5), (0, 1, 0)),  # no tile there to move
    ):
        with pytest.raises(MalformedInputError):
            action_index(move, two)
    with pytest.raises(MalformedInputError):  # no tile at all: the first tile's place aside
        action_index(MoveTile((0, 0, 0), (0, 0, 0)), view)


@pytest.mark.parametrize("index", [-1, 10**9, 1.0, "3", None, True])
def test_an_action_outside_the_space_is_a_library_error(index: object) -> None:
    view = ankhor.observe(ankhor.new_game(["A", "B"], seed=3))
    with pytest.raises(MalformedInputError):
        action_move(index, view)  # type: ignore[arg-type]


def test_a_move_with_no_action_is_a_library_error() -> None:
    view = ankhor.observe(ankhor.new_game(["A", "B"], seed=3))
    with pytest.raises(MalformedInputError):
        action_index(BuyTile(0, (0, 5, 5), None), view)  # not beside any tile
    with pytest.raises(MalformedInputError):
        action_index(TakeTokens((4, 0, 0, 0, 0, 0)), view)  # more than 3 tokens
    from fertility_rules import SkipBuilding

    with pytest.raises(MalformedInputError):
        action_index(SkipBuilding(), view)


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ((1, False), r"A-2\.1"),
        ((5, False), r"A-2\.1"),
        (("2", False), "players"),
        ((2, True), "A-2"),
    ],
)
def test_a_setting_outside_the_rules_is_a_library_error(
    arguments: tuple[object, bool], named: str
) -> None:
    with pytest.raises(MalformedInputError, match=named):
        action_count(*arguments)  # type: ignore[arg-type]
    with pytest.raises(MalformedInputError, match=named):
        observation_size(*arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("view", ["view", None, 3])
def test_a_view_of_another_kind_is_a_library_error(view: object) -> None:
    for function in (action_mask, observation_vector):
        with pytest.raises(MalformedInputError):
            function(view)


# ------------------------------------------------------------------------- observation


def _hidden_twin(state: GameState, rng: random.Random) -> GameState:
    tiles = [*state.piles[0], *state.piles[1]]
    rng.shuffle(tiles)
    return evolve(state, piles=(tiles[: len(state.piles[0])], tiles[len(state.piles[0]) :]))


def _at_corner(player: PlayerState) -> PlayerState:
    """The player's layout moved to start at x = 0 and y = 0, names aside."""
    left = min((p.x for p in player.tiles), default=0)
    top = min((p.y for p in player.tiles), default=0)
    return evolve(
        player,
        name="",
        tiles=tuple(Placed(p.tile, p.level, p.x - left, p.y - top) for p in player.tiles),
        stored=tuple((level, x - left, y - top) for level, x, y in player.stored),
    )


def _where_aside(view: Observation) -> Observation:
    return evolve(view, players=tuple(_at_corner(p) for p in view.players))


@settings(max_examples=40)
@given(played(80), st.randoms(use_true_random=False))
def test_equal_views_have_equal_numbers(state: GameState, rng: random.Random) -> None:
    vector = observation_vector(ankhor.observe(state))
    assert len(vector) == observation_size(len(state.players))
    assert all(-1 <= value < 1000 for value in vector)
    assert observation_vector(ankhor.observe(_hidden_twin(state, rng))) == vector
    assert observation_vector(state) == vector


@settings(max_examples=20)
@given(st.integers(0, 2**16), st.integers(2, 4), st.randoms(use_true_random=False))
def test_different_views_have_different_numbers(
    seed: int, players: int, rng: random.Random
) -> None:
    state = ankhor.new_game([f"P{i}" for i in range(players)], seed)
    views = []
    for _step in range(120):
        if state.is_over:
            break
        views.append(ankhor.observe(state))
        moves = ankhor.legal_moves(state)
        buys = [m for m in moves if isinstance(m, BuyTile)]
        state = ankhor.apply(state, rng.choice(buys if buys and rng.random() < 0.5 else moves))
    by_view = {_where_aside(v): tuple(observation_vector(v)) for v in views}
    assert len(set(by_view.values())) == len(by_view)


def test_a_layout_is_written_from_its_corner() -> None:
    view = ankhor.observe(ankhor.new_game(["A", "B"], seed=4))
    tile = ankhor.default_catalogue().tiles[3]
    me = view.players[0]
    here = evolve(me, tiles=(Placed(tile, 0, 0, 0), Placed(tile, 0, 0, 1)))
    there = evolve(me, tiles=(Placed(tile, 0, -7, 3), Placed(tile, 0, -7, 4)))
    one = observation_vector(evolve(view, players=(here, view.players[1])))
    two = observation_vector(evolve(view, players=(there, view.players[1])))
    other = evolve(me, tiles=(Placed(tile, 0, 0, 0), Placed(tile, 0, 1, 0)))
    three = observation_vector(evolve(view, players=(other, view.players[1])))
    assert one == two
    assert one != three


def test_the_layout_has_one_section_per_public_component() -> None:
    names = [name for name, _first, _size in observation_layout(3)]
    assert names == [
        "config",
        "turn",
        "supply",
        "bonus_reserve",
        "offer",
        "price_markers",
        "pile_sizes",
        "removed",
        "seat 1",
        "seat 1 layout",
        "seat 2",
        "seat 2 layout",
        "seat 3",
        "seat 3 layout",
    ]
    rows = observation_layout(4)
    assert rows[-1][1] + rows[-1][2] == observation_size(4)


# ------------------------------------------------------------------------ hidden piles


def test_the_piles_of_a_view_are_dealt_back_exactly() -> None:
    state = ankhor.new_game(["A", "B", "C"], seed=6)
    view = ankhor.observe(state)
    (items, first), (same, second) = hidden_piles(view)
    assert items == same == sorted(tile.id for tile in view.unseen)
    assert (first, second) == view.pile_sizes
    piles = ([t.id for t in state.piles[0]], [t.id for t in state.piles[1]])
    assert with_hidden(view, piles) == state
    assert find_game("ankhor").learning is not None
    for wrong in ((piles[1], piles[0]), (piles[0],), (piles[0], [*piles[1][:-1], piles[0][0]])):
        with pytest.raises(MalformedInputError, match=r"A-8\.2"):
            with_hidden(view, wrong)


def test_the_shared_functions_take_the_game_by_name_and_refuse_the_wrong_one() -> None:
    """One set of functions serves both games: named by ``game``, Fertility by default. An
    Ankh'or view given to Fertility's encodings, or a game the library does not know, is
    a library error, not a wrong answer."""
    from fertility_rules.errors import UnknownIdError

    view = ankhor.observe(ankhor.new_game(["A", "B"], seed=2))
    assert encoding.action_count(2, game="ankhor") != encoding.action_count(2)
    assert encoding.action_space(2, game=find_game("ankhor")).size == action_count(2)
    assert len(encoding.action_mask(view, game="ankhor")) == action_count(2)
    with pytest.raises(MalformedInputError):
        encoding.action_mask(view)
    with pytest.raises(UnknownIdError):
        encoding.observation_size(2, game="chess")
