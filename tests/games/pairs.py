"""*Pairs*, a tiny card game with a hidden draw pile, described like any game of the library.

Rules (ids as a specification would give them):

* P-1 Twelve cards, valued 1 to 6, two of each.
* P-2 Setup: the cards are shuffled (the seed); three are laid face up in the row, the
  rest is the draw pile, face down. 2 or 3 players.
* P-3 A turn: take one card of the row (P-3.1), then the row is refilled from the top of
  the pile (P-3.2); the next player plays.
* P-4 The game ends when the row is empty.
* P-5 Scoring: P-5.1 each card scores its value; P-5.2 each pair of equal cards in a hand
  scores the pair bonus (switch PQ-1: 5, or nothing). The highest total wins; tied players
  share the victory (PQ-2, settled).
* P-6 Information: the order of the pile is hidden; everyone sees the row, the hands, the
  size of the pile and which cards it holds.

Nothing of it is in the library: the shared machinery reaches it through ``RULES`` only.
"""

from __future__ import annotations

import enum
import random
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

from attrs import evolve, fields, frozen

from fertility_rules.agents.random_agent import RandomAgent
from fertility_rules.errors import IllegalMoveError, MalformedInputError, Problem
from fertility_rules.formats.base import structure, structure_document
from fertility_rules.games import (
    DESCRIBED,
    RECORD_PARTS,
    REFEREE,
    STATE_FORMATS,
    Gain,
    GameFormats,
    GameInfo,
    GameRules,
    GameSearch,
    GameTexts,
    InterpretationKind,
    Measure,
    named,
)
from fertility_rules.games import GAMES as LIBRARY_GAMES
from fertility_rules.i18n.message import Message, _, render
from fertility_rules.records.game_record import GameRecord

CARDS = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
ROW = 3
STATE_FORMAT = "pairs/game-state/1"
VIEW_FORMAT = "pairs/observation/1"


class PairBonus(enum.Enum):
    """PQ-1: what a pair of equal cards scores."""

    FIVE = "five"
    NONE = "none"


@frozen
class Interpretations:
    pair_bonus: PairBonus = PairBonus.FIVE


@frozen
class Info:
    """An interpretation id, as :class:`~fertility_rules.games.InterpretationLike` reads it."""

    id: str
    kind: InterpretationKind
    field: str | None
    rules: tuple[str, ...]
    sources: tuple[Message, ...]
    title: Message
    reason: Message | None = None
    reading: Message | None = None


INTERPRETATIONS = (
    Info(
        "PQ-1",
        InterpretationKind.SWITCH,
        "pair_bonus",
        ("P-5.2",),
        (_("the tests' own rule"),),
        _("The pair bonus"),
    ),
    Info(
        "PQ-2",
        InterpretationKind.SETTLED,
        None,
        ("P-5",),
        (_("the tests' own rule"),),
        _("Ties share the victory"),
    ),
)


@frozen
class Take:
    """Take a card of this value from the row (P-3.1)."""

    value: int


@frozen
class Table:
    """What everyone sees (P-6): a state less the order of its pile."""

    players: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    row: tuple[int, ...]
    current: int
    turn: int
    reading: Interpretations

    @property
    def is_over(self) -> bool:
        return not self.row


@frozen
class State(Table):
    pile: tuple[int, ...]


@frozen
class View(Table):
    unseen: tuple[int, ...]
    """The cards of the pile, sorted: which, not in what order (P-6)."""

    @property
    def pile_size(self) -> int:
        return len(self.unseen)


@frozen
class Violation:
    rule: str
    message: Message


# ------------------------------------------------------------------------------ referee


def initial_state(record: GameRecord) -> State:
    if record.catalogue is not None:
        raise MalformedInputError.single("catalogue", _("Pairs has one deck only"), "P-1")
    cards = list(CARDS)
    random.Random(record.seed).shuffle(cards)
    return State(
        players=record.players,
        hands=tuple(() for _name in record.players),
        row=tuple(sorted(cards[:ROW])),
        current=0,
        turn=1,
        reading=record.interpretations,
        pile=tuple(cards[ROW:]),
    )


