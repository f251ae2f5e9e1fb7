"""Adjudicating a disputed move: is it legal, and what does it yield, under each reading?

The position is taken as it is; only the interpretation switches of its configuration
change from one reading to the next. For each reading the move is checked by the
referee (:func:`~fertility_rules.rules.engine.violations`) and, when legal, played to
see what the mover gains: tokens harvested, Wheat, Quarries to choose for (R-3.3),
Monuments built, and the size of the District offer afterwards (I-10).
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve, frozen

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.message import Message, _
from fertility_rules.model.resources import NO_TOKENS, Counts
from fertility_rules.play.history import Game
from fertility_rules.records.game_record import GameRecord
from fertility_rules.rules.engine import apply_unchecked, legal_moves, violations
from fertility_rules.rules.interpretations import Interpretations
from fertility_rules.rules.moves import Move
from fertility_rules.rules.state import GameState

__all__ = [
    "Adjudication",
    "Outcome",
    "adjudicate",
    "disputed_moves",
    "position_at",
    "under",
]


@frozen
class Outcome:
    """A move under one reading: legal or the rule it breaks, and what it yields."""

    reading: Interpretations
    legal: bool
    rule: str | None = None
    reason: Message | None = None
    tokens: Counts = NO_TOKENS
    """Tokens added to the mover's supply, per resource."""
    wheat: int = 0
    quarries: int = 0
    """Quarry choices the move opens (R-3.3.D, I-1, I-2)."""
    monuments: int = 0
    """Monuments the move puts on the central board."""
    offer: int | None = None
    """Districts on offer after the move (I-10); ``None`` when illegal."""

    def yields(self) -> tuple[object, ...]:
        """What can differ between readings: legality, rule and every gain."""
        return (
            self.legal,
            self.rule,
            self.tokens,
            self.wheat,
            self.quarries,
            self.monuments,
            self.offer,
        )


@frozen
class Adjudication:
    """A move judged under several readings, in the order given."""

    move: Move
    outcomes: tuple[Outcome, ...]

    @property
    def differs(self) -> bool:
        """Whether the readings disagree on its legality or its yield."""
        return len({outcome.yields() for outcome in self.outcomes}) > 1


def under(state: GameState, reading: Interpretations) -> GameState:
    """The same position read under ``reading`` (a new state; ``state`` is unchanged)."""
    return evolve(state, config=evolve(state.config, interpretations=reading))


def _outcome(state: GameState, move: Move, reading: Interpretations) -> Outcome:
    position = under(state, reading)
    broken = violations(position, move)
    if broken:
        return Outcome(reading, False, broken[0].rule, broken[0].message)
    after = apply_unchecked(position, move)
    mover = state.current
    before, later = position.players[mover], after.players[mover]
    return Outcome(
        reading,
        True,
        tokens=(
            later.supply[0] - before.supply[0],
            later.supply[1] - before.supply[1],
            later.supply[2] - before.supply[2],
            later.supply[3] - before.supply[3],
        ),
        wheat=later.metropolis.wheat - before.metropolis.wheat,
        quarries=max(0, after.quarry_choices - position.quarry_choices)
        if after.current == mover
        else 0,
        monuments=later.metropolis.monuments - before.metropolis.monuments,
        offer=len(after.offer),
    )


@checked_arguments
def adjudicate(state: GameState, move: Move, readings: Sequence[Interpretations]) -> Adjudication:
    """``move`` at ``state`` under each of ``readings``."""
    return Adjudication(move, tuple(_outcome(state, move, reading) for reading in readings))


@checked_arguments
def disputed_moves(
    state: GameState, readings: Sequence[Interpretations]
) -> tuple[Adjudication, ...]:
    """Every move legal under some reading whose legality or yield differs between them."""
    moves: dict[Move, None] = {}
    for reading in readings:
        moves.update(dict.fromkeys(legal_moves(under(state, reading))))
    judged = (adjudicate(state, move, readings) for move in moves)
    return tuple(judgement for judgement in judged if judgement.differs)


@checked_arguments
def position_at(record: GameRecord, at: int) -> GameState:
    """The position after the first ``at`` moves of ``record``, replayed under its reading.

    Raises :class:`IllegalMoveError` at the first illegal move (1-based in the message).
    """
    if not 0 <= at <= len(record.moves):
        raise MalformedInputError.single(
            "--at",
            _(
                "The record has {n} moves: --at must be between 0 and {n}, not {at}.",
                n=len(record.moves),
                at=at,
            ),
        )
    return Game.from_record(evolve(record, moves=record.moves[:at])).state
