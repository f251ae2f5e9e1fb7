"""Agent benchmark, run by hand: ``python tests/benchmarks/agents.py [--games N] [--jobs N]``.

Plays games of ``--game`` (default Fertility; ``ankhor`` too) and ``--players`` (default 4)
with one agent under test (``--agent``, default ``lookahead``) against the others
(``--against``, default ``greedy``); the tested agent's seat rotates with the game number,
game ``k`` uses setup seed ``seed + k``. Every agent sees the view of the game only. Agents
are named as the game's own (``make_agent``); the script uses only names that exist in
earlier versions of the library too, so the same script measures an older tree
(``PYTHONPATH=<tree>``, or that tree's environment) beside the current one. Reports the
tested agent's win rate (a shared victory counts as 1/winners) with its 95 % interval,
its mean score and the time it takes per decision (min, median, mean, 90th and 99th
percentiles, max), as text and JSON; for the ``ismcts`` agent also the decisions it
searched (time, iterations, iterations per second). ``--iterations`` sets the search
agent's budget; each game logs the load average at its end.

Times are CPU times of the process (``time.process_time``): on a machine shared with
other work, the wall clock would count the time spent waiting for a core. Runs in parts
(``--seed``, ``--games``, ``--json``) are joined with ``--join``.
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
from typing import Any

from fertility_rules.agents import ISMCTSAgent, make_agent, play_game
from fertility_rules.games import Agent, find_game
from fertility_rules.lab.stats import proportion_ci

NAMES = ("A", "B", "C", "D")


class Timed:
    """Wraps an agent and records the CPU time each of its decisions takes."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.times: list[float] = []
        self.searched: list[tuple[float, int]] = []

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        runs = getattr(self.agent, "iterations", None)
        before = len(runs) if isinstance(runs, list) else 0
        start = time.process_time()
        move = self.agent.choose(view, moves)
        spent = time.process_time() - start
        self.times.append(spent)
        if isinstance(runs, list) and len(runs) > before:
            self.searched.append((spent, runs[-1]))
        return move


def _agent(name: str, seed: int, iterations: int | None, game: str) -> Agent:
    if name == "ismcts" and iterations is not None:
        return ISMCTSAgent(seed, iterations=iterations, game=game)
    return make_agent(name, seed, game)


def one_game(args: tuple[int, str, str, int, int | None, str]) -> dict[str, object]:
    """Game ``seed``: the tested agent sits at seat ``seed % players``."""
    seed, tested, against, players, iterations, game = args
    names = NAMES[:players]
    seat = seed % players
    agents: list[Agent] = [
        _agent(tested if i == seat else against, seed * 10 + i, iterations, game)
        for i in range(players)
    ]
    timed = Timed(agents[seat])
    agents[seat] = timed
    rules = find_game(game)
    played = play_game(names, agents, seed, game=rules)
    report = rules.final_scores(played.state)
    sheet = report.sheets[seat]
    winners = sum(1 for other in report.sheets if other.rank == 1)
    share = 1 / winners if sheet.rank == 1 else 0.0
    return {
        "seed": seed,
        "seat": seat,
        "win": share,
        "score": sheet.total,
        "times": timed.times,
        "searched": timed.searched,
        "load": os.getloadavg()[0],
    }


