"""Plans of a turn kept by position (:class:`~fertility_rules.fertility.agents.lookahead.Plans`): a
kept plan is the plan the agent makes afresh, whatever the hidden piles and the tiles of
the Common Pool (R-9.2, R-3.6), and only the same position finds it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from attrs import evolve

from fertility_rules import MalformedInputError
from fertility_rules.agents import play_game
from fertility_rules.fertility.agents import CalibratedLookaheadAgent, LookaheadAgent
from fertility_rules.fertility.agents.base import Agent
from fertility_rules.fertility.agents.lookahead import Line, Plans
from fertility_rules.fertility.model.resources import Resource, add_token
from fertility_rules.fertility.rules.engine import apply, legal_moves
from fertility_rules.fertility.state import GameState, Phase


def planned(seed: int, players: int) -> Iterator[GameState]:
    """The positions of a game of look-ahead agents where a plan of the turn is made."""
    agents: list[Agent] = [LookaheadAgent(seed * 10 + i) for i in range(players)]
    game = play_game(tuple("ABCD"[:players]), agents, seed=seed)
    state = game.record.initial_state()
    for move in game.moves:
        if (
            state.phase not in (Phase.TAKE, Phase.REMOVE, Phase.OVER)
            and len(legal_moves(state)) > 1
        ):
            yield state
        state = apply(state, move)


def moves_of(line: Line) -> list[object]:
    return [move for move, _after in line]


def test_a_kept_plan_is_the_plan_made_afresh_whatever_is_hidden() -> None:
    rng = random.Random(3)
    plans = Plans()
    checked = 0
    for players in (2, 4):
        for state in list(planned(11, players))[::3]:
            moves = legal_moves(state)
            for agent in (LookaheadAgent(1), CalibratedLookaheadAgent(1)):
                fresh = agent.plan(state, moves)
                kept = plans.line(agent, state, moves)
                assert moves_of(kept) == moves_of(fresh)
                # The same position with the pile and the deck in another order, and other
                # tiles in a Common Pool as full: the kept plan, which is this one's too.
                pile = list(state.pile)
                rng.shuffle(pile)
                pool = state.common_pool
                if len(pile) >= len(pool):
                    pile, pool = pile[len(pool) :] + list(pool), tuple(pile[: len(pool)])
                deck = list(state.district_deck)
                rng.shuffle(deck)
                twin = evolve(state, pile=tuple(pile), common_pool=pool, district_deck=tuple(deck))
                assert plans.line(agent, twin, moves) is kept
                assert moves_of(agent.plan(twin, moves)) == moves_of(fresh)
                checked += 1
    assert checked > 40


def test_only_the_same_position_and_measure_find_a_kept_plan() -> None:
    state = next(s for s in planned(12, 2) if s.phase is Phase.PLACE and s.turn > 4)
    moves = legal_moves(state)
    plans = Plans()
    plain = plans.line(LookaheadAgent(1), state, moves)
    calibrated = plans.line(CalibratedLookaheadAgent(1), state, moves)
    assert len(plans) == 2
    assert plans.line(LookaheadAgent(2), state, moves) is plain
    assert plans.line(CalibratedLookaheadAgent(2), state, moves) is calibrated
    # Another Stock (one token fewer of a kind there is) is another position.
    kind = next(r for r in Resource if state.stock[r])
    fewer = evolve(state, stock=add_token(state.stock, kind, -1))
    assert plans.line(LookaheadAgent(1), fewer, moves) is not plain
    assert len(plans) == 3


def test_a_full_set_of_plans_starts_again_and_bad_arguments_are_refused() -> None:
    states = list(planned(13, 2))[:4]
    plans = Plans(kept=2)
    for state in states:
        plans.line(LookaheadAgent(1), state, legal_moves(state))
        assert len(plans) <= 2
    with pytest.raises(MalformedInputError):
        Plans(kept=0)
    with pytest.raises(MalformedInputError):
        LookaheadAgent(1, plans={})  # type: ignore[arg-type]


def test_agents_sharing_plans_play_the_same_game_as_each_alone() -> None:
    """Ties broken by the order of the moves, a plan depends on its position alone: two
    agents sharing plans play as each does with plans of its own."""

    def game(shared: Plans | None) -> tuple[object, ...]:
        agents: list[Agent] = [
            LookaheadAgent(i, plans=shared if shared is not None else Plans()) for i in range(3)
        ]
        return play_game(("A", "B", "C"), agents, seed=14).record.moves

    assert game(Plans()) == game(None)
