"""How well a measure of a position predicts the final scores, run by hand:
``python tests/benchmarks/horizon.py [--players 4] [--games 1500] [--jobs 2]``.

The search agent (:mod:`fertility_rules.fertility.search`) judges each playout where it stops,
in the searching player's next turn, by each seat's estimate of its final Debens. This benchmark
plays games of the look-ahead agent in every seat (setup seeds ``--seed`` on) and, at every tile
taken (where a playout stops), records for every seat the look-ahead's turn value
(:func:`~fertility_rules.fertility.agents.lookahead.turn_end_value`), the turns it has left and
the features of :mod:`fertility_rules.fertility.agents.horizon`, then the game's final totals.

On the first two thirds of the games it fits, for each number of turns left, the final total
less the turn value as a linear function of the features (least squares): the calibration
:data:`~fertility_rules.fertility.agents.horizon.CALIBRATION` holds. On the last third it
reports, for the turn value alone, the calibration fitted here and the calibration in the
package: the root mean square error of the final totals, how often the seat valued highest wins,
and how often two seats with different final totals are valued in the right order. It prints the
fitted table as the calibration file (``fertility_rules/fertility/agents/data/horizon.toml``)
holds it.

With ``--play N`` it plays ``N`` more games instead (seeds ``--seed`` on): the look-ahead
judging its lines by :func:`~fertility_rules.fertility.agents.horizon.horizon_value` at seat
``k % players`` of game ``k``, the plain look-ahead in the other seats, and reports the
calibrated seat's win rate (a shared victory counts as a fraction) with its 95 % Wilson
interval and the mean scores.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

from fertility_rules.fertility.agents.horizon import CALIBRATION, FEATURES, features, horizon_value
from fertility_rules.fertility.agents.lookahead import (
    TURNS,
    LookaheadAgent,
    turn_end_value,
    turns_to_play,
)
from fertility_rules.fertility.rules.engine import apply_unchecked, final_position, legal_moves
from fertility_rules.fertility.scoring.pipeline import score_totals
from fertility_rules.fertility.setup import new_game
from fertility_rules.fertility.state import Phase
from fertility_rules.lab.stats import proportion_ci

NAMES = ("A", "B", "C", "D")

Row = tuple[float, int, tuple[float, ...]]
"""A seat at a tile taken: its turn value, its turns left, its features."""


def one_game(args: tuple[int, int]) -> tuple[list[list[Row]], list[int]]:
    """Game ``seed`` of the look-ahead in every seat: the rows at each tile taken, and the
    final totals."""
    seed, players = args
    state = new_game(NAMES[:players], seed=seed)
    agents = [LookaheadAgent(seed * 10 + i) for i in range(players)]
    rows: list[list[Row]] = []
    while not state.is_over:
        moves = legal_moves(state)
        if state.phase is Phase.TAKE:
            seats: list[Row] = []
            for seat, player in enumerate(state.players):
                left = turns_to_play(state, seat)
                seats.append((turn_end_value(state, seat), left, features(player)))
            rows.append(seats)
        state = apply_unchecked(state, agents[state.current].decide(state, moves))
    finals = [sum(lines) for lines in score_totals(final_position(state), state.config.registry)]
    return rows, finals


def duel(args: tuple[int, int]) -> tuple[float, int, float]:
    """Game ``seed``: the calibrated look-ahead's share of the win, its score, and the
    others' mean score."""
    seed, players = args
    seat = seed % players
    state = new_game(NAMES[:players], seed=seed)
    agents = [
        LookaheadAgent(seed * 10 + i, value=horizon_value if i == seat else turn_end_value)
        for i in range(players)
    ]
    while not state.is_over:
        state = apply_unchecked(state, agents[state.current].decide(state, legal_moves(state)))
    finals = [sum(lines) for lines in score_totals(final_position(state), state.config.registry)]
    winners = [i for i, total in enumerate(finals) if total == max(finals)]
    share = 1 / len(winners) if seat in winners else 0.0
    others = [total for i, total in enumerate(finals) if i != seat]
    return share, finals[seat], sum(others) / len(others)


