"""Train a linear softmax policy with REINFORCE on one seat of a game, numpy only, then
measure it against the random agent.

    python docs/examples/learning/reinforce.py [--game fertility] [--episodes 3000]
        [--games 1000] [--seed 0]

The policy scores each action with a weight vector over the observation (and a bias per
action), and plays the softmax of those scores over the legal actions only (the mask). It
learns from the outcome of whole games: after each episode, every decision's log-probability
is pushed up or down by the game's reward (+1 a win, -1 a loss) minus a running average.
Then it plays ``--games`` new games against the random agent, seats alternating.
"""

from __future__ import annotations

import argparse
import sys
import time

import gymnasium
import numpy as np

import fertility_rules.gymnasium  # noqa: F401 - registers fertility_rules/Fertility-v0 ...
from fertility_rules.lab.stats import proportion_ci


def say(text: str) -> None:
    sys.stdout.write(text + "\n")


class LinearPolicy:
    """Scores ``weights[action] @ features + bias[action]``; plays the softmax over the
    legal actions."""

    def __init__(self, observations: int, actions: int, rng: np.random.Generator) -> None:
        self.weights = np.zeros((actions, observations), np.float32)
        self.bias = np.zeros(actions, np.float32)
        self.rng = rng

    @staticmethod
    def features(observation: np.ndarray) -> np.ndarray:
        # Counts, ids and turns reach the tens: squash them into (-1, 1).
        return observation / (1.0 + np.abs(observation))

    def probabilities(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        scores = self.weights[legal] @ x + self.bias[legal]
        scores -= scores.max()
        chances = np.exp(scores)
        return chances / chances.sum()

    def act(self, observation: dict[str, np.ndarray], greedy: bool = False) -> tuple[int, tuple]:
        legal = np.flatnonzero(observation["action_mask"])
        x = self.features(observation["observation"])
        chances = self.probabilities(x, legal)
        pick = int(chances.argmax()) if greedy else int(self.rng.choice(len(legal), p=chances))
        return int(legal[pick]), (x, legal, chances, pick)

    def learn(self, steps: list[tuple], advantage: float, rate: float) -> None:
        """One REINFORCE step: the gradient of log pi(a) is (one-hot(a) - pi) for the
        scores of the legal actions."""
        for x, legal, chances, pick in steps:
            push = -chances
            push[pick] += 1.0
            push *= rate * advantage
            self.weights[legal] += np.outer(push, x)
            self.bias[legal] += push


def train(env: gymnasium.Env, policy: LinearPolicy, episodes: int, rate: float) -> list[float]:
    rewards, baseline = [], 0.0
    for episode in range(episodes):
        observation, _info = env.reset(seed=episode)
        steps, done, reward = [], False, 0.0
        while not done:
            action, step = policy.act(observation)
            steps.append(step)
            observation, reward, terminated, truncated, _info = env.step(action)
            done = terminated or truncated
        policy.learn(steps, reward - baseline, rate / max(1, len(steps)) ** 0.5)
        baseline += 0.02 * (reward - baseline)
        rewards.append(float(reward))
    return rewards


def evaluate(name: str, policy: LinearPolicy, games: int, first: int) -> float:
    """The games won out of ``games`` new ones against the random agent, seats
    alternating (a shared victory counts half)."""
    seats = [gymnasium.make(name, players=2, opponents="random", seat=s) for s in (0, 1)]
    won = 0.0
    for game in range(games):
        env = seats[game % 2]
        observation, _info = env.reset(seed=first + game)
        done, reward = False, 0.0
        while not done:
            action, _step = policy.act(observation, greedy=True)
            observation, reward, terminated, truncated, _info = env.step(action)
            done = terminated or truncated
        won += (reward + 1.0) / 2.0  # +1 a win, 0 a draw, -1 a loss (two players)
    return won


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=["fertility", "ankhor"], default="fertility")
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    name = f"fertility_rules/{args.game.capitalize()}-v0"
    env = gymnasium.make(name, players=2, opponents="random")
    space = env.observation_space["observation"]
    policy = LinearPolicy(space.shape[0], env.action_space.n, np.random.default_rng(args.seed))
    start = time.process_time()
    rewards = train(env, policy, args.episodes, args.rate)
    seconds = time.process_time() - start
    late = rewards[-min(500, len(rewards)) :]
    say(f"trained on {args.episodes} games in {seconds:.0f} s of CPU time")
    say(f"training games won at the end: {(np.mean(late) + 1) / 2:.1%}")
    won = evaluate(name, policy, args.games, first=10**6)
    estimate = proportion_ci(won, args.games)
    say(
        f"against random, {args.games} new games: {estimate.value:.1%} won "
        f"(95 % interval {estimate.low:.1%} to {estimate.high:.1%})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
