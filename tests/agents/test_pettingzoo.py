"""The PettingZoo environment passes PettingZoo's own API and seed tests for both games
(``rl`` extra)."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from pettingzoo.test import api_test, seed_test

from fertility_rules import MalformedInputError
from fertility_rules.encoding import action_count, observation_size
from fertility_rules.pettingzoo import env, raw_env

SETTINGS = [
    ("fertility", 2, False),
    ("fertility", 2, True),
    ("fertility", 3, False),
    ("fertility", 4, False),
    ("ankhor", 2, False),
    ("ankhor", 3, False),
    ("ankhor", 4, False),
]


@pytest.mark.parametrize(("game", "players", "variant"), SETTINGS)
def test_pettingzoos_api_test_passes(game: str, players: int, variant: bool) -> None:
    api_test(env(game=game, players=players, variant=variant), num_cycles=1000)


@pytest.mark.parametrize(("game", "players", "variant"), SETTINGS)
def test_pettingzoos_seed_test_passes(game: str, players: int, variant: bool) -> None:
    seed_test(lambda: env(game=game, players=players, variant=variant), num_cycles=300)


def test_a_masked_random_game_of_ankhor_ends_with_the_final_scores_as_rewards() -> None:
    game = env(game="ankhor", players=4, interpretations=["height=base_only"])
    game.reset(seed=5)
    assert game.unwrapped.metadata["name"] == "ankhor_v0"
    totals = {agent: 0.0 for agent in game.possible_agents}
    scores: dict[str, float] = {}
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        totals[agent] += reward
        if termination or truncation:
            scores[agent] = info["score"]
            game.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.shape == (action_count(4, game="ankhor"),)
        assert len(observation["observation"]) == observation_size(4, game="ankhor") + 4
        game.step(game.action_space(agent).sample(mask))
    assert totals == scores
    assert max(totals.values()) > 0


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


def test_render_draws_an_ankhor_table_too() -> None:
    picture = raw_env(game="ankhor", players=3, render_mode="svg")
    picture.reset(seed=2)
    assert str(picture.render()).startswith("<svg")
    text = raw_env(game="ankhor", players=3, render_mode="ansi")
    text.reset(seed=2)
    assert "P3" in str(text.render())


@pytest.mark.parametrize(
    "arguments",
    [
        {"players": 5},
        {"players": "2"},
        {"render_mode": "human"},
        {"game": "ankhor", "variant": True},
        {"game": "ankhor", "players": 1},
    ],
)
def test_wrong_arguments_are_library_errors(arguments: dict[str, object]) -> None:
    with pytest.raises(MalformedInputError):
        raw_env(**arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_wrong_calls_and_actions_are_library_errors_and_change_nothing(game: str) -> None:
    from fertility_rules import NotAllowedError

    environment = raw_env(players=2, game=game)
    with pytest.raises(NotAllowedError):
        environment.step(0)
    with pytest.raises(NotAllowedError):
        environment.observe("player_0")
    for seed in (-1, "x", 1.5):
        with pytest.raises(MalformedInputError):
            environment.reset(seed=seed)  # type: ignore[arg-type]
    environment.reset(seed=3)
    before = environment.observe(environment.agent_selection)
    mask = before["action_mask"]
    illegal = int(mask.argmin())
    assert mask[illegal] == 0
    for action in (None, "x", [0], True, 1.5, -1, 10**9, illegal):
        with pytest.raises(MalformedInputError):
            environment.step(action)  # type: ignore[arg-type]
    with pytest.raises(MalformedInputError):
        environment.observe("zz")
    after = environment.observe(environment.agent_selection)
    assert (after["observation"] == before["observation"]).all()
    environment.step(int(mask.argmax()))
