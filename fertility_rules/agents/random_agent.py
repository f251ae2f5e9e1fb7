"""An agent playing uniformly at random among the legal moves, reproducibly from a seed.

It reads nothing of the game, so every game of the library plays it as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from fertility_rules.agents.seeds import agent_random

__all__ = ["RandomAgent"]

M = TypeVar("M")


class RandomAgent:
    """Uniform over the legal moves; the same seed plays the same moves."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = agent_random(seed)

    def choose(self, view: object, moves: Sequence[M]) -> M:
        return moves[self._rng.randrange(len(moves))]
