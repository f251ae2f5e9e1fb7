"""The information-set search: where its tree stops, and Fertility's playouts and candidates."""

from __future__ import annotations

import math
import random
from typing import Any

import attrs
import pytest
from attrs import evolve

from fertility_rules import Game, GameState, legal_moves, observe
from fertility_rules.agents import ISMCTSAgent
from fertility_rules.agents.ismcts import (
    DEFAULT_ITERATIONS,
    Budget,
    SearchGame,
    _Node,
    _significant,
    play_out,
    search,
    search_parts,
)
from fertility_rules.agents.rewards import LeadRewards, lead_rewards
from fertility_rules.ankhor.search import ANKHOR_SEARCH
from fertility_rules.fertility.agents import CalibratedLookaheadAgent, LookaheadAgent
from fertility_rules.fertility.rules.engine import apply_unchecked
from fertility_rules.fertility.search import FERTILITY_SEARCH
from fertility_rules.fertility.state import Phase
from tests.games.pairs import RULES


def _depth(node: _Node[Any]) -> int:
    return 1 + max((_depth(child) for child in node.children.values()), default=0)


def _movers(node: _Node[Any]) -> set[int]:
    found = set()
    for child in node.children.values():
        found.add(child.mover)
        found |= _movers(child)
    return found


def _pairs_search(game: SearchGame[Any, Any, Any], budget: Budget) -> _Node[Any]:
    state = Game.new(("Ada", "Bo"), 3, game=RULES).state
    moves = RULES.legal_moves(state)
    _move, _count, root = search(
        game, RULES.observe(state), moves, random.Random(1), budget, state.current
    )
    return root


def test_the_tree_stops_at_the_first_decision_the_game_keeps_out_of_it() -> None:
    binding, _parts = search_parts(RULES)
    everywhere = _pairs_search(binding, Budget(40))
    assert _movers(everywhere) == {0, 1}  # both players' decisions grow nodes
    own = evolve(binding, in_tree=lambda state, seat: state.current == seat)
    assert _movers(_pairs_search(own, Budget(40))) == {0}  # the others' are played out
    assert _depth(_pairs_search(own, Budget(40))) == 2  # one decision a turn in Pairs


def test_a_decision_with_one_candidate_does_not_end_the_walk() -> None:
    # The game's candidates keep one move each: the first iteration follows the line
    # to the end of the game instead of stopping at the first new node.
    binding, _parts = search_parts(RULES)
    one = evolve(binding, candidates=lambda _state, moves: moves[:1])
    assert _depth(_pairs_search(one, Budget(1, seconds=0.001))) > 3


def test_halving_spends_the_budget_on_candidates_in_the_same_draws() -> None:
    binding, _parts = search_parts(RULES)
    state = Game.new(("Ada", "Bo"), 3, game=RULES).state
    moves = RULES.legal_moves(state)
    assert len(moves) >= 3
    move, count, root = search(
        binding, RULES.observe(state), moves, random.Random(1), Budget(30), state.current
    )
    visits = [root.children[m].visits for m in moves]
    assert count == sum(visits) == root.visits <= 30
    assert min(visits) >= 1  # every candidate is tried in the first round
    best = max(visits)
    assert root.children[move].visits == best  # the last one standing has the most
    # The same seed searches the same way.
    view = RULES.observe(state)
    again = search(binding, view, moves, random.Random(1), Budget(30), state.current)
    assert again[:2] == (move, count)


def _decisions(seed: int, players: int = 2) -> list[GameState]:
    """The states of a game of look-ahead agents at each decision."""
    game = Game.new(tuple("ABCD"[:players]), seed)
    agents = [LookaheadAgent(seed + i) for i in range(players)]
    states = []
    while not game.state.is_over:
        state = game.state
        states.append(state)
        moves = legal_moves(state)
        game = game.play(agents[state.current].decide(state, moves))
    return states


