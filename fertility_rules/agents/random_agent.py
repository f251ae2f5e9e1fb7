"""An agent playing uniformly at random among the legal moves, reproducibly from a seed."""

from __future__ import annotations

import random

from fertility_rules.rules.moves import Move
from fertility_rules.rules.state import GameState

__all__ = ["RandomAgent"]


class RandomAgent:
    """Uniform over the legal moves; the same seed plays the same moves."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: GameState, moves: list[Move]) -> Move:
        return moves[self._rng.randrange(len(moves))]
