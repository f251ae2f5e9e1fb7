"""Decisions per CPU second of the learning adapters beside the engine's own loop and a
built-in OpenSpiel game, run by hand (``rl`` extra)::

    python tests/benchmarks/environments.py [--game fertility|ankhor] [--players P]
        [--games N] [--rounds R] [--workloads pettingzoo-raw,openspiel,...] [--json out.json]

Workloads, each a uniformly random legal game from a fresh seed (new games every round
and for every workload, so that no workload plays a game whose caches another warmed;
one untimed game of each first):

- ``engine``: the referee's own loop, ``legal_moves`` then ``apply_unchecked`` on one of
  the moves picked with ``random.Random(seed)``.
- ``pettingzoo``: one ``fertility_rules.pettingzoo.env(game=..., players=...)``
  (PettingZoo's checking wrappers included), reset for each game; ``agent_iter``,
  ``last()`` (the observation and its action mask, as a learner reads them) and ``step`` of
  an action picked uniformly among those the mask allows. ``pettingzoo-raw``: the same with
  ``raw_env`` (the adapter alone, without PettingZoo's wrappers). The allowed actions are
  found as ``np.flatnonzero(mask.view(np.bool_))``: the mask is PettingZoo's and
  Gymnasium's ``int8`` of 0 and 1, and numpy finds the non-zero entries of a boolean array
  7 times as fast as of an ``int8`` one (2.6 against 19.6 µs for Ankh'or's 5,103
  actions), a cost of the learner's, not of the adapter's. ``pettingzoo-int8``: the
  wrapped environment with ``np.flatnonzero(mask)`` on the ``int8`` mask, as the figures
  before this harness's change were taken.
- ``openspiel``: ``python_<game>(players=P)``; at every decision the acting player's
  ``observation_tensor`` is read, then ``legal_actions`` and ``apply_action`` of one picked
  uniformly; chance nodes (the setup and every hidden draw) apply an outcome picked
  uniformly, and their cost counts in the time.
- ``openspiel-play``: the same loop without the observation tensor, as OpenSpiel's
  searches play their random rollouts (``mcts.RandomRolloutEvaluator``: ``legal_actions``,
  ``apply_action``, ``chance_outcomes``).
- ``openspiel-observer``: the same loop, the observation read through OpenSpiel's own
  observer (``open_spiel.python.observation.make_observation``: ``set_from`` fills its
  numpy ``tensor``) rather than as ``observation_tensor``'s Python list.
- ``spiel:<name>``: a built-in OpenSpiel game (C++) in the same loop as ``openspiel``:
  ``tic_tac_toe`` (9 actions) and ``chess`` (4,674 actions, branching about 30, an
  observation of 1,280 numbers: the nearest in size to these games).

A figure is decisions (player decisions; chance nodes not counted) per CPU second of the
process (``time.process_time``); beside it, the process's page faults per decision
(``ru_minflt``, averaged over the rounds), each a new page of memory touched. Each round
runs every workload once, in an order that rotates from round to round; the figure is
the best of the rounds. An adapter's ratio to the engine is its best rate over the
engine's best rate. The best of the ratios taken within each round is printed beside it,
but it is not the figure: under load it picks the round in which the engine happened to
be slowed most, and overstates the ratio. The script uses only names that exist before
and after the adapters' rework, so the same script runs on both trees
(``PYTHONPATH=<tree>``)."""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import make_observation

import fertility_rules.openspiel  # noqa: F401 - registers python_fertility, python_ankhor
from fertility_rules.encoding.environment import learning_game
from fertility_rules.games import find_game
from fertility_rules.pettingzoo import env, raw_env

BUILTIN = ("tic_tac_toe", "chess")
"""Built-in OpenSpiel games timed in the same loop as the library's OpenSpiel games."""
CHESS_PLY_CAP = 400
"""Random chess games are cut here (as in ``run.py``)."""


