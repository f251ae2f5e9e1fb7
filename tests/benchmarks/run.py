"""Engine benchmarks, run by hand, side by side with python-chess in one process.

    python tests/benchmarks/run.py [--rounds 7] [--games 20] [--json out.json]

Method (see ``docs/benchmarks.rst``):

- Every workload runs once per round; the workloads of a round are interleaved (their
  order rotates from round to round), so a load spike on a shared machine hits the
  Fertility workloads and the python-chess anchor alike.
- Each figure is the minimum (the least disturbed run) and the median over the rounds;
  ratios to the anchor are taken within each round, then the minimum and median of those.
- Warm figures run with every cache filled by a previous round; cold figures clear the
  package's caches before each run and are reported apart.
- Random chess games are capped at 400 plies; both games are seeded, and every
  decision (ply) enumerates its legal moves before one is picked at random. Every run
  plays games never played before (new seeds), for Fertility and chess alike.
- A random 4-player game of Ankh'or is timed the same way, in the same rounds: every
  decision lists its legal moves (``fertility_rules.ankhor.legal_moves``) and plays one
  at random with ``apply_unchecked``.
- Output: a text table on stdout, and JSON with ``--json``.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import chess

import fertility_rules
from fertility_rules import Phase, ankhor, apply, legal_moves, new_game, score_position
from fertility_rules.fertility.model.position import FinalPosition
from fertility_rules.fertility.moves import Move
from fertility_rules.fertility.rules import apply_unchecked, final_position
from fertility_rules.fertility.state import GameState

PLAYERS = ("A", "B", "C", "D")
CHESS_PLY_CAP = 400
REFERENCE_PLY_US = 34.0
"""A random python-chess ply on this machine unloaded (the figure of issue 11): absolute
figures are also given scaled by (this / the chess ply of the same round), median over
the rounds, an estimate of what they would be on the quiet machine."""

ABSOLUTE = {
    "sheets_per_s": ("sheets", True),
    "totals_per_s": ("totals", True),
    "replay_moves_per_s": ("replay", True),
    "new_game_warm_us": ("new_game_warm", False),
}
"""Absolute targets: (workload, is a rate)."""

TARGETS: dict[str, tuple[str, float]] = {
    "game_ratio": ("<=", 0.20),
    "decision_ratio": ("<=", 0.35),
    "ankhor_decision_ratio": ("<=", 0.40),
    "sheets_per_s": (">=", 60_000),
    "totals_per_s": (">=", 200_000),
    "replay_moves_per_s": (">=", 150_000),
    "new_game_warm_us": ("<=", 50),
    "bytes_per_state": ("<=", 500),
    "import_ms": ("<=", 80),
}


# --- workloads ---------------------------------------------------------------------------


def random_game(seed: int) -> tuple[GameState, list[GameState], list[Move]]:
    """A random 4-player game; every decision enumerates its legal moves."""
    rng = random.Random(seed)
    state = new_game(PLAYERS, seed=seed)
    states = [state]
    moves: list[Move] = []
    while not state.is_over:
        legal = legal_moves(state)
        move = legal[rng.randrange(len(legal))]
        state = apply_unchecked(state, move)
        states.append(state)
        moves.append(move)
    return state, states, moves


def play_fertility(seed: int) -> int:
    """The timed loop of a random game: the decisions played."""
    rng = random.Random(seed)
    state = new_game(PLAYERS, seed=seed)
    decisions = 0
    while not state.is_over:
        legal = legal_moves(state)
        state = apply_unchecked(state, legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions


def play_ankhor(seed: int) -> int:
    """The timed loop of a random 4-player game of Ankh'or: the decisions played."""
    rng = random.Random(seed)
    state = ankhor.new_game(PLAYERS, seed=seed)
    decisions = 0
    legal_moves, apply_unchecked = ankhor.legal_moves, ankhor.apply_unchecked
    while not state.is_over:
        legal = legal_moves(state)
        state = apply_unchecked(state, legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions


def play_chess(seed: int) -> int:
    """A random game of chess, capped at 400 plies: the plies played."""
    rng = random.Random(seed)
    board = chess.Board()
    plies = 0
    while plies < CHESS_PLY_CAP and not board.is_game_over(claim_draw=False):
        legal = list(board.legal_moves)
        board.push(legal[rng.randrange(len(legal))])
        plies += 1
    return plies


def chess_moves(seed: int) -> list[chess.Move]:
    rng = random.Random(seed)
    board = chess.Board()
    while len(board.move_stack) < CHESS_PLY_CAP and not board.is_game_over(claim_draw=False):
        legal = list(board.legal_moves)
        board.push(legal[rng.randrange(len(legal))])
    return list(board.move_stack)


def clear_caches() -> int:
    """Empty every ``functools`` cache of the package (cold runs); how many were found."""
    found = 0
    for name, module in list(sys.modules.items()):
        if not name.startswith("fertility_rules"):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and not isinstance(value, type):
                clear()
                found += 1
    return found


class Fixtures:
    """Inputs prepared once, outside the timed runs."""

    def __init__(self, games: int) -> None:
        self.seeds = list(range(games))
        played = [random_game(seed) for seed in self.seeds]
        self.finals: list[FinalPosition] = [final_position(game[0]) for game in played]
        self.replays = [(game[1][0], game[2]) for game in played]
        self.chess_replays = [chess_moves(seed) for seed in self.seeds]
        self.placements = [s for game in played for s in game[1] if s.phase is Phase.PLACE][:200]
        self.builds = [s for game in played for s in game[1] if s.phase is Phase.BUILD][:200]
        self.supplies = [s for game in played for s in game[1] if s.phase is Phase.SUPPLY][:200]
        self.place_moves = [(s, legal_moves(s)[0]) for s in self.placements]
        self._fresh = 10_000

    def fresh_seeds(self) -> list[int]:
        """Seeds of games not played before: caches keyed by what a game meets (moves,
        payments) start cold for each game, as in a simulation of new games."""
        self._fresh += len(self.seeds)
        return list(range(self._fresh, self._fresh + len(self.seeds)))


def totals_function() -> Callable[[FinalPosition], object] | None:
    """The totals-only scoring path, when the package has one."""
    return getattr(fertility_rules, "score_totals", None)


Workload = Callable[[Fixtures], tuple[float, int]]
"""A timed run: (seconds, units done)."""


def _timed(body: Callable[[], int]) -> tuple[float, int]:
    gc.collect()
    start = time.perf_counter()
    units = body()
    return time.perf_counter() - start, units


def w_fertility_games(fx: Fixtures) -> tuple[float, int]:
    seeds = fx.fresh_seeds()
    return _timed(lambda: sum(play_fertility(seed) for seed in seeds))


def w_ankhor_games(fx: Fixtures) -> tuple[float, int]:
    seeds = fx.fresh_seeds()
    return _timed(lambda: sum(play_ankhor(seed) for seed in seeds))


def w_chess_games(fx: Fixtures) -> tuple[float, int]:
    seeds = fx.fresh_seeds()
    return _timed(lambda: sum(play_chess(seed) for seed in seeds))


def w_sheets(fx: Fixtures) -> tuple[float, int]:
    def body() -> int:
        sheets = 0
        for _ in range(10):
            for position in fx.finals:
                sheets += len(score_position(position).sheets)
        return sheets

    return _timed(body)


def w_totals(fx: Fixtures) -> tuple[float, int]:
    totals = totals_function()
    if totals is None:
        return 0.0, 0

    def body() -> int:
        for _ in range(10):
            for position in fx.finals:
                totals(position)
        return 10 * len(fx.finals) * len(PLAYERS)

    return _timed(body)


def w_replay(fx: Fixtures) -> tuple[float, int]:
    def body() -> int:
        count = 0
        for initial, moves in fx.replays:
            state = initial
            for move in moves:
                state = apply(state, move)
            count += len(moves)
        return count

    return _timed(body)


def w_chess_replay(fx: Fixtures) -> tuple[float, int]:
    def body() -> int:
        count = 0
        for moves in fx.chess_replays:
            board = chess.Board()
            for move in moves:
                if not board.is_legal(move):
                    raise SystemExit("chess replay: illegal move")
                board.push(move)
            count += len(moves)
        return count

    return _timed(body)


def w_new_game_warm(fx: Fixtures) -> tuple[float, int]:
    def body() -> int:
        # Five passes over the seeds: ten calls alone last well under a millisecond.
        for _ in range(5):
            for seed in fx.seeds:
                new_game(PLAYERS, seed=seed)
        return 5 * len(fx.seeds)

    return _timed(body)


def w_new_game_cold(fx: Fixtures) -> tuple[float, int]:
    total = 0.0
    for seed in fx.seeds[:5]:
        clear_caches()

        def body(seed: int = seed) -> int:
            new_game(PLAYERS, seed=seed)
            return 1

        total += _timed(body)[0]
    return total, len(fx.seeds[:5])


def _listing(states: list[GameState]) -> Callable[[Fixtures], tuple[float, int]]:
    def run(fx: Fixtures) -> tuple[float, int]:
        def body() -> int:
            for _ in range(5):
                for state in states:
                    legal_moves(state)
            return 5 * len(states)

        return _timed(body)

    return run


def w_apply_place(fx: Fixtures) -> tuple[float, int]:
    def body() -> int:
        for _ in range(5):
            for state, move in fx.place_moves:
                apply_unchecked(state, move)
        return 5 * len(fx.place_moves)

    return _timed(body)


def memory_per_state(seed: int) -> dict[str, float]:
    """Bytes a game's history of states costs, per state (tracemalloc; shared parts once)."""
    # Fill the caches first with other games: they are not part of the history, and a
    # value the measured game itself made earlier must not be counted as shared.
    for other in range(3):
        random_game(seed + 1_000_003 * (other + 1))
    rng = random.Random(seed)
    state = new_game(PLAYERS, seed=seed)
    moves = []
    while not state.is_over:
        legal = legal_moves(state)
        moves.append(legal[rng.randrange(len(legal))])
        state = apply_unchecked(state, moves[-1])
    initial = new_game(PLAYERS, seed=seed)
    history: list[GameState] = [initial]
    history.extend([initial] * len(moves))  # the list itself is allocated before measuring
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    state = initial
    for index, move in enumerate(moves, 1):
        state = apply_unchecked(state, move)
        history[index] = state
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return {"states": len(moves), "bytes_per_state": (after - before) / len(moves)}


def import_time(module: str, runs: int, path: str | None = None) -> list[float]:
    """Seconds to import ``module`` in a fresh interpreter (site imports excluded), from
    the source tree ``path`` when given (put first on ``PYTHONPATH``).

    Installed packages import from compiled bytecode, so both packages are timed that
    way: bytecode is written to a private cache (``PYTHONPYCACHEPREFIX``) by a first,
    untimed import, even where the environment forbids writing it
    (``PYTHONDONTWRITEBYTECODE``), which would otherwise compile every module from source.
    """
    code = (
        "import time; start = time.perf_counter(); "
        f"import {module}; print(time.perf_counter() - start)"
    )
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = _BYTECODE_CACHE
    if path is not None:
        env["PYTHONPATH"] = path
    times = []
    for attempt in range(runs + 1):
        out = subprocess.run(
            [sys.executable, "-P", "-c", code], check=True, capture_output=True, text=True, env=env
        ).stdout
        if attempt:
            times.append(float(out))
    return times


_BYTECODE_CACHE = tempfile.mkdtemp(prefix="fertility-bench-pycache-")


# --- the run -------------------------------------------------------------------------------


def rotations(names: list[str], rounds: int) -> Iterator[list[str]]:
    for r in range(rounds):
        shift = r % len(names)
        yield names[shift:] + names[:shift]


def summary(values: list[float]) -> dict[str, float]:
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def _ratio_summary(of_best: float, per_round: list[float]) -> dict[str, float]:
    """A ratio to chess: ``min`` is the ratio of the two best times (each side's least
    disturbed run, the headline); ``median`` and ``best_round`` summarise the ratios
    taken within each round. The best round alone is biased low: it is the round where
    chess happened to be slowed most, or to play its longest games."""
    return {
        "min": of_best,
        "median": statistics.median(per_round),
        "best_round": min(per_round),
        "max": max(per_round),
    }


def run(rounds: int, games: int) -> dict[str, Any]:
    fx = Fixtures(games)
    workloads: dict[str, Workload] = {
        "fertility_games": w_fertility_games,
        "ankhor_games": w_ankhor_games,
        "chess_games": w_chess_games,
        "sheets": w_sheets,
        "totals": w_totals,
        "replay": w_replay,
        "chess_replay": w_chess_replay,
        "new_game_warm": w_new_game_warm,
        "place_listing": _listing(fx.placements),
        "build_listing": _listing(fx.builds),
        "supply_listing": _listing(fx.supplies),
        "apply_place": w_apply_place,
    }
    for workload in workloads.values():  # one warm-up pass fills the caches
        workload(fx)
    per_unit: dict[str, list[float]] = {name: [] for name in workloads}
    units: dict[str, int] = {}
    game_ratios: list[float] = []
    decision_ratios: list[float] = []
    ankhor_ratios: list[float] = []
    game_units: dict[str, list[int]] = {"fertility_games": [], "chess_games": []}
    cold: list[float] = []
    for order in rotations(list(workloads), rounds):
        seconds: dict[str, float] = {}
        for name in order:
            elapsed, done = workloads[name](fx)
            seconds[name] = elapsed
            units[name] = done
            if done:
                per_unit[name].append(elapsed / done)
        for side in game_units:
            game_units[side].append(units[side])
        game_ratios.append(seconds["fertility_games"] / seconds["chess_games"])
        decision_ratios.append(
            (seconds["fertility_games"] / units["fertility_games"])
            / (seconds["chess_games"] / units["chess_games"])
        )
        ankhor_ratios.append(
            (seconds["ankhor_games"] / units["ankhor_games"])
            / (seconds["chess_games"] / units["chess_games"])
        )
        elapsed, done = w_new_game_cold(fx)
        cold.append(elapsed / done)
        for seed in fx.seeds:  # fill the caches again before the next round
            play_fertility(seed)
            play_ankhor(seed)
    memory = memory_per_state(0)
    imports: list[float] = []
    chess_imports: list[float] = []
    for _ in range(max(5, rounds)):  # interleaved, like the other workloads
        imports += import_time("fertility_rules", 1)
        chess_imports += import_time("chess", 1)

    def best_rate(name: str) -> float | None:
        return 1 / min(per_unit[name]) if per_unit[name] else None

    def median_rate(name: str) -> float | None:
        return 1 / statistics.median(per_unit[name]) if per_unit[name] else None

    def per_game_ms(name: str) -> dict[str, float]:
        return {k: v * units[name] / games * 1000 for k, v in summary(per_unit[name]).items()}

    figures: dict[str, Any] = {
        # Each round plays new games of its own length: the best times per decision and
        # per ply, times the mean length of the games played in all rounds.
        "game_ratio": _ratio_summary(
            min(per_unit["fertility_games"])
            * statistics.mean(game_units["fertility_games"])
            / (min(per_unit["chess_games"]) * statistics.mean(game_units["chess_games"])),
            game_ratios,
        ),
        "decision_ratio": _ratio_summary(
            min(per_unit["fertility_games"]) / min(per_unit["chess_games"]), decision_ratios
        ),
        "ankhor_decision_ratio": _ratio_summary(
            min(per_unit["ankhor_games"]) / min(per_unit["chess_games"]), ankhor_ratios
        ),
        "ankhor_decision_us": {k: v * 1e6 for k, v in summary(per_unit["ankhor_games"]).items()},
        "ankhor_game_ms": per_game_ms("ankhor_games"),
        "ankhor_decisions_per_game": units["ankhor_games"] / games,
        "fertility_game_ms": per_game_ms("fertility_games"),
        "chess_game_ms": per_game_ms("chess_games"),
        "decision_us": {k: v * 1e6 for k, v in summary(per_unit["fertility_games"]).items()},
        "chess_ply_us": {k: v * 1e6 for k, v in summary(per_unit["chess_games"]).items()},
        "decisions_per_game": units["fertility_games"] / games,
        "plies_per_chess_game": units["chess_games"] / games,
        "sheets_per_s": {"best": best_rate("sheets"), "median": median_rate("sheets")},
        "totals_per_s": {"best": best_rate("totals"), "median": median_rate("totals")},
        "replay_moves_per_s": {"best": best_rate("replay"), "median": median_rate("replay")},
        "chess_replay_moves_per_s": {
            "best": best_rate("chess_replay"),
            "median": median_rate("chess_replay"),
        },
        "new_game_warm_us": {k: v * 1e6 for k, v in summary(per_unit["new_game_warm"]).items()},
        "new_game_cold_us": {k: v * 1e6 for k, v in summary(cold).items()},
        "place_listing_us": {k: v * 1e6 for k, v in summary(per_unit["place_listing"]).items()},
        "build_listing_us": {k: v * 1e6 for k, v in summary(per_unit["build_listing"]).items()},
        "supply_listing_us": {k: v * 1e6 for k, v in summary(per_unit["supply_listing"]).items()},
        "apply_place_us": {k: v * 1e6 for k, v in summary(per_unit["apply_place"]).items()},
        "bytes_per_state": memory["bytes_per_state"],
        "states_in_history": memory["states"],
        "import_ms": {k: v * 1000 for k, v in summary(imports).items()},
        "chess_import_ms": {k: v * 1000 for k, v in summary(chess_imports).items()},
        "import_ratio_to_chess": min(imports) / min(chess_imports),
        "replay_ratio_to_chess": min(per_unit["chess_replay"]) / min(per_unit["replay"]),
    }
    plies = per_unit["chess_games"]
    normalized: dict[str, float | None] = {}
    for target, (name, rate) in ABSOLUTE.items():
        scaled = [
            t / ply * REFERENCE_PLY_US * 1e-6 for t, ply in zip(per_unit[name], plies, strict=False)
        ]
        middle = statistics.median(scaled) if scaled else None
        normalized[target] = None if middle is None else (1 / middle if rate else middle * 1e6)
    figures["normalized_to_quiet_machine"] = normalized
    return {
        "method": {
            "rounds": rounds,
            "games_per_round": games,
            "chess_ply_cap": CHESS_PLY_CAP,
            "interleaved": True,
            "statistic": "min and median over rounds; ratios within each round",
        },
        "machine": {
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "load_average": os.getloadavg(),
            "python_chess": chess.__version__,
            "fertility_rules": fertility_rules.__version__,
        },
        "figures": figures,
        "targets": targets(figures),
    }


def _headline(figures: dict[str, Any], name: str) -> float | None:
    value = figures[name]
    if isinstance(value, dict):
        return value.get("min", value.get("best"))
    return float(value)


def targets(figures: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out = {}
    normalized = figures["normalized_to_quiet_machine"]
    for name, (sense, goal) in TARGETS.items():
        value = _headline(figures, name)
        met = value is not None and (value <= goal if sense == "<=" else value >= goal)
        out[name] = {"value": value, "target": f"{sense} {goal:g}", "met": met}
        if name in normalized:
            scaled = normalized[name]
            out[name]["normalized"] = scaled
            out[name]["met_normalized"] = scaled is not None and (
                scaled <= goal if sense == "<=" else scaled >= goal
            )
    return out


def table(result: dict[str, Any]) -> str:
    figures = result["figures"]
    rows = [("figure", "best", "median")]

    def add(label: str, name: str, fmt: str) -> None:
        value = figures[name]
        if isinstance(value, dict):
            best = value.get("min", value.get("best"))
            median = value.get("median")
        else:
            best, median = value, None
        rows.append(
            (
                label,
                "-" if best is None else format(best, fmt),
                "-" if median is None else format(median, fmt),
            )
        )

    add("random 4-player game / random chess game", "game_ratio", ".3f")
    add("decision / chess ply", "decision_ratio", ".3f")
    add("Ankh'or decision / chess ply", "ankhor_decision_ratio", ".3f")
    add("Ankh'or decision (µs)", "ankhor_decision_us", ".2f")
    add("random 4-player game of Ankh'or (ms)", "ankhor_game_ms", ".2f")
    add("random 4-player game (ms)", "fertility_game_ms", ".2f")
    add(f"random chess game, <= {CHESS_PLY_CAP} plies (ms)", "chess_game_ms", ".2f")
    add("decision (µs)", "decision_us", ".2f")
    add("chess ply (µs)", "chess_ply_us", ".2f")
    add("explained score sheets per s", "sheets_per_s", ",.0f")
    add("totals only per s", "totals_per_s", ",.0f")
    add("checked replay, moves per s", "replay_moves_per_s", ",.0f")
    add("python-chess checked replay, moves per s", "chess_replay_moves_per_s", ",.0f")
    add("new_game warm (µs)", "new_game_warm_us", ".1f")
    add("new_game cold (µs)", "new_game_cold_us", ".1f")
    add("legal_moves at placement (µs)", "place_listing_us", ".2f")
    add("legal_moves at building (µs)", "build_listing_us", ".2f")
    add("legal_moves at supplying (µs)", "supply_listing_us", ".2f")
    add("apply a placement (µs)", "apply_place_us", ".2f")
    add("bytes per state in a history", "bytes_per_state", ".0f")
    add("import fertility_rules (ms)", "import_ms", ".1f")
    add("import chess (ms)", "chess_import_ms", ".1f")
    add("import time / import chess", "import_ratio_to_chess", ".2f")
    add("python-chess replay / checked replay (speed)", "replay_ratio_to_chess", ".2f")
    width = max(len(row[0]) for row in rows)
    lines = [f"{a:<{width}}  {b:>12}  {c:>12}" for a, b, c in rows]
    lines.insert(1, "-" * len(lines[0]))
    lines.append("")
    lines.append(
        f"{'target':<22} {'measured':>14} {'goal':>12}  {'':6}  {'quiet-machine estimate':>26}"
    )
    for name, target in result["targets"].items():
        value = target["value"]
        shown = "-" if value is None else f"{value:,.3f}"
        verdict = "met" if target["met"] else "MISSED"
        line = f"{name:<22} {shown:>14} {target['target']:>12}  {verdict:<6}"
        if "normalized" in target:
            scaled = target["normalized"]
            scaled_text = "-" if scaled is None else f"{scaled:,.1f}"
            scaled_verdict = "met" if target["met_normalized"] else "MISSED"
            line += f"  {scaled_text:>18} {scaled_verdict:>7}"
        lines.append(line)
    machine = result["machine"]
    method = result["method"]
    load = ", ".join(f"{x:.2f}" for x in machine["load_average"])
    lines.append("")
    lines.append(
        f"Python {machine['python']}, python-chess {machine['python_chess']}, "
        f"{machine['cpus']} CPUs, load average {load}; "
        f"{method['rounds']} interleaved rounds of {method['games_per_round']} games"
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--json", help="write the figures as JSON to this file")
    args = parser.parse_args()
    importlib.invalidate_caches()
    result = run(args.rounds, args.games)
    print(table(result))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(result, out, indent=2)
            out.write("\n")


if __name__ == "__main__":
    main()
