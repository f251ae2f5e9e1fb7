"""``import fertility_rules`` from two source trees, alternately, run by hand.

    python tests/benchmarks/imports.py BEFORE_TREE AFTER_TREE [--runs 40] [--json out.json]

Each round imports the package once from each tree (``git worktree add`` gives the tree
of a commit), each time in a fresh interpreter from compiled bytecode, as
``tests/benchmarks/run.py`` times its import figure; alternating the two spreads a
shared machine's load over both. Prints the minimum, first quartile and median of each.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks.run import import_time  # noqa: E402


def summary(seconds: list[float]) -> dict[str, float]:
    ms = sorted(1000 * value for value in seconds)
    return {
        "min_ms": round(ms[0], 1),
        "p25_ms": round(ms[len(ms) // 4], 1),
        "median_ms": round(statistics.median(ms), 1),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--json")
    args = parser.parse_args(argv)
    trees = {"before": str(Path(args.before).resolve()), "after": str(Path(args.after).resolve())}
    times: dict[str, list[float]] = {name: [] for name in trees}
    for tree in trees.values():  # bytecode written, untimed
        import_time("fertility_rules", 0, tree)
    for _ in range(args.runs):
        for name, tree in trees.items():
            times[name] += import_time("fertility_rules", 1, tree)
    result = {name: {"tree": trees[name], **summary(times[name])} for name in trees}
    for name, row in result.items():
        print(
            f"{name:<7} min {row['min_ms']:6.1f} ms   p25 {row['p25_ms']:6.1f} ms   "
            f"median {row['median_ms']:6.1f} ms   ({row['tree']})"
        )
    print(f"{args.runs} fresh interpreters each, alternately; Python {sys.version.split()[0]}")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
