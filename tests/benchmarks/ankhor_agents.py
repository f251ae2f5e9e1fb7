"""Ankh'or agent benchmark, run by hand::

    python tests/benchmarks/ankhor_agents.py [--agent greedy] [--against random]
                                             [--players 2] [--games N] [--seed S]

Plays games with one agent under test against others; its seat rotates with the game
number, game ``k`` uses setup seed ``seed + k``. Reports the tested agent's win rate (a
shared victory counts as 1/winners) with its 95 % Wilson interval, its mean score against
the others' and the time it takes per decision.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence

from fertility_rules import ankhor
from fertility_rules.lab.stats import proportion_ci


class Timed:
    """Wraps an agent and records how long each of its decisions takes."""

    def __init__(self, agent: ankhor.agents.Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.times: list[float] = []

    def choose(self, view: ankhor.Observation, moves: Sequence[ankhor.Move]) -> ankhor.Move:
        start = time.perf_counter()
        move: ankhor.Move = self.agent.choose(view, moves)
        self.times.append(time.perf_counter() - start)
        return move


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--against", default="random")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    names = [f"P{i + 1}" for i in range(args.players)]
    wins = 0.0
    mine: list[int] = []
    theirs: list[float] = []
    times: list[float] = []
    start = time.perf_counter()
    for game in range(args.games):
        seed = args.seed + game
        seat = game % args.players
        tested = Timed(ankhor.make_agent(args.agent, seed))
        agents = [
            tested if i == seat else ankhor.make_agent(args.against, seed * 10 + i)
            for i in range(args.players)
        ]
        played = ankhor.play_game(names, agents, seed)
        report = ankhor.final_scores(played.state)
        if names[seat] in report.winners:
            wins += 1 / len(report.winners)
        totals = [sheet.total for sheet in report.sheets]
        mine.append(totals[seat])
        theirs.append(statistics.mean(t for i, t in enumerate(totals) if i != seat))
        times += tested.times
    rate = proportion_ci(wins, args.games)
    elapsed = time.perf_counter() - start
    out = sys.stdout.write
    out(
        f"{args.agent} vs {args.players - 1} x {args.against}, {args.games} {args.players}-player "
        f"games of Ankh'or (seat rotated, seeds {args.seed}..{args.seed + args.games - 1}, "
        f"{elapsed:.0f} s)\n"
    )
    out(
        f"  win rate {rate.value:.1%} (95% Wilson interval {rate.low:.1%} to {rate.high:.1%}; "
        f"chance {1 / args.players:.0%})\n"
    )
    out(f"  mean score {statistics.mean(mine):.1f} against {statistics.mean(theirs):.1f}\n")
    ms = sorted(t * 1000 for t in times)
    out(
        f"  ms per decision over {len(ms)} decisions: median {statistics.median(ms):.2f}, "
        f"mean {statistics.mean(ms):.2f}, max {ms[-1]:.1f}\n"
    )


if __name__ == "__main__":
    main()
