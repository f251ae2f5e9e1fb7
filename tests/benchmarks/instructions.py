"""Machine instructions (and, with ``--cache``, simulated cache misses) per decision of the
adapters' workloads, counted by Valgrind's cachegrind: run by hand (``rl`` extra and the
``valgrind`` program)::

    python tests/benchmarks/instructions.py [--game fertility|ankhor] [--players P]
        [--games N] [--workloads engine,pettingzoo-raw,...] [--cache]
        [--tree PATH ...] [--json out.json]

Timings on a shared machine vary by 5 to 8 % from one process to the next (hash seeds,
where memory lies), more than most single changes to an adapter gain or lose. Counted
instructions vary much less: the same code with the same options, playing the same games
(``PYTHONHASHSEED=0``, one thread for numpy's linear algebra, whose idle threads would
count too; the workloads of ``environments.py`` with fixed seeds), executes the same
instructions to within about 10,000 of the billions a run counts. Where objects lie in
memory still matters (dictionaries keyed by identity probe differently), and a change
anywhere in the program, an import added or the cache simulation switched on, moves it:
the same referee loop counted 143,400, 144,700 and 147,400 instructions a decision in
three such runs. A difference of more than 2 % between two versions (``--tree`` once per
version, each a source tree put first on ``PYTHONPATH``) is a difference of their code.
A workload is counted twice, after :data:`WARM_UP` games and after ``WARM_UP + N`` games,
and the difference is divided by the decisions of the ``N`` games: the imports, the
catalogue's loading and the caches a first game fills are left out.

Instructions are not time: a decision that misses the processor's caches costs more than
its instructions say. ``--cache`` adds cachegrind's simulation of a 32 KiB first-level
data cache and a 1 MiB second level (this machine's sizes per core): misses per decision
show where an adapter's time goes beyond its instructions. The adapters' speed is
still stated in CPU time, by ``environments.py``: this script compares versions and
explains figures, it does not replace them.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
WARM_UP = 2
"""Games played before the counted ones, in both counts."""
WORKLOADS = ("engine", "pettingzoo-raw", "pettingzoo", "openspiel-play", "openspiel")
FIRST_SEED = 7000
CACHES = ("--D1=32768,8,64", "--LL=1048576,16,64")
"""This machine's caches per core: 32 KiB of first-level data cache, 1 MiB second level."""
EVENTS = {
    "Ir": "instructions",
    "D1mr": "D1 read misses",
    "D1mw": "D1 write misses",
    "DLmr": "L2 read misses",
    "DLmw": "L2 write misses",
}

CHILD = """
import sys
sys.path.insert(0, {here!r})
from environments import workloads
run = workloads({game!r}, {players})[{workload!r}]
print("decisions", run(list(range({first}, {first} + {games}))))
"""


def count(
    tree: Path | None, game: str, players: int, workload: str, games: int, cache: bool
) -> tuple[int, dict[str, int]]:
    """The decisions of ``games`` games of ``workload`` and cachegrind's totals."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "cachegrind.out"
        env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
        if tree is not None:
            env["PYTHONPATH"] = os.pathsep.join([str(tree), env.get("PYTHONPATH", "")])
        code = CHILD.format(
            here=str(HERE),
            game=game,
            players=players,
            workload=workload,
            first=FIRST_SEED,
            games=games,
        )
        command = [
            "valgrind",
            "--tool=cachegrind",
            f"--cache-sim={'yes' if cache else 'no'}",
            *(CACHES if cache else ()),
            f"--cachegrind-out-file={out}",
            sys.executable,
            "-c",
            code,
        ]
        done = subprocess.run(command, env=env, cwd=scratch, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"the workload failed under valgrind:\n{done.stderr[-2000:]}")
        decisions = int(done.stdout.split("decisions")[-1])
        return decisions, _totals(out.read_text(encoding="utf-8"))


def _totals(text: str) -> dict[str, int]:
    """cachegrind's events line and summary line, as totals by event."""
    events = summary = None
    for line in text.splitlines():
        if line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith("summary:"):
            summary = [int(n) for n in line.split()[1:]]
    if events is None or summary is None:
        raise SystemExit("cachegrind wrote no summary")
    return dict(zip(events, summary, strict=True))


def per_decision(
    tree: Path | None, game: str, players: int, workload: str, games: int, cache: bool
) -> dict[str, float]:
    """Each event per decision of the ``games`` games after the warm-up."""
    first_decisions, first = count(tree, game, players, workload, WARM_UP, cache)
    decisions, totals = count(tree, game, players, workload, WARM_UP + games, cache)
    played = decisions - first_decisions
    found: dict[str, float] = {"decisions": played}
    for event in EVENTS:
        if event in totals:
            found[event] = (totals[event] - first[event]) / played
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=["fertility", "ankhor"], default="fertility")
    parser.add_argument("--players", type=int, choices=[2, 3, 4], default=3)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--workloads", default=",".join(WORKLOADS))
    parser.add_argument("--cache", action="store_true")
    parser.add_argument("--tree", action="append", type=Path, default=None)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is needed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    chosen = args.workloads.split(",")
    if "engine" not in chosen:
        chosen.insert(0, "engine")
    trees: list[Path | None] = args.tree or [None]
    figures: dict[str, dict[str, dict[str, float]]] = {}
    print(f"{args.players}-player {args.game}, {args.games} games after {WARM_UP} (cachegrind):")
    for tree in trees:
        label = "installed package" if tree is None else str(tree)
        found = {
            workload: per_decision(tree, args.game, args.players, workload, args.games, args.cache)
            for workload in chosen
        }
        figures[label] = found
        print(f"  {label}")
        engine = found["engine"]["Ir"]
        for workload, events in found.items():
            ratio = "" if workload == "engine" else f"  {engine / events['Ir']:.3f} of the engine's"
            misses = "".join(
                f"  {events[e]:,.0f} {EVENTS[e]}"
                for e in ("D1mr", "D1mw", "DLmr", "DLmw")
                if e in events
            )
            print(
                f"    {workload:<16} {events['Ir']:>10,.0f} instructions a decision{ratio}{misses}"
            )
    if args.json:
        document = {
            "game": args.game,
            "players": args.players,
            "games": args.games,
            "warm_up": WARM_UP,
            "cache": args.cache,
            "figures": figures,
        }
        Path(args.json).write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
