"""An agent playing uniformly at random among the legal moves, reproducibly from a seed."""

from __future__ import annotations

import random
from collections.abc import Sequence

from fertility_rules.play.views import Observation
from fertility_rules.rules.moves import Move

__all__ = ["RandomAgent"]


class RandomAgent:
    """Uniform over the legal moves; the same seed plays the same moves."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: Observation, moves: Sequence[Move]) -> Move:
        return moves[self._rng.randrange(len(moves))]
