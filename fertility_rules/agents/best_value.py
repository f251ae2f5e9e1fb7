"""The greedy agent of every game: the move whose next position a game's value likes best.

A game gives the position to weigh the moves in (the view's stand-in state, or a state
sampled from the view where a move's outcome depends on hidden draws), the transition,
and its value of a position for a player; the choice among equal values is the agent's
seeded generator's (:func:`~fertility_rules.agents.ties.best_move`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from fertility_rules.agents.seeds import agent_random
from fertility_rules.agents.ties import best_move

__all__ = ["BestValueAgent"]

S = TypeVar("S")
"""A full state of the game."""
M = TypeVar("M")
"""A move."""


class BestValueAgent(ABC, Generic[S, M]):
    """Best immediate gain; the same seed plays the same moves."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = agent_random(seed)

    @abstractmethod
    def position(self, view: Any) -> S:
        """The state the moves are weighed in, made from ``view``."""

    @abstractmethod
    def after(self, state: S, move: M) -> S:
        """The state after a legal ``move``."""

    @abstractmethod
    def value(self, state: S, player: int) -> float:
        """How good ``state`` looks for ``player``."""

    def choose(self, view: Any, moves: Sequence[M]) -> M:
        if len(moves) == 1:
            return moves[0]
        state = self.position(view)
        me: int = view.current
        return best_move(moves, lambda move: self.value(self.after(state, move), me), self._rng)