def check_players(players: int, variant: bool) -> None:
    if players not in (2, 3) or variant:
        raise MalformedInputError.single(
            "players", _("Pairs is played by 2 or 3 players, not {n}.", n=players), "P-2"
        )


def legal_moves(table: Table) -> list[Any]:
    return [Take(value) for value in sorted(set(table.row))]


def violations(table: Table, move: Any) -> tuple[Violation, ...]:
    if not isinstance(table, Table):
        raise MalformedInputError.single("state", _("a game of Pairs is needed"))
    if table.is_over:
        return (Violation("P-4", _("The game is over.")),)
    if not isinstance(move, Take):
        return (Violation("P-3", _("A turn is taking a card.")),)
    if move.value not in table.row:
        return (Violation("P-3.1", _("No card of value {n} is in the row.", n=move.value)),)
    return ()


def is_legal(table: Table, move: Any) -> bool:
    return not violations(table, move)


def apply_unchecked(state: State, move: Take) -> State:
    row = list(state.row)
    row.remove(move.value)
    hands = list(state.hands)
    hands[state.current] = (*hands[state.current], move.value)
    pile = state.pile
    if pile:
        row.append(pile[0])
        pile = pile[1:]
    return evolve(
        state,
        hands=tuple(hands),
        row=tuple(sorted(row)),
        pile=pile,
        current=(state.current + 1) % len(state.players),
        turn=state.turn + 1,
    )


def apply(state: State, move: Any) -> State:
    if not isinstance(state, State):
        raise MalformedInputError.single("state", _("a game of Pairs is needed"))
    broken = violations(state, move)
    if broken:
        raise IllegalMoveError(broken[0].message, broken[0].rule, move)
    return apply_unchecked(state, move)


def _table(table: Table) -> dict[str, Any]:
    """The fields a state and its view share."""
    return {field.name: getattr(table, field.name) for field in fields(Table)}


def observe(state: State) -> View:
    return View(**_table(state), unseen=tuple(sorted(state.pile)))


