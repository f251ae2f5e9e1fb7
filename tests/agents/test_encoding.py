"""The fixed action space and the numeric observation: a bijection between legal moves
and unmasked actions, bounds that hold in every game, views told apart by their numbers."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules import (
    DiscardTile,
    Game,
    MalformedInputError,
    legal_moves,
    new_game,
    observe,
    play_game,
)
from fertility_rules.agents import make_agent
from fertility_rules.encoding import (
    action_count,
    action_index,
    action_layout,
    action_mask,
    action_move,
    observation_layout,
    observation_size,
    observation_vector,
)
from fertility_rules.encoding.spaces import one_hot, one_hots
from fertility_rules.fertility.state import Phase
from tests.conftest import OPTIONAL_LIBRARIES
from tests.play.helpers import played
from tests.play.test_views import _hidden_twin


@given(played(120))
def test_every_legal_move_has_its_own_action_and_comes_back(game: Game) -> None:
    for state in list(game.states())[-12:]:
        view = observe(state)
        moves = legal_moves(view)
        indices = [action_index(move, view) for move in moves]
        assert len(set(indices)) == len(moves)
        assert [action_move(i, view) for i in indices] == moves
        mask = action_mask(view)
        assert len(mask) == action_count(len(view.players), view.config.variant)
        assert sorted(i for i, allowed in enumerate(mask) if allowed) == sorted(indices)


def test_every_kind_of_decision_is_in_the_space() -> None:
    kinds: Counter[str] = Counter()
    for seed, players, variant in [(1, 2, True), (2, 3, False), (3, 4, False), (4, 2, False)]:
        names = [f"P{i}" for i in range(players)]
        agents = [make_agent("greedy" if i % 2 else "random", seed + i) for i in range(players)]
        played_game = play_game(names, agents, seed=seed, variant=variant)
        game = Game.new(names, seed, variant=variant)
        layout = action_layout(players, variant)
        for move in played_game.record.moves:
            view = observe(game.state)
            index = action_index(move, view)
            name = next(n for n, first, size, _rule in layout if first <= index < first + size)
            kinds[name] += 1
            assert action_move(index, view) == move
            game = game.play(move)
    for name in ("place", "quarry", "build", "skip_build", "supply", "end_supply", "take"):
        assert kinds[name] > 0, name
    assert kinds["remove"] > 0


def test_a_discard_has_an_action_per_pool_place() -> None:
    view = observe(new_game(["A", "B"], seed=3))
    first = next(f for n, f, _s, _r in action_layout(2) if n == "discard")
    for slot, tile in enumerate(view.player.pool):
        index = action_index(DiscardTile(tile), view)
        assert index == first + slot
        # A tile that can be laid is not discarded: the action is masked, and a
        # masked action stands for no move.
        assert not action_mask(view)[index]
        with pytest.raises(MalformedInputError, match="not a move of this position"):
            action_move(index, view)


def test_the_bounds_are_those_derived_from_the_rules() -> None:
    # 3 Valley boards of 4 x 8 for 2 or 3 players (96 squares), 4 for 4 (128).
    # place 3 x N x 4; discard 3; quarry N x 5; build 4 offer x 7 spots x 21 payments
    # (costs 0..2 among 4 resources and Wheat: 1 + 5 + 15); skip 1; supply 4 x 25;
    # bonus 4 x 26; end 1; take 3; remove 3 (variant).
    def expected(squares: int, variant: bool) -> int:
        return (
            3 * squares * 4
            + 3
            + squares * 5
            + 4 * 7 * 21
            + 1
            + 100
            + 104
            + 1
            + 3
            + (3 if variant else 0)
        )

    assert action_count(2) == action_count(3) == expected(96, False)
    assert action_count(2, variant=True) == expected(96, True)
    assert action_count(4) == expected(128, False)
    sections = [name for name, *_ in action_layout(2, True)]
    assert sections == [
        "place",
        "discard",
        "quarry",
        "build",
        "skip_build",
        "supply",
        "bonus",
        "end_supply",
        "take",
        "remove",
    ]


@pytest.mark.parametrize("index", [-1, 10**9, 1.0, "3", None])
def test_an_action_outside_the_space_is_a_library_error(index: object) -> None:
    view = observe(new_game(["A", "B"], seed=3))
    with pytest.raises(MalformedInputError):
        action_move(index, view)  # type: ignore[arg-type]


def test_an_action_with_no_move_in_the_position_is_a_library_error() -> None:
    view = observe(new_game(["A", "B"], seed=3))
    mask = action_mask(view)
    # The first pool tile with its first half on l1 (the top right square of 12
    # columns) and its second to the right of it: off the board, so no move at all.
    index = (0 * 96 + 11) * 4 + 0
    assert not mask[index]
    with pytest.raises(MalformedInputError):
        action_move(index, view)


@pytest.mark.parametrize("players", [1, 5])
def test_a_player_count_outside_the_rules_is_a_library_error(players: int) -> None:
    with pytest.raises(MalformedInputError, match=r"R-2\.2"):
        action_count(players)


@pytest.mark.parametrize("players", ["2", None, 2.0, True])
def test_a_player_count_not_a_whole_number_is_refused_naming_it(players: object) -> None:
    with pytest.raises(MalformedInputError) as error:
        action_count(players)  # type: ignore[arg-type]
    assert [problem.path for problem in error.value.problems] == ["players"]


@given(played(60), st.randoms(use_true_random=False))
def test_equal_views_have_equal_numbers(game: Game, rng: random.Random) -> None:
    state = game.state
    vector = observation_vector(observe(state))
    assert len(vector) == observation_size(len(state.players), state.config.variant)
    assert observation_vector(observe(_hidden_twin(state, rng))) == vector
    assert observation_vector(state) == vector


@given(played(60))
def test_different_views_have_different_numbers(game: Game) -> None:
    views = [observe(s) for s in game.states()]
    vectors = [tuple(observation_vector(v)) for v in views]
    distinct_views = {v: vec for v, vec in zip(views, vectors, strict=True)}
    assert len(set(distinct_views.values())) == len(distinct_views)


def test_the_layout_has_one_section_per_public_component() -> None:
    names = [name for name, _first, _size in observation_layout(3)]
    assert names == [
        "config",
        "turn",
        "table",
        "board",
        "pending",
        "out_of_play",
        "seat 1",
        "seat 1 metropolis",
        "seat 2",
        "seat 2 metropolis",
        "seat 3",
        "seat 3 metropolis",
    ]
    rows = observation_layout(4)
    assert rows[-1][1] + rows[-1][2] == observation_size(4)


def test_the_core_install_imports_no_numerical_or_learning_library() -> None:
    code = f"""