def test_a_fertility_playout_ends_at_the_searcher_s_next_tile_taken() -> None:
    for players in (2, 3):
        states = [s for s in _decisions(5, players) if s.phase is Phase.PLACE][:6]
        for state in states:
            seat = state.current
            after = FERTILITY_SEARCH.rollout(state, seat, random.Random(2))
            if after.is_over:
                continue
            assert after.current == seat
            assert after.phase in (Phase.TAKE, Phase.REMOVE)
            # This turn and the next one of the searcher's, every other player's turn.
            assert after.players[seat].turns == state.players[seat].turns + 1
            for other in range(players):
                if other != seat:
                    assert after.players[other].turns == state.players[other].turns + 1


def test_fertility_s_tree_holds_the_searcher_s_turn_and_its_own_moves_only() -> None:
    in_tree = FERTILITY_SEARCH.in_tree
    assert in_tree is not None
    states = _decisions(6)
    assert all(in_tree(s, s.current) and not in_tree(s, 1 - s.current) for s in states)
    kinds = {s.phase for s in states}
    assert {Phase.QUARRY, Phase.SUPPLY} <= kinds
    for state in states:
        moves = legal_moves(state)
        chosen = FERTILITY_SEARCH.candidates(state, moves)
        assert set(chosen) <= set(moves)
        if state.phase in (Phase.QUARRY, Phase.SUPPLY, Phase.BONUS):
            # The calibrated look-ahead's move: the rest of the turn it plans is not searched.
            assert list(chosen) == [CalibratedLookaheadAgent(0).decide(state, moves)]
        elif state.phase in (Phase.TAKE, Phase.REMOVE):
            # Every tile is tried, the one the look-ahead would take first.
            assert len(chosen) == len(moves)
            assert set(chosen) == set(moves)
            assert (
                chosen[0] == LookaheadAgent(0).decide(state, moves)
                or len({LookaheadAgent(seed).decide(state, moves) for seed in range(12)}) > 1
            )


def test_the_agent_keeps_its_tree_for_the_rest_of_its_turn_only() -> None:
    state = _decisions(7)[0]
    agent = ISMCTSAgent(3, iterations=12)
    move = agent.choose(observe(state), legal_moves(state))
    assert agent.iterations == [12]
    after = apply_unchecked(state, move)
    while after.current == state.current and len(legal_moves(after)) == 1:
        after = apply_unchecked(after, legal_moves(after)[0])
    assert after.current == state.current
    assert after.phase is Phase.BUILD  # this deal's first placement leaves a choice
    agent.choose(observe(after), legal_moves(after))
    # The kept subtree already holds some of the budget's iterations.
    assert 0 < agent.iterations[-1] < 12
    # Without the kept tree, the same decision runs the whole budget.
    other = ISMCTSAgent(3, iterations=12)
    other.choose(observe(after), legal_moves(after))
    assert other.iterations == [12]


def test_halving_keeps_the_proposal_to_the_end_and_plays_it_unless_clearly_beaten() -> None:
    binding, _parts = search_parts(RULES)
    state = Game.new(("Ada", "Bo"), 3, game=RULES).state
    moves = RULES.legal_moves(state)
    view = RULES.observe(state)
    assert len(moves) >= 3
    free, _count, plain = search(binding, view, moves, random.Random(1), Budget(30), 0)
    # The move the plain search halves away first is proposed: it now stays in every
    # round, so it is played out as often as the last move standing.
    proposal = min(moves, key=lambda m: plain.children[m].visits)
    assert plain.children[proposal].visits < plain.children[free].visits
    chosen, _count, root = search(
        binding, view, moves, random.Random(1), Budget(30), 0, None, proposal, 0.0
    )
    assert root.children[proposal].visits == root.children[chosen].visits or chosen == proposal
    assert root.children[proposal].visits > plain.children[proposal].visits
    # Rewards lie in [0, 1]: no candidate beats the proposal by 2, so it is played.
    kept, _count, _root = search(
        binding, view, moves, random.Random(1), Budget(30), 0, None, proposal, 2.0
    )
    assert kept == proposal
    # Without a margin the best mean is played, whatever was proposed.
    means = {m: c.total / c.visits for m, c in root.children.items() if c.visits}
    if chosen != proposal:
        assert means[chosen] >= means[proposal]


