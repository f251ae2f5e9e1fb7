"""The state machine both games' engines are tested with (needs ``hypothesis``).

:class:`EngineMachine` plays random games through a game's checked ``apply``: legal moves
one at a time, a few at once, or whole turns at once (so that games reach their end within
a test run); arbitrary moves, each illegal one refused with a rule id and no change; and,
once a game is over, no legal move, every move refused and every player on the same
number of turns. A game's machine (``GameMachine`` for Fertility, ``AnkhorMachine`` for
Ankh'or) supplies its engine's functions, its strategies and its invariants.
"""

from __future__ import annotations

import abc
import re
from collections.abc import Sequence
from typing import Any, ClassVar

from hypothesis import event
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    StateMachineMeta,
    initialize,
    invariant,
    rule,
)

from fertility_rules.errors import IllegalMoveError
from fertility_rules.shared.violations import Violation

__all__ = ["EngineMachine", "expect"]


def expect(condition: object, *details: object) -> None:
    """Fail the current example when ``condition`` is false (kept under ``python -O``)."""
    if not condition:
        raise AssertionError(*details)


class _AbstractMachine(StateMachineMeta, abc.ABCMeta):
    """A state machine class with abstract methods: a game's machine that forgets one of
    the parts cannot be made (``TypeError`` naming it)."""