import importlib, pkgutil, sys
import fertility_rules
optional = {{f"fertility_rules.{{name}}" for name in ("pettingzoo", "openspiel", "gymnasium")}}
extras = {sorted(OPTIONAL_LIBRARIES - {"numpy"})!r}
for module in pkgutil.walk_packages(fertility_rules.__path__, "fertility_rules."):
    if module.name not in optional:
        try:
            importlib.import_module(module.name)
        except ModuleNotFoundError as error:  # the server's extra, when it is not installed
            if (error.name or "").split(".")[0] not in extras:
                raise
heavy = {{"numpy", "pettingzoo", "gymnasium", "pyspiel", "open_spiel"}}
print(sorted(m for m in sys.modules if m.split(".")[0] in heavy))
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_the_one_hots_made_once_are_one_hot_and_refuse_the_other_places() -> None:
    hots = one_hots(3)
    assert hots == {0: (1.0, 0.0, 0.0), 1: (0.0, 1.0, 0.0), 2: (0.0, 0.0, 1.0)}
    for place in (-1, 3):  # as a section reads them: the one-hot made anew refuses these
        assert hots.get(place) is None
        with pytest.raises(MalformedInputError):
            one_hot(3, place)


@pytest.mark.parametrize("players", [2, 4])
def test_the_turn_section_gives_the_turn_the_turns_left_the_seat_and_the_phase(
    players: int,
) -> None:
    # Written out by hand: the turn's number, the turns left plus one (0 before the last
    # round is announced), then a one-hot of the seat and one of the phase, in the order
    # the phases are declared. Every state of a whole game, so that the numbers made
    # once for a turn and a phase are met again at later states, and the last round is
    # reached.
    names = ["Ada", "Bo", "Cy", "Di"][:players]
    played_game = play_game(names, [make_agent("random", players)] * players, seed=players)
    game = Game.new(names, players)
    states = [game.state]
    for move in played_game.record.moves:
        game = game.play(move)
        states.append(game.state)
    (first, size), *_ = [(f, s) for name, f, s in observation_layout(players) if name == "turn"]
    phases = list(Phase)
    lefts = set()
    for state in states:
        left = 0.0 if state.turns_left is None else state.turns_left + 1.0
        lefts.add(left)
        seat = [1.0 if i == state.current else 0.0 for i in range(players)]
        phase = [1.0 if p is state.phase else 0.0 for p in phases]
        numbers = observation_vector(state)[first : first + size]
        assert numbers == [float(state.turn), left, *seat, *phase]
    assert len(lefts) > 2  # the last round was announced and counted down
