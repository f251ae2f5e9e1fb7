"""The ``ismcts`` agent plays Ankh'or: legal moves only, the same game for the same seed,
the same decision for twins that differ only in the hidden order of the draw piles (A-8.2),
and from the command line."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from functools import partial
from pathlib import Path

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from fertility_rules import ankhor
from fertility_rules.agents.ismcts import ISMCTSAgent
from fertility_rules.agents.rewards import lead_rewards
from fertility_rules.ankhor import agents as ankhor_agents
from fertility_rules.ankhor import search
from fertility_rules.ankhor.agents import PlayedGame as AnkhorPlayedGame
from fertility_rules.ankhor.model import NO_TOKENS, add_tokens, one_token
from fertility_rules.ankhor.moves import BuyTile, Refresh
from fertility_rules.ankhor.state import GameState, Phase
from fertility_rules.ankhor.testing import played
from fertility_rules.cli import main
from fertility_rules.games import Agent, find_game


def _hidden_twin(state: GameState, rng: random.Random) -> GameState:
    """The same table, the unseen tiles dealt into the two piles in another order."""
    tiles = [*state.piles[0], *state.piles[1]]
    rng.shuffle(tiles)
    first = len(state.piles[0])
    return evolve(state, piles=(tiles[:first], tiles[first:]))


@settings(max_examples=10)
@given(state=played(60), seed=st.integers(0, 2**16), rng=st.randoms(use_true_random=False))
def test_twins_in_hidden_order_get_the_same_decision(
    state: GameState, seed: int, rng: random.Random
) -> None:
    moves = ankhor.legal_moves(state)
    if state.is_over or len(moves) < 2:
        return
    twin = _hidden_twin(state, rng)
    view = ankhor.observe(state)
    assert ankhor.observe(twin) == view
    first = ISMCTSAgent(seed, iterations=3, game="ankhor").choose(view, moves)
    second = ISMCTSAgent(seed, iterations=3, game="ankhor").choose(ankhor.observe(twin), moves)
    assert first == second
    assert first in moves


def test_the_search_agent_plays_legal_moves_and_the_same_game_for_a_seed() -> None:
    def game(seed: int) -> AnkhorPlayedGame:
        agents: list[Agent] = [
            ISMCTSAgent(seed, iterations=3, game="ankhor"),
            ankhor.LookaheadAgent(seed),
        ]
        return ankhor.play_game(["A", "B"], agents, seed=6)

    played_game = game(4)
    state = ankhor.new_game(["A", "B"], seed=6)
    for move in played_game.record.moves:
        assert move in ankhor.legal_moves(state)
        state = ankhor.apply(state, move)
    assert state.is_over
    assert game(4).record.moves == played_game.record.moves


def test_it_searches_the_turns_decisions_and_leaves_the_rest_to_the_look_ahead() -> None:
    parts = find_game("ankhor").search
    assert parts is search.ANKHOR_SEARCH
    assert parts.searched is not None
    for phase in Phase:
        view = evolve(ankhor.observe(ankhor.new_game(["A", "B"], 1)), phase=phase)
        assert parts.searched(view) is (phase in (Phase.MAIN, Phase.AFTER))


def test_the_candidates_differ_in_kind_and_keep_every_offer_slot() -> None:
    state = ankhor.new_game(["A", "B"], seed=2)
    while not any(isinstance(m, BuyTile) for m in ankhor.legal_moves(state)):
        state = ankhor.apply(
            state, ankhor.LookaheadAgent(1).choose(ankhor.observe(state), ankhor.legal_moves(state))
        )
    moves = ankhor.legal_moves(state)
    chosen = search.ANKHOR_SEARCH.candidates(state, moves)
    assert set(chosen) <= set(moves)
    slots = {m.slot for m in moves if isinstance(m, BuyTile)}
    assert {m.slot for m in chosen if isinstance(m, BuyTile)} == slots
    kinds = {(type(m), m.slot if isinstance(m, BuyTile) else 0) for m in chosen}
    assert all(
        sum(1 for m in chosen if (type(m), m.slot if isinstance(m, BuyTile) else 0) == kind)
        <= search.PER_KIND
        for kind in kinds
    )
    assert len(chosen) < len(moves)


def test_a_playout_ends_with_the_searching_seats_next_turn() -> None:
    state = ankhor.new_game(["A", "B", "C"], seed=3)
    seat = state.current
    after = search.ANKHOR_SEARCH.rollout(state, seat, random.Random(1))
    assert after.players[seat].turns == state.players[seat].turns + 1
    assert after.current != seat or after.is_over
    rewards = search.ANKHOR_SEARCH.rewards(after)
    assert len(rewards) == 3
    assert all(0 < r < 1 for r in rewards)


def test_the_tokens_that_buy_a_tile_are_worth_more_than_others() -> None:
    # Two hands of as many tokens: the one closer to an offered tile's price is better.
    state = ankhor.new_game(["A", "B"], seed=5)
    price = state.config.prices[0]
    tokens = NO_TOKENS
    for colour in price:
        tokens = add_tokens(tokens, one_token(colour))
    spare = next(c for c in range(5) if c not in price)
    other = NO_TOKENS
    for _colour in price:
        other = add_tokens(other, one_token(spare))
    players = state.players
    fits = evolve(state, players=(evolve(players[0], tokens=tokens), players[1]))
    misses = evolve(state, players=(evolve(players[0], tokens=other), players[1]))
    assert search.search_value(fits, 0) > search.search_value(misses, 0)


@pytest.mark.slow
def test_simulate_plays_ankhor_with_ismcts_against_lookahead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(ankhor_agents.AGENTS, "ismcts", partial(ankhor.ISMCTSAgent, iterations=2))
    record = tmp_path / "game.json"
    args = ["simulate", "--game", "ankhor", "--players", "2", "--seed", "5"]
    assert main([*args, "--agents", "ismcts,lookahead", "--record", str(record)]) == 0
    data = json.loads(record.read_text("utf-8"))
    assert data["game"] == "ankhor"
    capsys.readouterr()
    assert main(["verify", str(record), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["legal"]


def test_refresh_moves_are_candidates_too() -> None:
    state = ankhor.new_game(["A", "B"], seed=9)
    players = state.players
    state = evolve(state, players=(evolve(players[0], tokens=(0, 0, 0, 0, 0, 2)), players[1]))
    moves = ankhor.legal_moves(state)
    assert any(isinstance(m, Refresh) for m in search.ANKHOR_SEARCH.candidates(state, moves))


def test_a_seat_is_rewarded_by_its_lead_over_the_best_other() -> None:
    # A lead of one scale unit is worth 1 / (1 + e^-1); the others trail by as much.
    rewards = lead_rewards([10.0, 7.0, 7.0], 3.0)
    assert rewards[0] == pytest.approx(1 / (1 + math.exp(-1)))
    assert rewards[1] == rewards[2] == pytest.approx(1 / (1 + math.exp(1)))
    assert lead_rewards([4.0, 4.0], 2.0) == [0.5, 0.5]


def test_ankhors_search_agent_is_the_shared_search_over_ankhor() -> None:
    """``ankhor.ISMCTSAgent(seed, iterations)`` plays what the shared agent given
    ``game="ankhor"`` plays, and is the agent called ``ismcts``."""

    def game(agent: Agent) -> tuple[object, ...]:
        played_game = ankhor.play_game(["A", "B"], [agent, ankhor.GreedyAgent(1)], seed=4)
        return played_game.record.moves

    assert game(ankhor.ISMCTSAgent(5, iterations=3)) == game(
        ISMCTSAgent(5, iterations=3, game="ankhor")
    )
    made = ankhor.make_agent("ismcts", 5)
    assert isinstance(made, ankhor.ISMCTSAgent)
    assert made.budget == ankhor.ISMCTSAgent(5).budget


def test_the_look_ahead_proposes_moves_with_three_players_or_more() -> None:
    proposed: list[int] = []

    class Planner(ankhor.LookaheadAgent):
        def choose(self, view: ankhor.Observation, moves: Sequence[ankhor.Move]) -> ankhor.Move:
            proposed.append(len(view.players))
            return super().choose(view, moves)

    for players in (2, 3):
        state = ankhor.new_game(["A", "B", "C"][:players], seed=5)
        assert search.ANKHOR_SEARCH.searched is not None
        assert search.ANKHOR_SEARCH.searched(ankhor.observe(state))
        agent = ISMCTSAgent(1, iterations=2, game="ankhor")
        agent._planner = Planner(1)
        agent.choose(ankhor.observe(state), ankhor.legal_moves(state))
    assert proposed == [3]
