"""Adjudicating a disputed move: is it legal, and what does it yield, under each reading?

The position is taken as it is; only the interpretation switches it is read under change
from one reading to the next (the game's ``with_interpretations``). For each reading the
move is checked by the game's referee (``violations``) and, when legal, played to see what
the mover gains (the game's ``gains``: for Fertility, tokens harvested, Wheat, Quarries to
choose for (R-3.3), Monuments built, and the size of the District offer afterwards (I-10)).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import evolve, field, frozen

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError
from fertility_rules.formats.documents import parse_document, read_document
from fertility_rules.formats.limits import DEFAULT_LIMITS, Limits
from fertility_rules.games import Gain, GameRules, StateLike, by_key, find_game
from fertility_rules.i18n.message import Message, _
from fertility_rules.lab.readings import checked_reading
from fertility_rules.play.history import Game
from fertility_rules.records.game_record import GameRecord

__all__ = [
    "Adjudication",
    "Outcome",
    "adjudicate",
    "disputed_moves",
    "position_at",
    "read_move",
    "under",
]


@frozen
class Outcome:
    """A move under one reading: legal or the rule it breaks, and what it yields.

    What it yields is read by key as an attribute too (``outcome.quarries``).
    """

    reading: Any
    legal: bool
    rule: str | None = None
    reason: Message | None = None
    gains: tuple[Gain, ...] = field(default=(), eq=False)
    """What the move yields its mover (empty when illegal), as the game measures it."""
    values: tuple[tuple[str, Any], ...] = ()
    """The value of each gain by key (what equality and :meth:`yields` compare)."""

    def yields(self) -> tuple[object, ...]:
        """What can differ between readings: legality, rule and every gain."""
        return (self.legal, self.rule, self.values)

    def __getattr__(self, name: str) -> Any:
        found: Any = by_key(self, "values", name)
        return found


@frozen
class Adjudication:
    """A move judged under several readings, in the order given."""

    move: Any
    outcomes: tuple[Outcome, ...]

    @property
    def differs(self) -> bool:
        """Whether the readings disagree on its legality or its yield."""
        return len({outcome.yields() for outcome in self.outcomes}) > 1


def under(state: Any, reading: Any, game: str | GameRules = "fertility") -> Any:
    """The same position read under ``reading`` (a new state; ``state`` is unchanged)."""
    return find_game(game).with_interpretations(state, reading)


def _outcome(rules: GameRules, state: Any, move: Any, reading: Any) -> Outcome:
    position = rules.with_interpretations(state, reading)
    broken = rules.violations(position, move)
    if broken:
        return Outcome(reading, False, broken[0].rule, broken[0].message)
    after = rules.apply_unchecked(position, move)
    gains = () if rules.gains is None else rules.gains(position, after, state.current)
    return Outcome(reading, True, gains=gains, values=tuple((g.key, g.value) for g in gains))


def _check_readings(readings: Sequence[Any], rules: GameRules) -> None:
    for index, reading in enumerate(readings):
        checked_reading(reading, f"readings[{index}]", rules)


@checked_arguments
def adjudicate(
    state: StateLike, move: Any, readings: Sequence[Any], game: str | GameRules = "fertility"
) -> Adjudication:
    """``move`` at ``state`` of ``game`` under each of ``readings``."""
    rules = find_game(game)
    _check_readings(readings, rules)
    return Adjudication(move, tuple(_outcome(rules, state, move, reading) for reading in readings))


@checked_arguments
def disputed_moves(
    state: StateLike, readings: Sequence[Any], game: str | GameRules = "fertility"
) -> tuple[Adjudication, ...]:
    """Every move legal under some reading whose legality or yield differs between them."""
    rules = find_game(game)
    _check_readings(readings, rules)
    moves: dict[Any, None] = {}
    for reading in readings:
        moves.update(dict.fromkeys(rules.legal_moves(rules.with_interpretations(state, reading))))
    judged = (adjudicate(state, move, readings, rules) for move in moves)
    return tuple(judgement for judgement in judged if judgement.differs)


@checked_arguments
def position_at(record: GameRecord, at: int) -> Any:
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


@checked_arguments
def read_move(
    text: str, state: Any, game: str | GameRules = "fertility", limits: Limits = DEFAULT_LIMITS
) -> Any:
    """A move of ``state`` in its JSON form, given inline (``{...}``) or as a file path,
    read within ``limits`` by the game's one move reader (as the API reads it); an error
    names the file (or ``--move``, the move given inline)."""
    source = "--move" if text.lstrip().startswith("{") else text
    if source == "--move":
        data = parse_document(text, toml=False, source=source, limits=limits)
    else:
        data = read_document(text, limits)
    try:
        return find_game(game).formats.read_move(data, state)
    except MalformedInputError as error:
        raise MalformedInputError(error.problems, error.source or source, error.format) from None
