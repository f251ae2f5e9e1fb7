"""A game with its history: setup, moves and every state, as one immutable value.

Each :class:`Game` points to the one before it, so playing a move shares every earlier
state instead of copying them: undo, "the state after move N" and "save as a record"
come for free, and an app can keep every version it ever showed. A game of any game of
:data:`~fertility_rules.games.GAMES`: the record it starts from names it.

:class:`Game` is generic in the game's state, move and view types, so that a type checker
sees what ``game.state`` holds. Each game gives its own class, bound to it and to its types
(``fertility_rules.Game`` for Fertility, ``fertility_rules.ankhor.Game``), whose
constructors need no type parameters written; this class plays any game, its values typed
``Any``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Generic, Self, overload

from attrs import evolve, field, frozen
from typing_extensions import TypeVar

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import IllegalMoveError, MalformedInputError, UnknownIdError
from fertility_rules.games import Agent, GameRules, find_game
from fertility_rules.i18n.message import _, ngettext
from fertility_rules.records.game_record import GameRecord

__all__ = ["Game", "M", "S", "V"]

S = TypeVar("S", default=Any)
"""The game's state type."""
M = TypeVar("M", default=Any)
"""The game's move type."""
V = TypeVar("V", default=Any)
"""The game's view type (what :meth:`Game.view` gives)."""


@frozen(eq=False)
class _Step:
    """One link of the history: a state, the move that led to it, the link before."""

    state: Any
    move: Any
    before: _Step | None = field(repr=False)
    count: int = field(kw_only=True)
    """Moves played to reach ``state``."""


