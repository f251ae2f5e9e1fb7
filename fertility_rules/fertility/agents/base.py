"""What an agent is: something that picks one of the legal moves from what a player sees.

An agent is given the view of the game (:func:`~fertility_rules.fertility.views.observe`),
never the state: the order of the Valley pile and of the District deck stays hidden from
it as from any player (R-9.2). An agent that must look past a hidden draw plays on states
drawn with :func:`~fertility_rules.fertility.sampling.sample_state`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from fertility_rules.fertility.moves import Move
from fertility_rules.fertility.state import GameState
from fertility_rules.fertility.views import Observation, observe

__all__ = ["Agent", "public_view"]


class Agent(Protocol):
    """Chooses a move among ``moves`` (the legal moves of ``view``, never empty)."""

    name: str

    def choose(self, view: Observation, moves: Sequence[Move]) -> Move: ...


def public_view(view: Observation | GameState) -> Observation:
    """``view`` itself, or the view of a state given instead: an agent reads no more."""
    return observe(view) if isinstance(view, GameState) else view