def _milliseconds(times: list[float]) -> dict[str, float]:
    cuts = (
        statistics.quantiles(times, n=100, method="inclusive")
        if len(times) > 1
        else [times[0]] * 99
    )
    return {
        "min": 1000 * min(times),
        "median": 1000 * statistics.median(times),
        "mean": 1000 * statistics.fmean(times),
        "p90": 1000 * cuts[89],
        "p99": 1000 * cuts[98],
        "max": 1000 * max(times),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="fertility", help="fertility or ankhor")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agent", default="lookahead")
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--players", type=int, choices=[2, 3, 4], default=4)
    parser.add_argument("--iterations", type=int, default=None, help="ismcts budget")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", default=None, help="write the figures here as JSON")
    parser.add_argument(
        "--log", default=None, help="append each game to this file as a JSON line, as it ends"
    )
    parser.add_argument(
        "--join", nargs="+", default=None, help="join runs in parts (their --json or --log)"
    )
    args = parser.parse_args(argv)
    if args.join:
        return join(args.join, args.json)
    tasks = [
        (args.seed + k, args.agent, args.against, args.players, args.iterations, args.game)
        for k in range(args.games)
    ]
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(one_game, tasks, chunksize=4))
    else:
        results = []
        for task in tasks:
            results.append(one_game(task))
            if args.log:
                # A long run stopped early keeps the games it finished.
                with Path(args.log).open("a", encoding="utf-8") as log:
                    log.write(json.dumps({**results[-1], "args": vars(args)}) + "\n")
    elapsed = time.perf_counter() - start
    times = [t for r in results for t in r["times"]]  # type: ignore[attr-defined]
    wins = [float(r["win"]) for r in results]  # type: ignore[arg-type]
    scores = [float(r["score"]) for r in results]  # type: ignore[arg-type]
    n = len(results)
    rate = proportion_ci(sum(wins), n)
    timing = _milliseconds(times)
    searched = [pair for r in results for pair in r["searched"]]  # type: ignore[attr-defined]
    search_timing = _milliseconds([t for t, _n in searched]) if searched else None
    iterations = sum(n for _t, n in searched)
    search_seconds = sum(t for t, _n in searched)
    figures = {
        "game": args.game,
        "agent": args.agent,
        "against": args.against,
        "players": args.players,
        "iterations_budget": args.iterations,
        "searched_decisions": len(searched),
        "ms_per_searched_decision": search_timing,
        "iterations_per_second": iterations / search_seconds if search_seconds else None,
        "games": n,
        "first_seed": args.seed,
        "jobs": args.jobs,
        "win_rate": rate.value,
        "win_rate_ci95": [rate.low, rate.high],
        "mean_score": statistics.fmean(scores),
        "decisions": len(times),
        "ms_per_decision": timing,
        "seconds": elapsed,
        "clock": "process_time",
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
    }
    others = args.players - 1
    print(
        f"{args.agent} vs {others} x {args.against}, {n} {args.players}-player games of "
        f"{args.game} (seat "
        f"rotated, seeds {args.seed}..{args.seed + n - 1}, {args.jobs} job(s), {elapsed:.0f} s)\n"
        f"  win rate {rate.value:.1%} (95% Wilson interval {rate.low:.1%} to {rate.high:.1%}; "
        f"chance {1 / args.players:.0%})\n"
        f"  mean score {figures['mean_score']:.1f}\n"
        f"  CPU ms per decision over {len(times)} decisions: min {timing['min']:.3f}, "
        f"median {timing['median']:.3f}, mean {timing['mean']:.2f}, 90th percentile "
        f"{timing['p90']:.1f}, 99th {timing['p99']:.1f}, max {timing['max']:.1f}\n"
        f"  machine: {os.cpu_count()} cores, load average at the end {os.getloadavg()[0]:.1f}"
    )
    if search_timing is not None:
        print(
            f"  searched decisions: {len(searched)}, CPU ms each: mean "
            f"{search_timing['mean']:.1f}, 90th percentile {search_timing['p90']:.1f}, 99th "
            f"{search_timing['p99']:.1f}; {figures['iterations_per_second']:.0f} iterations "
            "per CPU second"
        )
    if args.json:
        # Every game's outcome and searched decisions too, so that runs in parts can be
        # joined (``--join``).
        figures["games_played"] = [
            {
                "seed": r["seed"],
                "win": r["win"],
                "score": r["score"],
                "searched": r["searched"],
                "load": r["load"],
            }
            for r in results
        ]
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


def _ranges(seeds: list[int]) -> str:
    """``0..12, 25..37``: the seeds played, as runs of consecutive numbers."""
    runs: list[list[int]] = []
    for seed in sorted(set(seeds)):
        if runs and seed == runs[-1][1] + 1:
            runs[-1][1] = seed
        else:
            runs.append([seed, seed])
    return ", ".join(f"{a}..{b}" if a != b else str(a) for a, b in runs)


