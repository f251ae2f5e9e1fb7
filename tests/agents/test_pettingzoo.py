"""The PettingZoo environment passes PettingZoo's own API and seed tests for both games
(``rl`` extra)."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

import gc
import pickle
import tracemalloc
import weakref
from typing import Any

import numpy as np
from pettingzoo import AECEnv
from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.utils import wrappers

from fertility_rules import MalformedInputError
from fertility_rules.encoding import action_count, observation_size
from fertility_rules.pettingzoo import env, raw_env
from tests.agents.settings import SETTINGS


@pytest.mark.parametrize(("game", "players", "variant"), SETTINGS)
def test_pettingzoos_api_test_passes(game: str, players: int, variant: bool) -> None:
    api_test(env(game=game, players=players, variant=variant), num_cycles=1000)


@pytest.mark.parametrize(("game", "players", "variant"), SETTINGS)
def test_pettingzoos_seed_test_passes(game: str, players: int, variant: bool) -> None:
    seed_test(lambda: env(game=game, players=players, variant=variant), num_cycles=300)


def _play_out(game: AECEnv, seed: int) -> tuple[dict[str, float], dict[str, dict[str, Any]]]:
    """A masked random game to its end: each agent's total reward and last info."""
    totals = dict.fromkeys(game.possible_agents, 0.0)
    infos: dict[str, dict[str, Any]] = {}
    rng = np.random.default_rng(seed)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        totals[agent] += reward
        if termination or truncation:
            infos[agent] = info
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals, infos


def _outcome_by_hand(ranks: list[int]) -> list[float]:
    """+1 for a sole winner, -1 for the others; k winners tied share one win and k - 1
    losses: (1 - (k - 1)) / k each."""
    k = ranks.count(1)
    return [(1 - (k - 1)) / k if rank == 1 else -1.0 for rank in ranks]


@pytest.mark.parametrize(("game", "players"), [("fertility", 3), ("ankhor", 4), ("ankhor", 2)])
def test_the_rewards_are_the_outcome_by_default(game: str, players: int) -> None:
    environment = env(game=game, players=players)
    for seed in (5, 6):
        environment.reset(seed=seed)
        totals, infos = _play_out(environment, seed)
        ranks = [infos[agent]["rank"] for agent in environment.possible_agents]
        rewards = [totals[agent] for agent in environment.possible_agents]
        assert rewards == _outcome_by_hand(ranks)
        assert all(-1 <= reward <= 1 for reward in rewards)
        best = max(infos[agent]["score"] for agent in environment.possible_agents)
        for agent in environment.possible_agents:
            if infos[agent]["rank"] == 1:
                assert infos[agent]["score"] == best
                assert totals[agent] == max(rewards)


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_the_final_scores_are_the_rewards_on_request(game: str) -> None:
    environment = env(game=game, players=3, reward="score")
    environment.reset(seed=11)
    totals, infos = _play_out(environment, 11)
    assert totals == {agent: info["score"] for agent, info in infos.items()}
    assert max(totals.values()) > 0


def test_a_masked_random_game_of_ankhor_plays_to_its_end() -> None:
    game = env(game="ankhor", players=4, interpretations=["height=base_only"])
    game.reset(seed=5)
    assert game.unwrapped.metadata["name"] == "ankhor_v0"
    steps = 0
    for agent in game.agent_iter():
        observation, _reward, termination, truncation, _info = game.last()
        if termination or truncation:
            game.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.shape == (action_count(4, game="ankhor"),)
        assert len(observation["observation"]) == observation_size(4, game="ankhor") + 4
        game.step(game.action_space(agent).sample(mask))
        steps += 1
    assert steps > 100


def test_a_masked_random_game_of_fertility_plays_to_its_end() -> None:
    game = env(players=3, interpretations=["quarry_enclosure=orthogonal"])
    game.reset(seed=11)
    steps = 0
    for agent in game.agent_iter():
        observation, _reward, termination, truncation, _info = game.last()
        if termination or truncation:
            game.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.shape == (action_count(3),)
        assert mask.sum() >= 1
        game.step(game.action_space(agent).sample(mask))
        steps += 1
    assert steps > 60


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
        {"render_mode": "rgb_array"},
        {"reward": "points"},
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


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_environments_are_freed_when_dropped(game: str) -> None:
    alive = []
    for _ in range(50):
        environment = env(game=game, players=2)
        environment.reset(seed=1)
        for agent in environment.possible_agents:  # what every learner asks first
            environment.observation_space(agent)
            environment.action_space(agent)
        alive.append(weakref.ref(environment.unwrapped))
        del environment
    gc.collect()
    assert sum(ref() is not None for ref in alive) == 0


