"""The numbers the adapters encode from a state are the view's, for both games: an
:class:`Encoder` that keeps the sections a move left alone gives, at every decision of
many random games, exactly the numbers of the view encoded anew, of the same state read
back from its JSON (every object new, nothing kept) and of states that differ only in
what is hidden (R-9.2, A-8.2); and a masked action stands for no move anywhere."""

from __future__ import annotations

import random
from array import array
from typing import Any

import pytest

from fertility_rules.encoding import action_mask, action_move
from fertility_rules.encoding.encoder import Encoder
from fertility_rules.encoding.environment import learning_game
from fertility_rules.errors import MalformedInputError
from tests.agents.settings import SETTINGS


def _random_game(game: str, players: int, variant: bool, seed: int) -> list[Any]:
    """Every state of a random game (the engine's own loop)."""
    parts = learning_game(game)
    rng = random.Random(seed)
    state = parts.new_state(players, seed, variant, parts.rules.new_interpretations())
    states = [state]
    while not parts.is_over(state):
        moves = parts.legal_moves(state)
        state = parts.apply(state, moves[rng.randrange(len(moves))])
        states.append(state)
    return states


def _float32(values: list[float]) -> list[float]:
    return array("f", values).tolist()


@pytest.mark.parametrize(("game", "players", "variant"), SETTINGS)
def test_the_state_gives_the_numbers_of_its_view_at_every_decision(
    game: str, players: int, variant: bool
) -> None:
    parts = learning_game(game)
    rules = parts.rules
    layout = parts.features(players, variant, None)
    kept = Encoder(layout)  # one encoder for every game, as an environment keeps one
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        for step, state in enumerate(_random_game(game, players, variant, seed)):
            view = rules.observe(state)
            expected = layout.encode(view)
            assert len(expected) == layout.size
            assert _float32(expected) == expected  # every number is a 32-bit float
            assert kept.values(state) == expected
            assert kept.floats(state).tolist() == expected
            if step % 9 == 0:
                # Read back from JSON: every object is new, so nothing kept applies.
                fresh = rules.formats.read_state(rules.formats.dump_state(state))
                assert Encoder(layout).values(fresh) == expected
                assert kept.values(fresh) == expected
                # A state that differs only in what is hidden.
                assert rules.sample_state is not None
                twin = rules.sample_state(view, rng.randrange(2**32))
                assert rules.observe(twin) == view
                assert kept.values(twin) == expected
            checked += 1
    assert checked > 150


@pytest.mark.parametrize(("game", "players", "variant"), SETTINGS)
def test_every_masked_action_stands_for_no_move(game: str, players: int, variant: bool) -> None:
    parts = learning_game(game)
    space = parts.action_space(players, variant, None)
    states = _random_game(game, players, variant, 41)
    refused = 0
    for state in states[: -1 : max(1, len(states) // 5)]:
        view = parts.rules.observe(state)
        mask = action_mask(view, game=game)
        moves = parts.legal_moves(view)
        assert sorted(space.indices(moves, view)) == [i for i, m in enumerate(mask) if m]
        for index, allowed in enumerate(mask):
            if allowed:
                assert action_move(index, view, game=game) in moves
                continue
            with pytest.raises(MalformedInputError, match="not a move of this position"):
                action_move(index, view, game=game)
            refused += 1
    assert refused > 4 * space.size
