"""The conformance kit: what every game of the library must pass, whatever its rules.

Like OpenSpiel's ``games_sim_test``, it plays random games of a game through its
:class:`~fertility_rules.games.GameRules` only and checks, at every decision, what the
shared machinery relies on: legal moves exist until the end and are legal, the view gives
the same moves, an illegal move is refused with one of the game's rule ids and leaves the
state as it was, the checked and unchecked referees agree, every format reads back what it
wrote, a sampled state looks like its view, the record replays, the history undoes, and
the final scores add up. A game's own invariants (tokens and tiles conserved...) are the
game's tests' business; these are the protocol's::

    from fertility_rules.testing.conformance import check_game

    def test_my_game_conforms() -> None:
        assert check_game("ankhor", seeds=range(3)) == []

The module needs nothing beyond the library; :class:`ConformanceMachine` needs
``hypothesis`` (a test dependency).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from fertility_rules.errors import FertilityError, IllegalMoveError
from fertility_rules.games import GameInfo, GameRules, find_game
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import render
from fertility_rules.lab.readings import readings_varying
from fertility_rules.play.history import Game
from fertility_rules.records.format import dump_record, read_record
from fertility_rules.records.game_record import GameRecord, replay

__all__ = [
    "ConformanceMachine",
    "check_game",
    "decision_problems",
    "end_problems",
    "record_problems",
]


def _json(data: object) -> object:
    """``data`` through JSON text and back: what a file would hold."""
    return json.loads(json.dumps(data, ensure_ascii=False))


def _refused(rules: GameRules, state: Any, move: Any) -> list[str]:
    """A move not among the legal ones is refused with a rule id, the state unchanged."""
    text = repr(state)
    broken = rules.violations(state, move)
    if not broken:
        return [f"{move!r} is not a legal move, yet violations() finds nothing"]
    problems = []
    if rules.is_legal(state, move):
        problems.append(f"{move!r}: is_legal() is true although violations() finds {broken}")
    try:
        rules.apply(state, move)
    except IllegalMoveError as error:
        if not re.match(rules.rule_id, error.rule):
            problems.append(f"{move!r} refused with {error.rule!r}, not a rule id of the game")
        if error.rule != broken[0].rule:
            problems.append(f"{move!r}: apply() names {error.rule}, violations() {broken[0].rule}")
    else:
        problems.append(f"{move!r} breaks {broken[0].rule} but apply() played it")
    if repr(state) != text:
        problems.append(f"refusing {move!r} changed the state")
    return problems


def _check(problems: list[str], what: str, holds: Callable[[], bool]) -> None:
    """Add a problem unless ``holds()`` is true; a library error it raises is one too."""
    try:
        if not holds():
            problems.append(f"not so: {what}")
    except FertilityError as error:
        problems.append(f"{what}: {error}")


def decision_problems(
    rules: GameRules,
    state: Any,
    players: int,
    others: Sequence[Any] = (),
    seed: int = 0,
    *,
    formats: bool = True,
    written: Sequence[Any] | None = None,
) -> list[str]:
    """What is wrong at one decision of ``state`` (empty when nothing is).

    ``others`` are moves seen elsewhere in the game: those not legal here must be refused.
    With ``formats`` the state and its view are read back from their JSON; ``written`` are
    the legal moves read back from their JSON and notation (all of them by default).
    """
    problems: list[str] = []
    legal = rules.legal_moves(state)
    if not legal:
        return [f"turn {state.turn}: no legal move, and the game is not over"]
    if not 0 <= state.current < players:
        problems.append(f"seat {state.current} is not a seat of the game")
    if len(set(legal)) != len(legal):
        problems.append("legal_moves() lists a move twice")
    view = rules.observe(state)
    if rules.legal_moves(view) != legal:
        problems.append("the view's legal moves differ from the state's")
    files, texts = rules.formats, rules.texts
    if formats:
        _check(
            problems,
            "read_state(dump_state(state)) gives the state back",
            lambda: files.read_state(_json(files.dump_state(state))) == state,
        )
        _check(
            problems,
            "read_observation(dump_observation(view)) gives the view back",
            lambda: files.read_observation(_json(files.dump_observation(view))) == view,
        )
    if rules.sample_state is not None:
        sampled = rules.sample_state(view, seed)
        if rules.observe(sampled) != view:
            problems.append("a state sampled from the view is not seen as that view")
        if rules.legal_moves(sampled) != legal:
            problems.append("a state sampled from the view has other legal moves")
    for move in legal:
        if not rules.is_legal(state, move) or rules.violations(state, move):
            problems.append(f"{move!r} is listed as legal but refused")
    for move in legal if written is None else written:
        try:
            if files.read_move(_json(files.dump_move(move, state)), state) != move:
                problems.append(f"{move!r} does not read back from its JSON")
            if texts.parse_move(texts.format_move(move, state), state) != move:
                problems.append(f"{move!r} does not read back from its notation")
            text = texts.describe_move(move, state)
            if text is not None and not render(text, Language.FR):
                problems.append(f"{move!r} has an empty description")
        except FertilityError as error:
            problems.append(f"{move!r}: {error}")
    for move in others:
        if move not in legal:
            problems.extend(_refused(rules, state, move))
    return problems


def end_problems(rules: GameRules, state: Any, players: int) -> list[str]:
    """What is wrong with a finished game: it has moves, or its scores do not add up."""
    problems: list[str] = []
    if rules.legal_moves(state):
        problems.append("a finished game still has legal moves")
    report = rules.final_scores(state)
    sheets = list(report.sheets)
    if len(sheets) != players:
        problems.append(f"{len(sheets)} score sheets for {players} players")
    if sheets and min(sheet.rank for sheet in sheets) != 1:
        problems.append("nobody is ranked first")
    for sheet in sheets:
        if len(sheet.stage_totals) != len(rules.stages):
            problems.append(f"{sheet.player}: {len(sheet.stage_totals)} stage totals")
        if sum(sheet.stage_totals) != sheet.total:
            problems.append(f"{sheet.player}: the stages do not add up to the total")
    for language in Language:
        if not rules.texts.report_to_text(report, language.value):
            problems.append(f"the score report is empty in {language.value}")
        json.dumps(rules.texts.report_to_json(report, language.value))
    return problems


def record_problems(record: GameRecord, final: Any, games: Sequence[GameInfo] = ()) -> list[str]:
    """What is wrong with a whole game's record: it does not replay, read back or undo."""
    problems: list[str] = []
    rules = record.game
    result = replay(record)
    if not result.ok or result.state != final:
        problems.append("the record does not replay to the final state")
    again = read_record(_json(dump_record(record)), games=[*games, rules.info])
    if again != record:
        problems.append("read_record(dump_record(record)) differs from the record")
    game = Game.from_record(record)
    if game.state != final or game.record != record:
        problems.append("Game.from_record does not reach the final state")
    if game.ply and game.undo().play(record.moves[-1]).state != final:
        problems.append("undoing and replaying the last move does not give the final state")
    return problems