def _loads(games: list[dict[str, Any]]) -> dict[str, float] | None:
    """The load average at the end of the games that logged it (median and range)."""
    loads = [float(game["load"]) for game in games if "load" in game]
    if not loads:
        return None
    return {"median": statistics.median(loads), "min": min(loads), "max": max(loads)}


def join(paths: list[str], output: str | None) -> int:
    """The figures of runs made in parts (same agents and players, other seeds)."""
    parts = [
        json.loads(Path(path).read_text(encoding="utf-8"))
        for path in paths
        if path.endswith(".json")
    ]
    logged = [
        json.loads(line)
        for path in paths
        if not path.endswith(".json")
        for line in Path(path).read_text(encoding="utf-8").splitlines()
    ]
    if logged:
        first_args = logged[0]["args"]
        parts.append(
            {
                "game": first_args.get("game", "fertility"),
                "agent": first_args["agent"],
                "against": first_args["against"],
                "players": first_args["players"],
                "iterations_budget": first_args["iterations"],
                "games_played": logged,
                "ms_per_decision": _milliseconds([t for game in logged for t in game["times"]]),
                "seconds": None,
                "load_average": None,
            }
        )
    games = [game for part in parts for game in part["games_played"]]
    seeds = sorted(game["seed"] for game in games)
    wins = sum(float(game["win"]) for game in games)
    rate = proportion_ci(wins, len(games))
    searched = [pair for game in games for pair in game["searched"]]
    timing = _milliseconds([t for t, _n in searched])
    per_second = sum(n for _t, n in searched) / sum(t for t, _n in searched)
    first = parts[0]
    figures = {
        "game": first.get("game", "fertility"),
        "agent": first["agent"],
        "against": first["against"],
        "players": first["players"],
        "iterations_budget": first["iterations_budget"],
        "games": len(games),
        "distinct_seeds": len(set(seeds)),
        "seeds": _ranges(seeds),
        "win_rate": rate.value,
        "win_rate_ci95": [rate.low, rate.high],
        "mean_score": statistics.fmean(float(game["score"]) for game in games),
        "searched_decisions": len(searched),
        "ms_per_searched_decision": timing,
        "iterations_per_second": per_second,
        "ms_per_decision_by_part": [part["ms_per_decision"] for part in parts],
        "seconds_by_part": [part["seconds"] for part in parts],
        "load_average_at_game_ends": _loads(games),
    }
    print(
        f"{first['agent']} vs {first['players'] - 1} x {first['against']}, {len(games)} "
        f"{first['players']}-player games of {figures['game']} (seat rotated, seeds "
        f"{_ranges(seeds)})\n"
        f"  win rate {rate.value:.1%} (95% Wilson interval {rate.low:.1%} to {rate.high:.1%}; "
        f"chance {1 / first['players']:.0%})\n"
        f"  mean score {figures['mean_score']:.1f}\n"
        f"  searched decisions: {len(searched)}, CPU ms each: mean {timing['mean']:.1f}, "
        f"90th percentile {timing['p90']:.1f}, 99th {timing['p99']:.1f}, max {timing['max']:.1f}; "
        f"{per_second:.0f} iterations per CPU second"
    )
    loads = figures["load_average_at_game_ends"]
    if loads is not None:
        print(
            f"  load average (1 minute) at the games' ends: median {loads['median']:.1f}, "
            f"from {loads['min']:.1f} to {loads['max']:.1f}"
        )
    for index, part in enumerate(parts):
        ms = part["ms_per_decision"]
        where = (
            "games logged one by one"
            if part["seconds"] is None
            else f"{part['seconds']:.0f} s, load average {part['load_average'][0]:.1f}"
        )
        print(
            f"  part {index + 1}: every decision, CPU ms: mean {ms['mean']:.2f}, 90th percentile "
            f"{ms['p90']:.1f}, 99th {ms['p99']:.1f}; {where}"
        )
    if output:
        Path(output).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