def engine_decisions(name: str, players: int, seeds: list[int]) -> int:
    """The referee's random loop: the decisions played."""
    game = learning_game(name)
    rules = find_game(name)
    readings = rules.new_interpretations()
    legal_moves, apply_unchecked = rules.legal_moves, rules.apply_unchecked
    decisions = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(players, seed, False, readings)
        while not state.is_over:
            legal = legal_moves(state)
            state = apply_unchecked(state, legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions


def pettingzoo_decisions(
    name: str, players: int, seeds: list[int], raw: bool = False, as_int8: bool = False
) -> int:
    """Masked random games through one PettingZoo environment, reset for each game (as a
    learner plays its episodes): the decisions played. ``raw``: the environment without
    PettingZoo's order-checking wrapper (``raw_env``). ``as_int8``: the mask's non-zero
    entries found on the ``int8`` array itself rather than on its boolean view."""
    decisions = 0
    game = raw_env(game=name, players=players) if raw else env(game=name, players=players)
    for seed in seeds:
        rng = random.Random(seed)
        game.reset(seed=seed)
        for _agent in game.agent_iter():
            observation, _reward, termination, truncation, _info = game.last()
            if termination or truncation:
                game.step(None)
                continue
            mask = observation["action_mask"]
            allowed = np.flatnonzero(mask if as_int8 else mask.view(np.bool_))
            game.step(int(allowed[rng.randrange(len(allowed))]))
            decisions += 1
    return decisions


def spiel_decisions(
    game: object,
    seeds: list[int],
    cap: int | None = None,
    observe: bool = True,
    observer: Any = None,
) -> int:
    """Random games of an OpenSpiel game, the acting player's observation tensor read at
    every decision unless ``observe`` is false: the decisions played (at most ``cap`` a
    game). ``observer``: the tensor read through it instead (OpenSpiel's
    ``make_observation``: ``set_from``, then its numpy ``tensor``)."""
    decisions = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()  # type: ignore[attr-defined]
        played = 0
        while not state.is_terminal() and (cap is None or played < cap):
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if observer is not None:
                observer.set_from(state, state.current_player())
            elif observe:
                state.observation_tensor(state.current_player())
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            played += 1
        decisions += played
    return decisions


def workloads(name: str, players: int) -> dict[str, Callable[[list[int]], int]]:
    ours = pyspiel.load_game(f"python_{name}(players={players})")
    found: dict[str, Callable[[list[int]], int]] = {
        "engine": lambda seeds: engine_decisions(name, players, seeds),
        "pettingzoo": lambda seeds: pettingzoo_decisions(name, players, seeds),
        "pettingzoo-raw": lambda seeds: pettingzoo_decisions(name, players, seeds, raw=True),
        "pettingzoo-int8": lambda seeds: pettingzoo_decisions(name, players, seeds, as_int8=True),
        "openspiel": lambda seeds: spiel_decisions(ours, seeds),
        "openspiel-play": lambda seeds: spiel_decisions(ours, seeds, observe=False),
        # The observer is made per run, so that a tree without one fails this workload only.
        "openspiel-observer": lambda seeds: spiel_decisions(
            ours, seeds, observer=make_observation(ours)
        ),
    }
    for builtin in BUILTIN:
        spiel = pyspiel.load_game(builtin)
        cap = CHESS_PLY_CAP if builtin == "chess" else None

        def run(seeds: list[int], spiel: object = spiel, cap: int | None = cap) -> int:
            return spiel_decisions(spiel, seeds, cap)

        found[f"spiel:{builtin}"] = run
    return found


def _timed(run: Callable[[list[int]], int], seeds: list[int]) -> tuple[int, float, int]:
    """The decisions played, the CPU seconds and the page faults of the process (each new
    page of memory it touches: about 3 µs each on this machine)."""
    gc.collect()
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    start = time.process_time()
    decisions = run(seeds)
    seconds = time.process_time() - start
    return decisions, seconds, resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults


def measure(
    name: str,
    players: int,
    games: int,
    rounds: int,
    builtin_games: int,
    only: list[str] | None = None,
) -> dict[str, object]:
    """The figures of every workload, or of the engine and the workloads named in
    ``only``."""
    runs = workloads(name, players)
    if only is not None:
        unknown = sorted(set(only) - set(runs))
        if unknown:
            raise SystemExit(
                f"no such workload: {', '.join(unknown)}; the workloads: {', '.join(runs)}"
            )
        runs = {key: run for key, run in runs.items() if key == "engine" or key in only}
    order = list(runs)
    for key in order:  # one untimed pass: imports, caches, first games of each kind
        runs[key]([10**6])
    rates: dict[str, list[float]] = {key: [] for key in order}
    faults: dict[str, list[float]] = {key: [] for key in order}
    totals: dict[str, int] = {}
    for round_ in range(rounds):
        turn = order[round_ % len(order) :] + order[: round_ % len(order)]
        for key in turn:
            count = builtin_games if key.startswith("spiel:") else games
            # Games never played before, by any workload: none finds a cache another warmed.
            base = 10_000 * (round_ + 1) + 1_000 * order.index(key)
            decisions, seconds, grown = _timed(runs[key], [base + k for k in range(count)])
            rates[key].append(decisions / seconds)
            faults[key].append(grown / decisions)
            totals[key] = decisions
    ratios = {
        key: [rate / engine for rate, engine in zip(rates[key], rates["engine"], strict=True)]
        for key in order
        if key != "engine"
    }
    return {
        "game": name,
        "players": players,
        "games": games,
        "builtin_games": builtin_games,
        "rounds": rounds,
        "decisions_per_cpu_second": {key: max(values) for key, values in rates.items()},
        "every_round": rates,
        "decisions_per_round": totals,
        "page_faults_per_decision": {key: sum(v) / len(v) for key, v in faults.items()},
        "ratio_to_engine": {
            key: max(rates[key]) / max(rates["engine"]) for key in order if key != "engine"
        },
        "best_round_ratio_to_engine": {key: max(values) for key, values in ratios.items()},
        "ratio_to_engine_every_round": ratios,
    }


def machine(load_before: tuple[float, float, float]) -> dict[str, object]:
    """The machine the figures were taken on, and its load before and after."""
    return {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_average_before": load_before,
        "load_average_after": os.getloadavg(),
    }


def finish(
    figures: dict[str, object], load_before: tuple[float, float, float], path: str | None
) -> int:
    """The machine's line printed, and the figures written to ``path`` (JSON) if given."""
    print(f"machine: {os.cpu_count()} cores, load average {load_before[0]:.1f} (1 min)")
    if path:
        Path(path).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=["fertility", "ankhor"], default="fertility")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--builtin-games", type=int, default=200)
    parser.add_argument("--players", type=int, choices=[2, 3, 4], default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", default=None)
    parser.add_argument(
        "--workloads", default=None, help="comma-separated workloads (the engine's always runs)"
    )
    args = parser.parse_args(argv)
    load_before = os.getloadavg()
    only = None if args.workloads is None else args.workloads.split(",")
    figures = measure(args.game, args.players, args.games, args.rounds, args.builtin_games, only)
    figures["machine"] = machine(load_before)
    rates = figures["decisions_per_cpu_second"]
    ratios = figures["ratio_to_engine"]
    rounds = figures["best_round_ratio_to_engine"]
    faults = figures["page_faults_per_decision"]
    assert isinstance(faults, dict)
    assert isinstance(rates, dict)
    assert isinstance(ratios, dict)
    assert isinstance(rounds, dict)
    print(f"{args.players}-player {args.game}, best of {args.rounds} rounds (CPU time):")
    for key, rate in rates.items():
        ratio = (
            ""
            if key == "engine"
            else f"  {ratios[key]:.3f} of the engine's loop (best round: {rounds[key]:.3f})"
        )
        print(f"  {key:<18} {rate:>12,.0f} decisions/s{ratio}  {faults[key]:.2f} page faults")
    return finish(figures, load_before, args.json)


if __name__ == "__main__":
    sys.exit(main())
