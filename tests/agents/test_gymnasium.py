"""The single-agent Gymnasium environments: registered on import, Gymnasium's own checker
passes, they run vectorized in one process and in several, the other seats are the
library's agents by name, and the mask is where Gymnasium users look for it (``rl``
extra)."""

from __future__ import annotations

import warnings

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")
np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from gymnasium import Env  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from fertility_rules.encoding import action_count, observation_size  # noqa: E402
from fertility_rules.errors import (  # noqa: E402
    MalformedInputError,
    NotAllowedError,
    UnknownIdError,
)
from fertility_rules.gymnasium import ENVIRONMENTS, SeatEnv  # noqa: E402

IDS = ["fertility_rules/Fertility-v0", "fertility_rules/Ankhor-v0"]


def test_importing_registers_one_environment_per_game() -> None:
    assert {"fertility": IDS[0], "ankhor": IDS[1]} == ENVIRONMENTS
    for name in IDS:
        assert name in gymnasium.registry


@pytest.mark.parametrize("name", IDS)
def test_gymnasiums_check_env_passes_without_a_warning(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(gymnasium.make(name, opponents="greedy").unwrapped)
        check_env(gymnasium.make(name, players=3, opponents="random", render_mode="ansi").unwrapped)


def _play(env: Env[dict[str, object], int], seed: int) -> tuple[float, dict[str, object], int]:
    """A masked random episode: the last reward, the last info and the steps."""
    observation, info = env.reset(seed=seed)
    env.action_space.seed(seed)
    steps = 0
    while True:
        assert (observation["action_mask"] == info["action_mask"]).all()
        action = env.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        steps += 1
        assert not truncated
        if terminated:
            return float(reward), info, steps
        assert reward == 0.0


@pytest.mark.parametrize(("name", "players"), [(IDS[0], 2), (IDS[1], 3)])
def test_an_episode_ends_with_the_learners_outcome(name: str, players: int) -> None:
    env = gymnasium.make(name, players=players, opponents="greedy", seat=1)
    game = name.split("/")[1].split("-")[0].lower()
    assert env.observation_space["observation"].shape == (
        observation_size(players, game=game) + players,
    )
    assert env.observation_space["action_mask"].shape == (action_count(players, game=game),)
    seen = set()
    for seed in range(3):
        reward, info, steps = _play(env, seed)
        assert info["seat"] == 1
        assert steps > 20
        # Rank 1 alone: a win; rank 1 with others: a share; any other rank: a loss.
        assert reward == 1.0 if info["rank"] == 1 else reward <= 0.0
        seen.add(reward)
    assert seen <= {1.0, 0.0, -1.0, -1 / 3}


def test_the_seat_is_drawn_at_each_reset_unless_given() -> None:
    env = gymnasium.make(IDS[1], players=4, opponents="random,greedy")
    seats = {env.reset(seed=seed)[1]["seat"] for seed in range(20)}
    assert seats == {0, 1, 2, 3}
    observation, info = env.reset(seed=3)
    seat = info["seat"]
    assert observation["observation"][-4:].tolist() == [float(s == seat) for s in range(4)]


def test_the_final_score_is_the_reward_on_request() -> None:
    env = gymnasium.make(IDS[0], opponents="greedy", reward="score")
    reward, info, _steps = _play(env, 4)
    assert reward == info["score"]
    assert reward > 0


def test_an_action_the_mask_leaves_out_ends_the_episode_as_a_loss_or_is_refused() -> None:
    env = gymnasium.make(IDS[0], opponents="random")
    observation, info = env.reset(seed=2)
    masked = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _observation, reward, terminated, _truncated, info = env.step(masked)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert not info["action_mask"].any()
    with pytest.raises(NotAllowedError):
        env.step(0)
    strict = gymnasium.make(IDS[1], opponents="random", illegal="raise")
    observation, info = strict.reset(seed=2)
    masked = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(MalformedInputError, match="not a move of this position"):
        strict.step(masked)
    again, info_again = strict.unwrapped._observation(), strict.unwrapped._info()
    assert (again["observation"] == observation["observation"]).all()
    assert (info_again["action_mask"] == info["action_mask"]).all()


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"opponents": "grumpy"}, UnknownIdError),
        ({"opponents": "random,greedy"}, MalformedInputError),
        ({"opponents": ""}, MalformedInputError),
        ({"opponents": 3}, MalformedInputError),
        ({"seat": 2}, MalformedInputError),
        ({"players": 5}, MalformedInputError),
        ({"reward": "points"}, MalformedInputError),
        ({"illegal": "ignore"}, MalformedInputError),
        ({"render_mode": "rgb_array"}, MalformedInputError),
    ],
)
def test_wrong_arguments_are_library_errors(arguments: dict[str, object], error: type) -> None:
    with pytest.raises(error):
        SeatEnv(game="fertility", **arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_make_vec_runs_several_environments(mode: str) -> None:
    envs = gymnasium.make_vec(IDS[1], num_envs=2, vectorization_mode=mode, opponents="greedy")
    try:
        observation, info = envs.reset(seed=5)
        assert observation["observation"].shape[0] == 2
        assert info["action_mask"].shape == (2, action_count(2, game="ankhor"))
        ended = 0
        rng = np.random.default_rng(5)
        terminated = np.zeros(2, bool)
        for _step in range(400):
            # An environment whose episode ended resets at the next step, whatever the
            # action: until then its mask is empty.
            assert all(m.any() != t for m, t in zip(info["action_mask"], terminated, strict=True))
            actions = [
                int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0
                for mask in info["action_mask"]
            ]
            observation, rewards, terminated, _truncated, info = envs.step(np.array(actions))
            ended += int(terminated.sum())
            assert all(-1 <= reward <= 1 for reward in rewards)
        assert ended >= 1
    finally:
        envs.close()
