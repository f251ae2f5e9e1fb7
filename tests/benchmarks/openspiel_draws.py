"""What a hidden draw costs in ``python_<game>``, run by hand (``rl`` extra)::

    python tests/benchmarks/openspiel_draws.py [--game fertility|ankhor] [--players P]
        [--games N] [--replays R] [--json out.json]

Random games are played once (uniformly random legal actions and chance outcomes, seeded)
and their actions recorded; then the same actions are applied again to new states,
``replays`` times, and the CPU time (``time.process_time_ns``) of every ``apply_action``
is added to its kind: a move that draws nothing, a move that draws (the state after it is
a chance node), a chance node of a draw (``chance_outcomes`` is read first, as a player of
chance does, and not timed), and the setup. The garbage collector is off during a replay
(as ``timeit`` does), so that its pauses fall on no kind at random. The figure of each
kind is its least CPU time per call over the replays. The draw's part per decision is the
time of the drawing moves and of the draws' chance nodes over the decisions (moves)
played.

The adapter must give the same outcomes before and after a change of its draws, so the
recorded actions replay on both trees: the script uses only names that exist before and
after the change of the draws, and runs on another tree with ``PYTHONPATH=<tree>``.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

import pyspiel
from environments import (  # type: ignore[import-not-found] # a script beside this one
    finish,
    machine,
)

import fertility_rules.openspiel  # registers python_fertility and python_ankhor

KINDS = ("move", "drawing move", "draw", "setup")


def recorded(game: Any, seeds: range) -> list[list[int]]:
    """The actions of a uniformly random game from each seed, chance outcomes included."""
    games = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        actions = []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[rng.randrange(len(outcomes))][0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            actions.append(action)
            state.apply_action(action)
        games.append(actions)
    return games


def replayed(game: Any, games: list[list[int]]) -> tuple[dict[str, int], dict[str, int]]:
    """The CPU nanoseconds and the calls of ``apply_action`` of each kind, replaying
    ``games``."""
    clock = time.process_time_ns
    spent = dict.fromkeys(KINDS, 0)
    calls = dict.fromkeys(KINDS, 0)
    for actions in games:
        state = game.new_initial_state()
        setup = True
        for action in actions:
            chance = state.is_chance_node()
            if chance:
                state.chance_outcomes()
            start = clock()
            state.apply_action(action)
            took = clock() - start
            if setup:
                kind, setup = "setup", False
            elif chance:
                kind = "draw"
            else:
                kind = "drawing move" if state.is_chance_node() else "move"
            spent[kind] += took
            calls[kind] += 1
    return spent, calls


def measure(name: str, players: int, games: int, replays: int) -> dict[str, Any]:
    game = pyspiel.load_game(f"python_{name}(players={players})")
    played = recorded(game, range(games))
    replayed(game, played[:2])  # untimed: imports and caches
    spent: dict[str, int] = {}
    totals = []
    for _replay in range(replays):
        gc.collect()
        gc.disable()
        try:
            found, calls = replayed(game, played)
        finally:
            gc.enable()
        totals.append(sum(found.values()))
        spent = {kind: min(found[kind], spent.get(kind, found[kind])) for kind in KINDS}
    decisions = calls["move"] + calls["drawing move"]
    return {
        "game": name,
        "players": players,
        "games": games,
        "replays": replays,
        "calls": calls,
        "cpu_us_per_call": {kind: spent[kind] / 1000 / max(calls[kind], 1) for kind in KINDS},
        "draws_cpu_us_per_decision": (spent["drawing move"] + spent["draw"]) / 1000 / decisions,
        "apply_cpu_us_per_decision": sum(spent.values()) / 1000 / decisions,
        "every_replay_cpu_ms": [total / 1e6 for total in totals],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=["fertility", "ankhor"], default="fertility")
    parser.add_argument("--players", type=int, choices=[2, 3, 4], default=3)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--replays", type=int, default=5)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    load_before = os.getloadavg()
    figures = measure(args.game, args.players, args.games, args.replays)
    figures["machine"] = {
        **machine(load_before),
        "tree": str(Path(fertility_rules.openspiel.__file__).parents[1]),
    }
    print(
        f"{args.players}-player {args.game}, {args.games} games, "
        f"best of {args.replays} replays (CPU time of apply_action):"
    )
    for kind in KINDS:
        print(
            f"  {kind:<13} {figures['calls'][kind]:>7} calls "
            f"{figures['cpu_us_per_call'][kind]:>8.1f} µs each"
        )
    print(f"  draws' part   {figures['draws_cpu_us_per_decision']:>8.1f} µs a decision")
    print(f"  every apply   {figures['apply_cpu_us_per_decision']:>8.1f} µs a decision")
    finish(figures, load_before, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
