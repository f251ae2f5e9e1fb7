"""What a searched decision of the ``ismcts`` agent costs, in two source trees side by side,
run by hand::

    python tests/benchmarks/ismcts_cost.py --tree before=/tmp/old-tree --tree after=. \\
        [--game fertility] [--players 2] [--rounds 5] [--games 2] [--seed 40000]

Each round plays the same ``--games`` games (the search agent against the look-ahead,
seats rotated, new seeds every round) with every tree in turn, the order of the trees
rotating from round to round, each in a fresh interpreter running
``tests/benchmarks/agents.py`` with that tree first on ``PYTHONPATH``: the script uses
only names both trees have. Within a process the CPU time (``time.process_time``) of
each searched decision is recorded, so the load of the machine slows the rounds but
not the figures much; a burst of load hits both trees alike since they alternate.

Reported per tree: CPU ms per searched decision (the mean over all rounds and the
median of the rounds' means), iterations per CPU second, and the ratio of each tree's
mean to the first tree's, per round (best, median); with ``--json``, every round.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def one_run(tree: Path, args: argparse.Namespace, seed: int, extra: list[str]) -> dict[str, Any]:
    """The figures of ``--games`` games from ``seed`` played with ``tree``'s code."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "run.json"
        env = {**os.environ, "PYTHONPATH": str(tree)}
        command = [
            sys.executable,
            str(HERE / "agents.py"),
            "--game",
            args.game,
            "--players",
            str(args.players),
            "--agent",
            "ismcts",
            "--against",
            args.against,
            "--games",
            str(args.games),
            "--seed",
            str(seed),
            "--json",
            str(out),
            *extra,
        ]
        subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
        data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    searched = [pair for game in data["games_played"] for pair in game["searched"]]
    seconds = sum(t for t, _n in searched)
    return {
        "seed": seed,
        "decisions": len(searched),
        "ms_mean": 1000 * seconds / len(searched),
        "iterations_per_second": sum(n for _t, n in searched) / seconds,
        "cpu_seconds": seconds,
        "iterations": sum(n for _t, n in searched),
        "load": os.getloadavg()[0],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--tree", action="append", required=True, help="name=path of a source tree (repeat)"
    )
    parser.add_argument("--game", default="fertility")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--against", default="lookahead")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=40_000)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    trees = [(name, Path(path).resolve()) for name, path in (t.split("=", 1) for t in args.tree)]
    extra = [] if args.iterations is None else ["--iterations", str(args.iterations)]
    rounds: list[dict[str, dict[str, Any]]] = []
    for index in range(args.rounds):
        seed = args.seed + index * args.games
        shift = index % len(trees)
        order = trees[shift:] + trees[:shift]
        found = {name: one_run(path, args, seed, extra) for name, path in order}
        rounds.append(found)
        line = ", ".join(f"{name} {found[name]['ms_mean']:.1f} ms" for name, _path in trees)
        print(f"round {index + 1} (seeds {seed}..{seed + args.games - 1}): {line}", flush=True)
    first = trees[0][0]
    summary: dict[str, Any] = {}
    print(
        f"{args.game}, {args.players} players, ismcts against {args.against}, "
        f"{args.rounds} rounds of {args.games} games; CPU ms per searched decision:"
    )
    for name, path in trees:
        runs = [found[name] for found in rounds]
        seconds = sum(run["cpu_seconds"] for run in runs)
        decisions = sum(run["decisions"] for run in runs)
        ratios = [found[name]["ms_mean"] / found[first]["ms_mean"] for found in rounds]
        summary[name] = {
            "tree": str(path),
            "decisions": decisions,
            "ms_mean": 1000 * seconds / decisions,
            "ms_median_of_rounds": statistics.median(run["ms_mean"] for run in runs),
            "iterations_per_second": sum(run["iterations"] for run in runs) / seconds,
            "ratio_to_first_best": min(ratios),
            "ratio_to_first_median": statistics.median(ratios),
        }
        row = summary[name]
        print(
            f"  {name:<10} {row['ms_mean']:8.1f} mean ({row['ms_median_of_rounds']:.1f} median of "
            f"rounds) over {decisions} decisions, {row['iterations_per_second']:.0f} iterations "
            f"per CPU second; x{row['ratio_to_first_median']:.3f} of {first} (median of rounds, "
            f"best x{row['ratio_to_first_best']:.3f})"
        )
    loads = [run["load"] for found in rounds for run in found.values()]
    print(f"  load average (1 minute) after each run: {min(loads):.1f} to {max(loads):.1f}")
    if args.json:
        document = {"options": vars(args), "summary": summary, "rounds": rounds}
        Path(args.json).write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