def _step_both(one: AECEnv, two: AECEnv, rng: np.random.Generator, steps: int) -> int:
    """Step both environments with the same actions, checking that they see the same."""
    played = 0
    for agent in one.agent_iter(steps):
        observation, reward, termination, truncation, info = one.last()
        again = two.last()
        assert two.agent_selection == agent
        assert (again[0]["observation"] == observation["observation"]).all()
        assert (again[0]["action_mask"] == observation["action_mask"]).all()
        assert again[1:] == (reward, termination, truncation, info)
        if termination or truncation:
            one.step(None)
            two.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        one.step(action)
        two.step(action)
        played += 1
    return played


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_an_environment_pickles_mid_game_and_its_copy_plays_on_alike(game: str) -> None:
    fresh = env(game=game, players=3, render_mode="ansi")
    assert pickle.loads(pickle.dumps(fresh)) is not fresh
    original = env(game=game, players=3, reward="score")
    original.reset(seed=4)
    rng = np.random.default_rng(4)
    for agent in original.agent_iter(60):
        mask = original.last()[0]["action_mask"]
        original.step(int(rng.choice(np.flatnonzero(mask))))
        assert agent
    copy = pickle.loads(pickle.dumps(original))
    assert _step_both(original, copy, np.random.default_rng(9), 10_000) > 20
    assert original.rewards == copy.rewards
    assert all(copy.terminations.values())
    # A reset copy deals the same next game from the same generator.
    again = pickle.loads(pickle.dumps(original))
    original.reset()
    again.reset()
    assert _step_both(original, again, np.random.default_rng(2), 40) == 40


def test_pettingzoos_render_test_passes_and_human_mode_prints_the_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for game in ("fertility", "ankhor"):
        render_test(lambda render_mode=None, game=game: env(game=game, render_mode=render_mode))
    human = env(players=2, render_mode="human")
    human.reset(seed=1)
    capsys.readouterr()
    assert human.render() is None
    assert "P1" in capsys.readouterr().out


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_every_masked_action_is_refused_and_changes_nothing(game: str) -> None:
    environment = raw_env(game=game, players=2)
    environment.reset(seed=8)
    rng = np.random.default_rng(8)
    positions = 0
    for step in range(96):
        agent = environment.agent_selection
        if environment.terminations[agent]:
            break
        before = environment.observe(agent)
        mask = before["action_mask"]
        if step % 16 == 0:
            positions += 1
            for index in np.flatnonzero(mask == 0):
                with pytest.raises(MalformedInputError, match="not a move of this position"):
                    environment.step(int(index))
            after = environment.observe(agent)
            assert (after["observation"] == before["observation"]).all()
            assert (after["action_mask"] == mask).all()
        environment.step(int(rng.choice(np.flatnonzero(mask))))
    assert positions == 6  # steps 0, 16 … 80: every 2-player game is longer


def _order_checks(game: AECEnv) -> list[str]:
    """What the order checks say, in turn: ``last`` and ``agent_iter`` before ``reset``,
    then an ``agent_iter`` loop that skips ``step``."""
    said = []
    for call in (game.last, game.agent_iter):
        try:
            call()
        except Exception as error:  # each check's own exception is compared
            said.append(f"{type(error).__name__}: {error}")
    game.reset(seed=3)
    turns = iter(game.agent_iter())
    next(turns)
    try:
        next(turns)
    except AssertionError as error:
        said.append(f"AssertionError: {error}")
    return said


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_env_checks_the_order_of_calls_as_pettingzoo_s_wrapper_does(game: str) -> None:
    """``env()``'s wrapper reads the environment directly but keeps PettingZoo's checks:
    the same errors, in the same places, as ``OrderEnforcingWrapper`` itself gives."""
    ours = _order_checks(env(game=game, players=2))
    theirs = _order_checks(wrappers.OrderEnforcingWrapper(raw_env(game=game, players=2)))
    assert ours == theirs
    assert len(ours) == 3


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_env_plays_the_same_game_as_pettingzoo_s_wrapper(game: str) -> None:
    def played(wrapped: AECEnv) -> list[tuple[str, float, bool, int]]:
        steps = []
        wrapped.reset(seed=11)
        rng = np.random.default_rng(11)
        for agent in wrapped.agent_iter():
            observation, reward, termination, truncation, _info = wrapped.last()
            action = None
            if not (termination or truncation):
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            steps.append((agent, reward, termination, int(observation["observation"].sum())))
            wrapped.step(action)
        return steps

    ours = played(env(game=game, players=3))
    assert ours == played(wrappers.OrderEnforcingWrapper(raw_env(game=game, players=3)))
    assert ours[-1][2]  # played to the end


@pytest.mark.parametrize(("game", "most"), [("fertility", 5.0), ("ankhor", 7.5)])
def test_the_memory_of_an_environment_stops_growing(game: str, most: float) -> None:
    """After ten games, thirty more grow the traced memory by at most ``most`` MB: the
    observation's memos are bounded by the positions in play, not by the games played.
    Memos of thousands of boards and layouts grew Fertility's by 8.3 MB and Ankh'or's by
    8.8 MB, each new page a page fault; now 1.4 and 4.4 MB. The bounds leave room for the
    memos other tests filled: one emptied during the thirty games fills again from
    nothing, and thirty games from empty memos grow 3.0 and 5.5 MB."""
    environment = raw_env(game=game, players=3)
    tracemalloc.start()
    try:
        for seed in range(10):
            environment.reset(seed=seed)
            _play_out(environment, seed)
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for seed in range(10, 40):
            environment.reset(seed=seed)
            _play_out(environment, seed)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown <= most * 1e6, f"{grown / 1e6:.2f} MB"
