"""How fast the learning adapters could be if the numeric observation and the numbering of
legal moves cost nothing, run by hand (``rl`` extra)::

    python tests/benchmarks/adapter_ceiling.py [--game fertility|ankhor] [--rounds R]
        [--json out.json]

The same seeded random games (3 players, 20 a round) are played by the engine's own loop
(``legal_moves`` then ``apply_unchecked``), by the PettingZoo environment (``env()`` and
``raw_env``) and by ``python_<game>`` in OpenSpiel (the acting player's observation tensor
read at every decision), with the loops of ``environments.py``; then again with two parts of the
adapters taken out:

- the numbering of the legal moves: a first, untimed pass records what
  ``ActionSpace.legal`` gives at each decision; the timed pass still lists the legal moves
  with the engine, then reads the recorded numbering instead of working it out;
- the encoding: ``Encoder.floats`` leaves its buffer as it is, and ``Encoder.values``
  gives a new list of zeros of the observation's size (a list must still be made).

The ``-free`` figures are therefore a ceiling, not something the adapters do: what a
compiled encoder and numbering costing next to nothing would leave, every other part of
the adapters and of PettingZoo and OpenSpiel unchanged. Figures are decisions per CPU
second (``time.process_time``), best of the rounds, workloads interleaved; the ratio is to
the engine's best.
"""

from __future__ import annotations

import argparse
import gc
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pyspiel
from environments import (  # type: ignore[import-not-found] # a script beside this one
    engine_decisions,
    pettingzoo_decisions,
    spiel_decisions,
)

from fertility_rules.encoding.encoder import Encoder
from fertility_rules.encoding.spaces import ActionSpace

PLAYERS = 3


def _rate(decisions: int, start: float) -> int:
    return round(decisions / (time.process_time() - start))


def timed(run: Callable[[], int]) -> int:
    """Decisions per CPU second of ``run``."""
    gc.collect()
    start = time.process_time()
    return _rate(run(), start)


def timed_free(run: Callable[[], int]) -> int:
    """Decisions per CPU second of ``run`` with the encoding and the numbering taken out
    (see the module); ``run`` is played once untimed first, to record the numbering."""
    patched: Any = ActionSpace, Encoder
    real_legal, real_floats, real_values = ActionSpace.legal, Encoder.floats, Encoder.values
    recorded: list[dict[int, Any]] = []

    def record(space: ActionSpace[Any, Any], table: Any) -> dict[int, Any]:
        found = real_legal(space, table)
        recorded.append(found)
        return found

    def read(space: ActionSpace[Any, Any], table: Any) -> dict[int, Any]:
        space.legal_moves(table)  # the engine still lists the legal moves
        return next(replay)

    def floats(encoder: Encoder[Any], table: Any) -> Any:
        return encoder.floats_buffer

    def values(encoder: Encoder[Any], table: Any) -> list[float]:
        return [0.0] * encoder.size

    space_class, encoder_class = patched
    space_class.legal = record
    try:
        run()
    finally:
        space_class.legal = real_legal
    replay: Iterator[dict[int, Any]] = iter(recorded)
    space_class.legal, encoder_class.floats, encoder_class.values = read, floats, values
    try:
        return timed(run)
    finally:
        space_class.legal, encoder_class.floats, encoder_class.values = (
            real_legal,
            real_floats,
            real_values,
        )


def workloads(name: str, seeds: list[int]) -> dict[str, Callable[[], int]]:
    """Each workload of one round, on ``seeds`` (the loops of ``environments.py``)."""
    spiel = pyspiel.load_game(f"python_{name}(players={PLAYERS})")
    return {
        "engine": lambda: timed(lambda: engine_decisions(name, PLAYERS, seeds)),
        "pettingzoo": lambda: timed(lambda: pettingzoo_decisions(name, PLAYERS, seeds)),
        "pettingzoo-raw": lambda: timed(lambda: pettingzoo_decisions(name, PLAYERS, seeds, True)),
        "openspiel": lambda: timed(lambda: spiel_decisions(spiel, seeds)),
        "pettingzoo-free": lambda: timed_free(lambda: pettingzoo_decisions(name, PLAYERS, seeds)),
        "pettingzoo-raw-free": lambda: timed_free(
            lambda: pettingzoo_decisions(name, PLAYERS, seeds, True)
        ),
        "openspiel-free": lambda: timed_free(lambda: spiel_decisions(spiel, seeds)),
    }


def measure(name: str, rounds: int, games: int) -> dict[str, Any]:
    rates: dict[str, list[int]] = {}
    for round_ in range(rounds):
        runs = workloads(name, [10_000 * (round_ + 1) + k for k in range(games)])
        order = list(runs)
        for key in order[round_ % len(order) :] + order[: round_ % len(order)]:
            rates.setdefault(key, []).append(runs[key]())
    best = {key: max(values) for key, values in rates.items()}
    return {
        "game": name,
        "players": PLAYERS,
        "games": games,
        "rounds": rounds,
        "decisions_per_cpu_second": best,
        "ratio_to_engine": {key: round(rate / best["engine"], 3) for key, rate in best.items()},
        "every_round": rates,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=["fertility", "ankhor"], default="fertility")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--json")
    args = parser.parse_args()
    found = measure(args.game, args.rounds, args.games)
    for key, rate in found["decisions_per_cpu_second"].items():
        print(f"{key:22} {rate:>8,}  {found['ratio_to_engine'][key]:.3f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(found, out, indent=1)


if __name__ == "__main__":
    main()
