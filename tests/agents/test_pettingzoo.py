"""The PettingZoo environment passes PettingZoo's own API and seed tests (``rl`` extra)."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from pettingzoo.test import api_test, seed_test

from fertility_rules import MalformedInputError
from fertility_rules.encoding import action_count
from fertility_rules.pettingzoo import env, raw_env

SETTINGS = [(2, False), (2, True), (3, False), (4, False)]


@pytest.mark.parametrize(("players", "variant"), SETTINGS)
def test_pettingzoos_api_test_passes(players: int, variant: bool) -> None:
    api_test(env(players=players, variant=variant), num_cycles=1000)


@pytest.mark.parametrize(("players", "variant"), SETTINGS)
def test_pettingzoos_seed_test_passes(players: int, variant: bool) -> None:
    seed_test(lambda: env(players=players, variant=variant), num_cycles=300)


def test_a_masked_random_game_ends_with_the_final_scores_as_rewards() -> None:
    game = env(players=3, interpretations=["quarry_enclosure=orthogonal"])
    game.reset(seed=11)
    totals = {agent: 0.0 for agent in game.possible_agents}
    steps = 0
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _info = game.last()
        totals[agent] += reward
        if termination or truncation:
            game.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.shape == (action_count(3),)
        assert mask.sum() >= 1
        game.step(game.action_space(agent).sample(mask))
        steps += 1
    assert steps > 60
    assert all(value > 0 for value in totals.values())


def test_render_gives_text_or_a_picture() -> None:
    text = raw_env(players=2, render_mode="ansi")
    text.reset(seed=1)
    assert "P1" in str(text.render())
    picture = raw_env(players=2, render_mode="svg")
    picture.reset(seed=1)
    assert str(picture.render()).startswith("<svg")
    assert raw_env(players=2).render() is None


@pytest.mark.parametrize("arguments", [{"players": 5}, {"players": "2"}, {"render_mode": "human"}])
def test_wrong_arguments_are_library_errors(arguments: dict[str, object]) -> None:
    with pytest.raises(MalformedInputError):
        raw_env(**arguments)  # type: ignore[arg-type]
