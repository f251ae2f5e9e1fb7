"""How well the search agent's rule for overriding the planner decides, run by hand:
``python tests/benchmarks/ismcts_rules.py [--players 4] [--positions 40] [--jobs 2]``.

Winning rates move slowly: a rule that decides a little better needs thousands of games to
show it. This benchmark measures the decisions themselves. It collects positions from games
of the look-ahead agent in every seat (the searched decisions: placing a tile, building,
the tile taken or removed), and in each position

- estimates every candidate's value as the search sees it: its mean reward for the player
  to move over ``--draws`` determinizations, all candidates played out in the same draws
  with the same playout draws (paired, so the differences are precise);
- runs the agent's decision ``--repeats`` times with each rule, at the default budget, and
  counts the loss of the move chosen against the best candidate (its *regret*) and its
  gain over the planner's move.

Reported per rule: mean regret and gain over the positions with their standard errors,
and how often the planner's move was overridden. The rules: the planner alone, the
search alone (no proposal), the proposal kept unless beaten by a margin, and the proposal
kept unless beaten by a number of standard errors of the paired differences.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from fertility_rules.agents import play_game
from fertility_rules.agents.ismcts import (
    DEFAULT_ITERATIONS,
    Budget,
    _iterate,
    _Node,
    search,
    search_parts,
)
from fertility_rules.fertility.agents.lookahead import LookaheadAgent
from fertility_rules.fertility.moves import Move
from fertility_rules.fertility.views import Observation

RULES: dict[str, tuple[bool, float, float]] = {
    # name: (with the planner's proposal, margin, standard errors)
    "search alone": (False, 0.0, 0.0),
    "margin 0.02": (True, 0.02, 0.0),
    "margin 0.05": (True, 0.05, 0.0),
    "z 0.5": (True, 0.0, 0.5),
    "z 1.0": (True, 0.0, 1.0),
    "z 1.5": (True, 0.0, 1.5),
}


Position = tuple[Observation, tuple[Move, ...], Move]
"""A view of a searched decision, its legal moves and the look-ahead's move."""


class Recorder:
    """A look-ahead agent that keeps the searched decisions it meets, with its own move."""

    def __init__(self, seed: int, kept: list[Position]) -> None:
        self.agent = LookaheadAgent(seed)
        self.name = "lookahead"
        self.kept = kept
        _game, parts = search_parts()
        self.searched = parts.searched

    def choose(self, view: Observation, moves: Sequence[Move]) -> Move:
        move = self.agent.choose(view, moves)
        if len(moves) > 1 and self.searched is not None and self.searched(view):
            self.kept.append((view, tuple(moves), move))
        return move


def positions(players: int, count: int, seed: int) -> list[Position]:
    """``count`` searched decisions spread over look-ahead games (every seventh one)."""
    found: list[Position] = []
    game = 0
    while len(found) < count:
        kept: list[Position] = []
        names = ["A", "B", "C", "D"][:players]
        agents = [Recorder(seed + game * 10 + i, kept) for i in range(players)]
        play_game(names, agents, seed + game)
        found.extend(kept[game % 7 :: 7])
        game += 1
    return found[:count]


def candidate_values(
    game: Any, view: Any, moves: Sequence[Any], rng: random.Random, draws: int
) -> dict[Any, float]:
    """Each of the search's candidates at ``view`` with its mean reward for the player to
    move over ``draws`` determinizations, every candidate played out in the same draws
    with the same playout draws (paired, so that luck cancels out between them)."""
    seat = view.current
    candidates = list(game.candidates(game.sample(view, rng), moves))
    totals = dict.fromkeys(candidates, 0.0)
    for _draw in range(draws):
        world = game.sample(view, rng)
        stream = rng.getrandbits(64)
        for move in candidates:
            root: _Node[Any] = _Node(-1)
            rewards = _iterate(game, root, world, random.Random(stream), seat, move)
            totals[move] += rewards[seat]
    return {move: total / draws for move, total in totals.items()}


def measure(args: tuple[int, Observation, tuple[Move, ...], Move, int, int]) -> dict[str, Any]:
    index, view, moves, proposal, draws, repeats = args
    game, _parts = search_parts()
    seat = view.current
    rng = random.Random(index)
    value = candidate_values(game, view, moves, rng, draws)
    candidates = list(value)
    best = max(value.values())
    planned = value.get(proposal)
    result: dict[str, Any] = {"candidates": len(candidates), "phase": view.phase.name}
    for name, (proposing, margin, z) in RULES.items():
        regrets, gains, overrides = [], [], 0
        for repeat in range(repeats):
            move, _count, _root = search(
                game,
                view,
                moves,
                random.Random(index * 1000 + repeat),
                Budget(DEFAULT_ITERATIONS),
                seat,
                None,
                proposal if proposing else None,
                margin,
                z,
            )
            chosen = value.get(move, min(value.values()))
            regrets.append(best - chosen)
            gains.append(chosen - planned if planned is not None else 0.0)
            overrides += move != proposal
        result[name] = {
            "regret": statistics.fmean(regrets),
            "gain": statistics.fmean(gains),
            "overridden": overrides / repeats,
        }
    result["planner"] = {
        "regret": best - planned if planned is not None else None,
        "gain": 0.0,
        "overridden": 0.0,
    }
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--draws", type=int, default=150)
    parser.add_argument("--repeats", type=int, default=6)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", default=None)
    options = parser.parse_args(argv)
    found = positions(options.players, options.positions, options.seed)
    work = [(i, v, m, p, options.draws, options.repeats) for i, (v, m, p) in enumerate(found)]
    with ProcessPoolExecutor(options.jobs) as pool:
        results = list(pool.map(measure, work))
    lines = [
        f"{options.players} players, {len(results)} positions, {options.draws} paired draws a "
        f"position for the values, {options.repeats} decisions a rule at "
        f"{DEFAULT_ITERATIONS} iterations",
        f"{'rule':<14} {'regret':>16} {'gain over planner':>20} {'overridden':>11}",
    ]
    for name in ["planner", *RULES]:
        rows = [r[name] for r in results if r["planner"]["regret"] is not None]
        regret = [row["regret"] for row in rows]
        gain = [row["gain"] for row in rows]
        over = statistics.fmean(row["overridden"] for row in rows)
        se_r = statistics.stdev(regret) / len(regret) ** 0.5
        se_g = statistics.stdev(gain) / len(gain) ** 0.5 if any(gain) else 0.0
        lines.append(
            f"{name:<14} {statistics.fmean(regret):>8.4f} ± {se_r:.4f} "
            f"{statistics.fmean(gain):>+11.4f} ± {se_g:.4f} {over:>10.0%}"
        )
    print("\n".join(lines))
    if options.json:
        with open(options.json, "w", encoding="utf-8") as out:
            json.dump({"options": vars(options), "positions": results}, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