def sample_state(view: View, seed: int | random.Random) -> State:
    """A state the view may come from: the unseen cards shuffled into a pile."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    pile = list(view.unseen)
    rng.shuffle(pile)
    return State(**_table(view), pile=tuple(pile))


def with_interpretations(state: State, reading: Interpretations) -> State:
    return evolve(state, reading=reading)


def interpretations_of(table: Table) -> Interpretations:
    return table.reading


# ------------------------------------------------------------------------------ scoring


@frozen
class Stage:
    key: str
    label: Message


STAGES = (Stage("cards", _("Cards")), Stage("pairs", _("Pairs")))


@frozen
class Sheet:
    player: str
    stage_totals: tuple[int, ...]
    rank: int

    @property
    def total(self) -> int:
        return sum(self.stage_totals)


@frozen
class Report:
    sheets: tuple[Sheet, ...]


def _pairs(hand: Sequence[int]) -> int:
    return sum(n // 2 for n in Counter(hand).values())


def final_scores(table: Table) -> Report:
    bonus = 5 if table.reading.pair_bonus is PairBonus.FIVE else 0
    totals = [(sum(hand), bonus * _pairs(hand)) for hand in table.hands]
    best = max(sum(t) for t in totals)
    return Report(
        tuple(
            Sheet(name, stages, 1 if sum(stages) == best else 2)
            for name, stages in zip(table.players, totals, strict=True)
        )
    )


def _pair_count(before: Table, move: Take, after: Table) -> int:
    """The pairs the move made (PQ-1 says what each scores)."""
    mover = before.current
    return _pairs(after.hands[mover]) - _pairs(before.hands[mover])


def _gains(before: Table, after: Table, mover: int) -> tuple[Gain, ...]:
    value = after.hands[mover][-1]
    pairs = _pairs(after.hands[mover]) - _pairs(before.hands[mover])
    return (
        Gain("card", _("Card"), value, value, value),
        Gain("pairs", _("Pairs"), pairs, pairs, pairs),
    )


# ------------------------------------------------------------------------------ formats


@frozen(kw_only=True)
class _Reading:
    pair_bonus: PairBonus = PairBonus.FIVE


@frozen(kw_only=True)
class _TableDocument:
    players: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    row: tuple[int, ...]
    current: int = 0
    turn: int = 1
    interpretations: _Reading = _Reading()


@frozen(kw_only=True)
class _StateDocument(_TableDocument):
    pile: tuple[int, ...]


@frozen(kw_only=True)
class _ViewDocument(_TableDocument):
    unseen: tuple[int, ...]


def _table_json(table: Table) -> dict[str, Any]:
    return {
        "players": list(table.players),
        "hands": [list(hand) for hand in table.hands],
        "row": list(table.row),
        "current": table.current,
        "turn": table.turn,
        "interpretations": interpretations_to_json(table.reading),
    }


def dump_state(state: State) -> dict[str, Any]:
    return {"format": STATE_FORMAT, **_table_json(state), "pile": list(state.pile)}


def dump_observation(view: View) -> dict[str, Any]:
    return {"format": VIEW_FORMAT, **_table_json(view), "unseen": list(view.unseen)}


def _checked(document: _TableDocument, hidden: tuple[int, ...], fmt: str) -> dict[str, Any]:
    """Every card once (P-1), the row within its size, a seat of the game (P-3)."""
    problems = []
    cards = sorted([*document.row, *hidden, *(c for hand in document.hands for c in hand)])
    if cards != sorted(CARDS):
        problems.append(Problem("$", _("the cards are not the twelve of the deck"), "P-1"))
    if len(document.row) > ROW or len(document.hands) != len(document.players):
        problems.append(Problem("$.row", _("the row holds at most three cards"), "P-2"))
    if not 0 <= document.current < len(document.players):
        problems.append(Problem("$.current", _("not a seat of the game"), "P-3"))
    if problems:
        raise MalformedInputError(problems, format=fmt)
    return {
        "players": document.players,
        "hands": document.hands,
        "row": tuple(sorted(document.row)),
        "current": document.current,
        "turn": document.turn,
        "reading": Interpretations(document.interpretations.pair_bonus),
    }


def read_state(data: object) -> State:
    document = structure_document(data, _StateDocument, STATE_FORMAT)
    return State(**_checked(document, document.pile, STATE_FORMAT), pile=document.pile)


def read_observation(data: object) -> View:
    document = structure_document(data, _ViewDocument, VIEW_FORMAT)
    unseen = tuple(sorted(document.unseen))
    return View(**_checked(document, unseen, VIEW_FORMAT), unseen=unseen)


@frozen
class _MoveDocument:
    take: int


def dump_move(move: Take, table: Any = None) -> dict[str, Any]:
    return {"take": move.value}


def read_move(data: object, table: Any = None, path: str = "$") -> Take:
    value = structure(data, _MoveDocument, path).take
    if not 1 <= value <= 6:
        raise MalformedInputError.single(path, _("a card is valued 1 to 6"), "P-1")
    return Take(value)


def record_move_from_json(data: object, players: int, path: str) -> Take:
    return read_move(data, None, path)


def record_move_to_json(move: Take, players: int) -> dict[str, Any]:
    return dump_move(move)


def interpretations_to_json(reading: Interpretations) -> dict[str, Any]:
    return {"pair_bonus": reading.pair_bonus.value}


def interpretations_from_json(data: object, path: str) -> Interpretations:
    return Interpretations(structure(data, _Reading, path).pair_bonus)


def catalogue_to_json(catalogue: None) -> object:
    return "default"


def catalogue_from_json(data: object, path: str, registry: Any) -> None:
    if data != "default":
        raise MalformedInputError.single(path, _("Pairs has one deck only"), "P-1")


def load_catalogue(path: str | None, limits: Any) -> None:
    if path is not None:
        raise MalformedInputError.single("$", _("Pairs has one deck only"), "P-1")


def _schema_state() -> dict[str, Any]:
    return {"type": "object", "required": ["format", "players", "hands", "row", "pile"]}


def _schema_move() -> dict[str, Any]:
    return {"type": "object", "required": ["take"], "properties": {"take": {"type": "integer"}}}


# -------------------------------------------------------------------------------- texts


def describe_move(move: Take, table: Any) -> Message:
    return _("takes a {value}", value=move.value)


def format_move(move: Take, table: Any) -> str:
    return f"take {move.value}"


def parse_move(text: str, table: Any) -> Take:
    word, _space, value = text.strip().partition(" ")
    if word != "take" or not value.isdigit():
        raise MalformedInputError.single("$", _("write take N"), "P-3.1")
    return Take(int(value))


def status(table: Table) -> Message:
    if table.is_over:
        return _("Turn {turn}: the game is over", turn=table.turn)
    return _("Turn {turn} · {player}", turn=table.turn, player=table.players[table.current])


def text_board(table: Table, last_move: Any, language: str) -> str:
    hands = "; ".join(
        f"{name}: {list(hand)}" for name, hand in zip(table.players, table.hands, strict=True)
    )
    return f"row {list(table.row)} | {hands}"


def summary(table: Table, language: str) -> str:
    return render(status(table), language) + "\n" + text_board(table, None, language)


def report_to_text(report: Report, language: str) -> str:
    return "\n".join(f"{sheet.player}: {sheet.total} ({sheet.rank})" for sheet in report.sheets)


def report_to_json(report: Report, language: str) -> dict[str, Any]:
    return {
        "players": [
            {"name": sheet.player, "total": sheet.total, "rank": sheet.rank}
            for sheet in report.sheets
        ]
    }


def describe_catalogue(catalogue: None, language: str) -> str:
    return "12 cards, 1 to 6, two of each"


def catalogue_check(file: str, catalogue: None) -> Message:
    return _("{file}: the one deck", file=file)


# ------------------------------------------------------------------------------- agents


class GreedyAgent:
    """Completes a pair when it can, else takes the highest card; it reads the view only."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, view: View, moves: Sequence[Take]) -> Take:
        if not isinstance(view, View):
            raise MalformedInputError.single("view", _("an agent is given the view"))
        hand = view.hands[view.current]
        return max(moves, key=lambda move: (move.value in hand, move.value))