@frozen(eq=False)
class Game(Generic[S, M, V]):
    """A game in progress with its history; :meth:`play` and :meth:`undo` give new games.

    Two games are equal when they have the same setup and the same moves.
    """

    GAME: ClassVar[str | None] = None
    """The one game a game's own class plays (``"ankhor"``); ``None``: any game, Fertility
    unless another is given."""

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
        game = self.setup_record.game.name
        return f"Game(game={game!r}, players={self.setup_record.players!r}, ply={self.ply})"

    def _repr_svg_(self) -> str | None:
        """The table now, the last move marked (Jupyter shows it as a picture); ``None``
        (no picture) for a game without pictures of its table."""
        pictures = self.game.pictures
        if pictures is None:
            return None
        return pictures.table(self.state, self.last_move, "en")

    @overload
    @classmethod
    def new(
        cls,
        players: Sequence[str],
        seed: int | None = None,
        *,
        setup: Any = None,
        catalogue: Any = None,
        variant: bool = False,
        interpretations: Any = None,
    ) -> Self: ...

    @overload
    @classmethod
    def new(
        cls,
        players: Sequence[str],
        seed: int | None = None,
        *,
        setup: Any = None,
        catalogue: Any = None,
        variant: bool = False,
        interpretations: Any = None,
        game: str | GameRules,
    ) -> Game[Any, Any, Any]: ...

    @classmethod
    @checked_arguments
    def new(
        cls,
        players: Sequence[str],
        seed: int | None = None,
        *,
        setup: Any = None,
        catalogue: Any = None,
        variant: bool = False,
        interpretations: Any = None,
        game: str | GameRules | None = None,
    ) -> Game[Any, Any, Any]:
        """A game of ``game`` (by default the class's own, or Fertility) set up from
        ``setup``, or at random from ``seed``.

        The setup is always written out in the record (or, for a game whose records
        always give a seed, a seed is drawn), so that a game started without a seed can
        still be saved and replayed exactly. A game's own class gives a game of another
        game as this class does (typed ``Any``).
        """
        rules = find_game((cls.GAME or "fertility") if game is None else game)
        if setup is None and rules.random_setup is not None:
            setup = rules.random_setup(len(players), seed, catalogue, variant)
        elif setup is None and seed is None:
            seed = random.SystemRandom().randrange(2**63)
        record = GameRecord(
            players=tuple(players),
            moves=(),
            seed=seed,
            setup=setup,
            variant=variant,
            interpretations=interpretations,
            catalogue=catalogue,
            game=rules,
        )
        return cls._of(record).from_record(record)

    @classmethod
    def _of(cls, record: GameRecord) -> type[Game[Any, Any, Any]]:
        """The class of a game of ``record``'s game: this one if it plays it, else
        :class:`Game`."""
        return cls if cls.GAME in (None, record.game.name) else Game

    @classmethod
    @checked_arguments
    def from_record(cls, record: GameRecord) -> Self:
        """The game of ``record`` after all its moves; raises :class:`IllegalMoveError`
        at the first illegal move (its index is 1-based in the message). A game's own
        class refuses a record of another game."""
        if cls._of(record) is not cls:
            raise UnknownIdError(
                _(
                    "This is a record of a game of {found}, not of {wanted}.",
                    found=record.game.title,
                    wanted=find_game(cls.GAME or "fertility").title,
                )
            )
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
    def game(self) -> GameRules:
        """The rules of the game played."""
        return self.setup_record.game

    @property
    def state(self) -> S:
        """The current state."""
        state: S = self._tip.state
        return state

    @property
    def ply(self) -> int:
        """How many moves have been played."""
        return self._tip.count

    @property
    def last_move(self) -> M | None:
        """The move that led to :attr:`state`; ``None`` at the setup."""
        move: M | None = self._tip.move
        return move

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return bool(self._tip.state.is_over)

    @property
    def legal_moves(self) -> list[M]:
        """Every legal move now (none once the game is over)."""
        return list(self.game.legal_moves(self.state))

    @property
    def view(self) -> V:
        """What every player and spectator sees now: the public view (agents choose from
        it)."""
        view: V = self.game.observe(self.state)
        return view

    def play(self, move: M) -> Self:
        """This game with ``move`` played; raises :class:`IllegalMoveError` if the rules
        forbid it (the game itself never changes)."""
        state = self.setup_record.game.apply(self.state, move)
        step = _Step(state, move, self._tip, count=self._tip.count + 1)
        return type(self)(self.setup_record, step)

    @checked_arguments
    def play_notation(self, text: str) -> Self:
        """This game with the move written ``text`` in the game's notation played
        (``"take V12"``, ``"take bba"``), as python-chess's ``push_san``."""
        return self.play(self.game.texts.parse_move(text, self.state))

    @checked_arguments
    def play_agent(self, agent: Agent) -> Self:
        """This game with the move ``agent`` chooses from the view played: a bot's turn."""
        return self.play(agent.choose(self.view, self.legal_moves))

    @property
    def undoable(self) -> int:
        """How many of the last moves can be taken back without hiding again what a move
        showed (a tile drawn from a face-down pile: R-9.2, A-8.2): the moves after the
        last such move. The table server allows no more; :meth:`undo` allows any."""
        reveals = self.game.reveals
        if reveals is None:  # a game that cannot tell: every move may have shown something
            return 0
        step, count = self._tip, 0
        while step.before is not None and not reveals(step.before.state, step.state):
            step, count = step.before, count + 1
        return count

    @checked_arguments
    def undo(self, count: int = 1) -> Self:
        """This game without its last ``count`` moves (see :attr:`undoable` for the moves
        that showed nothing hidden)."""
        if count > self.ply:
            message = (
                _("No move has been played: there is no move to undo.")
                if self.ply == 0
                else ngettext(
                    "The game has {n} move: it cannot undo {count}.",
                    "The game has {n} moves: it cannot undo {count}.",
                    self.ply,
                    count=count,
                )
            )
            raise MalformedInputError.single("count", message)
        if count < 0:
            raise MalformedInputError.single(
                "count", _("A number of moves to undo cannot be negative ({count}).", count=count)
            )
        return self.at(self.ply - count)

    @checked_arguments
    def at(self, count: int) -> Self:
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
        return type(self)(self.setup_record, step)

    @checked_arguments
    def state_at(self, count: int) -> S:
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

    def states(self) -> Iterator[S]:
        """Every state from the setup to now, in order."""
        return (step.state for step in self._steps())

    @property
    def moves(self) -> tuple[M, ...]:
        """The moves played, in order."""
        return tuple(step.move for step in self._steps() if step.move is not None)

    @property
    def record(self) -> GameRecord:
        """The game record of this game: setup and moves (save it with ``save_record``)."""
        return evolve(self.setup_record, moves=self.moves)
