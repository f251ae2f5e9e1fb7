"""Agents decide from what a player sees: the same view gives every agent the same input
and the same decision, whatever the hidden order; runners pass views, never states."""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fertility_rules import Game, GameState, Observation, legal_moves, observe, play_game
from fertility_rules.agents import ISMCTSAgent, make_agent
from fertility_rules.fertility.agents import AGENTS, GreedyAgent, LookaheadAgent
from fertility_rules.fertility.agents.base import Agent
from fertility_rules.fertility.agents.greedy import position_value
from fertility_rules.fertility.moves import Move
from fertility_rules.fertility.rules.engine import apply_unchecked
from tests.play.helpers import played
from tests.play.test_views import _hidden_twin


def _agent(name: str, seed: int) -> Agent:
    # The search agent with a small budget: the same code, fewer iterations.
    return ISMCTSAgent(seed, iterations=3) if name == "ismcts" else make_agent(name, seed)


def _deciding(game: Game) -> list[GameState]:
    return [s for s in game.states() if not s.is_over and len(legal_moves(s)) > 1]


@pytest.mark.parametrize("name", sorted(AGENTS))
@settings(max_examples=8)
@given(game=played(70), seed=st.integers(0, 2**16), rng=st.randoms(use_true_random=False))
def test_twins_in_hidden_order_give_the_same_input_and_decision(
    name: str, game: Game, seed: int, rng: random.Random
) -> None:
    for state in _deciding(game)[-2:]:
        twin = _hidden_twin(state, rng)
        assert (
            twin.pile != state.pile
            or twin.district_deck != state.district_deck
            or (len(state.pile) < 2 and len(state.district_deck) < 2)
        )
        view, other = observe(state), observe(twin)
        assert view == other
        assert pickle.dumps(view) == pickle.dumps(other)
        moves = legal_moves(view)
        assert legal_moves(other) == moves
        assert _agent(name, seed).choose(view, moves) == _agent(name, seed).choose(other, moves)


class Spy:
    """Records what a runner gives an agent."""

    name = "spy"

    def __init__(self, seed: int) -> None:
        self.inner = make_agent("greedy", seed)
        self.given: list[type] = []

    def choose(self, view: Observation, moves: Sequence[Move]) -> Move:
        self.given.append(type(view))
        chosen: Move = self.inner.choose(view, moves)
        return chosen


def test_play_game_gives_agents_views_only() -> None:
    spies = [Spy(1), Spy(2), Spy(3)]
    play_game(["A", "B", "C"], spies, seed=5)
    seen = {kind for spy in spies for kind in spy.given}
    assert seen == {Observation}


@settings(max_examples=15)
@given(game=played(80), seed=st.integers(0, 2**16))
def test_greedy_from_a_view_takes_a_best_move_of_the_real_state(game: Game, seed: int) -> None:
    # Its value reads no hidden draw, so the move chosen from the view is one of the
    # best on the real state, piles included.
    for state in _deciding(game)[-3:]:
        moves = legal_moves(state)
        chosen = GreedyAgent(seed).choose(observe(state), moves)
        me = state.current
        values = [position_value(apply_unchecked(state, m), me) for m in moves]
        assert position_value(apply_unchecked(state, chosen), me) >= max(values) - 1e-9


@settings(max_examples=15)
@given(game=played(80), seed=st.integers(0, 2**16))
def test_lookahead_from_a_view_plans_as_it_would_knowing_the_piles(game: Game, seed: int) -> None:
    # Its search stops before any draw it would read, so planning on the real state
    # (hidden piles included) and on the view's stand-in chooses the same move.
    for state in _deciding(game)[-3:]:
        moves = legal_moves(state)
        from_view = LookaheadAgent(seed).choose(observe(state), moves)
        knowing = LookaheadAgent(seed).decide(state, moves)
        assert from_view == knowing


def test_the_search_agent_is_reproducible_and_legal() -> None:
    def game(seed: int) -> tuple[Move, ...]:
        agents: list[Agent] = [ISMCTSAgent(seed, iterations=4), LookaheadAgent(seed + 1)]
        return play_game(("A", "B"), agents, seed=8).record.moves

    first = game(3)
    assert first == game(3)


def test_a_time_budget_runs_at_least_one_iteration() -> None:
    state = Game.new(["A", "B"], 4).state
    agent = ISMCTSAgent(1, iterations=1, seconds=0.01)
    move = agent.choose(observe(state), legal_moves(state))
    assert move in legal_moves(state)
    assert agent.iterations[-1] >= 1


@pytest.mark.parametrize(
    ("iterations", "seconds"), [(0, None), (-3, None), (2.5, None), (5, 0.0), (5, float("inf"))]
)
def test_a_bad_budget_is_a_library_error(iterations: object, seconds: object) -> None:
    from fertility_rules import MalformedInputError

    with pytest.raises(MalformedInputError):
        ISMCTSAgent(1, iterations=iterations, seconds=seconds)  # type: ignore[arg-type]
