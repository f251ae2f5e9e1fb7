"""How well the search agent decides at several budgets, run by hand:
``python tests/benchmarks/ismcts_budgets.py [--game fertility] [--players 2] [--positions 60]
[--budgets 32,8,4] [--jobs 2]``.

Winning rates move slowly; this measures decisions (as ``ismcts_rules.py`` does for the
rule that overrides the planner). Positions are the searched decisions of games of the
look-ahead agent in every seat (every seventh one). In each position every candidate's
value as the search sees it is estimated first: its mean reward for the player to move
over ``--draws`` determinizations, every candidate played out in the same draws with the
same playout draws. Then the search decides ``--repeats`` times at each budget (a fresh
tree, other draws), and the loss of the move chosen against the best candidate (its
*regret*) is counted, with the CPU time of the decision (``time.process_time``).

Reported per budget: the mean regret over the positions with its standard error, how
often the move differs from the best candidate's, and the CPU milliseconds per decision.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from fertility_rules.agents import play_game
from fertility_rules.agents.ismcts import Budget, search, search_parts
from fertility_rules.agents.simulate import make_agent
from fertility_rules.games import find_game

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks.ismcts_rules import candidate_values  # noqa: E402

Position = tuple[Any, tuple[Any, ...], Any]
"""A view of a searched decision, its legal moves and the planner's move."""


class Recorder:
    """The look-ahead agent, keeping the searched decisions it meets and its own move."""

    def __init__(self, game: str, seed: int, kept: list[Position]) -> None:
        self.agent = make_agent("lookahead", seed, game)
        self.name = "lookahead"
        self.kept = kept
        _binding, parts = search_parts(game)
        self.searched = parts.searched

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        move = self.agent.choose(view, moves)
        if len(moves) > 1 and (self.searched is None or self.searched(view)):
            self.kept.append((view, tuple(moves), move))
        return move


def positions(game: str, players: int, count: int, seed: int) -> list[Position]:
    """``count`` searched decisions spread over look-ahead games (every seventh one)."""
    found: list[Position] = []
    number = 0
    while len(found) < count:
        kept: list[Position] = []
        names = ["A", "B", "C", "D"][:players]
        agents = [Recorder(game, seed + number * 10 + i, kept) for i in range(players)]
        play_game(names, agents, seed + number, game=find_game(game))
        found.extend(kept[number % 7 :: 7])
        number += 1
    return found[:count]


def measure(task: tuple[str, int, Position, int, int, tuple[int, ...]]) -> dict[str, Any]:
    game_name, index, (view, moves, planned), draws, repeats, budgets = task
    game, _parts = search_parts(game_name)
    seat = view.current
    rng = random.Random(index)
    value = candidate_values(game, view, moves, rng, draws)
    candidates = list(value)
    best = max(value.values())
    worst = min(value.values())
    result: dict[str, Any] = {
        "phase": str(getattr(view, "phase", "")),
        "candidates": len(candidates),
        "planner": best - value.get(planned, worst),
    }
    for budget in budgets:
        regrets, missed, seconds = [], 0, 0.0
        for repeat in range(repeats):
            start = time.process_time()
            move, _count, _root = search(
                game, view, moves, random.Random(index * 1000 + repeat), Budget(budget), seat
            )
            seconds += time.process_time() - start
            regrets.append(best - value.get(move, worst))
            missed += value.get(move, worst) < best
        result[str(budget)] = {
            "regret": statistics.fmean(regrets),
            "missed": missed / repeats,
            "ms": 1000 * seconds / repeats,
        }
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="fertility")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--draws", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--budgets", default="32,8,4")
    parser.add_argument("--seed", type=int, default=50_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", default=None)
    options = parser.parse_args(argv)
    budgets = tuple(int(b) for b in options.budgets.split(","))
    found = positions(options.game, options.players, options.positions, options.seed)
    work = [
        (options.game, i, position, options.draws, options.repeats, budgets)
        for i, position in enumerate(found)
    ]
    with ProcessPoolExecutor(options.jobs) as pool:
        results = list(pool.map(measure, work))
    lines = [
        f"{options.game}, {options.players} players, {len(results)} positions, "
        f"{options.draws} paired draws a position for the values, {options.repeats} "
        "decisions a budget",
        f"{'budget':<10} {'regret':>18} {'not the best':>13} {'CPU ms':>8}",
    ]
    planner = [r["planner"] for r in results]
    lines.append(
        f"{'planner':<10} {statistics.fmean(planner):>8.4f} ± "
        f"{statistics.stdev(planner) / len(planner) ** 0.5:.4f}"
    )
    for budget in budgets:
        rows = [r[str(budget)] for r in results]
        regret = [row["regret"] for row in rows]
        error = statistics.stdev(regret) / len(regret) ** 0.5
        lines.append(
            f"{budget:<10} {statistics.fmean(regret):>8.4f} ± {error:.4f} "
            f"{statistics.fmean(row['missed'] for row in rows):>12.0%} "
            f"{statistics.fmean(row['ms'] for row in rows):>8.1f}"
        )
    print("\n".join(lines))
    if options.json:
        with open(options.json, "w", encoding="utf-8") as out:
            json.dump({"options": vars(options), "positions": results}, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