def test_fertility_s_planner_proposes_at_every_searched_decision() -> None:
    proposed: list[int] = []

    class Planner(LookaheadAgent):
        def choose(self, view: Any, moves: Any) -> Any:
            proposed.append(len(view.players))
            return super().choose(view, moves)

    for players in (2, 3):
        state = Game.new(tuple("ABC"[:players]), 3).state
        while state.phase is not Phase.PLACE or len(legal_moves(state)) < 2:
            state = apply_unchecked(state, legal_moves(state)[0])
        agent = ISMCTSAgent(1, iterations=6)
        agent._planner = Planner(1)
        agent.choose(observe(state), legal_moves(state))
    assert proposed == [2, 3]
    # Ankh'or's planner proposes with three players or more only.
    assert ANKHOR_SEARCH.proposals_from == 3


def test_each_game_names_its_own_budget() -> None:
    assert ISMCTSAgent(1).budget == Budget(FERTILITY_SEARCH.iterations or 0)
    assert ISMCTSAgent(1, game="ankhor").budget == Budget(ANKHOR_SEARCH.iterations or 0)
    assert FERTILITY_SEARCH.iterations != ANKHOR_SEARCH.iterations
    # A game without a budget of its own gets the search's default.
    assert ISMCTSAgent(1, game=RULES).budget == Budget(DEFAULT_ITERATIONS)
    assert ISMCTSAgent(1, iterations=5).budget == Budget(5)


def test_a_proposal_not_legal_or_a_negative_margin_is_a_library_error() -> None:
    from fertility_rules import MalformedInputError

    binding, _parts = search_parts(RULES)
    state = Game.new(("Ada", "Bo"), 3, game=RULES).state
    moves = RULES.legal_moves(state)
    view = RULES.observe(state)
    with pytest.raises(MalformedInputError) as caught:
        search(binding, view, moves[1:], random.Random(1), Budget(4), 0, None, moves[0])
    assert caught.value.problems[0].path == "proposal"
    for margin in (-0.1, float("nan"), float("inf")):
        with pytest.raises(MalformedInputError) as caught:
            search(binding, view, moves, random.Random(1), Budget(4), 0, None, moves[0], margin)
        assert caught.value.problems[0].path == "margin"
    for confidence in (-1.0, float("nan"), float("inf")):
        with pytest.raises(MalformedInputError) as caught:
            search(
                binding,
                view,
                moves,
                random.Random(1),
                Budget(4),
                0,
                None,
                moves[0],
                0.0,
                confidence,
            )
        assert caught.value.problems[0].path == "confidence"


def test_a_lead_is_significant_by_its_standard_error_in_the_same_draws() -> None:
    # Differences 0.1 and 0.3: mean 0.2, standard deviation sqrt(0.02) = 0.1414, standard
    # error 0.1414 / sqrt(2) = 0.1.
    best, proposal = [0.6, 0.8], [0.5, 0.5]
    assert _significant(best, proposal, 1.0)  # 0.2 >= 1 x 0.1
    assert _significant(best, proposal, 1.9)  # 0.2 >= 1.9 x 0.1
    assert not _significant(best, proposal, 2.5)  # 0.2 < 0.25
    assert not _significant(proposal, best, 0.5)  # a deficit is never significant
    # A lead from one draw has no standard error.
    assert not _significant([0.9], [0.1], 0.5)
    # The same rewards in every draw: no lead.
    assert not _significant(proposal, proposal, 0.1)


@attrs.frozen
class _Count:
    """A game of counting up: the number reached, over at ``end``."""

    value: int
    end: int = 10

    @property
    def is_over(self) -> bool:
        return self.value >= self.end


