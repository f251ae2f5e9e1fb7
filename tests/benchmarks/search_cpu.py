"""CPU time of the search agent's decisions, run by hand:
``python tests/benchmarks/search_cpu.py [--players P] [--games N]``.

``agents.py`` times decisions by the wall clock, which on a shared machine counts the
time spent waiting for a core; this script plays a few games of ``ismcts`` (default
budget) against the look-ahead and reports the CPU time of each searched decision
(``time.process_time``: mean, 90th and 99th percentiles) and iterations per CPU second.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence

from fertility_rules.agents import ISMCTSAgent, LookaheadAgent, play_game
from fertility_rules.agents.base import Agent
from fertility_rules.play.views import Observation
from fertility_rules.rules.moves import Move


class CpuTimed:
    """Wraps the search agent; records the CPU time and iterations of searched decisions."""

    name = "ismcts"

    def __init__(self, agent: ISMCTSAgent) -> None:
        self.agent = agent
        self.searched: list[tuple[float, int]] = []

    def choose(self, view: Observation, moves: Sequence[Move]) -> Move:
        before = len(self.agent.iterations)
        start = time.process_time()
        move: Move = self.agent.choose(view, moves)
        spent = time.process_time() - start
        if len(self.agent.iterations) > before:
            self.searched.append((spent, self.agent.iterations[-1]))
        return move


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, choices=[2, 3, 4], default=2)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7000)
    args = parser.parse_args(argv)
    rows: list[tuple[float, int]] = []
    for k in range(args.games):
        seat = k % args.players
        agents: list[Agent] = [LookaheadAgent(k * 10 + i) for i in range(args.players)]
        timed = CpuTimed(ISMCTSAgent(k * 10 + seat))
        agents[seat] = timed
        play_game("ABCD"[: args.players], agents, seed=args.seed + k)
        rows += timed.searched
    times = [t for t, _n in rows]
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    print(
        f"{args.players} players, {args.games} games, {len(rows)} searched decisions, CPU "
        f"ms each: mean {1000 * statistics.fmean(times):.1f}, 90th percentile "
        f"{1000 * cuts[89]:.1f}, 99th {1000 * cuts[98]:.1f}; "
        f"{sum(n for _t, n in rows) / sum(times):.0f} iterations per CPU second"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
