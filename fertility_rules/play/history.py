"""A game with its history: setup, moves and every state, as one immutable value.

Each :class:`Game` points to the one before it, so playing a move shares every earlier
state instead of copying them: undo, "the state after move N" and "save as a record"
come for free, and an app can keep every version it ever showed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from attrs import evolve, field, frozen

from fertility_rules.catalogue.catalogue import Catalogue
from fertility_rules.catalogue.loader import default_catalogue
from fertility_rules.errors import IllegalMoveError, MalformedInputError
from fertility_rules.i18n.message import _
from fertility_rules.records.game_record import GameRecord
from fertility_rules.rules.engine import apply
from fertility_rules.rules.interpretations import Interpretations
from fertility_rules.rules.moves import Move
from fertility_rules.rules.setup import Setup, random_setup
from fertility_rules.rules.state import GameState

__all__ = ["Game"]


@frozen(eq=False)
class _Step:
    """One link of the history: a state, the move that led to it, the link before."""

    state: GameState
    move: Move | None
    before: _Step | None = field(repr=False)
    count: int = field(kw_only=True)
    """Moves played to reach ``state``."""


@frozen(eq=False)
class Game:
    """A game in progress with its history; :meth:`play` and :meth:`undo` give new games.

    Two games are equal when they have the same setup and the same moves.
    """

    setup_record: GameRecord = field(repr=False)
    """The record of the setup (its ``moves`` are empty)."""
    _tip: _Step = field(repr=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.setup_record == other.setup_record and self.moves == other.moves

    def __hash__(self) -> int:
        return hash((self.setup_record, self.moves))

    def __repr__(self) -> str:
        return f"Game(players={self.setup_record.players!r}, ply={self.ply})"

    def _repr_svg_(self) -> str:
        """The table now, the last move marked (Jupyter shows it as a picture)."""
        from fertility_rules.svg import table

        return table(self.state, last_move=self.last_move)

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        seed: int | None = None,
        *,
        setup: Setup | None = None,
        catalogue: Catalogue | None = None,
        variant: bool = False,
        interpretations: Interpretations | None = None,
    ) -> Game:
        """A game set up from ``setup``, or at random from ``seed`` (R-2).

        The setup is always written out in the record, so that a game started without a
        seed can still be saved and replayed exactly.
        """
        if setup is None:
            setup = random_setup(catalogue or default_catalogue(), len(players), variant, seed)
        record = GameRecord(
            players=tuple(players),
            moves=(),
            seed=seed,
            setup=setup,
            variant=variant,
            interpretations=interpretations or Interpretations(),
            catalogue=catalogue,
        )
        return cls.from_record(record)

    @classmethod
    def from_record(cls, record: GameRecord) -> Game:
        """The game of ``record`` after all its moves; raises :class:`IllegalMoveError`
        at the first illegal move (its index is 1-based in the message)."""
        start = evolve(record, moves=())
        game = cls(start, _Step(start.initial_state(), None, None, count=0))
        for index, move in enumerate(record.moves):
            try:
                game = game.play(move)
            except IllegalMoveError as error:
                raise IllegalMoveError(
                    _("Move {index} is illegal: {message}", index=index + 1, message=error.reason),
                    error.rule,
                    move,
                ) from None
        return game

    @property
    def state(self) -> GameState:
        """The current state."""
        return self._tip.state

    @property
    def ply(self) -> int:
        """How many moves have been played."""
        return self._tip.count

    @property
    def last_move(self) -> Move | None:
        return self._tip.move

    def play(self, move: Move) -> Game:
        """This game with ``move`` played; raises :class:`IllegalMoveError` if the rules
        forbid it (the game itself never changes)."""
        step = _Step(apply(self.state, move), move, self._tip, count=self._tip.count + 1)
        return Game(self.setup_record, step)

    def undo(self, count: int = 1) -> Game:
        """This game without its last ``count`` moves."""
        return self.at(self.ply - count)

    def at(self, count: int) -> Game:
        """This game after its first ``count`` moves (0 is the setup)."""
        if not 0 <= count <= self.ply:
            raise MalformedInputError.single(
                "count",
                _("The game has {n} moves; choose 0 to {n}.", n=self.ply),
            )
        step = self._tip
        while step.count > count:
            if step.before is None:  # pragma: no cover - counts decrease to 0
                break
            step = step.before
        return Game(self.setup_record, step)

    def state_at(self, count: int) -> GameState:
        """The state after the first ``count`` moves (0 is the state after setup)."""
        return self.at(count).state

    def _steps(self) -> list[_Step]:
        found = []
        step: _Step | None = self._tip
        while step is not None:
            found.append(step)
            step = step.before
        found.reverse()
        return found

    def states(self) -> Iterator[GameState]:
        """Every state from the setup to now, in order."""
        return (step.state for step in self._steps())

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played, in order."""
        return tuple(step.move for step in self._steps() if step.move is not None)

    @property
    def record(self) -> GameRecord:
        """The game record of this game: setup and moves (save it with ``save_record``)."""
        return evolve(self.setup_record, moves=self.moves)
