"""Game records and their replay (the file format is in :mod:`fertility_rules.formats.record`).

A record holds what is needed to replay a game exactly: the catalogue (by name or
embedded), the interpretations, the 2-player variant flag, the players, the setup
(a seed or an explicit table) and the list of moves.
"""

from __future__ import annotations

from attrs import field, frozen

from fertility_rules.arguments import checked_arguments, typed_fields
from fertility_rules.catalogue.catalogue import Catalogue
from fertility_rules.catalogue.loader import default_catalogue
from fertility_rules.errors import IllegalMoveError, MalformedInputError
from fertility_rules.i18n.message import Message, _
from fertility_rules.rules.engine import apply
from fertility_rules.rules.interpretations import Interpretations
from fertility_rules.rules.moves import Move
from fertility_rules.rules.setup import Setup, random_setup, start_game, valley_boards_for
from fertility_rules.rules.setup import _check_players as check_players
from fertility_rules.rules.state import GameState

__all__ = ["FirstIllegalMove", "GameRecord", "ReplayError", "ReplayResult", "replay"]


def _check_players(instance: GameRecord, _attribute: object, value: tuple[str, ...]) -> None:
    check_players(len(value), instance.variant)  # the rule of setup, once


def _check_setup(instance: GameRecord, _attribute: object, value: Setup | None) -> None:
    if value is None and instance.seed is None:
        raise MalformedInputError.single(
            "$", _("a record gives a seed or an explicit setup"), "R-2"
        )


@frozen(field_transformer=typed_fields)
class GameRecord:
    """A whole game: enough to replay it move by move."""

    players: tuple[str, ...] = field(validator=_check_players)
    moves: tuple[Move, ...]
    seed: int | None = None
    setup: Setup | None = field(default=None, validator=_check_setup)
    variant: bool = False
    interpretations: Interpretations = field(factory=Interpretations)
    catalogue: Catalogue | None = None
    """``None`` for the default catalogue (written by name); otherwise embedded."""

    @property
    def width(self) -> int:
        return 4 * valley_boards_for(len(self.players))

    def resolved_catalogue(self) -> Catalogue:
        return self.catalogue or default_catalogue()

    def resolved_setup(self) -> Setup:
        if self.setup is not None:
            return self.setup
        return random_setup(self.resolved_catalogue(), len(self.players), self.variant, self.seed)

    def initial_state(self) -> GameState:
        return start_game(
            self.players,
            self.resolved_setup(),
            self.resolved_catalogue(),
            self.variant,
            self.interpretations,
        )


@frozen
class FirstIllegalMove:
    """The first illegal move of a record: where, what, and the rule it breaks.

    A value in a :class:`ReplayResult`, not an exception: :func:`replay` stops there.
    """

    index: int
    move: Move
    rule: str
    message: Message


@frozen
class ReplayResult:
    """The state reached, and the first illegal move if the replay stopped early."""

    state: GameState
    error: FirstIllegalMove | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


@checked_arguments
def replay(record: GameRecord) -> ReplayResult:
    """Play the record's moves from its setup; stops at the first illegal move."""
    state = record.initial_state()
    for index, move in enumerate(record.moves):
        try:
            state = apply(state, move)
        except IllegalMoveError as error:
            return ReplayResult(state, FirstIllegalMove(index, move, error.rule, error.reason))
    return ReplayResult(state)


ReplayError = FirstIllegalMove
"""Deprecated name of :class:`FirstIllegalMove` (it is not an exception)."""
