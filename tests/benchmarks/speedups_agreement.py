"""The adapters' compiled loops against the pure-Python reference over many decisions,
run by hand (``rl`` extra not needed)::

    python tests/benchmarks/speedups_agreement.py [--decisions N] [--json out.json]

For each game and player count, seeded random games are played to the end; at every
decision the observation is encoded by a compiled encoder and by a pure-Python one
(``Encoder(..., compiled=False)``, sections kept between decisions in both, as an
adapter keeps them), as floats and as the list OpenSpiel's tensors are (``values``
against ``values_reference``), and the legal moves are numbered by ``ActionSpace.legal``
and by ``legal_reference``; the numbers must be the same bytes, the lists equal and the
actions the same moves in the same order. The script stops at the first difference and
prints it; otherwise it prints how many decisions of each setting agreed.
``tests/agents/test_speedups.py`` runs the same check on a few games.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from fertility_rules.encoding import speedups
from fertility_rules.encoding.encoder import Encoder
from fertility_rules.encoding.environment import learning_game

SETTINGS = (
    ("fertility", 2),
    ("fertility", 3),
    ("fertility", 4),
    ("ankhor", 2),
    ("ankhor", 3),
    ("ankhor", 4),
)


def agree(game: str, players: int, decisions: int, first_seed: int) -> dict[str, Any]:
    parts = learning_game(game)
    readings = parts.rules.new_interpretations()
    space = parts.action_space(players, False, None)
    layout = parts.features(players, False, None)
    checked = games = 0
    seed = first_seed
    while checked < decisions:
        rng = random.Random(seed)
        state = parts.new_state(players, seed, False, readings)
        fast, slow = Encoder(layout, players), Encoder(layout, players, compiled=False)
        while not parts.is_over(state):
            if bytes(fast.floats(state)) != bytes(slow.floats(state)):
                raise SystemExit(f"{game} {players}p seed {seed}: the numbers differ")
            if fast.values(state) != slow.values_reference(state):
                raise SystemExit(f"{game} {players}p seed {seed}: the lists differ")
            legal, reference = space.legal(state), space.legal_reference(state)
            if list(legal.items()) != list(reference.items()):
                raise SystemExit(f"{game} {players}p seed {seed}: the actions differ")
            state = parts.apply(state, rng.choice(list(legal.values())))
            checked += 1
        games += 1
        seed += 1
    return {"game": game, "players": players, "decisions": checked, "games": games}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=200_000, help="per setting")
    parser.add_argument("--json", help="write the counts here")
    options = parser.parse_args(argv)
    if not speedups.COMPILED:
        raise SystemExit("the compiled loops are not built: nothing to compare")
    start = time.process_time()
    rows = []
    for index, (game, players) in enumerate(SETTINGS):
        rows.append(agree(game, players, options.decisions, 10_000 * index))
        sys.stdout.write(f"{game} {players}p: {rows[-1]['decisions']:,} decisions agree\n")
    total = sum(row["decisions"] for row in rows)
    seconds = time.process_time() - start
    sys.stdout.write(f"all: {total:,} decisions agree ({seconds:.0f} s of CPU)\n")
    if options.json:
        with open(options.json, "w", encoding="utf-8") as handle:
            json.dump(
                {"settings": rows, "decisions": total, "cpu_seconds": seconds}, handle, indent=1
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