def test_a_playout_plays_the_policy_until_its_horizon_and_forced_moves_unasked() -> None:
    asked: list[int] = []

    def moves(state: _Count) -> list[int]:
        return [1] if state.value % 2 else [1, 2]  # from an odd number, +1 is forced

    def choose(state: _Count, legal: Any) -> int:
        asked.append(state.value)
        return 2

    def step(state: _Count, move: int) -> _Count:
        return _Count(state.value + move, state.end)

    assert play_out(_Count(0), moves, step, choose, lambda s: False).value == 10
    assert asked == [0, 2, 4, 6, 8]
    asked.clear()
    assert play_out(_Count(1), moves, step, choose, lambda s: s.value >= 5).value == 6
    assert asked == [2, 4]
    # Three moves of +2 from 0.
    assert play_out(_Count(0), moves, step, choose, lambda s: False, limit=3).value == 6
    assert play_out(_Count(12), moves, step, choose, lambda s: False).value == 12


@attrs.frozen
class _Seats:
    players: tuple[str, ...]
    is_over: bool
    values: tuple[float, ...]


def test_lead_rewards_count_final_totals_once_the_game_is_over_and_estimates_before() -> None:
    rewards = LeadRewards(
        final_position=lambda state: state.values,
        score_totals=lambda values: [(int(v), 2) for v in values],
        estimate=lambda state, seat: state.values[seat],
        scale=4.0,
    )
    playing = rewards(_Seats(("A", "B", "C"), False, (10.0, 6.0, 14.0)))
    # Leads over the best other seat: 10 - 14 = -4, 6 - 14 = -8, 14 - 10 = +4 (scale 4).
    expected = [1 / (1 + math.exp(1)), 1 / (1 + math.exp(2)), 1 / (1 + math.exp(-1))]
    assert playing == pytest.approx(expected)
    # Over: the totals (each value plus 2) count; the leads are the same.
    assert rewards(_Seats(("A", "B", "C"), True, (10.0, 6.0, 14.0))) == pytest.approx(expected)
    over = rewards(_Seats(("A", "B"), True, (10.0, 10.0)))
    assert over == pytest.approx([0.5, 0.5])


def test_a_lead_needs_two_seats_and_a_positive_scale() -> None:
    from fertility_rules import MalformedInputError

    for values, scale, path in (([3.0], 4.0, "values"), ([1.0, 2.0], 0.0, "scale")):
        with pytest.raises(MalformedInputError) as caught:
            lead_rewards(values, scale)
        assert caught.value.problems[0].path == path
    assert lead_rewards([2.0, 2.0], float("1e-9")) == [0.5, 0.5]


def test_halving_never_runs_more_iterations_than_its_budget() -> None:
    binding, _parts = search_parts(RULES)
    state = Game.new(("Ada", "Bo"), 3, game=RULES).state
    moves = RULES.legal_moves(state)
    view = RULES.observe(state)
    assert len(moves) == 3
    # Three candidates take two rounds (3, then 2): 5 iterations. With 4, the second
    # round does not fit, and the best of the first round is played.
    for budget, spent in ((5, 5), (4, 3), (3, 3)):
        move, count, root = search(binding, view, moves, random.Random(1), Budget(budget), 0)
        assert count == spent == root.visits
        assert all(root.children[m].visits == 1 for m in moves) or budget == 5
        assert root.children[move].visits == max(c.visits for c in root.children.values())
    # Fewer iterations than candidates: the first ones in the game's order are tried.
    move, count, root = search(binding, view, moves, random.Random(1), Budget(2), 0)
    assert count == 2
    assert [root.children[m].visits for m in root.tried] == [1, 1, 0]
    assert move in root.tried[:2]
    # One iteration compares nothing: the game's first candidate, untried.
    move, count, root = search(binding, view, moves, random.Random(1), Budget(1), 0)
    assert (move, count) == (root.tried[0], 0)
    # ... unless the planner proposed another move: then that one.
    proposal = root.tried[2]
    move, count, _root = search(
        binding, view, moves, random.Random(1), Budget(1), 0, None, proposal
    )
    assert (move, count) == (proposal, 0)
    # The proposal takes the place of the last candidate the budget leaves out.
    move, count, root = search(
        binding, view, moves, random.Random(1), Budget(2), 0, None, proposal, 0.0
    )
    assert count == 2
    assert root.children[proposal].visits == 1
    assert root.children[root.tried[1]].visits == 0
