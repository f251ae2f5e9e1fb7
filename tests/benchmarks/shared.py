"""Benchmark of the shared machinery on Fertility, run by hand beside python-chess.

    python tests/benchmarks/shared.py [--rounds 7] [--games 6] [--json out.json]

It times what every game goes through since the games share one protocol: a game played
by agents through the runner (``play_game``), a record replayed (``replay``), a history
rebuilt from its record (``Game.from_record``) and a record read back from its JSON
(``read_record(dump_record(...))``). It uses only names that exist before and after the
protocol, so the same script runs on both trees (``PYTHONPATH=<tree>``) and their
figures compare. Method as ``run.py``: every round runs every workload once, in an
order that rotates, with random chess games as the anchor in the same process; each
figure is the minimum over the rounds of the time per move divided by the round's time
per chess ply.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import chess

import fertility_rules
from fertility_rules.agents import make_agent, play_game
from fertility_rules.play.history import Game
from fertility_rules.records import replay
from fertility_rules.records.format import dump_record, read_record

PLAYERS = ("A", "B", "C", "D")


def chess_plies(seeds: list[int]) -> int:
    plies = 0
    for seed in seeds:
        rng = random.Random(seed)
        board = chess.Board()
        while len(board.move_stack) < 400 and not board.is_game_over(claim_draw=False):
            legal = list(board.legal_moves)
            board.push(legal[rng.randrange(len(legal))])
            plies += 1
    return plies


def workloads(games: int) -> dict[str, Callable[[int], int]]:
    records = [
        play_game(PLAYERS, [make_agent("random", 7 * s + i) for i in range(4)], s).record
        for s in range(games)
    ]
    data = [dump_record(record) for record in records]

    def runner(base: int) -> int:
        moves = 0
        for k in range(games):
            agents = [make_agent("random", base + 10 * k + i) for i in range(4)]
            moves += len(play_game(PLAYERS, agents, base + k).record.moves)
        return moves

    def replays(_base: int) -> int:
        return sum(len(record.moves) for record in records if replay(record).ok)

    def histories(_base: int) -> int:
        return sum(Game.from_record(record).ply for record in records)

    def reads(_base: int) -> int:
        return sum(len(read_record(document).moves) for document in data)

    return {
        "chess": lambda base: chess_plies([base + k for k in range(games)]),
        "play_game": runner,
        "replay": replays,
        "Game.from_record": histories,
        "read_record": reads,
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    jobs = workloads(args.games)
    names = list(jobs)
    per_move: dict[str, list[float]] = {name: [] for name in names}
    ratios: dict[str, list[float]] = {name: [] for name in names if name != "chess"}
    for round_index in range(args.rounds):
        order = names[round_index % len(names) :] + names[: round_index % len(names)]
        base = 1_000 * (round_index + 1)
        times: dict[str, float] = {}
        for name in order:
            start = time.perf_counter()
            count = jobs[name](base)
            times[name] = (time.perf_counter() - start) / count
            per_move[name].append(times[name] * 1e6)
        for name in ratios:
            ratios[name].append(times[name] / times["chess"])
    figures: dict[str, Any] = {
        "tree": fertility_rules.__file__,
        "per_move_us_min": {name: min(values) for name, values in per_move.items()},
        "ratio_to_chess_ply_min": {name: min(values) for name, values in ratios.items()},
    }
    for name in names:
        ratio = figures["ratio_to_chess_ply_min"].get(name)
        shown = "" if ratio is None else f"  x{ratio:.3f} of a chess ply"
        print(f"{name:18} {figures['per_move_us_min'][name]:8.2f} µs per move{shown}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(figures, handle, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
