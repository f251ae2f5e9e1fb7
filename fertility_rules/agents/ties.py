"""The best-valued move, equal values broken by the agent's seeded generator."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["TOLERANCE", "best_move"]

M = TypeVar("M")

TOLERANCE = 1e-9
"""Values closer than this are equal: sums of fractions differ in their last bits."""


def best_move(moves: Sequence[M], value: Callable[[M], float], rng: random.Random) -> M:
    """One of the ``moves`` of the highest ``value``, chosen with ``rng`` among equals
    (so that the same seed plays the same moves)."""
    best: list[M] = []
    best_value = float("-inf")
    for move in moves:
        found = value(move)
        if found > best_value + TOLERANCE:
            best, best_value = [move], found
        elif abs(found - best_value) <= TOLERANCE:
            best.append(move)
    return best[rng.randrange(len(best))]