def play(args: argparse.Namespace) -> None:
    work = [(args.seed + k, args.players) for k in range(args.play)]
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(duel, work, chunksize=8))
    rate = proportion_ci(sum(g[0] for g in games), len(games))
    mine = sum(g[1] for g in games) / len(games)
    others = sum(g[2] for g in games) / len(games)
    print(
        f"calibrated look-ahead vs {args.players - 1} x look-ahead, {len(games)} games "
        f"(seeds {args.seed}..{args.seed + len(games) - 1}, seat rotated): "
        f"win rate {rate.value:.1%} (95% Wilson {rate.low:.1%} to {rate.high:.1%}; "
        f"chance {1 / args.players:.1%}); mean score {mine:.1f}, the others' {others:.1f}"
    )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(
                {
                    "args": vars(args),
                    "win_rate": [rate.value, rate.low, rate.high],
                    "mean_score": mine,
                    "others_mean_score": others,
                },
                out,
                indent=1,
            )


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """The solution of a small symmetric system (Gaussian elimination with pivoting); a
    singular direction gets 0."""
    n = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-9:
            for r in range(n):
                a[r][col] = 0.0
            a[col][col], a[col][n] = 1.0, 0.0
            continue
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col:
                factor = a[r][col] / a[col][col]
                for c in range(col, n + 1):
                    a[r][c] -= factor * a[col][c]
    return [a[i][n] / a[i][i] for i in range(n)]


def fit(games: Sequence[tuple[list[list[Row]], list[int]]]) -> tuple[tuple[float, ...], ...]:
    """Per turns left, the least-squares coefficients of (1, features) for final - value."""
    table = []
    for left in range(TURNS + 1):
        xs: list[list[float]] = []
        ys: list[float] = []
        for rows, finals in games:
            for seats in rows:
                for seat, (value, seat_left, feats) in enumerate(seats):
                    if seat_left == left:
                        xs.append([1.0, *feats])
                        ys.append(finals[seat] - value)
        if not xs:
            table.append(tuple(0.0 for _ in range(len(FEATURES) + 1)))
            continue
        k = len(xs[0])
        normal = [[sum(x[i] * x[j] for x in xs) for j in range(k)] for i in range(k)]
        right = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(k)]
        table.append(tuple(round(c, 2) for c in solve(normal, right)))
    return tuple(table)


Estimate = Callable[[Row], float]


def calibrated(table: Sequence[Sequence[float]]) -> Estimate:
    def estimate(row: Row) -> float:
        value, left, feats = row
        if not 0 <= left < len(table):
            return value
        const, *weights = table[left]
        return value + const + sum(w * f for w, f in zip(weights, feats, strict=True))

    return estimate


def evaluate(
    estimate: Estimate, games: Sequence[tuple[list[list[Row]], list[int]]]
) -> dict[str, float]:
    squares = count = wins = positions = right = pairs = 0.0
    for rows, finals in games:
        best = max(finals)
        for seats in rows:
            values = [estimate(row) for row in seats]
            for seat, value in enumerate(values):
                squares += (value - finals[seat]) ** 2
                count += 1
            top = max(range(len(values)), key=values.__getitem__)
            wins += finals[top] == best
            positions += 1
            for a in range(len(values)):
                for b in range(a + 1, len(values)):
                    if finals[a] != finals[b]:
                        right += (values[a] - values[b]) * (finals[a] - finals[b]) > 0
                        pairs += 1
    return {
        "rmse": math.sqrt(squares / count),
        "winner": wins / positions,
        "order": right / pairs,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--play", type=int, default=0, help="play this many duels instead")
    parser.add_argument("--json", help="write the figures and the fitted table here")
    args = parser.parse_args(argv)
    if args.play:
        play(args)
        return
    work = [(args.seed + k, args.players) for k in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(one_game, work, chunksize=8))
    cut = len(games) * 2 // 3
    table = fit(games[:cut])
    held_out = games[cut:]
    figures = {
        "turn value": evaluate(lambda row: row[0], held_out),
        "fitted here": evaluate(calibrated(table), held_out),
    }
    if args.players in CALIBRATION:
        figures["package"] = evaluate(calibrated(CALIBRATION[args.players]), held_out)
    print(
        f"{args.players} players, games of seeds {args.seed}..{args.seed + args.games - 1}: "
        f"fitted on {cut}, measured on {len(held_out)}"
    )
    print(f"{'measure':<12} {'rmse':>7} {'winner':>7} {'order':>7}")
    for name, row in figures.items():
        print(f"{name:<12} {row['rmse']:7.2f} {row['winner']:7.3f} {row['order']:7.3f}")
    print(f"the fitted table, as [players.{args.players}] of agents/data/horizon.toml:")
    print(f'games = "setup seeds {args.seed} to {args.seed + cut - 1}"')
    print("rows = [")
    for coefficients in table:
        print("    [" + ", ".join(repr(abs(c) if c == 0 else c) for c in coefficients) + "],")
    print("]")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"args": vars(args), "figures": figures, "table": table}, out, indent=1)


if __name__ == "__main__":
    main()
