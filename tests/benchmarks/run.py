"""Engine benchmarks, run by hand: ``python tests/benchmarks/run.py [--games N]``.

Measures random 4-player games per second (every decision enumerates its legal
moves), ``legal_moves`` at the placement decision, score sheets per second and
replayed moves per second, and compares a random 4-player game with a random game
of chess played with python-chess in the same run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import chess

from fertility_rules import (
    Phase,
    apply_unchecked,
    final_position,
    legal_moves,
    new_game,
    replay,
    score_position,
)
from fertility_rules.agents import RandomAgent, play_game
from fertility_rules.rules.state import GameState

PLAYERS = ("A", "B", "C", "D")


def random_game(seed: int) -> tuple[GameState, int]:
    """A random 4-player game; every decision enumerates its legal moves."""
    rng = random.Random(seed)
    state = new_game(PLAYERS, seed=seed)
    decisions = 0
    while not state.is_over:
        moves = legal_moves(state)
        state = apply_unchecked(state, moves[rng.randrange(len(moves))])
        decisions += 1
    return state, decisions


def random_chess_game(seed: int) -> int:
    """A random game of chess; every ply enumerates its legal moves."""
    rng = random.Random(seed)
    board = chess.Board()
    plies = 0
    while not board.is_game_over(claim_draw=False):
        moves = list(board.legal_moves)
        board.push(moves[rng.randrange(len(moves))])
        plies += 1
    return plies


def timed(function: Callable[[int], object], runs: int) -> list[float]:
    times = []
    for seed in range(runs):
        start = time.perf_counter()
        function(seed)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    games = args.games

    random_game(0)  # warm the layout caches
    game_times = timed(random_game, games)
    decisions = statistics.mean(random_game(seed)[1] for seed in range(min(games, 50)))
    chess_times = timed(random_chess_game, games)
    plies = statistics.mean(random_chess_game(seed) for seed in range(min(games, 50)))
    fertility_ms = statistics.mean(game_times) * 1000
    chess_ms = statistics.mean(chess_times) * 1000
    print(
        f"random 4-player game: {fertility_ms:.2f} ms mean, {1000 / fertility_ms:.1f} games/s, "
        f"{decisions:.0f} decisions"
    )
    print(
        f"random chess game (python-chess {chess.__version__}): {chess_ms:.2f} ms mean, "
        f"{plies:.0f} plies"
    )
    print(f"ratio fertility / chess: {fertility_ms / chess_ms:.2f}")

    placements = []
    for seed in range(20):
        state = new_game(PLAYERS, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.phase is Phase.PLACE:
                placements.append(state)
            moves = legal_moves(state)
            state = apply_unchecked(state, moves[rng.randrange(len(moves))])
    start = time.perf_counter()
    count = 0
    for state in placements:
        count += len(legal_moves(state))
    elapsed = time.perf_counter() - start
    print(
        f"legal_moves at placement: {elapsed / len(placements) * 1e6:.1f} µs per call "
        f"({count / len(placements):.0f} moves on average, {len(placements)} positions)"
    )

    finished = [final_position(random_game(seed)[0]) for seed in range(20)]
    start = time.perf_counter()
    rounds = 50
    for _ in range(rounds):
        for position in finished:
            score_position(position)
    elapsed = time.perf_counter() - start
    sheets = rounds * len(finished) * len(PLAYERS)
    print(f"score sheets: {sheets / elapsed:.0f} per second ({rounds * len(finished)} tables of 4)")

    records = [
        play_game(PLAYERS, [RandomAgent(seed * 10 + i) for i in range(4)], seed).record
        for seed in range(20)
    ]
    start = time.perf_counter()
    replayed = 0
    for record in records:
        result = replay(record)
        replayed += len(record.moves)
        if not result.ok:
            raise SystemExit(f"replay failed: {result.error}")
    elapsed = time.perf_counter() - start
    print(f"replay (checked moves): {replayed / elapsed:.0f} moves per second")


if __name__ == "__main__":
    main()
