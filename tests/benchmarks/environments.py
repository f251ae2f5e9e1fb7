"""Environment steps per second of the learning adapters, run by hand (``rl`` extra):
``python tests/benchmarks/environments.py [--game fertility|ankhor] [--games N]
[--players P] [--json out.json]``.

PettingZoo: masked random games through ``fertility_rules.pettingzoo.env(game=...)``
(every step encodes the observation and the mask, as a learner sees them). OpenSpiel:
random games of ``python_<game>`` (player and chance steps; the observation tensor is read
at every player step). The same seeds in every run; figures are steps per wall second, best of
``--rounds`` rounds (the least disturbed run on a shared machine).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np
import pyspiel

import fertility_rules.openspiel  # noqa: F401 - registers python_fertility, python_ankhor
from fertility_rules.pettingzoo import env


def pettingzoo_steps(name: str, players: int, games: int) -> tuple[int, float]:
    steps, start = 0, time.perf_counter()
    for seed in range(games):
        game = env(game=name, players=players)
        game.reset(seed=seed)
        space_seed = 0
        for agent in game.agent_iter():
            observation, _reward, termination, truncation, _info = game.last()
            if termination or truncation:
                game.step(None)
                continue
            space = game.action_space(agent)
            space.seed(space_seed)
            space_seed += 1
            game.step(space.sample(observation["action_mask"]))
            steps += 1
    return steps, time.perf_counter() - start


def openspiel_steps(name: str, players: int, games: int) -> tuple[int, float]:
    game = pyspiel.load_game(f"python_{name}(players={players})")
    steps, start = 0, time.perf_counter()
    for seed in range(games):
        rng = np.random.RandomState(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            else:
                state.observation_tensor(state.current_player())
                actions = state.legal_actions()
                state.apply_action(actions[rng.randint(len(actions))])
            steps += 1
    return steps, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=["fertility", "ankhor"], default="fertility")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, choices=[2, 3, 4], default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    figures: dict[str, object] = {"game": args.game, "players": args.players, "games": args.games}
    for name, run in (("pettingzoo", pettingzoo_steps), ("openspiel", openspiel_steps)):
        best = 0.0
        steps = 0
        for _ in range(args.rounds):
            steps, seconds = run(args.game, args.players, args.games)
            best = max(best, steps / seconds)
        figures[name] = {"steps": steps, "steps_per_second": best}
        print(
            f"{name}: {steps} steps in {args.games} {args.players}-player games of {args.game}, "
            f"{best:.0f} steps/s"
        )
    figures["cpus"] = os.cpu_count()
    figures["load_average"] = os.getloadavg()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
