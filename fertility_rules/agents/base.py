"""What an agent is: something that picks one of the legal moves."""

from __future__ import annotations

from typing import Protocol

from fertility_rules.rules.moves import Move
from fertility_rules.rules.state import GameState

__all__ = ["Agent"]


class Agent(Protocol):
    """Chooses a move among ``moves`` (the legal moves of ``state``, never empty)."""

    name: str

    def choose(self, state: GameState, moves: list[Move]) -> Move: ...