# ------------------------------------------------------------------------------- search


def _candidates(state: State, moves: Sequence[Take]) -> Sequence[Take]:
    return moves


def _rollout(state: State, seat: int, rng: random.Random) -> State:
    """Random play to the end of the game."""
    while not state.is_over:
        moves = legal_moves(state)
        state = apply_unchecked(state, moves[rng.randrange(len(moves))])
    return state


def _rewards(state: State) -> list[float]:
    """1 for a winner, 0 otherwise."""
    return [1.0 if sheet.rank == 1 else 0.0 for sheet in final_scores(state).sheets]


INFO = GameInfo("pairs", _("Pairs"), (2, 3), __name__)

read_final_position = score_final_position = None
"""Pairs has no final-position files: ``score`` says so."""
_HERE = sys.modules[__name__]

RULES = GameRules(
    info=INFO,
    rules_version="1",
    rule_id=r"^(P-\d+(\.\d+)*|PQ-\d+)$",
    setup_rule="P-2",
    new_interpretations=Interpretations,
    **named(_HERE, *DESCRIBED, *REFEREE, "observe", "sample_state", "final_scores"),
    stages=STAGES,
    measures=(Measure("pairs", _("Pairs per game"), _pair_count, ("PQ-1",)),),
    gains=_gains,
    interpretations=INTERPRETATIONS,
    option_labels={PairBonus.FIVE: _("5 points"), PairBonus.NONE: _("nothing")},
    formats=GameFormats(
        state_format=STATE_FORMAT,
        schemas={"game-state": _schema_state, "move": _schema_move},
        **named(
            _HERE,
            *STATE_FORMATS,
            *RECORD_PARTS,
        ),
    ),
    texts=GameTexts(
        **named(
            _HERE,
            "describe_move",
            "format_move",
            "parse_move",
            "status",
            "text_board",
            "summary",
            "report_to_text",
            "report_to_json",
            "describe_catalogue",
            "catalogue_check",
        )
    ),
    search=GameSearch(candidates=_candidates, rollout=_rollout, rewards=_rewards),
    agents={"random": RandomAgent, "greedy": GreedyAgent},
)
"""Pairs, as the shared machinery sees it."""

GAMES = (*LIBRARY_GAMES, INFO)
"""The library's games and this one, for the readers and the command line."""