WRITTEN = 4
"""Legal moves of each decision :func:`check_game` reads back from JSON and notation."""
FORMATS_EVERY = 5
""":func:`check_game` reads the state and the view back from JSON at one decision in
this many (and at the last)."""


def _random_game(rules: GameRules, players: int, seed: int, reading: Any) -> list[str]:
    rng = random.Random(seed)
    names = [f"P{i + 1}" for i in range(players)]
    game = Game.new(names, seed, interpretations=reading, game=rules)
    problems: list[str] = []
    seen: list[Any] = []
    while not game.state.is_over and not problems:
        state = game.state
        legal = rules.legal_moves(state)
        problems = decision_problems(
            rules,
            state,
            players,
            seen[-8:],
            seed,
            formats=game.ply % FORMATS_EVERY == 0,
            written=rng.sample(legal, min(WRITTEN, len(legal))),
        )
        if problems:
            break
        move = legal[rng.randrange(len(legal))]
        after = rules.apply(state, move)
        if rules.apply_unchecked(state, move) != after:
            problems.append(f"{move!r}: apply and apply_unchecked disagree")
        seen.append(move)
        game = game.play(move)
    if not problems:
        problems = end_problems(rules, game.state, players)
        problems += record_problems(game.record, game.state)
    where = f"{rules.name}, {players} players, seed {seed}, move {game.ply}"
    return [f"{where}: {problem}" for problem in problems]


def check_game(
    game: str | GameRules,
    seeds: Iterable[int] = range(2),
    players: Sequence[int] | None = None,
) -> list[str]:
    """Every conformance problem of ``game`` over random games (empty when none).

    One game per seed and player count (all the counts the game allows by default), each
    under another reading of the game's switches in turn, every decision checked.
    """
    rules = find_game(game)
    readings = readings_varying((), game=rules) or (rules.new_interpretations(),)
    problems: list[str] = []
    for index, seed in enumerate(seeds):
        for count in players or rules.info.players:
            reading = readings[(index + count) % len(readings)]
            try:
                problems += _random_game(rules, count, seed, reading)
            except FertilityError as error:
                problems.append(f"{rules.name}, {count} players, seed {seed}: {error}")
    return problems


try:
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
except ImportError:  # pragma: no cover - the kit's functions need no hypothesis
    pass
else:

    class ConformanceMachine(RuleBasedStateMachine):
        """Random games of :attr:`game` with every decision checked; set ``game`` in a
        subclass and run ``TestX = MyMachine.TestCase``."""

        game: ClassVar[str | GameRules] = "fertility"

        def __init__(self) -> None:
            super().__init__()
            self.game_rules = find_game(type(self).game)
            self.history: Game | None = None
            self.players = 0
            self.seen: list[Any] = []

        @initialize(data=st.data())
        def set_up(self, data: st.DataObject) -> None:
            rules = self.game_rules
            self.players = data.draw(st.sampled_from(rules.info.players), label="players")
            seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
            readings = readings_varying((), game=rules) or (rules.new_interpretations(),)
            reading = data.draw(st.sampled_from(readings), label="reading")
            names = [f"P{i + 1}" for i in range(self.players)]
            self.history = Game.new(names, seed, interpretations=reading, game=rules)
            self.seen = []

        @rule(data=st.data())
        def play(self, data: st.DataObject) -> None:
            """A legal move; once the game is over, its record is checked and a new one
            starts."""
            assert self.history is not None
            state = self.history.state
            if state.is_over:
                problems = record_problems(self.history.record, state)
                assert not problems, problems
                self.set_up(data)
                return
            legal = self.game_rules.legal_moves(state)
            move = data.draw(st.sampled_from(legal), label="move")
            self.seen.append(move)
            self.history = self.history.play(move)

        @rule()
        def undo(self) -> None:
            """Undo a move and play it again: the same state."""
            assert self.history is not None
            if self.history.ply:
                last = self.history.last_move
                assert self.history.undo().play(last).state == self.history.state

        @invariant()
        def conforms(self) -> None:
            if self.history is None:
                return
            state = self.history.state
            if state.is_over:
                problems = end_problems(self.game_rules, state, self.players)
            else:
                problems = decision_problems(self.game_rules, state, self.players, self.seen[-4:])
            assert not problems, problems
