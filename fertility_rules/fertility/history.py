"""A game of Fertility with its history, typed: ``fertility_rules.Game``.

The history itself is the shared :class:`~fertility_rules.play.history.Game`; this class
binds it to Fertility and to its state, move and view types, so that a type checker sees
``game.state`` as a :class:`~fertility_rules.fertility.state.GameState` (and a misspelt field
as an error) without the app writing type parameters.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from fertility_rules.fertility.moves import Move
from fertility_rules.fertility.state import GameState
from fertility_rules.fertility.views import Observation
from fertility_rules.play.history import Game as AnyGame

__all__ = ["Game"]


@frozen(eq=False)
class Game(AnyGame[GameState, Move, Observation]):
    """A game of Fertility in progress with its history; :meth:`play` and :meth:`undo`
    give new games. ``Game.new(["Amunet", "Bek"], seed=7)``; a record of another game is
    refused (:class:`fertility_rules.play.history.Game` plays any game)."""

    GAME: ClassVar[str | None] = "fertility"
