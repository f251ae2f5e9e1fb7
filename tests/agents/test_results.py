"""Each game's own final results (``GameLearning.results``), which the learning adapters
turn into rewards, against the score sheets they stand for: the same totals and the same
ranks after the tie-breaks (R-4.3, A-7.5), game after game."""

from __future__ import annotations

import random

import pytest

from fertility_rules.encoding.environment import learning_game, learning_parts
from fertility_rules.games import find_game

GAMES = ("fertility", "ankhor")


def _finished(name: str, players: int, seed: int) -> object:
    game = learning_game(name)
    rng = random.Random(seed)
    state = game.new_state(players, seed, False, game.rules.new_interpretations())
    while not game.is_over(state):
        moves = game.legal_moves(state)
        state = game.apply(state, moves[rng.randrange(len(moves))])
    return state


@pytest.mark.parametrize("name", GAMES)
def test_a_games_results_are_the_totals_and_ranks_of_its_score_sheets(name: str) -> None:
    results = learning_parts(name).results
    assert results is not None
    tied = 0
    for players in (2, 3, 4):
        for seed in range(12):
            state = _finished(name, players, 100 * players + seed)
            sheets = find_game(name).final_scores(state).sheets
            scores, ranks = results(state)
            assert scores == [float(sheet.total) for sheet in sheets]
            assert ranks == [sheet.rank for sheet in sheets]
            assert all(type(score) is float for score in scores)
            totals = [sheet.total for sheet in sheets]
            tied += len(set(totals)) < len(totals)
    # Equal totals are met among these games, so the tie-breaks are compared too.
    assert tied > 0


@pytest.mark.parametrize("name", GAMES)
def test_the_adapters_rewards_come_from_the_games_results(name: str) -> None:
    game = learning_game(name)
    state = _finished(name, 3, 7)
    sheets = find_game(name).final_scores(state).sheets
    assert game.results(state) == (
        [float(sheet.total) for sheet in sheets],
        [sheet.rank for sheet in sheets],
    )
