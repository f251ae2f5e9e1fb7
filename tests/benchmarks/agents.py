"""Agent benchmark, run by hand: ``python tests/benchmarks/agents.py [--games N] [--jobs N]``.

Plays 4-player games with one agent under test (``--agent``, default ``lookahead``)
against three others (``--against``, default ``greedy``); the tested agent's seat
rotates with the game number, game ``k`` uses setup seed ``seed + k``. Reports the
tested agent's win rate (a shared victory counts as 1/winners), its mean score and
the time it takes per decision (min, median, mean, max), as text and JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from fertility_rules.agents import make_agent, play_game
from fertility_rules.agents.base import Agent
from fertility_rules.lab.stats import proportion_ci
from fertility_rules.play.views import Observation
from fertility_rules.rules.engine import final_position
from fertility_rules.rules.moves import Move
from fertility_rules.scoring.pipeline import score_position

PLAYERS = ("A", "B", "C", "D")


class Timed:
    """Wraps an agent and records how long each of its decisions takes."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.times: list[float] = []

    def choose(self, view: Observation, moves: Sequence[Move]) -> Move:
        start = time.perf_counter()
        move = self.agent.choose(view, moves)
        self.times.append(time.perf_counter() - start)
        return move


def one_game(args: tuple[int, str, str]) -> dict[str, object]:
    """Game ``seed``: the tested agent sits at seat ``seed % 4``."""
    seed, tested, against = args
    seat = seed % len(PLAYERS)
    agents: list[Agent] = [
        make_agent(tested if i == seat else against, seed * 10 + i) for i in range(len(PLAYERS))
    ]
    timed = Timed(agents[seat])
    agents[seat] = timed
    game = play_game(PLAYERS, agents, seed)
    report = score_position(final_position(game.state))
    sheet = report.sheets[seat]
    share = 1 / len(report.winners) if sheet.rank == 1 else 0.0
    return {"seed": seed, "seat": seat, "win": share, "score": sheet.total, "times": timed.times}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agent", default="lookahead")
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", default=None, help="write the figures here as JSON")
    args = parser.parse_args(argv)
    tasks = [(args.seed + k, args.agent, args.against) for k in range(args.games)]
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(one_game, tasks, chunksize=4))
    else:
        results = [one_game(task) for task in tasks]
    elapsed = time.perf_counter() - start
    times = [t for r in results for t in r["times"]]  # type: ignore[attr-defined]
    wins = [float(r["win"]) for r in results]  # type: ignore[arg-type]
    scores = [float(r["score"]) for r in results]  # type: ignore[arg-type]
    n = len(results)
    rate = proportion_ci(sum(wins), n)
    cuts = statistics.quantiles(times, n=100)
    timing = {
        "min": 1000 * min(times),
        "median": 1000 * statistics.median(times),
        "mean": 1000 * statistics.fmean(times),
        "p90": 1000 * cuts[89],
        "p99": 1000 * cuts[98],
        "max": 1000 * max(times),
    }
    figures = {
        "agent": args.agent,
        "against": args.against,
        "games": n,
        "first_seed": args.seed,
        "jobs": args.jobs,
        "win_rate": rate.value,
        "win_rate_ci95": [rate.low, rate.high],
        "mean_score": statistics.fmean(scores),
        "decisions": len(times),
        "ms_per_decision": timing,
        "seconds": elapsed,
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
    }
    print(
        f"{args.agent} vs 3 x {args.against}, {n} four-player games (seat rotated, seeds "
        f"{args.seed}..{args.seed + n - 1}, {args.jobs} job(s), {elapsed:.0f} s)\n"
        f"  win rate {rate.value:.1%} (95% Wilson interval {rate.low:.1%} to {rate.high:.1%}; "
        f"chance 25%)\n"
        f"  mean score {figures['mean_score']:.1f}\n"
        f"  ms per decision over {len(times)} decisions: min {timing['min']:.3f}, "
        f"median {timing['median']:.3f}, mean {timing['mean']:.2f}, 90th percentile "
        f"{timing['p90']:.1f}, 99th {timing['p99']:.1f}, max {timing['max']:.1f}\n"
        f"  machine: {os.cpu_count()} cores, load average at the end {os.getloadavg()[0]:.1f}"
    )
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