class EngineMachine(RuleBasedStateMachine, metaclass=_AbstractMachine):
    """Random games of one game's engine, every invariant checked after every move.

    A subclass gives the engine's functions (:meth:`legal_moves`, :meth:`apply`,
    :meth:`violations`, :meth:`is_legal`), a new game (:meth:`new_game`), arbitrary moves
    (:meth:`arbitrary_moves`), the decisions a move belongs to (:meth:`fits`), the
    invariants (:meth:`problems`, :meth:`move_problems`), the rule that ends a game
    (:attr:`end_rule`), the moves tried after it (:attr:`end_moves`) and its rule ids
    (:attr:`rule_id`).
    """

    max_turn_moves: ClassVar[int] = 200
    """Safety limit of moves in one turn played by :meth:`play_turns`."""
    max_turns: ClassVar[int] = 1
    """:meth:`play_turns` plays 1 to this many turns."""
    arbitrary_tries: ClassVar[int] = 8
    """At most this many arbitrary moves are checked by one :meth:`try_arbitrary_moves`."""
    end_rule: ClassVar[str] = ""
    end_moves: ClassVar[tuple[Any, ...]] = ()
    rule_id: ClassVar[str] = ""

    def __init__(self) -> None:
        super().__init__()
        self._state: Any = None
        self.moves_played = 0

    # ------------------------------------------------------------- what a game supplies

    @abc.abstractmethod
    def new_game(self, data: st.DataObject) -> Any: ...

    @abc.abstractmethod
    def legal_moves(self, state: Any) -> list[Any]: ...

    @abc.abstractmethod
    def apply(self, state: Any, move: Any) -> Any: ...

    @abc.abstractmethod
    def violations(self, state: Any, move: Any) -> Sequence[Violation]: ...

    @abc.abstractmethod
    def is_legal(self, state: Any, move: Any) -> bool: ...

    @abc.abstractmethod
    def arbitrary_moves(self, state: Any) -> st.SearchStrategy[Any]: ...

    @abc.abstractmethod
    def fits(self, state: Any, move: Any) -> bool:
        """Whether ``move`` is of the kind the current decision of ``state`` takes."""
        ...

    @abc.abstractmethod
    def problems(self, state: Any) -> list[Any]:
        """What is wrong with ``state`` (empty when nothing is)."""
        ...

    def move_problems(self, before: Any, after: Any) -> list[Any]:
        """What is wrong with the step from ``before`` to ``after`` beyond :meth:`problems`."""
        return []

    # ------------------------------------------------------------- the machine

    @property
    def state(self) -> Any:
        """The current state of the game."""
        if self._state is None:  # pragma: no cover - initialize always runs first
            raise RuntimeError("the game has not been set up")
        return self._state

    def _advance(self, move: Any) -> None:
        before = self.state
        expect(self.fits(before, move), (move, before.phase))
        after = self.apply(before, move)
        problems = self.move_problems(before, after) + self.problems(after)
        expect(not problems, (move, problems))
        self._state = after
        self.moves_played += 1

    @initialize(data=st.data())
    def set_up(self, data: st.DataObject) -> None:
        """A new game."""
        self._state = self.new_game(data)

    def _after_the_end(self, data: st.DataObject) -> None:
        """Once the game is over, every move is refused; then a new game starts."""
        for move in type(self).end_moves:
            try:
                self.apply(self.state, move)
            except IllegalMoveError as error:
                expect(error.rule == type(self).end_rule, error.rule)
            else:  # pragma: no cover - a failure of the library
                raise AssertionError(f"{move} was applied after the end")
        self.set_up(data)

    @rule(data=st.data())
    def play_move(self, data: st.DataObject) -> None:
        """One legal move, chosen at random (after the end: checks that none is)."""
        if self.state.is_over:
            self._after_the_end(data)
            return
        self._advance(data.draw(st.sampled_from(self.legal_moves(self.state)), label="move"))

    @rule(data=st.data())
    def play_moves(self, data: st.DataObject) -> None:
        """A few legal moves (1 to 6), stopping anywhere in a turn."""
        if self.state.is_over:
            self._after_the_end(data)
            return
        for _step in range(data.draw(st.integers(1, 6), label="moves")):
            if self.state.is_over:
                return
            moves = self.legal_moves(self.state)
            self._advance(moves[data.draw(st.integers(0, len(moves) - 1), label="move index")])

    @rule(data=st.data())
    def play_turns(self, data: st.DataObject) -> None:
        """Legal moves until 1 to :attr:`max_turns` turns have passed or the game ends."""
        if self.state.is_over:
            self._after_the_end(data)
            return
        turns = data.draw(st.integers(1, type(self).max_turns), label="turns")
        target = self.state.turn + turns
        for _step in range(type(self).max_turn_moves * turns):
            if self.state.is_over or self.state.turn >= target:
                return
            moves = self.legal_moves(self.state)
            self._advance(moves[data.draw(st.integers(0, len(moves) - 1), label="move index")])
        raise AssertionError(f"{turns} turns did not end in {type(self).max_turn_moves} moves")

    @rule(data=st.data())
    def try_arbitrary_moves(self, data: st.DataObject) -> None:
        """Up to :attr:`arbitrary_tries` arbitrary moves at this decision: each illegal one
        is refused with a rule id and no change; the first legal one is played."""
        state = self.state
        legal = self.legal_moves(state)
        tries = 1 if state.is_over else type(self).arbitrary_tries
        for _try in range(data.draw(st.integers(1, tries), label="tries")):
            move = data.draw(self.arbitrary_moves(state), label="arbitrary move")
            if self._check_arbitrary(state, legal, move):
                event("arbitrary move: legal")
                self._advance(move)
                return

    def _check_arbitrary(self, state: Any, legal: list[Any], move: Any) -> bool:
        """Check ``move`` against ``state``; whether it is legal."""
        problems = self.violations(state, move)
        expect(self.is_legal(state, move) == (not problems))
        if self.fits(state, move):
            expect((not problems) == (move in legal), "is_legal disagrees", move, problems)
        else:
            expect(problems, (move, "a move of another decision is accepted"))
        if not problems:
            return True
        event(f"arbitrary move: refused ({problems[0].rule})")
        text = repr(state)
        try:
            self.apply(state, move)
        except IllegalMoveError as error:
            expect(error.rule == problems[0].rule, (error.rule, problems))
            expect(re.match(type(self).rule_id, error.rule), "not a rule id", error.rule)
            expect(error.move == move)
        else:  # pragma: no cover - a failure of the library
            raise AssertionError(f"{move} breaks {problems} but was applied")
        expect(self.state is state)
        expect(repr(state) == text, "an illegal move changed the state")
        expect(self.legal_moves(state) == legal)
        return False

    @invariant()
    def invariants_hold(self) -> None:
        """Every invariant of the game."""
        if self._state is not None:
            problems = self.problems(self.state)
            expect(not problems, problems)

    @invariant()
    def a_legal_move_exists_until_the_end(self) -> None:
        """A game in progress always has a legal move; a finished one has none, and every
        player played the same number of turns."""
        if self._state is None:
            return
        state = self.state
        if state.is_over:
            event("game over")
            expect(self.legal_moves(state) == [])
            self.check_over(state)
        else:
            expect(self.legal_moves(state), f"no legal move at {state.phase}")

    def check_over(self, state: Any) -> None:
        """Fail unless every player of the finished game played the same number of turns."""
        turns = [player.turns for player in state.players]
        expect(len(set(turns)) == 1, turns)
